/**
 * Where to cut a part (decompose/): candidate planes, each tried by cutting exactly (plane-clip.ts) and
 * hulling both sides, the one whose sides' hulls exceed their parts by the least volume kept.
 *
 * The candidates:
 *  - the three axis directions at `perAxis` offsets spread over the part's extent (kept 2 % in from its
 *    ends), as CoACD's search tries (Wei et al. 2022, §5) and V-HACD cuts (at the longest axis's middle);
 *  - the planes of the faces at the part's deepest concave (reflex) edges: cutting along a notch's own face
 *    separates an L, a U or a star exactly, which axis planes alone do only when the notch is axis-aligned
 *    (Chazelle 1984, "Convex partitions of polyhedra", cuts at reflex edges for the same reason).
 * The score is the sum of both sides' excess volumes (hull less part), the volume the cut takes out of the
 * hulls; a side's pieces (shells.ts) are hulled apart, as the decomposition will keep them.
 */
import type { Hull } from '../hull/hull.js';
import { PartMesh } from './part-mesh.js';
import { hullPart } from './part-hull.js';
import { clipByPlane } from './plane-clip.js';
import { splitShells } from './shells.js';

/** A plane n·x = d. */
export interface Plane { nx: number; ny: number; nz: number; d: number }

/** The best cut found: its plane and the pieces on its two sides. */
export interface Cut { plane: Plane; pieces: PartMesh[]; score: number }

/** Candidates are kept this fraction of the part's extent in from its ends (a sliver is no progress). */
const END_MARGIN = 0.02;
/** Reflex edges whose face planes are tried, the deepest first. */
const REFLEX_EDGES = 4;

/** The candidate planes of `part` (with hull `hull`, or null when flat). */
export function candidatePlanes(part: PartMesh, hull: Hull | null, perAxis: number): Plane[] {
  const out: Plane[] = [];
  const b = part.bounds(new Float64Array(6));
  for (let axis = 0; axis < 3; axis++) {
    const lo = b[axis], hi = b[3 + axis], span = hi - lo;
    if (!(span > 0)) continue;
    for (let k = 1; k <= perAxis; k++) {
      const f = END_MARGIN + ((1 - 2 * END_MARGIN) * k) / (perAxis + 1);
      out.push({ nx: axis === 0 ? 1 : 0, ny: axis === 1 ? 1 : 0, nz: axis === 2 ? 1 : 0, d: lo + f * span });
    }
  }
  if (hull !== null) for (const p of reflexPlanes(part, hull)) out.push(p);
  return out;
}

/**
 * The face planes at the part's deepest reflex edges of its own surface: an edge whose second triangle's
 * far corner lies above the first's plane; its depth, its middle's least distance in to the hull.
 */
function reflexPlanes(part: PartMesh, hull: Hull): Plane[] {
  const t = part.indices, p = part.positions, N = part.count;
  const firstOf = new Map<number, number>();
  const found: { depth: number; a: number; b: number }[] = [];
  for (let k = 0; k < part.triangles; k++) {
    if (part.cap[k] === 1) continue;
    for (let e = 0; e < 3; e++) {
      const a = t[3 * k + e], b = t[3 * k + (e + 1) % 3];
      const other = firstOf.get(b * N + a);
      if (other === undefined) { firstOf.set(a * N + b, k); continue; }
      // Triangles k (a → b) and other (b → a): reflex when other's far corner is above k's plane.
      const far = farCorner(t, other, a, b), n = normal(p, t, k);
      const o = 3 * t[3 * k];
      const above = n[0] * (p[3 * far] - p[o]) + n[1] * (p[3 * far + 1] - p[o + 1]) + n[2] * (p[3 * far + 2] - p[o + 2]);
      const len = Math.hypot(n[0], n[1], n[2]);
      if (!(above > 1e-9 * len * Math.hypot(p[3 * far] - p[o], p[3 * far + 1] - p[o + 1], p[3 * far + 2] - p[o + 2]))) continue;
      const mx = (p[3 * a] + p[3 * b]) / 2, my = (p[3 * a + 1] + p[3 * b + 1]) / 2, mz = (p[3 * a + 2] + p[3 * b + 2]) / 2;
      let depth = Infinity;
      for (let f = 0; f < hull.faceCount; f++) {
        const d = hull.faceOffsets[f] - (hull.faceNormals[3 * f] * mx + hull.faceNormals[3 * f + 1] * my + hull.faceNormals[3 * f + 2] * mz);
        if (d < depth) depth = d;
      }
      found.push({ depth, a: k, b: other });
    }
  }
  found.sort((x, y) => y.depth - x.depth || x.a - y.a || x.b - y.b);
  const out: Plane[] = [];
  for (let i = 0; i < Math.min(REFLEX_EDGES, found.length); i++) {
    for (const k of [found[i].a, found[i].b]) {
      const n = normal(p, t, k), len = Math.hypot(n[0], n[1], n[2]);
      if (!(len > 0)) continue;
      const nx = n[0] / len, ny = n[1] / len, nz = n[2] / len, o = 3 * t[3 * k];
      out.push({ nx, ny, nz, d: nx * p[o] + ny * p[o + 1] + nz * p[o + 2] });
    }
  }
  return out;
}

function farCorner(t: Int32Array, k: number, a: number, b: number): number {
  for (let e = 0; e < 3; e++) { const v = t[3 * k + e]; if (v !== a && v !== b) return v; }
  return t[3 * k];
}

function normal(p: Float64Array, t: Int32Array, k: number): [number, number, number] {
  const a = 3 * t[3 * k], b = 3 * t[3 * k + 1], c = 3 * t[3 * k + 2];
  const ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2], vx = p[c] - p[a], vy = p[c + 1] - p[a + 1], vz = p[c + 2] - p[a + 2];
  return [uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx];
}

/**
 * The best of `planes` for `part`: cut exactly, each side's pieces hulled, scored by the pieces' summed
 * excess volume (ties to the earlier candidate). Null when no candidate cuts the part in two.
 */
export function bestCut(part: PartMesh, planes: readonly Plane[]): Cut | null {
  let best: Cut | null = null;
  const below = new PartMesh(), above = new PartMesh();
  const whole = part.volume();
  for (const plane of planes) {
    if (!clipByPlane(part, plane.nx, plane.ny, plane.nz, plane.d, below, above)) continue;
    if (below.triangles === 0 || above.triangles === 0) continue;
    // (A side of next to no volume is a sliver, not progress.)
    const vb = below.volume(), va = above.volume();
    if (!(vb > 1e-6 * whole && va > 1e-6 * whole)) continue;
    let score = 0;
    const pieces: PartMesh[] = [];
    for (const side of [below, above]) {
      for (const piece of splitShells(side)) {
        const hp = hullPart(piece);
        score += Math.max(0, hp.hullVolume - hp.volume);
        pieces.push(piece);
      }
    }
    if (best === null || score < best.score) {
      // The sides are reused for the next candidate: the kept pieces are copies.
      best = { plane, pieces: pieces.map((m) => m.clone()), score };
    }
  }
  return best;
}
