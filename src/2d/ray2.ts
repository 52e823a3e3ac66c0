/**
 * Ray casts in the plane, in closed form. Every 2D shape is a core polygon (1, 2 or more vertices) swept
 * by a radius r, so its boundary is made of the core's edges moved out by r along their normals and of
 * arcs of radius r about the core's vertices (no arcs when r = 0). A ray entering the convex shape from
 * outside crosses the boundary first where it enters: the least t over the moved edges it crosses inwards
 * within their span and over the vertex circles it enters (Ericson, Real-Time Collision Detection, §5.3:
 * ray against plane, against sphere; Cyrus and Beck 1978 for the half-planes). No iteration, so no
 * tolerance on the answer: exact to rounding.
 *
 * An origin inside: a solid shape is hit at t = 0 (normal −direction); a hollow one (`solid: false`) where
 * the ray leaves, found by casting back from beyond the shape (as the 3D ray cast does).
 */
import { checkKnownKeys, knownKeys, InvalidArgumentError, InvalidNumberError, describeValue } from '../errors.js';
import { outNotWritable } from '../query/pair/out-record.js';
import { pairWork } from './queries2.js';
import { outOfRange, ScaledShape2 } from './scaled2.js';
import { nearestPowerOfTwoExponent } from '../math/power-of-two.js';
import { checkShape2, turns, type Shape2 } from './shapes/shape2.js';
import { transform2FromPoses } from './transform2.js';
import { Vec2, vec2, type Pose2Like, type Vec2Like } from './types.js';

const RAY_OPTION_KEYS2 = /* @__PURE__ */ knownKeys(['maxT', 'solid']);

/** Result of {@link rayCast} (2D): where the ray first meets the shape, in world space. */
export interface RayHit {
  /** The ray's parameter at the hit: `point = origin + t · direction` (in the direction's own units). */
  t: number;
  /** The hit point on the shape's boundary (world space); the origin itself for an origin inside a solid shape. */
  point: Vec2Like;
  /** The shape's outward unit normal at `point`; for an origin inside a solid shape, `−direction` normalised. */
  normal: Vec2Like;
}

/** Options of the 2D {@link rayCast}. */
export interface RayCastOptions {
  /** Only hits with t ≤ maxT (a number ≥ 0; default Infinity). */
  maxT?: number;
  /** false: an origin inside the shape hits where the ray leaves it (default true: at t = 0). */
  solid?: boolean;
}

/** A ray hit record to pass as `out`: nothing is allocated per call. */
export function createRayHit(): RayHit {
  return { t: 0, point: vec2(), normal: vec2(1, 0) };
}

/** The cast's scratch: the ray in the shape's frame and the answer, in fields (no numbers through calls). */
class Ray2Work {
  ox = 0;
  oy = 0;
  dx = 0;
  dy = 0;
  /** Answer of firstHit: t (Infinity for a miss) and the outward normal, in the shape's frame. */
  t = 0;
  readonly normal = new Vec2();
  /** Input: hits beyond this t are misses. */
  limit = Infinity;
  /** signedCoreDistance's answer. */
  coreDistance = 0;
  /** The hit in the shape's frame (rayCast turns it into world space). */
  hx = 0;
  hy = 0;
}

const _ray = /* @__PURE__ */ new Ray2Work();
const _identity = { position: { x: 0, y: 0 }, angle: 0 };

/**
 * Where the ray `origin + t · direction` (t ≥ 0) first meets `shape` at `pose` (world space), or `null`
 * when it misses within `options.maxT`. `direction` is any non-zero vector, not normalised: `t` is in its
 * units. With `out` from {@link createRayHit}, nothing is allocated.
 * @throws InvalidNumberError for a non-finite origin or direction component, a zero direction or a bad
 *   `maxT`; InvalidArgumentError for a bad `solid`, `options` or `out`; as the other queries for a bad shape
 *   or pose.
 */
export function rayCast(
  shape: Shape2, pose: Pose2Like, origin: Readonly<Vec2Like>, direction: Readonly<Vec2Like>, out?: RayHit | null, options?: RayCastOptions | null,
): RayHit | null {
  let maxT = Infinity, solid = true;
  if (options != null) {
    if (typeof options !== 'object') throw new InvalidArgumentError('options', `is ${describeValue(options)}; expected an object`);
    checkKnownKeys(options, RAY_OPTION_KEYS2, 'options');
    const m = options.maxT, s = options.solid;
    if (typeof m === 'number' ? !(m >= 0) : m !== undefined) throw new InvalidNumberError('options.maxT', options.maxT, 'a number >= 0 (Infinity allowed)');
    if (s !== undefined && typeof s !== 'boolean') throw new InvalidArgumentError('options.solid', `is ${describeValue(s)}; expected true or false`);
    if (typeof m === 'number') maxT = m;
    if (s === false) solid = false;
  }
  if (out != null && !(typeof out === 'object' && typeof out.point === 'object' && out.point !== null && typeof out.normal === 'object' && out.normal !== null)) {
    throw outNotWritable('createRayHit');
  }
  checkShape2(shape, 'shape');
  const work = pairWork();
  // The pose read as pose B of a pair whose A is the identity: tB is the shape's transform.
  transform2FromPoses(work.tA, _identity, work.tB, pose, work.bInA, false, turns(shape));
  const ray = _ray;
  readRay(ray, origin, direction);
  // Into the shape's frame.
  const t = work.tB, c = t.c, s = t.s;
  const ex = ray.ox - t.tx, ey = ray.oy - t.ty, dx = ray.dx, dy = ray.dy;
  ray.ox = c * ex + s * ey; ray.oy = c * ey - s * ex;
  ray.dx = c * dx + s * dy; ray.dy = c * dy - s * dx;
  ray.limit = maxT;
  if (outOfRange(shape.boundingRadius + Math.abs(ray.ox) + Math.abs(ray.oy)) || outOfRange(Math.abs(ray.dx) + Math.abs(ray.dy))) {
    if (!castScaled(ray, shape, solid, origin, t.tx, t.ty)) return null;
  } else {
    if (!castLocal(ray, shape, solid)) return null;
    ray.hx = ray.ox + ray.t * ray.dx; ray.hy = ray.oy + ray.t * ray.dy;
  }
  const result = out ?? createRayHit();
  try {
    const hx = ray.hx, hy = ray.hy, nx = ray.normal.x, ny = ray.normal.y;
    result.t = ray.t;
    result.point.x = c * hx - s * hy + t.tx;
    result.point.y = s * hx + c * hy + t.ty;
    // (+ 0: a component −0, from negating a zero, reads as 0.)
    result.normal.x = c * nx - s * ny + 0;
    result.normal.y = s * nx + c * ny + 0;
  } catch (error) {
    throw error instanceof TypeError ? outNotWritable('createRayHit') : error;
  }
  return result;
}

const _view = /* @__PURE__ */ new ScaledShape2();

/**
 * A ray beyond 2^±SCALE_FREE_EXPONENT (the shape's size or the origin's distance from it, or the
 * direction's length) cast on a copy scaled by powers of two (scaled2.ts): the shape and the origin by
 * 2^-k to a size near 1, the direction by 2^-j to a length near 1, so t = t'·2^(k−j). The ray in `ray`
 * (the shape's frame; its origin recomputed from `origin` by halves when the offset overflowed); false for
 * a miss, else `ray.t`, `ray.normal`, `ray.hx`, `ray.hy` in the shape's own units.
 * @throws InvalidArgumentError when t or the hit is beyond float64's range.
 */
function castScaled(ray: Ray2Work, shape: Shape2, solid: boolean, origin: Readonly<Vec2Like>, px: number, py: number): boolean {
  let ox = ray.ox, oy = ray.oy, half = 1;
  if (!(Math.abs(ox) < Infinity && Math.abs(oy) < Infinity)) {
    // The origin and the shape at opposite ends of float64's range: their offset's half fits.
    const t = pairWork().tB, ex = 0.5 * origin.x - 0.5 * px, ey = 0.5 * origin.y - 0.5 * py;
    ox = t.c * ex + t.s * ey; oy = t.c * ey - t.s * ex; half = 2;
  }
  const k = nearestPowerOfTwoExponent(Math.max(shape.boundingRadius, half * Math.max(Math.abs(ox), Math.abs(oy))));
  const j = nearestPowerOfTwoExponent(Math.max(Math.abs(ray.dx), Math.abs(ray.dy)));
  const s = 2 ** -k, sd = 2 ** -j, dx = ray.dx, dy = ray.dy, limit = ray.limit;
  ray.ox = ox * (half * s); ray.oy = oy * (half * s);
  ray.dx = dx * sd; ray.dy = dy * sd;
  // t = t'·2^(k−j): the limit the other way (2^(j−k) in two factors, either of which alone may overflow).
  ray.limit = limit * 2 ** j * s;
  const hit = castLocal(ray, _view.set(shape, s), solid);
  ray.dx = dx; ray.dy = dy;
  if (!hit) return false;
  const back = 2 ** k;
  const hx = (ray.ox + ray.t * ray.dx * sd) * back, hy = (ray.oy + ray.t * ray.dy * sd) * back;
  ray.t = ray.t * sd * back;
  if (!(ray.t < Infinity) || !(Math.abs(hx) < Infinity && Math.abs(hy) < Infinity)) {
    throw new InvalidArgumentError('origin, direction', 'meet the shape at a t or a point too large for float64');
  }
  if (ray.t > limit) return false;
  ray.hx = hx; ray.hy = hy;
  return true;
}

/** Reads and checks the ray (world space) into the scratch. */
function readRay(ray: Ray2Work, origin: Readonly<Vec2Like>, direction: Readonly<Vec2Like>): void {
  if (origin === null || typeof origin !== 'object') throw new InvalidNumberError('origin', origin, 'a point {x, y} of finite numbers');
  if (direction === null || typeof direction !== 'object') throw new InvalidNumberError('direction', direction, 'a vector {x, y} of finite numbers');
  const ox = origin.x, oy = origin.y, dx = direction.x, dy = direction.y;
  if (typeof ox !== 'number' || !Number.isFinite(ox)) throw new InvalidNumberError('origin.x', ox);
  if (typeof oy !== 'number' || !Number.isFinite(oy)) throw new InvalidNumberError('origin.y', oy);
  if (typeof dx !== 'number' || !Number.isFinite(dx)) throw new InvalidNumberError('direction.x', dx);
  if (typeof dy !== 'number' || !Number.isFinite(dy)) throw new InvalidNumberError('direction.y', dy);
  if (dx === 0 && dy === 0) throw new InvalidNumberError('direction', 0, 'a non-zero vector');
  ray.ox = ox; ray.oy = oy; ray.dx = dx; ray.dy = dy;
}

/**
 * The cast in the shape's frame (ray in `ray`): true with `ray.t` and `ray.normal` set, or false for a miss
 * within `ray.limit`.
 */
function castLocal(ray: Ray2Work, shape: Shape2, solid: boolean): boolean {
  if (shape.sweptRadius === 0 && shape.coreVertices.length >= 6) return clipPolygon(ray, shape, solid);
  signedCoreDistance(ray, shape);
  const sd = ray.coreDistance - shape.sweptRadius;
  if (sd <= 0) {
    if (solid) {
      const l = Math.sqrt(ray.dx * ray.dx + ray.dy * ray.dy);
      ray.t = 0;
      ray.normal.x = -ray.dx / l; ray.normal.y = -ray.dy / l;
      return true;
    }
    // Hollow: where the ray leaves, cast back from a point beyond the shape.
    const ox = ray.ox, oy = ray.oy, dx = ray.dx, dy = ray.dy;
    const back = 2 * (Math.sqrt(ox * ox + oy * oy) + shape.boundingRadius) / Math.sqrt(dx * dx + dy * dy) + 1;
    ray.ox = ox + back * dx; ray.oy = oy + back * dy; ray.dx = -dx; ray.dy = -dy;
    firstHit(ray, shape);
    ray.ox = ox; ray.oy = oy; ray.dx = dx; ray.dy = dy;
    if (!(ray.t < Infinity)) return false; // (not reached: the ray starts inside)
    ray.t = back - ray.t;
    if (ray.t < 0) ray.t = 0;
    return ray.t <= ray.limit;
  }
  firstHit(ray, shape);
  return ray.t < Infinity && ray.t <= ray.limit;
}

/**
 * A sharp polygon in one pass (Cyrus and Beck 1978): the ray clipped by each edge's half-plane, entering
 * at the latest entry and leaving at the earliest exit; an origin inside hits at t = 0 (solid, normal
 * −direction) or where it leaves (hollow). No test of where a hit falls along its edge, so a ray through a
 * vertex cannot slip between the two edges by rounding (a ray along a triangle's axis of symmetry, through
 * its apex, was a miss).
 */
function clipPolygon(ray: Ray2Work, shape: Shape2, solid: boolean): boolean {
  const v = shape.coreVertices, nrm = shape.coreNormals, edges = nrm.length >> 1;
  const ox = ray.ox, oy = ray.oy, dx = ray.dx, dy = ray.dy;
  let enter = -Infinity, leave = Infinity, enterEdge = -1, leaveEdge = -1;
  for (let i = 0; i < edges; i++) {
    const mx = nrm[2 * i], my = nrm[2 * i + 1];
    const num = mx * (v[2 * i] - ox) + my * (v[2 * i + 1] - oy); // ≥ 0: the origin on the inner side
    const den = mx * dx + my * dy;
    if (den === 0) {
      if (num < 0) return false; // parallel, outside this edge's half-plane
      continue;
    }
    const t = num / den;
    if (den < 0) {
      if (t > enter) { enter = t; enterEdge = i; }
    } else if (t < leave) {
      leave = t; leaveEdge = i;
    }
  }
  if (enter > leave || leave < 0) return false;
  if (enter >= 0) {
    ray.t = enter;
    ray.normal.x = nrm[2 * enterEdge]; ray.normal.y = nrm[2 * enterEdge + 1];
  } else if (solid) {
    const l = Math.sqrt(dx * dx + dy * dy);
    ray.t = 0;
    ray.normal.x = -dx / l; ray.normal.y = -dy / l;
  } else {
    ray.t = leave;
    ray.normal.x = nrm[2 * leaveEdge]; ray.normal.y = nrm[2 * leaveEdge + 1];
  }
  return ray.t <= ray.limit;
}

/** A hit this little (relative to the edge) past an end of its edge still counts: rounding at a vertex. */
const SPAN_SLACK = 64 * Number.EPSILON;

/**
 * The least t ≥ 0 at which the ray enters the core swept by the radius (Infinity for a miss), into
 * `ray.t`, with the outward normal there: the moved edges it crosses inwards within their span, and the
 * circles about the core's vertices (a point on the ray's line for a sharp point or a segment seen end on).
 */
function firstHit(ray: Ray2Work, shape: Shape2): void {
  const v = shape.coreVertices, nrm = shape.coreNormals, r = shape.sweptRadius;
  const count = v.length >> 1, edges = nrm.length >> 1;
  const ox = ray.ox, oy = ray.oy, dx = ray.dx, dy = ray.dy, dd = dx * dx + dy * dy;
  let best = Infinity, nx = 0, ny = 0;
  for (let i = 0; i < edges; i++) {
    const mx = nrm[2 * i], my = nrm[2 * i + 1];
    const denom = mx * dx + my * dy;
    if (!(denom < 0)) continue; // parallel, or leaving
    const x0 = v[2 * i], y0 = v[2 * i + 1];
    const t = (mx * x0 + my * y0 + r - (mx * ox + my * oy)) / denom;
    if (!(t >= 0) || !(t < best)) continue;
    const j = i + 1 === count ? 0 : i + 1;
    const ex = v[2 * j] - x0, ey = v[2 * j + 1] - y0;
    // Where the hit falls along the edge (moved out by r along m: the same span along the edge).
    const along = (ox + t * dx - x0) * ex + (oy + t * dy - y0) * ey;
    const ee = ex * ex + ey * ey;
    if (along < -SPAN_SLACK * ee || along > (1 + SPAN_SLACK) * ee) continue;
    best = t; nx = mx; ny = my;
  }
  for (let k = 0; k < count; k++) {
    const fx = ox - v[2 * k], fy = oy - v[2 * k + 1];
    const b = fx * dx + fy * dy;
    if (r > 0) {
      // Entering the circle of radius r about vertex k: the smaller root of |f + t d|² = r². Not from the
      // textbook discriminant b² − dd·cc, whose two terms cancel for an origin far from a small circle (from
      // 1e8 away, a circle of radius 1 was hit by rays passing 1.01 from its centre): from the ray's
      // closest approach p to the centre, disc = dd·(r² − |p|²) (Haines et al., "Precision Improvements for
      // Ray/Sphere Intersection", Ray Tracing Gems 2019, ch. 7), and the root as cc / (−b + √disc), whose
      // denominator adds two positive terms.
      const cc = fx * fx + fy * fy - r * r;
      if (!(b < 0) || !(cc > 0)) continue;
      const tc = -b / dd, px = fx + tc * dx, py = fy + tc * dy;
      const h2 = r * r - (px * px + py * py);
      if (!(h2 >= 0)) continue;
      const t = cc / (-b + Math.sqrt(dd * h2));
      if (t >= 0 && t < best) {
        // Normalised by its own length, not by r: f + t·d has the rounding of |f|, large against a small r.
        const hx = fx + t * dx, hy = fy + t * dy, l = Math.sqrt(hx * hx + hy * hy);
        best = t;
        nx = hx / l; ny = hy / l;
      }
    } else if (edges === 0 || count === 2) {
      // A sharp point, or a segment's end: hit only on the ray's own line (met along it, the normal −d).
      if (fx * dy - fy * dx !== 0 || !(b <= 0)) continue;
      const t = -b / dd;
      if (t < best) {
        const l = Math.sqrt(dd);
        best = t; nx = -dx / l; ny = -dy / l;
      }
    }
  }
  ray.t = best;
  ray.normal.x = nx; ray.normal.y = ny;
}

/**
 * The signed distance of the ray's origin to the shape's core (negative inside a polygon core), into
 * `ray.coreDistance` (a field, not a returned number: CONTRIBUTING.md, "V8 rules", rule 1); outside a
 * polygon by more than the radius, a lower bound of it (all the caller asks is whether it exceeds the radius).
 */
function signedCoreDistance(ray: Ray2Work, shape: Shape2): void {
  const v = shape.coreVertices, nrm = shape.coreNormals, count = v.length >> 1, edges = nrm.length >> 1;
  const ox = ray.ox, oy = ray.oy;
  if (count === 1) {
    ray.coreDistance = Math.sqrt((ox - v[0]) * (ox - v[0]) + (oy - v[1]) * (oy - v[1]));
    return;
  }
  // Inside a polygon (3 or more vertices): minus the least distance to an edge's line. Beyond an edge's
  // line by more than the radius: that is enough to tell the caller the origin is outside.
  if (count >= 3) {
    let worst = -Infinity;
    for (let i = 0; i < edges; i++) worst = Math.max(worst, nrm[2 * i] * (ox - v[2 * i]) + nrm[2 * i + 1] * (oy - v[2 * i + 1]));
    if (worst <= 0 || worst > shape.sweptRadius) {
      ray.coreDistance = worst;
      return;
    }
  }
  let least = Infinity;
  const segs = count === 2 ? 1 : count;
  for (let i = 0; i < segs; i++) {
    const j = i + 1 === count ? 0 : i + 1;
    const x0 = v[2 * i], y0 = v[2 * i + 1], ex = v[2 * j] - x0, ey = v[2 * j + 1] - y0, ee = ex * ex + ey * ey;
    let t = ee > 0 ? ((ox - x0) * ex + (oy - y0) * ey) / ee : 0;
    if (t < 0) t = 0;
    else if (t > 1) t = 1;
    const qx = x0 + t * ex - ox, qy = y0 + t * ey - oy;
    least = Math.min(least, qx * qx + qy * qy);
  }
  ray.coreDistance = Math.sqrt(least);
}
