/**
 * Sphere against sphere in closed form: the normal joins the centres, the separation is the centres'
 * distance less the radii, the deepest points lie on that line. A pair whose centres coincide (any
 * normal is right) or whose size is outside the ordinary range takes the general path.
 */
import type { Transform } from '../../math/transform.js';
import type { Sphere } from '../../shapes/sphere.js';
import { relatePair } from '../pair/pair-frame.js';
import type { QueryWork } from '../pair/query-work.js';
import { FAR, GENERAL, NEAR } from './manifold-box-box.js';

/** The margin is `work.maxSeparation`; the answer goes into `work.contact` (see manifold-box-box.ts). */
export function collideSphereSphere(work: QueryWork, a: Sphere, tA: Transform, b: Sphere, tB: Transform): number {
  const frame = relatePair(work.frame, a, tA, b, tB);
  if (frame.outOfRange) return GENERAL;
  const t = frame.bInA;
  // In A's frame, as the general path: the centre of B is B's translation.
  const d = Math.sqrt(t.tx * t.tx + t.ty * t.ty + t.tz * t.tz);
  const rA = a.radius, rB = b.radius;
  const sep = d - rA - rB;
  if (sep > work.maxSeparation) return FAR;
  if (!(d > 0)) return GENERAL;
  const nx = t.tx / d, ny = t.ty / d, nz = t.tz / d;
  const c = work.contact;
  if (Math.abs(sep) <= frame.slack) c.separation = 0;
  else c.separation = sep;
  c.status = 'converged';
  c.iterations = 0;
  // World space: the normal rotated by A's pose, the points from the centres along it.
  const wx = tA.m00 * nx + tA.m01 * ny + tA.m02 * nz, wy = tA.m10 * nx + tA.m11 * ny + tA.m12 * nz, wz = tA.m20 * nx + tA.m21 * ny + tA.m22 * nz;
  c.normal.x = wx; c.normal.y = wy; c.normal.z = wz;
  c.pointA.x = tA.tx + rA * wx; c.pointA.y = tA.ty + rA * wy; c.pointA.z = tA.tz + rA * wz;
  c.pointB.x = tB.tx - rB * wx; c.pointB.y = tB.ty - rB * wy; c.pointB.z = tB.tz - rB * wz;
  return NEAR;
}
