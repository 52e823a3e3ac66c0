/**
 * A ball inside each built-in shape (its local frame): the second global certificate of a depth.
 *
 * If ball(cA, ρA) ⊂ A and ball(cB, ρB) ⊂ B, the Minkowski difference A − B holds ball(cA − cB, ρA + ρB),
 * so the pair's depth is at least ρA + ρB − |cA − cB| and its separation at most |cA − cB| − ρA − ρB.
 * Where EPA cannot close its polytope on a curved surface whose deepest direction is not unique (two
 * coincident cylinders: every radial direction is deepest), this bound is exact; it is cheap for every
 * kind. The balls: a shape's centre and its least half-size (a box's least half extent, a cylinder's
 * least of radius and half height, an ellipsoid's least radius), a cone's inscribed circle of its axial
 * section, a hull's vertex centroid and its least distance to a face plane (kept per hull), a wrapper's
 * from its inner shapes' (a rounded shape's grown by its radius, a Minkowski sum's added, a scaled
 * shape's scaled by its least factor). A user's own support map has none.
 */
import type { Cone } from '../../shapes/cone.js';
import type { ConvexHull } from '../../shapes/convex-hull.js';
import type { Cylinder } from '../../shapes/cylinder.js';
import type { Ellipsoid } from '../../shapes/ellipsoid.js';
import type { MinkowskiSum } from '../../shapes/minkowski-sum.js';
import type { Rounded } from '../../shapes/rounded.js';
import type { Scaled } from '../../shapes/scaled.js';
import type { Segment } from '../../shapes/segment.js';
import type { Triangle } from '../../shapes/triangle.js';
import type { Box } from '../../shapes/box.js';
import { KIND_INDEX, builtInKindIndex, type ConvexShape } from '../../shapes/shape.js';
import { HULL_COVER_FACTOR } from '../../tolerance.js';

const POINT = /* @__PURE__ */ builtInKindIndex('point'), SEGMENT = /* @__PURE__ */ builtInKindIndex('segment');
const TRIANGLE = /* @__PURE__ */ builtInKindIndex('triangle'), SPHERE = /* @__PURE__ */ builtInKindIndex('sphere');
const BOX = /* @__PURE__ */ builtInKindIndex('box'), CAPSULE = /* @__PURE__ */ builtInKindIndex('capsule');
const CYLINDER = /* @__PURE__ */ builtInKindIndex('cylinder'), CONE = /* @__PURE__ */ builtInKindIndex('cone');
const ELLIPSOID = /* @__PURE__ */ builtInKindIndex('ellipsoid'), HULL = /* @__PURE__ */ builtInKindIndex('convexHull');
const ROUNDED = /* @__PURE__ */ builtInKindIndex('rounded'), MINKOWSKI = /* @__PURE__ */ builtInKindIndex('minkowskiSum');
const SCALED = /* @__PURE__ */ builtInKindIndex('scaled');

/**
 * A hull's face planes are its facets' to its build tolerance (a merged face's plane may pass up to about
 * twice it outside a corner; every input point is within HULL_COVER_FACTOR tolerances of the hull): the
 * ball's radius is taken that, and this much of the hull's size for the planes' rounding, smaller.
 */
const HULL_PLANE_MARGIN = 1e-12;

/** Each hull's ball (centre x y z, radius), made on its first use. */
const _hulls = /* @__PURE__ */ new WeakMap<ConvexHull, Float64Array>();

/**
 * The ball inside `s` (its local frame, the swept radius included) into out[0..3] (centre, radius); false
 * for a shape of the user's own (or one wrapping it), whose inside this cannot know.
 */
export function inscribedBall(s: ConvexShape, out: Float64Array): boolean {
  const k = (s as { [KIND_INDEX]?: number })[KIND_INDEX];
  if (k === undefined) return false;
  out[0] = 0; out[1] = 0; out[2] = 0;
  switch (k) {
    case POINT: out[3] = 0; return true;
    case SPHERE: case CAPSULE: out[3] = s.sweptRadius; return true;
    case SEGMENT: {
      const g = s as Segment;
      out[0] = 0.5 * (g.a.x + g.b.x); out[1] = 0.5 * (g.a.y + g.b.y); out[2] = 0.5 * (g.a.z + g.b.z); out[3] = 0;
      return true;
    }
    case TRIANGLE: {
      const t = s as Triangle;
      out[0] = (t.a.x + t.b.x + t.c.x) / 3; out[1] = (t.a.y + t.b.y + t.c.y) / 3; out[2] = (t.a.z + t.b.z + t.c.z) / 3; out[3] = 0;
      return true;
    }
    case BOX: { const b = s as Box; out[3] = Math.min(b.hx, b.hy, b.hz); return true; }
    case CYLINDER: { const c = s as Cylinder; out[3] = Math.min(c.radius, c.halfHeight); return true; }
    case ELLIPSOID: { const e = s as Ellipsoid; out[3] = Math.min(e.rx, e.ry, e.rz); return true; }
    case CONE: {
      // The circle inscribed in the axial section (a triangle of base 2r and height H = 2h): area / half
      // perimeter, its centre that far above the base.
      const c = s as Cone, r = c.radius, h = 2 * c.halfHeight;
      const rho = r > 0 && h > 0 ? (r * h) / (r + Math.hypot(r, h)) : 0;
      out[1] = -c.halfHeight + rho; out[3] = rho;
      return true;
    }
    case HULL: {
      const b = hullBall(s as ConvexHull);
      out[0] = b[0]; out[1] = b[1]; out[2] = b[2]; out[3] = b[3];
      return true;
    }
    case ROUNDED: {
      if (!inscribedBall((s as Rounded).shape, out)) return false;
      out[3] += (s as Rounded).radius;
      return true;
    }
    case MINKOWSKI: {
      const m = s as MinkowskiSum;
      if (!inscribedBall(m.b, out)) return false;
      const x = out[0], y = out[1], z = out[2], r = out[3];
      if (!inscribedBall(m.a, out)) return false;
      out[0] += x; out[1] += y; out[2] += z; out[3] += r;
      return true;
    }
    case SCALED: {
      const w = s as Scaled, f = w.scale;
      if (!inscribedBall(w.shape, out)) return false;
      out[0] *= f.x; out[1] *= f.y; out[2] *= f.z;
      out[3] *= Math.min(Math.abs(f.x), Math.abs(f.y), Math.abs(f.z));
      return true;
    }
    default: return false;
  }
}

/** A hull's ball: the centroid of its vertices and its least distance to a face plane (0 for a flat hull). */
function hullBall(h: ConvexHull): Float64Array {
  const kept = _hulls.get(h);
  if (kept !== undefined) return kept;
  const v = h.vertices, n = h.vertexCount, b = new Float64Array(4);
  let x = 0, y = 0, z = 0;
  for (let i = 0; i < n; i++) { x += v[3 * i]; y += v[3 * i + 1]; z += v[3 * i + 2]; }
  if (n > 0) { x /= n; y /= n; z /= n; }
  let rho = h.dimension === 3 && h.faceCount > 0 ? Infinity : 0;
  const fn = h.faceNormals, fo = h.faceOffsets;
  if (rho > 0) {
    for (let f = 0; f < h.faceCount; f++) {
      const d = fo[f] - (fn[3 * f] * x + fn[3 * f + 1] * y + fn[3 * f + 2] * z);
      if (d < rho) rho = d;
    }
    rho -= HULL_PLANE_MARGIN * h.boundingRadius + HULL_COVER_FACTOR * h.tolerance;
  }
  b[0] = x; b[1] = y; b[2] = z; b[3] = rho > 0 ? rho : 0;
  _hulls.set(h, b);
  return b;
}
