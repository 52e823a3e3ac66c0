import { rotateVector, transformPoint } from '../math/transform.js';
import type { PoseLike } from '../math/types.js';
import type { SupportMap } from '../shapes/shape.js';
import { offsetByRadii, writeCoreNormal } from './closest-points.js';
import { epaPenetration, type EpaOptions } from './epa/epa.js';
import { gjkDistance, type GjkOptions } from './gjk/gjk.js';
import { checkOptions } from './options.js';
import { preparePair, type PairWork } from './pair.js';
import { createContactResult, createPenetrationResult, type ContactResult, type PenetrationResult } from './results.js';

/** Options of {@link contact} and {@link penetration}. */
export interface ContactOptions extends GjkOptions, EpaOptions {
  /**
   * `contact` returns null for pairs farther apart than this (world units). GJK stops as soon as a
   * separating plane proves it, which is cheaper than a full distance query.
   */
  maxDistance?: number;
}

/**
 * Signed contact in A's frame into `work`, via the core-plus-radius two-step (van den Bergen 2003 §4.3.7;
 * Jolt's "convex radius"): GJK on the cores; if they are apart, the radii turn the core distance into a
 * separation (negative when the radii overlap) with no EPA; only when the cores themselves overlap
 * does EPA run, on the cores, and the radii add to its depth. Exact, because the support function of a
 * core swept by r is the core's plus r, so min over directions of the overlap shifts by exactly r.
 * Reads the separation limit from `work.gjk.limit` (set by the caller, radii excluded) and writes the
 * separation into `work.separation`. Returns false when GJK proved the pair farther apart than the limit.
 */
function solveContact(work: PairWork, a: SupportMap, b: SupportMap, options?: ContactOptions): boolean {
  const gjk = work.gjk, epa = work.epa;
  const rA = a.sweptRadius, rB = b.sweptRadius;
  gjk.limit += rA + rB;
  gjkDistance(gjk, a, b, work.bInA, options);
  if (gjk.separatedBeyondLimit) return false;
  const n = epa.normal;
  if (!gjk.intersecting) {
    writeCoreNormal(n, work);
    offsetByRadii(epa.pointA, gjk.pointA, epa.pointB, gjk.pointB, n, a, b);
    epa.status = gjk.status;
    epa.iterations = gjk.iterations;
    const sep = gjk.distance - rA - rB;
    // Within rounding of touching: report exact contact.
    work.separation = Math.abs(sep) <= work.slack ? 0 : sep;
    return true;
  }
  epaPenetration(epa, gjk, a, b, work.bInA, options);
  epa.iterations += gjk.iterations;
  offsetByRadii(epa.pointA, epa.pointA, epa.pointB, epa.pointB, n, a, b);
  const depth = epa.depth + rA + rB;
  work.separation = depth <= work.slack ? 0 : -depth;
  return true;
}

/** Writes epa's answer (A's frame) into world-space fields. */
function writeWorld(work: PairWork, pointA: PenetrationResult['pointA'], pointB: PenetrationResult['pointB'], normal: PenetrationResult['normal']): void {
  const epa = work.epa;
  transformPoint(pointA, work.poseA, epa.pointA);
  transformPoint(pointB, work.poseA, epa.pointB);
  rotateVector(normal, work.poseA, epa.normal);
}

/**
 * Penetration depth, normal and witness points of two overlapping shapes (world space), or `null` when
 * they do not overlap (touching is depth 0). `normal` points from A to B: translating B by
 * `depth · normal` makes the shapes touch. `pointA` is A's deepest point along `normal`, `pointB` B's
 * deepest along `−normal`, so `(pointA − pointB) · normal = depth`. With `out`, nothing is allocated;
 * `out` is left untouched when the result is null. `status` reports EPA's ending.
 */
export function penetration(
  a: SupportMap, poseA: PoseLike, b: SupportMap, poseB: PoseLike,
  out?: PenetrationResult, options?: ContactOptions,
): PenetrationResult | null {
  checkOptions(options);
  const work = preparePair(a, poseA, b, poseB, options?.trace !== undefined);
  work.gjk.limit = work.slack;
  if (!solveContact(work, a, b, options) || work.separation > 0) return null;
  const sep = work.separation;
  const result = out ?? createPenetrationResult();
  writeWorld(work, result.pointA, result.pointB, result.normal);
  result.depth = sep < 0 ? -sep : 0; // never −0: touching is depth +0
  result.status = work.epa.status;
  result.iterations = work.epa.iterations;
  return result;
}

/**
 * Signed contact for any pair (world space): `separation` is the distance when apart, minus the
 * penetration depth when overlapping, 0 when touching; `normal` points from A to B; the points are the
 * closest points when apart and the deepest points when overlapping (see {@link penetration}).
 * Returns `null` only when `options.maxDistance` is given and the shapes are farther apart than it
 * (`out` untouched). With `out`, nothing is allocated.
 */
export function contact(
  a: SupportMap, poseA: PoseLike, b: SupportMap, poseB: PoseLike,
  out?: ContactResult, options?: ContactOptions,
): ContactResult | null {
  checkOptions(options);
  const work = preparePair(a, poseA, b, poseB, options?.trace !== undefined);
  const maxDistance = options?.maxDistance ?? Infinity;
  work.gjk.limit = maxDistance;
  if (!solveContact(work, a, b, options) || work.separation > maxDistance) return null;
  const sep = work.separation;
  const result = out ?? createContactResult();
  writeWorld(work, result.pointA, result.pointB, result.normal);
  result.separation = sep;
  result.status = work.epa.status;
  result.iterations = work.epa.iterations;
  return result;
}
