/**
 * The contact manifold in the plane: the contact region of two shapes as at most 2 points with a shared
 * normal, for a physics solver (a box resting on the ground needs both of its bottom corners). The method
 * of the 3D manifold (docs/manifolds.md) and of Box2D's b2CollidePolygons (Catto, "Contact Manifolds",
 * GDC 2007), on top of the exact 2D contact:
 *
 * 1. The normal and the deepest separation: `contact` (queries2.ts).
 * 2. The reference edge: of the edges of A next to its support vertex along the normal and of B's next to
 *    its support vertex along the opposite, the one whose outward normal is nearest the contact normal (or
 *    its opposite, for B), if within MANIFOLD_REFERENCE_TOLERANCE (a sine); A's on a tie. None (a point
 *    core, or only steep edges): one point.
 * 3. The incident edge: the other core's edge whose normal is most opposed to the reference edge's.
 * 4. Clipping: the incident edge is cut to the slab of the reference edge seen along the contact normal
 *    (the side lines contain the normal, so the result is the overlap of the two edges seen along it), and
 *    each point is moved along the normal onto the reference edge's line: its separation. The radii move
 *    both points out along the normal. Points beyond the margin are dropped. A rounded incident edge clips
 *    only when it is flat against the reference (MANIFOLD_ALIGNMENT_TOLERANCE): else a core point moved by
 *    the radius may lie inside the shape.
 * 5. The deepest point must agree with contact's separation (MANIFOLD_DEPTH_AGREEMENT of the pair's size),
 *    else one point: the contact's own.
 */
import { checkKnownKeys, describeValue, InvalidArgumentError, InvalidNumberError } from '../errors.js';
import { outNotWritable } from '../query/pair/out-record.js';
import type { QueryStatus } from '../query/pair/results.js';
import { MANIFOLD_ALIGNMENT_TOLERANCE, MANIFOLD_DEPTH_AGREEMENT, MANIFOLD_REFERENCE_TOLERANCE } from '../tolerance.js';
import type { GjkCache } from './gjk2.js';
import { ManifoldCache } from './manifold-cache2.js';
import { checkOptionFields2, MANIFOLD_OPTION_KEYS2, type ContactOptions } from './options2.js';
import { contactCore, contactToWorld, pairWork, preparePair, preparePairFrom, toWorld, type Query2Work } from './queries2.js';
import { beginScaled, contactFrom, endScaled } from './pair-queries2.js';
import { unscaleLength2, unscalePoint2 } from './scaled2.js';
import type { ContactResult } from './results2.js';
import type { Shape2 } from './shapes/shape2.js';
import { Vec2, vec2, type Pose2Like, type Vec2Like } from './types.js';

const REFERENCE_TOLERANCE = MANIFOLD_REFERENCE_TOLERANCE;
const ALIGNMENT_TOLERANCE = MANIFOLD_ALIGNMENT_TOLERANCE;
const DEPTH_AGREEMENT = MANIFOLD_DEPTH_AGREEMENT;

/**
 * Which feature of a shape's core a point comes from: a vertex or an edge (edge i runs from vertex i to
 * i + 1 of the core, counter-clockwise; a segment core's edge 0 is its side to the right of vertex 0 → 1,
 * edge 1 the other), or `'none'` (index −1) on a round surface: a circle, a capsule's ends, a rounded corner.
 *
 * The core's vertices are numbered as a {@link Polygon}'s `vertices`: counter-clockwise from the one of
 * smallest x (then smallest y). So a Box2's are its corners from (−hx, −hy), a Capsule2's are (0, −halfHeight)
 * then (0, halfHeight), and a Segment2's are its ends in that order, which is not always `a` first.
 */
export interface Feature {
  /** A vertex or an edge of the core, or `'none'` on a round surface. */
  type: 'none' | 'vertex' | 'edge';
  /** The vertex or edge index in the core (numbered as above); −1 when `type` is `'none'`. */
  index: number;
}

/** One point of a 2D manifold, in world space. */
export interface ManifoldPoint {
  /** On A's surface. */
  pointA: Vec2Like;
  /** On B's surface: `pointB − pointA = separation · normal`. */
  pointB: Vec2Like;
  /** Negative where the shapes overlap at this point. */
  separation: number;
  /** The feature of A's core the point comes from. */
  featureA: Feature;
  /** The feature of B's core the point comes from. */
  featureB: Feature;
  /** Made from the feature pair: the same while the same features touch (match points across frames by it). */
  id: number;
}

/** Result of {@link contactManifold} (2D). Points `0 .. count − 1` of `points` are the answer. */
export interface Manifold {
  /** Unit vector from A towards B, shared by the points (contact's normal). */
  normal: Vec2Like;
  /** Number of points in use (1 or 2). */
  count: number;
  /** Two records, for reuse. */
  points: ManifoldPoint[];
  /**
   * The status of the contact query behind the manifold (see {@link QueryStatus}): GJK's, or EPA's when the shapes
   * overlap; a cache hit keeps the last answer's.
   */
  status: QueryStatus;
  /** GJK plus EPA iterations of the contact query behind it; 0 on a cache hit, a closed form or separating axes. */
  iterations: number;
}

/** Options of the 2D {@link contactManifold}. */
export interface ManifoldOptions extends Omit<ContactOptions, 'maxDistance' | 'cache'> {
  /** Report points with separations up to this (world units, ≥ 0; default 0); a pair farther apart gives null. */
  margin?: number;
  /** At most this many points: 1 or 2 (default 2). */
  maxPoints?: number;
  /** The pair's cache from frame to frame (the last answer, GJK's warm start, a stable reference edge). */
  cache?: ManifoldCache;
}

/** The options passed on to the contact query, with the manifold cache's GJK cache (no allocation). */
class InnerOptions implements ContactOptions {
  cache: GjkCache | undefined = undefined;
  trace: ContactOptions['trace'] = undefined;
  gjkRelativeTolerance: number | undefined = undefined;
  gjkMaxIterations: number | undefined = undefined;
  epaRelativeTolerance: number | undefined = undefined;
  epaMaxIterations: number | undefined = undefined;
}

const _inner = /* @__PURE__ */ new InnerOptions();

function innerOptions(options: ManifoldOptions, cache: ManifoldCache | undefined): InnerOptions {
  const inner = _inner;
  inner.cache = cache?.gjk;
  inner.trace = options.trace;
  inner.gjkRelativeTolerance = options.gjkRelativeTolerance;
  inner.gjkMaxIterations = options.gjkMaxIterations;
  inner.epaRelativeTolerance = options.epaRelativeTolerance;
  inner.epaMaxIterations = options.epaMaxIterations;
  return inner;
}

function createPoint(): ManifoldPoint {
  return { pointA: vec2(), pointB: vec2(), separation: 0, featureA: { type: 'none', index: -1 }, featureB: { type: 'none', index: -1 }, id: 0 };
}

/** A 2D manifold record with room for 2 points: pass it as `out`, nothing is allocated per call. */
export function createManifold(): Manifold {
  return { normal: vec2(1, 0), count: 0, points: [createPoint(), createPoint()], status: 'converged', iterations: 0 };
}

// Feature codes, as the 3D manifold's (index · 8 + type), and an id from two of them.
const NONE = 0, VERTEX = 1, EDGE = 2;
const TYPE_NAMES = ['none', 'vertex', 'edge'] as const;

/** The manifold's scratch, in A's frame: up to 2 points with their feature codes. */
class Manifold2Work {
  count = 0;
  /** Input: the point cap (a field: the cache's key reads it). */
  maxPoints = 2;
  /** In: the cache's reference edge (1 A's, −1 B's, 0 none); out: this answer's. */
  reference = 0;
  /** The cache key's GJK and EPA options (keyOptions). */
  gjkRelativeTolerance = -1;
  gjkMaxIterations = -1;
  epaRelativeTolerance = -1;
  epaMaxIterations = -1;
  readonly pa = [new Vec2(), new Vec2()];
  readonly pb = [new Vec2(), new Vec2()];
  readonly sep = new Float64Array(2);
  readonly codeA = new Int32Array(2);
  readonly codeB = new Int32Array(2);
}

const _mw = /* @__PURE__ */ new Manifold2Work();

/**
 * The contact manifold of two 2D shapes (world space), or `null` when they are farther apart than
 * `options.margin`: `normal` is `contact`'s normal, and `points[0 .. count − 1]` (1 or 2) span the contact
 * region, each with `pointA` on A, `pointB` on B, `separation` (`pointB − pointA = separation · normal`),
 * the features it comes from and an `id` made from them. An edge against an edge gives the 2 ends of their
 * overlap, anything else 1 point; the deepest point's separation is `contact`'s. With `out` from
 * {@link createManifold}, nothing is allocated.
 * @throws InvalidNumberError for a bad `margin` or `maxPoints`; InvalidArgumentError for a bad `options` or
 *   `out`; as `contact` for bad shapes and poses.
 */
export function contactManifold(
  a: Shape2, poseA: Pose2Like, b: Shape2, poseB: Pose2Like, out?: Manifold | null, options?: ManifoldOptions | null,
): Manifold | null {
  let margin = 0, maxPoints = 2, cache: ManifoldCache | undefined;
  if (options != null) {
    checkManifoldOptions2(options);
    const m = options.margin, k = options.maxPoints;
    if (typeof m === 'number') margin = m;
    if (typeof k === 'number') maxPoints = k;
    cache = options.cache;
  }
  if (out != null) checkManifoldOut(out);
  const work = pairWork();
  preparePair(work, a, poseA, b, poseB);
  if (work.scaled) return manifoldScaled(a, poseA, b, poseB, out, options, margin, cache);
  work.limit = margin;
  const mw = _mw;
  mw.maxPoints = maxPoints;
  if (cache !== undefined) keyOptions(mw, options!);
  if (cache !== undefined && options!.trace === undefined && cacheHit(cache, a, b, work, mw)) {
    // The same pair at the same relative pose as last time (to the last bit): the last answer, moved.
    if (cache.apart) return null;
    restore(cache, mw, work);
  } else {
    if (!contactCore(work, a, b, options != null ? innerOptions(options, cache) : undefined) || work.separation > margin) {
      if (cache !== undefined) storeApart(cache, a, b, work, mw);
      return null;
    }
    clipAndKeep(mw, work, a, b, cache);
  }
  const result = out ?? createManifold();
  try {
    writeResult(result, mw, work, a.sweptRadius > 0, b.sweptRadius > 0);
  } catch (error) {
    throw error instanceof TypeError && out != null ? outNotWritable('createManifold') : error;
  }
  return result;
}

/** The manifold of a contact within the margin (work, A's frame): clipped edges or one point, kept in the cache. */
function clipAndKeep(mw: Manifold2Work, work: Query2Work, a: Shape2, b: Shape2, cache: ManifoldCache | undefined): void {
  mw.reference = cache !== undefined ? cache.reference : 0;
  if (!clipEdges(mw, work, a, b) || !agrees(mw, work)) {
    singlePoint(mw, work, a, b);
    mw.reference = 0;
  }
  if (mw.maxPoints === 1 && mw.count === 2) keepDeepest(mw);
  if (cache !== undefined) store(cache, a, b, work, mw);
}

/**
 * @internal The plane world's pair with a kept manifold (world/pairs2.ts): its contact, as `contactFrom`
 * gives it (the bodies' own transforms in pairWork().tA and .tB), into `contactOut`, and when that is within
 * `margin` its manifold into `manifoldOut` (false when the manifold query finds none), with no second
 * contact query: the manifold is `contactManifold`'s with { margin, cache } and a cold GJK start (the
 * cache's GJK part unused), built on this contact. The contact query with no limit answers a pair within the
 * margin as it does with the margin as its limit (a limit only ends the query early for pairs beyond it).
 */
export function contactAndManifoldFrom(
  a: Shape2, poseA: Pose2Like, b: Shape2, poseB: Pose2Like, contactOut: ContactResult, manifoldOut: Manifold, margin: number, cache: ManifoldCache,
): boolean {
  const work = pairWork();
  preparePairFrom(work, a, b);
  if (work.scaled) return contactAndManifoldScaled(a, poseA, b, poseB, contactOut, manifoldOut, margin, cache);
  work.limit = Infinity;
  contactCore(work, a, b, undefined);
  // The contact in world space, A's frame kept for the manifold.
  const c = _keep;
  c.nx = work.normal.x; c.ny = work.normal.y; c.ax = work.pointA.x; c.ay = work.pointA.y; c.bx = work.pointB.x; c.by = work.pointB.y;
  contactToWorld(work);
  contactOut.separation = work.separation;
  contactOut.normal.x = work.normal.x; contactOut.normal.y = work.normal.y;
  contactOut.pointA.x = work.pointA.x; contactOut.pointA.y = work.pointA.y; contactOut.pointB.x = work.pointB.x; contactOut.pointB.y = work.pointB.y;
  contactOut.status = work.gjk.status; contactOut.iterations = work.gjk.iterations;
  if (!(work.separation <= margin)) return false;
  work.normal.x = c.nx; work.normal.y = c.ny; work.pointA.x = c.ax; work.pointA.y = c.ay; work.pointB.x = c.bx; work.pointB.y = c.by;
  work.limit = margin;
  const mw = _mw;
  mw.maxPoints = 2;
  mw.gjkRelativeTolerance = -1; mw.gjkMaxIterations = -1; mw.epaRelativeTolerance = -1; mw.epaMaxIterations = -1;
  if (cacheHit(cache, a, b, work, mw)) {
    if (cache.apart) return false;
    restore(cache, mw, work);
  } else {
    clipAndKeep(mw, work, a, b, cache);
  }
  writeResult(manifoldOut, mw, work, a.sweptRadius > 0, b.sweptRadius > 0);
  return true;
}

/** contactAndManifoldFrom for a pair beyond the ordinary sizes: the two queries on its scaled copy each. */
function contactAndManifoldScaled(
  a: Shape2, poseA: Pose2Like, b: Shape2, poseB: Pose2Like, contactOut: ContactResult, manifoldOut: Manifold, margin: number, cache: ManifoldCache,
): boolean {
  const c = contactFrom(a, poseA, b, poseB, contactOut);
  if (!(c.separation <= margin)) return false;
  cache.gjk.reset();
  // (A pair beyond 2^±200: rare enough for an options object of its own.)
  return contactManifold(a, poseA, b, poseB, manifoldOut, { margin, cache }) !== null;
}

/** The A-frame contact kept across its conversion to world space. */
const _keep = { nx: 0.5, ny: 0.5, ax: 0.5, ay: 0.5, bx: 0.5, by: 0.5 };

/** ManifoldOptions with `margin` in a scaled copy's units (reused: no allocation per query). */
class ScaledManifoldOptions implements ManifoldOptions {
  margin: number | undefined = undefined;
  maxPoints: number | undefined = undefined;
  cache: ManifoldCache | undefined = undefined;
  trace: ManifoldOptions['trace'] = undefined;
  gjkRelativeTolerance: number | undefined = undefined;
  gjkMaxIterations: number | undefined = undefined;
  epaRelativeTolerance: number | undefined = undefined;
  epaMaxIterations: number | undefined = undefined;
}

const _scaledOptions = /* @__PURE__ */ new ScaledManifoldOptions();

/**
 * The manifold of a pair beyond 2^±SCALE_FREE_EXPONENT, on its scaled copy (scaled2.ts). The cache keys
 * its last answer on the shapes, which for the copy are the scaled views, the same objects for every
 * pair: it also remembers the pair's own shapes (`scaledFromA`, `scaledFromB`), and is reset when they change.
 */
function manifoldScaled(
  a: Shape2, poseA: Pose2Like, b: Shape2, poseB: Pose2Like, out: Manifold | null | undefined, options: ManifoldOptions | null | undefined,
  margin: number, cache: ManifoldCache | undefined,
): Manifold | null {
  const p = beginScaled(a, poseA, b, poseB);
  let inner: ManifoldOptions | undefined;
  if (options != null) {
    inner = _scaledOptions;
    const o = _scaledOptions;
    o.margin = margin * p.scale; o.maxPoints = options.maxPoints; o.cache = cache; o.trace = options.trace;
    o.gjkRelativeTolerance = options.gjkRelativeTolerance; o.gjkMaxIterations = options.gjkMaxIterations;
    o.epaRelativeTolerance = options.epaRelativeTolerance; o.epaMaxIterations = options.epaMaxIterations;
  }
  if (cache !== undefined && (cache.scaledFromA !== a || cache.scaledFromB !== b)) {
    cache.reset();
    cache.scaledFromA = a; cache.scaledFromB = b;
  }
  let r: Manifold | null;
  try {
    r = contactManifold(p.viewA, p.poseA, p.viewB, p.poseB, out, inner);
  } finally {
    endScaled();
  }
  if (r === null) return null;
  for (let i = 0; i < r.count; i++) {
    const q = r.points[i];
    q.separation = unscaleLength2(q.separation, p);
    unscalePoint2(q.pointA, p); unscalePoint2(q.pointB, p);
  }
  return r;
}

/** `out` must be a record from createManifold: a normal and two point records with their vectors and features. */
/** @throws InvalidArgumentError naming `out` when it is not a record from createManifold(). */
export function checkManifoldOut(out: Manifold): void {
  // Written out (no closures, no arrays): this runs on every call given an `out`.
  const o = out as unknown as { normal?: unknown; points?: unknown } | null;
  if (o === null || typeof o !== 'object' || typeof o.normal !== 'object' || o.normal === null) throw outNotWritable('createManifold');
  const points = o.points;
  if (!Array.isArray(points) || points.length < 2) throw outNotWritable('createManifold');
  for (let k = 0; k < 2; k++) {
    const q = points[k] as { pointA?: unknown; pointB?: unknown; featureA?: unknown; featureB?: unknown } | null;
    if (q === null || typeof q !== 'object' || typeof q.pointA !== 'object' || q.pointA === null || typeof q.pointB !== 'object' || q.pointB === null
      || typeof q.featureA !== 'object' || q.featureA === null || typeof q.featureB !== 'object' || q.featureB === null) throw outNotWritable('createManifold');
  }
}

function checkManifoldOptions2(options: ManifoldOptions): void {
  if (typeof options !== 'object') throw new InvalidArgumentError('options', `is ${describeValue(options)}; expected an object`);
  checkOptionFields2(options);
  checkKnownKeys(options, MANIFOLD_OPTION_KEYS2, 'options');
  const m = options.margin, k = options.maxPoints, cache = options.cache;
  if (cache !== undefined && !(cache instanceof ManifoldCache && !Object.isFrozen(cache) && !Object.isFrozen(cache.gjk))) {
    throw new InvalidArgumentError('options.cache', `is ${cache instanceof ManifoldCache ? 'frozen' : describeValue(cache)}; expected a ManifoldCache from convex-collide/2d`);
  }
  if (typeof m === 'number' ? !(m >= 0 && m < Infinity) : m !== undefined) throw new InvalidNumberError('options.margin', options.margin, 'a finite number >= 0');
  if (typeof k === 'number' ? !(k === 1 || k === 2) : k !== undefined) throw new InvalidNumberError('options.maxPoints', options.maxPoints, '1 or 2');
}

/**
 * Steps 2 to 4 of the module doc: the reference and incident edges, clipped, into `mw` (A's frame), points
 * beyond `work.limit` (the margin) dropped.
 * Returns false when there is no reference edge or nothing survives the clip and the margin.
 */
function clipEdges(mw: Manifold2Work, work: Query2Work, a: Shape2, b: Shape2): boolean {
  // The margin from the work record's field, not an argument (CONTRIBUTING.md, "V8 rules", rule 1).
  const margin = work.limit;
  const va = a.coreVertices, na = a.coreNormals, vb = b.coreVertices, nb = b.coreNormals;
  const edgesA = na.length >> 1, edgesB = nb.length >> 1;
  if (edgesA === 0 || edgesB === 0) return false;
  const n = work.normal, nx = n.x, ny = n.y;
  const r = work.gjk.rel, c = r[0], s = r[1], tx = r[2], ty = r[3];
  const countA = va.length >> 1, countB = vb.length >> 1;

  // A's best edge along n: the better of the two edges at A's support vertex.
  let iA = 0, best = -Infinity;
  for (let k = 0; k < countA; k++) {
    const d = nx * va[2 * k] + ny * va[2 * k + 1];
    if (d > best) { best = d; iA = k; }
  }
  // The two edges at the support vertex: iA − 1 and iA (a segment's: its two sides, 0 and 1).
  let edgeA = countA === 2 ? 1 : iA === 0 ? edgesA - 1 : iA - 1;
  let dotA = nx * na[2 * edgeA] + ny * na[2 * edgeA + 1];
  const other = countA === 2 ? 0 : iA;
  if (nx * na[2 * other] + ny * na[2 * other + 1] > dotA) { edgeA = other; dotA = nx * na[2 * other] + ny * na[2 * other + 1]; }
  // B's best edge along −n (B's normals turned into A's frame).
  const bnx = c * nx + s * ny, bny = c * ny - s * nx; // n in B's frame
  let iB = 0;
  best = Infinity;
  for (let k = 0; k < countB; k++) {
    const d = bnx * vb[2 * k] + bny * vb[2 * k + 1];
    if (d < best) { best = d; iB = k; }
  }
  let edgeB = countB === 2 ? 1 : iB === 0 ? edgesB - 1 : iB - 1;
  let dotB = -(bnx * nb[2 * edgeB] + bny * nb[2 * edgeB + 1]);
  const otherB = countB === 2 ? 0 : iB;
  if (-(bnx * nb[2 * otherB] + bny * nb[2 * otherB + 1]) > dotB) { edgeB = otherB; dotB = -(bnx * nb[2 * otherB] + bny * nb[2 * otherB + 1]); }

  // The reference: the nearer the normal, within the tolerance (sine); on a tie (two edges flat against
  // each other, within MANIFOLD_ALIGNMENT_TOLERANCE) A's, or the cache's last choice, so that a resting
  // pair keeps the same reference from frame to frame.
  const cos = Math.sqrt(1 - REFERENCE_TOLERANCE * REFERENCE_TOLERANCE);
  // (Flat: the two edges' normals opposite within the tolerance, a sine: their cross product, as A's frame sees them.)
  const nAx = na[2 * edgeA], nAy = na[2 * edgeA + 1], nBx0 = nb[2 * edgeB], nBy0 = nb[2 * edgeB + 1];
  const nBx = c * nBx0 - s * nBy0, nBy = s * nBx0 + c * nBy0;
  const tie = Math.abs(nAx * nBy - nAy * nBx) <= ALIGNMENT_TOLERANCE && nAx * nBx + nAy * nBy < 0;
  const aFirst = tie ? mw.reference !== -1 : dotA >= dotB;
  const aRef = dotA >= cos && (aFirst || !(dotB >= cos)), bRef = !aRef && dotB >= cos;
  if (!aRef && !bRef) return false;
  mw.reference = aRef ? 1 : -1;
  const rad = aRef ? b.sweptRadius : a.sweptRadius; // the incident shape's radius
  const incidentDot = aRef ? dotB : dotA;
  if (rad > 0 && !(incidentDot >= Math.sqrt(1 - ALIGNMENT_TOLERANCE * ALIGNMENT_TOLERANCE))) return false;

  // Reference edge (r0, r1) and its normal, incident edge (p0, p1), all in A's frame.
  let r0x: number, r0y: number, r1x: number, r1y: number, mx: number, my: number;
  let p0x: number, p0y: number, p1x: number, p1y: number;
  let refEdge: number, refCount: number, incEdge: number, incCount: number;
  if (aRef) {
    refEdge = edgeA; refCount = countA;
    const j = edgeA + 1 === countA ? 0 : edgeA + 1;
    r0x = va[2 * edgeA]; r0y = va[2 * edgeA + 1]; r1x = va[2 * j]; r1y = va[2 * j + 1];
    mx = na[2 * edgeA]; my = na[2 * edgeA + 1];
    // Incident: B's edge most opposed to the reference normal.
    const qx = c * mx + s * my, qy = c * my - s * mx; // m in B's frame
    incEdge = 0;
    best = Infinity;
    for (let k = 0; k < edgesB; k++) {
      const d = qx * nb[2 * k] + qy * nb[2 * k + 1];
      if (d < best) { best = d; incEdge = k; }
    }
    incCount = countB;
    const f = incEdge + 1 === countB ? 0 : incEdge + 1;
    const x0 = vb[2 * incEdge], y0 = vb[2 * incEdge + 1], x1 = vb[2 * f], y1 = vb[2 * f + 1];
    p0x = c * x0 - s * y0 + tx; p0y = s * x0 + c * y0 + ty;
    p1x = c * x1 - s * y1 + tx; p1y = s * x1 + c * y1 + ty;
  } else {
    refEdge = edgeB; refCount = countB;
    const j = edgeB + 1 === countB ? 0 : edgeB + 1;
    const x0 = vb[2 * edgeB], y0 = vb[2 * edgeB + 1], x1 = vb[2 * j], y1 = vb[2 * j + 1];
    r0x = c * x0 - s * y0 + tx; r0y = s * x0 + c * y0 + ty;
    r1x = c * x1 - s * y1 + tx; r1y = s * x1 + c * y1 + ty;
    const m0x = nb[2 * edgeB], m0y = nb[2 * edgeB + 1];
    mx = c * m0x - s * m0y; my = s * m0x + c * m0y;
    incEdge = 0;
    best = Infinity;
    for (let k = 0; k < edgesA; k++) {
      const d = mx * na[2 * k] + my * na[2 * k + 1];
      if (d < best) { best = d; incEdge = k; }
    }
    incCount = countA;
    const f = incEdge + 1 === countA ? 0 : incEdge + 1;
    p0x = va[2 * incEdge]; p0y = va[2 * incEdge + 1]; p1x = va[2 * f]; p1y = va[2 * f + 1];
  }

  // The slab of the reference edge across the normal: u ⊥ n, the edge's extent [lo, hi] along u.
  const ux = -ny, uy = nx;
  const ru0 = ux * r0x + uy * r0y, ru1 = ux * r1x + uy * r1y;
  const lo = Math.min(ru0, ru1), hi = Math.max(ru0, ru1);
  const loVertex = ru0 <= ru1 ? refEdge : (refEdge + 1 === refCount ? 0 : refEdge + 1);
  const hiVertex = ru0 <= ru1 ? (refEdge + 1 === refCount ? 0 : refEdge + 1) : refEdge;
  const s0 = ux * p0x + uy * p0y, s1 = ux * p1x + uy * p1y;
  const incV0 = incEdge, incV1 = incEdge + 1 === incCount ? 0 : incEdge + 1;
  const rA = a.sweptRadius, rB = b.sweptRadius;
  const mn = mx * nx + my * ny; // the reference normal against the contact normal (its opposite for B)
  mw.count = 0;
  for (let end = 0; end < 2; end++) {
    // End `end` of the clipped incident edge: its own end, or where the slab's side cuts it.
    const sOwn = end === 0 ? s0 : s1, sFar = end === 0 ? s1 : s0;
    let t: number, refVertex = -1;
    if (sOwn >= lo && sOwn <= hi) t = 0;
    else {
      const bound = sOwn < lo ? lo : hi;
      if ((sOwn < lo && sFar < lo) || (sOwn > hi && sFar > hi)) return false; // no overlap along the slab
      t = (bound - sOwn) / (sFar - sOwn);
      refVertex = sOwn < lo ? loVertex : hiVertex;
    }
    const ox = end === 0 ? p0x : p1x, oy = end === 0 ? p0y : p1y, fx = end === 0 ? p1x : p0x, fy = end === 0 ? p1y : p0y;
    const px = ox + t * (fx - ox), py = oy + t * (fy - oy);
    // Along n onto the reference edge's line: p + λ n on it.
    const lambda = (mx * (r0x - px) + my * (r0y - py)) / mn;
    let sep: number, pax: number, pay: number, pbx: number, pby: number;
    if (aRef) { pbx = px; pby = py; pax = px + lambda * nx; pay = py + lambda * ny; sep = -lambda; } else { pax = px; pay = py; pbx = px + lambda * nx; pby = py + lambda * ny; sep = lambda; }
    sep -= rA + rB;
    if (sep > margin) continue;
    const k = mw.count++;
    mw.pa[k].x = pax + rA * nx; mw.pa[k].y = pay + rA * ny;
    mw.pb[k].x = pbx - rB * nx; mw.pb[k].y = pby - rB * ny;
    mw.sep[k] = sep;
    const incCode = refVertex >= 0 ? incEdge * 8 + EDGE : (end === 0 ? incV0 : incV1) * 8 + VERTEX;
    const refCode = refVertex >= 0 ? refVertex * 8 + VERTEX : refEdge * 8 + EDGE;
    // A vertex under a radius is a round surface: no feature, but its code stays in the id.
    mw.codeA[k] = aRef ? refCode : incCode;
    mw.codeB[k] = aRef ? incCode : refCode;
  }
  // Two points from one (an incident edge seen end on): keep one.
  if (mw.count === 2 && mw.pa[0].x === mw.pa[1].x && mw.pa[0].y === mw.pa[1].y) mw.count = 1;
  return mw.count > 0;
}

/** Step 5: the deepest clipped point has contact's separation (within DEPTH_AGREEMENT of the pair's size). */
function agrees(mw: Manifold2Work, work: Query2Work): boolean {
  let deepest = Infinity;
  for (let k = 0; k < mw.count; k++) if (mw.sep[k] < deepest) deepest = mw.sep[k];
  return Math.abs(deepest - work.separation) <= DEPTH_AGREEMENT * work.size + work.slack;
}

/** The contact's own point: A's point, and B's moved to lie along the normal; features from the support vertices. */
function singlePoint(mw: Manifold2Work, work: Query2Work, a: Shape2, b: Shape2): void {
  const n = work.normal, sep = work.separation;
  mw.count = 1;
  mw.pa[0].x = work.pointA.x; mw.pa[0].y = work.pointA.y;
  mw.pb[0].x = work.pointA.x + sep * n.x; mw.pb[0].y = work.pointA.y + sep * n.y;
  mw.sep[0] = sep;
  mw.codeA[0] = supportCode(a.coreVertices, n);
  // B's support along −n, n turned into B's frame (through the scratch: no numbers through calls).
  const r = work.gjk.rel, c = r[0], s = r[1], d = _dirB;
  d.x = -(c * n.x + s * n.y); d.y = -(c * n.y - s * n.x);
  mw.codeB[0] = supportCode(b.coreVertices, d);
}

const _dirB = /* @__PURE__ */ new Vec2();

/** The code of a core's support vertex along `dir` (its own frame): a vertex, or none for a point core. */
function supportCode(v: Float64Array, dir: Vec2): number {
  const dx = dir.x, dy = dir.y, count = v.length >> 1;
  if (count === 1) return NONE;
  let at = 0, best = -Infinity;
  for (let k = 0; k < count; k++) {
    const d = dx * v[2 * k] + dy * v[2 * k + 1];
    if (d > best) { best = d; at = k; }
  }
  return at * 8 + VERTEX;
}

function keepDeepest(mw: Manifold2Work): void {
  if (mw.sep[1] < mw.sep[0]) {
    mw.pa[0].x = mw.pa[1].x; mw.pa[0].y = mw.pa[1].y;
    mw.pb[0].x = mw.pb[1].x; mw.pb[0].y = mw.pb[1].y;
    mw.sep[0] = mw.sep[1];
    mw.codeA[0] = mw.codeA[1];
    mw.codeB[0] = mw.codeB[1];
  }
  mw.count = 1;
}

/** The manifold into `result`, in world space; a vertex of a rounded core is a round surface (feature none). */
function writeResult(result: Manifold, mw: Manifold2Work, work: Query2Work, roundA: boolean, roundB: boolean): void {
  const t = work.tA;
  const n = result.normal;
  n.x = work.normal.x; n.y = work.normal.y;
  toWorld(n as Vec2, t, false);
  result.count = mw.count;
  result.status = work.gjk.status;
  result.iterations = work.gjk.iterations;
  for (let k = 0; k < mw.count; k++) {
    const p = result.points[k];
    const pa = mw.pa[k], pb = mw.pb[k];
    toWorld(pa, t, true);
    toWorld(pb, t, true);
    p.pointA.x = pa.x; p.pointA.y = pa.y;
    p.pointB.x = pb.x; p.pointB.y = pb.y;
    p.separation = mw.sep[k];
    writeFeature(p.featureA, mw.codeA[k], roundA);
    writeFeature(p.featureB, mw.codeB[k], roundB);
    p.id = mw.codeA[k] * 1048576 + mw.codeB[k];
  }
}

function writeFeature(f: Feature, code: number, round: boolean): void {
  const type = code & 7;
  if (type === NONE || (round && type === VERTEX)) {
    f.type = 'none';
    f.index = -1;
  } else {
    f.type = TYPE_NAMES[type];
    f.index = code >> 3;
  }
}

/** The GJK and EPA options into the key fields of `mw` (−1 for one not given; each if a store, no `??`: no boxing). */
function keyOptions(mw: Manifold2Work, options: ManifoldOptions): void {
  const gt = options.gjkRelativeTolerance, gi = options.gjkMaxIterations, et = options.epaRelativeTolerance, ei = options.epaMaxIterations;
  mw.gjkRelativeTolerance = -1; mw.gjkMaxIterations = -1; mw.epaRelativeTolerance = -1; mw.epaMaxIterations = -1;
  if (typeof gt === 'number') mw.gjkRelativeTolerance = gt;
  if (typeof gi === 'number') mw.gjkMaxIterations = gi;
  if (typeof et === 'number') mw.epaRelativeTolerance = et;
  if (typeof ei === 'number') mw.epaMaxIterations = ei;
}

/**
 * Whether `cache` holds the answer for these shapes, margin (work.limit), maxPoints, GJK and EPA options and
 * touch slack at B's pose in A's frame.
 */
function cacheHit(cache: ManifoldCache, a: Shape2, b: Shape2, work: Query2Work, mw: Manifold2Work): boolean {
  if (!cache.valid || cache.shapeA !== a || cache.shapeB !== b || cache.margin !== work.limit || cache.maxPoints !== mw.maxPoints
    || cache.slack !== work.slack || cache.gjkRelativeTolerance !== mw.gjkRelativeTolerance || cache.gjkMaxIterations !== mw.gjkMaxIterations
    || cache.epaRelativeTolerance !== mw.epaRelativeTolerance || cache.epaMaxIterations !== mw.epaMaxIterations) return false;
  const r = cache.relative, t = work.bInA;
  return r[0] === t.c && r[1] === t.s && r[2] === t.tx && r[3] === t.ty;
}

/** Remembers the pair's key and that it was apart beyond the margin. */
function storeApart(cache: ManifoldCache, a: Shape2, b: Shape2, work: Query2Work, mw: Manifold2Work): void {
  storeKey(cache, a, b, work, mw);
  cache.apart = true;
  cache.reference = 0;
}

function storeKey(cache: ManifoldCache, a: Shape2, b: Shape2, work: Query2Work, mw: Manifold2Work): void {
  cache.valid = true;
  cache.shapeA = a; cache.shapeB = b; cache.margin = work.limit; cache.maxPoints = mw.maxPoints;
  cache.slack = work.slack;
  cache.gjkRelativeTolerance = mw.gjkRelativeTolerance; cache.gjkMaxIterations = mw.gjkMaxIterations;
  cache.epaRelativeTolerance = mw.epaRelativeTolerance; cache.epaMaxIterations = mw.epaMaxIterations;
  const r = cache.relative, t = work.bInA;
  r[0] = t.c; r[1] = t.s; r[2] = t.tx; r[3] = t.ty;
}

/** Remembers the answer, in A's frame (before writeResult turns it into world space). */
function store(cache: ManifoldCache, a: Shape2, b: Shape2, work: Query2Work, mw: Manifold2Work): void {
  storeKey(cache, a, b, work, mw);
  cache.apart = false;
  cache.reference = mw.reference;
  cache.status = work.gjk.status;
  cache.normal[0] = work.normal.x; cache.normal[1] = work.normal.y;
  cache.count = mw.count;
  const p = cache.points;
  for (let k = 0; k < mw.count; k++) {
    p[4 * k] = mw.pa[k].x; p[4 * k + 1] = mw.pa[k].y; p[4 * k + 2] = mw.pb[k].x; p[4 * k + 3] = mw.pb[k].y;
    cache.separations[k] = mw.sep[k];
    cache.codesA[k] = mw.codeA[k]; cache.codesB[k] = mw.codeB[k];
  }
}

/** Loads the cached answer (A's frame) into the scratch, for writeResult; its status, 0 iterations (none ran). */
function restore(cache: ManifoldCache, mw: Manifold2Work, work: Query2Work): void {
  work.normal.x = cache.normal[0]; work.normal.y = cache.normal[1];
  mw.count = cache.count;
  const p = cache.points;
  for (let k = 0; k < cache.count; k++) {
    mw.pa[k].x = p[4 * k]; mw.pa[k].y = p[4 * k + 1]; mw.pb[k].x = p[4 * k + 2]; mw.pb[k].y = p[4 * k + 3];
    mw.sep[k] = cache.separations[k];
    mw.codeA[k] = cache.codesA[k]; mw.codeB[k] = cache.codesB[k];
  }
  work.gjk.status = cache.status;
  work.gjk.iterations = 0;
}
