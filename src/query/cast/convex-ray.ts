/**
 * The ray cast against one convex shape, in the shape's own frame: where the ray enters (a closed form
 * per kind, or the GJK ray cast of van den Bergen 2004), whether an origin on the surface enters there,
 * and where a ray from inside leaves (cast back from beyond the shape). rayCast (ray-cast.ts) runs it on a
 * convex shape; the concave ray cast (parted/parted-ray.ts) on each part of a compound, with the options
 * read once by rayCast.
 *
 * Everything travels in the RayWork: the caller sets `origin`, `dir` and `maxT`; the answer is `hit`, `t`
 * (in units of `dir`) and the unnormalised `normal`. (Numbers through calls V8 may not inline are boxed:
 * CONTRIBUTING.md, "V8 rules", rule 1.)
 */
import type { Box } from '../../shapes/box.js';
import type { Capsule } from '../../shapes/capsule.js';
import type { Cone } from '../../shapes/cone.js';
import type { ConvexHull } from '../../shapes/convex-hull.js';
import type { Cylinder } from '../../shapes/cylinder.js';
import type { Ellipsoid } from '../../shapes/ellipsoid.js';
import type { Segment } from '../../shapes/segment.js';
import type { ConvexShape } from '../../shapes/shape.js';
import type { Sphere } from '../../shapes/sphere.js';
import type { Triangle } from '../../shapes/triangle.js';
import type { ScaleView } from '../pair/scale-free.js';
import { gjkRayCast, type RayWork, type RaySupportMap } from './gjk-ray-cast.js';
import { Transform } from '../../math/transform.js';
import { Point } from '../../shapes/point.js';
import { RAY_CAST_RELATIVE_TOLERANCE } from '../../tolerance.js';
import { contactConvex } from '../contact/convex-contact.js';
import { acquireWork } from '../pair/query-work.js';
import { rayBox, rayHull, raySphere } from './ray-closed-forms.js';
import { raySegment, rayTriangle } from './ray-flat.js';
import { rayCapsule, rayCone, rayCylinder, rayEllipsoid } from './ray-quadrics.js';

/** A convex shape, or one seen at a power of two of its size (scale-free.ts). */
export type RayShape = ConvexShape | ScaleView;

/** How far behind an origin on the surface the entry test casts from (a relative length). */
const RAY_ON_SURFACE = 1e-9;

/**
 * Sets the cast's radius and size (for its tolerance: the shape's bounding radius plus the origin's
 * distance from the shape's origin) from `shape` and `w.origin`.
 */
export function prepareRay(w: RayWork, shape: RayShape): void {
  const o = w.origin;
  w.radius = shape.sweptRadius;
  w.size = shape.boundingRadius + Math.sqrt(o.x * o.x + o.y * o.y + o.z * o.z);
}

/**
 * The whole convex ray cast (rayCast's semantics) of the ray in `w` at `shape`: on return `w.hit`, and
 * for a hit `w.t` and `w.normal`, the outward normal (unnormalised). An origin inside or on the shape:
 * with `solid`, t = 0 and a zero normal (the caller reports −direction); without, where the ray leaves,
 * or t = 0 and the outward normal when the ray enters at the origin. Sets the radius and size
 * (prepareRay).
 */
export function castConvexRay(w: RayWork, shape: RayShape, solid: boolean): void {
  prepareRay(w, shape);
  castEntry(w, shape);
  // The GJK ray cast takes an origin nearer a polytope's face than about √ε of the size for one inside:
  // the contact of the origin decides (originOutside).
  if (w.hit && _byGjk && w.normal.x === 0 && w.normal.y === 0 && w.normal.z === 0 && originOutside(w, shape, solid)) return;
  if (!w.hit || solid) return;
  if (w.normal.x !== 0 || w.normal.y !== 0 || w.normal.z !== 0) return;
  if (enteringAtOrigin(w, shape)) return;
  // Inside (or on, going out): where the ray leaves.
  const maxT = w.maxT;
  castExit(w, shape);
  if (!w.hit) return; // (cannot happen: the ray started inside)
  if (!(w.t <= maxT)) { w.hit = false; return; }
  if (w.t < 0) w.t = 0;
}

/** Where the ray of `w` enters `shape`: a closed form, or the GJK ray cast (a scaled view has no kind). */
export function castEntry(w: RayWork, shape: RayShape): void {
  _byGjk = false;
  switch ((shape as ConvexShape).kind) { // (a ScaleView has none: the default)
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
      _byGjk = true;
      gjkRayCast(w, shape as ConvexHull); return;
    default:
      _byGjk = true;
      gjkRayCast(w, shape as RaySupportMap); // (convex, checked by the caller, or a ScaleView)
  }
}

/**
 * An origin within the cast's tolerance of the surface, on its outside, with the ray going in: the ray
 * enters there (t = 0, the outward normal), and a hollow cast must not report where it leaves. Tested by
 * casting from a hair behind the origin (RAY_ON_SURFACE times the size): a hit within twice that is an
 * entry at the origin, and `w` holds it (t = 0).
 */
export function enteringAtOrigin(w: RayWork, shape: RayShape): boolean {
  const o = w.origin, r = w.dir;
  const ox = o.x, oy = o.y, oz = o.z;
  const dl = Math.sqrt(r.x * r.x + r.y * r.y + r.z * r.z);
  const back = (RAY_ON_SURFACE * w.size) / dl;
  o.x = ox - back * r.x; o.y = oy - back * r.y; o.z = oz - back * r.z;
  const maxT = w.maxT;
  w.maxT = Infinity;
  castEntry(w, shape);
  o.x = ox; o.y = oy; o.z = oz;
  w.maxT = maxT;
  const entering = w.hit && (w.normal.x !== 0 || w.normal.y !== 0 || w.normal.z !== 0) && w.t <= 2 * back;
  if (entering) w.t = 0;
  return entering;
}

/** Whether the last castEntry ran the GJK ray cast (not a closed form). */
let _byGjk = false;
const _point = /* @__PURE__ */ new Point();
const _at = /* @__PURE__ */ new Transform(), _identity = /* @__PURE__ */ new Transform();

/**
 * For a GJK ray cast that found its origin inside the shape: the GJK ray cast cannot tell a point nearer a
 * polytope's face than about √ε of its size from one on it (its v turns by ε·size/|v|, and the support plane
 * along it with it), so a hollow ray 3e-13 outside a Minkowski sum of hulls, going in, was taken for one
 * inside and reported the far side, and one 1e-9 outside hit at t = 0. The contact of the origin (a Point)
 * with the shape decides instead, its separation to ε of the size with the outward normal there. Outside by
 * more than RAY_CAST_RELATIVE_TOLERANCE of the size: the ray enters where it crosses the supporting plane
 * there, or misses, going away; `w` is then the answer and this returns true. On the surface within that
 * tolerance with the ray going in, a hollow cast enters at t = 0 (true). Otherwise (inside, or a solid cast
 * on the surface) false: `w` as it was.
 */
function originOutside(w: RayWork, shape: RayShape, solid: boolean): boolean {
  const o = w.origin, r = w.dir, t = _at;
  t.tx = o.x; t.ty = o.y; t.tz = o.z;
  const work = acquireWork(false);
  work.maxSeparation = Infinity;
  work.touchingOnly = false;
  if (!contactConvex(work, _point, t, shape as ConvexShape, _identity, undefined)) return false;
  const c = work.contact, sep = c.separation;
  // The normal from the point towards the shape: the shape's outward normal there is its opposite.
  const nx = -c.normal.x, ny = -c.normal.y, nz = -c.normal.z, along = nx * r.x + ny * r.y + nz * r.z;
  const tol = RAY_CAST_RELATIVE_TOLERANCE * w.size;
  if (sep > tol) {
    // (Within about √ε of the size of the surface, which is as flat as a plane there.)
    const entry = sep / -along;
    w.hit = along < 0 && entry <= w.maxT;
    w.t = entry;
    w.normal.x = nx; w.normal.y = ny; w.normal.z = nz;
    return true;
  }
  if (solid || !(sep >= -tol) || !(along < 0)) return false;
  w.t = 0;
  w.normal.x = nx; w.normal.y = ny; w.normal.z = nz;
  return true;
}

/**
 * Where the line of the ray in `w` leaves `shape` last (the far end of its chord), as a parameter of the
 * ray, with the outward normal there: the ray cast back along −direction from a point beyond the shape
 * (the entry of the reversed ray is the exit of this one). `w.t` is negative when the chord lies behind
 * the origin; `w.hit` is false when the line misses the shape. Needs prepareRay; leaves `w.origin`,
 * `w.dir` and `w.maxT` as they were.
 */
export function castExit(w: RayWork, shape: RayShape): void {
  const o = w.origin, r = w.dir;
  const ox = o.x, oy = o.y, oz = o.z, rx = r.x, ry = r.y, rz = r.z, maxT = w.maxT;
  const dl = Math.sqrt(rx * rx + ry * ry + rz * rz);
  // Beyond the shape: past the origin's distance and the shape's size, twice over.
  const far = (2 * w.size + shape.boundingRadius) / dl;
  o.x = ox + far * rx; o.y = oy + far * ry; o.z = oz + far * rz;
  r.x = -rx; r.y = -ry; r.z = -rz;
  w.maxT = Infinity;
  castEntry(w, shape);
  o.x = ox; o.y = oy; o.z = oz;
  r.x = rx; r.y = ry; r.z = rz;
  w.maxT = maxT;
  if (w.hit) w.t = far - w.t;
}
