import { hypot3 } from '../math/exact-math.js';
import { buildHull, checkBuildHullOptions, type BuildHullOptions, type Hull, type HullDimension } from '../hull/build-hull.js';
import type { Vec3Like } from '../math/types.js';
import { SQUARE_SAFE_HIGH, SQUARE_SAFE_LOW } from '../math/vec3.js';
import { HULL_CLIMB_MIN_VERTICES as CLIMB_MIN_VERTICES } from '../tolerance.js';
import { describeValue, InvalidArgumentError, InvalidShapeError } from '../errors.js';
import { builtInKindIndex, markBuiltIn, type SupportMap } from './shape.js';

const KIND = /* @__PURE__ */ builtInKindIndex('convexHull');
/** HULL_CLIMB_MIN_VERTICES as a constant of this module (CONTRIBUTING.md, "V8 rules", rule 4). */
const HULL_CLIMB_MIN_VERTICES = CLIMB_MIN_VERTICES;

/**
 * Cells per side of each cube face in a climbing hull's table of start vertices (6 · 8² = 384 cells):
 * the climb starts from the better of the previous answer and the support vertex of the direction's
 * cell centre, so that an unrelated direction does not cross half the hull. Sized by bench/hull.bench.ts.
 */
const START_CELLS = 8;
/**
 * Hulls with more vertices than HULL_CLIMB_MIN_VERTICES and at most this many climb from the start
 * table's vertex for the direction alone, keeping no state; bigger ones climb from their last answer too.
 * A speed switch (both give a maximiser; the stateless climb gives the scan's own): GJK distance between
 * two hulls of n points on a sphere, one hull object as A and B, stateless ÷ warm: 0.81 at 40 vertices,
 * 0.87 at 96, 0.94 at 160, 1.02 at 256, 1.09 at 384. (Measured in one process, alternating builds.)
 */
const HULL_WARM_MIN_VERTICES = 192;
/**
 * A small hull's climb ends in a scan when a neighbour of its top is within this times |p|·|dir| of it
 * (unitless): a tie, or one to rounding, which a climb need not settle as the scan does (the first
 * maximiser). Far above the dot products' rounding (a few ε), so a top that passes is the scan's answer.
 */
const NEAR_TIE = 1e-12;
const EMPTY_START = new Int32Array(0);
const EMPTY_CELLS = new Uint8Array(0);

/**
 * A face returned by {@link ConvexHull.supportFace}: written in place, so one object serves many calls.
 * `points` holds `count` corners (packed x, y, z, counter-clockwise seen from outside); it grows when
 * a face has more corners than it has room for (the only allocation, once per size).
 */
export interface HullFace {
  /** Face index into the hull's face arrays, or −1 when the hull has no faces (point or segment). */
  index: number;
  /** Number of corners written into `points`. */
  count: number;
  /**
   * The corners, packed x, y, z (local frame), counter-clockwise seen from outside; only the first `3 · count`
   * numbers are in use. Replaced by a larger array when a face has more corners than it has room for.
   */
  points: Float64Array;
  /** Outward unit normal (local frame). */
  normal: Vec3Like;
}

/** A new {@link HullFace} with room for `capacity` corners. */
export function createHullFace(capacity = 8): HullFace {
  if (!(typeof capacity === 'number' && Number.isInteger(capacity) && capacity >= 0 && capacity <= 2 ** 24)) {
    throw new InvalidArgumentError('capacity', `is ${describeValue(capacity)}; expected a whole number of points from 0 to 2^24`);
  }
  return { index: -1, count: 0, points: new Float64Array(3 * capacity), normal: { x: 0, y: 0, z: 0 } };
}

/**
 * The convex hull of a set of points (local frame), built by quickhull ({@link buildHull}). Only the
 * hull's vertices are kept. Repeated, collinear and coplanar points are accepted: the hull may be a
 * polyhedron, a polygon, a segment or a point.
 *
 * Support points: hulls of up to `tolerance.HULL_CLIMB_MIN_VERTICES` (32) vertices scan; larger ones hill-climb
 * over the vertex adjacency from the previous answer (a warm start kept on the instance), or, once the
 * first step shows the direction has moved, from a table of 384 precomputed support vertices (a cube
 * map of directions; on 5,000 vertices, 2.4 steps instead of 27.6 for unrelated directions). A climb moves
 * only to a strictly better neighbour, so it ends at a vertex no neighbour beats, which on a convex
 * polytope's edge graph is a global maximiser; plateaus of equal dot products stop it, never cycle it.
 * It is capped at `vertexCount` steps (it cannot take more without revisiting a vertex) and falls back to
 * a scan if the cap is reached.
 */
export class ConvexHull implements SupportMap {
  /** Discriminant of the shape union: always `'convexHull'`. */
  readonly kind = 'convexHull' as const;
  static {
    markBuiltIn(this, KIND); // the dispatcher's index of this kind, on the prototype (shape.ts, KIND_INDEX)
  }
  readonly sweptRadius = 0;
  readonly boundingRadius: number;
  /** Hull vertex coordinates as packed x, y, z triples (every one an input point). */
  readonly vertices: Float64Array;
  /** Number of hull vertices. */
  readonly vertexCount: number;
  /** 3 for a solid, 2 for a polygon, 1 for a segment, 0 for a point. */
  readonly dimension: HullDimension;
  /** Vertex `v`'s neighbours are `neighborIndices[neighborStart[v] .. neighborStart[v + 1])`. */
  readonly neighborStart: Int32Array;
  /** Every vertex's neighbours along hull edges (polygon edges for a flat hull), row by row as `neighborStart` says. */
  readonly neighborIndices: Int32Array;
  /** Number of faces (0 for a point or segment; 2 for a polygon, one per side). */
  readonly faceCount: number;
  /** Face `f`'s corners are `faceIndices[faceStart[f] .. faceStart[f + 1])`, counter-clockwise seen from outside. */
  readonly faceStart: Int32Array;
  /** Every face's corner vertex indices, counter-clockwise seen from outside, row by row as `faceStart` says. */
  readonly faceIndices: Int32Array;
  /** Outward unit normals, packed x, y, z. */
  readonly faceNormals: Float64Array;
  /** Plane offsets: `dot(normal, p) = offset` on face f. */
  readonly faceOffsets: Float64Array;
  /** Largest number of corners of one face. */
  readonly maxFaceVertices: number;
  /**
   * The distance tolerance the hull was built with (a length; see buildHull): faces merged within it, so
   * a face's plane may pass up to about twice this outside the corners it holds. The certified bounds of
   * the queries allow for it where they read the faces.
   */
  readonly tolerance: number;
  /** Warm start of the hill climb: the vertex of the last answer. */
  private _warm = 0;
  /**
   * Support vertex of the centre direction of each cube-map cell (face-major, START_CELLS² per face),
   * for hulls that climb from their last answer (above HULL_WARM_MIN_VERTICES); empty otherwise.
   */
  private _start: Int32Array = EMPTY_START;
  /** The same table for hulls that climb without state (vertex indices below 256), else empty. */
  private _cells: Uint8Array = EMPTY_CELLS;
  /**
   * Moves made by the last hill climb (to a better neighbour, or to the start table's vertex): a
   * diagnostic of how far support queries travel. Not updated by scans.
   */
  lastClimbSteps = 0;
  /** Scratch direction of supportIndexByScan / supportIndexByClimb. */
  private readonly _dir: Vec3Like = { x: 0, y: 0, z: 0 };

  /**
   * @param points an array of `{x, y, z}` or a flat `ArrayLike<number>` of x, y, z triples (not kept), or
   *   a {@link Hull} from {@link buildHull} (used as is).
   * @param options passed to {@link buildHull}.
   * @throws DegenerateHullError (`too-few-points`) for an empty list.
   * @throws InvalidNumberError for a NaN or infinite coordinate, naming its index.
   */
  constructor(points: ArrayLike<Vec3Like> | ArrayLike<number> | Hull, options?: BuildHullOptions) {
    const hull = isHull(points) ? hullRecordWith(points, options) : buildHull(points, options);
    this.vertices = hull.vertices;
    this.vertexCount = hull.vertexCount;
    this.dimension = hull.dimension;
    this.neighborStart = hull.neighborStart;
    this.neighborIndices = hull.neighborIndices;
    this.faceCount = hull.faceCount;
    this.faceStart = hull.faceStart;
    this.faceIndices = hull.faceIndices;
    this.faceNormals = hull.faceNormals;
    this.faceOffsets = hull.faceOffsets;
    this.maxFaceVertices = maxFaceSize(this.faceStart, this.faceCount);
    this.tolerance = hull.tolerance;
    const r = Math.sqrt(maxNormSquared(this.vertices));
    // Squares of coordinates beyond about 1e±150 overflow or underflow: then by hypot, vertex by vertex.
    this.boundingRadius = r > SQUARE_SAFE_LOW && r < SQUARE_SAFE_HIGH ? r : largestHypot(this.vertices);
    if (this.vertexCount > HULL_WARM_MIN_VERTICES) this._start = this.fillStartTable(new Int32Array(6 * START_CELLS * START_CELLS));
    else if (this.vertexCount > HULL_CLIMB_MIN_VERTICES) this._cells = this.fillStartTable(new Uint8Array(6 * START_CELLS * START_CELLS));
  }

  /** Writes into `out` a hull vertex maximising `dot(p, dir)` and returns `out`. Allocation-free. */
  support(out: Vec3Like, dir: Readonly<Vec3Like>): Vec3Like {
    const v = this.vertices;
    // The direction goes to the helpers as the object, not as three numbers (CONTRIBUTING.md, "V8
    // rules", rule 1: passed as numbers, hull queries allocated 60-300 bytes each in some processes).
    const n = this.vertexCount;
    const i = 3 * (n > HULL_WARM_MIN_VERTICES ? this.climbIndex(dir) : n > HULL_CLIMB_MIN_VERTICES ? this.tableClimbIndex(dir) : this.scanIndex(dir));
    out.x = v[i];
    out.y = v[i + 1];
    out.z = v[i + 2];
    return out;
  }

  /**
   * Index of a hull vertex maximising `dot(p, dir)` (scan or climb, as {@link support}). Allocation-free.
   */
  supportIndex(dir: Readonly<Vec3Like>): number {
    const n = this.vertexCount;
    return n > HULL_WARM_MIN_VERTICES ? this.climbIndex(dir) : n > HULL_CLIMB_MIN_VERTICES ? this.tableClimbIndex(dir) : this.scanIndex(dir);
  }

  /** Index of a vertex maximising `dot(p, (dx, dy, dz))`, by a linear scan (first maximiser). */
  supportIndexByScan(dx: number, dy: number, dz: number): number {
    const d = this._dir;
    d.x = dx; d.y = dy; d.z = dz;
    return this.scanIndex(d);
  }

  /**
   * Index of a vertex maximising `dot(p, (dx, dy, dz))`, by steepest-ascent hill climbing over the
   * adjacency from the last answer. Updates the warm start.
   */
  supportIndexByClimb(dx: number, dy: number, dz: number): number {
    const d = this._dir;
    d.x = dx; d.y = dy; d.z = dz;
    return this.climbIndex(d);
  }

  private scanIndex(dir: Readonly<Vec3Like>): number {
    const dx = dir.x, dy = dir.y, dz = dir.z;
    const v = this.vertices;
    let best = 0;
    let bestDot = v[0] * dx + v[1] * dy + v[2] * dz;
    for (let i = 3, k = 1, n = v.length; i < n; i += 3, k++) {
      const d = v[i] * dx + v[i + 1] * dy + v[i + 2] * dz;
      if (d > bestDot) {
        bestDot = d;
        best = k;
      }
    }
    return best;
  }

  /**
   * A mid-sized hull's support vertex: steepest ascent over the adjacency from the start table's vertex
   * for the direction's cell, with no state kept (so A and B may be one hull object, and no answer depends
   * on the queries before it). The scan's answer, the first maximiser: where the climb's top has a neighbour
   * within NEAR_TIE of it, or the direction is zero or non-finite (no cell), or the climb takes more steps
   * than there are vertices (an adjacency that is not a convex polytope's), it scans. Each step strictly
   * increases the dot product, so no vertex is visited twice.
   */
  private tableClimbIndex(dir: Readonly<Vec3Like>): number {
    const dx = dir.x, dy = dir.y, dz = dir.z;
    const v = this.vertices, ns = this.neighborStart, ni = this.neighborIndices;
    const cell = startCell(dir);
    if (cell >= 0) {
      const ax = Math.abs(dx), ay = Math.abs(dy), az = Math.abs(dz);
      let cur = this._cells[cell];
      let curDot = v[3 * cur] * dx + v[3 * cur + 1] * dy + v[3 * cur + 2] * dz;
      // A neighbour within this of the top is a tie to rounding (a bound on |p|·|dir| times NEAR_TIE).
      const slack = NEAR_TIE * this.boundingRadius * (ax + ay + az);
      for (let steps = this.vertexCount; steps > 0; steps--) {
        let next = -1;
        const floor = curDot - slack;
        let near = false;
        for (let k = ns[cur], e = ns[cur + 1]; k < e; k++) {
          const nb = ni[k];
          const d = v[3 * nb] * dx + v[3 * nb + 1] * dy + v[3 * nb + 2] * dz;
          if (d > curDot) {
            curDot = d;
            next = nb;
          } else if (d >= floor) {
            near = true;
          }
        }
        if (next < 0) {
          if (near) break;
          return cur;
        }
        cur = next;
      }
    }
    return this.scanIndex(dir);
  }

  /** A start table (see `_start`), filled by climbing from cell to neighbouring cell. */
  private fillStartTable<T extends Int32Array | Uint8Array>(table: T): T {
    const n = START_CELLS;
    const d = this._dir;
    for (let face = 0; face < 6; face++) {
      const axis = face >> 1, sign = face & 1 ? -1 : 1;
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          const u = (2 * i + 1) / n - 1, w = (2 * j + 1) / n - 1;
          d.x = axis === 0 ? sign : u;
          d.y = axis === 1 ? sign : axis === 0 ? u : w;
          d.z = axis === 2 ? sign : w;
          // The table is still empty here, so this climbs from the previous cell's answer.
          table[(face * n + i) * n + j] = this.climbIndex(d);
        }
      }
    }
    this._warm = 0;
    return table;
  }

  private climbIndex(dir: Readonly<Vec3Like>): number {
    const dx = dir.x, dy = dir.y, dz = dir.z;
    const v = this.vertices, ns = this.neighborStart, ni = this.neighborIndices, table = this._start;
    let cur = this._warm;
    let curDot = v[3 * cur] * dx + v[3 * cur + 1] * dy + v[3 * cur + 2] * dz;
    // The start table is consulted once, after the first step away from the warm start: a direction
    // close to the last one (GJK's iterations) usually ends where it starts, at no extra cost.
    let tableUsed = table.length === 0;
    // A top with a neighbour within this of it is a tie (or one to rounding), which scans: the answer is
    // then the scan's first maximiser whatever the warm start, so it never depends on the queries before
    // it (a world's narrow phase answers the same bits on any thread, in any order).
    const slack = NEAR_TIE * this.boundingRadius * (Math.abs(dx) + Math.abs(dy) + Math.abs(dz));
    // Each step strictly increases the dot product, so no vertex is visited twice: vertexCount steps
    // bound the climb. Reaching the cap means the adjacency is not a convex polytope's: scan instead.
    let steps = this.vertexCount;
    for (; steps > 0; steps--) {
      let next = -1;
      const floor = curDot - slack;
      let near = false;
      for (let k = ns[cur], e = ns[cur + 1]; k < e; k++) {
        const w = ni[k];
        const d = v[3 * w] * dx + v[3 * w + 1] * dy + v[3 * w + 2] * dz;
        if (d > curDot) {
          curDot = d;
          next = w;
        } else if (d >= floor) {
          near = true;
        }
      }
      if (next < 0) {
        if (near) break;
        this._warm = cur;
        this.lastClimbSteps = this.vertexCount - steps;
        return cur;
      }
      cur = next;
      if (!tableUsed) {
        tableUsed = true;
        const cell = startCell(dir);
        if (cell >= 0) {
          const s = table[cell];
          const sd = v[3 * s] * dx + v[3 * s + 1] * dy + v[3 * s + 2] * dz;
          if (sd > curDot) {
            cur = s;
            curDot = sd;
          }
        }
      }
    }
    cur = this.scanIndex(dir);
    this._warm = cur;
    this.lastClimbSteps = this.vertexCount - steps;
    return cur;
  }

  /**
   * Writes into `out` the face whose outward normal is closest to `dir` (largest `dot(normal, dir)`;
   * the first such face on ties) and returns `out`. For a point or segment (no faces) writes
   * `index = −1`, the support point as a one- or two-corner "face" (`count` 1 or 2: the segment when `dir`
   * is perpendicular to it within rounding, else its support end), and `normal` = `dir` normalised (or
   * zero). Allocation-free once `out.points` has room for {@link maxFaceVertices} corners.
   */
  supportFace(out: HullFace, dir: Readonly<Vec3Like>): HullFace {
    const dx = dir.x, dy = dir.y, dz = dir.z;
    const v = this.vertices;
    if (this.faceCount === 0) {
      const l = Math.sqrt(dx * dx + dy * dy + dz * dz);
      const s = l > 0 ? 1 / l : 0;
      out.index = -1;
      out.normal.x = dx * s;
      out.normal.y = dy * s;
      out.normal.z = dz * s;
      let count = 1;
      let i = 0;
      if (this.vertexCount === 2) {
        const d0 = v[0] * dx + v[1] * dy + v[2] * dz, d1 = v[3] * dx + v[4] * dy + v[5] * dz;
        if (d0 === d1) count = 2;
        else if (d1 > d0) i = 1;
      }
      if (out.points.length < 3 * count) out.points = new Float64Array(6);
      for (let k = 0; k < count; k++) {
        out.points[3 * k] = v[3 * (i + k)];
        out.points[3 * k + 1] = v[3 * (i + k) + 1];
        out.points[3 * k + 2] = v[3 * (i + k) + 2];
      }
      out.count = count;
      return out;
    }
    const fn = this.faceNormals;
    let best = 0, bestDot = -Infinity;
    for (let f = 0, F = this.faceCount; f < F; f++) {
      const d = fn[3 * f] * dx + fn[3 * f + 1] * dy + fn[3 * f + 2] * dz;
      if (d > bestDot) {
        bestDot = d;
        best = f;
      }
    }
    const s = this.faceStart[best], e = this.faceStart[best + 1], m = e - s;
    if (out.points.length < 3 * m) out.points = new Float64Array(3 * this.maxFaceVertices);
    const pts = out.points, fi = this.faceIndices;
    for (let k = 0; k < m; k++) {
      const w = 3 * fi[s + k];
      pts[3 * k] = v[w];
      pts[3 * k + 1] = v[w + 1];
      pts[3 * k + 2] = v[w + 2];
    }
    out.index = best;
    out.count = m;
    out.normal.x = fn[3 * best];
    out.normal.y = fn[3 * best + 1];
    out.normal.z = fn[3 * best + 2];
    return out;
  }
}

/**
 * The start table's entry for `dir`: its cube-map cell (the largest component picks the face, the other
 * two divided by it the cell), or −1 for a zero or non-finite direction (NaN: no cell). The direction goes
 * in as the object and the index comes back an integer (CONTRIBUTING.md, "V8 rules", rule 1).
 */
function startCell(dir: Readonly<Vec3Like>): number {
  const dx = dir.x, dy = dir.y, dz = dir.z;
  const ax = Math.abs(dx), ay = Math.abs(dy), az = Math.abs(dz);
  let face: number, u: number, w: number;
  if (ax >= ay && ax >= az) {
    face = dx >= 0 ? 0 : 1; u = dy / ax; w = dz / ax;
  } else if (ay >= az) {
    face = dy >= 0 ? 2 : 3; u = dx / ay; w = dz / ay;
  } else {
    face = dz >= 0 ? 4 : 5; u = dx / az; w = dy / az;
  }
  const i = Math.floor((u + 1) * (START_CELLS / 2)), j = Math.floor((w + 1) * (START_CELLS / 2));
  if (!(i >= 0 && j >= 0)) return -1;
  return (face * START_CELLS + (i < START_CELLS ? i : START_CELLS - 1)) * START_CELLS + (j < START_CELLS ? j : START_CELLS - 1);
}

function isHull(x: unknown): x is Hull {
  return typeof x === 'object' && x !== null && !Array.isArray(x) && !ArrayBuffer.isView(x)
    && (x as Hull).neighborStart instanceof Int32Array && (x as Hull).vertices instanceof Float64Array;
}

/**
 * A hull record taken as it is, with options checked, not ignored: a misspelt key is an error, and a
 * tolerance (which applies to building from points) is refused rather than dropped in silence (found by
 * the garbage fuzz: a hull record with `{ maxDistanse: 1 }` passed without a word).
 * @throws InvalidArgumentError naming `options` or its key.
 */
function hullRecordWith(points: Hull, options: BuildHullOptions | undefined): Hull {
  if (options != null) {
    checkBuildHullOptions(options, 'options');
    if (options.tolerance !== undefined) throw new InvalidArgumentError('options.tolerance', 'applies when a hull is built from points; a hull record (from buildHull) keeps its own tolerance');
  }
  return checkHullRecord(points);
}

/**
 * A hull record given to the constructor, checked for what the queries rely on: its counts agree with its
 * arrays, every index is a vertex, the numbers are finite (a record copied with a field replaced, as the
 * probe of every export made, threw raw errors or answered wrong). O(size), as the constructor's own scans.
 * @throws InvalidShapeError naming the field that does not fit.
 */
function checkHullRecord(h: Hull): Hull {
  const bad = (field: string, why: string): never => { throw new InvalidShapeError(`ConvexHull.points.${field}`, `${why}; expected a hull from buildHull`); };
  const v = h.vertices, n = v.length / 3, fc = h.faceCount;
  if (!Number.isInteger(n) || n < 1 || h.vertexCount !== n) bad('vertexCount', `is ${describeValue(h.vertexCount)} for ${v.length} coordinates`);
  if (!(h.dimension === 0 || h.dimension === 1 || h.dimension === 2 || h.dimension === 3)) bad('dimension', `is ${describeValue(h.dimension)}`);
  if (!(typeof h.tolerance === 'number' && h.tolerance >= 0 && h.tolerance < Infinity)) bad('tolerance', `is ${describeValue(h.tolerance)}`);
  const fs = h.faceStart, fi = h.faceIndices, ns = h.neighborStart, ni = h.neighborIndices;
  if (!(fs instanceof Int32Array && fi instanceof Int32Array && ni instanceof Int32Array && h.faceNormals instanceof Float64Array && h.faceOffsets instanceof Float64Array)) {
    bad('faceStart', 'or another of its arrays is not of its typed array kind');
  }
  if (!(Number.isInteger(fc) && fc >= 0 && fs.length === fc + 1 && h.faceNormals.length === 3 * fc && h.faceOffsets.length === fc)) bad('faceCount', `is ${describeValue(fc)} for its face arrays`);
  if (ns.length !== n + 1) bad('neighborStart', `has ${ns.length} entries for ${n} vertices`);
  for (let i = 0; i < v.length; i++) if (!Number.isFinite(v[i])) bad(`vertices[${i}]`, `is ${v[i]}`);
  for (let f = 0; f < fc; f++) if (!(fs[f] >= 0 && fs[f] <= fs[f + 1] && fs[f + 1] <= fi.length)) bad(`faceStart[${f}]`, 'is out of order or beyond faceIndices');
  for (let i = 0; i < n; i++) if (!(ns[i] >= 0 && ns[i] <= ns[i + 1] && ns[i + 1] <= ni.length)) bad(`neighborStart[${i}]`, 'is out of order or beyond neighborIndices');
  for (let k = 0; k < fi.length; k++) if (!(fi[k] >= 0 && fi[k] < n)) bad(`faceIndices[${k}]`, `is ${fi[k]}, not a vertex`);
  for (let k = 0; k < ni.length; k++) if (!(ni[k] >= 0 && ni[k] < n)) bad(`neighborIndices[${k}]`, `is ${ni[k]}, not a vertex`);
  for (let k = 0; k < h.faceNormals.length; k++) if (!Number.isFinite(h.faceNormals[k])) bad(`faceNormals[${k}]`, `is ${h.faceNormals[k]}`);
  return h;
}

// The constructor's scans are functions of their own (CONTRIBUTING.md, "V8 rules", rule 3): inline,
// their on-stack code deoptimised on every later construction (126 times in 3,000 constructions after
// one of a 100,000-point hull).

/** Largest number of corners of one face. */
function maxFaceSize(faceStart: Int32Array, faceCount: number): number {
  let m = 0;
  for (let f = 0; f < faceCount; f++) {
    const k = faceStart[f + 1] - faceStart[f];
    if (k > m) m = k;
  }
  return m;
}

/** Largest squared distance of a vertex (packed xyz) from the origin. */
function largestHypot(v: Float64Array): number {
  let r = 0;
  for (let i = 0; i < v.length; i += 3) r = Math.max(r, hypot3(v[i], v[i + 1], v[i + 2]));
  return r;
}

function maxNormSquared(v: Float64Array): number {
  let r2 = 0;
  for (let i = 0; i < v.length; i += 3) {
    const d = v[i] * v[i] + v[i + 1] * v[i + 1] + v[i + 2] * v[i + 2];
    if (d > r2) r2 = d;
  }
  return r2;
}
