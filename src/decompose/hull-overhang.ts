/**
 * How far a part's hull stands off the part (decompose/): the outward half of the Hausdorff distance
 * between the hull's boundary and the part's (CoACD's H_b, Wei et al. 2022, §4, takes both halves). A ring
 * cut from a bowl has a disk for a hull: its surface lies within the slab's thinness of the hull's faces
 * (the inward half sees nothing), and the disk's excess volume is small, yet the disk's middle stands a
 * radius off the ring. Points of a hull outside its part are outside the whole solid when the part is the
 * solid within a convex cell of cuts (the hull lies in the cell), so this distance is the hull's overhang
 * out of the solid, which the decomposition's concavity bounds.
 *
 * Measured between points: the hull's faces sampled by area (and their centres), each sample's distance to
 * the nearest point of a lattice over the part's whole surface (its caps too: a hull face over a cap is no
 * overhang), each triangle cut into sub-triangles no longer than `spacing` a side, so every surface point
 * is within `spacing` of a lattice point: the distance reads high by at most that, never low. The lattice
 * lies in a grid of cells `spacing` wide, and a search looks no farther than `reach`: past it, it answers
 * `reach` (the decomposition only asks whether the overhang is within its target).
 */
import type { Hull } from '../hull/hull.js';
import { seededRandom } from './concavity.js';
import type { PartMesh } from './part-mesh.js';

/**
 * Lattice points of a part's surface bucketed in a grid of cubic cells: only the cells that hold points are
 * stored (their ids sorted, each with its run of points), so the memory follows the points, not the box.
 */
export class SurfaceGrid {
  /** The points sorted by cell, three numbers each. */
  readonly points: Float64Array;
  /** The ids of the cells that hold points, increasing, and where each one's points start (one more entry: the end). */
  readonly cellIds: Float64Array;
  readonly start: Int32Array;
  readonly origin: Float64Array;
  readonly dims: Float64Array;

  constructor(part: PartMesh, readonly spacing: number) {
    const p = part.positions, t = part.indices, b = part.bounds(new Float64Array(6));
    this.origin = Float64Array.of(b[0], b[1], b[2]);
    const dims = Float64Array.of(0, 0, 0);
    for (let k = 0; k < 3; k++) dims[k] = Math.max(1, Math.ceil((b[3 + k] - b[k]) / spacing) + 1);
    this.dims = dims;
    const raw: number[] = [];
    for (let k = 0; k < part.triangles; k++) lattice(p, 3 * t[3 * k], 3 * t[3 * k + 1], 3 * t[3 * k + 2], spacing, raw);
    // The points sorted by cell id (ties by index: deterministic), then the runs of each cell.
    const n = raw.length / 3, cellOf = new Float64Array(n), order = new Int32Array(n);
    for (let i = 0; i < n; i++) { cellOf[i] = this.cell(raw[3 * i], raw[3 * i + 1], raw[3 * i + 2]); order[i] = i; }
    order.sort((x, y) => cellOf[x] - cellOf[y] || x - y);
    const points = new Float64Array(3 * n), ids: number[] = [], start: number[] = [];
    for (let r = 0; r < n; r++) {
      const i = order[r];
      points[3 * r] = raw[3 * i]; points[3 * r + 1] = raw[3 * i + 1]; points[3 * r + 2] = raw[3 * i + 2];
      if (r === 0 || cellOf[i] !== cellOf[order[r - 1]]) { ids.push(cellOf[i]); start.push(r); }
    }
    start.push(n);
    this.points = points; this.cellIds = Float64Array.from(ids); this.start = Int32Array.from(start);
  }

  /** The run of cell `id` (its index among the stored cells), or −1. */
  private find(id: number): number {
    const c = this.cellIds;
    let lo = 0, hi = c.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (c[mid] < id) lo = mid + 1; else if (c[mid] > id) hi = mid - 1; else return mid;
    }
    return -1;
  }

  private cell(x: number, y: number, z: number): number {
    const d = this.dims, h = this.spacing, o = this.origin;
    const i = clamp(Math.floor((x - o[0]) / h), d[0]), j = clamp(Math.floor((y - o[1]) / h), d[1]), k = clamp(Math.floor((z - o[2]) / h), d[2]);
    return (k * d[1] + j) * d[0] + i;
  }

  /** The squared distance from (x, y, z) to the nearest point, or `reach`² when none is within `reach`; stops at the first within `enough`. */
  nearestSq(x: number, y: number, z: number, reach: number, enough: number): number {
    const d = this.dims, h = this.spacing, o = this.origin, P = this.points, S = this.start;
    if (P.length === 0) return reach * reach;
    const ci = Math.floor((x - o[0]) / h), cj = Math.floor((y - o[1]) / h), ck = Math.floor((z - o[2]) / h);
    const rings = Math.ceil(reach / h) + 1, enoughSq = enough * enough;
    let best = reach * reach;
    for (let r = 0; r <= rings; r++) {
      // Cells at Chebyshev distance r; none nearer than (r − 1)·h can hold a point nearer than the best.
      if (r > 1 && (r - 1) * h * ((r - 1) * h) >= best) break;
      for (let k = ck - r; k <= ck + r; k++) {
        if (k < 0 || k >= d[2]) continue;
        for (let j = cj - r; j <= cj + r; j++) {
          if (j < 0 || j >= d[1]) continue;
          const onShell = k === ck - r || k === ck + r || j === cj - r || j === cj + r;
          for (let i = ci - r; i <= ci + r; i += onShell ? 1 : 2 * r || 1) {
            if (i < 0 || i >= d[0]) continue;
            const c = this.find((k * d[1] + j) * d[0] + i);
            if (c < 0) continue;
            for (let q = 3 * S[c]; q < 3 * S[c + 1]; q += 3) {
              const dx = P[q] - x, dy = P[q + 1] - y, dz = P[q + 2] - z, e = dx * dx + dy * dy + dz * dz;
              if (e < best) { best = e; if (best <= enoughSq) return best; }
            }
          }
        }
      }
    }
    return best;
  }
}

function clamp(i: number, n: number): number {
  return i < 0 ? 0 : i >= n ? n - 1 : i;
}

/** Lattice points of triangle a b c: its sides cut into m equal steps (m·spacing ≥ the longest side). */
function lattice(p: ArrayLike<number>, a: number, b: number, c: number, spacing: number, out: number[]): void {
  const longest = Math.max(dist(p, a, b), dist(p, b, c), dist(p, c, a));
  const m = Math.max(1, Math.ceil(longest / spacing));
  for (let i = 0; i <= m; i++) {
    for (let j = 0; i + j <= m; j++) {
      const u = i / m, v = j / m;
      out.push(p[a] + u * (p[b] - p[a]) + v * (p[c] - p[a]), p[a + 1] + u * (p[b + 1] - p[a + 1]) + v * (p[c + 1] - p[a + 1]), p[a + 2] + u * (p[b + 2] - p[a + 2]) + v * (p[c + 2] - p[a + 2]));
    }
  }
}

function dist(p: ArrayLike<number>, a: number, b: number): number {
  return Math.hypot(p[b] - p[a], p[b + 1] - p[a + 1], p[b + 2] - p[a + 2]);
}

/**
 * The largest distance from about `count` samples of `hull`'s faces (and its faces' centres) to the
 * nearest lattice point of any of `grids`, capped at `reach`.
 */
export function hullOverhang(hull: Hull, grids: readonly SurfaceGrid[], count: number, seed: number, reach: number): number {
  const v = hull.vertices, rnd = seededRandom(seed);
  let total = 0;
  for (let f = 0; f < hull.faceCount; f++) total += faceArea(hull, f);
  let worst = 0;
  const visit = (x: number, y: number, z: number): void => {
    let least = reach * reach;
    for (const g of grids) least = Math.min(least, g.nearestSq(x, y, z, reach, worst));
    if (least > worst * worst) worst = Math.sqrt(least);
  };
  for (let f = 0; f < hull.faceCount && worst < reach; f++) {
    const s = hull.faceStart[f], e = hull.faceStart[f + 1], a = 3 * hull.faceIndices[s];
    let cx = 0, cy = 0, cz = 0;
    for (let k = s; k < e; k++) { const o = 3 * hull.faceIndices[k]; cx += v[o]; cy += v[o + 1]; cz += v[o + 2]; }
    visit(cx / (e - s), cy / (e - s), cz / (e - s));
    for (let k = s + 1; k + 1 < e; k++) {
      const b = 3 * hull.faceIndices[k], c = 3 * hull.faceIndices[k + 1];
      const want = Math.round((count * triangleArea(v, a, b, c)) / total);
      for (let j = 0; j < want; j++) {
        let r1 = rnd(), r2 = rnd();
        if (r1 + r2 > 1) { r1 = 1 - r1; r2 = 1 - r2; }
        visit(v[a] + r1 * (v[b] - v[a]) + r2 * (v[c] - v[a]), v[a + 1] + r1 * (v[b + 1] - v[a + 1]) + r2 * (v[c + 1] - v[a + 1]), v[a + 2] + r1 * (v[b + 2] - v[a + 2]) + r2 * (v[c + 2] - v[a + 2]));
      }
    }
  }
  return worst;
}

function triangleArea(p: ArrayLike<number>, a: number, b: number, c: number): number {
  const ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2], vx = p[c] - p[a], vy = p[c + 1] - p[a + 1], vz = p[c + 2] - p[a + 2];
  return Math.sqrt((uy * vz - uz * vy) ** 2 + (uz * vx - ux * vz) ** 2 + (ux * vy - uy * vx) ** 2) / 2;
}

function faceArea(h: Hull, f: number): number {
  const s = h.faceStart[f], e = h.faceStart[f + 1], a = 3 * h.faceIndices[s];
  let sum = 0;
  for (let k = s + 1; k + 1 < e; k++) sum += triangleArea(h.vertices, a, 3 * h.faceIndices[k], 3 * h.faceIndices[k + 1]);
  return sum;
}
