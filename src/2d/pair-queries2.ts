/**
 * The 2D pairwise queries: intersects, distance, closestPoints, penetration, contact, with the 3D API's
 * conventions (normal from A to B, signed separation, `out` records, `GjkCache`, statuses, typed errors),
 * on queries2.ts's machinery; and their answers for pairs beyond 2^±SCALE_FREE_EXPONENT, on a scaled copy
 * (scaled2.ts).
 */
import { checkOut, isFrozenOut, outNotWritable } from '../query/pair/out-record.js';
import { gjk2, type GjkOptions } from './gjk2.js';
import { exactDistance2 } from './sat2.js';
import { checkOptions2, CONTACT_OPTION_KEYS2, GJK_OPTION_KEYS2, type ContactOptions } from './options2.js';
import { ScaledPair2, scalePair2, unscaleLength2, unscalePoint2 } from './scaled2.js';
import { pointCoreContact, sharedPoint } from './point-core2.js';
import { contactCore, contactToWorld, coreNormal, pairWork, preparePair, preparePairFrom, toWorld, type Query2Work } from './queries2.js';
import { createClosestPointsResult, createContactResult, createPenetrationResult, type ClosestPointsResult, type ContactResult, type PenetrationResult } from './results2.js';
import type { Shape2 } from './shapes/shape2.js';
import type { Vec2, Pose2Like, Vec2Like } from './types.js';

const _work = /* @__PURE__ */ pairWork();

/**
 * Do the shapes share a point? Touching counts (within the pair's touch slack, as in 3D). GJK's boolean
 * test: it stops as soon as a separating line proves the answer. Allocates nothing.
 * @throws InvalidShapeError for a value that is not a 2D shape; InvalidPoseError / InvalidNumberError for
 *   a bad pose (naming `poseA.angle`, `poseB.position.x`, ...); InvalidNumberError / InvalidArgumentError
 *   for bad options.
 */
export function intersects(a: Shape2, poseA: Pose2Like, b: Shape2, poseB: Pose2Like, options?: GjkOptions): boolean {
  if (options != null) checkOptions2(options, GJK_OPTION_KEYS2);
  const work = _work;
  preparePair(work, a, poseA, b, poseB);
  if (work.scaled) return intersectsScaled(a, poseA, b, poseB, options);
  const gjk = work.gjk, t = work.bInA, far = a.boundingRadius + b.boundingRadius + work.slack;
  if (t.tx * t.tx + t.ty * t.ty > far * far) return false; // the bounding discs are apart
  if (work.pointCore) {
    pointCoreContact(work, a, b);
    return work.separation <= 0; // (snapped to 0 within the closed form's own slack)
  }
  gjk.limit = work.slack + (a.sweptRadius + b.sweptRadius);
  gjk2(gjk, a, b, options ?? undefined);
  if (gjk.separatedBeyondLimit) return false;
  if (gjk.status === 'degenerate') exactDistance2(gjk, work.epa, a, b);
  return gjk.intersecting || gjk.distance - a.sweptRadius - b.sweptRadius <= work.slack;
}

/**
 * The distance between the shapes (0 when they touch or overlap), within GJK_RELATIVE_TOLERANCE of the
 * exact one. Allocates nothing.
 * @throws as {@link intersects}.
 */
export function distance(a: Shape2, poseA: Pose2Like, b: Shape2, poseB: Pose2Like, options?: GjkOptions): number {
  if (options != null) checkOptions2(options, GJK_OPTION_KEYS2);
  // Small enough to be inlined into the caller, which then reads the answer from the field unboxed
  // (CONTRIBUTING.md, "V8 rules", rule 2).
  distanceInto(_work, a, poseA, b, poseB, options ?? undefined);
  return _work.distance;
}

function distanceInto(work: Query2Work, a: Shape2, poseA: Pose2Like, b: Shape2, poseB: Pose2Like, options: GjkOptions | undefined): void {
  preparePair(work, a, poseA, b, poseB);
  if (work.scaled) {
    distanceScaled(work, a, poseA, b, poseB, options);
    return;
  }
  if (work.pointCore) {
    pointCoreDistance(work, a, b);
    return;
  }
  const gjk = work.gjk;
  gjk.limit = Infinity;
  gjk2(gjk, a, b, options);
  if (gjk.status === 'degenerate') exactDistance2(gjk, work.epa, a, b);
  const d = gjk.distance - a.sweptRadius - b.sweptRadius;
  // A store, then an if (`d > slack ? d : 0` would box d: CONTRIBUTING.md, "V8 rules").
  work.distance = d;
  if (!(d > work.slack)) work.distance = 0;
}

/** distanceInto's closed form (point-core2.ts). */
function pointCoreDistance(work: Query2Work, a: Shape2, b: Shape2): void {
  pointCoreContact(work, a, b);
  const s = work.separation;
  work.distance = s;
  if (!(s > 0)) work.distance = 0;
}

/**
 * Distance and closest points (world space); `normal` from A to B. Intersecting: distance 0, one shared
 * point. With `out`, nothing is allocated.
 * @throws as {@link intersects}; InvalidArgumentError for an `out` that is not a writable record.
 */
export function closestPoints(
  a: Shape2, poseA: Pose2Like, b: Shape2, poseB: Pose2Like, out?: ClosestPointsResult | null, options?: GjkOptions,
): ClosestPointsResult {
  if (options != null) checkOptions2(options, GJK_OPTION_KEYS2);
  if (out != null) checkOut(out, 'createClosestPointsResult');
  const work = _work;
  preparePair(work, a, poseA, b, poseB);
  if (work.scaled) return closestPointsScaled(a, poseA, b, poseB, out, options);
  const gjk = work.gjk;
  const n = work.normal, pa = work.pointA, pb = work.pointB;
  let dist: number;
  if (work.pointCore) {
    pointCoreContact(work, a, b);
    dist = work.separation;
    if (!(dist > 0)) {
      // Touching or overlapping: one point inside both.
      dist = 0;
      sharedPoint(pa);
      pb.x = pa.x; pb.y = pa.y;
    }
  } else {
    closestCores(work, a, b, options ?? undefined);
    dist = work.distance;
  }
  toWorld(pa, work.tA, true);
  toWorld(pb, work.tA, true);
  toWorld(n, work.tA, false);
  const result = out ?? createClosestPointsResult();
  try {
    result.distance = dist;
    copy(result.pointA, pa); copy(result.pointB, pb); copy(result.normal, n);
    result.status = gjk.status;
    result.iterations = gjk.iterations;
  } catch (error) {
    throw error instanceof TypeError && out != null && isFrozenOut(out) ? outNotWritable('createClosestPointsResult') : error;
  }
  return result;
}

/** closestPoints' answer by GJK on the cores, into the work record (A's frame, the distance in `work.distance`). */
function closestCores(work: Query2Work, a: Shape2, b: Shape2, options: GjkOptions | undefined): void {
  const gjk = work.gjk;
  gjk.limit = Infinity;
  gjk2(gjk, a, b, options);
  if (gjk.status === 'degenerate') exactDistance2(gjk, work.epa, a, b);
  const rA = a.sweptRadius, rB = b.sweptRadius;
  const n = work.normal, pa = work.pointA, pb = work.pointB;
  coreNormal(n, work);
  let dist: number;
  if (!gjk.intersecting && gjk.distance - rA - rB > work.slack) {
    pa.x = gjk.pointA.x + n.x * rA; pa.y = gjk.pointA.y + n.y * rA;
    pb.x = gjk.pointB.x - n.x * rB; pb.y = gjk.pointB.y - n.y * rB;
    dist = gjk.distance - rA - rB;
  } else {
    // Touching or overlapping: a shared point on the segment between the core points.
    const dCore = gjk.distance;
    const t = rA + rB > 0 ? (dCore * rA) / (rA + rB) : 0;
    pa.x = gjk.pointA.x + n.x * t; pa.y = gjk.pointA.y + n.y * t;
    pb.x = pa.x; pb.y = pa.y;
    dist = 0;
  }
  work.distance = dist; // (a field, not a returned number: CONTRIBUTING.md, "V8 rules", rule 1)
}

/**
 * Penetration of overlapping shapes: depth, normal (from A to B: moving B by depth · normal makes them
 * touch) and deepest points; `null` when they are apart. Touching gives depth 0. With `out`, nothing is
 * allocated.
 * @throws as {@link closestPoints}.
 */
export function penetration(
  a: Shape2, poseA: Pose2Like, b: Shape2, poseB: Pose2Like, out?: PenetrationResult | null, options?: ContactOptions,
): PenetrationResult | null {
  if (options != null) checkOptions2(options, CONTACT_OPTION_KEYS2);
  if (out != null) checkOut(out, 'createPenetrationResult');
  const work = _work;
  preparePair(work, a, poseA, b, poseB);
  if (work.scaled) return penetrationScaled(a, poseA, b, poseB, out, options);
  work.limit = work.slack;
  if (!contactCore(work, a, b, options ?? undefined) || work.separation > 0) return null;
  contactToWorld(work);
  const result = out ?? createPenetrationResult();
  try {
    const sep = work.separation;
    result.depth = -sep;
    if (!(sep < 0)) result.depth = 0;
    copy(result.normal, work.normal); copy(result.pointA, work.pointA); copy(result.pointB, work.pointB);
    result.status = work.gjk.status;
    result.iterations = work.gjk.iterations;
  } catch (error) {
    throw error instanceof TypeError ? outNotWritable('createPenetrationResult') : error;
  }
  return result;
}

/**
 * Signed contact for any pair (world space): the distance when apart, minus the depth when
 * overlapping, 0 when touching; `normal` from A to B; closest points when apart, deepest points when
 * overlapping. `null` only when `options.maxDistance` is given and the shapes are farther apart. With
 * `out`, nothing is allocated.
 * @throws as {@link closestPoints}.
 */
export function contact(
  a: Shape2, poseA: Pose2Like, b: Shape2, poseB: Pose2Like, out?: ContactResult | null, options?: ContactOptions & { maxDistance?: undefined },
): ContactResult;
/**
 * {@link contact} with `options.maxDistance`: `null` when the shapes are farther apart than it.
 * @throws as {@link closestPoints}.
 */
export function contact(
  a: Shape2, poseA: Pose2Like, b: Shape2, poseB: Pose2Like, out?: ContactResult | null, options?: ContactOptions,
): ContactResult | null;
export function contact(
  a: Shape2, poseA: Pose2Like, b: Shape2, poseB: Pose2Like, out?: ContactResult | null, options?: ContactOptions,
): ContactResult | null {
  if (options != null) checkOptions2(options, CONTACT_OPTION_KEYS2);
  if (out != null) checkOut(out, 'createContactResult');
  const work = _work;
  preparePair(work, a, poseA, b, poseB);
  if (work.scaled) return contactScaled(a, poseA, b, poseB, out, options);
  const maxDistance = options?.maxDistance;
  work.limit = typeof maxDistance === 'number' ? maxDistance : Infinity;
  if (!contactCore(work, a, b, options ?? undefined) || work.separation > work.limit) return null;
  contactToWorld(work);
  const result = out ?? createContactResult();
  try {
    result.separation = work.separation;
    copy(result.normal, work.normal); copy(result.pointA, work.pointA); copy(result.pointB, work.pointB);
    result.status = work.gjk.status;
    result.iterations = work.gjk.iterations;
  } catch (error) {
    throw error instanceof TypeError ? outNotWritable('createContactResult') : error;
  }
  return result;
}

/**
 * @internal `contact` (no options) of two checked shapes whose transforms the caller set in the query work
 * (pairWork().tA, .tB: a world's bodies), into `out`: the same numbers as `contact` on their poses. A pair
 * outside the ordinary sizes goes to `contact` on `poseA` and `poseB` (its scaled copy).
 */
export function contactFrom(a: Shape2, poseA: Pose2Like, b: Shape2, poseB: Pose2Like, out: ContactResult): ContactResult {
  const work = _work;
  preparePairFrom(work, a, b);
  if (work.scaled) return contactScaled(a, poseA, b, poseB, out, undefined)!;
  work.limit = Infinity;
  contactCore(work, a, b, undefined);
  contactToWorld(work);
  out.separation = work.separation;
  copy(out.normal, work.normal); copy(out.pointA, work.pointA); copy(out.pointB, work.pointB);
  out.status = work.gjk.status;
  out.iterations = work.gjk.iterations;
  return out;
}

function copy(out: Vec2Like, v: Vec2): void {
  out.x = v.x;
  out.y = v.y;
}

/**
 * The queries of pairs beyond 2^±SCALE_FREE_EXPONENT: each answers the scaled copy (scaled2.ts; in range,
 * so the call does not come back here) and scales its answer back. Out of line: the common path pays
 * only the test of `work.scaled`.
 */
const _scaled = /* @__PURE__ */ new ScaledPair2();

/** ContactOptions with `maxDistance` in the scaled copy's units (a record reused, as manifold2.ts's InnerOptions). */
class ScaledOptions implements ContactOptions {
  cache: ContactOptions['cache'] = undefined;
  trace: ContactOptions['trace'] = undefined;
  gjkRelativeTolerance: number | undefined = undefined;
  gjkMaxIterations: number | undefined = undefined;
  epaRelativeTolerance: number | undefined = undefined;
  epaMaxIterations: number | undefined = undefined;
  maxDistance: number | undefined = undefined;
}

const _scaledOptions = /* @__PURE__ */ new ScaledOptions();

function scaledOptions(options: ContactOptions | null | undefined, scale: number): ContactOptions | undefined {
  if (options == null) return undefined;
  const o = _scaledOptions;
  o.cache = options.cache; o.trace = options.trace;
  o.gjkRelativeTolerance = options.gjkRelativeTolerance; o.gjkMaxIterations = options.gjkMaxIterations;
  o.epaRelativeTolerance = options.epaRelativeTolerance; o.epaMaxIterations = options.epaMaxIterations;
  const m = options.maxDistance;
  o.maxDistance = typeof m === 'number' ? m * scale : undefined;
  return o;
}

/** @internal Loads the scaled copy of the pair and the slack's position term (reset by {@link endScaled}). */
export function beginScaled(a: Shape2, poseA: Pose2Like, b: Shape2, poseB: Pose2Like, extent = 0): ScaledPair2 {
  const p = _scaled;
  scalePair2(p, a, poseA, b, poseB, extent);
  _work.positionBias = p.positionBias;
  return p;
}

/** @internal */
export function endScaled(): void {
  _work.positionBias = 0;
}

function intersectsScaled(a: Shape2, poseA: Pose2Like, b: Shape2, poseB: Pose2Like, options: GjkOptions | undefined): boolean {
  const p = beginScaled(a, poseA, b, poseB);
  try {
    return intersects(p.viewA, p.poseA, p.viewB, p.poseB, options);
  } finally {
    endScaled();
  }
}

function distanceScaled(work: Query2Work, a: Shape2, poseA: Pose2Like, b: Shape2, poseB: Pose2Like, options: GjkOptions | undefined): void {
  const p = beginScaled(a, poseA, b, poseB);
  try {
    distanceInto(work, p.viewA, p.poseA, p.viewB, p.poseB, options);
  } finally {
    endScaled();
  }
  work.distance = unscaleLength2(work.distance, p);
}

function closestPointsScaled(
  a: Shape2, poseA: Pose2Like, b: Shape2, poseB: Pose2Like, out: ClosestPointsResult | null | undefined, options: GjkOptions | undefined,
): ClosestPointsResult {
  const p = beginScaled(a, poseA, b, poseB);
  let r: ClosestPointsResult;
  try {
    r = closestPoints(p.viewA, p.poseA, p.viewB, p.poseB, out, options);
  } finally {
    endScaled();
  }
  r.distance = unscaleLength2(r.distance, p);
  unscalePoint2(r.pointA, p); unscalePoint2(r.pointB, p);
  return r;
}

function penetrationScaled(
  a: Shape2, poseA: Pose2Like, b: Shape2, poseB: Pose2Like, out: PenetrationResult | null | undefined, options: ContactOptions | undefined,
): PenetrationResult | null {
  const p = beginScaled(a, poseA, b, poseB);
  let r: PenetrationResult | null;
  try {
    r = penetration(p.viewA, p.poseA, p.viewB, p.poseB, out, options);
  } finally {
    endScaled();
  }
  if (r === null) return null;
  r.depth = unscaleLength2(r.depth, p);
  unscalePoint2(r.pointA, p); unscalePoint2(r.pointB, p);
  return r;
}

function contactScaled(
  a: Shape2, poseA: Pose2Like, b: Shape2, poseB: Pose2Like, out: ContactResult | null | undefined, options: ContactOptions | undefined,
): ContactResult | null {
  const p = beginScaled(a, poseA, b, poseB);
  let r: ContactResult | null;
  try {
    r = contact(p.viewA, p.poseA, p.viewB, p.poseB, out, scaledOptions(options, p.scale));
  } finally {
    endScaled();
  }
  if (r === null) return null;
  r.separation = unscaleLength2(r.separation, p);
  unscalePoint2(r.pointA, p); unscalePoint2(r.pointB, p);
  return r;
}
