/**
 * Closed-form ray casts against the curved built-in shapes, in the shape's local frame, into a RayWork
 * (the conventions of ray-closed-forms.ts: the entry's t, point and outward normal; an origin inside or on
 * the shape gives t = 0 and a zero normal; a hit behind the origin or beyond maxT is a miss).
 *
 * - Capsule: a segment swept by a radius. The ray against the infinite cylinder about the segment's line,
 *   then, when it meets that cylinder beyond the segment's ends (or runs parallel to it), against the ball
 *   at the end it reaches first (Ericson, Real-Time Collision Detection §5.3.7, for the cylinder part).
 * - Cylinder: the slab |y| ≤ h (Kay & Kajiya 1986; Ericson §5.3.3) clipped with the infinite cylinder
 *   x² + z² ≤ R² (a quadratic), entry the later of the two entries, exit the earlier exit.
 * - Cone: the half-space y ≥ −h clipped with the solid nappe H·ρ ≤ R·(h − y) (ρ the distance from the
 *   axis, H = 2h), whose line interval is read off the quadratic H²ρ² − R²(h − y)² and the sign of h − y.
 * - Ellipsoid: the unit ball after dividing each coordinate by its semi-axis (t does not change).
 *
 * Every quadratic is solved without cancellation: the discriminant in Lagrange's form, a sum of squared
 * cross products of the origin and the direction (|o|²|r|² − (o·r)² = |o × r|², and its weighted version
 * for the cone), so that a far origin costs only the rounding of the origin itself, where b² − ac loses
 * about |o|²/size² ulps of it (measured with b² − ac on a unit ball: 2.6e-6 from 1e6 away, the whole
 * radius from 1e8; ray-closed-forms.test.ts "a far origin costs only its own rounding"); then the nearer
 * root as c / q with q = −b − sign(b)·√disc, never a difference of nearly equal numbers (Press et al.,
 * Numerical Recipes §5.6). A shape with a dimension below the ray cast's tolerance (RAY_CAST_RELATIVE_
 * TOLERANCE times w.size: a disc, an ellipse, a segment, within it) goes to the GJK ray cast, whose
 * tolerance decides what grazes a flat shape (a closed form's normal on so thin a rim would be off by
 * the origin's rounding over the thickness); a capsule that thin is its segment, touched within the
 * tolerance (raySegmentWithin, as ray-flat.ts casts a Segment). Normals are scaled
 * to lengths near 1 (at most 1, and for the ellipsoid at least its smallest semi-axis over its largest),
 * so that the caller's normalisation neither overflows nor underflows for shapes of any size.
 */
import type { Capsule } from '../../shapes/capsule.js';
import type { Cone } from '../../shapes/cone.js';
import type { Cylinder } from '../../shapes/cylinder.js';
import type { Ellipsoid } from '../../shapes/ellipsoid.js';
import { RAY_CAST_RELATIVE_TOLERANCE } from '../../tolerance.js';
import { gjkRayCast, type RayWork } from './gjk-ray-cast.js';
import { inside } from './ray-closed-forms.js';

const RELATIVE_TOLERANCE = RAY_CAST_RELATIVE_TOLERANCE; // V8 rule 4 (CONTRIBUTING.md)
/** An origin farther than √FAR_ORIGIN sizes from the cone's frame starts from the line's closest approach (rayCone). */
const FAR_ORIGIN = 16;

/**
 * The capsule's segment (ax ay az bx by bz), radius, and the part hit (written back), for raySweptSegment
 * (V8 rule 1: no doubles through calls).
 */
const _capsule = /* @__PURE__ */ new Float64Array(8);

/**
 * The ray of `w` against the points within `s[6]` of the segment from (s[0], s[1], s[2]) to (s[3], s[4],
 * s[5]) (local frame); writes the entry into `w`, and on a hit from outside the part entered into s[7]
 * (0: the ball at a, 1: the ball at b, 2: the side). The radius must be positive. Shared by the capsule
 * and by the segment (raySegmentWithin), whose radius is the cast's tolerance.
 */
export function raySweptSegment(w: RayWork, s: Float64Array): void {
  const o = w.origin, r = w.dir;
  const ax = s[0], ay = s[1], az = s[2], radius = s[6];
  const ex = s[3] - ax, ey = s[4] - ay, ez = s[5] - az; // e = b − a
  const px = o.x - ax, py = o.y - ay, pz = o.z - az; // p = o − a
  const rr = radius * radius;
  w.iterations = 0;
  w.hit = false;
  const ee = ex * ex + ey * ey + ez * ez, pe = px * ex + py * ey + pz * ez;
  // Inside: the origin within the radius of its closest point a + f·e of the segment.
  let f = ee > 0 ? pe / ee : 0;
  f = f < 0 ? 0 : f > 1 ? 1 : f;
  const qx = px - f * ex, qy = py - f * ey, qz = pz - f * ez;
  if (qx * qx + qy * qy + qz * qz <= rr) { inside(w); return; }
  let end = pe > 0 ? 1 : 0; // the segment end whose ball the ray meets (1: b), when not the side
  if (ee > 0) {
    // The infinite cylinder about the line: with u = e × r and v = e × p (the plane ⊥ e, scaled by |e|),
    // |v + t u|² = R²|e|², i.e. A t² + 2B t + C = 0. Its quarter discriminant B² − AC in Lagrange's form is
    // |e|²(R² A − (e·(p × r))²): the triple product is |e × r| times the distance between the two lines.
    const ux = ey * r.z - ez * r.y, uy = ez * r.x - ex * r.z, uz = ex * r.y - ey * r.x;
    const vx = ey * pz - ez * py, vy = ez * px - ex * pz, vz = ex * py - ey * px;
    const A = ux * ux + uy * uy + uz * uz;
    const C = vx * vx + vy * vy + vz * vz - rr * ee;
    if (C > 0) {
      if (A === 0) return; // parallel to the axis, outside the cylinder
      const B = vx * ux + vy * uy + vz * uz;
      if (B >= 0) return; // outside the cylinder and not approaching its axis
      const trip = ex * (py * r.z - pz * r.y) + ey * (pz * r.x - px * r.z) + ez * (px * r.y - py * r.x);
      const disc = rr * A - trip * trip;
      if (disc < 0) return; // the line passes further than the radius from the axis
      const t = C / (Math.sqrt(disc * ee) - B);
      const g = (pe + t * (r.x * ex + r.y * ey + r.z * ez)) / ee; // where along the segment
      if (g >= 0 && g <= 1) {
        if (t > w.maxT) return;
        w.hit = true;
        w.t = t;
        s[7] = 2;
        w.point.x = o.x + t * r.x; w.point.y = o.y + t * r.y; w.point.z = o.z + t * r.z;
        // The entry point's offset from the axis, over the radius: a unit normal.
        const k = 1 / radius;
        w.normal.x = (px + t * r.x - g * ex) * k;
        w.normal.y = (py + t * r.y - g * ey) * k;
        w.normal.z = (pz + t * r.z - g * ez) * k;
        return;
      }
      // The cylinder is met beyond an end: the ray enters that end's ball, if anything (a point of the
      // capsule beyond b's end plane lies in b's ball, and the ray reaches none of a's before it).
      end = g > 1 ? 1 : 0;
    }
    // C ≤ 0: the origin is within the radius of the line but not of the segment, so beyond an end (end, from
    // the sign of p·e): only that end's ball can come first.
  }
  const cx = end === 1 ? px - ex : px, cy = end === 1 ? py - ey : py, cz = end === 1 ? pz - ez : pz; // o − centre
  const b = cx * r.x + cy * r.y + cz * r.z;
  const c = cx * cx + cy * cy + cz * cz - rr;
  if (c <= 0) { inside(w); return; } // (only by rounding: the origin is on the surface)
  if (b >= 0) return;
  const kx = cy * r.z - cz * r.y, ky = cz * r.x - cx * r.z, kz = cx * r.y - cy * r.x;
  const disc = rr * (r.x * r.x + r.y * r.y + r.z * r.z) - (kx * kx + ky * ky + kz * kz); // b² − ac, Lagrange's form
  if (disc < 0) return;
  const t = c / (Math.sqrt(disc) - b);
  if (t > w.maxT) return;
  w.hit = true;
  w.t = t;
  s[7] = end;
  w.point.x = o.x + t * r.x; w.point.y = o.y + t * r.y; w.point.z = o.z + t * r.z;
  const k = 1 / radius;
  w.normal.x = (cx + t * r.x) * k; w.normal.y = (cy + t * r.y) * k; w.normal.z = (cz + t * r.z) * k;
}

/**
 * The segment of `s` (as for raySweptSegment) touched within the ray cast's tolerance: the ray against the
 * capsule of radius RAY_CAST_RELATIVE_TOLERANCE · w.size about it, which is exactly the set of points
 * within the tolerance of the segment (what the GJK ray cast stops at). Writes the entry into `w` (an
 * origin within the tolerance: t = 0 and a zero normal), and s[6], s[7]. Returns false, writing nothing,
 * when the tolerance's square underflows (a problem smaller than 1e-150): the caller then casts by GJK.
 *
 * The normal is not the thin capsule's: its entry point's offset from the segment is a length of about
 * 1e-12 of the size, computed from coordinates rounded to ε of the origin's distance, so its direction
 * is off by up to ε/1e-12 ≈ 2e-4, and a normal that far from perpendicular leaves the segment's normal
 * cone by 2e-4 of its length (conformance rays.json flat-1-2). On the side it is e × (e × r), −r's part
 * perpendicular to the segment to within ε; at an end, the offset, less any part pointing along the
 * segment into it.
 */
export function raySegmentWithin(w: RayWork, s: Float64Array): boolean {
  const tol = RELATIVE_TOLERANCE * w.size;
  if (!(tol * tol > 0)) return false;
  s[6] = tol;
  raySweptSegment(w, s);
  const n = w.normal;
  if (!w.hit || (n.x === 0 && n.y === 0 && n.z === 0)) return true;
  const ex = s[3] - s[0], ey = s[4] - s[1], ez = s[5] - s[2];
  const ee = ex * ex + ey * ey + ez * ez;
  if (s[7] === 2) {
    const r = w.dir;
    const ux = ey * r.z - ez * r.y, uy = ez * r.x - ex * r.z, uz = ex * r.y - ey * r.x; // e × r
    const nx = ey * uz - ez * uy, ny = ez * ux - ex * uz, nz = ex * uy - ey * ux; // e × (e × r) = −|e|² r⊥
    const l = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (l > 0) { n.x = nx / l; n.y = ny / l; n.z = nz / l; }
    return true;
  }
  // At a (s[7] = 0) the normal cone is n·e ≤ 0, at b n·e ≥ 0.
  const ne = n.x * ex + n.y * ey + n.z * ez;
  if (ee > 0 && (s[7] === 0 ? ne > 0 : ne < 0)) {
    const f = ne / ee;
    n.x -= f * ex; n.y -= f * ey; n.z -= f * ez;
    if (n.x === 0 && n.y === 0 && n.z === 0) { n.x = s[7] === 0 ? -ex : ex; n.y = s[7] === 0 ? -ey : ey; n.z = s[7] === 0 ? -ez : ez; }
  }
  return true;
}

/**
 * The capsule (local frame: the segment from (0, −halfHeight, 0) to (0, halfHeight, 0) swept by its
 * radius). Writes the entry into `w`. A capsule thinner than the ray cast's tolerance (radius 0 among
 * them) is its segment within that tolerance, as a Segment is (raySegmentWithin): the GJK ray cast stops
 * within radius + tolerance, and the thin capsule's own normal would be as unreliable as the segment's.
 */
export function rayCapsule(w: RayWork, capsule: Capsule): void {
  const h = capsule.halfHeight, R = capsule.radius, s = _capsule;
  s[0] = 0; s[1] = -h; s[2] = 0; s[3] = 0; s[4] = h; s[5] = 0;
  if (!(R >= RELATIVE_TOLERANCE * w.size)) {
    if (!raySegmentWithin(w, s)) gjkRayCast(w, capsule);
    return;
  }
  s[6] = R;
  raySweptSegment(w, s);
}

/**
 * The cylinder (local frame: along Y, |y| ≤ halfHeight, x² + z² ≤ radius²): the slab clipped with the
 * infinite cylinder. Writes the entry into `w`; its normal is (0, ±1, 0) on a cap (and on the rim when
 * both are entered at the same t), else the radial direction over the radius.
 */
export function rayCylinder(w: RayWork, cylinder: Cylinder): void {
  const h = cylinder.halfHeight, R = cylinder.radius, tol = RELATIVE_TOLERANCE * w.size;
  if (!(h >= tol && R >= tol)) { gjkRayCast(w, cylinder); return; } // a disc or a segment, within the tolerance
  const o = w.origin, r = w.dir;
  w.iterations = 0;
  w.hit = false;
  let near = -Infinity, far = Infinity, cap = 0; // cap: the sign of the cap entered last, 0 for the side
  if (r.y === 0) {
    if (o.y < -h || o.y > h) return; // parallel to the caps, outside the slab
  } else {
    let t1 = (-h - o.y) / r.y, t2 = (h - o.y) / r.y;
    cap = -1;
    if (t1 > t2) { const t = t1; t1 = t2; t2 = t; cap = 1; }
    near = t1; far = t2;
  }
  const a = r.x * r.x + r.z * r.z, c = o.x * o.x + o.z * o.z - R * R;
  if (a === 0) {
    if (c > 0) return; // parallel to the axis, outside the side
  } else {
    // (ox + t rx)² + (oz + t rz)² = R²: quarter discriminant b² − ac = a R² − (ox rz − oz rx)² (Lagrange).
    const b = o.x * r.x + o.z * r.z, k = o.x * r.z - o.z * r.x;
    const disc = a * R * R - k * k;
    if (disc < 0) return;
    const sq = Math.sqrt(disc);
    const q = b > 0 ? -b - sq : -b + sq;
    const r1 = q / a, r2 = q !== 0 ? c / q : r1; // (q = 0 only for the double root t = 0)
    const t1 = r1 < r2 ? r1 : r2, t2 = r1 < r2 ? r2 : r1;
    if (t1 > near) { near = t1; cap = 0; }
    if (t2 < far) far = t2;
  }
  if (near > far || far < 0) return;
  if (near <= 0) { inside(w); return; }
  const t = near;
  if (t > w.maxT) return;
  w.hit = true;
  w.t = t;
  const px = o.x + t * r.x, pz = o.z + t * r.z;
  w.point.x = px; w.point.y = o.y + t * r.y; w.point.z = pz;
  if (cap !== 0) {
    w.normal.x = 0; w.normal.y = cap; w.normal.z = 0;
  } else {
    w.normal.x = px / R; w.normal.y = 0; w.normal.z = pz / R;
  }
}

/**
 * The cone (local frame: apex (0, halfHeight, 0), base disc of `radius` at y = −halfHeight). Writes the
 * entry into `w`; its normal is (0, −1, 0) on the base, (0, 1, 0) at the apex, else the side's.
 */
export function rayCone(w: RayWork, cone: Cone): void {
  const h = cone.halfHeight, R = cone.radius, tol = RELATIVE_TOLERANCE * w.size;
  if (!(h >= tol && R >= tol)) { gjkRayCast(w, cone); return; } // a disc or a segment, within the tolerance
  const o = w.origin, r = w.dir;
  w.iterations = 0;
  w.hit = false;
  // The nappe's quadric is indefinite, so its C (f at the origin) cancels for a far origin on a line near a
  // generator's direction (|o|² terms that nearly cancel: 2e-13·|o| of error in t from 1e4 sizes away, FC_STRESS
  // ray-closed-forms "a far origin"). So a far origin first moves to the line's closest approach to the
  // local origin, which costs only its own rounding, and t counts from there plus t0 (Haines et al., Ray
  // Tracing Gems ch. 7).
  let ox = o.x, oy = o.y, oz = o.z, t0 = 0;
  const od = -(ox * r.x + oy * r.y + oz * r.z);
  if (od > 0 && ox * ox + oy * oy + oz * oz > FAR_ORIGIN * (h * h + R * R)) {
    t0 = od / (r.x * r.x + r.y * r.y + r.z * r.z);
    ox += t0 * r.x; oy += t0 * r.y; oz += t0 * r.z;
  }
  let near = -Infinity, far = Infinity, base = false;
  if (r.y === 0) {
    if (oy < -h) return; // parallel to the base, below it
  } else {
    const tb = (-h - oy) / r.y;
    if (r.y > 0) { near = tb; base = true; } else far = tb;
  }
  // The solid nappe: H ρ ≤ R Y with Y = h − y (the apex at Y = 0, growing towards the base), H = 2h. With
  // (H, R) divided by the larger (the test is homogeneous in them) it is f(t) = kH² ρ² − kR² Y² ≤ 0 with
  // Y ≥ 0: f = A t² + 2B t + C, in the coordinates (x, z, Y) about the apex.
  const m = Math.max(2 * h, R), kH = (2 * h) / m, kR = R / m; // (a conditional merging the field R with 2h boxed it: 16 B a cast)
  const hh = kH * kH, rr = kR * kR;
  const oY = h - oy, rY = -r.y;
  const A = hh * (r.x * r.x + r.z * r.z) - rr * rY * rY;
  const B = hh * (ox * r.x + oz * r.z) - rr * oY * rY;
  const C = hh * (ox * ox + oz * oz) - rr * oY * oY;
  let lo = -Infinity, hi = Infinity; // the line's interval inside the nappe
  if (A === 0) {
    // Parallel to a generator: f = 2B t + C is linear. Its half-line f ≤ 0 runs to Y = +∞ (the nappe)
    // when t → +∞ there (B < 0) and Y grows with t (rY > 0), or both the other way; else it is the
    // other nappe. B = 0: the line lies on the double cone (C = 0, up to rounding), through the apex.
    if (B === 0) {
      if (C > 0) return;
      const ta = -oY / rY; // the apex's parameter
      if (rY > 0) lo = ta; else hi = ta;
    } else {
      if ((B < 0) !== (rY > 0)) return;
      const ts = -C / (2 * B);
      if (rY > 0) lo = ts; else hi = ts;
    }
  } else {
    // Quarter discriminant B² − AC in Lagrange's form for the weights (hh, hh, −rr):
    //   hh·(rr·((x r_Y − Y r_x)² + (z r_Y − Y r_z)²) − hh·(x r_z − z r_x)²), with (x, z, Y) the origin's.
    const kxz = ox * r.z - oz * r.x, kxY = ox * rY - oY * r.x, kzY = oz * rY - oY * r.z;
    let disc = hh * (rr * (kxY * kxY + kzY * kzY) - hh * kxz * kxz);
    if (disc < 0) {
      if (A > 0) return; // the line misses the double cone
      disc = 0; // A < 0: the line crosses from one nappe to the other, so there is a root (here at the apex)
    }
    const sq = Math.sqrt(disc);
    const q = B > 0 ? -B - sq : -B + sq;
    const r1 = q / A, r2 = q !== 0 ? C / q : r1;
    const t1 = r1 < r2 ? r1 : r2, t2 = r1 < r2 ? r2 : r1;
    if (A > 0) {
      // f ≤ 0 between the roots, in one nappe: ours when Y ≥ 0 there (at the chord's middle, 2Y = Y(t1) + Y(t2)).
      if (2 * oY + (t1 + t2) * rY < 0) return;
      lo = t1; hi = t2;
    } else if (rY > 0) lo = t2; // f ≤ 0 outside the roots: the half-line towards Y = +∞
    else hi = t1;
  }
  if (lo > near) { near = lo; base = false; }
  if (hi < far) far = hi;
  // (near and far count from the moved origin: the original's t = 0 is at −t0.)
  if (near > far || far < -t0) return;
  if (near <= -t0) { inside(w); return; }
  const t = t0 + near;
  if (t > w.maxT) return;
  w.hit = true;
  w.t = t;
  // The point as every cast writes it, origin + t·dir (off the moved origin's by its rounding only).
  const px = o.x + t * r.x, pz = o.z + t * r.z;
  w.point.x = px; w.point.y = o.y + t * r.y; w.point.z = pz;
  if (base) {
    w.normal.x = 0; w.normal.y = -1; w.normal.z = 0;
    return;
  }
  // The side's gradient of H ρ − R Y: (H x/ρ, R, H z/ρ); at the apex (ρ = 0) the axis, inside its normal cone.
  const rho = Math.sqrt(px * px + pz * pz);
  if (rho > 0) {
    w.normal.x = (kH * px) / rho; w.normal.y = kR; w.normal.z = (kH * pz) / rho;
  } else {
    w.normal.x = 0; w.normal.y = 1; w.normal.z = 0;
  }
}

/**
 * The ellipsoid (local frame, semi-axes rx, ry, rz): the unit ball after dividing each coordinate by its
 * semi-axis, which leaves t unchanged. Writes the entry into `w`; its normal is the gradient
 * (x/rx², y/ry², z/rz²), times the smallest semi-axis squared.
 */
export function rayEllipsoid(w: RayWork, ellipsoid: Ellipsoid): void {
  const ex = ellipsoid.rx, ey = ellipsoid.ry, ez = ellipsoid.rz, tol = RELATIVE_TOLERANCE * w.size;
  if (!(ex >= tol && ey >= tol && ez >= tol)) { gjkRayCast(w, ellipsoid); return; } // flat, a segment or a point, within the tolerance
  const o = w.origin, r = w.dir;
  w.iterations = 0;
  w.hit = false;
  const ox = o.x / ex, oy = o.y / ey, oz = o.z / ez, dx = r.x / ex, dy = r.y / ey, dz = r.z / ez;
  const c = ox * ox + oy * oy + oz * oz - 1;
  if (c <= 0) { inside(w); return; }
  const b = ox * dx + oy * dy + oz * dz;
  if (b >= 0) return; // outside and not approaching the centre
  const kx = oy * dz - oz * dy, ky = oz * dx - ox * dz, kz = ox * dy - oy * dx;
  const disc = dx * dx + dy * dy + dz * dz - (kx * kx + ky * ky + kz * kz); // b² − ac = |d|² − |o × d|²
  if (disc < 0) return;
  const t = c / (Math.sqrt(disc) - b);
  if (t > w.maxT) return;
  w.hit = true;
  w.t = t;
  w.point.x = o.x + t * r.x; w.point.y = o.y + t * r.y; w.point.z = o.z + t * r.z;
  // The unit-sphere point u over the semi-axes (each factor m/r ≤ 1, so nothing overflows).
  const m = Math.min(ex, ey, ez);
  w.normal.x = (ox + t * dx) * (m / ex); w.normal.y = (oy + t * dy) * (m / ey); w.normal.z = (oz + t * dz) * (m / ez);
}
