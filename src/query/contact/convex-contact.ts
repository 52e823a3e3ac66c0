/**
 * The contact family on two convex shapes (`penetration`, `contact`): a signed separation with its
 * normal and witness points, by the core-plus-radius two-step (van den Bergen 2003 §4.3.7; Jolt's
 * "convex radius"). Both paths are here:
 *  - GJK on the cores (query/gjk/gjk.ts). If the cores are apart, the radii turn the core distance into
 *    a separation (negative when the radii overlap) and no EPA runs.
 *  - Only when the cores themselves overlap does EPA run (query/epa/epa.ts), on the cores, and the radii
 *    add to its depth. Exact, because the support function of a core swept by r is the core's plus r, so
 *    the minimum over directions of the overlap shifts by exactly r.
 */
import { rotateVector, transformPoint, type Transform } from '../../math/transform.js';
import type { ConvexShape } from '../../shapes/shape.js';
import { epaPenetration, EpaWork, type EpaOptions } from '../epa/epa.js';
import { gjkDistance, type GjkOptions } from '../gjk/gjk.js';
import { relatePair, type PairFrame } from '../pair/pair-frame.js';
import type { QueryWork } from '../pair/query-work.js';
import { offsetByRadii, writeCoreNormal } from '../distance/convex-distance.js';
import { prepare, requireRepresentable, scratch, unscalePoint } from '../pair/scale-free.js';
import { carryCache, exchangedOptions, exchangeWitnesses, runsInB } from '../pair/working-frame.js';

/**
 * Signed contact of `a` at `tA` and `b` at `tB` into `work.contact`, in world space. Reads
 * `work.maxSeparation` (report pairs up to this separation) or, when `work.touchingOnly`, only pairs
 * that touch or overlap within the touch slack. Returns false, leaving `work.contact` as it was, when GJK
 * proved the pair farther apart than that; true otherwise (the caller still compares the separation
 * with its limit: GJK proves only that it is not beyond it by more than the radii's rounding).
 */
export function contactConvex(
  work: QueryWork, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform,
  options: (GjkOptions & EpaOptions) | undefined,
): boolean {
  const frame = relatePair(work.frame, a, tA, b, tB);
  // Outside the ordinary range of sizes, a scaled copy; B the larger shape, in B's frame (working-frame.ts).
  if (frame.outOfRange) return contactScaled(work, a, tA, b, tB, options);
  if (runsInB(a, b)) return contactInB(work, a, tA, b, tB, options);
  const cores = coresContact(work, a, b, frame, options);
  if (cores === CORES_FAR) return false;
  if (cores === CORES_MEET) epaContact(work, a, b, frame, options);
  contactToWorld(work, tA);
  return true;
}

/** What coresContact found: the pair beyond the limit, its contact (cores apart), or cores that meet. */
export const CORES_FAR = 0, CORES_APART = 1, CORES_MEET = 2;

/**
 * GJK on the cores of a pair related in `frame` (in range): CORES_FAR (beyond the limit: the bound in
 * work.separationBound), CORES_APART (the contact in A's frame in work.contact) or CORES_MEET (GJK's
 * simplex holds the origin: the depth is the caller's, epaContact or a pair function's own).
 */
export function coresContact(work: QueryWork, a: ConvexShape, b: ConvexShape, frame: PairFrame, options: GjkOptions | undefined): number {
  const gjk = work.gjk, c = work.contact;
  const rA = a.sweptRadius, rB = b.sweptRadius;
  gjk.limit = (work.touchingOnly ? frame.slack : work.maxSeparation) + (rA + rB);
  gjkDistance(gjk, a, b, frame.bInA, options);
  if (gjk.separatedBeyondLimit) {
    work.separationBound = gjk.lowerBound - (rA + rB);
    return CORES_FAR;
  }
  if (gjk.intersecting) return CORES_MEET;
  // Cores apart: GJK's answer with the radii applied.
  writeCoreNormal(c.normal, work);
  offsetByRadii(c.pointA, gjk.pointA, c.pointB, gjk.pointB, c.normal, a, b);
  c.status = gjk.status;
  c.iterations = gjk.iterations;
  const sep = gjk.distance - rA - rB;
  // Within rounding of touching: report exact contact.
  c.separation = Math.abs(sep) <= frame.slack ? 0 : sep;
  // (|v| is the distance of a point of the cores' difference, the simplex's nearest: an upper bound.)
  c.pathUpper = sep;
  if (gjk.planeBound > -Infinity) { c.sigma = gjk.planeBound - (rA + rB); c.hasSigma = true; }
  return CORES_APART;
}

/** EPA on cores that meet (coresContact's CORES_MEET, its GJK state as it left it), then the radii: work.contact in A's frame. */
export function epaContact(work: QueryWork, a: ConvexShape, b: ConvexShape, frame: PairFrame, options: (GjkOptions & EpaOptions) | undefined): void {
  const gjk = work.gjk, epa = work.epa ?? (work.epa = new EpaWork()), c = work.contact;
  epaPenetration(epa, gjk, a, b, frame.bInA, options);
  const n = epa.normal;
  c.normal.x = n.x; c.normal.y = n.y; c.normal.z = n.z;
  offsetByRadii(c.pointA, epa.pointA, c.pointB, epa.pointB, n, a, b);
  c.status = epa.status;
  c.iterations = epa.iterations + gjk.iterations;
  const depth = epa.depth + a.sweptRadius + b.sweptRadius;
  c.separation = depth <= frame.slack ? 0 : -depth;
  c.pathUpper = -(epa.floor + a.sweptRadius + b.sweptRadius);
  if (epa.hasCeiling) { c.sigma = -(epa.ceiling + a.sweptRadius + b.sweptRadius); c.hasSigma = true; }
}

/** work.contact's points and normal from A's frame into world space. */
export function contactToWorld(work: QueryWork, tA: Transform): void {
  const c = work.contact;
  transformPoint(c.pointA, tA, c.pointA);
  transformPoint(c.pointB, tA, c.pointB);
  rotateVector(c.normal, tA, c.normal);
}

/**
 * contactConvex in the larger shape's frame, B's (working-frame.ts): the pair exchanged, the cache carried
 * across and the answer turned back. (Out of line, as convex-distance.ts's: V8's inlining budget.)
 */
function contactInB(
  work: QueryWork, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform, options: (GjkOptions & EpaOptions) | undefined,
): boolean {
  carryCache(options, tA, tB);
  const found = contactConvex(work, b, tB, a, tA, exchangedOptions(options, tA, tB));
  carryCache(options, tB, tA);
  if (found) exchangeWitnesses(work.contact.pointA, work.contact.pointB, work.contact.normal);
  return found;
}

/** contactConvex on a pair outside the ordinary range of sizes, scaled to near 1 and back (scale-free.ts). */
function contactScaled(
  work: QueryWork, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform, options: (GjkOptions & EpaOptions) | undefined,
): boolean {
  const pair = scratch(work);
  prepare(pair, a, tA, b, tB, work.frame);
  const back = pair.back, maxSeparation = work.maxSeparation;
  work.maxSeparation = maxSeparation / back;
  const found = contactConvex(work, pair.viewA, pair.tA, pair.viewB, pair.tB, options);
  work.maxSeparation = maxSeparation;
  if (!found) {
    work.separationBound *= back;
    return false;
  }
  const c = work.contact;
  c.separation = requireRepresentable(c.separation * back, 'separation');
  c.pathUpper *= back;
  c.sigma *= back;
  work.frame.unit = back; // (the copy's frame, which a run in B's frame related again)
  unscalePoint(c.pointA, back, tA);
  unscalePoint(c.pointB, back, tA);
  return true;
}
