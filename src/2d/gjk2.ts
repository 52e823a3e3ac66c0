/**
 * GJK distance between two convex cores in the plane (Gilbert, Johnson and Keerthi 1988, in van den
 * Bergen's form, 2003 §4.3), the 2D twin of query/gjk/gjk.ts with the same tolerances and stopping
 * tests: the iterate v is the point of the current simplex (a point, a segment or a triangle) closest to
 * the origin; the support w of K = A − B along −v either proves convergence through the duality gap
 * |v|² − v·w or extends the simplex. The closest point of each simplex comes from simplex2.ts.
 *
 * Everything runs in A's local frame, with B's pose relative to A computed once per query. Termination
 * (each test named):
 *  - contact: |v|² ≤ GJK_ABSOLUTE_TOLERANCE · max|w|², or the simplex is a triangle holding the origin;
 *  - early separation: a separating line proves the core distance exceeds `limit` (boolean queries);
 *  - convergence: the duality gap below GJK_RELATIVE_TOLERANCE · |v|² or at float64's noise floor;
 *  - progress: a step that does not strictly decrease |v|² ends the loop with the previous simplex
 *    ('degenerate' unless the gap certifies the answer to GJK_STALL_RELATIVE_TOLERANCE);
 *  - cap: GJK_MAX_ITERATIONS (or the caller's), status 'max-iterations'.
 * 2D cores are points, segments and polygons, so the loop ends on exact vertices in a few steps.
 */
import * as T from '../tolerance.js';
import type { QueryStatus } from '../query/pair/results.js';
import type { Transform2 } from './transform2.js';
import { Vec2, type Vec2Like } from './types.js';
import type { SupportMap2 } from './shapes/shape2.js';
import { closestOnSimplex2 } from './simplex2.js';

/**
 * A relative tolerance given in the options, else the default, through a typed array: a double option
 * merged with the default constant (`options?.x ?? DEFAULT`) was boxed on every call (16 bytes a query;
 * CONTRIBUTING.md, "V8 rules", rule 1).
 */
const _tolerance = /* @__PURE__ */ new Float64Array(1);

const GJK_ABSOLUTE_TOLERANCE = T.GJK_ABSOLUTE_TOLERANCE;
const GJK_MAX_ITERATIONS = T.GJK_MAX_ITERATIONS;
const GJK_NOISE_FLOOR = T.GJK_NOISE_FLOOR;
const GJK_RELATIVE_TOLERANCE = T.GJK_RELATIVE_TOLERANCE;
const GJK_STALL_NOISE = T.GJK_STALL_NOISE;
const GJK_STALL_RELATIVE_TOLERANCE = T.GJK_STALL_RELATIVE_TOLERANCE;

/**
 * Warm-start state a caller may keep per pair between frames: the last separating direction (A's
 * frame). A fresh cache is a cold start; reusing one changes the iteration count, never the answer
 * beyond tolerance.
 */
export class GjkCache {
  /**
   * x of the stored direction: GJK's last iterate v, from B's core towards A's, in A's local frame (not
   * normalised). The next query starts searching along −v. Meaningful only when `valid`.
   */
  x = 0;
  /** y of the stored direction (see `x`). */
  y = 0;
  /** Whether the cache holds a direction. */
  valid = false;
  /** Forget the stored direction. */
  reset(): void {
    this.valid = false;
  }
}

/**
 * One step of GJK in the plane, handed to `options.trace` (the explorer's step-by-step view): points of
 * the cores' Minkowski difference `a − b` in A's local frame. Fresh copies the callback may keep.
 */
export interface GjkTraceStep2 {
  /** Iterations done when the step was reported: 0 for the first support point, then 1, 2, … */
  readonly iteration: number;
  /** The direction of this step's support query. */
  readonly direction: Vec2Like;
  /** The support point w = s_A(d) − s_B(−d) of the cores. */
  readonly support: Vec2Like;
  /** The simplex after the sub-algorithm kept the part nearest the origin (1 to 3 points). */
  readonly simplex: Vec2Like[];
  /** The simplex's point nearest the origin, v. */
  readonly closest: Vec2Like;
  /** |v|: an upper bound on the cores' distance. */
  readonly distance: number;
}

/** Per-call options of the 2D distance queries. */
export interface GjkOptions {
  /** Warm-start cache, read and updated in place. */
  cache?: GjkCache;
  /** Called once per step with a copy of GJK's state (for the explorer and for debugging). */
  trace?: (step: GjkTraceStep2) => void;
  /** Overrides GJK_RELATIVE_TOLERANCE: a number in [0, 1). */
  gjkRelativeTolerance?: number;
  /** Overrides GJK_MAX_ITERATIONS: an integer ≥ 1. */
  gjkMaxIterations?: number;
}

/** GJK's working state and answer, in A's local frame. Reused. */
export class Gjk2Work {
  /** Simplex points w = a − b and their supports a and b, packed xy; slot n holds a candidate. */
  readonly w = new Float64Array(8);
  readonly a = new Float64Array(8);
  readonly b = new Float64Array(8);
  n = 0;
  readonly lambda = new Float64Array(3);
  readonly clambda = new Float64Array(3);
  /** B's pose in A's frame: cosine, sine, translation (read by every support step). */
  readonly rel = new Float64Array(4);
  readonly dir = new Vec2();
  readonly dirB = new Vec2();
  readonly sa = new Vec2();
  readonly sb = new Vec2();
  /** Input: stop once a separating line proves the core distance exceeds this. */
  limit = Infinity;
  /** Answers. */
  intersecting = false;
  distance = 0;
  separatedBeyondLimit = false;
  readonly pointA = new Vec2();
  readonly pointB = new Vec2();
  readonly v = new Vec2();
  status: QueryStatus = 'converged';
  iterations = 0;
}

/**
 * Writes into slot i the support of K along `work.dir`: a = s_A(d), b = R·s_B(−Rᵀd) + t, w = a − b. The
 * slot is past the simplex, so a rejected step leaves the simplex as it was.
 */
export function supportK2(work: Gjk2Work, shapeA: SupportMap2, shapeB: SupportMap2, i: number): void {
  const d = work.dir, r = work.rel;
  const dx = d.x, dy = d.y, c = r[0], s = r[1];
  const sa = shapeA.support(work.sa, d);
  const ax = sa.x, ay = sa.y;
  const db = work.dirB;
  db.x = -(c * dx + s * dy);
  db.y = -(c * dy - s * dx);
  const sb = shapeB.support(work.sb, db);
  const x = sb.x, y = sb.y;
  const bx = c * x - s * y + r[2], by = s * x + c * y + r[3];
  const o = 2 * i;
  const w = work.w, a = work.a, b = work.b;
  a[o] = ax; a[o + 1] = ay;
  b[o] = bx; b[o + 1] = by;
  w[o] = ax - bx; w[o + 1] = ay - by;
}

/** Loads B's pose in A's frame into the work record (before gjk2 or epa2). */
export function setRelative2(work: Gjk2Work, bInA: Transform2): void {
  const r = work.rel;
  r[0] = bInA.c; r[1] = bInA.s; r[2] = bInA.tx; r[3] = bInA.ty;
}

/**
 * Runs GJK on the cores of `shapeA` (own frame) and `shapeB` (placed by the pose setRelative2 loaded),
 * writing the answer into `work`.
 */
export function gjk2(work: Gjk2Work, shapeA: SupportMap2, shapeB: SupportMap2, options: GjkOptions | undefined): void {
  const limit = work.limit;
  if (options != null && typeof options.gjkRelativeTolerance === 'number') _tolerance[0] = options.gjkRelativeTolerance;
  else _tolerance[0] = GJK_RELATIVE_TOLERANCE;
  const relTol = _tolerance[0];
  const maxIterations = options?.gjkMaxIterations ?? GJK_MAX_ITERATIONS;
  const cache = options?.cache;
  const trace = options?.trace;
  const limit2 = limit * limit;
  const rel = work.rel;

  // First direction: the cached separating axis, else from B's origin towards A's.
  let vx: number, vy: number;
  if (cache !== undefined && cache.valid) {
    vx = cache.x; vy = cache.y;
  } else {
    vx = -rel[2]; vy = -rel[3];
  }
  if (vx === 0 && vy === 0) vx = 1;

  const w = work.w, a = work.a, b = work.b, lambda = work.lambda, cl = work.clambda;
  const dir = work.dir;
  const d0x = -vx, d0y = -vy;
  dir.x = d0x; dir.y = d0y;
  supportK2(work, shapeA, shapeB, 0);
  lambda[0] = 1; lambda[1] = 0; lambda[2] = 0;
  let n = 1;
  vx = w[0]; vy = w[1];
  let dist2 = vx * vx + vy * vy;
  let maxW2 = dist2;
  let status: QueryStatus = 'converged';
  let intersecting = false;
  let beyondLimit = false;
  let iterations = 0;
  if (trace !== undefined) emitTrace2(trace, work, 1, 0, d0x, d0y, vx, vy, vx, vy, dist2);

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
    const sdx = -vx, sdy = -vy;
    dir.x = sdx; dir.y = sdy;
    supportK2(work, shapeA, shapeB, n);
    const o = 2 * n;
    const wx = w[o], wy = w[o + 1];
    const vw = vx * wx + vy * wy;
    if (vw > 0 && vw * vw > limit2 * dist2) {
      beyondLimit = true;
      break;
    }
    const ww = wx * wx + wy * wy;
    if (ww > maxW2) maxW2 = ww;
    const gap = dist2 - vw;
    // The noise floor: the rounding of v·w and |v|² (tolerance.ts).
    if (gap <= relTol * dist2 || gap <= GJK_NOISE_FLOOR * (Math.abs(vx * wx) + Math.abs(vy * wy) + dist2)) break;

    const mask = closestOnSimplex2(w, n + 1, cl, n);
    let nx = 0, ny = 0;
    for (let k = 0; k <= n; k++) {
      const l = cl[k];
      nx += l * w[2 * k]; ny += l * w[2 * k + 1];
    }
    const newDist2 = mask === 0b111 ? 0 : nx * nx + ny * ny;
    if (mask === 0 || !(newDist2 < dist2)) {
      // The gap bounds the distance's error by gap / |v|: certified when that is within
      // GJK_STALL_RELATIVE_TOLERANCE of |v|, or within GJK_STALL_NOISE of the supports' size (rounding).
      // Else 'degenerate', and the caller answers from the cores' vertices (exactDistance2). (A point on a
      // thin triangle's vertex, the support along the normal a tie of two vertices: GJK stalled 5e-9 away.)
      if (gap > GJK_STALL_RELATIVE_TOLERANCE * dist2 && gap > GJK_STALL_NOISE * Math.sqrt(dist2 * maxW2)) status = 'degenerate';
      break;
    }
    // Accept: compact the kept vertices in place (kept indices ascend).
    let m = 0;
    for (let k = 0; k <= n; k++) {
      if (mask & (1 << k)) {
        if (m !== k) {
          const s = 2 * k, t = 2 * m;
          w[t] = w[s]; w[t + 1] = w[s + 1];
          a[t] = a[s]; a[t + 1] = a[s + 1];
          b[t] = b[s]; b[t + 1] = b[s + 1];
        }
        lambda[m] = cl[k];
        m++;
      }
    }
    for (let k = m; k < 3; k++) lambda[k] = 0;
    n = m;
    vx = nx; vy = ny;
    dist2 = newDist2;
    if (trace !== undefined) emitTrace2(trace, work, n, iterations, sdx, sdy, wx, wy, vx, vy, dist2);
    maxW2 = 0;
    for (let k = 0; k < n; k++) {
      const q = w[2 * k] * w[2 * k] + w[2 * k + 1] * w[2 * k + 1];
      if (q > maxW2) maxW2 = q;
    }
    if (n === 3) {
      intersecting = true;
      break;
    }
  }

  let pax = 0, pay = 0, pbx = 0, pby = 0;
  for (let k = 0; k < n; k++) {
    const l = lambda[k], s = 2 * k;
    pax += l * a[s]; pay += l * a[s + 1];
    pbx += l * b[s]; pby += l * b[s + 1];
  }
  work.n = n;
  work.pointA.x = pax; work.pointA.y = pay;
  work.pointB.x = pbx; work.pointB.y = pby;
  work.v.x = vx; work.v.y = vy;
  work.intersecting = intersecting;
  work.distance = Math.sqrt(dist2);
  if (intersecting) work.distance = 0;
  work.separatedBeyondLimit = beyondLimit;
  work.status = status;
  work.iterations = iterations;
  if (cache !== undefined && dist2 > 0 && !intersecting) {
    cache.x = vx; cache.y = vy;
    cache.valid = true;
  }
}

/** A copy of GJK's state for `options.trace` (allocates: only when a trace is asked for). */
function emitTrace2(
  trace: (step: GjkTraceStep2) => void, work: Gjk2Work, n: number, iteration: number,
  dx: number, dy: number, wx: number, wy: number, vx: number, vy: number, dist2: number,
): void {
  const simplex: Vec2Like[] = [];
  for (let k = 0; k < n; k++) simplex.push({ x: work.w[2 * k], y: work.w[2 * k + 1] });
  trace({ iteration, direction: { x: dx, y: dy }, support: { x: wx, y: wy }, simplex, closest: { x: vx, y: vy }, distance: Math.sqrt(dist2) });
}
