/**
 * Traversals of a StaticBvh, depth-first with an explicit stack and pruning (Ericson, Real-Time Collision
 * Detection §6.3): the boxes overlapping a box, the first hit along a ray (nearer child first, nodes past
 * the best hit skipped), and the item nearest to a box (nearer child first, nodes farther than the best
 * distance so far skipped). The caller answers for items through a callback; nothing is allocated once a
 * stack as deep as the tree exists. A callback may itself traverse (each nesting level has its stack).
 */
import type { StaticBvh } from './static-bvh.js';

/** Stacks by nesting level: a callback that traverses again takes the next one. */
const _stacks: Int32Array[] = [];
let _level = 0;

function stackFor(bvh: StaticBvh): Int32Array {
  const need = bvh.depth + 2;
  let s = _stacks[_level];
  if (s === undefined || s.length < need) { s = new Int32Array(Math.max(need, 64)); _stacks[_level] = s; }
  return s;
}

/**
 * Visits every item whose own box overlaps the box `q` (6 numbers: min xyz, max xyz; touching counts) until
 * `visit` returns true; returns whether it did.
 */
export function overlapBvh(bvh: StaticBvh, q: Float64Array, visit: (item: number) => boolean): boolean {
  if (bvh.nodeCount === 0) return false;
  const stack = stackFor(bvh), b = bvh.bounds, nodes = bvh.nodes, items = bvh.items;
  const x0 = q[0], y0 = q[1], z0 = q[2], x1 = q[3], y1 = q[4], z1 = q[5];
  let top = 0;
  stack[top++] = 0;
  _level++;
  try {
    while (top > 0) {
      const n = stack[--top], o = 6 * n;
      if (b[o] > x1 || b[o + 3] < x0 || b[o + 1] > y1 || b[o + 4] < y0 || b[o + 2] > z1 || b[o + 5] < z0) continue;
      const count = nodes[2 * n + 1];
      if (count === 0) { stack[top++] = nodes[2 * n]; stack[top++] = n + 1; continue; }
      const ib = bvh.itemBounds;
      for (let j = nodes[2 * n], end = j + count; j < end; j++) {
        const item = items[j], k = 6 * item;
        if (ib[k] > x1 || ib[k + 3] < x0 || ib[k + 1] > y1 || ib[k + 4] < y0 || ib[k + 2] > z1 || ib[k + 5] < z0) continue;
        if (visit(item)) return true;
      }
    }
    return false;
  } finally {
    _level--;
  }
}

/** The answer of {@link rayBvh}: the nearest hit's parameter and item (−1 for none). */
export class BvhRayHit { t = Infinity; item = -1; }

/**
 * Where the ray o + t·r (t in [0, maxT]) first hits an item: `hit(item, tMax)` returns the item's own hit
 * parameter (or Infinity for a miss, or anything beyond tMax), called only for items whose box the ray
 * meets before the best hit so far. Writes the best into `out` and returns it.
 */
export function rayBvh(
  bvh: StaticBvh, o: Float64Array, r: Float64Array, maxT: number, hit: (item: number, tMax: number) => number, out: BvhRayHit,
): BvhRayHit {
  out.t = Infinity; out.item = -1;
  if (bvh.nodeCount === 0) return out;
  const stack = stackFor(bvh), b = bvh.bounds, nodes = bvh.nodes, items = bvh.items;
  let best = maxT;
  let top = 0;
  stack[top++] = 0;
  _level++;
  try {
    while (top > 0) {
      const n = stack[--top];
      if (!(slabEntry(b, n, o, r, best) <= best)) continue;
      const count = nodes[2 * n + 1];
      if (count === 0) {
        // Nearer child first: it goes on the stack last.
        const left = n + 1, right = nodes[2 * n];
        const tl = slabEntry(b, left, o, r, best), tr = slabEntry(b, right, o, r, best);
        if (tl <= tr) { if (tr <= best) stack[top++] = right; if (tl <= best) stack[top++] = left; }
        else { if (tl <= best) stack[top++] = left; if (tr <= best) stack[top++] = right; }
        continue;
      }
      for (let j = nodes[2 * n], end = j + count; j < end; j++) {
        // The item's own box first: a ray that misses it, or meets it past the best, cannot hit the item.
        if (!(slabEntry(bvh.itemBounds, items[j], o, r, best) <= best)) continue;
        const t = hit(items[j], best);
        if (t <= best && (t < out.t || (t === out.t && items[j] < out.item))) { out.t = t; out.item = items[j]; best = t; }
      }
    }
    return out;
  } finally {
    _level--;
  }
}

/**
 * The t at which the ray enters node n's box (0 when it starts inside), or Infinity when it misses the box
 * within [0, tMax] (Kay & Kajiya's slabs; a direction component of 0 tests the origin against the slab).
 */
function slabEntry(b: Float64Array, n: number, o: Float64Array, r: Float64Array, tMax: number): number {
  const k = 6 * n;
  let near = 0, far = tMax;
  for (let a = 0; a < 3; a++) {
    const oa = o[a], ra = r[a], lo = b[k + a], hi = b[k + 3 + a];
    if (ra === 0) { if (oa < lo || oa > hi) return Infinity; continue; }
    let t1 = (lo - oa) / ra, t2 = (hi - oa) / ra;
    if (t1 > t2) { const t = t1; t1 = t2; t2 = t; }
    if (t1 > near) near = t1;
    if (t2 < far) far = t2;
    if (near > far) return Infinity;
  }
  return near;
}

/** The answer of {@link nearestBvh}: the least distance found and its item (−1 for none). */
export class BvhNearest { distance = Infinity; item = -1; }

/**
 * The item nearest to the box `q` by `distance(item, best)` (the caller's exact distance from its query to
 * the item, or a signed separation, negative when they overlap; it may return anything above `best` once
 * it knows it is no nearer), visiting only items whose box lies within the best distance so far of `q`
 * (the distance between two boxes bounds the distance between anything inside them from below). A box
 * touching `q` bounds nothing below 0, so it is visited even when the best so far is an overlap: another
 * item may overlap deeper. Ties go to the lower item index. Writes into `out`.
 */
export function nearestBvh(bvh: StaticBvh, q: Float64Array, distance: (item: number, best: number) => number, out: BvhNearest): BvhNearest {
  out.distance = Infinity; out.item = -1;
  if (bvh.nodeCount === 0) return out;
  const stack = stackFor(bvh), b = bvh.bounds, nodes = bvh.nodes, items = bvh.items;
  let top = 0;
  stack[top++] = 0;
  _level++;
  try {
    while (top > 0) {
      const n = stack[--top];
      // (Pruned past the best, or past 0 when the best is an overlap: a touching box may hide a deeper one.)
      if (boxDistance(b, n, q) > Math.max(out.distance, 0)) continue;
      const count = nodes[2 * n + 1];
      if (count === 0) {
        const left = n + 1, right = nodes[2 * n];
        const dl = boxDistance(b, left, q), dr = boxDistance(b, right, q), bound = Math.max(out.distance, 0);
        if (dl <= dr) { if (dr <= bound) stack[top++] = right; if (dl <= bound) stack[top++] = left; }
        else { if (dl <= bound) stack[top++] = left; if (dr <= bound) stack[top++] = right; }
        continue;
      }
      for (let j = nodes[2 * n], end = j + count; j < end; j++) {
        const item = items[j];
        if (boxDistance(bvh.itemBounds, item, q) > Math.max(out.distance, 0)) continue;
        const d = distance(item, out.distance);
        if (d < out.distance || (d === out.distance && item < out.item)) { out.distance = d; out.item = item; }
      }
    }
    return out;
  } finally {
    _level--;
  }
}

/** Distance between node n's box and the box q (0 when they overlap). */
function boxDistance(b: Float64Array, n: number, q: Float64Array): number {
  const k = 6 * n;
  let s = 0;
  for (let a = 0; a < 3; a++) {
    const gap = Math.max(b[k + a] - q[3 + a], q[a] - b[k + 3 + a], 0);
    s += gap * gap;
  }
  return Math.sqrt(s);
}
