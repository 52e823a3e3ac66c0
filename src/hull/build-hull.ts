/**
 * buildHull: the public entry points of hull building, input checks, the tolerance and its coarser
 * retries, and the pool of builders kept between builds. The algorithm is in quickhull.ts.
 */
import { cos, sin } from '../math/exact-math.js';
import { checkKnownKeys, DegenerateHullError, describeValue, InvalidArgumentError, InvalidNumberError, knownKeys } from '../errors.js';
import { nearestPowerOfTwoExponent } from '../math/power-of-two.js';
import type { Vec3Like } from '../math/types.js';
import { readPointList } from '../math/read-input.js';
import { axisExtremes } from './extremes.js';
import { HULL_COVER_CHECK_BUDGET, HULL_COVER_FACTOR, HULL_TOLERANCE_FACTOR, HULL_TOLERANCE_STEPS, SCALE_FREE_EXPONENT } from '../tolerance.js';
import { belowFaces, HullResult, type BuildHullOptions, type Hull } from './hull.js';
import { QuickhullBuilder } from './quickhull.js';

export type { BuildHullOptions, Hull, HullDimension } from './hull.js';

const BUILD_HULL_OPTION_KEYS = /* @__PURE__ */ knownKeys(['tolerance']);

/**
 * Builds the convex hull of a point set.
 *
 * @param points an array of `{x, y, z}` or a flat `ArrayLike<number>` of x, y, z triples (read, not kept).
 * @param options see {@link BuildHullOptions}.
 * @returns the hull. Every input point lies inside it or within 4 × `tolerance` of it (what
 *   {@link validateHull} checks by default); every vertex is an
 *   input point and a strict corner. Degenerate inputs are answered, not rejected: all points within
 *   the tolerance of one point give `dimension 0` (one vertex, no faces), of one line `dimension 1`
 *   (the two extreme points, each the other's neighbour, no faces), of one plane `dimension 2` (a
 *   strictly convex polygon, listed as two faces, one per side).
 *   When the faces merged at the tolerance are not a valid hull (points nearly coplanar at a few times
 *   it), the build is repeated with a 4× larger tolerance; `tolerance` of the result reports the one used.
 * @throws DegenerateHullError (`too-few-points`) for an empty list; (`inconsistent`) when ten such
 *   steps do not give a valid hull.
 * @throws InvalidNumberError for a NaN or infinite coordinate (naming its index) or a bad `options.tolerance`;
 *   InvalidArgumentError for options that are not an object or name a key buildHull does not take.
 */
export function buildHull(points: ArrayLike<Vec3Like> | ArrayLike<number>, options?: BuildHullOptions): Hull {
  if (options != null) checkBuildHullOptions(options, 'buildHull.options');
  const p = readPointList(points, 'buildHull.points');
  return buildHullFromCoords(p, options);
}

/**
 * Checks options of a hull build: an object with known keys only.
 * @throws InvalidArgumentError naming `field` or its unknown key.
 */
export function checkBuildHullOptions(options: unknown, field: string): void {
  if (typeof options !== 'object' || options === null) throw new InvalidArgumentError(field, `is ${describeValue(options)}; expected an object { tolerance? }`);
  checkKnownKeys(options, BUILD_HULL_OPTION_KEYS, field);
}

/**
 * {@link buildHull} on a packed Float64Array of x, y, z triples that the caller has already checked
 * to be finite (read, not kept). For callers that hold coordinates in this form already.
 */
export function buildHullFromCoords(p: Float64Array, options?: BuildHullOptions): Hull {
  return buildHullSteps(p, options, HULL_TOLERANCE_STEPS);
}

/**
 * The build of coordinates beyond 2^±SCALE_FREE_EXPONENT (largest absolute coordinate `m`): on a copy
 * scaled by a power of two (exact), since the plane tests multiply coordinates (a unit cube at 1e155 or
 * at 1e-82 came out wrong), then scaled back.
 */
function buildScaled(p: Float64Array, m: number, options: BuildHullOptions | undefined, maxSteps: number): Hull {
  const k = nearestPowerOfTwoExponent(m);
  const s = 2 ** -k, back = 2 ** k;
  const q = new Float64Array(p.length);
  for (let i = 0; i < p.length; i++) q[i] = p[i] * s;
  const tol = options?.tolerance;
  if (tol !== undefined && (typeof tol !== 'number' || !Number.isFinite(tol) || tol < 0)) {
    throw new InvalidNumberError('buildHull.options.tolerance', tol, 'a finite number >= 0');
  }
  const h = buildHullSteps(q, typeof tol === 'number' ? { ...options, tolerance: tol * s } : options, maxSteps) as HullResult;
  // The result's arrays are its own. Vertices are input points: copied from the input, so that one whose
  // scaled copy underflowed comes back as it was; the planes' offsets scale back.
  const v = h.vertices, ii = h.inputIndices;
  for (let j = 0; j < ii.length; j++) {
    const i = ii[j];
    v[3 * j] = p[3 * i]; v[3 * j + 1] = p[3 * i + 1]; v[3 * j + 2] = p[3 * i + 2];
  }
  for (let i = 0; i < h.faceOffsets.length; i++) h.faceOffsets[i] *= back;
  return new HullResult(h.dimension, h.vertices, h.inputIndices, h.faceStart, h.faceIndices, h.faceNormals, h.faceOffsets,
    h.neighborStart, h.neighborIndices, h.tolerance * back);
}

/**
 * Whether the cloud lies far from the origin for its size: on some axis the middle of its extent is more
 * than 4 times that extent from 0. The tolerance follows the coordinates' magnitude, so a unit cube at
 * 1e14 (coordinates a few ulps of 0.02 apart, a tolerance of 3) collapsed to a point.
 */
function farFromOrigin(p: Float64Array, ext: Int32Array): boolean {
  for (let axis = 0; axis < 3; axis++) {
    const lo = p[3 * ext[2 * axis] + axis], hi = p[3 * ext[2 * axis + 1] + axis];
    if (Math.abs(0.5 * (lo + hi)) > 4 * (hi - lo)) return true;
  }
  return false;
}

/**
 * The build of a cloud far from the origin for its size: on a copy moved so that, on each such axis, the
 * middle of its extent is at 0. The moves are exact (Sterbenz: every coordinate is within a factor of 2
 * of the middle it loses), so the copy is the same cloud and its vertices move back bit for bit; the
 * tolerance then follows the cloud's size. The planes' offsets move back with the rounding of n·c, which
 * the reported tolerance covers.
 */
function buildCentred(p: Float64Array, ext: Int32Array, options: BuildHullOptions | undefined, maxSteps: number): Hull {
  const c = [0, 0, 0];
  for (let axis = 0; axis < 3; axis++) {
    const lo = p[3 * ext[2 * axis] + axis], hi = p[3 * ext[2 * axis + 1] + axis];
    const mid = 0.5 * (lo + hi);
    if (Math.abs(mid) > 4 * (hi - lo)) c[axis] = mid;
  }
  const q = new Float64Array(p.length);
  for (let i = 0; i < p.length; i += 3) {
    q[i] = p[i] - c[0]; q[i + 1] = p[i + 1] - c[1]; q[i + 2] = p[i + 2] - c[2];
  }
  const h = buildHullSteps(q, options, maxSteps) as HullResult;
  const v = h.vertices, fn = h.faceNormals, fo = h.faceOffsets;
  for (let i = 0; i < v.length; i += 3) {
    v[i] += c[0]; v[i + 1] += c[1]; v[i + 2] += c[2];
  }
  for (let f = 0; f < fo.length; f++) fo[f] += fn[3 * f] * c[0] + fn[3 * f + 1] * c[1] + fn[3 * f + 2] * c[2];
  // The offsets carry rounding of the coordinates' size: the tolerance reported (and validateHull's
  // default, 4 times it) covers it.
  const offsetRounding = 3 * Number.EPSILON * (Math.abs(c[0]) + Math.abs(c[1]) + Math.abs(c[2]));
  return new HullResult(h.dimension, v, h.inputIndices, h.faceStart, h.faceIndices, fn, fo,
    h.neighborStart, h.neighborIndices, h.tolerance + offsetRounding);
}

const HULL_HIGH = 2 ** SCALE_FREE_EXPONENT, HULL_LOW = 2 ** -SCALE_FREE_EXPONENT;

/**
 * {@link buildHullFromCoords} allowing at most `maxSteps` tolerance steps (not exported from the
 * package: tests use it to reach the `inconsistent` error, which no known input needs ten steps for).
 */
export function buildHullSteps(p: Float64Array, options: BuildHullOptions | undefined, maxSteps: number): Hull {
  const n = (p.length / 3) | 0;
  if (n === 0) throw new DegenerateHullError('too-few-points', 'buildHull.points is empty; need at least 1 point');
  if (!primed && n > PRIME_MIN_POINTS) primeTypeFeedback();
  const ext = EXTREMES;
  axisExtremes(p, n, ext, EXTREME_ABS);
  // The extremes pass gives the largest absolute coordinate per axis: out of range, build scaled.
  const m = Math.max(EXTREME_ABS[0], EXTREME_ABS[1], EXTREME_ABS[2]);
  if (m > HULL_HIGH || (m < HULL_LOW && m > 0)) return buildScaled(p, m, options, maxSteps);
  if (farFromOrigin(p, ext)) return buildCentred(p, ext, options, maxSteps);
  let eps = HULL_TOLERANCE_FACTOR * Number.EPSILON * (EXTREME_ABS[0] + EXTREME_ABS[1] + EXTREME_ABS[2]);
  const tol = options?.tolerance;
  if (tol !== undefined) {
    if (typeof tol !== 'number' || !Number.isFinite(tol) || tol < 0) {
      throw new InvalidNumberError('buildHull.options.tolerance', tol, 'a finite number >= 0');
    }
    eps = tol;
  }
  // Smallest positive tolerance: an all-zero input must still compare "equal" points as equal.
  if (!(eps > 0)) eps = Number.MIN_VALUE;
  // The last small build's builder, with its working arrays, if no build holds it (see SPARE_MAX_POINTS).
  let builder: QuickhullBuilder | null = null;
  if (n <= SPARE_MAX_POINTS) {
    builder = spare;
    spare = null;
  } else if (bigSpare !== null) {
    builder = bigSpare.deref() ?? null;
    bigSpare = null;
  }
  if (builder === null) builder = new QuickhullBuilder();
  // A build whose merged faces come out non-convex, non-planar or with a vertex that is not a strict
  // corner (points nearly coplanar at a scale just above ε: see finishBuild in merge-faces.ts) is
  // repeated with a 4× larger tolerance, which absorbs such creases into flat faces; hull.tolerance
  // reports the one that held.
  let hull: Hull | null = null;
  const first = eps;
  for (let step = 0; hull === null; step++) {
    if (step > maxSteps) {
      // Every step failed with the near points made apexes (near-points.ts): a near point re-added beside
      // a corner it is collinear with to a rounding error leaves a face corner that turns by less than ε at
      // every tolerance (a decomposition's cut: two crossing points 1.7e-10 apart on a cap, the third corner
      // 0.8 away, 1.6e-16 off their line). Built once more without them, as Barber et al. do: such a
      // point then lies within ε of a face plane, at most ε/α outside beside a knife edge of angle α.
      if (builder.checkNear) { builder.checkNear = false; step = -1; eps = first; continue; }
      builder.checkNear = true;
      keepBuilder(builder);
      throw new DegenerateHullError('inconsistent', `buildHull: no consistent hull with tolerances up to ${eps / 4}; ` +
        'the points are nearly coplanar at too many scales');
    }
    hull = builder.reset(p, n, eps).run(ext);
    // A retried build's tolerance may have grown close to the thickness of a thin solid, where a point
    // dropped within ε of one face can end up further outside a later one: check every point against
    // every face when that is affordable (see coversPoints), and go on to the next step if one is out.
    if (hull !== null && step > 0 && !coversPoints(hull, p, n, HULL_COVER_FACTOR * eps)) hull = null;
    eps *= 4;
  }
  builder.checkNear = true;
  keepBuilder(builder);
  return hull;
}


/**
 * Whether every point lies within `tol` below every face plane of a solid hull. True without checking
 * for a polygon, segment or point (their extent is not bounded by face planes alone) and when
 * n × faces exceeds HULL_COVER_CHECK_BUDGET.
 */
function coversPoints(hull: Hull, p: Float64Array, n: number, tol: number): boolean {
  if (hull.dimension !== 3 || n * hull.faceCount > HULL_COVER_CHECK_BUDGET) return true;
  for (let i = 0; i < n; i++) if (!belowFaces(hull, p, i, tol)) return false;
  return true;
}

/**
 * Builds above this many points first build two tiny hulls, once per process (see primeTypeFeedback).
 */
const PRIME_MIN_POINTS = 2048;
let primed = false;

/**
 * Builds two tiny hulls (a cloud with interior points, and a cube with face centres and edge
 * midpoints, which exercises merging) so that every code path of a build has run once before a big
 * build makes V8 compile its loops on-stack (CONTRIBUTING.md, "V8 rules", rule 3): in a
 * process whose first build had 100,000 points, `finishBuild` then deoptimised up to 8,751 times and
 * `packSolid` up to 342 times over 3,000 small builds (test/deopt.test.ts). Costs about 10 ms once
 * per process, run cold; a first build of 3,000 points takes 30–45 ms cold with or without it.
 */
function primeTypeFeedback(): void {
  primed = true;
  const cloud = new Float64Array(3 * 48);
  for (let i = 0; i < 48; i++) {
    // Points on a Fibonacci sphere, every third one pulled halfway in.
    const z = 1 - (2 * i + 1) / 48, r = Math.sqrt(1 - z * z), a = 2.399963229728653 * i, s = i % 3 === 0 ? 0.5 : 1;
    cloud[3 * i] = s * r * cos(a);
    cloud[3 * i + 1] = s * r * sin(a);
    cloud[3 * i + 2] = s * z;
  }
  const cube: number[] = [];
  for (let x = 0; x <= 2; x++) for (let y = 0; y <= 2; y++) for (let z = 0; z <= 2; z++) cube.push(x, y, z);
  const grid = Float64Array.from(cube);
  // Three rounds: V8 allocates a function's feedback vector only after it has run for a while, so the
  // first calls record nothing.
  for (let k = 0; k < 3; k++) {
    buildHullFromCoords(cloud);
    buildHullFromCoords(grid);
  }
}

const EXTREMES = new Int32Array(6);
const EXTREME_ABS = new Float64Array(3);

/**
 * The working arrays of the last finished build of at most this many points, kept for the next build:
 * allocating some thirty typed arrays per build costs more than building a small hull. Those of a
 * larger build are held only weakly (`bigSpare`): reused by a next big build before the next full
 * garbage collection (0–6 % faster at 100,000 points, mostly the page faults of fresh arrays), and
 * never retained beyond it, since they can take tens of megabytes.
 */
const SPARE_MAX_POINTS = 1 << 16;
let spare: QuickhullBuilder | null = null;
let bigSpare: WeakRef<QuickhullBuilder> | null = null;

/** Drops the finished build's input and keeps its builder for the next build (see SPARE_MAX_POINTS). */
function keepBuilder(builder: QuickhullBuilder): void {
  builder.release();
  if (builder.n <= SPARE_MAX_POINTS) spare = builder;
  else bigSpare = new WeakRef(builder);
}
