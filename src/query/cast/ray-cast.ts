/**
 * The public ray cast: where a ray first meets a shape (world space). A convex shape: a closed form for
 * the sphere, box, solid convex hull (its face planes), capsule, cylinder, cone, ellipsoid, triangle and
 * segment, and the GJK ray cast (van den Bergen 2004) for every other convex shape and for shapes outside
 * the unscaled range (query/cast/convex-ray.ts). A compound or a triangle mesh: its parts found along the
 * ray through its hierarchy, each cast by the convex ray cast or the triangle's closed form
 * (query/parted/parted-ray.ts).
 */
import { checkKnownKeys, InvalidArgumentError, InvalidNumberError, InvalidShapeError, knownKeys } from '../../errors.js';
import { transformFromPose } from '../../math/transform.js';
import { nearestPowerOfTwoExponent } from '../../math/power-of-two.js';
import { SCALE_FREE_EXPONENT } from '../../tolerance.js';
import { ScaleView } from '../pair/scale-free.js';
import { scaledTwin } from './scaled-twin.js';
import type { PoseLike, Vec3Like } from '../../math/types.js';
import { COMPOUND_KIND_INDEX, HALF_SPACE_KIND_INDEX, type ConvexShape, type Shape, isPartedKind } from '../../shapes/shape.js';
import { castHalfSpaceRay } from '../plane/half-space-ray.js';
import { RayWork } from './gjk-ray-cast.js';
import { castConvexRay, type RayShape } from './convex-ray.js';
import { createRayHit, type RayHit } from './ray-hit.js';
import { castPartedRay, PartedRay } from '../parted/parted-ray.js';
import type { PartedShape } from '../parted/parts.js';
import { explainNotShape, isConvexShape, kindIndex } from '../pair/dispatch.js';
import { acquireWork } from '../pair/query-work.js';
import { checkHitOut, hitOutNotWritable, isUnwritable } from '../pair/out-record.js';

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
const HIGH = 2 ** SCALE_FREE_EXPONENT, LOW = 2 ** -SCALE_FREE_EXPONENT;
/** The concave cast's inputs, scratch and answer. */
const _parted = /* @__PURE__ */ new PartedRay();

/**
 * Where the ray `origin + t · direction` (t ≥ 0) first meets `shape` at `pose` (world space), or `null`
 * when it misses within `options.maxT`. `direction` is any non-zero vector and is not normalised: `t` is
 * in its units. `normal` is the shape's outward unit normal at the point. With `out` from
 * {@link createRayHit}, nothing is allocated.
 *
 * A compound: the nearest hit over its parts, `part` the part's index; an origin inside a part gives t = 0
 * (solid), or (`solid: false`) the point where the ray leaves the union of the parts (leaving one part
 * inside another goes on to where that one ends). A triangle mesh is a surface with no inside: `solid`
 * changes nothing, `normal` is the face normal facing the ray (normal · direction ≤ 0), and `part` is the
 * triangle's index in the list given.
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
  if (out != null) checkHitOut(out, 'createRayHit', false);
  _casting = true;
  try {
    return castRay(shape, pose, origin, direction, out, options);
  } catch (error) {
    throw error instanceof TypeError && out != null && isUnwritable(out, 2) ? hitOutNotWritable('createRayHit') : error;
  } finally {
    _casting = false;
  }
}


let _casting = false;
/** A half-space's ray answer (half-space-ray.ts). */
const _plane = /* @__PURE__ */ new Float64Array(3);

const RAY_OPTION_KEYS = /* @__PURE__ */ knownKeys(['maxT', 'solid']);

function castRay(
  shape: Shape, pose: PoseLike, origin: Readonly<Vec3Like>, direction: Readonly<Vec3Like>,
  out: RayHit | null | undefined, options: RayCastOptions | null | undefined,
): RayHit | null {
  let maxT = Infinity, solid = true;
  if (options != null) {
    if (typeof options !== 'object') throw new InvalidArgumentError('options', 'is not an object');
    checkKnownKeys(options, RAY_OPTION_KEYS, 'options');
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
  const kind = kindIndex(shape);
  const parted = isPartedKind(kind), halfSpace = kind === HALF_SPACE_KIND_INDEX;
  if (!parted && !halfSpace && !isConvexShape(shape)) {
    explainNotShape('shape', shape);
    throw new InvalidShapeError('shape', 'is of a kind rayCast does not know; expected a convex shape, a Compound, a TriangleMesh, a HeightField or a HalfSpace');
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
  // two `f` (its support points scaled, exactly; the origin and direction with it, so t is unchanged), by
  // the GJK ray cast; a direction outside that range is scaled on its own (by `back`, t scaled back at the
  // end). The closed forms square lengths, and the GJK ray cast multiplies up to four. (A concave shape's
  // hierarchy is traversed unscaled, with no squares; its parts are scaled one at a time: parted-ray.ts.)
  // (A half-space's closed form divides two numbers and squares nothing: it is cast unscaled.)
  let f = 1, back = 1;
  const om = Math.max(Math.abs(w.origin.x), Math.abs(w.origin.y), Math.abs(w.origin.z));
  const m = halfSpace ? 1 : Math.max(shape.boundingRadius, om);
  if (m > HIGH || (m < LOW && m > 0)) f = 2 ** -nearestPowerOfTwoExponent(m);
  const rm = f * Math.max(Math.abs(w.dir.x), Math.abs(w.dir.y), Math.abs(w.dir.z));
  if (!halfSpace && (rm > HIGH || rm < LOW)) back = 2 ** -nearestPowerOfTwoExponent(rm);
  // In the cast's units, t is the caller's over `back`.
  const maxTs = maxT / back;
  let nx: number, ny: number, nz: number, part = 0;
  if (halfSpace) {
    const h = _plane;
    castHalfSpaceRay(w.origin.y, w.dir.y, maxT, solid, h);
    if (h[0] === 0) return null;
    w.t = h[1];
    w.iterations = 0;
    nx = 0; ny = h[2]; nz = 0;
  } else if (parted) {
    const c = _parted;
    c.origin[0] = w.origin.x; c.origin[1] = w.origin.y; c.origin[2] = w.origin.z;
    c.dir[0] = w.dir.x * back; c.dir[1] = w.dir.y * back; c.dir[2] = w.dir.z * back;
    c.maxT = maxTs; c.solid = solid; c.scale = f;
    if (kind !== COMPOUND_KIND_INDEX) {
      // One ray for every triangle, in this work record at the parts' scale. The size that scales the
      // touching tolerance is the mesh's, for every triangle alike, so that triangles sharing an edge grow by
      // the same amount and a ray through the edge meets at least one of them.
      const ox = f * w.origin.x, oy = f * w.origin.y, oz = f * w.origin.z;
      w.origin.x = ox; w.origin.y = oy; w.origin.z = oz;
      const fb = f * back;
      w.dir.x *= fb; w.dir.y *= fb; w.dir.z *= fb;
      w.radius = 0;
      w.size = f * shape.boundingRadius + Math.sqrt(ox * ox + oy * oy + oz * oz);
      c.meshWork = w;
    }
    castPartedRay(c, shape as PartedShape);
    c.meshWork = null;
    if (!c.hit) return null;
    // (The concave cast gives −direction itself for an origin inside a solid compound.)
    w.t = c.t;
    w.iterations = c.iterations;
    part = c.part;
    nx = c.normal[0]; ny = c.normal[1]; nz = c.normal[2];
  } else {
    let target: RayShape = shape as RayShape;
    if (f !== 1) {
      // (A box or quadric as its own kind scaled, so that its closed form answers: scaled-twin.ts.)
      target = scaledTwin(shape as ConvexShape, f) ?? _view.set(shape as ConvexShape, f);
      w.origin.x *= f; w.origin.y *= f; w.origin.z *= f;
    }
    const fb = f * back;
    w.dir.x *= fb; w.dir.y *= fb; w.dir.z *= fb;
    w.maxT = maxTs;
    castConvexRay(w, target, solid);
    if (!w.hit) return null;
    nx = w.normal.x; ny = w.normal.y; nz = w.normal.z;
  }
  if (nx === 0 && ny === 0 && nz === 0) {
    // The origin is inside or on a solid convex shape: −direction (the shape's frame, in range).
    nx = -w.dir.x; ny = -w.dir.y; nz = -w.dir.z;
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
  result.part = part;
  return result;
}

function checkVector(v: Readonly<Vec3Like>, field: string): void {
  if (v === null || typeof v !== 'object') throw new InvalidArgumentError(field, 'is not a vector; expected {x, y, z}');
  const x = v.x, y = v.y, z = v.z;
  if (typeof x !== 'number' || !Number.isFinite(x)) throw new InvalidNumberError(`${field}.x`, x);
  if (typeof y !== 'number' || !Number.isFinite(y)) throw new InvalidNumberError(`${field}.y`, y);
  if (typeof z !== 'number' || !Number.isFinite(z)) throw new InvalidNumberError(`${field}.z`, z);
}
