/**
 * Closed-form ray casts against the flat built-in shapes, the triangle and the segment, in the shape's
 * local frame, into a RayWork (the conventions of ray-closed-forms.ts). A flat shape has no inside, so a
 * ray meets it only by touching it, and touching is decided as the GJK ray cast decides it (within
 * RAY_CAST_RELATIVE_TOLERANCE times the problem's size, `w.size`: the shape's bounding radius plus the
 * origin's distance from the local origin), so that the two agree:
 *
 * - Triangle: the ray clipped (Cyrus & Beck 1978; Ericson, Real-Time Collision Detection §5.3.8) against
 *   the prism over the triangle: the slab within the tolerance of its plane, and the three planes through
 *   its edges perpendicular to it. A ray crossing the slab reports where it crosses the plane itself
 *   (clamped to its stay in the prism), the plane's normal facing the ray: the exact crossing of the
 *   triangle whenever there is one, as the plane-then-barycentric test (Ericson §5.3.6; the edge planes'
 *   signs are the barycentric coordinates' signs) or Möller & Trumbore 1997 would give it. A ray lying in
 *   the plane within the tolerance enters the triangle as a 2D polygon, through an edge plane: it reports
 *   that edge's outward normal in the plane. A triangle whose computed plane misses one of its own corners
 *   by more than a quarter of the tolerance (a sliver, or collinear corners, whose cross product has no
 *   reliable direction) goes to the GJK ray cast.
 * - Segment: the ray against the capsule of radius the tolerance about it (raySegmentWithin in
 *   ray-quadrics.ts), which is exactly the set of points within the tolerance of it: a ray that crosses
 *   the segment, or runs along it, enters there; the normal is perpendicular to the segment (−direction's
 *   perpendicular part) on its side, or points out of the end it enters at.
 */
import type { Segment } from '../../shapes/segment.js';
import type { Triangle } from '../../shapes/triangle.js';
import { RAY_CAST_RELATIVE_TOLERANCE } from '../../tolerance.js';
import { gjkRayCast, type RayWork } from './gjk-ray-cast.js';
import { inside } from './ray-closed-forms.js';
import { raySegmentWithin } from './ray-quadrics.js';

const RELATIVE_TOLERANCE = RAY_CAST_RELATIVE_TOLERANCE; // V8 rule 4 (CONTRIBUTING.md)

/** The segment, the tolerance as its radius and the part hit, for raySegmentWithin (V8 rule 1: no doubles through calls). */
const _segment = /* @__PURE__ */ new Float64Array(8);

/**
 * The segment (local frame): touched where the ray comes within the ray cast's tolerance of it. Writes the
 * entry into `w` (an origin within the tolerance: t = 0 and a zero normal).
 */
export function raySegment(w: RayWork, segment: Segment): void {
  const a = segment.a, b = segment.b, s = _segment;
  s[0] = a.x; s[1] = a.y; s[2] = a.z; s[3] = b.x; s[4] = b.y; s[5] = b.z;
  if (!raySegmentWithin(w, s)) gjkRayCast(w, segment); // a point-sized problem (squares underflow)
}

/**
 * The triangle (local frame, two-sided): where the ray crosses it, or where a ray in its plane (within
 * the ray cast's tolerance) enters it. Writes the answer into `w`: the normal is the plane's normal facing
 * the ray, or for a ray in the plane the outward normal of the edge it enters through; an origin within
 * the tolerance of the triangle gives t = 0 and a zero normal.
 */
export function rayTriangle(w: RayWork, triangle: Triangle): void {
  const A = triangle.a, B = triangle.b, C = triangle.c;
  const o = w.origin, r = w.dir;
  const tol = RELATIVE_TOLERANCE * w.size;
  const ax = A.x, ay = A.y, az = A.z, bx = B.x, by = B.y, bz = B.z, cx = C.x, cy = C.y, cz = C.z;
  // Edges ab, bc, ca; the normal from the two edges at the corner opposite the longest one (the shorter
  // pair: the cross product's rounding is about ε times the product of their lengths).
  const abx = bx - ax, aby = by - ay, abz = bz - az;
  const bcx = cx - bx, bcy = cy - by, bcz = cz - bz;
  const cax = ax - cx, cay = ay - cy, caz = az - cz;
  const lab = abx * abx + aby * aby + abz * abz, lbc = bcx * bcx + bcy * bcy + bcz * bcz, lca = cax * cax + cay * cay + caz * caz;
  let nx: number, ny: number, nz: number;
  if (lab >= lbc && lab >= lca) { // at c: (c − b) × (a − c) = bc × ca
    nx = bcy * caz - bcz * cay; ny = bcz * cax - bcx * caz; nz = bcx * cay - bcy * cax;
  } else if (lbc >= lca) { // at a: ca × ab
    nx = cay * abz - caz * aby; ny = caz * abx - cax * abz; nz = cax * aby - cay * abx;
  } else { // at b: ab × bc
    nx = aby * bcz - abz * bcy; ny = abz * bcx - abx * bcz; nz = abx * bcy - aby * bcx;
  }
  // (All three are (b − a) × (c − a), the normal of the winding a, b, c.)
  const nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (!(nl > 0)) { gjkRayCast(w, triangle); return; }
  nx /= nl; ny /= nl; nz /= nl;
  // The plane n·x = n·a must hold b and c too, within a quarter of the tolerance (else: a sliver), so that
  // the slab below holds the whole triangle. (A quarter: a margin, not pinned by a test; a triangle that
  // fails it is answered by GJK, which the tests hold to the same answers. ray-closed-forms.test.ts
  // "shapes with a zero dimension, or one below the tolerance" sends collinear corners there.)
  const rb = nx * abx + ny * aby + nz * abz, rc = nx * cax + ny * cay + nz * caz;
  if (!(Math.abs(rb) <= 0.25 * tol && Math.abs(rc) <= 0.25 * tol)) { gjkRayCast(w, triangle); return; }
  w.iterations = 0;
  w.hit = false;
  // The slab |n·(x − a)| ≤ tol: the origin's height d0 and its rate dr along the ray.
  const d0 = nx * (o.x - ax) + ny * (o.y - ay) + nz * (o.z - az);
  const dr = nx * r.x + ny * r.y + nz * r.z;
  let near = -Infinity, far = Infinity, face = -1; // face: the plane entered last (-1: the slab, 0..2: an edge)
  if (dr === 0) {
    if (d0 > tol || d0 < -tol) return; // parallel to the plane, off the slab
  } else {
    let t1 = (-tol - d0) / dr, t2 = (tol - d0) / dr;
    if (t1 > t2) { const t = t1; t1 = t2; t2 = t; }
    near = t1; far = t2;
  }
  // The edge planes m·(x − p) ≤ 0, m = edge × n (outward in the plane for the winding a, b, c), p the
  // edge's first corner: entering where m·r < 0 (at t = m·(p − o) / m·r), leaving where m·r > 0.
  for (let k = 0; k < 3; k++) {
    const ex = k === 0 ? abx : k === 1 ? bcx : cax, ey = k === 0 ? aby : k === 1 ? bcy : cay, ez = k === 0 ? abz : k === 1 ? bcz : caz;
    const px = k === 0 ? ax : k === 1 ? bx : cx, py = k === 0 ? ay : k === 1 ? by : cy, pz = k === 0 ? az : k === 1 ? bz : cz;
    const mx = ey * nz - ez * ny, my = ez * nx - ex * nz, mz = ex * ny - ey * nx;
    const dist = mx * (px - o.x) + my * (py - o.y) + mz * (pz - o.z); // ≥ 0: the origin on the inner side
    const den = mx * r.x + my * r.y + mz * r.z;
    if (den === 0) {
      if (dist < 0) return; // parallel to the edge plane, outside it
      continue;
    }
    const t = dist / den;
    if (den < 0) { if (t > near) { near = t; face = k; } } else if (t < far) far = t;
  }
  if (near > far || far < 0) return;
  if (near <= 0) { inside(w); return; }
  let t = near;
  if (face < 0) {
    // Entered through the slab: report the plane's own crossing −d0/dr when the ray is still in the
    // prism there, else where it leaves (it touched the triangle only within the tolerance).
    const tp = -d0 / dr;
    t = tp < far ? tp : far;
    if (t < near) t = near;
  }
  if (t > w.maxT) return;
  w.hit = true;
  w.t = t;
  w.point.x = o.x + t * r.x; w.point.y = o.y + t * r.y; w.point.z = o.z + t * r.z;
  if (face < 0) {
    const s = dr < 0 ? 1 : -1; // the side the ray comes from
    w.normal.x = s * nx; w.normal.y = s * ny; w.normal.z = s * nz;
  } else {
    const ex = face === 0 ? abx : face === 1 ? bcx : cax, ey = face === 0 ? aby : face === 1 ? bcy : cay, ez = face === 0 ? abz : face === 1 ? bcz : caz;
    const el = Math.sqrt(ex * ex + ey * ey + ez * ez);
    w.normal.x = (ey * nz - ez * ny) / el; w.normal.y = (ez * nx - ex * nz) / el; w.normal.z = (ex * ny - ey * nx) / el;
  }
}
