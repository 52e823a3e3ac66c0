/**
 * GJK distance between two convex cores, after Gilbert, Johnson and Keerthi, "A fast procedure for
 * computing the distance between complex objects in three-dimensional space", IEEE J. Robotics and
 * Automation 4(2), 1988, in the form of van den Bergen, "Collision Detection in Interactive 3D
 * Environments" (2003), §4.3: the iterate v is the point of the current simplex closest to the origin,
 * the support point w of the Minkowski difference K = A − B along −v either proves convergence through
 * the duality gap |v|² − v·w (an upper bound on |v|² − dist², so on the distance error) or extends the
 * simplex. The closest point of each simplex comes from the signed-volumes sub-algorithm (simplex.ts).
 *
 * Everything runs in A's local frame: B's pose relative to A is given as a Transform computed once per
 * query. Shapes are handled through their cores (support mappings without the swept radius); the
 * callers apply the radii to the result.
 *
 * Termination, in order of the tests below (each named, each pinned by gjk.test.ts):
 *  - contact: |v|² ≤ GJK_ABSOLUTE_TOLERANCE · max|w|² (the origin is on the simplex up to rounding),
 *    or the simplex is a tetrahedron that contains the origin;
 *  - early separation: v·w > 0 and (v·w / |v|)² > limit² — a separating plane proves the core distance
 *    exceeds `limit` (used by boolean tests and by `maxDistance`);
 *  - convergence: the duality gap is below GJK_RELATIVE_TOLERANCE·|v|² or below float64 noise;
 *  - progress: a step that does not strictly decrease |v|² ends the loop with the previous simplex
 *    (status 'degenerate' unless the gap certifies the distance to GJK_STALL_RELATIVE_TOLERANCE or is
 *    at the noise floor of v), except that a step leaving |v|² the same to rounding with an uncertified
 *    gap is taken, GJK_STALL_RETRIES times at most (a tie between supports);
 *  - cap: GJK_MAX_ITERATIONS (status 'max-iterations').
 */
import type { Transform } from '../../math/transform.js';
import type { Vec3Like } from '../../math/types.js';
import { vec3 } from '../../math/vec3.js';
import type { ConvexShape } from '../../shapes/shape.js';
import * as T from '../../tolerance.js';
import type { QueryStatus } from '../pair/results.js';
import type { TraceCallback } from '../pair/trace.js';
import { supportPair } from '../pair/support-pair.js';
import { closestOnSimplex, faceNormal, simplexSize } from './simplex.js';

/**
 * A relative tolerance given in the options, else the default, through a typed array: a double option
 * merged with the default constant (`options?.x ?? DEFAULT`) was boxed on every call (16 bytes a query;
 * CONTRIBUTING.md, "V8 rules", rule 1).
 */
const _tolerance = /* @__PURE__ */ new Float64Array(1);

// The tolerances as constants of this module: the loop reads them every iteration (CONTRIBUTING.md,
// "V8 rules", rule 4).
const GJK_ABSOLUTE_TOLERANCE = T.GJK_ABSOLUTE_TOLERANCE;
const GJK_MAX_ITERATIONS = T.GJK_MAX_ITERATIONS;
const GJK_NOISE_FLOOR = T.GJK_NOISE_FLOOR;
const GJK_RELATIVE_TOLERANCE = T.GJK_RELATIVE_TOLERANCE;
const GJK_STALL_NOISE = T.GJK_STALL_NOISE;
const GJK_STALL_RELATIVE_TOLERANCE = T.GJK_STALL_RELATIVE_TOLERANCE;
const GJK_STALL_RETRIES = T.GJK_STALL_RETRIES;

/**
 * Warm-start state a caller may keep per pair between frames: the last separating direction.
 * A fresh cache means a cold start. Reusing one changes the iteration count, never the answer beyond
 * tolerance.
 */
export class GjkCache {
  /** x of the stored direction: GJK's last closest point of A − B, in A's local frame (any length; read only when `valid`). */
  x = 0;
  /** y of the stored direction (see `x`). */
  y = 0;
  /** z of the stored direction (see `x`). */
  z = 0;
  /** Whether the cache holds a direction. */
  valid = false;
  /** Forget the stored direction (next query starts cold). */
  reset(): void {
    this.valid = false;
  }
}

/** Per-call overrides of GJK's tolerances. */
export interface GjkOptions {
  /** Warm-start cache, read and updated in place. */
  cache?: GjkCache;
  /** Called once per iteration with a copy of GJK's state (for the explorer and debugging). */
  trace?: TraceCallback;
  /** Overrides GJK_RELATIVE_TOLERANCE: a number in [0, 1). */
  gjkRelativeTolerance?: number;
  /** Overrides GJK_MAX_ITERATIONS: an integer ≥ 1. */
  gjkMaxIterations?: number;
}

/** GJK's working state and answer, in A's local frame. One per thread of queries; reused. */
export class GjkWork {
  /**
   * Simplex: Minkowski points w = a − b, and the supports a (of A) and b (of B), packed xyz. The first
   * `n` slots hold the simplex; slot n holds the candidate support point during a step.
   */
  readonly w = new Float64Array(12);
  readonly a = new Float64Array(12);
  readonly b = new Float64Array(12);
  /** Number of simplex points. */
  n = 0;
  readonly lambda = new Float64Array(4);
  /** Barycentric weights of the candidate simplex. */
  readonly clambda = new Float64Array(4);
  /** Scratch for support queries. */
  readonly dir = vec3();
  readonly dirB = vec3();
  readonly sa = vec3();
  readonly sb = vec3();

  /** Answer: whether the cores touch or overlap (distance within rounding of zero). */
  intersecting = false;
  /** Answer: the core distance (0 when intersecting), an upper bound within tolerance. */
  distance = 0;
  /**
   * Input: stop early, with `separatedBeyondLimit`, once a separating plane proves the core distance
   * exceeds this (Infinity for a full distance query). A field, not an argument (CONTRIBUTING.md,
   * "V8 rules", rule 1).
   */
  limit = Infinity;
  /** Answer: true if the loop stopped early because a plane proved distance > limit. */
  separatedBeyondLimit = false;
  /**
   * Answer, with `separatedBeyondLimit`: that plane's distance (v·w / |v|), a lower bound on the core distance
   * (above `limit`; up to rounding). The world skips a pair until its bodies have moved that far.
   */
  lowerBound = 0.5;
  /**
   * Answer, when the cores are apart: v·w / |v| for the final v and the support w along −v (GJK 1988's
   * separating plane), a lower bound on the core distance; −Infinity when the loop ended without one for
   * the final v (the iteration cap, or the cores meet). Read by the certified bounds (query/certify/).
   */
  planeBound = 0.5;
  /** Closest points on A's core and B's core, and v = pointA − pointB, in A's frame. */
  readonly pointA = vec3();
  readonly pointB = vec3();
  readonly v = vec3();
  status: QueryStatus = 'converged';
  iterations = 0;
}

/**
 * Writes into slot `i` of the simplex arrays the support point of K = A − B along `work.dir`,
 * w = s_A(d) − s_B(−d), and its parts a and b (see supportPair). Slot i is past the current simplex,
 * so a step that is rejected leaves the simplex as it was.
 */
function supportK(work: GjkWork, shapeA: ConvexShape, shapeB: ConvexShape, bInA: Transform, i: number): void {
  supportPair(work, shapeA, shapeB, bInA);
  const sa = work.sa, sb = work.sb;
  const ax = sa.x, ay = sa.y, az = sa.z, bx = sb.x, by = sb.y, bz = sb.z;
  const o = 3 * i;
  const w = work.w, a = work.a, b = work.b;
  a[o] = ax; a[o + 1] = ay; a[o + 2] = az;
  b[o] = bx; b[o + 1] = by; b[o + 2] = bz;
  w[o] = ax - bx; w[o + 1] = ay - by; w[o + 2] = az - bz;
}

/**
 * Runs GJK on the cores of `shapeA` (in its own frame) and `shapeB` (placed by `bInA`), writing the
 * answer into `work`. Stops early, with `separatedBeyondLimit`, once a separating plane proves the core
 * distance exceeds `work.limit` (set it before the call; Infinity for a full distance query).
 */
export function gjkDistance(
  work: GjkWork,
  shapeA: ConvexShape,
  shapeB: ConvexShape,
  bInA: Transform,
  options?: GjkOptions,
): void {
  const limit = work.limit;
  if (options != null && typeof options.gjkRelativeTolerance === 'number') _tolerance[0] = options.gjkRelativeTolerance;
  else _tolerance[0] = GJK_RELATIVE_TOLERANCE;
  const relTol = _tolerance[0];
  const maxIterations = options?.gjkMaxIterations ?? GJK_MAX_ITERATIONS;
  const cache = options?.cache;
  const trace = options?.trace;
  const limit2 = limit * limit;

  // Initial direction: the cached separating axis, else from B's centre towards A's (K's centre).
  let vx: number, vy: number, vz: number;
  if (cache !== undefined && cache.valid) {
    vx = cache.x; vy = cache.y; vz = cache.z;
  } else {
    vx = -bInA.tx; vy = -bInA.ty; vz = -bInA.tz;
  }
  if (vx === 0 && vy === 0 && vz === 0) vx = 1;

  const w = work.w, a = work.a, b = work.b, lambda = work.lambda;
  const cl = work.clambda;

  const d0x = -vx, d0y = -vy, d0z = -vz;
  const dir = work.dir;
  dir.x = d0x; dir.y = d0y; dir.z = d0z;
  supportK(work, shapeA, shapeB, bInA, 0);
  lambda[0] = 1; lambda[1] = 0; lambda[2] = 0; lambda[3] = 0;
  let n = 1;
  vx = w[0]; vy = w[1]; vz = w[2];
  let dist2 = vx * vx + vy * vy + vz * vz;
  let maxW2 = dist2;
  let status: QueryStatus = 'converged';
  let intersecting = false;
  let beyondLimit = false, bound = 0.5;
  // v·w of the final v ("V8 rules", rule 1: a double, never merged with a small integer).
  let planeVw = -Infinity;
  let iterations = 0, retries = 0;
  if (trace !== undefined) emitTrace(trace, work, 1, 0, d0x, d0y, d0z, vx, vy, vz, vx, vy, vz, dist2);

  for (;;) {
    if (dist2 <= GJK_ABSOLUTE_TOLERANCE * maxW2) {
      intersecting = true;
      break;
    }
    if (iterations >= maxIterations) {
      status = 'max-iterations';
      break;
    }
    iterations++;
    const dx = -vx, dy = -vy, dz = -vz;
    dir.x = dx; dir.y = dy; dir.z = dz;
    supportK(work, shapeA, shapeB, bInA, n);
    const o = 3 * n;
    const wx = w[o], wy = w[o + 1], wz = w[o + 2];
    const vw = vx * wx + vy * wy + vz * wz;
    planeVw = vw;
    // For v·w > 0, (v·w / |v|)² is the squared distance of a separating plane: a lower bound.
    if (vw > 0 && vw * vw > limit2 * dist2) {
      beyondLimit = true;
      bound = vw / Math.sqrt(dist2);
      break;
    }
    const ww = wx * wx + wy * wy + wz * wz;
    if (ww > maxW2) maxW2 = ww;
    const gap = dist2 - vw;
    // Converged, or at the noise floor (GJK_NOISE_FLOOR: a gap below 16 ε of the dot products' terms is rounding).
    const noise = GJK_NOISE_FLOOR * (Math.abs(vx * wx) + Math.abs(vy * wy) + Math.abs(vz * wz) + dist2);
    if (gap <= relTol * dist2 || gap <= noise) break;

    // Candidate simplex: the current one plus w (already in slot n).
    simplexSize[0] = maxW2;
    const mask = closestOnSimplex(w, n + 1, cl, n);
    let nx = 0, ny = 0, nz = 0;
    for (let k = 0; k <= n; k++) {
      const l = cl[k];
      nx += l * w[3 * k]; ny += l * w[3 * k + 1]; nz += l * w[3 * k + 2];
    }
    // On a face or an edge of the simplex, v from the feature's own direction rather than Σλp: on a long
    // thin simplex whose points lie far from the origin (a hull 1000 long), the weights' rounding times the
    // points' size left v 1e-6 off, and the duality gap then certified a wrong lower bound. The plane's
    // normal (a face: n(n·p₀)/|n|², n from its two shorter edges, the one closestOnSimplex used) or the edge's
    // cross products (e × (p₀ × e)/|e|²) keep v within ε of the points' size.
    const bits = mask & 0b1111, count = (bits & 1) + ((bits >> 1) & 1) + ((bits >> 2) & 1) + ((bits >> 3) & 1);
    if (count === 3 || count === 2) {
      const i0 = bits & 1 ? 0 : bits & 2 ? 1 : 2, i1 = bits & (0b10 << i0) ? i0 + 1 : bits & (0b100 << i0) ? i0 + 2 : i0 + 3;
      const ex = w[3 * i1] - w[3 * i0], ey = w[3 * i1 + 1] - w[3 * i0 + 1], ez = w[3 * i1 + 2] - w[3 * i0 + 2];
      const px = w[3 * i0], py = w[3 * i0 + 1], pz = w[3 * i0 + 2];
      if (count === 3) {
        const cx = faceNormal[0], cy = faceNormal[1], cz = faceNormal[2], cc = cx * cx + cy * cy + cz * cz;
        if (cc > 0) { const s = (cx * px + cy * py + cz * pz) / cc; nx = cx * s; ny = cy * s; nz = cz * s; }
      } else {
        const ee = ex * ex + ey * ey + ez * ez;
        if (ee > 0) {
          const qx = py * ez - pz * ey, qy = pz * ex - px * ez, qz = px * ey - py * ex; // p₀ × e
          nx = (ey * qz - ez * qy) / ee; ny = (ez * qx - ex * qz) / ee; nz = (ex * qy - ey * qx) / ee;
        }
      }
    }
    const newDist2 = mask === 0b1111 ? 0 : nx * nx + ny * ny + nz * nz;
    // A step whose |v|² is the same to rounding (the noise floor's: the points' rounding moves a face's
    // distance by ε of their size, and |v|² by twice that times |v|), with a gap the relative test does
    // not certify, is taken anyway, at most GJK_STALL_RETRIES times: a tie between supports (a point on a
    // thin triangle's vertex, the support along −v an exact tie of two vertices, a segment parallel to a long
    // face) gives a simplex whose closest point is the old one to rounding, but whose next direction (the new
    // face's normal) finds the vertex that makes progress. (Stopping there answered 5e-9 for a point on the
    // vertex, and intersects false; 3.9e-9 for a capsule lying on a box 2000 long.)
    const retry = mask !== 0 && newDist2 >= dist2 && newDist2 - dist2 <= noise && retries < GJK_STALL_RETRIES;
    if (retry) retries++;
    else if (mask === 0 || !(newDist2 < dist2)) {
      // No progress: rounding has the last word. Keep the previous simplex, which is still valid.
      // The answer is as good as the gap certifies: 'converged' when that is within
      // GJK_STALL_RELATIVE_TOLERANCE, or when the gap is at the noise floor of v itself
      // (GJK_STALL_NOISE); else 'degenerate'.
      if (gap > GJK_STALL_RELATIVE_TOLERANCE * dist2 && gap > GJK_STALL_NOISE * maxW2) status = 'degenerate';
      break;
    }
    // Accept: compact the kept vertices in place (kept indices ascend, so m ≤ k never overwrites
    // a vertex still to be read).
    let m = 0;
    for (let k = 0; k <= n; k++) {
      if (mask & (1 << k)) {
        if (m !== k) {
          const s = 3 * k, t = 3 * m;
          w[t] = w[s]; w[t + 1] = w[s + 1]; w[t + 2] = w[s + 2];
          a[t] = a[s]; a[t + 1] = a[s + 1]; a[t + 2] = a[s + 2];
          b[t] = b[s]; b[t + 1] = b[s + 1]; b[t + 2] = b[s + 2];
        }
        lambda[m] = cl[k];
        m++;
      }
    }
    for (let k = m; k < 4; k++) lambda[k] = 0;
    n = m;
    vx = nx; vy = ny; vz = nz;
    dist2 = newDist2;
    planeVw = -Infinity; // (a new v: its plane not read yet)
    maxW2 = 0;
    for (let k = 0; k < n; k++) {
      const q = w[3 * k] * w[3 * k] + w[3 * k + 1] * w[3 * k + 1] + w[3 * k + 2] * w[3 * k + 2];
      if (q > maxW2) maxW2 = q;
    }
    if (trace !== undefined) emitTrace(trace, work, n, iterations, dx, dy, dz, wx, wy, wz, vx, vy, vz, dist2);
    if (n === 4) {
      intersecting = true;
      break;
    }
  }

  // Witness points from the barycentric weights of the final simplex.
  let pax = 0, pay = 0, paz = 0, pbx = 0, pby = 0, pbz = 0;
  for (let k = 0; k < n; k++) {
    const l = lambda[k], s = 3 * k;
    pax += l * a[s]; pay += l * a[s + 1]; paz += l * a[s + 2];
    pbx += l * b[s]; pby += l * b[s + 1]; pbz += l * b[s + 2];
  }
  work.n = n;
  work.pointA.x = pax; work.pointA.y = pay; work.pointA.z = paz;
  work.pointB.x = pbx; work.pointB.y = pby; work.pointB.z = pbz;
  work.v.x = vx; work.v.y = vy; work.v.z = vz;
  work.intersecting = intersecting;
  work.distance = intersecting ? 0 : Math.sqrt(dist2);
  work.separatedBeyondLimit = beyondLimit;
  work.lowerBound = bound;
  if (!intersecting && dist2 > 0 && planeVw > -Infinity) work.planeBound = planeVw / Math.sqrt(dist2);
  else work.planeBound = -Infinity;
  work.status = status;
  work.iterations = iterations;
  if (cache !== undefined && dist2 > 0 && !intersecting) {
    cache.x = vx; cache.y = vy; cache.z = vz;
    cache.valid = true;
  }
}

function emitTrace(
  trace: TraceCallback, work: GjkWork, n: number, iteration: number,
  dx: number, dy: number, dz: number, wx: number, wy: number, wz: number,
  vx: number, vy: number, vz: number, dist2: number,
): void {
  const simplex: Vec3Like[] = [];
  for (let k = 0; k < n; k++) simplex.push(vec3(work.w[3 * k], work.w[3 * k + 1], work.w[3 * k + 2]));
  trace({
    algorithm: 'gjk',
    iteration,
    direction: vec3(dx, dy, dz),
    support: vec3(wx, wy, wz),
    simplex,
    closest: vec3(vx, vy, vz),
    distance: Math.sqrt(dist2),
  });
}
