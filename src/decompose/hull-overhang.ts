/**
 * How far a part's hull stands out of the solid (decompose/): the outward half of the Hausdorff distance
 * between a hull's boundary and the solid's (CoACD's H_b, Wei et al. 2022, §4, takes both halves; the
 * acceptance's "outward" measure). A ring cut from a bowl has a disk for a hull: the ring's surface lies
 * within the slab's thinness of the disk's faces (the inward half sees nothing) and the disk's excess volume
 * is small, yet the disk's middle stands a radius off the bowl.
 *
 * Measured at points: the hull's faces' centres, its edges' middles and samples of its faces by area, each one's distance out
 * of the solid (solid-distance.ts: 0 inside, so a hull face over a cut's cap costs nothing). Not at its
 * vertices: each is a vertex of the part, on the solid's surface or a cut's cap, so 0.
 * Between samples the overhang can read low by at most the samples' spacing, which the decomposition's
 * target allows for (decompose.ts).
 */
import type { Hull } from '../hull/hull.js';
import { seededRandom } from './concavity.js';
import type { SolidDistance } from './solid-distance.js';

/**
 * The largest distance out of the solid of `hull`'s faces' centres and about `count` samples
 * of its faces (by area), or `reach` as soon as one is that far (the caller's decisions need no more);
 * the farthest point into `witness` when given (untouched when no point is outside).
 */
export function hullOverhang(hull: Hull, solid: SolidDistance, count: number, seed: number, reach: number, witness?: Float64Array): number {
  const v = hull.vertices, rnd = seededRandom(seed);
  let total = 0;
  for (let f = 0; f < hull.faceCount; f++) total += faceArea(hull, f);
  let worst = 0;
  const visit = (x: number, y: number, z: number): void => {
    const d = solid.outsideDistance(x, y, z, worst);
    if (!(d > worst)) return;
    worst = d;
    if (witness !== undefined) { witness[0] = x; witness[1] = y; witness[2] = z; }
  };
  for (let f = 0; f < hull.faceCount && worst < reach; f++) {
    const s = hull.faceStart[f], e = hull.faceStart[f + 1], a = 3 * hull.faceIndices[s];
    let cx = 0, cy = 0, cz = 0;
    for (let k = s; k < e; k++) { const o = 3 * hull.faceIndices[k]; cx += v[o]; cy += v[o + 1]; cz += v[o + 2]; }
    visit(cx / (e - s), cy / (e - s), cz / (e - s));
    // Each edge's middle, once (from the face where it runs from the lower vertex index): an edge bridging a
    // notch stands out most along its length, where few area samples fall on a thin face.
    for (let k = s; k < e; k++) {
      const i = hull.faceIndices[k], j = hull.faceIndices[k + 1 === e ? s : k + 1];
      if (i < j) visit(0.5 * v[3 * i] + 0.5 * v[3 * j], 0.5 * v[3 * i + 1] + 0.5 * v[3 * j + 1], 0.5 * v[3 * i + 2] + 0.5 * v[3 * j + 2]);
    }
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
