/**
 * The distance family's public queries: `intersects`, `distance`, `closestPoints`. Each checks its
 * options, reads both poses, and hands the pair to the function the dispatcher (dispatch.ts) finds
 * for the two shapes' kinds: for convex shapes, GJK (distance/convex-distance.ts).
 */
import { transformFromPose } from '../../math/transform.js';
import type { PoseLike } from '../../math/types.js';
import type { ConvexShape, Shape } from '../../shapes/shape.js';
import { certifyClosest } from '../certify/pair-bounds.js';
import { CLOSEST_POINTS, DISTANCE, INTERSECTS } from '../pair/dispatch.js';
import type { GjkOptions } from '../gjk/gjk.js';
import { checkOptions, checkOut, GJK_OPTION_KEYS, isFrozenOut, outNotWritable } from '../pair/options.js';
import { acquireWork } from '../pair/query-work.js';
import { createClosestPointsResult, type ClosestPointsResult } from '../pair/results.js';

/**
 * Do the shapes share a point? Touching counts as intersecting (within the pair's touch slack:
 * CONTACT_RELATIVE_TOLERANCE of its sizes plus POSITION_ULPS ulps of A's position; tolerance.ts). For convex shapes, GJK's boolean
 * test: it stops as soon as a separating plane proves the answer. Allocates nothing.
 * @throws InvalidNumberError / InvalidQuaternionError for a pose with NaN, infinite or non-unit parts.
 * @throws InvalidPoseError for a three.js object whose local pose is not its world pose (see worldPose).
 * @throws InvalidShapeError / UnsupportedPairError for a value that is not a shape the queries know.
 * @throws InvalidArgumentError for bad options, an answer beyond float64's range, or queries nested more
 *   than QUERY_MAX_NESTING deep inside support functions of the user's own.
 */
export function intersects(a: Shape, poseA: PoseLike, b: Shape, poseB: PoseLike, options?: GjkOptions): boolean {
  if (options !== undefined) checkOptions(options, GJK_OPTION_KEYS);
  const work = acquireWork(options?.trace !== undefined);
  const tA = transformFromPose(work.poseA, poseA, 'poseA');
  const tB = transformFromPose(work.poseB, poseB, 'poseB');
  return INTERSECTS.find(a, b)(work, a, tA, b, tB, options);
}

/**
 * The Euclidean distance between the shapes (world units); 0 when they touch or overlap (a gap within
 * the touch slack that {@link intersects} uses is reported as 0, so the two always agree).
 * Within GJK_RELATIVE_TOLERANCE of the exact distance. Allocates nothing.
 * @throws as {@link intersects}.
 */
export function distance(a: Shape, poseA: PoseLike, b: Shape, poseB: PoseLike, options?: GjkOptions): number {
  if (options !== undefined) checkOptions(options, GJK_OPTION_KEYS);
  const work = acquireWork(options?.trace !== undefined);
  const tA = transformFromPose(work.poseA, poseA, 'poseA');
  const tB = transformFromPose(work.poseB, poseB, 'poseB');
  DISTANCE.find(a, b)(work, a, tA, b, tB, options);
  return work.distance;
}

/**
 * Distance and closest points (world space). `normal` points from A to B. When the shapes intersect,
 * `distance` is 0 and `pointA` = `pointB` is a shared point. With `out`, the result is written into it
 * and nothing is allocated; `out` may be reused across calls.
 * @throws as {@link intersects}.
 */
export function closestPoints(
  a: Shape, poseA: PoseLike, b: Shape, poseB: PoseLike,
  out?: ClosestPointsResult | null, options?: GjkOptions,
): ClosestPointsResult {
  if (options != null) checkOptions(options, GJK_OPTION_KEYS);
  if (out != null) checkOut(out, 'createClosestPointsResult');
  const result = out ?? createClosestPointsResult();
  const work = acquireWork(options?.trace !== undefined);
  const tA = transformFromPose(work.poseA, poseA, 'poseA');
  const tB = transformFromPose(work.poseB, poseB, 'poseB');
  const pairFunction = CLOSEST_POINTS.find(a, b);
  work.distancePartA = 0; work.distancePartB = 0;
  work.closestCertified = false; work.closestHasUpper = false; work.closestHasSigma = false; work.wantBounds = true;
  try {
    pairFunction(work, a, tA, b, tB, result, options);
    result.partA = work.distancePartA; result.partB = work.distancePartB;
    // A convex pair's bounds from its answer; a half-space's or a compound's function wrote its own.
    if (!work.closestCertified) certifyClosest(work, a as ConvexShape, tA, b as ConvexShape, tB, result);
  } catch (error) {
    throw error instanceof TypeError && out != null && isFrozenOut(out) ? outNotWritable('createClosestPointsResult') : error;
  }
  return result;
}
