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
 * (Callbacks get a context object from the caller rather than closing over their state: a closure made
 * per query would be an allocation per query.)
 *
 * Visits every item whose own box overlaps the box `q` (6 numbers: min xyz, max xyz; touching counts) until
 * `visit` returns true; returns whether it did.
 */
export function overlapBvh<C>(bvh: StaticBvh, q: Float64Array, visit: (item: number, context: C) => boolean, context: C): boolean {
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
      for (let j = nodes[2 * n], end = j + count; j < end; j++) {
        const item = items[j];
        const ib = itemBox(bvh, item), k = ib === _itemBox ? 0 : 6 * item;
        if (ib[k] > x1 || ib[k + 3] < x0 || ib[k + 1] > y1 || ib[k + 4] < y0 || ib[k + 2] > z1 || ib[k + 5] < z0) continue;
        if (visit(item, context)) return true;
      }
    }
    return false;
  } finally {
    _level--;
  }
}

/** The answer of {@link rayBvh}: the nearest hit's parameter and item (−1 for none). */
export class BvhRayHit { t = Infinity; item = -1; }

/** The bound of the slab tests: the best hit so far, in an array so that it passes unboxed. */
const _tMax = /* @__PURE__ */ new Float64Array(1);

/**
 * Where the ray o + t·r first hits an item. On entry `out.t` bounds the search (the largest t wanted,
 * Infinity for all) and `out.item` is −1. `visit(item, context)` answers for an item whose box the ray
 * meets before `out.t`: it lowers `out.t` and sets `out.item` when the item's own hit is nearer (ties: the
 * lower index). Nodes are visited nearer child first, and skipped past the best hit so far.
 */
export function rayBvh<C>(bvh: StaticBvh, o: Float64Array, r: Float64Array, visit: (item: number, context: C) => void, context: C, out: BvhRayHit): BvhRayHit {
  if (bvh.nodeCount === 0) return out;
  const stack = stackFor(bvh), b = bvh.bounds, nodes = bvh.nodes, items = bvh.items, tMax = _tMax;
  let top = 0;
  stack[top++] = 0;
  _level++;
  try {
    while (top > 0) {
      const n = stack[--top];
      tMax[0] = out.t;
      slabEntry(b, n, o, r, tMax);
      if (!(_value[0] <= out.t)) continue;
      const count = nodes[2 * n + 1];
      if (count === 0) {
        // Nearer child first: it goes on the stack last.
        const left = n + 1, right = nodes[2 * n];
        slabEntry(b, left, o, r, tMax);
        const tl = _value[0];
        slabEntry(b, right, o, r, tMax);
        const tr = _value[0], best = out.t;
        if (tl <= tr) { if (tr <= best) stack[top++] = right; if (tl <= best) stack[top++] = left; }
        else { if (tl <= best) stack[top++] = left; if (tr <= best) stack[top++] = right; }
        continue;
      }
      for (let j = nodes[2 * n], end = j + count; j < end; j++) {
        // The item's own box first: a ray that misses it, or meets it past the best, cannot hit the item.
        tMax[0] = out.t;
        const ib = itemBox(bvh, items[j]);
        slabEntry(ib, ib === _itemBox ? 0 : items[j], o, r, tMax);
        if (!(_value[0] <= out.t)) continue;
        visit(items[j], context);
      }
    }
    return out;
  } finally {
    _level--;
  }
}

/**
 * The t at which the ray enters node n's box (0 when it starts inside), or NaN when it misses the box
 * within [0, tMax[0]], into `_value[0]` (Kay & Kajiya's slabs; a direction component of 0 tests the origin
 * against the slab). NaN, not Infinity: every comparison with it is false, so a missed box is skipped even
 * under an unbounded search (`t <= Infinity` held for Infinity, and a ray with no maxT visited every item
 * of the tree: 20,000 triangle tests a ray at a 20,000-triangle mesh).
 */
function slabEntry(b: Float64Array, n: number, o: Float64Array, r: Float64Array, tMax: Float64Array): void {
  const k = 6 * n;
  let near = 0, far = tMax[0];
  for (let a = 0; a < 3; a++) {
    const oa = o[a], ra = r[a], lo = b[k + a], hi = b[k + 3 + a];
    if (ra === 0) { if (oa < lo || oa > hi) { _value[0] = NaN; return; } continue; }
    let t1 = (lo - oa) / ra, t2 = (hi - oa) / ra;
    if (t1 > t2) { const t = t1; t1 = t2; t2 = t; }
    if (t1 > near) near = t1;
    if (t2 < far) far = t2;
    if (near > far) { _value[0] = NaN; return; }
  }
  _value[0] = near;
}

/**
 * Where a box moving by `u` per unit time (centre `c` at time 0, half-extents `h`, three numbers each)
 * first touches an item's box: {@link rayBvh}'s traversal with every box grown by `h` (the moving box
 * touches a box exactly when its centre is inside their Minkowski sum, the box grown by its half-extents:
 * Ericson, Real-Time Collision Detection §5.5, the dynamic tests: a moving box against a box is a ray
 * against the expanded box). The same contract: `out.t` on entry bounds the time (the latest wanted, in units of `u`), `visit`
 * answers for an item whose grown box the centre's ray meets before `out.t`, lowering `out.t` and setting
 * `out.item` for a nearer hit; nearer nodes first, nodes past the best skipped.
 */
export function sweepBvh<C>(
  bvh: StaticBvh, c: Float64Array, h: Float64Array, u: Float64Array, visit: (item: number, context: C) => void, context: C, out: BvhRayHit,
): BvhRayHit {
  if (bvh.nodeCount === 0) return out;
  const stack = stackFor(bvh), b = bvh.bounds, nodes = bvh.nodes, items = bvh.items, tMax = _tMax;
  // The motion's reciprocals, once a sweep (a multiplication a slab where a division took four times as
  // long), in this nesting level's array.
  const inv = inverseFor(u);
  let top = 0;
  stack[top++] = 0;
  _level++;
  try {
    while (top > 0) {
      const n = stack[--top];
      tMax[0] = out.t;
      grownSlabInverse(b, n, c, h, u, inv, tMax);
      if (!(_value[0] <= out.t)) continue;
      const count = nodes[2 * n + 1];
      if (count === 0) {
        const left = n + 1, right = nodes[2 * n];
        grownSlabInverse(b, left, c, h, u, inv, tMax);
        const tl = _value[0];
        grownSlabInverse(b, right, c, h, u, inv, tMax);
        const tr = _value[0], best = out.t;
        if (tl <= tr) { if (tr <= best) stack[top++] = right; if (tl <= best) stack[top++] = left; }
        else { if (tl <= best) stack[top++] = left; if (tr <= best) stack[top++] = right; }
        continue;
      }
      for (let j = nodes[2 * n], end = j + count; j < end; j++) {
        tMax[0] = out.t;
        const ib = itemBox(bvh, items[j]);
        grownSlabInverse(ib, ib === _itemBox ? 0 : items[j], c, h, u, inv, tMax);
        if (!(_value[0] <= out.t)) continue;
        visit(items[j], context);
      }
    }
    return out;
  } finally {
    _level--;
  }
}

/** Each nesting level's reciprocals of a sweep's motion. */
const _inverses: Float64Array[] = [];

function inverseFor(u: Float64Array): Float64Array {
  let v = _inverses[_level];
  if (v === undefined) { v = new Float64Array(3); _inverses[_level] = v; }
  v[0] = 1 / u[0]; v[1] = 1 / u[1]; v[2] = 1 / u[2];
  return v;
}

/**
 * The slab test of node n's box grown by `h` (a moving box's half-extents; 0 for a ray) with the motion's
 * reciprocals `inv`: each time a product, then widened by a few ulps
 * (a reciprocal and a product round twice where a quotient rounds once: the entry is lowered and the exit
 * raised by more than that, so a box the quotients would pass passes too; a box passed by rounding is
 * tested exactly after). NaN for a miss.
 */
function grownSlabInverse(b: Float64Array, n: number, o: Float64Array, h: Float64Array, r: Float64Array, inv: Float64Array, tMax: Float64Array): void {
  const k = 6 * n;
  let near = 0, far = tMax[0];
  for (let a = 0; a < 3; a++) {
    const oa = o[a], lo = b[k + a] - h[a], hi = b[k + 3 + a] + h[a];
    if (r[a] === 0) { if (oa < lo || oa > hi) { _value[0] = NaN; return; } continue; }
    const ia = inv[a];
    let t1 = (lo - oa) * ia, t2 = (hi - oa) * ia;
    if (t1 > t2) { const t = t1; t1 = t2; t2 = t; }
    t1 -= 4 * Number.EPSILON * Math.abs(t1); t2 += 4 * Number.EPSILON * Math.abs(t2);
    if (t1 > near) near = t1;
    if (t2 < far) far = t2;
    if (near > far) { _value[0] = NaN; return; }
  }
  _value[0] = near;
}


/**
 * The answer of {@link nearestBvh}: the least distance found and its item (−1 for none); and two inputs:
 * `radius`, by which every box distance is lowered (the query box is a core's, and the shape is that core
 * swept by a ball of this radius: a sphere's box is a point grown by it, a far looser bound), and
 * `stopAtZero`, to end as soon as the best is 0 or less (a distance cannot be lower; a signed separation can).
 */
export class BvhNearest { distance = Infinity; item = -1; radius = 0; stopAtZero = false; }

function distanceStackFor(length: number): Float64Array {
  let s = _distanceStacks[_level];
  if (s === undefined || s.length < length) { s = new Float64Array(length); _distanceStacks[_level] = s; }
  return s;
}

/** Each stacked node's box distance, by nesting level (measured when pushed, not again when popped). */
const _distanceStacks: Float64Array[] = [];

/**
 * The item nearest to the box `q`: `visit(item, context)` answers for an item (the caller's exact distance
 * from its query to the item, or a signed separation, negative when they overlap) by lowering
 * `out.distance` and setting `out.item` when the item is nearer than `out.distance` (ties: the lower item
 * index); it reads the best so far there too. `out.distance` on entry is the bound (Infinity: none; a
 * caller that already holds an answer passes its distance, and items beyond it are never visited). Visited are only items whose box lies within the best so far
 * of `q` (the distance between two boxes bounds the distance between anything inside them from below). A
 * box touching `q` bounds nothing below 0, so it is visited even when the best so far is an overlap:
 * another item may overlap deeper. (The answer travels in `out`, not as a return value or an argument: a
 * number through a call V8 does not inline is boxed; CONTRIBUTING.md, "V8 rules", rule 1.)
 */
export function nearestBvh<C>(bvh: StaticBvh, q: Float64Array, visit: (item: number, context: C) => void, context: C, out: BvhNearest): BvhNearest {
  out.item = -1;
  if (bvh.nodeCount === 0) return out;
  const stack = stackFor(bvh), dist = distanceStackFor(stack.length), b = bvh.bounds, nodes = bvh.nodes, items = bvh.items;
  const r = out.radius, stopAtZero = out.stopAtZero;
  let top = 0;
  boxDistance(b, 0, q);
  dist[top] = _value[0] - r; stack[top++] = 0;
  _level++;
  try {
    while (top > 0) {
      const n = stack[--top];
      // (Pruned past the best, or past 0 when the best is an overlap: a touching box may hide a deeper one.)
      if (dist[top] > Math.max(out.distance, 0)) continue;
      const count = nodes[2 * n + 1];
      if (count === 0) {
        const left = n + 1, right = nodes[2 * n];
        boxDistance(b, left, q);
        const dl = _value[0] - r;
        boxDistance(b, right, q);
        const dr = _value[0] - r, bound = Math.max(out.distance, 0);
        if (dl <= dr) {
          if (dr <= bound) { dist[top] = dr; stack[top++] = right; }
          if (dl <= bound) { dist[top] = dl; stack[top++] = left; }
        } else {
          if (dl <= bound) { dist[top] = dl; stack[top++] = left; }
          if (dr <= bound) { dist[top] = dr; stack[top++] = right; }
        }
        continue;
      }
      for (let j = nodes[2 * n], end = j + count; j < end; j++) {
        const item = items[j];
        const ib = itemBox(bvh, item);
        boxDistance(ib, ib === _itemBox ? 0 : item, q);
        if (_value[0] - r > Math.max(out.distance, 0)) continue;
        visit(item, context);
        if (stopAtZero && out.distance <= 0) return out;
      }
    }
    return out;
  } finally {
    _level--;
  }
}

/**
 * Distance between node n's box and the box q (0 when they overlap), into `_value[0]`: returned, the number
 * came out boxed (the helper is not always inlined; CONTRIBUTING.md, "V8 rules", rule 1).
 */
export function boxDistance(b: Float64Array, n: number, q: Float64Array): void {
  const k = 6 * n;
  let s = 0;
  for (let a = 0; a < 3; a++) {
    const gap = Math.max(b[k + a] - q[3 + a], q[a] - b[k + 3 + a], 0);
    s += gap * gap;
  }
  // Gaps beyond about 1e154 square to Infinity, and every box would bound the same Infinity: the part that
  // is nearer would be pruned behind a farther one. Then, scaled by the largest gap first.
  _value[0] = s < Infinity ? Math.sqrt(s) : scaledBoxDistance(b, k, q);
}

/** boxDistance's distance for gaps too large to square: the largest gap times the root of the scaled sum. */
function scaledBoxDistance(b: Float64Array, k: number, q: Float64Array): number {
  let m = 0;
  for (let a = 0; a < 3; a++) m = Math.max(m, b[k + a] - q[3 + a], q[a] - b[k + 3 + a]);
  let s = 0;
  for (let a = 0; a < 3; a++) {
    const gap = Math.max(b[k + a] - q[3 + a], q[a] - b[k + 3 + a], 0) / m;
    s += gap * gap;
  }
  return m * Math.sqrt(s);
}

/**
 * The boxes a leaf tests item `item` by: the hierarchy's item boxes, or for a mesh's (which keeps none) the
 * triangle's box made from its corners into `_itemBox` (box 0 of it). Exact: the same minima and maxima of
 * the same coordinates a stored box would hold.
 */
function itemBox(bvh: StaticBvh, item: number): Float64Array {
  const ib = bvh.itemBounds;
  if (ib !== null) return ib;
  const t = bvh.itemTriangles!, v = bvh.itemVertices!, o = _itemBox;
  const i = 3 * t[3 * item], j = 3 * t[3 * item + 1], k = 3 * t[3 * item + 2];
  for (let a = 0; a < 3; a++) {
    const p = v[i + a], q = v[j + a], r = v[k + a];
    o[a] = p < q ? (p < r ? p : r) : q < r ? q : r;
    o[3 + a] = p > q ? (p > r ? p : r) : q > r ? q : r;
  }
  return o;
}

/** A mesh triangle's box, made by itemBox. */
const _itemBox = /* @__PURE__ */ new Float64Array(6);

/** Where boxDistance and slabEntry put their answers (the height field's grid reads them too). */
const _value = /* @__PURE__ */ new Float64Array(1);
export { _value as traversalValue };
