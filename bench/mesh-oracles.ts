/**
 * Brute-force float64 references for the mesh benchmark: every triangle of the mesh is tested (a
 * triangle is skipped only when its bounding box alone proves it cannot beat the best answer so far), so
 * the answers share no code and no hierarchy with any library under test.
 *
 * - point: the closest point on a triangle by its Voronoi regions (Ericson, Real-Time Collision Detection
 *   §5.1.5), least distance over triangles;
 * - ray: Möller–Trumbore, two-sided, least t ≥ 0 over triangles (NaN: no hit);
 * - box: the separating-axis test on the 13 axes of a box and a triangle (3 box axes, the triangle's
 *   normal, the 9 cross products of their edges), whose least overlap is the penetration depth (the
 *   Minkowski difference's faces have their normals among these axes); when an axis separates them, the
 *   distance is the least over the feature pairs that can hold it (box vertex–triangle, triangle vertex–box,
 *   box edge–triangle edge: Ericson §5.1.9, bench/oracles.ts's segment distance). The box's answer is
 *   the least signed separation over triangles (minus the deepest overlap, else the distance).
 *
 * (The point–triangle distance is written out on flat arrays here, not bench/oracles.ts's on tuples: it
 * runs for every triangle of a 1M mesh per query.)
 */
import { segmentSegmentDistanceSq, type V3 } from './oracles.js';

export class MeshOracle {
  readonly v: Float64Array;
  readonly tri: Uint32Array;
  readonly boxes: Float64Array;
  readonly n: number;

  constructor(positions: Float32Array, index: ArrayLike<number>) {
    this.v = Float64Array.from(positions);
    this.tri = Uint32Array.from(index);
    this.n = this.tri.length / 3;
    this.boxes = new Float64Array(6 * this.n);
    const v = this.v, t = this.tri, b = this.boxes;
    for (let i = 0; i < this.n; i++) {
      for (let k = 0; k < 3; k++) {
        const x = v[3 * t[3 * i] + k], y = v[3 * t[3 * i + 1] + k], z = v[3 * t[3 * i + 2] + k];
        b[6 * i + k] = Math.min(x, y, z);
        b[6 * i + 3 + k] = Math.max(x, y, z);
      }
    }
  }

  /** Distance from (px, py, pz) to the surface. */
  pointDistance(px: number, py: number, pz: number): number {
    const b = this.boxes;
    let best = Infinity;
    for (let i = 0; i < this.n; i++) {
      const o = 6 * i;
      const gx = Math.max(b[o] - px, px - b[o + 3], 0), gy = Math.max(b[o + 1] - py, py - b[o + 4], 0), gz = Math.max(b[o + 2] - pz, pz - b[o + 5], 0);
      if (gx * gx + gy * gy + gz * gz >= best) continue;
      const d = pointTriangleDist2(px, py, pz, this.v, 3 * this.tri[3 * i], 3 * this.tri[3 * i + 1], 3 * this.tri[3 * i + 2]);
      if (d < best) best = d;
    }
    return Math.sqrt(best);
  }

  /** The least t ≥ 0 at which o + t·d meets a triangle, NaN for none. */
  rayT(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number): number {
    const b = this.boxes, v = this.v, t = this.tri;
    let best = Infinity;
    for (let i = 0; i < this.n; i++) {
      const o = 6 * i;
      // Slab test of the triangle's box against [0, best].
      let near = 0, far = best, miss = false;
      for (let k = 0; k < 3 && !miss; k++) {
        const ok = k === 0 ? ox : k === 1 ? oy : oz, dk = k === 0 ? dx : k === 1 ? dy : dz;
        if (dk === 0) { if (ok < b[o + k] || ok > b[o + 3 + k]) miss = true; continue; }
        let t1 = (b[o + k] - ok) / dk, t2 = (b[o + 3 + k] - ok) / dk;
        if (t1 > t2) { const s = t1; t1 = t2; t2 = s; }
        if (t1 > near) near = t1;
        if (t2 < far) far = t2;
        if (near > far) miss = true;
      }
      if (miss) continue;
      const a = 3 * t[3 * i], bb = 3 * t[3 * i + 1], c = 3 * t[3 * i + 2];
      const e1x = v[bb] - v[a], e1y = v[bb + 1] - v[a + 1], e1z = v[bb + 2] - v[a + 2];
      const e2x = v[c] - v[a], e2y = v[c + 1] - v[a + 1], e2z = v[c + 2] - v[a + 2];
      const px = dy * e2z - dz * e2y, py = dz * e2x - dx * e2z, pz = dx * e2y - dy * e2x;
      const det = e1x * px + e1y * py + e1z * pz;
      if (det === 0) continue;
      const inv = 1 / det;
      const tx = ox - v[a], ty = oy - v[a + 1], tz = oz - v[a + 2];
      const u = (tx * px + ty * py + tz * pz) * inv;
      if (u < 0 || u > 1) continue;
      const qx = ty * e1z - tz * e1y, qy = tz * e1x - tx * e1z, qz = tx * e1y - ty * e1x;
      const w = (dx * qx + dy * qy + dz * qz) * inv;
      if (w < 0 || u + w > 1) continue;
      const hit = (e2x * qx + e2y * qy + e2z * qz) * inv;
      if (hit >= 0 && hit < best) best = hit;
    }
    return best < Infinity ? best : NaN;
  }

  /**
   * The least signed separation between the box (centre, rotation x y z w, half extents) and a triangle:
   * minus the deepest overlap, else the distance; NaN when it is above `maxSeparation`.
   */
  boxSeparation(c: ArrayLike<number>, q: ArrayLike<number>, h: ArrayLike<number>, maxSeparation = Infinity): number {
    const x = q[0], y = q[1], z = q[2], w = q[3];
    // Rotation matrix (columns: the box's axes in the mesh's frame).
    const r = [
      1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w),
      2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
      2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y),
    ];
    const lo = [0, 0, 0], hi = [0, 0, 0];
    for (let k = 0; k < 3; k++) {
      const e = Math.abs(r[3 * k]) * h[0] + Math.abs(r[3 * k + 1]) * h[1] + Math.abs(r[3 * k + 2]) * h[2];
      lo[k] = c[k] - e; hi[k] = c[k] + e;
    }
    const b = this.boxes, v = this.v, t = this.tri;
    const local = new Float64Array(9);
    let best = Infinity;
    for (let i = 0; i < this.n; i++) {
      const o = 6 * i;
      const gx = Math.max(b[o] - hi[0], lo[0] - b[o + 3], 0), gy = Math.max(b[o + 1] - hi[1], lo[1] - b[o + 4], 0), gz = Math.max(b[o + 2] - hi[2], lo[2] - b[o + 5], 0);
      const bound = Math.max(Math.min(best, maxSeparation), 0);
      if (gx * gx + gy * gy + gz * gz > bound * bound) continue;
      for (let j = 0; j < 3; j++) {
        const p = 3 * t[3 * i + j];
        const dx = v[p] - c[0], dy = v[p + 1] - c[1], dz = v[p + 2] - c[2];
        // Rᵀ (p − c).
        local[3 * j] = r[0] * dx + r[3] * dy + r[6] * dz;
        local[3 * j + 1] = r[1] * dx + r[4] * dy + r[7] * dz;
        local[3 * j + 2] = r[2] * dx + r[5] * dy + r[8] * dz;
      }
      const s = boxTriangleSeparation(h, local);
      if (s < best) best = s;
    }
    return best <= maxSeparation ? best : NaN;
  }
}

/** Squared distance from p to triangle (a, b, c) at offsets a, b, c of v (Ericson §5.1.5). */
export function pointTriangleDist2(px: number, py: number, pz: number, v: ArrayLike<number>, a: number, b: number, c: number): number {
  const ax = v[a], ay = v[a + 1], az = v[a + 2];
  const abx = v[b] - ax, aby = v[b + 1] - ay, abz = v[b + 2] - az;
  const acx = v[c] - ax, acy = v[c + 1] - ay, acz = v[c + 2] - az;
  const apx = px - ax, apy = py - ay, apz = pz - az;
  const d1 = abx * apx + aby * apy + abz * apz, d2 = acx * apx + acy * apy + acz * apz;
  if (d1 <= 0 && d2 <= 0) return dist2(px, py, pz, ax, ay, az);
  const bpx = px - v[b], bpy = py - v[b + 1], bpz = pz - v[b + 2];
  const d3 = abx * bpx + aby * bpy + abz * bpz, d4 = acx * bpx + acy * bpy + acz * bpz;
  if (d3 >= 0 && d4 <= d3) return dist2(px, py, pz, v[b], v[b + 1], v[b + 2]);
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    const s = d1 / (d1 - d3);
    return dist2(px, py, pz, ax + s * abx, ay + s * aby, az + s * abz);
  }
  const cpx = px - v[c], cpy = py - v[c + 1], cpz = pz - v[c + 2];
  const d5 = abx * cpx + aby * cpy + abz * cpz, d6 = acx * cpx + acy * cpy + acz * cpz;
  if (d6 >= 0 && d5 <= d6) return dist2(px, py, pz, v[c], v[c + 1], v[c + 2]);
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    const s = d2 / (d2 - d6);
    return dist2(px, py, pz, ax + s * acx, ay + s * acy, az + s * acz);
  }
  const va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    const s = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    const bx = v[b], by = v[b + 1], bz = v[b + 2];
    return dist2(px, py, pz, bx + s * (v[c] - bx), by + s * (v[c + 1] - by), bz + s * (v[c + 2] - bz));
  }
  // Inside the face: the distance to the plane, which rounds better than the difference of two points.
  const nx = aby * acz - abz * acy, ny = abz * acx - abx * acz, nz = abx * acy - aby * acx;
  const d = (apx * nx + apy * ny + apz * nz);
  return (d * d) / (nx * nx + ny * ny + nz * nz);
}

function dist2(ax: number, ay: number, az: number, bx: number, by: number, bz: number): number {
  const x = ax - bx, y = ay - by, z = az - bz;
  return x * x + y * y + z * z;
}

/**
 * Signed separation of the box [−h, h] and the triangle whose vertices (box frame) are `p` (9 numbers):
 * minus the least overlap over the 13 axes when none separates, else the distance.
 */
export function boxTriangleSeparation(h: ArrayLike<number>, p: Float64Array): number {
  const f = [
    [p[3] - p[0], p[4] - p[1], p[5] - p[2]],
    [p[6] - p[3], p[7] - p[4], p[8] - p[5]],
    [p[0] - p[6], p[1] - p[7], p[2] - p[8]],
  ];
  const axes: number[][] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  const n = [f[0][1] * f[1][2] - f[0][2] * f[1][1], f[0][2] * f[1][0] - f[0][0] * f[1][2], f[0][0] * f[1][1] - f[0][1] * f[1][0]];
  axes.push(n);
  for (let k = 0; k < 3; k++) {
    for (let j = 0; j < 3; j++) {
      const e = [0, 0, 0];
      e[k] = 1;
      const l = [e[1] * f[j][2] - e[2] * f[j][1], e[2] * f[j][0] - e[0] * f[j][2], e[0] * f[j][1] - e[1] * f[j][0]];
      const f2 = f[j][0] * f[j][0] + f[j][1] * f[j][1] + f[j][2] * f[j][2];
      // Edges (nearly) parallel: not a face of the Minkowski difference, and its direction is noise.
      if (l[0] * l[0] + l[1] * l[1] + l[2] * l[2] <= 1e-20 * f2) continue;
      axes.push(l);
    }
  }
  let depth = Infinity, separated = false;
  for (const l of axes) {
    const len = Math.hypot(l[0], l[1], l[2]);
    if (len === 0) continue;
    const rad = h[0] * Math.abs(l[0]) + h[1] * Math.abs(l[1]) + h[2] * Math.abs(l[2]);
    const s0 = l[0] * p[0] + l[1] * p[1] + l[2] * p[2], s1 = l[0] * p[3] + l[1] * p[4] + l[2] * p[5], s2 = l[0] * p[6] + l[1] * p[7] + l[2] * p[8];
    const overlap = Math.min(rad - Math.min(s0, s1, s2), Math.max(s0, s1, s2) + rad) / len;
    if (overlap < 0) { separated = true; break; }
    if (overlap < depth) depth = overlap;
  }
  if (!separated) return -depth;
  let best = Infinity;
  const corner = (m: number): V3 => [m & 1 ? h[0] : -h[0], m & 2 ? h[1] : -h[1], m & 4 ? h[2] : -h[2]];
  for (let m = 0; m < 8; m++) {
    const q = corner(m);
    best = Math.min(best, pointTriangleDist2(q[0], q[1], q[2], p, 0, 3, 6));
  }
  for (let j = 0; j < 3; j++) {
    let s = 0;
    for (let k = 0; k < 3; k++) { const g = Math.max(Math.abs(p[3 * j + k]) - h[k], 0); s += g * g; }
    best = Math.min(best, s);
  }
  const tv: V3[] = [[p[0], p[1], p[2]], [p[3], p[4], p[5]], [p[6], p[7], p[8]]];
  for (let m = 0; m < 8; m++) {
    for (let k = 0; k < 3; k++) {
      if (m & (1 << k)) continue; // each box edge once: from a corner with bit k clear to the one with it set
      const a = corner(m), b = corner(m | (1 << k));
      for (let j = 0; j < 3; j++) best = Math.min(best, segmentSegmentDistanceSq(a, b, tv[j], tv[(j + 1) % 3]));
    }
  }
  return Math.sqrt(best);
}
