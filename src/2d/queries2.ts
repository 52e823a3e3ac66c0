/**
 * The machinery of the 2D pairwise queries (pair-queries2.ts holds the public ones; manifolds and casts use
 * it too): the work record, a pair's preparation, and its signed contact. Every pair takes one path: GJK on the cores (gjk2.ts), the radii added to its answer when the cores
 * are apart, EPA on the cores (epa2.ts) and then the radii when they overlap (van den Bergen 2003
 * §4.3.7), which is exact because a core swept by r has the core's support plus r.
 *
 * The queries keep their scratch in one module-level record: no query calls user code (2D shapes are
 * the library's own), so no query can run inside another.
 */
import { CONTACT_RELATIVE_TOLERANCE, EPA_MAX_ITERATIONS, EPA_RELATIVE_TOLERANCE, POSITION_ULPS } from '../tolerance.js';
import { Epa2Work, epa2 } from './epa2.js';
import { Gjk2Work, gjk2, setRelative2 } from './gjk2.js';
import { exactDistance2, satAxes2, satPenetration2 } from './sat2.js';
import type { ContactOptions } from './options2.js';
import { outOfRange } from './scaled2.js';
import { pointCoreContact } from './point-core2.js';
import { checkShape2, POINT_CORE, turns, type Shape2 } from './shapes/shape2.js';
import { relate2, Transform2, transform2FromPoses } from './transform2.js';
import { Vec2, type Pose2Like } from './types.js';

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

/**
 * preparePair for transforms already set (work.tA, work.tB: a world's bodies keep theirs, each a
 * rotation's cosine and sine as transform2FromPoses reads them, the identity for a shape that does not
 * turn), the shapes checked by the caller. Its tail is preparePair's, written out twice: factored into a
 * call, preparePair no longer fit the public queries' inlining budget, and `distance` returned its answer
 * boxed (CONTRIBUTING.md, "V8 rules", rule 2: 9 bytes a query).
 */
/** @internal */
export function preparePairFrom(work: Query2Work, a: Shape2, b: Shape2): void {
  relate2(work.tA, work.tB, work.bInA);
  const turnsA = turns(a), turnsB = turns(b);
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
/** @internal */
export function coreNormal(out: Vec2, work: Query2Work): void {
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
    // Two points (circles): written out here, not called (a call this rare is never optimised, and the
    // interpreter boxes its every number: 400 bytes a call; CONTRIBUTING.md, "V8 rules", rule 7).
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

/** @internal contactCore's answer from A's frame to world space, in place. */
export function contactToWorld(work: Query2Work): void {
  toWorld(work.pointA, work.tA, true);
  toWorld(work.pointB, work.tA, true);
  toWorld(work.normal, work.tA, false);
}
