/**
 * Hulls of inputs of lower dimension: all points within ε of one point, of one line, or of one plane
 * (a convex polygon, listed once per side).
 */
import { HullResult, type Hull } from './hull.js';
import { polygonNormal } from './face-plane.js';

/** Scratch plane of polygonHull (see polygonNormal). */
const POLYGON_PLANE = new Float64Array(4);

export function pointHull(p: Float64Array, eps: number): Hull {
  return new HullResult(0, Float64Array.of(p[0], p[1], p[2]), Int32Array.of(0), Int32Array.of(0), new Int32Array(0),
    new Float64Array(0), new Float64Array(0), Int32Array.of(0, 0), new Int32Array(0), eps);
}

export function segmentHull(p: Float64Array, n: number, ux: number, uy: number, uz: number, eps: number): Hull {
  let lo = 0, hi = 0, loD = Infinity, hiD = -Infinity;
  for (let i = 0; i < n; i++) {
    const d = ux * p[3 * i] + uy * p[3 * i + 1] + uz * p[3 * i + 2];
    if (d < loD) { loD = d; lo = i; }
    if (d > hiD) { hiD = d; hi = i; }
  }
  const i0 = Math.min(lo, hi), i1 = Math.max(lo, hi);
  const vertices = Float64Array.of(p[3 * i0], p[3 * i0 + 1], p[3 * i0 + 2], p[3 * i1], p[3 * i1 + 1], p[3 * i1 + 2]);
  return new HullResult(1, vertices, Int32Array.of(i0, i1), Int32Array.of(0), new Int32Array(0), new Float64Array(0),
    new Float64Array(0), Int32Array.of(0, 1, 2), Int32Array.of(1, 0), eps);
}

/**
 * 2D hull of points within ε of the plane through point `ia` with unit normal n, by Andrew's monotone
 * chain in the in-plane basis (u, n × u). Corners closer than ε to the chord of their neighbours are
 * dropped, so the polygon is strictly convex.
 */
export function polygonHull(
  p: Float64Array, n: number, ia: number, nx: number, ny: number, nz: number, ux: number, uy: number, uz: number,
  eps: number,
): Hull {
  const vx = ny * uz - nz * uy, vy = nz * ux - nx * uz, vz = nx * uy - ny * ux;
  const ox = p[3 * ia], oy = p[3 * ia + 1], oz = p[3 * ia + 2];
  const s = new Float64Array(n), t = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const wx = p[3 * i] - ox, wy = p[3 * i + 1] - oy, wz = p[3 * i + 2] - oz;
    s[i] = wx * ux + wy * uy + wz * uz;
    t[i] = wx * vx + wy * vy + wz * vz;
  }
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((i, j) => s[i] - s[j] || t[i] - t[j] || i - j);
  // A turn o → a → b is kept when a is more than ε to the left of the chord o → b.
  const left = (o: number, a: number, b: number): boolean => {
    const cx = s[b] - s[o], cy = t[b] - t[o];
    const cross = cx * (t[a] - t[o]) - cy * (s[a] - s[o]);
    return cross > eps * Math.sqrt(cx * cx + cy * cy);
  };
  const hull: number[] = [];
  for (let k = 0; k < n; k++) {
    const i = order[k];
    while (hull.length >= 2 && !left(hull[hull.length - 2], hull[hull.length - 1], i)) hull.pop();
    hull.push(i);
  }
  const lowerLen = hull.length;
  for (let k = n - 2; k >= 0; k--) {
    const i = order[k];
    while (hull.length > lowerLen && !left(hull[hull.length - 2], hull[hull.length - 1], i)) hull.pop();
    hull.push(i);
  }
  hull.pop(); // the first point again
  // Drop a last corner that became straight against the start (the chain does not re-check it).
  while (hull.length > 3 && !left(hull[hull.length - 1], hull[0], hull[1])) hull.shift();
  while (hull.length > 3 && !left(hull[hull.length - 2], hull[hull.length - 1], hull[0])) hull.pop();
  // Vertices in input order; the polygon once counter-clockwise about n, once about −n.
  const m = hull.length;
  const sorted = hull.slice().sort((i, j) => i - j);
  const remap = new Map<number, number>();
  sorted.forEach((i, k) => remap.set(i, k));
  const vertices = new Float64Array(3 * m);
  for (let k = 0; k < m; k++) {
    const i = sorted[k];
    vertices[3 * k] = p[3 * i];
    vertices[3 * k + 1] = p[3 * i + 1];
    vertices[3 * k + 2] = p[3 * i + 2];
  }
  const faceIndices = new Int32Array(2 * m);
  for (let k = 0; k < m; k++) {
    faceIndices[k] = remap.get(hull[k])!;
    faceIndices[m + k] = remap.get(hull[m - 1 - k])!;
  }
  // (No area cannot happen for three or more strict corners; the plane found by expand stands in.)
  const area = polygonNormal(p, hull, m, POLYGON_PLANE);
  const gx = area ? POLYGON_PLANE[0] : nx, gy = area ? POLYGON_PLANE[1] : ny, gz = area ? POLYGON_PLANE[2] : nz;
  let hi = -Infinity, lo = Infinity;
  for (let k = 0; k < m; k++) {
    const d = gx * vertices[3 * k] + gy * vertices[3 * k + 1] + gz * vertices[3 * k + 2];
    if (d > hi) hi = d;
    if (d < lo) lo = d;
  }
  const faceNormals = Float64Array.of(gx, gy, gz, -gx, -gy, -gz);
  const neighborStart = new Int32Array(m + 1);
  const neighborIndices = new Int32Array(2 * m);
  for (let k = 0; k < m; k++) {
    const v = faceIndices[k];
    neighborIndices[2 * v] = faceIndices[(k + m - 1) % m];
    neighborIndices[2 * v + 1] = faceIndices[(k + 1) % m];
  }
  for (let v = 0; v <= m; v++) neighborStart[v] = 2 * v;
  return new HullResult(2, vertices, Int32Array.from(sorted), Int32Array.of(0, m, 2 * m), faceIndices, faceNormals,
    Float64Array.of(hi, -lo), neighborStart, neighborIndices, eps);
}
