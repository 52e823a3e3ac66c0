/**
 * The 2D pairwise queries: intersects, distance, closestPoints, penetration, contact, with the 3D API's
 * conventions (normal from A to B, signed separation, `out` records, `GjkCache`, statuses, typed errors).
 * Every pair takes one path: GJK on the cores (gjk2.ts), the radii added to its answer when the cores
 * are apart, EPA on the cores (epa2.ts) and then the radii when they overlap (van den Bergen 2003
 * §4.3.7), which is exact because a core swept by r has the core's support plus r.
 *
 * The queries keep their scratch in one module-level record: no query calls user code (2D shapes are
 * the library's own), so no query can run inside another.
 */
import { checkOut, isFrozenOut, outNotWritable } from '../query/pair/out-record.js';
import { CONTACT_RELATIVE_TOLERANCE, EPA_MAX_ITERATIONS, EPA_RELATIVE_TOLERANCE, POSITION_ULPS } from '../tolerance.js';
import { Epa2Work, epa2 } from './epa2.js';
import { Gjk2Work, gjk2, setRelative2, type GjkOptions } from './gjk2.js';
import { exactDistance2, satAxes2, satPenetration2 } from './sat2.js';
import { checkOptions2, CONTACT_OPTION_KEYS2, GJK_OPTION_KEYS2, type ContactOptions } from './options2.js';
import { outOfRange, ScaledPair2, scalePair2, unscaleLength2, unscalePoint2 } from './scaled2.js';
import { pointCoreContact, sharedPoint } from './point-core2.js';
import { createClosestPointsResult, createContactResult, createPenetrationResult, type ClosestPointsResult, type ContactResult, type PenetrationResult } from './results2.js';
import { checkShape2, POINT_CORE, turns, type Shape2 } from './shapes/shape2.js';
import { Transform2, transform2FromPoses } from './transform2.js';
import { Vec2, type Pose2Like, type Vec2Like } from './types.js';

const POSITION_SLACK = POSITION_ULPS * Number.EPSILON;
/**
 * Below this distance (relative to the pair's size) the contact normal of cores that are apart comes from
 * a separating edge normal when one realises the distance: v's direction is then off by up to ε / 1e-6.
 */
const NORMAL_FROM_AXES = 1e-6;

/** @internal The queries' scratch (manifold2.ts uses it through pairWork). */
export class Query2Work {
  readonly tA = new Transform2();
  readonly tB = new Transform2();
  readonly bInA = new Transform2();
  readonly gjk = new Gjk2Work();
  readonly epa = new Epa2Work();
  /** The pair's touch slack (a length), as the 3D PairFrame's. */
  slack = 0;
  /** Input of contactCore: the largest separation to answer. */
  limit = 0;
  /**
   * Input of contactCore: the caller expects the cores apart (a shape cast's steps after the first), so
   * GJK goes first; overlapping after all, they still get their depth. Reset by preparePair.
   */
  expectApart = false;
  /** The answer of `distance`. */
  distance = 0;
  /** The pair's size (bounding radii and offset, a length), as the slack's. */
  size = 0;
  /** Whether the size is outside 2^±SCALE_FREE_EXPONENT: the public queries then answer on a scaled copy (scaled2.ts). */
  scaled = false;
  /**
   * Whether the pair is a point core against a segment or polygon core, answered in closed form
   * (point-core2.ts). Set by preparePair, which tests the cores anyway: a test of its own in each query
   * grew `distance` past what V8 inlines into its callers (its answer then boxed, 8.8 bytes a query).
   */
  pointCore = false;
  /**
   * Added to the slack's position term: A's distance from the origin in the scaled copy's units, while a
   * scaled copy (whose A is at the origin) is answered; 0 otherwise.
   */
  positionBias = 0;
  /** The answer of contactCore, in world space. */
  separation = 0;
  readonly normal = new Vec2();
  readonly pointA = new Vec2();
  readonly pointB = new Vec2();
}

const _work = /* @__PURE__ */ new Query2Work();

/** @internal The one work record of the 2D queries (no query runs inside another: module doc). */
export function pairWork(): Query2Work {
  return _work;
}

/**
 * Checks the shapes, reads both poses, and loads B's pose in A's frame: the start of every query. Sets
 * `work.scaled` for a pair to be answered on a scaled copy (the caller's business: scaled2.ts).
 * @throws InvalidShapeError, InvalidPoseError, InvalidNumberError.
 */
/** @internal */
export function preparePair(work: Query2Work, a: Shape2, poseA: Pose2Like, b: Shape2, poseB: Pose2Like): void {
  checkShape2(a, 'a');
  checkShape2(b, 'b');
  const turnsA = turns(a), turnsB = turns(b);
  transform2FromPoses(work.tA, poseA, work.tB, poseB, work.bInA, turnsA, turnsB);
  // (A core that does not turn is a point: exactly one such, against one with edges.)
  work.pointCore = turnsA !== turnsB && (turnsA ? a : b).coreNormals.length > 0;
  const t = work.bInA, tA = work.tA;
  setRelative2(work.gjk, t);
  const size = a.boundingRadius + b.boundingRadius + Math.abs(t.tx) + Math.abs(t.ty);
  work.scaled = outOfRange(size);
  work.size = size;
  work.expectApart = false;
  work.slack = CONTACT_RELATIVE_TOLERANCE * size + POSITION_SLACK * (Math.abs(tA.tx) + Math.abs(tA.ty) + work.positionBias);
}

/** Unit normal from A towards B from GJK's v (A's frame), falling back to the frames' offset, then x. */
function coreNormal(out: Vec2, work: Query2Work): void {
  const v = work.gjk.v;
  let x = -v.x, y = -v.y;
  if ((x === 0 && y === 0) || work.gjk.intersecting) {
    x = work.bInA.tx; y = work.bInA.ty;
    if (x === 0 && y === 0) x = 1;
  }
  // Scaled to a largest component of 1 first: below about 1e-154 the squares are subnormal or 0.
  const m = Math.max(Math.abs(x), Math.abs(y));
  x /= m; y /= m;
  const l = Math.sqrt(x * x + y * y);
  out.x = x / l;
  out.y = y / l;
}

/** In place: A's frame to world, points (`point` true) or directions. */
/** @internal */
export function toWorld(p: Vec2, t: Transform2, point: boolean): void {
  const x = p.x, y = p.y;
  p.x = t.c * x - t.s * y + (point ? t.tx : 0);
  p.y = t.s * x + t.c * y + (point ? t.ty : 0);
}

/**
 * Signed contact of the prepared pair into the work record, in A's frame (contactToWorld turns it). `work.limit`: stop (return
 * false) once GJK proves the shapes farther apart than this (a field, not an argument: CONTRIBUTING.md,
 * "V8 rules", rule 1).
 */
/** @internal */
export function contactCore(work: Query2Work, a: Shape2, b: Shape2, options: ContactOptions | undefined): boolean {
  const gjk = work.gjk, epa = work.epa, rA = a.sweptRadius, rB = b.sweptRadius;
  if (a.coreVertices === POINT_CORE && b.coreVertices === POINT_CORE) {
    pointsContact(work, rA, rB);
    return true;
  }
  // Small cores, one of them a polygon (so that their Minkowski difference has area and its edges are all
  // edges of theirs): separating axes first. Overlapping, they give the exact depth with no GJK; apart,
  // their separation is a lower bound of the distance, which may already say the pair is beyond the limit.
  // Skipped for pairs whose bounding discs are apart (GJK alone answers those): the axes would only
  // prove what the discs already do. Discs farther apart than the limit end the query here.
  let axes = false;
  const t = work.bInA, reach = a.boundingRadius + b.boundingRadius, far = reach + work.limit;
  const d2 = t.tx * t.tx + t.ty * t.ty;
  if (far >= 0 && d2 > far * far) return false;
  // A circle (or point) against a segment or polygon core: the closed form, exact at any aspect ratio.
  if (work.pointCore) {
    pointCoreContact(work, a, b);
    return true;
  }
  if ((a.coreVertices.length >= 6 || b.coreVertices.length >= 6) && d2 <= reach * reach && !work.expectApart) {
    epa.stopWhenApart = true;
    const ran = satPenetration2(epa, gjk, a, b);
    epa.stopWhenApart = false;
    if (ran) {
      if (epa.axisSeparation - rA - rB > work.limit) return false;
      axes = epa.axisSeparation <= 0;
    }
  }
  const n = work.normal, pa = work.pointA, pb = work.pointB;
  let separation: number;
  let srcA: Vec2, srcB: Vec2;
  if (!axes) {
    gjk.limit = work.limit + (rA + rB);
    gjk2(gjk, a, b, options);
    if (gjk.separatedBeyondLimit) return false;
    if (gjk.status === 'degenerate') exactDistance2(gjk, work.epa, a, b);
  } else {
    gjk.status = 'converged';
    gjk.iterations = 0;
  }
  if (!axes && !gjk.intersecting) {
    coreNormal(n, work);
    srcA = gjk.pointA; srcB = gjk.pointB;
    // Cores that nearly touch: v = pA − pB is a difference of nearly equal points, its direction off by
    // about ε·size / |v| (two boxes resting 1e-13 apart: 9e-4). When an edge normal of either core
    // separates them by the distance itself (face against vertex or face), that normal is exact.
    if (gjk.distance <= NORMAL_FROM_AXES * work.size && satAxes2(epa, gjk, a, b)
      && epa.axisSeparation >= gjk.distance - work.slack) {
      n.x = epa.normal.x; n.y = epa.normal.y;
    }
    const sep = gjk.distance - rA - rB;
    separation = sep;
    if (Math.abs(sep) <= work.slack) separation = 0;
  } else {
    if (!axes && !satPenetration2(epa, gjk, a, b)) {
      epa.maxIterations = options?.epaMaxIterations ?? EPA_MAX_ITERATIONS;
      // (Two stores, not `options?.x ?? DEFAULT`: a double merged with the constant was boxed on every call.)
      if (options != null && typeof options.epaRelativeTolerance === 'number') epa.relativeTolerance = options.epaRelativeTolerance;
      else epa.relativeTolerance = EPA_RELATIVE_TOLERANCE;
      epa2(epa, gjk, a, b);
    }
    n.x = epa.normal.x; n.y = epa.normal.y;
    srcA = epa.pointA; srcB = epa.pointB;
    const depth = epa.depth + rA + rB;
    separation = -depth;
    if (depth <= work.slack) separation = 0;
    gjk.status = epa.status;
    gjk.iterations += epa.iterations;
  }
  pa.x = srcA.x + n.x * rA; pa.y = srcA.y + n.y * rA;
  pb.x = srcB.x - n.x * rB; pb.y = srcB.y - n.y * rB;
  work.separation = separation;
  return true;
}

/**
 * contactCore for two cores that are points at their origins (circles, points): the closed form, the
 * normal along B's offset in A's frame (GJK's answer, to rounding, with no iteration).
 */
function pointsContact(work: Query2Work, rA: number, rB: number): void {
  const t = work.bInA, n = work.normal, tx = t.tx, ty = t.ty;
  // Scaled to a largest component of 1 first, as coreNormal does; coincident centres take x.
  let x = tx, y = ty;
  if (x === 0 && y === 0) x = 1;
  const m = Math.max(Math.abs(x), Math.abs(y));
  x /= m; y /= m;
  const l = Math.sqrt(x * x + y * y);
  n.x = x / l; n.y = y / l;
  const d = n.x * tx + n.y * ty, sep = d - rA - rB;
  work.separation = sep;
  if (Math.abs(sep) <= work.slack) work.separation = 0;
  work.pointA.x = n.x * rA; work.pointA.y = n.y * rA;
  work.pointB.x = tx - n.x * rB; work.pointB.y = ty - n.y * rB;
  work.gjk.status = 'converged';
  work.gjk.iterations = 0;
}

/** @internal contactCore's answer from A's frame to world space, in place. */
export function contactToWorld(work: Query2Work): void {
  toWorld(work.pointA, work.tA, true);
  toWorld(work.pointB, work.tA, true);
  toWorld(work.normal, work.tA, false);
}

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
