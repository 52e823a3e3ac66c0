/**
 * The contact family's public queries: `penetration` and `contact`. Each checks its options, reads both
 * poses, and hands the pair to the function the dispatcher (dispatch.ts) finds for the two shapes'
 * kinds: for convex shapes, the GJK/EPA two-step (contact/convex-contact.ts).
 */
import { transformFromPose } from '../../math/transform.js';
import type { PoseLike } from '../../math/types.js';
import type { ConvexShape, Shape } from '../../shapes/shape.js';
import { certifyContact } from '../certify/pair-bounds.js';
import { CONTACT } from '../pair/dispatch.js';
import type { EpaOptions } from '../epa/epa.js';
import type { GjkOptions } from '../gjk/gjk.js';
import { checkOptions, checkOut, CONTACT_OPTION_KEYS, outNotWritable } from '../pair/options.js';
import { acquireWork, type ContactAnswer, type QueryWork } from '../pair/query-work.js';
import { createContactResult, createPenetrationResult, type ContactResult, type PenetrationResult } from '../pair/results.js';

/** Options of {@link contact} and {@link penetration}. */
export interface ContactOptions extends GjkOptions, EpaOptions {
  /**
   * `contact` returns null for pairs farther apart than this (world units). GJK stops as soon as a
   * separating plane proves it, which is cheaper than a full distance query.
   */
  maxDistance?: number;
}

/** Runs the contact family on the pair; false when its function proved the pair beyond the limit. */
function solveContact(work: QueryWork, a: Shape, poseA: PoseLike, b: Shape, poseB: PoseLike, options: ContactOptions | undefined): boolean {
  const tA = transformFromPose(work.poseA, poseA, 'poseA');
  const tB = transformFromPose(work.poseB, poseB, 'poseB');
  // (A convex pair's functions leave the part indices alone: 0 unless a compound's sets them.)
  work.contact.partA = 0; work.contact.partB = 0;
  work.contact.pathUpper = Infinity; work.contact.certified = false; work.contact.hasSigma = false;
  return CONTACT.find(a, b)(work, a, tA, b, tB, options);
}

/** Copies the points and normal of a contact answer into a result. */
function copyAnswer(out: ContactResult | PenetrationResult, c: ContactAnswer): void {
  out.pointA.x = c.pointA.x; out.pointA.y = c.pointA.y; out.pointA.z = c.pointA.z;
  out.pointB.x = c.pointB.x; out.pointB.y = c.pointB.y; out.pointB.z = c.pointB.z;
  out.normal.x = c.normal.x; out.normal.y = c.normal.y; out.normal.z = c.normal.z;
  out.status = c.status;
  out.iterations = c.iterations;
}

/**
 * Penetration depth, normal and witness points of two overlapping shapes (world space), or `null` when
 * they do not overlap (touching is depth 0). `normal` points from A to B: translating B by
 * `depth · normal` makes the shapes touch. `pointA` is A's deepest point along `normal`, `pointB` B's
 * deepest along `−normal`, so `(pointA − pointB) · normal = depth`. With `out`, nothing is allocated;
 * `out` is left untouched when the result is null. `status` reports EPA's ending.
 * @throws InvalidNumberError / InvalidQuaternionError for a pose with NaN, infinite or non-unit parts.
 * @throws InvalidPoseError for a three.js object whose local pose is not its world pose (see worldPose).
 * @throws InvalidShapeError / UnsupportedPairError for a value that is not a shape the queries know.
 */
export function penetration(
  a: Shape, poseA: PoseLike, b: Shape, poseB: PoseLike,
  out?: PenetrationResult | null, options?: ContactOptions,
): PenetrationResult | null {
  if (options != null) checkOptions(options, CONTACT_OPTION_KEYS);
  if (out != null) checkOut(out, 'createPenetrationResult');
  const work = acquireWork(options?.trace !== undefined);
  work.touchingOnly = true;
  work.wantBounds = false;
  if (!solveContact(work, a, poseA, b, poseB, options) || work.contact.separation > 0) return null;
  const sep = work.contact.separation;
  const result = out ?? createPenetrationResult();
  try {
    copyAnswer(result, work.contact);
    result.depth = sep < 0 ? -sep : 0; // never −0: touching is depth +0
  } catch (error) {
    // copyAnswer writes only into `result`: a TypeError there is an `out` that cannot be written.
    throw error instanceof TypeError ? outNotWritable('createPenetrationResult') : error;
  }
  return result;
}

/**
 * Signed contact for any pair (world space): `separation` is the distance when apart, minus the
 * penetration depth when overlapping, 0 when touching; `normal` points from A to B; the points are the
 * closest points when apart and the deepest points when overlapping (see {@link penetration}).
 * Returns `null` only when `options.maxDistance` is given and the shapes are farther apart than it
 * (`out` untouched). With `out`, nothing is allocated.
 * @throws as {@link penetration}.
 */
export function contact(
  a: Shape, poseA: PoseLike, b: Shape, poseB: PoseLike,
  out?: ContactResult | null, options?: ContactOptions & { maxDistance?: undefined },
): ContactResult;
/**
 * {@link contact} with `options.maxDistance`: `null` when the shapes are farther apart than it.
 * @throws as {@link penetration}.
 */
export function contact(
  a: Shape, poseA: PoseLike, b: Shape, poseB: PoseLike,
  out?: ContactResult | null, options?: ContactOptions,
): ContactResult | null;
export function contact(
  a: Shape, poseA: PoseLike, b: Shape, poseB: PoseLike,
  out?: ContactResult | null, options?: ContactOptions,
): ContactResult | null {
  if (options != null) checkOptions(options, CONTACT_OPTION_KEYS);
  if (out != null) checkOut(out, 'createContactResult');
  const work = acquireWork(options?.trace !== undefined);
  // Two stores, not `options?.maxDistance ?? Infinity`: that merge of the option's double with the
  // constant was boxed on every call, 16 bytes a query with `{ maxDistance: 0.02 }` (CONTRIBUTING.md,
  // "V8 rules", rule 1).
  if (options != null && typeof options.maxDistance === 'number') work.queryLimit = options.maxDistance;
  else work.queryLimit = Infinity;
  work.touchingOnly = false;
  work.maxSeparation = work.queryLimit;
  work.wantBounds = true;
  if (!solveContact(work, a, poseA, b, poseB, options) || work.contact.separation > work.queryLimit) return null;
  // A convex pair's bounds from its answer; a half-space's or a compound's function wrote its own.
  if (!work.contact.certified) certifyContact(work, a as ConvexShape, work.poseA, b as ConvexShape, work.poseB);
  const result = out ?? createContactResult();
  try {
    copyAnswer(result, work.contact);
    result.separation = work.contact.separation;
    result.partA = work.contact.partA;
    result.partB = work.contact.partB;
    result.lower = work.contact.lower;
    result.upper = work.contact.upper;
  } catch (error) {
    throw error instanceof TypeError ? outNotWritable('createContactResult') : error;
  }
  return result;
}
