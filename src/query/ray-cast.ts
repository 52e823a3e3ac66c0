/**
 * The public ray cast: where a ray first meets a convex shape (world space), by a closed form for the
 * sphere, box, solid convex hull (its face planes), capsule, cylinder, cone, ellipsoid, triangle and
 * segment, and the GJK ray cast (van den Bergen 2004) for every other convex shape and for shapes outside
 * the unscaled range (query/cast/).
 */
import { InvalidArgumentError, InvalidNumberError, InvalidShapeError } from '../errors.js';
import { transformFromPose } from '../math/transform.js';
import { nearestPowerOfTwoExponent } from '../math/power-of-two.js';
import { SCALE_FREE_EXPONENT } from '../tolerance.js';
import { ScaleView } from './convex/scale-free.js';
import type { PoseLike, Vec3Like } from '../math/types.js';
import type { Shape } from '../shapes/shape.js';
import { rayBox, rayHull, raySphere } from './cast/ray-closed-forms.js';
import { raySegment, rayTriangle } from './cast/ray-flat.js';
import { rayCapsule, rayCone, rayCylinder, rayEllipsoid } from './cast/ray-quadrics.js';
import type { ConvexHull } from '../shapes/convex-hull.js';
import { gjkRayCast, RayWork, type RaySupportMap } from './cast/gjk-ray-cast.js';
import { createRayHit, type RayHit } from './cast/ray-hit.js';
import { explainNotShape, isConvexShape } from './dispatch.js';
import { acquireWork } from './query-work.js';
import type { Box } from '../shapes/box.js';
import type { Sphere } from '../shapes/sphere.js';
import type { Capsule } from '../shapes/capsule.js';
import type { Cone } from '../shapes/cone.js';
import type { Cylinder } from '../shapes/cylinder.js';
import type { Ellipsoid } from '../shapes/ellipsoid.js';
import type { Segment } from '../shapes/segment.js';
import type { Triangle } from '../shapes/triangle.js';

/** Options of {@link rayCast}. */
export interface RayCastOptions {
  /** Largest `t` reported (in units of the direction; ≥ 0, default Infinity). */
  maxT?: number;
  /**
   * true (default): an origin inside the shape hits at t = 0 with normal −direction (normalised). false:
   * the ray is followed to where it leaves the shape, and that point and outward normal are reported.
   */
  solid?: boolean;
}

const _work = /* @__PURE__ */ new RayWork();
/** A shape outside the unscaled range, seen at a power of two of its size. */
const _view = /* @__PURE__ */ new ScaleView();
type RayShape = Shape | ScaleView;
const HIGH = 2 ** SCALE_FREE_EXPONENT, LOW = 2 ** -SCALE_FREE_EXPONENT;
/** How far behind an origin on the surface the entry test casts from (a relative length). */
const RAY_ON_SURFACE = 1e-9;

/**
 * Where the ray `origin + t · direction` (t ≥ 0) first meets `shape` at `pose` (world space), or `null`
 * when it misses within `options.maxT`. `direction` is any non-zero vector and is not normalised: `t` is
 * in its units. `normal` is the shape's outward unit normal at the point. With `out` from
 * {@link createRayHit}, nothing is allocated.
 * @throws InvalidNumberError for a non-finite origin or direction component, a zero direction or a bad
 *   `maxT`; InvalidArgumentError for a bad `solid`, `options` or `out`; as the other queries for bad shapes
 *   and poses.
 */
export function rayCast(
  shape: Shape, pose: PoseLike, origin: Readonly<Vec3Like>, direction: Readonly<Vec3Like>,
  out?: RayHit | null, options?: RayCastOptions | null,
): RayHit | null {
  // The cast's scratch is the module's: a support function of the user's own that casts a ray while a ray
  // is cast at it would overwrite it, so that is an error rather than a wrong answer.
  if (_casting) throw new InvalidArgumentError('rayCast', 'was called from inside a ray cast (by a support function of your own); ray casts do not nest');
  _casting = true;
  try {
    return castRay(shape, pose, origin, direction, out, options);
  } finally {
    _casting = false;
  }
}

let _casting = false;

function castRay(
  shape: Shape, pose: PoseLike, origin: Readonly<Vec3Like>, direction: Readonly<Vec3Like>,
  out: RayHit | null | undefined, options: RayCastOptions | null | undefined,
): RayHit | null {
  let maxT = Infinity, solid = true;
  if (options != null) {
    if (typeof options !== 'object') throw new InvalidArgumentError('options', 'is not an object');
    const m = options.maxT, s = options.solid;
    if (typeof m === 'number' ? !(m >= 0) : m !== undefined) throw new InvalidNumberError('options.maxT', m, 'a number >= 0 (Infinity allowed)');
    if (typeof m === 'number') maxT = m;
    if (s !== undefined && typeof s !== 'boolean') throw new InvalidArgumentError('options.solid', 'is not a boolean; expected true or false');
    if (s === false) solid = false;
  }
  checkVector(origin, 'origin');
  checkVector(direction, 'direction');
  const dx = direction.x, dy = direction.y, dz = direction.z;
  if (dx === 0 && dy === 0 && dz === 0) throw new InvalidNumberError('direction', 0, 'a non-zero vector');
  if (!isConvexShape(shape)) {
    explainNotShape('shape', shape);
    throw new InvalidShapeError('shape', 'is of a kind rayCast does not know; expected a convex shape');
  }
  const work = acquireWork(false);
  const t = transformFromPose(work.poseA, pose, 'pose');
  const w = _work;
  // The ray in the shape's frame: Rᵀ (origin − position), Rᵀ direction.
  const ox = origin.x - t.tx, oy = origin.y - t.ty, oz = origin.z - t.tz;
  w.origin.x = t.m00 * ox + t.m10 * oy + t.m20 * oz;
  w.origin.y = t.m01 * ox + t.m11 * oy + t.m21 * oz;
  w.origin.z = t.m02 * ox + t.m12 * oy + t.m22 * oz;
  w.dir.x = t.m00 * dx + t.m10 * dy + t.m20 * dz;
  w.dir.y = t.m01 * dx + t.m11 * dy + t.m21 * dz;
  w.dir.z = t.m02 * dx + t.m12 * dy + t.m22 * dz;
  // Scale-free: a shape or an origin outside 2^±SCALE_FREE_EXPONENT is cast as a copy scaled by a power of
  // two (its support points scaled, exactly; the origin and direction with it, so t is unchanged), by the
  // GJK ray cast; a direction outside that range is scaled on its own (t scaled back at the end). The
  // closed forms square lengths, and the GJK ray cast multiplies up to four.
  let target: RayShape = shape, back = 1;
  const om = Math.max(Math.abs(w.origin.x), Math.abs(w.origin.y), Math.abs(w.origin.z));
  const m = Math.max(shape.boundingRadius, om);
  if (m > HIGH || (m < LOW && m > 0)) {
    const f = 2 ** -nearestPowerOfTwoExponent(m);
    target = _view.set(shape, f);
    w.origin.x *= f; w.origin.y *= f; w.origin.z *= f;
    w.dir.x *= f; w.dir.y *= f; w.dir.z *= f;
  }
  const rm = Math.max(Math.abs(w.dir.x), Math.abs(w.dir.y), Math.abs(w.dir.z));
  if (rm > HIGH || rm < LOW) {
    back = 2 ** -nearestPowerOfTwoExponent(rm);
    w.dir.x *= back; w.dir.y *= back; w.dir.z *= back;
  }
  // In the cast's units, t is the caller's over `back`.
  const maxTs = maxT / back;
  w.maxT = maxTs;
  const R = target.boundingRadius;
  w.radius = target.sweptRadius;
  w.size = R + Math.sqrt(w.origin.x * w.origin.x + w.origin.y * w.origin.y + w.origin.z * w.origin.z);
  cast(w, target);
  if (!w.hit) return null;
  let nx = w.normal.x, ny = w.normal.y, nz = w.normal.z;
  if (nx === 0 && ny === 0 && nz === 0) {
    // The origin is inside or on the shape.
    if (solid) {
      nx = -w.dir.x; ny = -w.dir.y; nz = -w.dir.z;
    } else if (!enteringAtOrigin(w, target)) {
      // Where the ray leaves: cast back from a point beyond the shape, along −direction.
      const dl = Math.sqrt(w.dir.x * w.dir.x + w.dir.y * w.dir.y + w.dir.z * w.dir.z);
      const far = (2 * w.size + R) / dl;
      const o = w.origin;
      const bx = o.x + far * w.dir.x, by = o.y + far * w.dir.y, bz = o.z + far * w.dir.z;
      o.x = bx; o.y = by; o.z = bz;
      w.dir.x = -w.dir.x; w.dir.y = -w.dir.y; w.dir.z = -w.dir.z;
      w.maxT = Infinity;
      cast(w, target);
      if (!w.hit) return null; // (cannot happen: the ray started inside)
      const tExit = far - w.t;
      if (!(tExit <= maxTs)) return null;
      w.t = tExit > 0 ? tExit : 0;
      nx = w.normal.x; ny = w.normal.y; nz = w.normal.z;
    } else {
      nx = w.normal.x; ny = w.normal.y; nz = w.normal.z;
    }
  }
  const result = out ?? createRayHit();
  const tt = w.t * back;
  result.t = tt;
  result.point.x = origin.x + tt * dx; result.point.y = origin.y + tt * dy; result.point.z = origin.z + tt * dz;
  // The normal to world space, unit.
  const wx = t.m00 * nx + t.m01 * ny + t.m02 * nz, wy = t.m10 * nx + t.m11 * ny + t.m12 * nz, wz = t.m20 * nx + t.m21 * ny + t.m22 * nz;
  const l = Math.sqrt(wx * wx + wy * wy + wz * wz);
  result.normal.x = wx / l; result.normal.y = wy / l; result.normal.z = wz / l;
  result.iterations = w.iterations;
  return result;
}

/** Where the ray of `w` enters `shape`: a closed form, or the GJK ray cast (a scaled view has no kind). */
function cast(w: RayWork, shape: RayShape): void {
  switch ((shape as Shape).kind) { // (a ScaleView has none: the default)
    case 'sphere': raySphere(w, (shape as Sphere).radius); return;
    case 'box': rayBox(w, shape as Box); return;
    case 'capsule': rayCapsule(w, shape as Capsule); return;
    case 'cylinder': rayCylinder(w, shape as Cylinder); return;
    case 'cone': rayCone(w, shape as Cone); return;
    case 'ellipsoid': rayEllipsoid(w, shape as Ellipsoid); return;
    case 'triangle': rayTriangle(w, shape as Triangle); return;
    case 'segment': raySegment(w, shape as Segment); return;
    case 'convexHull':
      if ((shape as ConvexHull).dimension === 3) { rayHull(w, shape as ConvexHull); return; }
      gjkRayCast(w, shape as ConvexHull); return;
    default: gjkRayCast(w, shape as RaySupportMap); // (convex, checked by rayCast, or a ScaleView)
  }
}

/**
 * An origin within the cast's tolerance of the surface, on its outside, with the ray going in: the ray
 * enters there (t = 0, the outward normal), and a hollow cast must not report where it leaves. Tested by
 * casting from a hair behind the origin (RAY_ON_SURFACE times the size): a hit within twice that is an
 * entry at the origin, and `w` holds it (t = 0).
 */
function enteringAtOrigin(w: RayWork, shape: RayShape): boolean {
  const o = w.origin, r = w.dir;
  const ox = o.x, oy = o.y, oz = o.z;
  const dl = Math.sqrt(r.x * r.x + r.y * r.y + r.z * r.z);
  const back = (RAY_ON_SURFACE * w.size) / dl;
  o.x = ox - back * r.x; o.y = oy - back * r.y; o.z = oz - back * r.z;
  const maxT = w.maxT;
  w.maxT = Infinity;
  cast(w, shape);
  o.x = ox; o.y = oy; o.z = oz;
  w.maxT = maxT;
  const entering = w.hit && (w.normal.x !== 0 || w.normal.y !== 0 || w.normal.z !== 0) && w.t <= 2 * back;
  if (entering) w.t = 0;
  return entering;
}

function checkVector(v: Readonly<Vec3Like>, field: string): void {
  if (v === null || typeof v !== 'object') throw new InvalidArgumentError(field, 'is not a vector; expected {x, y, z}');
  const x = v.x, y = v.y, z = v.z;
  if (typeof x !== 'number' || !Number.isFinite(x)) throw new InvalidNumberError(`${field}.x`, x);
  if (typeof y !== 'number' || !Number.isFinite(y)) throw new InvalidNumberError(`${field}.y`, y);
  if (typeof z !== 'number' || !Number.isFinite(z)) throw new InvalidNumberError(`${field}.z`, z);
}
