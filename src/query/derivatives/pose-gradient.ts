/**
 * The separation's 12 partial derivatives in the two poses, from a contact's normal and witness points.
 *
 * The separation is the maximum over unit n of σ(n) = min over B of n·y − max over A of n·x (see
 * contact-smoothness.ts); at the contact's normal n the two extremes are the witness points pB and pA, so
 * by Danskin's theorem a motion of the bodies changes it as it changes n·pB − n·pA with n held: B moved by
 * δ gives n·δ; B turned by a small world-frame rotation ω about its own position cB moves pB by
 * ω × (pB − cB), which gives n·(ω × (pB − cB)) = ω·((pB − cB) × n). A likewise with the opposite sign.
 * One formula whether the shapes are apart (the closest points) or overlap (the deepest points): the
 * separation is the same maximum either way.
 */
import type { Transform } from '../../math/transform.js';
import type { ContactAnswer } from '../pair/query-work.js';
import type { Vec3Like } from '../../math/types.js';

/**
 * Writes into g[0..11] ∂s/∂(translation of A), ∂s/∂(rotation of A), ∂s/∂(translation of B),
 * ∂s/∂(rotation of B), world frame, rotations about each body's position (tA's and tB's translation).
 */
export function poseGradient(g: Float64Array, c: ContactAnswer, tA: Transform, tB: Transform): void {
  const n = c.normal, nx = n.x, ny = n.y, nz = n.z;
  const ax = c.pointA.x - tA.tx, ay = c.pointA.y - tA.ty, az = c.pointA.z - tA.tz;
  const bx = c.pointB.x - tB.tx, by = c.pointB.y - tB.ty, bz = c.pointB.z - tB.tz;
  g[0] = -nx; g[1] = -ny; g[2] = -nz;
  // −(pA − cA) × n
  g[3] = -(ay * nz - az * ny); g[4] = -(az * nx - ax * nz); g[5] = -(ax * ny - ay * nx);
  g[6] = nx; g[7] = ny; g[8] = nz;
  // (pB − cB) × n
  g[9] = by * nz - bz * ny; g[10] = bz * nx - bx * nz; g[11] = bx * ny - by * nx;
}

/** poseGradient straight into a result's four vectors (contactDerivatives: no copy through an array). */
export function poseGradientInto(out: { linearA: Vec3Like; angularA: Vec3Like; linearB: Vec3Like; angularB: Vec3Like }, c: ContactAnswer, tA: Transform, tB: Transform): void {
  const n = c.normal, nx = n.x, ny = n.y, nz = n.z;
  const ax = c.pointA.x - tA.tx, ay = c.pointA.y - tA.ty, az = c.pointA.z - tA.tz;
  const bx = c.pointB.x - tB.tx, by = c.pointB.y - tB.ty, bz = c.pointB.z - tB.tz;
  const la = out.linearA, aa = out.angularA, lb = out.linearB, ab = out.angularB;
  la.x = -nx; la.y = -ny; la.z = -nz;
  aa.x = -(ay * nz - az * ny); aa.y = -(az * nx - ax * nz); aa.z = -(ax * ny - ay * nx);
  lb.x = nx; lb.y = ny; lb.z = nz;
  ab.x = by * nz - bz * ny; ab.y = bz * nx - bx * nz; ab.z = bx * ny - by * nx;
}
