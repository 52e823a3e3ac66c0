/**
 * Merging a decomposition's parts (decompose/): V-HACD 4's greedy scheme (Mamou; the cheapest pair merged,
 * costs kept), on the concavity of the merged hull rather than its volume alone, and within the target
 * first, as CoACD merges (Wei et al. 2022, §5.3); then down to the part budget.
 */
import { buildHullFromCoords } from '../hull/build-hull.js';
import { cubeRoot, insideDepth, VOLUME_WEIGHT } from './concavity.js';
import { hullOverhang } from './hull-overhang.js';
import { hullPart, hullVolume, type HulledPart } from './part-hull.js';
import { PartMesh } from './part-mesh.js';
import { usedVertices, type Piece } from './piece.js';
import type { SolidDistance } from './solid-distance.js';

/**
 * The pair whose merged hull is least concave is merged
 * while that stays within `tau`, then, while more than `maxParts` remain, whatever pair is cheapest. Only
 * neighbours are paired (boxes within `tau` of each other: a merged hull of parts farther apart bridges a gap
 * wider than the target, CoACD's rule), unless none is left and the count is still over `maxParts`. A pair's
 * cost is computed once. `step` is called before each merge (the caller's progress and abort).
 */
export function mergePieces(pieces: Piece[], tau: number, maxParts: number, outside: SolidDistance, hullSamples: number, step: () => void): { pieces: Piece[]; merges: number } {
  const list = pieces.slice();
  const ids = new Map<Piece, number>();
  let nextId = 0;
  for (const p of list) ids.set(p, nextId++);
  const cost = new Map<number, { c: number; hp: HulledPart | null }>();
  const pairCost = (a: Piece, b: Piece): { c: number; hp: HulledPart | null } => {
    const i = ids.get(a)!, j = ids.get(b)!, k = Math.min(i, j) * 65536 + Math.max(i, j);
    let v = cost.get(k);
    if (v === undefined) { v = mergedConcavity(a, b, outside, hullSamples); cost.set(k, v); }
    return v;
  };
  let merges = 0;
  const MAX_ROUNDS = list.length;
  for (let round = 0; round < MAX_ROUNDS && list.length > 1; round++) {
    step();
    let bi = -1, bj = -1, bc = Infinity;
    const over = list.length > maxParts;
    for (let pass = 0; pass < 2 && bi < 0; pass++) {
      // (The second pass pairs parts that are not neighbours: only when the count must still come down.)
      if (pass === 1 && !over) break;
      for (let i = 0; i < list.length; i++) {
        for (let j = i + 1; j < list.length; j++) {
          if (pass === 0 && !near(list[i].box, list[j].box, tau)) continue;
          const c = pairCost(list[i], list[j]).c;
          if (c < bc) { bc = c; bi = i; bj = j; }
        }
      }
    }
    if (bi < 0 || (bc > tau && !over)) break;
    const a = list[bi], b = list[bj], union = new PartMesh(a.hp.part.count + b.hp.part.count, a.hp.part.triangles + b.hp.part.triangles);
    union.append(a.hp.part); union.append(b.hp.part);
    const hp = pairCost(a, b).hp ?? hullPart(union);
    const merged: Piece = { hp: { ...hp, part: union, volume: a.hp.volume + b.hp.volume }, samples: concat(a.samples, b.samples), box: union.bounds(new Float64Array(6)), c: bc, final: true, through: [] };
    ids.set(merged, nextId++);
    list.splice(bj, 1); list.splice(bi, 1, merged);
    merges++;
  }
  return { pieces: list, merges };
}

/** Whether boxes a and b (min xyz, max xyz) come within `gap` of each other on every axis. */
function near(a: Float64Array, b: Float64Array, gap: number): boolean {
  for (let k = 0; k < 3; k++) if (a[k] > b[3 + k] + gap || b[k] > a[3 + k] + gap) return false;
  return true;
}

/** The concavity of two pieces hulled together: their samples' depth in the merged hull, its volume term and its overhang. */
function mergedConcavity(a: Piece, b: Piece, outside: SolidDistance, hullSamples: number): { c: number; hp: HulledPart | null } {
  const pa = a.hp.hull?.vertices ?? usedVertices(a.hp.part), pb = b.hp.hull?.vertices ?? usedVertices(b.hp.part);
  const coords = new Float64Array(pa.length + pb.length);
  coords.set(pa); coords.set(pb, pa.length);
  let hull;
  try { hull = buildHullFromCoords(coords); } catch { return { c: Infinity, hp: null }; }
  if (hull.dimension < 3) return { c: Infinity, hp: null };
  const n = coords.length / 3;
  let cx = 0, cy = 0, cz = 0;
  for (let i = 0; i < coords.length; i += 3) { cx += coords[i]; cy += coords[i + 1]; cz += coords[i + 2]; }
  const hv = hullVolume(hull, cx / n, cy / n, cz / n), volume = a.hp.volume + b.hp.volume;
  const hp: HulledPart = { part: a.hp.part, hull, hullVolume: hv, volume };
  const depth = Math.max(insideDepth(hp, a.samples), insideDepth(hp, b.samples));
  const c = Math.max(depth, VOLUME_WEIGHT * cubeRoot((3 * Math.max(0, hv - volume)) / (4 * Math.PI)));
  return { c: Math.max(c, hullOverhang(hull, outside, hullSamples, 7, Infinity)), hp };
}

function concat(a: Float64Array, b: Float64Array): Float64Array {
  const c = new Float64Array(a.length + b.length);
  c.set(a); c.set(b, a.length);
  return c;
}
