/**
 * A static bounding volume hierarchy over axis-aligned boxes, built top-down by the binned surface-area
 * heuristic (Wald, "On fast construction of SAH-based bounding volume hierarchies", 2007; MacDonald & Booth
 * 1990 for the cost model; Ericson, Real-Time Collision Detection §6.2): what a compound's parts and a
 * triangle mesh's triangles are found through before any exact query runs.
 *
 * Flat typed arrays, no object per node: node n has its box at `bounds[6n .. 6n+5]` (min xyz, max xyz) and
 * two integers at `nodes[2n], nodes[2n+1]`: for an inner node the index of its right child (the left one is
 * n + 1, depth-first order) and 0; for a leaf the first index into `items` and the number of items (≥ 1).
 * `items` is the permutation of the input boxes' indices the leaves point into.
 */
import { InvalidArgumentError } from '../errors.js';
import { BVH_BINS, BVH_MAX_LEAF_ITEMS } from '../tolerance.js';

export class StaticBvh {
  constructor(
    /** Node boxes: 6 numbers a node (min x, y, z, max x, y, z). */
    readonly bounds: Float64Array,
    /** Two integers a node: (right child, 0) for an inner node, (first item, count) for a leaf. */
    readonly nodes: Int32Array,
    /** The input boxes' indices, in leaf order. */
    readonly items: Int32Array,
    readonly nodeCount: number,
    /** The depth of the deepest leaf (the root's depth is 0): traversal stacks need this many + 1 entries. */
    readonly depth: number,
    /**
     * The boxes it was built over (6 numbers each, by item; the builder's array, not a copy): leaves test
     * them. Null for a triangle mesh's hierarchy, whose leaves make each triangle's box from its corners
     * (`itemTriangles`, `itemVertices`) when they test it: 48 bytes a triangle not kept.
     */
    public itemBounds: Float64Array | null,
  ) {}

  /** @internal A mesh's triangles (3 vertex indices each, by item) when `itemBounds` is null. */
  itemTriangles: Int32Array | null = null;
  /** @internal And its vertices (3 numbers each). */
  itemVertices: Float64Array | null = null;
}

/** Build scratch: centroids, per-item bounds, the SAH bins. */
interface Build {
  readonly boxes: Float64Array;
  readonly centroids: Float64Array;
  readonly items: Int32Array;
  bounds: Float64Array;
  nodes: Int32Array;
  count: number;
  depth: number;
  /** Each bin's box of its items' boxes (6 numbers) and of their centroids (6 more): 12 a bin. */
  readonly binBounds: Float64Array;
  readonly binCounts: Int32Array;
  readonly leftArea: Float64Array;
  readonly leftCount: Int32Array;
  /**
   * The boxes of the two halves chooseSplit chose (box, then centroid box, 12 numbers each: left at 0,
   * right at 12), made from its bins: the unions of the same minima and maxima a pass over the items
   * would take, without that pass (it was half of a build's time: a load per item at every level).
   */
  readonly halves: Float64Array;
  /** The bin of the item at each position of `items`, while a range is split. */
  readonly binOf: Uint8Array;
}

/**
 * The hierarchy of `count` boxes given as 6 numbers each in `boxes` (min x, y, z, max x, y, z). Boxes must
 * be finite with min ≤ max (checked: `InvalidArgumentError` naming the box), and are kept by reference
 * (the hierarchy tests its leaves' boxes against queries: do not change them). Leaves hold at most
 * `maxLeafItems` boxes unless boxes share a centroid (then they are split in halves by index).
 */
export function buildBvh(boxes: Float64Array, count: number, field = 'boxes', maxLeafItems = BVH_MAX_LEAF_ITEMS): StaticBvh {
  if (!(Number.isInteger(count) && count >= 0 && 6 * count <= boxes.length)) {
    throw new InvalidArgumentError(`${field}`, `holds ${Math.floor(boxes.length / 6)} boxes; ${count} were asked for`);
  }
  const centroids = new Float64Array(3 * count);
  for (let i = 0; i < count; i++) {
    for (let k = 0; k < 3; k++) {
      const lo = boxes[6 * i + k], hi = boxes[6 * i + 3 + k];
      if (!(lo <= hi) || !Number.isFinite(lo) || !Number.isFinite(hi)) {
        throw new InvalidArgumentError(`${field}[${i}]`, `is not a finite box (min ≤ max on every axis): [${lo}, ${hi}] on axis ${k}`);
      }
      // Half of each, so that boxes near the top of float64's range do not overflow.
      centroids[3 * i + k] = 0.5 * lo + 0.5 * hi;
    }
  }
  const items = new Int32Array(count);
  for (let i = 0; i < count; i++) items[i] = i;
  // At most 2·count − 1 nodes (every leaf holds at least one box).
  const maxNodes = Math.max(1, 2 * count - 1);
  const b: Build = {
    boxes, centroids, items, bounds: new Float64Array(6 * maxNodes), nodes: new Int32Array(2 * maxNodes), count: 0, depth: 0,
    binBounds: new Float64Array(12 * BVH_BINS), binCounts: new Int32Array(BVH_BINS), leftArea: new Float64Array(BVH_BINS), leftCount: new Int32Array(BVH_BINS),
    halves: new Float64Array(24), binOf: new Uint8Array(count),
  };
  if (count > 0) buildNodes(b, count, maxLeafItems);
  return new StaticBvh(b.bounds.slice(0, 6 * b.count), b.nodes.slice(0, 2 * b.count), items, b.count, b.depth, boxes);
}

/** Numbers a pending range takes on the build stack: first, end, depth, parent, its box and centroid box. */
const ENTRY = 16;

/**
 * The nodes, top-down with an explicit stack of ranges (first, end, depth, parent, then the range's box and
 * its centroids' box): a recursion would be as deep as the tree, which the heuristic does not bound for
 * adversarial input. A range's boxes come from its parent's bins (Build.halves), or from a pass over its
 * items for the root and for halves split by index.
 */
function buildNodes(b: Build, count: number, maxLeafItems: number): void {
  const stack: number[] = [];
  const range = b.halves;
  rangeBoxes(b, 0, count, range, 0);
  pushRange(stack, 0, count, 0, -1, range, 0);
  while (stack.length > 0) {
    const e = stack.length - ENTRY;
    const first = stack[e], end = stack[e + 1], depth = stack[e + 2], parent = stack[e + 3];
    const node = b.count++;
    // A right child tells its parent where it is (a left child is always parent + 1).
    if (parent >= 0 && node !== parent + 1) b.nodes[2 * parent] = node;
    if (depth > b.depth) b.depth = depth;
    const bb = b.bounds, o = 6 * node;
    for (let k = 0; k < 6; k++) bb[o + k] = stack[e + 4 + k];
    let split = -1, fromBins = false;
    if (end - first > maxLeafItems) {
      const cx0 = stack[e + 10], cy0 = stack[e + 11], cz0 = stack[e + 12], cx1 = stack[e + 13], cy1 = stack[e + 14], cz1 = stack[e + 15];
      split = chooseSplit(b, first, end, cx0, cy0, cz0, cx1, cy1, cz1);
      fromBins = split >= 0 && b.halves[0] <= b.halves[3];
    }
    stack.length = e;
    if (split < 0) {
      b.nodes[2 * node] = first;
      b.nodes[2 * node + 1] = end - first;
      continue;
    }
    b.nodes[2 * node + 1] = 0;
    if (!fromBins) {
      // Halves by index: their boxes by a pass over each.
      rangeBoxes(b, first, split, b.halves, 0);
      rangeBoxes(b, split, end, b.halves, 12);
    }
    // Right first on the stack, so the left child is built next, at node + 1.
    pushRange(stack, split, end, depth + 1, node, b.halves, 12);
    pushRange(stack, first, split, depth + 1, node, b.halves, 0);
  }
}

function pushRange(stack: number[], first: number, end: number, depth: number, parent: number, boxes: Float64Array, at: number): void {
  stack.push(first, end, depth, parent);
  for (let k = 0; k < 12; k++) stack.push(boxes[at + k]);
}

/** The box of items[first, end)'s boxes, and of their centroids, into out[at .. at + 11]. */
function rangeBoxes(b: Build, first: number, end: number, out: Float64Array, at: number): void {
  let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
  let cx0 = Infinity, cy0 = Infinity, cz0 = Infinity, cx1 = -Infinity, cy1 = -Infinity, cz1 = -Infinity;
  const boxes = b.boxes, c = b.centroids, items = b.items;
  for (let j = first; j < end; j++) {
    const i = items[j], o = 6 * i, q = 3 * i;
    if (boxes[o] < x0) x0 = boxes[o];
    if (boxes[o + 1] < y0) y0 = boxes[o + 1];
    if (boxes[o + 2] < z0) z0 = boxes[o + 2];
    if (boxes[o + 3] > x1) x1 = boxes[o + 3];
    if (boxes[o + 4] > y1) y1 = boxes[o + 4];
    if (boxes[o + 5] > z1) z1 = boxes[o + 5];
    if (c[q] < cx0) cx0 = c[q]; if (c[q] > cx1) cx1 = c[q];
    if (c[q + 1] < cy0) cy0 = c[q + 1]; if (c[q + 1] > cy1) cy1 = c[q + 1];
    if (c[q + 2] < cz0) cz0 = c[q + 2]; if (c[q + 2] > cz1) cz1 = c[q + 2];
  }
  out[at] = x0; out[at + 1] = y0; out[at + 2] = z0; out[at + 3] = x1; out[at + 4] = y1; out[at + 5] = z1;
  out[at + 6] = cx0; out[at + 7] = cy0; out[at + 8] = cz0; out[at + 9] = cx1; out[at + 10] = cy1; out[at + 11] = cz1;
}

/** Half the surface area of a box (the heuristic's cost compares areas only relatively). */
function halfArea(x: number, y: number, z: number): number {
  return x * y + y * z + z * x;
}

/**
 * Partitions items[first, end) and returns where the right half starts, or −1 for a leaf: the binned SAH
 * split over the axis of the centroids' largest extent (the centroids' box is given); where the heuristic
 * finds no split, or the centroids coincide, the halves by index. After a split by the bins, the halves'
 * boxes are in `b.halves` (left at 0, right at 12); after one by index, `b.halves[0]` is set above
 * `b.halves[3]` (an empty box) so that the caller makes them by a pass.
 */
function chooseSplit(b: Build, first: number, end: number, cx0: number, cy0: number, cz0: number, cx1: number, cy1: number, cz1: number): number {
  const c = b.centroids, items = b.items, n = end - first, halves = b.halves;
  halves[0] = Infinity; halves[3] = -Infinity;
  const ex = cx1 - cx0, ey = cy1 - cy0, ez = cz1 - cz0;
  const axis = ex >= ey && ex >= ez ? 0 : ey >= ez ? 1 : 2;
  const lo = axis === 0 ? cx0 : axis === 1 ? cy0 : cz0, extent = axis === 0 ? ex : axis === 1 ? ey : ez;
  if (!(extent > 0)) return first + (n >> 1); // every centroid in one point: halves by index
  // Bin the items by centroid: each bin's box and its centroids' box.
  const bins = BVH_BINS, bb = b.binBounds, bc = b.binCounts, boxes = b.boxes;
  for (let k = 0; k < bins; k++) {
    bc[k] = 0;
    const o = 12 * k;
    for (let a = 0; a < 3; a++) { bb[o + a] = Infinity; bb[o + 3 + a] = -Infinity; bb[o + 6 + a] = Infinity; bb[o + 9 + a] = -Infinity; }
  }
  const scale = bins / extent, binOf = b.binOf;
  for (let j = first; j < end; j++) {
    const i = items[j];
    // (A centroid at the top end lands in bin `bins`: clamped.)
    let k = Math.floor((c[3 * i + axis] - lo) * scale);
    if (k >= bins) k = bins - 1;
    binOf[j] = k;
    bc[k]++;
    const o = 12 * k, q = 6 * i, r = 3 * i;
    const bx0 = boxes[q], by0 = boxes[q + 1], bz0 = boxes[q + 2], bx1 = boxes[q + 3], by1 = boxes[q + 4], bz1 = boxes[q + 5];
    const px = c[r], py = c[r + 1], pz = c[r + 2];
    if (bx0 < bb[o]) bb[o] = bx0;
    if (by0 < bb[o + 1]) bb[o + 1] = by0;
    if (bz0 < bb[o + 2]) bb[o + 2] = bz0;
    if (bx1 > bb[o + 3]) bb[o + 3] = bx1;
    if (by1 > bb[o + 4]) bb[o + 4] = by1;
    if (bz1 > bb[o + 5]) bb[o + 5] = bz1;
    if (px < bb[o + 6]) bb[o + 6] = px;
    if (py < bb[o + 7]) bb[o + 7] = py;
    if (pz < bb[o + 8]) bb[o + 8] = pz;
    if (px > bb[o + 9]) bb[o + 9] = px;
    if (py > bb[o + 10]) bb[o + 10] = py;
    if (pz > bb[o + 11]) bb[o + 11] = pz;
  }
  // Sweep from the left (areas and counts of bins 0..k), then from the right, keeping the cheapest split.
  const la = b.leftArea, lc = b.leftCount;
  let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity, cnt = 0;
  for (let k = 0; k < bins - 1; k++) {
    const o = 12 * k;
    if (bc[k] > 0) {
      x0 = Math.min(x0, bb[o]); y0 = Math.min(y0, bb[o + 1]); z0 = Math.min(z0, bb[o + 2]);
      x1 = Math.max(x1, bb[o + 3]); y1 = Math.max(y1, bb[o + 4]); z1 = Math.max(z1, bb[o + 5]);
    }
    cnt += bc[k];
    lc[k] = cnt;
    la[k] = cnt > 0 ? halfArea(x1 - x0, y1 - y0, z1 - z0) : 0;
  }
  x0 = Infinity; y0 = Infinity; z0 = Infinity; x1 = -Infinity; y1 = -Infinity; z1 = -Infinity; cnt = 0;
  let best = Infinity, bestBin = -1;
  for (let k = bins - 1; k > 0; k--) {
    const o = 12 * k;
    if (bc[k] > 0) {
      x0 = Math.min(x0, bb[o]); y0 = Math.min(y0, bb[o + 1]); z0 = Math.min(z0, bb[o + 2]);
      x1 = Math.max(x1, bb[o + 3]); y1 = Math.max(y1, bb[o + 4]); z1 = Math.max(z1, bb[o + 5]);
    }
    cnt += bc[k];
    if (cnt === 0 || lc[k - 1] === 0) continue;
    const cost = la[k - 1] * lc[k - 1] + halfArea(x1 - x0, y1 - y0, z1 - z0) * cnt;
    if (cost < best) { best = cost; bestBin = k; }
  }
  if (bestBin < 0) return first + (n >> 1);
  // Partition in place: items whose bin (noted while binning, and swapped with them) is below bestBin go left.
  let i = first, j = end - 1;
  while (i <= j) {
    if (binOf[i] < bestBin) i++;
    else { const t = items[i]; items[i] = items[j]; items[j] = t; const u = binOf[i]; binOf[i] = binOf[j]; binOf[j] = u; j--; }
  }
  if (i === first || i === end) return first + (n >> 1);
  // The halves' boxes: the unions of their bins'.
  for (let a = 0; a < 12; a++) { const min = a % 6 < 3; halves[a] = min ? Infinity : -Infinity; halves[12 + a] = min ? Infinity : -Infinity; }
  for (let k = 0; k < bins; k++) {
    if (bc[k] === 0) continue;
    const o = 12 * k, h = k < bestBin ? 0 : 12;
    for (let a = 0; a < 12; a++) {
      const v = bb[o + a];
      if (a % 6 < 3) { if (v < halves[h + a]) halves[h + a] = v; } else if (v > halves[h + a]) halves[h + a] = v;
    }
  }
  return i;
}
