/**
 * Closed-form ray casts where they are exact and fast (local frame, into a RayWork): the sphere (the
 * smaller root of |o + t r|² = R², by the cancellation-free form of the quadratic) and the box (the slab
 * test of Kay & Kajiya 1986; Ericson §5.3.3), the solid hull (its face planes). Each writes where the ray
 * enters; an origin inside or on the shape gives t = 0 and a zero normal (where a hollow ray leaves is
 * found by casting back from beyond the shape: ray-cast.ts). The capsule, cylinder, cone and ellipsoid
 * are in ray-quadrics.ts, the triangle and the segment in ray-flat.ts, by the same conventions.
 */
import type { Box } from '../../shapes/box.js';
import type { ConvexHull } from '../../shapes/convex-hull.js';
import type { RayWork } from './gjk-ray-cast.js';

export function raySphere(w: RayWork, radius: number): void {
  const o = w.origin, r = w.dir;
  const a = r.x * r.x + r.y * r.y + r.z * r.z;
  const b = o.x * r.x + o.y * r.y + o.z * r.z; // half of the usual b
  const c = o.x * o.x + o.y * o.y + o.z * o.z - radius * radius;
  w.iterations = 0;
  w.hit = false;
  if (c <= 0) { inside(w); return; }
  // b² − a·c by Lagrange's identity, a·R² − |o × r|²: no cancellation between two squares of the origin's
  // distance (from 1e8 away the plain form lost the whole radius).
  const cx = o.y * r.z - o.z * r.y, cy = o.z * r.x - o.x * r.z, cz = o.x * r.y - o.y * r.x;
  const disc = a * radius * radius - (cx * cx + cy * cy + cz * cz);
  if (disc < 0) return;
  const sq = Math.sqrt(disc);
  // Roots (−b ∓ sq) / a, written without cancellation: q = −b − sign(b) sq; roots q / a and c / q.
  const q = b > 0 ? -b - sq : -b + sq;
  const t1 = q / a, t2 = q !== 0 ? c / q : t1;
  const t = Math.min(t1, t2);
  if (t < 0 || t > w.maxT) return;
  w.hit = true;
  w.t = t;
  w.point.x = o.x + t * r.x; w.point.y = o.y + t * r.y; w.point.z = o.z + t * r.z;
  w.normal.x = w.point.x; w.normal.y = w.point.y; w.normal.z = w.point.z;
}

export function rayBox(w: RayWork, box: Box): void {
  const o = w.origin, r = w.dir;
  w.iterations = 0;
  w.hit = false;
  let near = -Infinity, far = Infinity, nearAxis = -1, nearSign = 0;
  for (let k = 0; k < 3; k++) {
    const ok = k === 0 ? o.x : k === 1 ? o.y : o.z, rk = k === 0 ? r.x : k === 1 ? r.y : r.z;
    const h = k === 0 ? box.hx : k === 1 ? box.hy : box.hz;
    if (rk === 0) {
      if (ok < -h || ok > h) return; // parallel to the slab and outside it
      continue;
    }
    let t1 = (-h - ok) / rk, t2 = (h - ok) / rk;
    let s1 = -1; // outward normal sign of the face entered at t1
    if (t1 > t2) { const t = t1; t1 = t2; t2 = t; s1 = 1; }
    if (t1 > near) { near = t1; nearAxis = k; nearSign = s1; }
    if (t2 < far) far = t2;
  }
  if (near > far || far < 0) return;
  if (near <= 0) { inside(w); return; }
  const t = near, axis = nearAxis, sign = nearSign;
  if (t > w.maxT || axis < 0) return;
  w.hit = true;
  w.t = t;
  w.point.x = o.x + t * r.x; w.point.y = o.y + t * r.y; w.point.z = o.z + t * r.z;
  w.normal.x = axis === 0 ? sign : 0; w.normal.y = axis === 1 ? sign : 0; w.normal.z = axis === 2 ? sign : 0;
}

/**
 * A solid hull (dimension 3): the ray clipped against its face planes (Cyrus & Beck 1978; Ericson
 * §5.3.8), exact: the entry is the largest t at which it crosses into a face's half-space (if it is not
 * past the smallest at which it crosses out), the normal that face's.
 */
export function rayHull(w: RayWork, hull: ConvexHull): void {
  const o = w.origin, r = w.dir, fn = hull.faceNormals, fo = hull.faceOffsets;
  w.iterations = 0;
  w.hit = false;
  // A ray whose line passes outside the hull's bounding ball misses, without a visit to every face: its
  // distance from the centre is |o × r| / |r| (Lagrange's form, no cancellation), with a hair of slack so
  // that rounding cannot reject a grazing hit.
  const R = hull.boundingRadius * (1 + 1e-9);
  const cx = o.y * r.z - o.z * r.y, cy = o.z * r.x - o.x * r.z, cz = o.x * r.y - o.y * r.x;
  if (cx * cx + cy * cy + cz * cz > R * R * (r.x * r.x + r.y * r.y + r.z * r.z)) return;
  let near = -Infinity, far = Infinity, nearFace = -1;
  for (let f = 0, F = hull.faceCount; f < F; f++) {
    const nx = fn[3 * f], ny = fn[3 * f + 1], nz = fn[3 * f + 2];
    const dist = fo[f] - (nx * o.x + ny * o.y + nz * o.z); // ≥ 0: the origin is on the inner side
    const den = nx * r.x + ny * r.y + nz * r.z;
    if (den === 0) {
      if (dist < 0) return; // parallel to the face and outside it
      continue;
    }
    const t = dist / den;
    if (den < 0) { if (t > near) { near = t; nearFace = f; } } else if (t < far) far = t;
    if (near > far) return;
  }
  if (far < 0) return;
  if (near <= 0) { inside(w); return; }
  const t = near, f = nearFace;
  if (t > w.maxT || f < 0) return;
  w.hit = true;
  w.t = t;
  w.point.x = o.x + t * r.x; w.point.y = o.y + t * r.y; w.point.z = o.z + t * r.z;
  w.normal.x = fn[3 * f]; w.normal.y = fn[3 * f + 1]; w.normal.z = fn[3 * f + 2];
}

/** The origin is inside or on the shape: t = 0, no normal (the caller gives −direction). */
export function inside(w: RayWork): void {
  w.hit = true;
  w.t = 0;
  w.point.x = w.origin.x; w.point.y = w.origin.y; w.point.z = w.origin.z;
  w.normal.x = 0; w.normal.y = 0; w.normal.z = 0;
}
