/**
 * A part's convex hull and the volumes a decomposition weighs (decompose/): the hull of the vertices its
 * triangles use (the library's quickhull, hull/build-hull.ts), the hull's volume (its faces as fans from
 * their first vertex, tetrahedra to a point inside), and the part's own.
 */
import { buildHullFromCoords } from '../hull/build-hull.js';
import type { Hull } from '../hull/hull.js';
import type { PartMesh } from './part-mesh.js';

/** A part with its hull: the hull (null when the part is flat: no solid hull), its volume and the part's. */
export interface HulledPart {
  part: PartMesh;
  hull: Hull | null;
  hullVolume: number;
  volume: number;
}

/** `part` with its hull and volumes. */
export function hullPart(part: PartMesh): HulledPart {
  const used = new Uint8Array(part.count), t = part.indices, p = part.positions;
  let n = 0;
  for (let k = 0; k < 3 * part.triangles; k++) if (used[t[k]] === 0) { used[t[k]] = 1; n++; }
  const coords = new Float64Array(3 * n);
  let cx = 0, cy = 0, cz = 0;
  for (let i = 0, j = 0; i < part.count; i++) {
    if (used[i] === 0) continue;
    coords[j++] = p[3 * i]; coords[j++] = p[3 * i + 1]; coords[j++] = p[3 * i + 2];
    cx += p[3 * i]; cy += p[3 * i + 1]; cz += p[3 * i + 2];
  }
  cx /= n; cy /= n; cz /= n;
  const volume = part.volume(cx, cy, cz);
  let hull: Hull | null = null;
  try {
    hull = buildHullFromCoords(coords);
  } catch {
    hull = null; // (Too few points, or too flat even at the last tolerance step: a flat part.)
  }
  if (hull === null && Math.abs(volume) > 0) {
    // A part with volume whose hull the default tolerances could not settle: once more at a tolerance of
    // 1e-9 of its size (a crease that fine is no concavity); its caller refuses a part left without one.
    const b = part.bounds(new Float64Array(6)), size = Math.max(b[3] - b[0], b[4] - b[1], b[5] - b[2]);
    try { hull = buildHullFromCoords(coords, { tolerance: 1e-9 * size }); } catch { hull = null; }
  }
  if (hull === null || hull.dimension < 3) return { part, hull: null, hullVolume: 0, volume };
  return { part, hull, hullVolume: hullVolume(hull, cx, cy, cz), volume };
}

/** The volume of a solid hull: each face a fan of tetrahedra to (ox, oy, oz). */
export function hullVolume(h: Hull, ox: number, oy: number, oz: number): number {
  const v = h.vertices;
  let sum = 0;
  for (let f = 0; f < h.faceCount; f++) {
    const s = h.faceStart[f], e = h.faceStart[f + 1], a = 3 * h.faceIndices[s];
    const ax = v[a] - ox, ay = v[a + 1] - oy, az = v[a + 2] - oz;
    for (let k = s + 1; k + 1 < e; k++) {
      const b = 3 * h.faceIndices[k], c = 3 * h.faceIndices[k + 1];
      const bx = v[b] - ox, by = v[b + 1] - oy, bz = v[b + 2] - oz, qx = v[c] - ox, qy = v[c + 1] - oy, qz = v[c + 2] - oz;
      sum += ax * (by * qz - bz * qy) + ay * (bz * qx - bx * qz) + az * (bx * qy - by * qx);
    }
  }
  return sum / 6;
}
