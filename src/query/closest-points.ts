import type { PoseLike, Vec3Like } from '../math/types.js';
import { rotateVector, transformPoint } from '../math/transform.js';
import type { SupportMap } from '../shapes/shape.js';
import { gjkDistance, type GjkOptions } from './gjk/gjk.js';
import { checkOptions } from './options.js';
import { preparePair, type PairWork } from './pair.js';
import { createClosestPointsResult, type ClosestPointsResult } from './results.js';

/**
 * GJK's boolean test: do the shapes share a point? Touching counts as intersecting (within a slack of
 * CONTACT_RELATIVE_TOLERANCE relative to the coordinates' magnitude). Stops as soon as a separating plane proves
 * the answer. Allocates nothing.
 * @throws InvalidNumberError / InvalidQuaternionError for a pose with NaN, infinite or non-unit parts.
 */
export function intersects(a: SupportMap, poseA: PoseLike, b: SupportMap, poseB: PoseLike, options?: GjkOptions): boolean {
  checkOptions(options);
  const work = preparePair(a, poseA, b, poseB, options?.trace !== undefined);
  const r = a.sweptRadius + b.sweptRadius + work.slack;
  work.gjk.limit = r;
  gjkDistance(work.gjk, a, b, work.bInA, options);
  return !work.gjk.separatedBeyondLimit && work.gjk.distance <= r;
}

/**
 * The Euclidean distance between the shapes (world units); 0 when they touch or overlap (a gap within
 * the touch slack that {@link intersects} uses is reported as 0, so the two always agree).
 * Within GJK_RELATIVE_TOLERANCE of the exact distance. Allocates nothing.
 */
export function distance(a: SupportMap, poseA: PoseLike, b: SupportMap, poseB: PoseLike, options?: GjkOptions): number {
  checkOptions(options);
  const work = preparePair(a, poseA, b, poseB, options?.trace !== undefined);
  work.gjk.limit = Infinity;
  gjkDistance(work.gjk, a, b, work.bInA, options);
  const d = work.gjk.distance - a.sweptRadius - b.sweptRadius;
  return d > work.slack ? d : 0;
}

/**
 * Distance and closest points (world space). `normal` points from A to B. When the shapes intersect,
 * `distance` is 0 and `pointA` = `pointB` is a shared point. With `out`, the result is written into it
 * and nothing is allocated; `out` may be reused across calls.
 */
export function closestPoints(
  a: SupportMap, poseA: PoseLike, b: SupportMap, poseB: PoseLike,
  out: ClosestPointsResult = createClosestPointsResult(), options?: GjkOptions,
): ClosestPointsResult {
  checkOptions(options);
  const work = preparePair(a, poseA, b, poseB, options?.trace !== undefined);
  const gjk = work.gjk;
  gjk.limit = Infinity;
  gjkDistance(gjk, a, b, work.bInA, options);
  const rA = a.sweptRadius, rB = b.sweptRadius;
  const pa = out.pointA, pb = out.pointB, n = out.normal;
  writeCoreNormal(n, work);
  const dCore = gjk.distance;
  if (dCore - rA - rB > work.slack) {
    // Apart: move each core point out by its radius along the normal.
    offsetByRadii(pa, gjk.pointA, pb, gjk.pointB, n, a, b);
    out.distance = dCore - rA - rB;
  } else {
    // Touching or overlapping: a shared point on the segment between the core points, within rA of
    // A's core and rB of B's core.
    const t = rA + rB > 0 ? (dCore * rA) / (rA + rB) : 0;
    const p = gjk.pointA;
    pa.x = p.x + n.x * t; pa.y = p.y + n.y * t; pa.z = p.z + n.z * t;
    pb.x = pa.x; pb.y = pa.y; pb.z = pa.z;
    out.distance = 0;
  }
  transformPoint(pa, work.poseA, pa);
  transformPoint(pb, work.poseA, pb);
  rotateVector(n, work.poseA, n);
  out.status = gjk.status;
  out.iterations = gjk.iterations;
  return out;
}

/**
 * Moves core points out to the shapes' surfaces: outA = pA + n·r_A, outB = pB − n·r_B (outputs may alias
 * the inputs). Takes the shapes, not the radii, because V8 boxes doubles passed to a call it does not
 * inline.
 */
export function offsetByRadii(
  outA: Vec3Like, pA: Readonly<Vec3Like>, outB: Vec3Like, pB: Readonly<Vec3Like>, n: Readonly<Vec3Like>,
  a: SupportMap, b: SupportMap,
): void {
  const rA = a.sweptRadius, rB = b.sweptRadius, nx = n.x, ny = n.y, nz = n.z;
  outA.x = pA.x + nx * rA; outA.y = pA.y + ny * rA; outA.z = pA.z + nz * rA;
  outB.x = pB.x - nx * rB; outB.y = pB.y - ny * rB; outB.z = pB.z - nz * rB;
}

/**
 * Unit normal from A to B in A's frame from GJK's answer: −v/|v| when the cores are apart; otherwise
 * the direction from A's origin to B's, or +x when even that is zero.
 */
export function writeCoreNormal(n: Vec3Like, work: PairWork): void {
  const v = work.gjk.v;
  let x = -v.x, y = -v.y, z = -v.z;
  let l = Math.sqrt(x * x + y * y + z * z);
  if (!(l > 0) || work.gjk.intersecting) {
    x = work.bInA.tx; y = work.bInA.ty; z = work.bInA.tz;
    l = Math.sqrt(x * x + y * y + z * z);
    if (!(l > 0)) { x = 1; y = 0; z = 0; l = 1; }
  }
  n.x = x / l; n.y = y / l; n.z = z / l;
}
