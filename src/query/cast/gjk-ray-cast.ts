/**
 * The GJK ray cast (van den Bergen, "Ray casting against general convex objects with application to
 * continuous collision detection", 2004; Collision Detection in Interactive 3D Environments §4.3.5): the
 * ray's point x = o + λ·r advances, each step, to the plane of the support point along the current
 * separating direction v, which is the closest point to the origin of the simplex of x − p_i (p_i support
 * points already found). The simplex is stored as the points p_i of the shape and its differences taken
 * from the current x every step, so that a large shape keeps its digits (the failure parry #429 shows,
 * with errors growing with the shape's size, from differences kept across moves of x).
 *
 * Works on the shape's core, with its radius as a margin (the cast of §4.3.5 against a core swept by r):
 * the ray stops at the plane r beyond each support plane, and the cast ends when the ray's point is
 * within r (plus the tolerance) of the core. So a rounded polytope ends in finitely many steps, as its
 * core does, where casting at the curved whole converged only in the limit (and hit the iteration cap on
 * an origin on a rounded hull's surface). In the shape's local frame.
 */
import type { Vec3Like } from '../../math/types.js';
import { RAY_CAST_MAX_ITERATIONS as MAX_ITERATIONS, RAY_CAST_RELATIVE_TOLERANCE } from '../../tolerance.js';
import { closestOnSimplex, simplexSize } from '../gjk/simplex.js';
import { PairDifference } from './pair-difference.js';
import { throwNonFiniteSupport } from '../../shapes/shape.js';

/** What the cast reads: a core's support mapping (a shape's, or a pair's difference); its radius is `RayWork.radius`. */
export interface RaySupportMap {
  support(out: Vec3Like, dir: Readonly<Vec3Like>): Vec3Like;
}

/**
 * A vector of the cast's own class: a `{x, y, z}` literal shares its hidden class with every such object
 * of the program, and once one of them holds a field V8 cannot keep as a raw double, every store into
 * any of them boxes (21 bytes a ray, rays at every kind in the allocation probe's process).
 */
class RayVector { x = 0.5; y = 0.5; z = 0.5; }

/** The ray cast's scratch and answer (local frame). */
export class RayWork {
  /** Ray origin and direction, and the answer limit (in units of the direction). */
  readonly origin = new RayVector();
  readonly dir = new RayVector();
  maxT = Infinity;
  /** Size for the tolerance: the shape's bounding radius plus the origin's distance from it. */
  size = 1;
  /**
   * The radius swept around the support map's core (the caller sets it: read here through the support
   * map, a field written every cast, as PairDifference's is, came out boxed on every read).
   */
  radius = 0.5;
  /** The cast ends within this times `size` of the surface. */
  relativeTolerance = RAY_CAST_RELATIVE_TOLERANCE;
  /** Answer: hit, its parameter, point and the (unnormalised) normal; iterations. */
  hit = false;
  t = 0;
  readonly point = new RayVector();
  readonly normal = new RayVector();
  iterations = 0;
  /** Whether the iteration cap ended the cast (its answer is then not converged). */
  capped = false;
  /**
   * The final simplex: its size, shape points p_i (packed), and the weights of the point closest to the
   * ray's point; for a pair's difference also the A points behind them (`a`), for the witness points.
   */
  count = 0;
  readonly p = new Float64Array(12);
  readonly a = new Float64Array(12);
  readonly y = new Float64Array(12);
  readonly lambda = new Float64Array(4);
  readonly q = new Float64Array(12);
  readonly v = new RayVector();
  readonly s = new RayVector();
}

/**
 * Casts the ray of `w` (origin, dir, maxT) at `shape` (local frame) and writes the answer into `w`:
 * `hit` false on a miss; else `t`, `point` and `normal` (zero when the origin is inside or on the shape:
 * t = 0).
 */
export function gjkRayCast(w: RayWork, shape: RaySupportMap): void {
  const o = w.origin, r = w.dir, p = w.p, y = w.y, lam = w.lambda, v = w.v, s = w.s, a = w.a;
  const pair = shape instanceof PairDifference ? shape : null;
  const radius = w.radius;
  let lambda = 0;
  let xx = o.x, xy = o.y, xz = o.z;
  let nx = 0, ny = 0, nz = 0;
  // v: x minus a point of the core.
  v.x = xx; v.y = xy; v.z = xz;
  shape.support(s, v);
  // (A support function of the user's may write NaN or an infinity, which every comparison below would
  // pass over to a hit at t = 0: each point is checked, one sum and one comparison.)
  if (!(Math.abs(s.x) + Math.abs(s.y) + Math.abs(s.z) < Infinity)) throwNonFiniteSupport(shape, s, v);
  v.x = xx - s.x; v.y = xy - s.y; v.z = xz - s.z;
  let count = 0;
  w.count = 0;
  w.capped = false;
  const tol = w.relativeTolerance * w.size;
  const stop = (radius + tol) * (radius + tol);
  w.hit = false;
  let it = 0;
  for (; it < MAX_ITERATIONS; it++) {
    const vv = v.x * v.x + v.y * v.y + v.z * v.z;
    if (vv <= stop) break; // x is within the radius (and the tolerance) of the core: on the shape
    shape.support(s, v);
    if (!(Math.abs(s.x) + Math.abs(s.y) + Math.abs(s.z) < Infinity)) throwNonFiniteSupport(shape, s, v);
    const wx = xx - s.x, wy = xy - s.y, wz = xz - s.z;
    const vw = v.x * wx + v.y * wy + v.z * wz;
    const vl = Math.sqrt(vv);
    let advanced = false;
    if (vw > radius * vl) {
      // x is beyond the plane `radius` outside the support plane along v: advance the ray to it.
      const vr = v.x * r.x + v.y * r.y + v.z * r.z;
      if (vr >= 0) { w.iterations = it + 1; return; } // the ray runs away from that plane: a miss
      lambda += (radius * vl - vw) / vr;
      if (lambda > w.maxT) { w.iterations = it + 1; return; }
      xx = o.x + lambda * r.x; xy = o.y + lambda * r.y; xz = o.z + lambda * r.z;
      nx = v.x; ny = v.y; nz = v.z;
      advanced = true;
    } else if (vv - vw <= tol * vl && count > 0) {
      break; // the support point does not bring v closer (within the tolerance): converged
    }
    let dup = false;
    for (let i = 0; i < count; i++) if (p[3 * i] === s.x && p[3 * i + 1] === s.y && p[3 * i + 2] === s.z) dup = true;
    if (!dup) {
      if (count === 4) break;
      p[3 * count] = s.x; p[3 * count + 1] = s.y; p[3 * count + 2] = s.z;
      if (pair !== null) { const la = pair.lastA; a[3 * count] = la.x; a[3 * count + 1] = la.y; a[3 * count + 2] = la.z; }
      count++;
    } else if (vw <= radius * vl) break;
    // The differences from the current x, and the closest point of their simplex to the origin.
    for (let i = 0; i < count; i++) {
      y[3 * i] = xx - p[3 * i]; y[3 * i + 1] = xy - p[3 * i + 1]; y[3 * i + 2] = xz - p[3 * i + 2];
    }
    simplexSize[0] = -1;
    const mask = closestOnSimplex(y, count, lam);
    let cx = 0, cy = 0, cz = 0, kept = 0;
    for (let i = 0; i < count; i++) {
      if ((mask & (1 << i)) === 0) continue;
      const l = lam[i];
      cx += l * y[3 * i]; cy += l * y[3 * i + 1]; cz += l * y[3 * i + 2];
      p[3 * kept] = p[3 * i]; p[3 * kept + 1] = p[3 * i + 1]; p[3 * kept + 2] = p[3 * i + 2];
      a[3 * kept] = a[3 * i]; a[3 * kept + 1] = a[3 * i + 1]; a[3 * kept + 2] = a[3 * i + 2];
      lam[kept] = l;
      kept++;
    }
    count = kept;
    w.count = count;
    v.x = cx; v.y = cy; v.z = cz;
    // Progress check: with x where it was, a step that brings the simplex no closer has stalled in
    // rounding (thin simplices on curved surfaces), and x is as close as float64 places it.
    // (The first v is from a support point outside the simplex: no baseline for the check.)
    if (!advanced && it > 0 && cx * cx + cy * cy + cz * cz >= vv) break;
    if (count === 4) break; // x inside the core's simplex: inside the shape
  }
  // With a radius, the surface's normal at the hit is the direction from the core's closest point to x
  // (v); the last support plane's normal lags behind it on a curved surface (a sphere's ray converges to
  // the point only in the limit). Without one the plane is the answer: it holds the shape behind it.
  if (radius > 0 && (nx !== 0 || ny !== 0 || nz !== 0) && (v.x !== 0 || v.y !== 0 || v.z !== 0)) { nx = v.x; ny = v.y; nz = v.z; }
  w.iterations = it;
  w.capped = it === MAX_ITERATIONS;
  w.hit = true;
  w.t = lambda;
  w.point.x = xx; w.point.y = xy; w.point.z = xz;
  w.normal.x = nx; w.normal.y = ny; w.normal.z = nz;
}
