/**
 * Planes of the build's triangles and of merged polygons, kept accurate on slivers: the cross product
 * at the corner opposite the longest edge, with exact products (Dekker 1971, "A floating-point
 * technique for extending the available precision", the two-product) when the edges are nearly parallel.
 */
import { HULL_THIN_TRIANGLE } from '../tolerance.js';

/**
 * Writes the plane of triangle (a, b, c) (point indices into `p`, counter-clockwise seen from outside)
 * into `out[o .. o + 4)`: its unit normal and its offset (the mean of the corners' offsets). The
 * normal is the cross product of the two edges at the corner opposite the longest edge, the
 * best-conditioned one. On a sliver (two corners 1e-11 apart, the third 2 away) the two long edges are
 * nearly parallel, and their cross product lost all but a few digits to cancellation: a face plane
 * 2e-12 off its own corner (quickhull.prop.test.ts, perturbed lattices).
 */
export function trianglePlane(p: Float64Array, ia: number, ib: number, ic: number, out: Float64Array, o: number): void {
  const a = 3 * ia, b = 3 * ib, c = 3 * ic;
  const ax = p[a], ay = p[a + 1], az = p[a + 2];
  const bx = p[b], by = p[b + 1], bz = p[b + 2];
  const cx = p[c], cy = p[c + 1], cz = p[c + 2];
  const ab = (bx - ax) * (bx - ax) + (by - ay) * (by - ay) + (bz - az) * (bz - az);
  const bc = (cx - bx) * (cx - bx) + (cy - by) * (cy - by) + (cz - bz) * (cz - bz);
  const ca = (ax - cx) * (ax - cx) + (ay - cy) * (ay - cy) + (az - cz) * (az - cz);
  // u, v: the two shorter edges, from the corner between them; uv: the product of their squared lengths.
  let ux: number, uy: number, uz: number, vx: number, vy: number, vz: number, uv: number;
  if (bc >= ab && bc >= ca) {
    ux = bx - ax; uy = by - ay; uz = bz - az; vx = cx - ax; vy = cy - ay; vz = cz - az; uv = ab * ca;
  } else if (ca >= ab) {
    ux = cx - bx; uy = cy - by; uz = cz - bz; vx = ax - bx; vy = ay - by; vz = az - bz; uv = bc * ab;
  } else {
    ux = ax - cx; uy = ay - cy; uz = az - cz; vx = bx - cx; vy = by - cy; vz = bz - cz; uv = ca * bc;
  }
  let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  let l2 = nx * nx + ny * ny + nz * nz;
  if (l2 < HULL_THIN_TRIANGLE * uv) {
    // A needle: the edges are nearly parallel and each product of the cross product carries roundoff of
    // |u||v|ε, most of what is left. Its exact products (Dekker's two-product) keep the digits.
    nx = crossTerm(uy, vz, uz, vy);
    ny = crossTerm(uz, vx, ux, vz);
    nz = crossTerm(ux, vy, uy, vx);
    l2 = nx * nx + ny * ny + nz * nz;
  }
  const l = Math.sqrt(l2);
  if (l > 0) {
    nx /= l; ny /= l; nz /= l;
  }
  out[o] = nx;
  out[o + 1] = ny;
  out[o + 2] = nz;
  out[o + 3] = (nx * (ax + bx + cx) + ny * (ay + by + cy) + nz * (az + bz + cz)) / 3;
}

// trianglePlane's HULL_THIN_TRIANGLE (tolerance.ts): on a needle 1e-9 high and 3 long (three lattice
// points in a row, perturbed) the plain cross product put its corners 1e-13 off its plane, over the
// HULL_FACE_FLATNESS · ε that packTriangles allows, and every tolerance step failed until the solid was
// flatter than the tolerance.

/** Veltkamp's splitter for doubles: 2²⁷ + 1. */
const SPLITTER = 134217729;

/**
 * a·b − c·d with the two products exact (Dekker 1971: each product as the sum of its rounded value and
 * its rounding error, both doubles), so that their difference loses nothing to cancellation but the
 * final rounding and the error terms' own (relative 2⁻⁵³ of the products, not of the difference).
 * Exact while the products neither underflow (below about 2⁻⁹⁶⁹) nor overflow. Exported for its test
 * (cross-term.test.ts, against exact BigInt arithmetic), not from the package.
 */
export function crossTerm(a: number, b: number, c: number, d: number): number {
  const p = a * b, q = c * d;
  let t = SPLITTER * a;
  const ah = t - (t - a), al = a - ah;
  t = SPLITTER * b;
  const bh = t - (t - b), bl = b - bh;
  t = SPLITTER * c;
  const ch = t - (t - c), cl = c - ch;
  t = SPLITTER * d;
  const dh = t - (t - d), dl = d - dh;
  const ep = ah * bh - p + ah * bl + al * bh + al * bl;
  const eq = ch * dh - q + ch * dl + cl * dh + cl * dl;
  return (p - q) + (ep - eq);
}

/**
 * Writes into `out[0 .. 3)` the unit normal of the polygon with corners `corners[0 .. m)` (indices into
 * `p`, counter-clockwise about it) and returns true; false when it has no area (`out` then holds no
 * normal). A
 * triangle takes trianglePlane's normal, as the faces of a build do; more corners, Newell's normal (the
 * best-fit plane) from coordinates relative to their centroid. From raw coordinates, a sliver (two
 * corners 3e-5 apart, the third 8 away) lost its normal to cancellation and had a corner 3.5e-11 off
 * its plane.
 */
export function polygonNormal(p: Float64Array, corners: ArrayLike<number>, m: number, out: Float64Array): boolean {
  let gx = 0, gy = 0, gz = 0;
  if (m === 3) {
    trianglePlane(p, corners[0], corners[1], corners[2], out, 0);
    gx = out[0]; gy = out[1]; gz = out[2];
    return gx !== 0 || gy !== 0 || gz !== 0;
  }
  let ox = 0, oy = 0, oz = 0;
  for (let k = 0; k < m; k++) {
    ox += p[3 * corners[k]]; oy += p[3 * corners[k] + 1]; oz += p[3 * corners[k] + 2];
  }
  ox /= m; oy /= m; oz /= m;
  for (let k = 0; k < m; k++) {
    const a = 3 * corners[k], b = 3 * corners[k + 1 === m ? 0 : k + 1];
    const ay = p[a + 1] - oy, az = p[a + 2] - oz, ax = p[a] - ox;
    const by = p[b + 1] - oy, bz = p[b + 2] - oz, bx = p[b] - ox;
    gx += (ay - by) * (az + bz);
    gy += (az - bz) * (ax + bx);
    gz += (ax - bx) * (ay + by);
  }
  const gl = Math.sqrt(gx * gx + gy * gy + gz * gz);
  if (!(gl > 0)) return false;
  out[0] = gx / gl; out[1] = gy / gl; out[2] = gz / gl;
  return true;
}
