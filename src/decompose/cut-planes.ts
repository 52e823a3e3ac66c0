/**
 * Where to cut a part (decompose/): candidate planes, each tried by cutting exactly (plane-clip.ts) and
 * hulling both sides, the one whose sides' hulls exceed their parts by the least volume kept.
 *
 * The candidates:
 *  - planes through the points where the part is most concave (its hull's farthest point out of the
 *    solid, its surface's deepest point in its hull) and through its middle, along the 13 directions of a
 *    26-DOP (CoACD's search tries axis planes only; the research memo's set C);
 *  - the three axis directions at `perAxis` offsets spread over the part's extent (kept 2 % in from its
 *    ends), as CoACD's search tries (Wei et al. 2022, §5) and V-HACD cuts (at the longest axis's middle);
 *  - the planes of the faces at the part's deepest concave (reflex) edges: cutting along a notch's own face
 *    separates an L, a U or a star exactly, which axis planes alone do only when the notch is axis-aligned
 *    (Chazelle 1984, "Convex partitions of polyhedra", cuts at reflex edges for the same reason).
 * The score is the sum of both sides' excess volumes (hull less part), the volume the cut takes out of the
 * hulls; a side's pieces (shells.ts) are hulled apart, as the decomposition will keep them.
 */
import { hypot3 } from '../math/exact-math.js';
import { DECOMPOSE_MIN_SIDE_VOLUME } from '../tolerance.js';
import type { Hull } from '../hull/hull.js';
import { PartMesh } from './part-mesh.js';
import { hullPart } from './part-hull.js';
import { clipByPlane } from './plane-clip.js';
import { splitShells } from './shells.js';
import { volumeTerm } from './concavity.js';
import { hullOverhang } from './hull-overhang.js';
import type { SolidDistance } from './solid-distance.js';

/** A plane n·x = d. */
export interface Plane { nx: number; ny: number; nz: number; d: number }

/** The best cut found: its plane and the pieces on its two sides. */
export interface Cut { plane: Plane; pieces: PartMesh[]; score: number; sum: number }

/** Candidates are kept this fraction of the part's extent in from its ends (a sliver is no progress). */
const END_MARGIN = 0.02;
/** Reflex edges whose face planes are tried, the deepest first. */
const REFLEX_EDGES = 4;

/**
 * The 13 directions of a 26-DOP (axes, face diagonals, cube diagonals): planes through a point along them
 * cut a ring radially wherever its axis points, which the axis planes do only along two directions.
 */
const DOP_DIRECTIONS: readonly (readonly [number, number, number])[] = [
  [1, 0, 0], [0, 1, 0], [0, 0, 1],
  [1, 1, 0], [1, -1, 0], [1, 0, 1], [1, 0, -1], [0, 1, 1], [0, 1, -1],
  [1, 1, 1], [1, 1, -1], [1, -1, 1], [1, -1, -1],
];

/**
 * The candidate planes of `part` (with hull `hull`, or null when flat): axis planes at offsets, the face
 * planes at its deepest reflex edges, and the 13 directions of {@link DOP_DIRECTIONS} through each of
 * `through` (3 numbers each: the points where the part is most concave, and its box's centre).
 */
export function candidatePlanes(part: PartMesh, hull: Hull | null, perAxis: number, through: readonly Float64Array[]): Plane[] {
  const out: Plane[] = [];
  const b = part.bounds(new Float64Array(6));
  for (const w of through) {
    for (const [x, y, z] of DOP_DIRECTIONS) {
      const len = Math.sqrt(x * x + y * y + z * z), nx = x / len, ny = y / len, nz = z / len;
      out.push({ nx, ny, nz, d: nx * w[0] + ny * w[1] + nz * w[2] });
    }
  }
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
      const len = hypot3(n[0], n[1], n[2]);
      if (!(above > 1e-9 * len * hypot3(p[3 * far] - p[o], p[3 * far + 1] - p[o + 1], p[3 * far + 2] - p[o + 2]))) continue;
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
      const n = normal(p, t, k), len = hypot3(n[0], n[1], n[2]);
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
 * Cuts whose worst piece is within this factor of the best candidate's worst are as good: among them the
 * least summed excess volume wins. A sampled overhang moves by a few per cent with the samples, so nearer
 * values do not rank candidates.
 */
const AS_GOOD = 1.05;

const _bounds = /* @__PURE__ */ new Float64Array(6);
/** A cut makes progress when its worst piece is below this fraction of the part's concavity. */
const PROGRESS = 0.95;
/** Samples of a candidate piece's hull for its overhang (the chosen pieces are measured again, fully). */
const CANDIDATE_HULL_SAMPLES = 200;

/**
 * The best of `planes` for `part` (whose concavity is `concavity`): each cut exactly, each side's pieces
 * hulled and measured by the larger of their overhang out of the solid and their volume term (concavity.ts;
 * the inside depth is left to the chosen pieces' full measure). The cut whose worst piece is least wins,
 * ties within {@link AS_GOOD} to the least summed excess volume (then to the earlier candidate).
 *
 * When no candidate's worst piece is below {@link PROGRESS} of the part's concavity, the part is cut at the
 * middle of its box's longest side instead (V-HACD 4's only plane): a torus's hull bridges its hole whatever
 * single plane cuts it (its halves' hulls bridge half of it), and only a second cut (quarters) shows
 * progress; the middle keeps the pieces balanced until it does. Null when neither cuts the part in two.
 */
export function bestCut(part: PartMesh, planes: readonly Plane[], concavity: number, outside: SolidDistance): Cut | null {
  const below = new PartMesh(), above = new PartMesh();
  const whole = part.volume();
  const kept: Cut[] = [];
  let least = Infinity;
  for (const plane of planes) {
    const cut = tryCut(part, plane, whole, below, above, outside, AS_GOOD * least);
    if (cut === null) continue;
    least = Math.min(least, cut.score);
    kept.push(cut);
  }
  let best: Cut | null = null;
  for (const cut of kept) {
    if (cut.score > AS_GOOD * least) continue;
    if (best === null || cut.sum < best.sum) best = cut;
  }
  if (best !== null && least < PROGRESS * concavity) return best;
  const b = part.bounds(new Float64Array(6));
  let axis = 0;
  for (let k = 1; k < 3; k++) if (b[3 + k] - b[k] > b[3 + axis] - b[axis]) axis = k;
  const middle = { nx: axis === 0 ? 1 : 0, ny: axis === 1 ? 1 : 0, nz: axis === 2 ? 1 : 0, d: 0.5 * b[axis] + 0.5 * b[3 + axis] };
  return tryCut(part, middle, whole, below, above, outside, Infinity) ?? best;
}

/**
 * `part` cut by `plane` into its pieces, scored (the worst piece's overhang or volume term; their summed
 * excess volume); null when the cut leaves a side empty or a sliver, or when a piece is found at least
 * `reach` concave (the caller has a better candidate).
 */
function tryCut(part: PartMesh, plane: Plane, whole: number, below: PartMesh, above: PartMesh, outside: SolidDistance, reach: number): Cut | null {
  if (!clipByPlane(part, plane.nx, plane.ny, plane.nz, plane.d, below, above)) return null;
  if (below.triangles === 0 || above.triangles === 0) return null;
  // (A side of next to no volume is a sliver, not progress.)
  const vb = below.volume(), va = above.volume();
  if (!(vb > DECOMPOSE_MIN_SIDE_VOLUME * whole && va > DECOMPOSE_MIN_SIDE_VOLUME * whole)) return null;
  let score = 0, sum = 0;
  const pieces: PartMesh[] = [];
  const shells = [...splitShells(below), ...splitShells(above)];
  let kept = 0;
  for (const piece of shells) kept += piece.volume();
  // (The pieces hold the part's whole volume, to rounding: a cavity the shells could not place would be lost.)
  const b = part.bounds(_bounds), size = hypot3(b[3] - b[0], b[4] - b[1], b[5] - b[2]);
  if (!(Math.abs(kept - whole) <= 1e-9 * Math.abs(whole) + 1e-12 * size * size * size)) return null;
  for (const piece of shells) {
    const hp = hullPart(piece);
    sum += Math.max(0, hp.hullVolume - hp.volume);
    score = Math.max(score, volumeTerm(hp));
    if (hp.hull !== null && score < reach) score = Math.max(score, hullOverhang(hp.hull, outside, CANDIDATE_HULL_SAMPLES, 7, reach));
    if (score >= reach) return null;
    pieces.push(piece);
  }
  // The sides are reused for the next candidate: the kept pieces are copies.
  return { plane, pieces: pieces.map((m) => m.clone()), score, sum };
}
