/**
 * Tight world bounding boxes of shapes. A box of a convex set along world axis i spans
 * [−h(−e_i), h(e_i)] with h its support function, so for a shape rotated by R it is read off the local
 * support along R's rows. The built-in shapes have that support in closed form (Ericson, Real-Time
 * Collision Detection §4.2.6 for the rotated box: extent_i = Σ_j |R_ij| h_j); a user's own support map
 * takes six support calls. Either way the box is tight up to rounding: every face touches the shape.
 *
 * The bounds are computed about the pose's origin (rotation only) and the translation added once at the
 * end, so that a Minkowski sum's two boxes add without counting the translation twice.
 */
import type { Aabb } from '../math/aabb.js';
import type { Transform } from '../math/transform.js';
import { vec3 } from '../math/vec3.js';
import { HULL_CLIMB_MIN_VERTICES } from '../tolerance.js';
import { runsUserCode, throwNonFiniteSupport, throwSupportNotOut, type ConvexShape, type SupportMap } from './shape.js';

/** Bounds about the origin: `lo` and `hi` per axis. One per nesting depth of sums (see rotatedBounds). */
class Bounds {
  lx = 0; ly = 0; lz = 0;
  hx = 0; hy = 0; hz = 0;
}

const _bounds: Bounds[] = [];
const _dir = /* @__PURE__ */ vec3();
const _point = /* @__PURE__ */ vec3();

function boundsAt(depth: number): Bounds {
  while (_bounds.length <= depth) _bounds.push(new Bounds()); // grows once per depth, then reused
  return _bounds[depth];
}

/**
 * Writes into `out` the world axis-aligned bounding box of `shape` placed by `t` and returns `out`.
 * Allocation-free once warm (a Minkowski sum nested deeper than any before allocates one scratch
 * record per new depth, once).
 */
export function shapeAabb(out: Aabb, shape: ConvexShape, t: Readonly<Transform>): Aabb {
  const b = rotatedBounds(shape, t, 0);
  out.min.x = t.tx + b.lx; out.min.y = t.ty + b.ly; out.min.z = t.tz + b.lz;
  out.max.x = t.tx + b.hx; out.max.y = t.ty + b.hy; out.max.z = t.tz + b.hz;
  return out;
}

/**
 * The bounds of `shape` rotated by `t` (translation ignored), in the scratch record of `depth`. Written
 * out inline, with no numbers passed to or returned from helpers (CONTRIBUTING.md, "V8 rules").
 */
function rotatedBounds(shape: ConvexShape, t: Readonly<Transform>, depth: number): Bounds {
  const b = boundsAt(depth);
  // A shape of the user's own (whatever its `kind` says) or a wrapper around one: by its support.
  if (runsUserCode(shape)) return supportBounds(b, shape, t);
  // Each case writes its bounds itself: extents kept in locals shared by the cases would meet, after the
  // switch, as one value that is sometimes the small integer 0 and sometimes a double, which V8 then
  // keeps boxed (20–50 bytes per call; test/allocation.test.ts).
  switch (shape.kind) {
    case 'point':
      b.lx = 0; b.ly = 0; b.lz = 0;
      b.hx = 0; b.hy = 0; b.hz = 0;
      return b;
    case 'sphere': {
      const r = shape.radius;
      b.lx = -r; b.ly = -r; b.lz = -r;
      b.hx = r; b.hy = r; b.hz = r;
      return b;
    }
    case 'box': {
      // extent_i = Σ_j |R_ij| h_j
      const hx = shape.hx, hy = shape.hy, hz = shape.hz;
      const ex = Math.abs(t.m00) * hx + Math.abs(t.m01) * hy + Math.abs(t.m02) * hz;
      const ey = Math.abs(t.m10) * hx + Math.abs(t.m11) * hy + Math.abs(t.m12) * hz;
      const ez = Math.abs(t.m20) * hx + Math.abs(t.m21) * hy + Math.abs(t.m22) * hz;
      b.lx = -ex; b.ly = -ey; b.lz = -ez;
      b.hx = ex; b.hy = ey; b.hz = ez;
      return b;
    }
    case 'ellipsoid': {
      // extent_i = |row_i(R)·diag(r)|: the support of diag(r)·ball along row_i(R).
      // (Math.sqrt, not Math.hypot: V8 calls hypot as a builtin, with its arguments boxed.)
      const rx = shape.rx, ry = shape.ry, rz = shape.rz;
      const x0 = t.m00 * rx, x1 = t.m01 * ry, x2 = t.m02 * rz;
      const y0 = t.m10 * rx, y1 = t.m11 * ry, y2 = t.m12 * rz;
      const z0 = t.m20 * rx, z1 = t.m21 * ry, z2 = t.m22 * rz;
      const ex = Math.sqrt(x0 * x0 + x1 * x1 + x2 * x2);
      const ey = Math.sqrt(y0 * y0 + y1 * y1 + y2 * y2);
      const ez = Math.sqrt(z0 * z0 + z1 * z1 + z2 * z2);
      b.lx = -ex; b.ly = -ey; b.lz = -ez;
      b.hx = ex; b.hy = ey; b.hz = ez;
      return b;
    }
    case 'capsule': {
      // The axis segment ±h·u (u = R·ŷ), swept by r.
      const h = shape.halfHeight, r = shape.radius;
      const ex = h * Math.abs(t.m01) + r, ey = h * Math.abs(t.m11) + r, ez = h * Math.abs(t.m21) + r;
      b.lx = -ex; b.ly = -ey; b.lz = -ez;
      b.hx = ex; b.hy = ey; b.hz = ez;
      return b;
    }
    case 'cylinder': {
      // Two discs of radius r at ±h·u: a disc ⊥ u spans r·√(1 − u_i²) along axis i, computed as
      // r·√(u_j² + u_k²): for an axis 1e-9 off a world axis, 1 − u_i² is all rounding (compute-aabb.test.ts,
      // "an axis 1e-9 off a world axis").
      const h = shape.halfHeight, r = shape.radius, ux = t.m01, uy = t.m11, uz = t.m21;
      const ex = h * Math.abs(ux) + r * Math.sqrt(uy * uy + uz * uz);
      const ey = h * Math.abs(uy) + r * Math.sqrt(ux * ux + uz * uz);
      const ez = h * Math.abs(uz) + r * Math.sqrt(ux * ux + uy * uy);
      b.lx = -ex; b.ly = -ey; b.lz = -ez;
      b.hx = ex; b.hy = ey; b.hz = ez;
      return b;
    }
    case 'cone': {
      // Apex at +h·u, base disc of radius r at −h·u (spanning r·√(u_j² + u_k²) along axis i, as above).
      const h = shape.halfHeight, r = shape.radius, ux = t.m01, uy = t.m11, uz = t.m21;
      const sx = r * Math.sqrt(uy * uy + uz * uz), sy = r * Math.sqrt(ux * ux + uz * uz), sz = r * Math.sqrt(ux * ux + uy * uy);
      b.hx = Math.max(h * ux, sx - h * ux); b.lx = Math.min(h * ux, -h * ux - sx);
      b.hy = Math.max(h * uy, sy - h * uy); b.ly = Math.min(h * uy, -h * uy - sy);
      b.hz = Math.max(h * uz, sz - h * uz); b.lz = Math.min(h * uz, -h * uz - sz);
      return b;
    }
    case 'segment':
    case 'triangle': {
      const p = _corners;
      p[0] = shape.a.x; p[1] = shape.a.y; p[2] = shape.a.z;
      p[3] = shape.b.x; p[4] = shape.b.y; p[5] = shape.b.z;
      if (shape.kind === 'triangle') { p[6] = shape.c.x; p[7] = shape.c.y; p[8] = shape.c.z; }
      return pointBounds(b, t, p, shape.kind === 'triangle' ? 9 : 6);
    }
    case 'convexHull':
      // Big hulls: six hill-climbing supports; small ones: every vertex (cheaper than six scans).
      if (shape.vertexCount > HULL_CLIMB_MIN_VERTICES) return supportBounds(b, shape, t);
      return pointBounds(b, t, shape.vertices, shape.vertices.length);
    case 'rounded': {
      const inner = rotatedBounds(shape.shape, t, depth);
      const r = shape.radius;
      inner.lx -= r; inner.ly -= r; inner.lz -= r;
      inner.hx += r; inner.hy += r; inner.hz += r;
      return inner;
    }
    case 'minkowskiSum': {
      // Support functions add, so do the bounds.
      const ba = rotatedBounds(shape.a, t, depth);
      const bb = rotatedBounds(shape.b, t, depth + 1);
      ba.lx += bb.lx; ba.ly += bb.ly; ba.lz += bb.lz;
      ba.hx += bb.hx; ba.hy += bb.hy; ba.hz += bb.hz;
      return ba;
    }
    default:
      return supportBounds(b, shape, t);
  }
}

/** Packed corners of a segment or triangle. */
const _corners = /* @__PURE__ */ new Float64Array(9);

/** The bounds of `n / 3` packed local points rotated by `t`. */
function pointBounds(b: Bounds, t: Readonly<Transform>, p: Float64Array, n: number): Bounds {
  const m00 = t.m00, m01 = t.m01, m02 = t.m02, m10 = t.m10, m11 = t.m11, m12 = t.m12, m20 = t.m20, m21 = t.m21, m22 = t.m22;
  let lx = Infinity, ly = Infinity, lz = Infinity, hx = -Infinity, hy = -Infinity, hz = -Infinity;
  for (let i = 0; i < n; i += 3) {
    const px = p[i], py = p[i + 1], pz = p[i + 2];
    const x = m00 * px + m01 * py + m02 * pz;
    const y = m10 * px + m11 * py + m12 * pz;
    const z = m20 * px + m21 * py + m22 * pz;
    if (x < lx) lx = x;
    if (x > hx) hx = x;
    if (y < ly) ly = y;
    if (y > hy) hy = y;
    if (z < lz) lz = z;
    if (z > hz) hz = z;
  }
  b.lx = lx; b.ly = ly; b.lz = lz;
  b.hx = hx; b.hy = hy; b.hz = hz;
  return b;
}

/**
 * Bounds from the support function: along world axis i the local direction is row i of R (a unit
 * vector), and the extreme is its support point's coordinate plus the swept radius.
 */
function supportBounds(b: Bounds, shape: SupportMap, t: Readonly<Transform>): Bounds {
  const r = shape.sweptRadius, d = _dir, p = _point;
  for (let axis = 0; axis < 3; axis++) {
    const dx = axis === 0 ? t.m00 : axis === 1 ? t.m10 : t.m20;
    const dy = axis === 0 ? t.m01 : axis === 1 ? t.m11 : t.m21;
    const dz = axis === 0 ? t.m02 : axis === 1 ? t.m12 : t.m22;
    d.x = dx; d.y = dy; d.z = dz;
    // (A support that wrote nothing would leave the last call's point: checked by what it returns.)
    const r1 = shape.support(p, d);
    if (r1 !== p) throwSupportNotOut(shape, r1);
    // (A support of the user's may write NaN or an infinity: checked, as GJK checks it, support-pair.ts.)
    if (!(Math.abs(p.x) + Math.abs(p.y) + Math.abs(p.z) < Infinity)) throwNonFiniteSupport(shape, p, d);
    const hi = p.x * dx + p.y * dy + p.z * dz + r;
    d.x = -dx; d.y = -dy; d.z = -dz;
    const r2 = shape.support(p, d);
    if (r2 !== p) throwSupportNotOut(shape, r2);
    if (!(Math.abs(p.x) + Math.abs(p.y) + Math.abs(p.z) < Infinity)) throwNonFiniteSupport(shape, p, d);
    const lo = p.x * dx + p.y * dy + p.z * dz - r;
    if (axis === 0) { b.lx = lo; b.hx = hi; } else if (axis === 1) { b.ly = lo; b.hy = hi; } else { b.lz = lo; b.hz = hi; }
  }
  return b;
}
