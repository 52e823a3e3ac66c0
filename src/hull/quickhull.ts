/**
 * 3D convex hull by quickhull.
 *
 * Source: C. B. Barber, D. P. Dobkin and H. Huhdanpaa, "The Quickhull Algorithm for Convex Hulls",
 * ACM Transactions on Mathematical Software 22(4), 1996, pp. 469–483. §2 (outside sets, the furthest
 * point of a facet as the next apex, horizon ridges, new facets as cones over the horizon) and §4
 * (a roundoff bound ε proportional to the coordinate magnitudes; merging non-convex and coplanar facets).
 *
 * Departures from the paper, and why:
 * - The build keeps simplicial (triangle) facets only, in flat typed arrays indexed by face id
 *   (vertices, neighbour across each edge, plane, outside-set head), with a free list. No per-point
 *   or per-face objects are allocated, which is what makes it several times faster than the
 *   object-per-half-edge JavaScript ports.
 * - Merging (§4) is done once, after the build, instead of during it: adjacent triangles whose shared
 *   edge is not convex by more than ε are unioned into one polygon; then vertices that lie on at most two
 *   polygons (interior to a face, or in the middle of an edge) are dropped, so every polygon corner is a
 *   real hull vertex. The build itself treats a point within ε of a plane as on it (never outside, never
 *   visible), so coplanar points never become apexes and the merge only has to absorb ε-level creases.
 * - The visible set is grown from the apex's face over neighbours that see the apex by more than ε. If
 *   roundoff makes it a non-disk (the horizon does not close into one simple loop), the faces it
 *   encloses are added to it; if it is still not a disk, the apex is treated as lying on the hull
 *   (it is within ε of every visible plane in that case). These fallbacks are for roundoff only; no
 *   current test is known to reach them.
 * - Lower-dimensional inputs (all points within ε of one point, one line or one plane) get explicit
 *   answers instead of errors: a point, a segment, or a convex polygon listed once per side.
 */
import { DegenerateHullError, InvalidNumberError } from '../errors.js';
import type { Vec3Like } from '../math/types.js';
import { readPointList } from '../shapes/read-input.js';

/**
 * Safety factor of the hull tolerance: `ε = HULL_TOLERANCE_FACTOR · Number.EPSILON · (max|x| + max|y| + max|z|)`
 * (a length). Barber et al. §4 bound the roundoff of a point–plane distance by a few ε times the
 * largest coordinate sum; planes of thin triangles amplify that, so we keep a wide margin (48) over the
 * ~3 ulps of the bare dot product: about 3e-14 for unit-sized input. The grid, perturbed-grid and
 * lattice cases of `quickhull.test.ts` / `quickhull.prop.test.ts` pass with it; the factor has not
 * been bisected downwards. Candidate for `src/tolerance.ts`.
 */
export const HULL_TOLERANCE_FACTOR = 48;

/** What kind of set the hull is: a point, a segment, a convex polygon, or a solid polyhedron. */
export type HullDimension = 0 | 1 | 2 | 3;

/** Options of {@link buildHull}. */
export interface BuildHullOptions {
  /**
   * Absolute distance tolerance (a length): a point within this distance of a face plane counts as on
   * it, and faces meeting at an edge flatter than this are merged. Default: the relative tolerance
   * {@link HULL_TOLERANCE_FACTOR} · ε · (sum of the largest absolute coordinates).
   */
  tolerance?: number;
}

/**
 * A convex hull. Faces and vertex neighbours are stored as compressed rows (CSR): face `f` has the
 * vertex indices `faceIndices[faceStart[f] .. faceStart[f + 1])`, vertex `v` the neighbours
 * `neighborIndices[neighborStart[v] .. neighborStart[v + 1])`.
 */
export interface Hull {
  /** 3 for a solid hull, 2 for a flat polygon, 1 for a segment, 0 for a point. */
  readonly dimension: HullDimension;
  /** Hull vertices as packed x, y, z triples, in input order; each is exactly one of the input points. */
  readonly vertices: Float64Array;
  readonly vertexCount: number;
  /**
   * For each hull vertex, the index of the input point it is (increasing). When the point is repeated
   * in the input, this is one of its copies; which one is not specified.
   */
  readonly inputIndices: Int32Array;
  /**
   * Number of faces: 0 for a point or segment, 2 for a polygon (the same polygon once per side, with
   * opposite normals), at least 4 for a solid.
   */
  readonly faceCount: number;
  /** `faceCount + 1` offsets into `faceIndices`. */
  readonly faceStart: Int32Array;
  /** Vertex indices of every face, counter-clockwise seen from outside (from the side its normal points to). */
  readonly faceIndices: Int32Array;
  /** Outward unit normal of each face, packed x, y, z. */
  readonly faceNormals: Float64Array;
  /** Plane offset of each face: `dot(normal, p) = offset` on the face, `< offset` inside. */
  readonly faceOffsets: Float64Array;
  /** `vertexCount + 1` offsets into `neighborIndices`. */
  readonly neighborStart: Int32Array;
  /** Neighbours of every vertex along hull edges (polygon edges for a flat hull). */
  readonly neighborIndices: Int32Array;
  /**
   * The absolute distance tolerance the hull was built with (a length): the default or
   * `options.tolerance`, times 4ᵏ when nearly coplanar points needed k coarser builds (see buildHull).
   */
  readonly tolerance: number;
  /** The faces as arrays of vertex indices (built on first access from `faceStart`/`faceIndices`). */
  readonly faces: ReadonlyArray<ReadonlyArray<number>>;
}

class HullResult implements Hull {
  private _faces: number[][] | null = null;
  constructor(
    readonly dimension: HullDimension,
    readonly vertices: Float64Array,
    readonly inputIndices: Int32Array,
    readonly faceStart: Int32Array,
    readonly faceIndices: Int32Array,
    readonly faceNormals: Float64Array,
    readonly faceOffsets: Float64Array,
    readonly neighborStart: Int32Array,
    readonly neighborIndices: Int32Array,
    readonly tolerance: number,
  ) {}
  get vertexCount(): number {
    return this.inputIndices.length;
  }
  get faceCount(): number {
    return this.faceStart.length - 1;
  }
  get faces(): ReadonlyArray<ReadonlyArray<number>> {
    if (this._faces === null) {
      const out: number[][] = [];
      const fs = this.faceStart, fi = this.faceIndices;
      for (let f = 0; f + 1 < fs.length; f++) out.push(Array.from(fi.subarray(fs[f], fs[f + 1])));
      this._faces = out;
    }
    return this._faces;
  }
}

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
 * @throws InvalidNumberError for a NaN or infinite coordinate (naming its index) or a bad `options.tolerance`.
 */
export function buildHull(points: ArrayLike<Vec3Like> | ArrayLike<number>, options?: BuildHullOptions): Hull {
  const p = readPointList(points, 'buildHull.points');
  return buildHullFromCoords(p, options);
}

/**
 * {@link buildHull} on a packed Float64Array of x, y, z triples that the caller has already checked
 * to be finite (read, not kept). For callers that hold coordinates in this form already.
 */
export function buildHullFromCoords(p: Float64Array, options?: BuildHullOptions): Hull {
  return buildHullSteps(p, options, HULL_TOLERANCE_STEPS);
}

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
  // corner (points nearly coplanar at a scale just above ε: see finish) is repeated with a 4× larger
  // tolerance, which absorbs such creases into flat faces; hull.tolerance reports the one that held.
  let hull: Hull | null = null;
  for (let step = 0; hull === null; step++) {
    if (step > maxSteps) {
      builder.release();
      throw new DegenerateHullError('inconsistent', `buildHull: no consistent hull with tolerances up to ${eps / 4}; ` +
        'the points are nearly coplanar at too many scales');
    }
    hull = builder.reset(p, n, eps).run(ext);
    // A retried build's tolerance may have grown close to the thickness of a thin solid, where a point
    // dropped within ε of one face can end up further outside a later one: check every point against
    // every face when that is affordable (see coversPoints), and go on to the next step if one is out.
    if (hull !== null && step > 0 && !coversPoints(hull, p, n, 4 * eps)) hull = null;
    eps *= 4;
  }
  builder.release();
  return hull;
}

/** Largest point count × face count that coversPoints checks (about 0.1 s here); above it, it trusts the build. */
const COVER_CHECK_BUDGET = 1 << 24;

/**
 * Whether every point lies within `tol` below every face plane of a solid hull. True without checking
 * for a polygon, segment or point (their extent is not bounded by face planes alone) and when
 * n × faces exceeds COVER_CHECK_BUDGET.
 */
function coversPoints(hull: Hull, p: Float64Array, n: number, tol: number): boolean {
  if (hull.dimension !== 3 || n * hull.faceCount > COVER_CHECK_BUDGET) return true;
  for (let i = 0; i < n; i++) if (!belowFaces(hull, p, i, tol)) return false;
  return true;
}

/** Whether point `i` of `p` lies within `tol` below every face plane of `hull`. */
function belowFaces(hull: Hull, p: Float64Array, i: number, tol: number): boolean {
  const fn = hull.faceNormals, fo = hull.faceOffsets, fc = hull.faceCount;
  const x = p[3 * i], y = p[3 * i + 1], z = p[3 * i + 2];
  for (let f = 0; f < fc; f++) {
    if (!(fn[3 * f] * x + fn[3 * f + 1] * y + fn[3 * f + 2] * z <= fo[f] + tol)) return false;
  }
  return true;
}

/**
 * How many times a build may quadruple its tolerance (see buildHullFromCoords): up to 4¹⁰ ≈ 10⁶ times
 * the default, about 2e-8 of the coordinates' magnitude. Grids of 3³ to 21³ points perturbed by 1e-15
 * to 1e-11 need at most three steps; a 3e-5-thick elliptic cylinder 1e4 long (quickhull.test.ts) needs eight.
 */
const HULL_TOLERANCE_STEPS = 10;

/**
 * Builds above this many points first build two tiny hulls, once per process (see primeTypeFeedback).
 */
const PRIME_MIN_POINTS = 2048;
let primed = false;

/**
 * Builds two tiny hulls (a cloud with interior points, and a cube with face centres and edge
 * midpoints, which exercises merging) so that every code path of a build has run once before a big
 * build makes V8 compile its loops on-stack (OSR). OSR code compiled while the code after a loop had
 * never run deoptimises when it gets there, and V8 kept re-entering such code on later builds: in a
 * process whose first build had 100,000 points, `finish` then deoptimised up to 8,751 times and
 * `packSolid` up to 342 times over 3,000 small builds (test/deopt.test.ts). Costs about 10 ms once
 * per process, run cold; a first build of 3,000 points takes 30–45 ms cold with or without it.
 */
function primeTypeFeedback(): void {
  primed = true;
  const cloud = new Float64Array(3 * 48);
  for (let i = 0; i < 48; i++) {
    // Points on a Fibonacci sphere, every third one pulled halfway in.
    const z = 1 - (2 * i + 1) / 48, r = Math.sqrt(1 - z * z), a = 2.399963229728653 * i, s = i % 3 === 0 ? 0.5 : 1;
    cloud[3 * i] = s * r * Math.cos(a);
    cloud[3 * i + 1] = s * r * Math.sin(a);
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
 * Writes into `ext` the indices of the points with the smallest and largest x, y and z (the first
 * index on ties), and into `abs` the largest |x|, |y| and |z|, in one pass.
 *
 * A function of its own, with nothing after the loop but stores, for V8: a first build of many points
 * compiles the loop on-stack (OSR) before the code after it has ever run. When that code was in
 * buildHullFromCoords, the OSR code deoptimised there ("insufficient type feedback") and was entered
 * again on later builds: 1,563 deoptimisations in 3,500 builds of 1,000 points after two of 100,000
 * (whose median time was then 0.74–0.78 ms against 0.65 without the big builds first). The scans of
 * `run` (furthestFromLine, furthestFromPlane, QuickhullBuilder.partition) are split out the same way;
 * now such a sequence deoptimises a handful of times in all.
 */
/**
 * Index of the point furthest from the line through a with unit direction u (the first on ties). A
 * function of its own for V8's sake, like axisExtremes.
 */
function furthestFromLine(
  p: Float64Array, n: number, ax: number, ay: number, az: number, ux: number, uy: number, uz: number,
): number {
  let ic = 0, best = -1;
  for (let i = 0; i < n; i++) {
    const wx = p[3 * i] - ax, wy = p[3 * i + 1] - ay, wz = p[3 * i + 2] - az;
    const cx = wy * uz - wz * uy, cy = wz * ux - wx * uz, cz = wx * uy - wy * ux;
    const d = cx * cx + cy * cy + cz * cz;
    if (d > best) {
      best = d;
      ic = i;
    }
  }
  return ic;
}

/** Index of the point furthest from the plane through a with unit normal n, on either side (the first on ties). */
function furthestFromPlane(
  p: Float64Array, n: number, ax: number, ay: number, az: number, nx: number, ny: number, nz: number,
): number {
  let id = 0, best = -1;
  for (let i = 0; i < n; i++) {
    const d = Math.abs(nx * (p[3 * i] - ax) + ny * (p[3 * i + 1] - ay) + nz * (p[3 * i + 2] - az));
    if (d > best) {
      best = d;
      id = i;
    }
  }
  return id;
}

function axisExtremes(p: Float64Array, n: number, ext: Int32Array, abs: Float64Array): void {
  let x0 = p[0], x1 = x0, y0 = p[1], y1 = y0, z0 = p[2], z1 = z0;
  let ix0 = 0, ix1 = 0, iy0 = 0, iy1 = 0, iz0 = 0, iz1 = 0;
  for (let i = 1; i < n; i++) {
    const x = p[3 * i], y = p[3 * i + 1], z = p[3 * i + 2];
    if (x < x0) { x0 = x; ix0 = i; }
    if (x > x1) { x1 = x; ix1 = i; }
    if (y < y0) { y0 = y; iy0 = i; }
    if (y > y1) { y1 = y; iy1 = i; }
    if (z < z0) { z0 = z; iz0 = i; }
    if (z > z1) { z1 = z; iz1 = i; }
  }
  ext[0] = ix0; ext[1] = ix1; ext[2] = iy0; ext[3] = iy1; ext[4] = iz0; ext[5] = iz1;
  abs[0] = x1 > -x0 ? x1 : -x0;
  abs[1] = y1 > -y0 ? y1 : -y0;
  abs[2] = z1 > -z0 ? z1 : -z0;
}

// ---------------------------------------------------------------------------------------------------------------------

const NONE = -1;

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
const EMPTY_COORDS = new Float64Array(0);
const EMPTY_INTS = new Int32Array(0);

/**
 * Solid builds of at least this many points first copy the points into grid-cell order (sortInput),
 * so that the points of one outside set lie close together in memory. At 100,000 points the build
 * otherwise spends much of its time on cache misses: the same build on input presorted along a Morton
 * curve (outside the timing) took 32 instead of 40 ms in a ball and 508 instead of 610 ms on a
 * sphere. A full sort costs more than that gains here (14 ms by radix sort at 100,000 points); one
 * counting-sort pass over a 32³ grid costs about 6 ms and keeps most of the gain: 7 % faster in a
 * ball, 20 % on a sphere (same-process A/B, medians). At 10,000 points the gain is within noise;
 * below that, everything fits in cache.
 */
const SORT_MIN_POINTS = 1 << 13;

/**
 * Builds of at least this many points discard the points inside an inner ball first (see
 * QuickhullBuilder.innerBall), found from the hull of every SAMPLE_STRIDE-th point.
 */
const SAMPLE_MIN_POINTS = SORT_MIN_POINTS;
const SAMPLE_STRIDE = 32;
const SAMPLE_EXTREMES = new Int32Array(6);
const SAMPLE_ABS = new Float64Array(3);

/**
 * A point found above a face by at most this many ε is assigned to the face it is furthest above, not
 * to the first one found. A point nearly coplanar with some faces can lie far above another: on a grid
 * perturbed by 1e-13 (ε = 9.6e-14), a point 2.3ε above its first face was 0.12 above a face two steps
 * away, with a face between seeing it by 0.4ε. Made the apex of its first face, its walk stopped at
 * that middle face (visible means more than ε above), so the far face survived with the point 0.12
 * outside it (quickhull.test.ts, golden). Points clearly above their first face keep the first.
 */
const NEAR_FACE = 16;

/**
 * absorbFolds: a new face whose smallest altitude is at most this many ε is a needle, and the nearly
 * coplanar face beyond its horizon edge joins the visible set. At most FOLD_ROUNDS such rounds (each
 * a new walk) per apex step. On ten 8³ grids perturbed by 1e-13, 140 of 516 apex steps took a round,
 * 15 of them a second and one a third; in 1,000 and 100,000 points in a ball and 100,000 on a sphere
 * none did.
 */
const NEEDLE = 2;
const FOLD_ROUNDS = 8;

/** Scratch plane of QuickhullBuilder.cornerPlane and polygonHull (see polygonNormal). */
const CORNER_PLANE = new Float64Array(4);

/** Results of QuickhullBuilder.emitGroup. */
const GROUP_OK = 0;
const GROUP_BENT = 1;
const GROUP_BAD = 2;

/** One build. Faces are triangles in flat arrays; `fa[3f + e]` is the face across edge `fv[3f+e] → fv[3f+(e+1)%3]`. */
class QuickhullBuilder {
  p: Float64Array = EMPTY_COORDS;
  n = 0;
  eps = 0;

  cap = 0;
  count = 0;
  fv = new Int32Array(0);
  fa = new Int32Array(0);
  /** Plane of each face: unit normal xyz and offset. */
  fp = new Float64Array(0);
  alive = new Uint8Array(0);
  /** Outside set of each face: head of a linked list through `ptNext`. */
  head = new Int32Array(0);
  far = new Int32Array(0);
  farDist = new Float64Array(0);
  mark = new Int32Array(0);
  /** Faces an apex step must treat as visible (see absorbFolds): those with `forced[f] === forceStamp`. */
  forced = new Int32Array(0);
  forceStamp = 0;
  /** Horizon faces of the last walk that the apex is within ε of (more than −ε from their plane). */
  hNear = 0;
  /**
   * Free face slots (a stack of `freeTop` entries) and the faces waiting for an apex step (a FIFO queue,
   * `queue[qHead .. qTail)`). Typed, not JS arrays: at 100,000 points a JS queue grew to megabytes of
   * old-space garbage per build, and in a process with a large heap each build then paid for a full GC.
   */
  free = new Int32Array(0);
  freeTop = 0;
  queue = new Int32Array(64);
  qHead = 0;
  qTail = 0;
  ptNext = new Int32Array(0);
  /**
   * Points dropped as inside while within ε of a face (`near[0 .. nearCount)`): checked against the
   * finished hull (see coversNear).
   */
  near = new Int32Array(0);
  nearCount = 0;
  stamp = 0;
  /**
   * When the input was put in Morton order (SORT_MIN_POINTS), `p` is the sorted copy, `order[j]` the
   * input index of sorted point j, and `src` the caller's array; otherwise `order` is empty and `p` is
   * the input itself.
   */
  order: Int32Array = EMPTY_INTS;
  /** Working arrays of the Morton sort (see sortInput), kept with the builder like the others. */
  sorted = new Float64Array(0);
  keys = new Uint32Array(0);
  perm = new Int32Array(0);
  perm2 = new Int32Array(0);
  /** Inner ball of a big build (see innerBall); `ballR2` −1 when there is none. */
  ballX = 0;
  ballY = 0;
  ballZ = 0;
  ballR2 = -1;
  /** The sample of innerBall and the builder of its hull, kept with this one. */
  sample = new Float64Array(0);
  sub: QuickhullBuilder | null = null;

  // Scratch of one apex step, typed and sized by the largest step so far (`stepCap`, see growStep),
  // not by the face count: at 100,000 points on a sphere, sizing it like the face arrays tripled the
  // memory a build allocates.
  visible = new Int32Array(0);
  visCount = 0;
  hF = new Int32Array(0);
  hE = new Int32Array(0);
  hCount = 0;
  sF = new Int32Array(0);
  sE = new Int32Array(0);
  sL = new Int32Array(0);
  visHeads = new Int32Array(0);
  newFaces = new Int32Array(0);
  hA = new Int32Array(0);
  hB = new Int32Array(0);
  hOpp = new Int32Array(0);
  hOppEdge = new Int32Array(0);
  /** Entries in each step scratch array (`visible` .. `np`), sized by the largest step so far. */
  stepCap = 0;
  /** Planes of the new faces of one apex step, packed (scratch of the reassignment). */
  np = new Float64Array(0);
  vStamp = new Int32Array(0);
  vCounter = 0;
  /** Scratch of `finish`: per point (nA..nD) and per face slot (parent, inGroup). */
  nA = new Int32Array(0);
  nB = new Int32Array(0);
  nC = new Int32Array(0);
  nD = new Int32Array(0);
  parent = new Int32Array(0);
  inGroup = new Uint8Array(0);
  /**
   * Polygon loops of `finish`, typed and sized there by the face slots in use: loop `k` is
   * `loopVerts[loopStart[k] .. loopStart[k + 1])` with normal `loopNormals[3k .. 3k + 3)`.
   */
  loopStart = new Int32Array(0);
  loopVerts = new Int32Array(0);
  loopNormals = new Float64Array(0);
  loopCount = 0;
  /** Scratch of cornerPlane: the corners a merged loop keeps. */
  kept = new Int32Array(0);

  /**
   * Prepares the builder for a build of `n` points, keeping every working array that is big enough.
   * Every face slot is written before it is read (allocFace initialises a face's slots), except the
   * vertex stamps, which stay valid because their counter carries over with them.
   */
  reset(p: Float64Array, n: number, eps: number): this {
    this.p = p;
    this.n = n;
    this.eps = eps;
    this.count = 0;
    this.stamp = 0;
    this.forceStamp = 0;
    this.nearCount = 0;
    this.freeTop = 0;
    this.qHead = 0;
    this.qTail = 0;
    this.order = EMPTY_INTS;
    if (this.ptNext.length < n || this.vCounter >= 0x3fffffff) {
      this.ptNext = new Int32Array(n);
      this.near = new Int32Array(n);
      this.vStamp = new Int32Array(n);
      this.vCounter = 0;
      this.nA = new Int32Array(n);
      this.nB = new Int32Array(n);
      this.nC = new Int32Array(n);
      this.nD = new Int32Array(n);
    }
    const want = Math.min(Math.max(64, 2 * n + 8), 4096);
    if (this.cap < want) this.grow(want);
    // Small on purpose: every build of a few dozen points then grows it during a walk, so tests cover that path.
    if (this.stepCap < 8) this.growStep(8);
    return this;
  }

  /** Hands the working arrays to the next build (drops the reference to the input). */
  release(): void {
    this.p = EMPTY_COORDS;
    this.order = EMPTY_INTS;
    this.freeTop = 0;
    this.qHead = 0;
    this.qTail = 0;
    if (this.n <= SPARE_MAX_POINTS) spare = this;
    else bigSpare = new WeakRef(this);
  }

  grow(cap: number): void {
    const fv = new Int32Array(3 * cap); fv.set(this.fv); this.fv = fv;
    const fa = new Int32Array(3 * cap); fa.set(this.fa); this.fa = fa;
    const fp = new Float64Array(4 * cap); fp.set(this.fp); this.fp = fp;
    const alive = new Uint8Array(cap); alive.set(this.alive); this.alive = alive;
    const head = new Int32Array(cap); head.set(this.head); this.head = head;
    const far = new Int32Array(cap); far.set(this.far); this.far = far;
    const farDist = new Float64Array(cap); farDist.set(this.farDist); this.farDist = farDist;
    const mark = new Int32Array(cap); mark.set(this.mark); this.mark = mark;
    const forced = new Int32Array(cap); forced.set(this.forced); this.forced = forced;
    this.free = growInt(this.free, cap);
    this.cap = cap;
  }

  /**
   * Grows the scratch of one apex step to at least `size` entries, keeping its contents (a walk may be
   * under way). A step with V visible faces has at most 3V horizon edges and new faces, so callers keep
   * `stepCap ≥ 3 · visCount + 3`; steps are small, so this stays far below the face count.
   */
  growStep(size: number): void {
    const cap = Math.max(size, 2 * this.stepCap);
    this.visible = growInt(this.visible, cap);
    this.hF = growInt(this.hF, cap);
    this.hE = growInt(this.hE, cap);
    this.sF = growInt(this.sF, cap);
    this.sE = growInt(this.sE, cap);
    this.sL = growInt(this.sL, cap);
    this.visHeads = growInt(this.visHeads, cap);
    this.newFaces = growInt(this.newFaces, cap);
    this.hA = growInt(this.hA, cap);
    this.hB = growInt(this.hB, cap);
    this.hOpp = growInt(this.hOpp, cap);
    this.hOppEdge = growInt(this.hOppEdge, cap);
    this.np = new Float64Array(4 * cap);
    this.stepCap = cap;
  }

  /** Appends face `f` to the queue of faces waiting for an apex step. */
  enqueue(f: number): void {
    if (this.qTail === this.queue.length) {
      if (2 * this.qHead >= this.qTail) {
        // At least half the queue is consumed: slide the waiting entries to the front.
        this.queue.copyWithin(0, this.qHead, this.qTail);
      } else {
        const q = new Int32Array(2 * this.queue.length);
        q.set(this.queue.subarray(this.qHead, this.qTail));
        this.queue = q;
      }
      this.qTail -= this.qHead;
      this.qHead = 0;
    }
    this.queue[this.qTail++] = f;
  }

  allocFace(a: number, b: number, c: number): number {
    let f: number;
    if (this.freeTop > 0) f = this.free[--this.freeTop];
    else {
      if (this.count === this.cap) this.grow(2 * this.cap);
      f = this.count++;
    }
    const fv = this.fv;
    fv[3 * f] = a;
    fv[3 * f + 1] = b;
    fv[3 * f + 2] = c;
    this.alive[f] = 1;
    this.head[f] = NONE;
    this.far[f] = NONE;
    this.farDist[f] = 0;
    this.mark[f] = 0;
    this.forced[f] = 0;
    this.computePlane(f);
    return f;
  }

  computePlane(f: number): void {
    const fv = this.fv;
    trianglePlane(this.p, fv[3 * f], fv[3 * f + 1], fv[3 * f + 2], this.fp, 4 * f);
  }

  dist(f: number, i: number): number {
    const fp = this.fp, p = this.p;
    return fp[4 * f] * p[3 * i] + fp[4 * f + 1] * p[3 * i + 1] + fp[4 * f + 2] * p[3 * i + 2] - fp[4 * f + 3];
  }

  addToOutside(f: number, i: number, d: number): void {
    const h = this.head[f];
    this.ptNext[i] = h;
    this.head[f] = i;
    if (h === NONE) this.enqueue(f);
    if (d > this.farDist[f]) {
      this.farDist[f] = d;
      this.far[f] = i;
    }
  }

  /**
   * `ext`: the indices of the points with the smallest and largest x, y and z (see axisExtremes).
   * Null when the merged faces are inconsistent at this tolerance (see finish).
   */
  run(ext: Int32Array): Hull | null {
    const low = this.expand(ext, true);
    if (low !== null) return low;
    const hull = this.finish();
    return hull !== null && this.coversNear(hull) ? hull : null;
  }

  /**
   * Whether every point dropped within ε of a face (`near`) lies within 4ε of every face of the
   * finished hull (what validateHull checks), when near points × faces is within COVER_CHECK_BUDGET.
   * A point dropped as within ε of one face can end up further outside a later one: on a slab of six
   * lattice points perturbed by 1e-12 (12ε thick; lattice seed 17475), a corner of the slab was dropped
   * so and missed by 7.7ε. A build that fails this goes on to the next tolerance step.
   */
  coversNear(hull: Hull): boolean {
    const m = this.nearCount;
    if (m === 0 || m * hull.faceCount > COVER_CHECK_BUDGET) return true;
    for (let k = 0; k < m; k++) if (!belowFaces(hull, this.p, this.near[k], 4 * this.eps)) return false;
    return true;
  }

  /**
   * Quickhull up to the finished triangulation: returns the point, segment or polygon hull of an input
   * of lower dimension, else null with the triangles in the face arrays. `filter`: discard the points
   * inside an inner ball first (see innerBall), for builds of SAMPLE_MIN_POINTS or more.
   */
  expand(ext: Int32Array, filter: boolean): Hull | null {
    const p = this.p, n = this.n, eps = this.eps;
    // The two extreme points furthest apart.
    let ia = 0, ib = 0, best = -1;
    for (let s = 0; s < 6; s++) {
      for (let t = s + 1; t < 6; t++) {
        const d = dist2(p, ext[s], ext[t]);
        if (d > best) {
          best = d;
          ia = ext[s];
          ib = ext[t];
        }
      }
    }
    if (Math.sqrt(best) <= eps) return pointHull(p, eps);
    // The point furthest from line ab.
    const ax = p[3 * ia], ay = p[3 * ia + 1], az = p[3 * ia + 2];
    let ux = p[3 * ib] - ax, uy = p[3 * ib + 1] - ay, uz = p[3 * ib + 2] - az;
    const ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
    ux /= ul; uy /= ul; uz /= ul;
    const ic = furthestFromLine(p, n, ax, ay, az, ux, uy, uz);
    {
      const wx = p[3 * ic] - ax, wy = p[3 * ic + 1] - ay, wz = p[3 * ic + 2] - az;
      const cx = wy * uz - wz * uy, cy = wz * ux - wx * uz, cz = wx * uy - wy * ux;
      best = cx * cx + cy * cy + cz * cz;
    }
    if (Math.sqrt(best) <= eps) return segmentHull(p, n, ux, uy, uz, eps);
    // The point furthest from plane abc.
    const vx0 = p[3 * ic] - ax, vy0 = p[3 * ic + 1] - ay, vz0 = p[3 * ic + 2] - az;
    let nx = uy * vz0 - uz * vy0, ny = uz * vx0 - ux * vz0, nz = ux * vy0 - uy * vx0;
    const nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
    nx /= nl; ny /= nl; nz /= nl;
    const id = furthestFromPlane(p, n, ax, ay, az, nx, ny, nz);
    const bestSigned = nx * (p[3 * id] - ax) + ny * (p[3 * id + 1] - ay) + nz * (p[3 * id + 2] - az);
    if (Math.abs(bestSigned) <= eps) return polygonHull(p, n, ia, nx, ny, nz, ux, uy, uz, eps);

    // Initial tetrahedron, oriented so that d lies below base abc.
    let a = ia, b = ib, c = ic;
    let d = id;
    if (bestSigned > 0) {
      b = ic;
      c = ib;
    }
    if (n >= SORT_MIN_POINTS) {
      const inv = this.sortInput(ext);
      a = inv[a]; b = inv[b]; c = inv[c]; d = inv[d];
    }
    this.ballR2 = -1;
    if (filter && n >= SAMPLE_MIN_POINTS) this.innerBall();
    const f0 = this.allocFace(a, b, c);
    const f1 = this.allocFace(b, a, d);
    const f2 = this.allocFace(c, b, d);
    const f3 = this.allocFace(a, c, d);
    const fa = this.fa;
    fa[3 * f0] = f1; fa[3 * f0 + 1] = f2; fa[3 * f0 + 2] = f3;
    fa[3 * f1] = f0; fa[3 * f1 + 1] = f3; fa[3 * f1 + 2] = f2;
    fa[3 * f2] = f0; fa[3 * f2 + 1] = f1; fa[3 * f2 + 2] = f3;
    fa[3 * f3] = f0; fa[3 * f3 + 1] = f2; fa[3 * f3 + 2] = f1;
    this.partition(a, b, c, d);

    // First in, first out: expanding every face of the current hull before its children grows the hull
    // evenly and discards inside points early (about half the distance tests of last-in-first-out on a ball).
    while (this.qHead < this.qTail) {
      const f = this.queue[this.qHead++];
      if (this.alive[f] === 0 || this.head[f] === NONE) continue;
      this.addApex(f);
    }
    return null;
  }

  /**
   * Sets the inner ball (`ballX`, `ballY`, `ballZ`, `ballR2`) that partition discards points in: a
   * ball inside the hull of every SAMPLE_STRIDE-th point, so inside the hull of all of them. Most of a
   * big build's work in a filled cloud is discarding interior points (at 100,000 points in a ball, 62 %
   * of the reassignment's plane tests were spent on the 90,000 points that end up inside), each after
   * a few trips through outside sets; a point in this ball costs one distance test instead. The centre
   * is the sample's mean, the radius its distance to the nearest face of the sample's hull less 4ε
   * (the sample's triangulation may be non-convex by ε), so that a discarded point lies inside the
   * hull of all points by more than the build's tolerance and could not change it. The points come in
   * grid-cell order (sortInput), so a stride samples the whole cloud. No ball when the sample's hull is flat.
   */
  innerBall(): void {
    const p = this.p, n = this.n, eps = this.eps;
    const m = Math.floor(n / SAMPLE_STRIDE);
    if (this.sample.length < 3 * m) this.sample = new Float64Array(3 * m);
    const q = this.sample;
    let cx = 0, cy = 0, cz = 0;
    for (let j = 0; j < m; j++) {
      const i = 3 * j * SAMPLE_STRIDE;
      const x = p[i], y = p[i + 1], z = p[i + 2];
      q[3 * j] = x; q[3 * j + 1] = y; q[3 * j + 2] = z;
      cx += x; cy += y; cz += z;
    }
    cx /= m; cy /= m; cz /= m;
    let sub = this.sub;
    if (sub === null) sub = this.sub = new QuickhullBuilder();
    sub.reset(q, m, eps);
    axisExtremes(q, m, SAMPLE_EXTREMES, SAMPLE_ABS);
    const flat = sub.expand(SAMPLE_EXTREMES, false) !== null;
    const r = flat ? 0 : sub.inradius(cx, cy, cz) - 4 * eps;
    sub.p = EMPTY_COORDS;
    sub.order = EMPTY_INTS;
    if (!(r > 0)) return;
    this.ballX = cx; this.ballY = cy; this.ballZ = cz;
    this.ballR2 = r * r;
  }

  /** Distance from (x, y, z) to the nearest face plane of the build (negative when outside one). */
  inradius(x: number, y: number, z: number): number {
    const fp = this.fp, alive = this.alive;
    let r = Infinity;
    for (let f = 0; f < this.count; f++) {
      if (alive[f] === 0) continue;
      const d = fp[4 * f + 3] - (fp[4 * f] * x + fp[4 * f + 1] * y + fp[4 * f + 2] * z);
      if (d < r) r = d;
    }
    return r;
  }

  /**
   * Replaces `p` by a copy of the points ordered by the cell of a 32³ grid over their bounding box
   * that holds them, cells in Morton (Z-curve) order (one stable counting-sort pass: bucketByCell),
   * and sets `order`. Returns the inverse permutation (input index → sorted index), in an array that
   * packSolid later uses as scratch. `ext`: the axis extremes (see axisExtremes), which give the bounding box.
   */
  sortInput(ext: Int32Array): Int32Array {
    const p = this.p, n = this.n;
    if (this.perm.length < n) {
      this.sorted = new Float64Array(3 * n);
      this.keys = new Uint32Array(n);
      this.perm = new Int32Array(n);
      this.perm2 = new Int32Array(n);
    }
    const x0 = p[3 * ext[0]], y0 = p[3 * ext[2] + 1], z0 = p[3 * ext[4] + 2];
    const ex = p[3 * ext[1]] - x0, ey = p[3 * ext[3] + 1] - y0, ez = p[3 * ext[5] + 2] - z0;
    // Cells per unit length; a flat extent (0) maps every point to cell 0.
    const g = GRID_CELLS - 0.5;
    const sx = ex > 0 ? g / ex : 0, sy = ey > 0 ? g / ey : 0, sz = ez > 0 ? g / ez : 0;
    // perm: input → sorted index; afterwards scratch of packSolid.
    const order = this.perm2, inv = this.perm, q = this.sorted;
    bucketByCell(p, n, x0, y0, z0, sx, sy, sz, this.keys, order, inv, q);
    this.p = q;
    this.order = order;
    return inv;
  }

  /**
   * Puts every point but the tetrahedron's corners a..d into the outside set of the first of faces 0..3
   * it lies above by more than ε. (Its own method, like the scans in furthestFromLine: see axisExtremes.)
   */
  partition(a: number, b: number, c: number, d: number): void {
    const p = this.p, n = this.n, eps = this.eps, fp = this.fp;
    const bx = this.ballX, by = this.ballY, bz = this.ballZ, r2 = this.ballR2;
    for (let i = 0; i < n; i++) {
      if (i === a || i === b || i === c || i === d) continue;
      const x = p[3 * i], y = p[3 * i + 1], z = p[3 * i + 2];
      if ((x - bx) * (x - bx) + (y - by) * (y - by) + (z - bz) * (z - bz) < r2) continue;
      let f = 0, near = false;
      for (; f < 4; f++) {
        let dd = fp[4 * f] * x + fp[4 * f + 1] * y + fp[4 * f + 2] * z - fp[4 * f + 3];
        if (dd > eps) {
          let best = f;
          if (dd <= NEAR_FACE * eps) {
            // Barely above this face: take the face it is furthest above (see NEAR_FACE).
            for (let g = f + 1; g < 4; g++) {
              const d2 = fp[4 * g] * x + fp[4 * g + 1] * y + fp[4 * g + 2] * z - fp[4 * g + 3];
              if (d2 > dd) {
                dd = d2;
                best = g;
              }
            }
          }
          this.addToOutside(best, i, dd);
          break;
        }
        if (dd > -eps) near = true;
      }
      // Dropped within ε of a face: checked against the finished hull (coversNear).
      if (f === 4 && near) this.near[this.nearCount++] = i;
    }
  }

  /** Adds the furthest outside point of face `f0` to the hull (Barber et al. §2, one iteration). */
  addApex(f0: number): void {
    const eye = this.far[f0];
    let stamp = ++this.stamp;
    const fs = ++this.forceStamp;
    let walked = this.walkVisible(f0, eye, stamp, fs);
    // Rare: a horizon face nearly coplanar with the apex folds the new cone inwards (see absorbFolds).
    for (let round = 0; walked && this.hNear > 0 && round < FOLD_ROUNDS && this.absorbFolds(eye, fs); round++) {
      stamp = ++this.stamp;
      walked = this.walkVisible(f0, eye, stamp, fs);
    }
    if (!walked) {
      // Roundoff made the visible set a non-disk: fill its holes and walk again by the marks.
      this.fillHoles(stamp, eye);
      if (!this.traceHorizon(f0, stamp)) {
        // Still not a disk: only roundoff-level configurations reach here; the apex is within ε of
        // the planes that see it, so it counts as on the hull. Remove it from its outside set.
        this.removeFromOutside(f0, eye);
        this.near[this.nearCount++] = eye;
        if (this.head[f0] !== NONE) this.enqueue(f0);
        return;
      }
    }
    const fv = this.fv, fa = this.fa, eps = this.eps;
    // Collect horizon edges and outside sets before recycling the visible faces.
    const hF = this.hF, hE = this.hE, h = this.hCount;
    const hA = this.hA, hB = this.hB, hOpp = this.hOpp, hOppEdge = this.hOppEdge;
    for (let k = 0; k < h; k++) {
      const f = hF[k], e = hE[k];
      const g = fa[3 * f + e];
      hA[k] = fv[3 * f + e];
      hB[k] = fv[3 * f + (e === 2 ? 0 : e + 1)];
      hOpp[k] = g;
      hOppEdge[k] = fa[3 * g] === f ? 0 : fa[3 * g + 1] === f ? 1 : 2;
    }
    const visible = this.visible, visCount = this.visCount, visHeads = this.visHeads, head = this.head;
    let nHeads = 0;
    for (let k = 0; k < visCount; k++) {
      const f = visible[k];
      if (head[f] !== NONE) visHeads[nHeads++] = head[f];
      this.alive[f] = 0;
      this.free[this.freeTop++] = f;
    }
    // Cone of new faces over the horizon: face k is (a_k, b_k, eye); edge 1 (b_k → eye) borders face
    // k+1, edge 2 (eye → a_k) borders face k−1. (allocFace may grow the arrays: re-read them after.)
    for (let k = 0; k < h; k++) {
      const nf = this.allocFace(this.hA[k], this.hB[k], eye);
      this.newFaces[k] = nf; // after the call: it may have replaced the array
    }
    const newFaces = this.newFaces, fa2 = this.fa, heads = this.visHeads, opp = this.hOpp, oppEdge = this.hOppEdge;
    for (let k = 0; k < h; k++) {
      const nf = newFaces[k];
      const g = opp[k];
      fa2[3 * nf] = g;
      fa2[3 * g + oppEdge[k]] = nf;
      fa2[3 * nf + 1] = newFaces[k + 1 === h ? 0 : k + 1];
      fa2[3 * nf + 2] = newFaces[k === 0 ? h - 1 : k - 1];
    }
    // Reassign the outside points of the visible faces to the new faces (or drop them: inside). The new
    // planes are copied next to each other first, so the inner loop reads them in order.
    const p = this.p, fp = this.fp, ptNext = this.ptNext, np = this.np;
    for (let k = 0; k < h; k++) {
      const f = 4 * newFaces[k];
      np[4 * k] = fp[f]; np[4 * k + 1] = fp[f + 1]; np[4 * k + 2] = fp[f + 2]; np[4 * k + 3] = fp[f + 3];
    }
    const headArr = this.head, far = this.far, farDist = this.farDist;
    let last = 0;
    for (let s = 0; s < nHeads; s++) {
      let i = heads[s];
      while (i !== NONE) {
        const next = ptNext[i];
        if (i !== eye) {
          const x = p[3 * i], y = p[3 * i + 1], z = p[3 * i + 2];
          let k = last, t = 0, near = false;
          for (; t < h; t++) {
            const o = 4 * k;
            let dd = np[o] * x + np[o + 1] * y + np[o + 2] * z - np[o + 3];
            if (dd > eps) {
              if (dd <= NEAR_FACE * eps) {
                // Barely above this face: take the face it is furthest above (see NEAR_FACE).
                for (let t2 = t + 1, k2 = k; t2 < h; t2++) {
                  if (++k2 === h) k2 = 0;
                  const o2 = 4 * k2;
                  const d2 = np[o2] * x + np[o2 + 1] * y + np[o2 + 2] * z - np[o2 + 3];
                  if (d2 > dd) {
                    dd = d2;
                    k = k2;
                  }
                }
              }
              const f = newFaces[k];
              const hd = headArr[f];
              ptNext[i] = hd;
              headArr[f] = i;
              if (hd === NONE) this.enqueue(f);
              if (dd > farDist[f]) {
                farDist[f] = dd;
                far[f] = i;
              }
              last = k;
              break;
            }
            if (dd > -eps) near = true;
            if (++k === h) k = 0;
          }
          // Dropped within ε of a new face: checked against the finished hull (coversNear).
          if (t === h && near) this.near[this.nearCount++] = i;
        }
        i = next;
      }
    }
  }

  /**
   * Finds the faces that see `eye` by more than ε, depth-first from `f0` over face neighbours, and
   * collects the horizon edges in counter-clockwise order as it meets them. Marks visible faces `stamp`
   * and tested invisible ones `−stamp`. Returns false unless the horizon is one simple closed loop.
   */
  walkVisible(f0: number, eye: number, stamp: number, fs: number): boolean {
    const fa = this.fa, fp = this.fp, mark = this.mark, forced = this.forced, p = this.p, eps = this.eps;
    const ex = p[3 * eye], ey = p[3 * eye + 1], ez = p[3 * eye + 2];
    let visible = this.visible, hF = this.hF, hE = this.hE, sF = this.sF, sE = this.sE, sL = this.sL;
    let visCount = 0, h = 0, top = 0, near = 0;
    mark[f0] = stamp;
    visible[visCount++] = f0;
    sF[0] = f0; sE[0] = 0; sL[0] = 3;
    while (top >= 0) {
      if (sL[top] === 0) {
        top--;
        continue;
      }
      const f = sF[top], e = sE[top];
      sE[top] = e === 2 ? 0 : e + 1;
      sL[top]--;
      const g = fa[3 * f + e];
      const mg = mark[g];
      if (mg === stamp) continue;
      let d = -Infinity;
      if (mg !== -stamp && ((d = fp[4 * g] * ex + fp[4 * g + 1] * ey + fp[4 * g + 2] * ez - fp[4 * g + 3]) > eps ||
        forced[g] === fs)) {
        mark[g] = stamp;
        if (3 * visCount + 6 > this.stepCap) {
          this.growStep(3 * visCount + 6);
          visible = this.visible; hF = this.hF; hE = this.hE; sF = this.sF; sE = this.sE; sL = this.sL;
        }
        visible[visCount++] = g;
        const j = fa[3 * g] === f ? 0 : fa[3 * g + 1] === f ? 1 : 2;
        top++;
        sF[top] = g; sE[top] = j === 2 ? 0 : j + 1; sL[top] = 2;
      } else {
        if (d > -eps) near++;
        mark[g] = -stamp;
        hF[h] = f;
        hE[h] = e;
        h++;
      }
    }
    this.visCount = visCount;
    this.hCount = h;
    this.hNear = near;
    return this.horizonIsLoop();
  }

  /**
   * Marks `forced` (with `fs`) the horizon faces that the apex is within ε of and that the new face
   * over their edge would fold inwards against, and returns whether it marked any. Such a face is not
   * visible (the apex is at most ε above it), but when the apex is nearly collinear with the edge, the
   * new face (a, b, apex) is a needle whose plane roundoff and ε-sized offsets can point anywhere: on
   * a lattice perturbed by 1e-13, a needle's plane dropped a point 0.44 outside the hull as inside
   * (quickhull.test.ts, golden). Marked when the new face's smallest altitude is at most NEEDLE ε, or
   * when the face's third corner lies more than ε above the new face's plane (an inward fold). Taking
   * the face into the visible set moves the hull by at most ε there: the apex is within ε of its plane
   * and, in the needle case, the corner between is within NEEDLE ε of the segment from the other
   * corner to the apex.
   */
  absorbFolds(eye: number, fs: number): boolean {
    const fv = this.fv, fa = this.fa, p = this.p, eps = this.eps, forced = this.forced, hF = this.hF, hE = this.hE;
    const ex = p[3 * eye], ey = p[3 * eye + 1], ez = p[3 * eye + 2];
    let any = false;
    for (let k = 0; k < this.hCount; k++) {
      const f = hF[k], e = hE[k];
      const g = fa[3 * f + e];
      if (forced[g] === fs || !(this.dist(g, eye) > -eps)) continue;
      const a = 3 * fv[3 * f + e], b = 3 * fv[3 * f + (e === 2 ? 0 : e + 1)];
      const ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2];
      const wx = ex - p[a], wy = ey - p[a + 1], wz = ez - p[a + 2];
      const nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
      const area2 = Math.sqrt(nx * nx + ny * ny + nz * nz);
      const vx = ex - p[b], vy = ey - p[b + 1], vz = ez - p[b + 2];
      const longest = Math.sqrt(Math.max(ux * ux + uy * uy + uz * uz, wx * wx + wy * wy + wz * wz, vx * vx + vy * vy + vz * vz));
      let fold = !(area2 > NEEDLE * eps * longest);
      if (!fold) {
        const j = fa[3 * g] === f ? 0 : fa[3 * g + 1] === f ? 1 : 2;
        const c = 3 * fv[3 * g + (j === 0 ? 2 : j - 1)];
        fold = (nx * (p[c] - p[a]) + ny * (p[c + 1] - p[a + 1]) + nz * (p[c + 2] - p[a + 2])) / area2 > eps;
      }
      if (fold) {
        forced[g] = fs;
        any = true;
      }
    }
    return any;
  }

  /** True when the collected horizon edges chain into one closed loop through distinct vertices. */
  horizonIsLoop(): boolean {
    const fv = this.fv, hF = this.hF, hE = this.hE, h = this.hCount, vStamp = this.vStamp;
    if (h < 3) return false;
    const vs = ++this.vCounter;
    for (let k = 0; k < h; k++) {
      const f = hF[k], e = hE[k];
      const a = fv[3 * f + e];
      const b = fv[3 * f + (e === 2 ? 0 : e + 1)];
      const k2 = k + 1 === h ? 0 : k + 1;
      if (fv[3 * hF[k2] + hE[k2]] !== b) return false;
      if (vStamp[a] === vs) return false;
      vStamp[a] = vs;
    }
    return true;
  }

  /**
   * Walks the boundary of the faces marked `stamp` depth-first from `f0`, collecting horizon edges in
   * counter-clockwise order. Returns false unless they form one simple closed loop.
   */
  traceHorizon(f0: number, stamp: number): boolean {
    const fa = this.fa, mark = this.mark;
    const hF = this.hF, hE = this.hE, sF = this.sF, sE = this.sE, sL = this.sL;
    let h = 0, top = 0;
    const visitStamp = -(stamp + 0x40000000); // faces entered by the walk; distinct from ±stamp
    mark[f0] = visitStamp;
    sF[0] = f0; sE[0] = 0; sL[0] = 3;
    while (top >= 0) {
      if (sL[top] === 0) {
        top--;
        continue;
      }
      const f = sF[top], e = sE[top];
      sE[top] = e === 2 ? 0 : e + 1;
      sL[top]--;
      const g = fa[3 * f + e];
      if (mark[g] === visitStamp) continue;
      if (mark[g] === stamp) {
        mark[g] = visitStamp;
        const j = fa[3 * g] === f ? 0 : fa[3 * g + 1] === f ? 1 : 2;
        top++;
        sF[top] = g; sE[top] = j === 2 ? 0 : j + 1; sL[top] = 2;
      } else {
        hF[h] = f;
        hE[h] = e;
        h++;
      }
    }
    this.hCount = h;
    // Restore the visible marks.
    const visible = this.visible;
    let ok = true;
    for (let k = 0; k < this.visCount; k++) {
      if (mark[visible[k]] !== visitStamp) ok = false; // not reached: cannot happen for a connected set
      mark[visible[k]] = stamp;
    }
    return ok && this.horizonIsLoop();
  }

  /**
   * Makes the visible set simply connected: every face not connected (through non-visible faces) to
   * the face the apex is furthest below becomes visible.
   */
  fillHoles(stamp: number, eye: number): void {
    const mark = this.mark, fa = this.fa, alive = this.alive;
    let low = NONE, lowD = Infinity;
    for (let f = 0; f < this.count; f++) {
      if (alive[f] === 0 || mark[f] === stamp) continue;
      const d = this.dist(f, eye);
      if (d < lowD) {
        lowD = d;
        low = f;
      }
    }
    if (low === NONE) return;
    const reach = stamp + 0x20000000;
    const queue = [low];
    mark[low] = reach;
    for (let q = 0; q < queue.length; q++) {
      const f = queue[q];
      for (let e = 0; e < 3; e++) {
        const g = fa[3 * f + e];
        if (mark[g] === stamp || mark[g] === reach) continue;
        mark[g] = reach;
        queue.push(g);
      }
    }
    for (let f = 0; f < this.count; f++) {
      if (alive[f] === 0) continue;
      if (mark[f] !== reach && mark[f] !== stamp) {
        mark[f] = stamp;
        if (3 * this.visCount + 6 > this.stepCap) this.growStep(3 * this.visCount + 6);
        this.visible[this.visCount++] = f;
      }
    }
  }

  removeFromOutside(f: number, i: number): void {
    const ptNext = this.ptNext;
    let prev = NONE, j = this.head[f];
    while (j !== NONE && j !== i) {
      prev = j;
      j = ptNext[j];
    }
    if (j === NONE) return;
    if (prev === NONE) this.head[f] = ptNext[j];
    else ptNext[prev] = ptNext[j];
    // Recompute the furthest point.
    let best = NONE, bestD = 0;
    for (let k = this.head[f]; k !== NONE; k = ptNext[k]) {
      const d = this.dist(f, k);
      if (d > bestD) {
        bestD = d;
        best = k;
      }
    }
    this.far[f] = best;
    this.farDist[f] = bestD;
  }

  /** Merges flat and non-convex edges, drops non-corner vertices, and packs the result. */
  /**
   * Returns null when a face's corners are more than 2ε off its plane (a needle of nearly collinear
   * corners, whose plane roundoff cannot pin down), or when faces were merged and the result is not a
   * valid hull at tolerance ε: a merged group whose boundary is not one simple loop, a face not
   * strictly convex once its non-corner vertices are dropped, a face with a neighbouring vertex more
   * than 2ε above it, a repeated edge, or a vertex that is not the strict maximum of the sum of its
   * faces' normals. (A merged group not planar within 2ε keeps its triangles.) That happens when points are nearly
   * coplanar at a scale of a few ε (a grid perturbed by 1e-13 where ε is 1.6e-14): flat edges are
   * merged, creases just over ε are not, and the merged regions need not be convex. The caller then
   * builds again with a larger ε. Without merges, the faces are the build's triangles, valid as they are.
   */
  finish(): Hull | null {
    const eps = this.eps, p = this.p, fv = this.fv, fa = this.fa, fp = this.fp, alive = this.alive;
    const cnt = this.count;
    if (this.parent.length < cnt) {
      // Sized once per build, by the face slots in use (a loop per face at most; a merged group's
      // boundary has fewer edges than its triangles have).
      this.parent = new Int32Array(cnt);
      this.inGroup = new Uint8Array(cnt);
      this.loopStart = new Int32Array(cnt + 1);
      this.loopVerts = new Int32Array(3 * cnt);
      this.loopNormals = new Float64Array(3 * cnt);
    }
    // Union-find over faces: join across edges that are not convex by more than ε.
    const parent = this.parent;
    for (let f = 0; f < cnt; f++) parent[f] = f;
    let merged = false;
    for (let f = 0; f < cnt; f++) {
      if (alive[f] === 0) continue;
      for (let e = 0; e < 3; e++) {
        const g = fa[3 * f + e];
        if (g < f) continue;
        const j = fa[3 * g] === f ? 0 : fa[3 * g + 1] === f ? 1 : 2;
        const oppG = fv[3 * g + (j === 0 ? 2 : j - 1)];
        const oppF = fv[3 * f + (e === 0 ? 2 : e - 1)];
        if (this.dist(f, oppG) > -eps || this.dist(g, oppF) > -eps) {
          const rf = find(parent, f), rg = find(parent, g);
          if (rf !== rg) {
            parent[rg] = rf;
            merged = true;
          }
        }
      }
    }
    if (!merged) {
      // The build's triangles as they are: every vertex is on at least three of them, so none is dropped.
      return packTriangles(p, this.n, cnt, fv, fp, alive, eps, this.nC, this.nD, this.nA, this.order, this.perm);
    }
    for (let f = 0; f < cnt; f++) parent[f] = find(parent, f);

    // Polygon loops. Merged groups walk their boundary; everything else keeps its triangle.
    const loopStart = this.loopStart, loopVerts = this.loopVerts, loopNormals = this.loopNormals;
    loopStart[0] = 0;
    this.loopCount = 0;
    const inGroup = this.inGroup;
    inGroup.fill(0, 0, cnt);
    if (merged) {
      const members = new Map<number, number[]>();
      for (let f = 0; f < cnt; f++) {
        if (alive[f] === 0 || !hasMergedNeighbor(fa, parent, f)) continue;
        const r = parent[f];
        let list = members.get(r);
        if (list === undefined) members.set(r, (list = []));
        list.push(f);
      }
      const nextV = this.nA;
      const nextStamp = this.nB;
      nextStamp.fill(0, 0, this.n);
      let gs = 0;
      for (const [, list] of members) {
        gs++;
        const status = this.emitGroup(list, parent, nextV, nextStamp, gs);
        // A group whose boundary is not one simple loop: inconsistent at this tolerance.
        if (status === GROUP_BAD) return null;
        // A group that is not planar within 2ε keeps its triangles (each planar by itself): a chain of
        // edges each flat within ε can bend by more than 2ε in all, as across a finely sampled curved
        // surface. Whether the result is still a valid hull is checked in packSolid.
        if (status === GROUP_BENT) continue;
        for (const f of list) inGroup[f] = 1;
      }
    }
    const groups = this.loopCount;
    let lc = groups, lv = loopStart[lc];
    for (let f = 0; f < cnt; f++) {
      if (alive[f] === 0 || inGroup[f] === 1) continue;
      loopVerts[lv] = fv[3 * f]; loopVerts[lv + 1] = fv[3 * f + 1]; loopVerts[lv + 2] = fv[3 * f + 2];
      lv += 3;
      loopNormals[3 * lc] = fp[4 * f]; loopNormals[3 * lc + 1] = fp[4 * f + 1]; loopNormals[3 * lc + 2] = fp[4 * f + 2];
      loopStart[++lc] = lv;
    }
    this.loopCount = lc;
    // Vertices on at most two polygons are not corners: interior to a face (none) or inside an edge (two).
    const faceCountOf = this.nC;
    faceCountOf.fill(0, 0, this.n);
    for (let k = 0; k < lv; k++) faceCountOf[loopVerts[k]]++;
    for (let g = 0; g < groups; g++) this.cornerPlane(g, faceCountOf);
    return packSolid(p, this.n, lc, loopStart, loopVerts, loopNormals, faceCountOf, eps, this.nD, this.nA, this.order, this.perm,
      merged);
  }

  /**
   * Sets the normal of merged loop `g` from the corners it keeps (`faceCountOf` ≥ 3) when it drops any:
   * the plane of its triangles can differ from that of its corners where slivers merged. Three copies
   * of one lattice point 1e-12 apart (lattice seed 12768) merged two slivers into a face whose normal,
   * that of the bigger sliver, was 17° off the plane of the three corners it kept; within 2ε of it over
   * the face's 1e-12 width, so no other check saw it. (The normal: polygonNormal.)
   */
  cornerPlane(g: number, faceCountOf: Int32Array): void {
    const loopStart = this.loopStart, loopVerts = this.loopVerts, p = this.p;
    const s = loopStart[g], e = loopStart[g + 1];
    let kept = 0;
    for (let k = s; k < e; k++) if (faceCountOf[loopVerts[k]] >= 3) kept++;
    if (kept === e - s || kept < 3) return; // nothing dropped, or too few corners (packSolid rejects those)
    if (this.kept.length < kept) this.kept = new Int32Array(e - s);
    const corners = this.kept;
    let j = 0;
    for (let k = s; k < e; k++) if (faceCountOf[loopVerts[k]] >= 3) corners[j++] = loopVerts[k];
    const ln = this.loopNormals;
    if (polygonNormal(p, corners, kept, CORNER_PLANE)) {
      ln[3 * g] = CORNER_PLANE[0]; ln[3 * g + 1] = CORNER_PLANE[1]; ln[3 * g + 2] = CORNER_PLANE[2];
    }
  }

  /**
   * Appends the boundary loop of one merged group and returns GROUP_OK; GROUP_BAD (nothing appended)
   * when the boundary is not one simple loop, GROUP_BENT when it is but the group's vertices are not
   * within 2ε of one plane.
   */
  emitGroup(list: number[], parent: Int32Array, nextV: Int32Array, nextStamp: Int32Array, gs: number): number {
    const fv = this.fv, fa = this.fa, p = this.p, eps = this.eps;
    const loopStart = this.loopStart, loopVerts = this.loopVerts, loopNormals = this.loopNormals;
    const r = parent[list[0]];
    let nx = 0, ny = 0, nz = 0;
    let edges = 0, first = NONE;
    for (const f of list) {
      const a = 3 * fv[3 * f], b = 3 * fv[3 * f + 1], c = 3 * fv[3 * f + 2];
      const ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2];
      const vx = p[c] - p[a], vy = p[c + 1] - p[a + 1], vz = p[c + 2] - p[a + 2];
      nx += uy * vz - uz * vy;
      ny += uz * vx - ux * vz;
      nz += ux * vy - uy * vx;
      for (let e = 0; e < 3; e++) {
        if (parent[fa[3 * f + e]] === r) continue;
        const va = fv[3 * f + e], vb = fv[3 * f + (e === 2 ? 0 : e + 1)];
        if (nextStamp[va] === gs) return GROUP_BAD; // a vertex starts two boundary edges: pinched
        nextStamp[va] = gs;
        nextV[va] = vb;
        edges++;
        if (first === NONE) first = va;
      }
    }
    const l = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (!(l > 0) || first === NONE) return GROUP_BAD;
    nx /= l; ny /= l; nz /= l;
    const lc = this.loopCount, start = loopStart[lc];
    let v = first, steps = 0, lo = Infinity, hi = -Infinity;
    do {
      loopVerts[start + steps] = v;
      const d = nx * p[3 * v] + ny * p[3 * v + 1] + nz * p[3 * v + 2];
      if (d < lo) lo = d;
      if (d > hi) hi = d;
      steps++;
      if (nextStamp[v] !== gs || steps > edges) break;
      v = nextV[v];
    } while (v !== first);
    if (v !== first || steps !== edges) return GROUP_BAD;
    // Every vertex of the group, not only the boundary, within 2ε of one plane.
    for (const f of list) {
      for (let k = 0; k < 3; k++) {
        const w = 3 * fv[3 * f + k];
        const d = nx * p[w] + ny * p[w + 1] + nz * p[w + 2];
        if (d < lo) lo = d;
        if (d > hi) hi = d;
      }
    }
    if (hi - lo > 2 * eps) return GROUP_BENT;
    loopStart[lc + 1] = start + steps;
    loopNormals[3 * lc] = nx; loopNormals[3 * lc + 1] = ny; loopNormals[3 * lc + 2] = nz;
    this.loopCount = lc + 1;
    return GROUP_OK;
  }
}

/**
 * Writes the plane of triangle (a, b, c) (point indices into `p`, counter-clockwise seen from outside)
 * into `out[o .. o + 4)`: its unit normal and its offset (the mean of the corners' offsets). The
 * normal is the cross product of the two edges at the corner opposite the longest edge, the
 * best-conditioned one. On a sliver (two corners 1e-11 apart, the third 2 away) the two long edges are
 * nearly parallel, and their cross product lost all but a few digits to cancellation: a face plane
 * 2e-12 off its own corner (quickhull.prop.test.ts, perturbed lattices).
 */
function trianglePlane(p: Float64Array, ia: number, ib: number, ic: number, out: Float64Array, o: number): void {
  const a = 3 * ia, b = 3 * ib, c = 3 * ic;
  const ax = p[a], ay = p[a + 1], az = p[a + 2];
  const bx = p[b], by = p[b + 1], bz = p[b + 2];
  const cx = p[c], cy = p[c + 1], cz = p[c + 2];
  const ab = (bx - ax) * (bx - ax) + (by - ay) * (by - ay) + (bz - az) * (bz - az);
  const bc = (cx - bx) * (cx - bx) + (cy - by) * (cy - by) + (cz - bz) * (cz - bz);
  const ca = (ax - cx) * (ax - cx) + (ay - cy) * (ay - cy) + (az - cz) * (az - cz);
  // u, v: the two shorter edges, from the corner between them; uv: the product of their squared lengths.
  let ux: number, uy: number, uz: number, vx: number, vy: number, vz: number, uv: number;
  if (bc >= ab && bc >= ca) {
    ux = bx - ax; uy = by - ay; uz = bz - az; vx = cx - ax; vy = cy - ay; vz = cz - az; uv = ab * ca;
  } else if (ca >= ab) {
    ux = cx - bx; uy = cy - by; uz = cz - bz; vx = ax - bx; vy = ay - by; vz = az - bz; uv = bc * ab;
  } else {
    ux = ax - cx; uy = ay - cy; uz = az - cz; vx = bx - cx; vy = by - cy; vz = bz - cz; uv = ca * bc;
  }
  let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  let l2 = nx * nx + ny * ny + nz * nz;
  if (l2 < THIN_TRIANGLE * uv) {
    // A needle: the edges are nearly parallel and each product of the cross product carries roundoff of
    // |u||v|ε, most of what is left. Its exact products (Dekker's two-product) keep the digits.
    nx = crossTerm(uy, vz, uz, vy);
    ny = crossTerm(uz, vx, ux, vz);
    nz = crossTerm(ux, vy, uy, vx);
    l2 = nx * nx + ny * ny + nz * nz;
  }
  const l = Math.sqrt(l2);
  if (l > 0) {
    nx /= l; ny /= l; nz /= l;
  }
  out[o] = nx;
  out[o + 1] = ny;
  out[o + 2] = nz;
  out[o + 3] = (nx * (ax + bx + cx) + ny * (ay + by + cy) + nz * (az + bz + cz)) / 3;
}

/**
 * trianglePlane: a triangle whose two edges at its best corner span a sine below √THIN_TRIANGLE
 * (0.01) gets its cross product from exact products. The plain one's direction is off by up to about
 * ε/sin: on a needle 1e-9 high and 3 long (three lattice points in a row, perturbed), its corners came
 * out 1e-13 off its plane, over the 2ε that packTriangles allows, and every tolerance step failed until
 * the solid was flatter than the tolerance.
 */
const THIN_TRIANGLE = 1e-4;

/** Veltkamp's splitter for doubles: 2²⁷ + 1. */
const SPLITTER = 134217729;

/**
 * a·b − c·d with the two products exact (Dekker 1971: each product as the sum of its rounded value and
 * its rounding error, both doubles), so that their difference loses nothing to cancellation but the
 * final rounding and the error terms' own (relative 2⁻⁵³ of the products, not of the difference).
 * Exact while the products neither underflow (below about 2⁻⁹⁶⁹) nor overflow. Exported for its test (quickhull.test.ts, against exact BigInt arithmetic), not from the package.
 */
export function crossTerm(a: number, b: number, c: number, d: number): number {
  const p = a * b, q = c * d;
  let t = SPLITTER * a;
  const ah = t - (t - a), al = a - ah;
  t = SPLITTER * b;
  const bh = t - (t - b), bl = b - bh;
  t = SPLITTER * c;
  const ch = t - (t - c), cl = c - ch;
  t = SPLITTER * d;
  const dh = t - (t - d), dl = d - dh;
  const ep = ah * bh - p + ah * bl + al * bh + al * bl;
  const eq = ch * dh - q + ch * dl + cl * dh + cl * dl;
  return (p - q) + (ep - eq);
}

/**
 * Writes into `out[0 .. 3)` the unit normal of the polygon with corners `corners[0 .. m)` (indices into
 * `p`, counter-clockwise about it) and returns true; false when it has no area (`out` then holds no
 * normal). A
 * triangle takes trianglePlane's normal, as the faces of a build do; more corners, Newell's normal (the
 * best-fit plane) from coordinates relative to their centroid. From raw coordinates, a sliver (two
 * corners 3e-5 apart, the third 8 away) lost its normal to cancellation and had a corner 3.5e-11 off
 * its plane.
 */
function polygonNormal(p: Float64Array, corners: ArrayLike<number>, m: number, out: Float64Array): boolean {
  let gx = 0, gy = 0, gz = 0;
  if (m === 3) {
    trianglePlane(p, corners[0], corners[1], corners[2], out, 0);
    gx = out[0]; gy = out[1]; gz = out[2];
    return gx !== 0 || gy !== 0 || gz !== 0;
  }
  let ox = 0, oy = 0, oz = 0;
  for (let k = 0; k < m; k++) {
    ox += p[3 * corners[k]]; oy += p[3 * corners[k] + 1]; oz += p[3 * corners[k] + 2];
  }
  ox /= m; oy /= m; oz /= m;
  for (let k = 0; k < m; k++) {
    const a = 3 * corners[k], b = 3 * corners[k + 1 === m ? 0 : k + 1];
    const ay = p[a + 1] - oy, az = p[a + 2] - oz, ax = p[a] - ox;
    const by = p[b + 1] - oy, bz = p[b + 2] - oz, bx = p[b] - ox;
    gx += (ay - by) * (az + bz);
    gy += (az - bz) * (ax + bx);
    gz += (ax - bx) * (ay + by);
  }
  const gl = Math.sqrt(gx * gx + gy * gy + gz * gz);
  if (!(gl > 0)) return false;
  out[0] = gx / gl; out[1] = gy / gl; out[2] = gz / gl;
  return true;
}

function growInt(a: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(size);
  b.set(a);
  return b;
}

/** Cells per axis of the grid that orders the points of a big build (a power of two; see SORT_MIN_POINTS). */
const GRID_BITS = 5;
const GRID_CELLS = 1 << GRID_BITS;
/** Morton code of each cell coordinate: its bits spread to every third bit. */
const SPREAD = new Int32Array(GRID_CELLS);
for (let v = 0; v < GRID_CELLS; v++) {
  let m = 0;
  for (let b = 0; b < GRID_BITS; b++) m |= ((v >> b) & 1) << (3 * b);
  SPREAD[v] = m;
}
const CELL_COUNTS = new Int32Array(GRID_CELLS * GRID_CELLS * GRID_CELLS);

/**
 * One counting-sort pass by grid cell, cells in Morton order, points within a cell in input order
 * (stable: repeated points keep their order). Writes the sorted copy `q`, `order` (sorted → input
 * index) and `inv` (input → sorted index). `keys` is scratch.
 */
function bucketByCell(
  p: Float64Array, n: number, x0: number, y0: number, z0: number, sx: number, sy: number, sz: number,
  keys: Uint32Array, order: Int32Array, inv: Int32Array, q: Float64Array,
): void {
  const counts = CELL_COUNTS, spread = SPREAD;
  counts.fill(0);
  for (let i = 0; i < n; i++) {
    const k = spread[((p[3 * i] - x0) * sx) | 0] | (spread[((p[3 * i + 1] - y0) * sy) | 0] << 1) |
      (spread[((p[3 * i + 2] - z0) * sz) | 0] << 2);
    keys[i] = k;
    counts[k]++;
  }
  let sum = 0;
  for (let b = 0; b < counts.length; b++) {
    const c = counts[b];
    counts[b] = sum;
    sum += c;
  }
  for (let i = 0; i < n; i++) {
    const at = counts[keys[i]]++;
    order[at] = i;
    inv[i] = at;
    q[3 * at] = p[3 * i];
    q[3 * at + 1] = p[3 * i + 1];
    q[3 * at + 2] = p[3 * i + 2];
  }
}

function hasMergedNeighbor(fa: Int32Array, parent: Int32Array, f: number): boolean {
  const r = parent[f];
  return parent[fa[3 * f]] === r || parent[fa[3 * f + 1]] === r || parent[fa[3 * f + 2]] === r;
}

function find(parent: Int32Array, f: number): number {
  let r = f;
  while (parent[r] !== r) r = parent[r];
  while (parent[f] !== r) {
    const nx = parent[f];
    parent[f] = r;
    f = nx;
  }
  return r;
}

function dist2(p: Float64Array, i: number, j: number): number {
  const dx = p[3 * i] - p[3 * j], dy = p[3 * i + 1] - p[3 * j + 1], dz = p[3 * i + 2] - p[3 * j + 2];
  return dx * dx + dy * dy + dz * dz;
}

/**
 * The arrays of a solid Hull of `vc` vertices, `fc` faces and `m` face corners. Every one is a view
 * into one of two buffers: allocating a typed array's backing store costs about a microsecond, which
 * is most of the cost of a small hull (8 points: 13 -> 11 us; no difference at 1,000). Queries read
 * views as fast as whole arrays, and allocate nothing (test/allocation.test.ts). (Each edge appears in
 * two faces, once per direction, so the neighbour lists hold m entries in all.)
 */
class SolidArrays {
  readonly inputIndices: Int32Array;
  readonly faceStart: Int32Array;
  readonly faceIndices: Int32Array;
  readonly neighborStart: Int32Array;
  readonly neighborIndices: Int32Array;
  readonly vertices: Float64Array;
  readonly faceNormals: Float64Array;
  readonly faceOffsets: Float64Array;
  constructor(vc: number, fc: number, m: number) {
    const ints = new Int32Array(vc + (fc + 1) + m + (vc + 1) + m);
    this.inputIndices = ints.subarray(0, vc);
    this.faceStart = ints.subarray(vc, vc + fc + 1);
    this.faceIndices = ints.subarray(vc + fc + 1, vc + fc + 1 + m);
    this.neighborStart = ints.subarray(vc + fc + 1 + m, vc + fc + 2 + m + vc);
    this.neighborIndices = ints.subarray(vc + fc + 2 + m + vc);
    const floats = new Float64Array(3 * vc + 3 * fc + fc);
    this.vertices = floats.subarray(0, 3 * vc);
    this.faceNormals = floats.subarray(3 * vc, 3 * vc + 3 * fc);
    this.faceOffsets = floats.subarray(3 * vc + 3 * fc);
  }

  /** Copies point i of `p` to vertex `remap[i]` (skipping NONE), with its input index (see remapVertices). */
  copyVertices(p: Float64Array, n: number, remap: Int32Array, order: Int32Array): void {
    const sorted = order.length > 0, inputIndices = this.inputIndices, vertices = this.vertices;
    for (let i = 0; i < n; i++) {
      const v = remap[i];
      if (v === NONE) continue;
      inputIndices[v] = sorted ? order[i] : i;
      vertices[3 * v] = p[3 * i];
      vertices[3 * v + 1] = p[3 * i + 1];
      vertices[3 * v + 2] = p[3 * i + 2];
    }
  }

  /**
   * With the faces written and `neighborStart[v + 1]` holding vertex v's out-edge count, turns the
   * counts into offsets and lists each vertex's successors along its faces. `fill`: scratch of vc entries.
   */
  linkNeighbors(fill: Int32Array): void {
    const vc = this.inputIndices.length, fc = this.faceStart.length - 1;
    const neighborStart = this.neighborStart, neighborIndices = this.neighborIndices;
    const faceStart = this.faceStart, faceIndices = this.faceIndices;
    for (let v = 0; v < vc; v++) neighborStart[v + 1] += neighborStart[v];
    for (let v = 0; v < vc; v++) fill[v] = neighborStart[v];
    for (let f = 0; f < fc; f++) {
      const s = faceStart[f], e = faceStart[f + 1];
      for (let k = s; k < e; k++) {
        const v = faceIndices[k];
        neighborIndices[fill[v]++] = faceIndices[k + 1 === e ? s : k + 1];
      }
    }
  }

  toHull(eps: number): Hull {
    return new HullResult(3, this.vertices, this.inputIndices, this.faceStart, this.faceIndices, this.faceNormals,
      this.faceOffsets, this.neighborStart, this.neighborIndices, eps);
  }
}

/**
 * Numbers the points with `counts[i] >= 3` (corners: on three or more faces) in input order into
 * `remap`, NONE for the others; `order` and `scratch` as for packSolid. Returns the vertex count.
 */
function remapVertices(n: number, counts: Int32Array, remap: Int32Array, order: Int32Array, scratch: Int32Array): number {
  if (order.length > 0) return remapSorted(n, counts, remap, order, scratch);
  let vc = 0;
  for (let i = 0; i < n; i++) remap[i] = counts[i] >= 3 ? vc++ : NONE;
  return vc;
}

/**
 * packSolid for a hull with no merged faces: the live triangles of a build, straight from its arrays
 * (face `f` is `fv[3f .. 3f + 3)` with the unit normal `fp[4f .. 4f + 3)`). `used`, `remap` and `fill`
 * are scratch of `n` entries; `order` and `inv` as for packSolid.
 */
function packTriangles(
  p: Float64Array, n: number, cnt: number, fv: Int32Array, fp: Float64Array, alive: Uint8Array, eps: number,
  used: Int32Array, remap: Int32Array, fill: Int32Array, order: Int32Array, inv: Int32Array,
): Hull | null {
  const fc = markCorners(n, cnt, fv, alive, used);
  const vc = remapVertices(n, used, remap, order, inv);
  const out = new SolidArrays(vc, fc, 3 * fc);
  out.copyVertices(p, n, remap, order);
  if (!writeTriangles(out, cnt, fv, fp, alive, remap, eps)) return null;
  out.linkNeighbors(fill);
  return out.toHull(eps);
}

/**
 * Sets `used[i]` to 3 for every corner of a live triangle, 0 for other points; returns the live
 * triangle count. (The loops of packTriangles are functions of their own for V8: see axisExtremes.
 * Inline, the face loop's on-stack code deoptimised 46 times in test/deopt.test.ts.)
 */
function markCorners(n: number, cnt: number, fv: Int32Array, alive: Uint8Array, used: Int32Array): number {
  used.fill(0, 0, n);
  let fc = 0;
  for (let f = 0; f < cnt; f++) {
    if (alive[f] === 0) continue;
    fc++;
    used[fv[3 * f]] = 3;
    used[fv[3 * f + 1]] = 3;
    used[fv[3 * f + 2]] = 3;
  }
  return fc;
}

/**
 * Writes the live triangles into `out` (corners, normals, offsets, out-edge counts); false when one's
 * corners lie more than 2ε off its plane.
 */
function writeTriangles(
  out: SolidArrays, cnt: number, fv: Int32Array, fp: Float64Array, alive: Uint8Array, remap: Int32Array, eps: number,
): boolean {
  const { vertices, faceStart, faceIndices, faceNormals, faceOffsets, neighborStart } = out;
  let k = 0;
  for (let f = 0; f < cnt; f++) {
    if (alive[f] === 0) continue;
    const a = remap[fv[3 * f]], b = remap[fv[3 * f + 1]], c = remap[fv[3 * f + 2]];
    const nx = fp[4 * f], ny = fp[4 * f + 1], nz = fp[4 * f + 2];
    faceStart[k] = 3 * k;
    faceIndices[3 * k] = a;
    faceIndices[3 * k + 1] = b;
    faceIndices[3 * k + 2] = c;
    faceNormals[3 * k] = nx;
    faceNormals[3 * k + 1] = ny;
    faceNormals[3 * k + 2] = nz;
    const da = nx * vertices[3 * a] + ny * vertices[3 * a + 1] + nz * vertices[3 * a + 2];
    const db = nx * vertices[3 * b] + ny * vertices[3 * b + 1] + nz * vertices[3 * b + 2];
    const dc = nx * vertices[3 * c] + ny * vertices[3 * c + 1] + nz * vertices[3 * c + 2];
    const hi = da > db ? (da > dc ? da : dc) : db > dc ? db : dc;
    const lo = da < db ? (da < dc ? da : dc) : db < dc ? db : dc;
    // A needle (three nearly collinear corners) has a plane known only to roundoff over its height:
    // corners off their own plane by more than 2ε make the build retry at a coarser tolerance.
    if (hi - lo > 2 * eps) return false;
    faceOffsets[k] = hi;
    neighborStart[a + 1]++;
    neighborStart[b + 1]++;
    neighborStart[c + 1]++;
    k++;
  }
  faceStart[k] = 3 * k;
  return true;
}

/**
 * Packs polygon loops (indices of the points `p`) into a Hull: keeps vertices on three or more polygons,
 * renumbers them in input order, and builds the neighbour lists from the polygon edges. `order`: empty
 * when `p` is the input, else the input index of each point of `p` (see QuickhullBuilder.sortInput),
 * with `inv` scratch of n entries.
 */
function packSolid(
  p: Float64Array, n: number, fc: number, loopStart: Int32Array, loopVerts: Int32Array, loopNormals: Float64Array,
  faceCountOf: Int32Array, eps: number, remap: Int32Array, fill: Int32Array, order: Int32Array, inv: Int32Array,
  check: boolean,
): Hull | null {
  const vc = remapVertices(n, faceCountOf, remap, order, inv);
  // Corners of the kept polygons, and the sizes of the index arrays.
  let m = 0;
  for (let k = 0; k < loopStart[fc]; k++) if (remap[loopVerts[k]] !== NONE) m++;
  const out = new SolidArrays(vc, fc, m);
  out.copyVertices(p, n, remap, order);
  const { vertices, faceStart, faceIndices, faceNormals, faceOffsets, neighborStart, neighborIndices } = out;
  faceNormals.set(loopNormals.subarray(0, 3 * fc));
  // neighborStart counts each vertex's out-edges at [v + 1] first, then becomes their offsets.
  m = 0;
  for (let f = 0; f < fc; f++) {
    faceStart[f] = m;
    const nx = faceNormals[3 * f], ny = faceNormals[3 * f + 1], nz = faceNormals[3 * f + 2];
    let off = -Infinity, low = Infinity;
    for (let k = loopStart[f]; k < loopStart[f + 1]; k++) {
      const v = remap[loopVerts[k]];
      if (v === NONE) continue;
      faceIndices[m++] = v;
      neighborStart[v + 1]++;
      const d = nx * vertices[3 * v] + ny * vertices[3 * v + 1] + nz * vertices[3 * v + 2];
      if (d > off) off = d;
      if (d < low) low = d;
    }
    if (off - low > 2 * eps) return null; // as in packTriangles
    faceOffsets[f] = off;
  }
  faceStart[fc] = m;
  out.linkNeighbors(fill);
  if (check && !polygonsAreConsistent(vertices, vc, fc, faceStart, faceIndices, faceNormals, faceOffsets, neighborStart,
    neighborIndices, eps)) {
    return null;
  }
  return out.toHull(eps);
}

/**
 * The checks of QuickhullBuilder.finish on packed merged polygons: every face has at least three
 * corners, no neighbour of a corner more than 2ε above its plane, and turns strictly left at each
 * corner about its normal; no vertex lists a neighbour twice (an edge
 * used twice in one direction); and every vertex is strictly above each of its neighbours along the
 * sum of its faces' normals, which on a convex polytope makes it the unique maximum in that direction.
 * These are the tests of validateHull (validate-hull.ts), made local and linear in size.
 */
function polygonsAreConsistent(
  vs: Float64Array, vc: number, fc: number, faceStart: Int32Array, faceIndices: Int32Array, fn: Float64Array,
  fo: Float64Array, neighborStart: Int32Array, neighborIndices: Int32Array, eps: number,
): boolean {
  const dir = new Float64Array(3 * vc);
  for (let f = 0; f < fc; f++) {
    const s = faceStart[f], e = faceStart[f + 1];
    if (e - s < 3) return false;
    const nx = fn[3 * f], ny = fn[3 * f + 1], nz = fn[3 * f + 2];
    // Every neighbour of every corner within 2ε below the face's plane, so that the faces fold
    // outward at each edge and corner. Triangles kept from a bent group (see finish) can include a
    // flat fold of the build, a triangle lying in a nearly flat region but wound inside out; its
    // neighbours are then far above it (perturbed grids in quickhull.test.ts).
    const top = fo[f] + 2 * eps;
    for (let k = s; k < e; k++) {
      const v = faceIndices[k];
      for (let j = neighborStart[v], je = neighborStart[v + 1]; j < je; j++) {
        const w = 3 * neighborIndices[j];
        if (!(nx * vs[w] + ny * vs[w + 1] + nz * vs[w + 2] <= top)) return false;
      }
    }
    for (let k = s; k < e; k++) {
      const a = 3 * faceIndices[k === s ? e - 1 : k - 1], v = 3 * faceIndices[k], c = 3 * faceIndices[k + 1 === e ? s : k + 1];
      const e1x = vs[v] - vs[a], e1y = vs[v + 1] - vs[a + 1], e1z = vs[v + 2] - vs[a + 2];
      const e2x = vs[c] - vs[v], e2y = vs[c + 1] - vs[v + 1], e2z = vs[c + 2] - vs[v + 2];
      const turn = nx * (e1y * e2z - e1z * e2y) + ny * (e1z * e2x - e1x * e2z) + nz * (e1x * e2y - e1y * e2x);
      // turn / |c − a| is v's distance inside the chord a → c: more than ε, so that a sliver of
      // nearly collinear corners (along a cube's edge, whose turns come out positive by rounding) is
      // not taken for a face.
      const cx = vs[c] - vs[a], cy = vs[c + 1] - vs[a + 1], cz = vs[c + 2] - vs[a + 2];
      if (!(turn > eps * Math.sqrt(cx * cx + cy * cy + cz * cz))) return false;
      dir[v] += nx;
      dir[v + 1] += ny;
      dir[v + 2] += nz;
    }
  }
  for (let v = 0; v < vc; v++) {
    const s = neighborStart[v], e = neighborStart[v + 1];
    const dx = dir[3 * v], dy = dir[3 * v + 1], dz = dir[3 * v + 2];
    const own = dx * vs[3 * v] + dy * vs[3 * v + 1] + dz * vs[3 * v + 2];
    for (let k = s; k < e; k++) {
      const w = neighborIndices[k];
      for (let j = s; j < k; j++) if (neighborIndices[j] === w) return false;
      if (!(dx * vs[3 * w] + dy * vs[3 * w + 1] + dz * vs[3 * w + 2] < own)) return false;
    }
  }
  return true;
}

/**
 * remap for sorted points: numbers the points on three or more polygons in input order. `order`:
 * sorted → input index; `scratch`: n entries, overwritten. Two sequential passes, with random access
 * only for the vertices (the profile put 5 % of a 100,000-point build in a pass through the inverse
 * permutation; this version measured within noise of it, −4 % and +2 % in two A/B runs). Returns the
 * vertex count.
 */
function remapSorted(n: number, faceCountOf: Int32Array, remap: Int32Array, order: Int32Array, scratch: Int32Array): number {
  scratch.fill(0, 0, n);
  for (let j = 0; j < n; j++) {
    if (faceCountOf[j] >= 3) scratch[order[j]] = j + 1;
    else remap[j] = NONE;
  }
  let vc = 0;
  for (let i = 0; i < n; i++) {
    const t = scratch[i];
    if (t !== 0) remap[t - 1] = vc++;
  }
  return vc;
}

function pointHull(p: Float64Array, eps: number): Hull {
  return new HullResult(0, Float64Array.of(p[0], p[1], p[2]), Int32Array.of(0), Int32Array.of(0), new Int32Array(0),
    new Float64Array(0), new Float64Array(0), Int32Array.of(0, 0), new Int32Array(0), eps);
}

function segmentHull(p: Float64Array, n: number, ux: number, uy: number, uz: number, eps: number): Hull {
  let lo = 0, hi = 0, loD = Infinity, hiD = -Infinity;
  for (let i = 0; i < n; i++) {
    const d = ux * p[3 * i] + uy * p[3 * i + 1] + uz * p[3 * i + 2];
    if (d < loD) { loD = d; lo = i; }
    if (d > hiD) { hiD = d; hi = i; }
  }
  const i0 = Math.min(lo, hi), i1 = Math.max(lo, hi);
  const vertices = Float64Array.of(p[3 * i0], p[3 * i0 + 1], p[3 * i0 + 2], p[3 * i1], p[3 * i1 + 1], p[3 * i1 + 2]);
  return new HullResult(1, vertices, Int32Array.of(i0, i1), Int32Array.of(0), new Int32Array(0), new Float64Array(0),
    new Float64Array(0), Int32Array.of(0, 1, 2), Int32Array.of(1, 0), eps);
}

/**
 * 2D hull of points within ε of the plane through point `ia` with unit normal n, by Andrew's monotone
 * chain in the in-plane basis (u, n × u). Corners closer than ε to the chord of their neighbours are
 * dropped, so the polygon is strictly convex.
 */
function polygonHull(
  p: Float64Array, n: number, ia: number, nx: number, ny: number, nz: number, ux: number, uy: number, uz: number,
  eps: number,
): Hull {
  const vx = ny * uz - nz * uy, vy = nz * ux - nx * uz, vz = nx * uy - ny * ux;
  const ox = p[3 * ia], oy = p[3 * ia + 1], oz = p[3 * ia + 2];
  const s = new Float64Array(n), t = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const wx = p[3 * i] - ox, wy = p[3 * i + 1] - oy, wz = p[3 * i + 2] - oz;
    s[i] = wx * ux + wy * uy + wz * uz;
    t[i] = wx * vx + wy * vy + wz * vz;
  }
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((i, j) => s[i] - s[j] || t[i] - t[j] || i - j);
  // A turn o → a → b is kept when a is more than ε to the left of the chord o → b.
  const left = (o: number, a: number, b: number): boolean => {
    const cx = s[b] - s[o], cy = t[b] - t[o];
    const cross = cx * (t[a] - t[o]) - cy * (s[a] - s[o]);
    return cross > eps * Math.sqrt(cx * cx + cy * cy);
  };
  const hull: number[] = [];
  for (let k = 0; k < n; k++) {
    const i = order[k];
    while (hull.length >= 2 && !left(hull[hull.length - 2], hull[hull.length - 1], i)) hull.pop();
    hull.push(i);
  }
  const lowerLen = hull.length;
  for (let k = n - 2; k >= 0; k--) {
    const i = order[k];
    while (hull.length > lowerLen && !left(hull[hull.length - 2], hull[hull.length - 1], i)) hull.pop();
    hull.push(i);
  }
  hull.pop(); // the first point again
  // Drop a last corner that became straight against the start (the chain does not re-check it).
  while (hull.length > 3 && !left(hull[hull.length - 1], hull[0], hull[1])) hull.shift();
  while (hull.length > 3 && !left(hull[hull.length - 2], hull[hull.length - 1], hull[0])) hull.pop();
  // Vertices in input order; the polygon once counter-clockwise about n, once about −n.
  const m = hull.length;
  const sorted = hull.slice().sort((i, j) => i - j);
  const remap = new Map<number, number>();
  sorted.forEach((i, k) => remap.set(i, k));
  const vertices = new Float64Array(3 * m);
  for (let k = 0; k < m; k++) {
    const i = sorted[k];
    vertices[3 * k] = p[3 * i];
    vertices[3 * k + 1] = p[3 * i + 1];
    vertices[3 * k + 2] = p[3 * i + 2];
  }
  const faceIndices = new Int32Array(2 * m);
  for (let k = 0; k < m; k++) {
    faceIndices[k] = remap.get(hull[k])!;
    faceIndices[m + k] = remap.get(hull[m - 1 - k])!;
  }
  // (No area cannot happen for three or more strict corners; the plane found by expand stands in.)
  const area = polygonNormal(p, hull, m, CORNER_PLANE);
  const gx = area ? CORNER_PLANE[0] : nx, gy = area ? CORNER_PLANE[1] : ny, gz = area ? CORNER_PLANE[2] : nz;
  let hi = -Infinity, lo = Infinity;
  for (let k = 0; k < m; k++) {
    const d = gx * vertices[3 * k] + gy * vertices[3 * k + 1] + gz * vertices[3 * k + 2];
    if (d > hi) hi = d;
    if (d < lo) lo = d;
  }
  const faceNormals = Float64Array.of(gx, gy, gz, -gx, -gy, -gz);
  const neighborStart = new Int32Array(m + 1);
  const neighborIndices = new Int32Array(2 * m);
  for (let k = 0; k < m; k++) {
    const v = faceIndices[k];
    neighborIndices[2 * v] = faceIndices[(k + m - 1) % m];
    neighborIndices[2 * v + 1] = faceIndices[(k + 1) % m];
  }
  for (let v = 0; v <= m; v++) neighborStart[v] = 2 * v;
  return new HullResult(2, vertices, Int32Array.from(sorted), Int32Array.of(0, m, 2 * m), faceIndices, faceNormals,
    Float64Array.of(hi, -lo), neighborStart, neighborIndices, eps);
}
