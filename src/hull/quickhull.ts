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

 *
 * This file holds the build itself (QuickhullBuilder: the initial simplex, outside sets, apex steps).
 * The public entry points and the tolerance retries are in build-hull.ts; the rare repairs of an apex
 * step in horizon-repair.ts; merging and packing in merge-faces.ts and pack-hull.ts; face planes in
 * face-plane.ts; lower-dimensional answers in flat-hulls.ts; the Hull type in hull.ts.
 */
import {
  HULL_COVER_CHECK_BUDGET, HULL_COVER_FACTOR, HULL_FOLD_ROUNDS, HULL_NEAR_FACE,
} from '../tolerance.js';
import { growInt, NONE } from './arrays.js';
import { sortInput } from './cell-order.js';
import { axisExtremes, dist2, furthestFromLine, furthestFromPlane } from './extremes.js';
import { trianglePlane } from './face-plane.js';
import { pointHull, polygonHull, segmentHull } from './flat-hulls.js';
import { absorbFolds, fillHoles, removeFromOutside } from './horizon-repair.js';
import { belowFaces, type Hull } from './hull.js';
import { finishBuild } from './merge-faces.js';
import { addUncoveredNear } from './near-points.js';

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

// HULL_NEAR_FACE (tolerance.ts): on a grid perturbed by 1e-13 (ε = 9.6e-14), a point 2.3ε above its
// first face was 0.12 above a face two steps away, with a face between seeing it by 0.4ε. Made the apex
// of its first face, its walk stopped at that middle face (visible means more than ε above), so the far
// face survived with the point 0.12 outside it. Points clearly above their first face keep the first.

/** One build. Faces are triangles in flat arrays; `fa[3f + e]` is the face across edge `fv[3f+e] → fv[3f+(e+1)%3]`. */
export class QuickhullBuilder {
  p: Float64Array = EMPTY_COORDS;
  n = 0;
  eps = 0;
  /**
   * Whether `run` makes apexes of near points outside the triangulation (near-points.ts); off only for the
   * last attempt of a build whose every tolerance step failed with them (build-hull.ts).
   */
  checkNear = true;

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
   * Points dropped as inside while within ε of a face (`near[0 .. nearCount)`): made apexes when they lie
   * outside the triangulation after all (addUncoveredNear, near-points.ts), and checked against the
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
  /** Scratch of `finishBuild` (merge-faces.ts): per point (nA..nD) and per face slot (parent, inGroup). */
  nA = new Int32Array(0);
  nB = new Int32Array(0);
  nC = new Int32Array(0);
  nD = new Int32Array(0);
  parent = new Int32Array(0);
  inGroup = new Uint8Array(0);
  /**
   * Polygon loops of `finishBuild`, typed and sized there by the face slots in use: loop `k` is
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

  /** Drops the reference to the input, so that the builder can be kept for the next build (build-hull.ts). */
  release(): void {
    this.p = EMPTY_COORDS;
    this.order = EMPTY_INTS;
    this.freeTop = 0;
    this.qHead = 0;
    this.qTail = 0;
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
   * Null when the merged faces are inconsistent at this tolerance (see finishBuild).
   */
  run(ext: Int32Array): Hull | null {
    const low = this.expand(ext, true);
    if (low !== null) return low;
    // Near points beside a knife edge are within ε of its planes but not of the hull (see near-points.ts).
    if (this.checkNear) addUncoveredNear(this);
    const hull = finishBuild(this);
    return hull !== null && this.coversNear(hull) ? hull : null;
  }

  /**
   * Whether every point dropped within ε of a face (`near`) lies within 4ε of every face of the
   * finished hull (what validateHull checks), when near points × faces is within HULL_COVER_CHECK_BUDGET.
   * A point dropped as within ε of one face can end up further outside a later one: on a slab of six
   * lattice points perturbed by 1e-12 (12ε thick; lattice seed 17475), a corner of the slab was dropped
   * so and missed by 7.7ε. A build that fails this goes on to the next tolerance step.
   */
  coversNear(hull: Hull): boolean {
    const m = this.nearCount;
    if (m === 0 || m * hull.faceCount > HULL_COVER_CHECK_BUDGET) return true;
    for (let k = 0; k < m; k++) if (!belowFaces(hull, this.p, this.near[k], HULL_COVER_FACTOR * this.eps)) return false;
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
      const inv = sortInput(this, ext);
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
    const r = flat ? 0 : sub.inradius(cx, cy, cz) - HULL_COVER_FACTOR * eps;
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
          if (dd <= HULL_NEAR_FACE * eps) {
            // Barely above this face: take the face it is furthest above (see HULL_NEAR_FACE).
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
    let walked = this.walkFaces(f0, eye, stamp, fs, true);
    // Rare: a horizon face nearly coplanar with the apex folds the new cone inwards (see absorbFolds).
    for (let round = 0; walked && this.hNear > 0 && round < HULL_FOLD_ROUNDS && absorbFolds(this, eye, fs); round++) {
      stamp = ++this.stamp;
      walked = this.walkFaces(f0, eye, stamp, fs, true);
    }
    if (!walked) {
      // Roundoff made the visible set a non-disk: fill its holes and walk again by the marks.
      fillHoles(this, stamp, eye);
      if (!this.walkFaces(f0, eye, stamp, fs, false)) {
        // Still not a disk: only roundoff-level configurations reach here; the apex is within ε of
        // the planes that see it, so it counts as on the hull. Remove it from its outside set.
        removeFromOutside(this, f0, eye);
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
              if (dd <= HULL_NEAR_FACE * eps) {
                // Barely above this face: take the face it is furthest above (see HULL_NEAR_FACE).
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
   * The depth-first walk over the faces the eye sees, from `f0`, collecting the horizon edges in
   * counter-clockwise order; returns false unless they form one simple closed loop. Two modes, one
   * walk:
   * - `byPlanes` (every apex step): a face is visible when the eye is more than ε above its plane or the
   *   face is forced (absorbFolds); visible faces are marked `stamp` and listed in `visible`, the others
   *   marked `−stamp`, and `hNear` counts those within ε below their plane.
   * - otherwise (after fillHoles repaired a non-disk visible set): the visible faces are the
   *   ones already marked `stamp`; entered faces get a third mark and `stamp` is restored at the end.
   */
  walkFaces(f0: number, eye: number, stamp: number, fs: number, byPlanes: boolean): boolean {
    const fa = this.fa, fp = this.fp, mark = this.mark, forced = this.forced, p = this.p, eps = this.eps;
    const ex = p[3 * eye], ey = p[3 * eye + 1], ez = p[3 * eye + 2];
    let visible = this.visible, hF = this.hF, hE = this.hE, sF = this.sF, sE = this.sE, sL = this.sL;
    // Faces entered by the walk: `stamp` itself when planes decide, else a mark distinct from ±stamp.
    const entered = byPlanes ? stamp : -(stamp + 0x40000000);
    let visCount = 0, h = 0, top = 0, near = 0;
    mark[f0] = entered;
    if (byPlanes) visible[visCount++] = f0;
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
      if (mg === entered) continue;
      let d = -Infinity;
      if (byPlanes
        ? mg !== -stamp && ((d = fp[4 * g] * ex + fp[4 * g + 1] * ey + fp[4 * g + 2] * ez - fp[4 * g + 3]) > eps || forced[g] === fs)
        : mg === stamp) {
        mark[g] = entered;
        if (byPlanes) {
          if (3 * visCount + 6 > this.stepCap) {
            this.growStep(3 * visCount + 6);
            visible = this.visible; hF = this.hF; hE = this.hE; sF = this.sF; sE = this.sE; sL = this.sL;
          }
          visible[visCount++] = g;
        }
        const j = fa[3 * g] === f ? 0 : fa[3 * g + 1] === f ? 1 : 2;
        top++;
        sF[top] = g; sE[top] = j === 2 ? 0 : j + 1; sL[top] = 2;
      } else {
        if (byPlanes) {
          if (d > -eps) near++;
          mark[g] = -stamp;
        }
        hF[h] = f;
        hE[h] = e;
        h++;
      }
    }
    this.hCount = h;
    if (byPlanes) {
      this.visCount = visCount;
      this.hNear = near;
      return this.horizonIsLoop();
    }
    // Restore the visible marks; a visible face the walk did not reach means the set is not connected.
    let connected = true;
    for (let k = 0; k < this.visCount; k++) {
      if (mark[visible[k]] !== entered) connected = false;
      mark[visible[k]] = stamp;
    }
    return connected && this.horizonIsLoop();
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

}

