/**
 * Merging a decomposition's parts (decompose/): V-HACD 4's greedy scheme (Mamou; the cheapest pair merged,
 * costs kept), on the concavity of the merged hull rather than its volume alone, and within the target
 * first, as CoACD merges (Wei et al. 2022, §5.3); then down to the part budget.
 */
import { buildHullFromCoords } from '../hull/build-hull.js';
import { insideDepth, volumeTerm } from './concavity.js';
import { hullOverhang } from './hull-overhang.js';
import { hullPart, hullVolume, type HulledPart } from './part-hull.js';
import { PartMesh } from './part-mesh.js';
import { usedVertices, type Piece } from './piece.js';
import type { SolidDistance } from './solid-distance.js';

/**
 * The pair whose merged hull is least concave is merged while that stays within `tau`, then, while more
 * than `maxParts` remain, whatever pair is cheapest. Only neighbours are paired (boxes within `tau` of each
 * other: a merged hull of parts farther apart bridges a gap wider than the target, CoACD's rule), unless
 * none is left and the count is still over `maxParts`. Each pair's cost is computed once and kept in a heap
 * (stale entries, of a part merged since, skipped: V-HACD's scheme), and a merged part's neighbours are its
 * two parts' (its box holds both boxes): O(pairs log pairs), not a scan of every pair a merge (2,000 parts
 * took minutes so). `step` is called before each merge (the caller's progress and abort). The parts come
 * back in their first order, a merged one where the first of its parts was.
 */
export function mergePieces(pieces: Piece[], tau: number, maxParts: number, outside: SolidDistance, hullSamples: number, step: () => void): { pieces: Piece[]; merges: number } {
  const alive: (Piece | null)[] = pieces.slice(), order: number[] = pieces.map((_, i) => i);
  const neighbours: Set<number>[] = pieces.map(() => new Set<number>());
  for (let i = 0; i < pieces.length; i++) {
    for (let j = i + 1; j < pieces.length; j++) {
      if (near(pieces[i].box, pieces[j].box, tau)) { neighbours[i].add(j); neighbours[j].add(i); }
    }
  }
  const heap = new PairHeap();
  const push = (i: number, j: number): void => {
    const v = mergedConcavity(alive[i]!, alive[j]!, outside, hullSamples);
    heap.push({ c: v.c, i: Math.min(i, j), j: Math.max(i, j), hp: v.hp });
  };
  for (let i = 0; i < pieces.length; i++) for (const j of neighbours[i]) if (i < j) push(i, j);
  let count = pieces.length, merges = 0, paired = false;
  const MAX_ROUNDS = pieces.length;
  for (let round = 0; round < MAX_ROUNDS && count > 1; round++) {
    step();
    let best = heap.pop();
    while (best !== null && (alive[best.i] === null || alive[best.j] === null)) best = heap.pop();
    if (best === null) {
      // No neighbours left: every pair, once, only while the count must still come down.
      if (count <= maxParts || paired) break;
      paired = true;
      for (let i = 0; i < alive.length; i++) for (let j = i + 1; j < alive.length; j++) if (alive[i] !== null && alive[j] !== null) push(i, j);
      round--;
      continue;
    }
    if (best.c > tau && count <= maxParts) break;
    const a = alive[best.i]!, b = alive[best.j]!, union = new PartMesh(a.hp.part.count + b.hp.part.count, a.hp.part.triangles + b.hp.part.triangles);
    union.append(a.hp.part); union.append(b.hp.part);
    const hp = best.hp ?? hullPart(union);
    const merged: Piece = { hp: { ...hp, part: union, volume: a.hp.volume + b.hp.volume }, samples: concat(a.samples, b.samples), box: union.bounds(new Float64Array(6)), c: best.c, final: true, through: [] };
    const k = alive.length;
    alive.push(merged); order.push(Math.min(order[best.i], order[best.j]));
    alive[best.i] = alive[best.j] = null;
    const around = new Set<number>();
    for (const n of [...neighbours[best.i], ...neighbours[best.j]]) if (alive[n] !== null && n !== k) around.add(n);
    neighbours.push(around);
    for (const n of around) { neighbours[n].delete(best.i); neighbours[n].delete(best.j); neighbours[n].add(k); }
    for (const n of [...around].sort((x, y) => x - y)) push(n, k);
    count--; merges++;
  }
  const kept: number[] = [];
  for (let i = 0; i < alive.length; i++) if (alive[i] !== null) kept.push(i);
  kept.sort((x, y) => order[x] - order[y]);
  return { pieces: kept.map((i) => alive[i]!), merges };
}

/** A candidate merge: its cost, the two parts' ids (i < j), and the merged hull when it could be built. */
interface PairEntry { c: number; i: number; j: number; hp: HulledPart | null }

/** A binary min-heap of pairs by cost, ties by the ids (deterministic). */
class PairHeap {
  private readonly items: PairEntry[] = [];

  push(e: PairEntry): void {
    const a = this.items;
    a.push(e);
    for (let k = a.length - 1; k > 0;) {
      const up = (k - 1) >> 1;
      if (!less(a[k], a[up])) break;
      const t = a[k]; a[k] = a[up]; a[up] = t; k = up;
    }
  }

  pop(): PairEntry | null {
    const a = this.items;
    if (a.length === 0) return null;
    const top = a[0], last = a.pop()!;
    if (a.length > 0) {
      a[0] = last;
      for (let k = 0; ;) {
        const l = 2 * k + 1, r = l + 1;
        let m = k;
        if (l < a.length && less(a[l], a[m])) m = l;
        if (r < a.length && less(a[r], a[m])) m = r;
        if (m === k) break;
        const t = a[k]; a[k] = a[m]; a[m] = t; k = m;
      }
    }
    return top;
  }
}

function less(x: PairEntry, y: PairEntry): boolean {
  return x.c < y.c || (x.c === y.c && (x.i < y.i || (x.i === y.i && x.j < y.j)));
}

/** Whether boxes a and b (min xyz, max xyz) come within `gap` of each other on every axis. */
function near(a: Float64Array, b: Float64Array, gap: number): boolean {
  for (let k = 0; k < 3; k++) if (a[k] > b[3 + k] + gap || b[k] > a[3 + k] + gap) return false;
  return true;
}

/** The concavity of two pieces hulled together: their samples' depth in the merged hull, its volume term and its overhang. */
function mergedConcavity(a: Piece, b: Piece, outside: SolidDistance, hullSamples: number): { c: number; hp: HulledPart | null } {
  const pa = a.hp.hull?.vertices ?? usedVertices(a.hp.part), pb = b.hp.hull?.vertices ?? usedVertices(b.hp.part);
  const coords = concat(pa, pb);
  let hull;
  try { hull = buildHullFromCoords(coords); } catch { return { c: Infinity, hp: null }; }
  if (hull.dimension < 3) return { c: Infinity, hp: null };
  const n = coords.length / 3;
  let cx = 0, cy = 0, cz = 0;
  for (let i = 0; i < coords.length; i += 3) { cx += coords[i]; cy += coords[i + 1]; cz += coords[i + 2]; }
  const hv = hullVolume(hull, cx / n, cy / n, cz / n), volume = a.hp.volume + b.hp.volume;
  const hp: HulledPart = { part: a.hp.part, hull, hullVolume: hv, volume };
  const c = Math.max(insideDepth(hp, a.samples), insideDepth(hp, b.samples), volumeTerm(hp));
  return { c: Math.max(c, hullOverhang(hull, outside, hullSamples, 7, Infinity)), hp };
}

function concat(a: Float64Array, b: Float64Array): Float64Array {
  const c = new Float64Array(a.length + b.length);
  c.set(a); c.set(b, a.length);
  return c;
}
