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
    /** The boxes it was built over (6 numbers each, by item; the builder's array, not a copy): leaves test them. */
    readonly itemBounds: Float64Array,
  ) {}
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
  readonly binBounds: Float64Array;
  readonly binCounts: Int32Array;
  readonly leftArea: Float64Array;
  readonly leftCount: Int32Array;
}

/**
 * The hierarchy of `count` boxes given as 6 numbers each in `boxes` (min x, y, z, max x, y, z). Boxes must
 * be finite with min ≤ max (checked: `InvalidArgumentError` naming the box), and are kept by reference
 * (the hierarchy tests its leaves' boxes against queries: do not change them). Leaves hold at most
 * BVH_MAX_LEAF_ITEMS boxes unless boxes share a centroid (then they are split in halves by index).
 */
export function buildBvh(boxes: Float64Array, count: number, field = 'boxes'): StaticBvh {
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
    binBounds: new Float64Array(6 * BVH_BINS), binCounts: new Int32Array(BVH_BINS), leftArea: new Float64Array(BVH_BINS), leftCount: new Int32Array(BVH_BINS),
  };
  if (count > 0) buildNodes(b, count);
  return new StaticBvh(b.bounds.slice(0, 6 * b.count), b.nodes.slice(0, 2 * b.count), items, b.count, b.depth, boxes);
}

/**
 * The nodes, top-down with an explicit stack of (node, first, end, depth) ranges: a recursion would be
 * as deep as the tree, which the heuristic does not bound for adversarial input.
 */
function buildNodes(b: Build, count: number): void {
  const stack: number[] = [0, count, 0, -1]; // first, end, depth, parent (−1: the root)
  while (stack.length > 0) {
    const parent = stack.pop()!, depth = stack.pop()!, end = stack.pop()!, first = stack.pop()!;
    const node = b.count++;
    // A right child tells its parent where it is (a left child is always parent + 1).
    if (parent >= 0 && node !== parent + 1) b.nodes[2 * parent] = node;
    if (depth > b.depth) b.depth = depth;
    nodeBounds(b, node, first, end);
    const split = end - first > BVH_MAX_LEAF_ITEMS ? chooseSplit(b, first, end) : -1;
    if (split < 0) {
      b.nodes[2 * node] = first;
      b.nodes[2 * node + 1] = end - first;
      continue;
    }
    b.nodes[2 * node + 1] = 0;
    // Right first on the stack, so the left child is built next, at node + 1.
    stack.push(split, end, depth + 1, node);
    stack.push(first, split, depth + 1, node);
  }
}

function nodeBounds(b: Build, node: number, first: number, end: number): void {
  let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
  const boxes = b.boxes, items = b.items;
  for (let j = first; j < end; j++) {
    const o = 6 * items[j];
    if (boxes[o] < x0) x0 = boxes[o];
    if (boxes[o + 1] < y0) y0 = boxes[o + 1];
    if (boxes[o + 2] < z0) z0 = boxes[o + 2];
    if (boxes[o + 3] > x1) x1 = boxes[o + 3];
    if (boxes[o + 4] > y1) y1 = boxes[o + 4];
    if (boxes[o + 5] > z1) z1 = boxes[o + 5];
  }
  const o = 6 * node, bb = b.bounds;
  bb[o] = x0; bb[o + 1] = y0; bb[o + 2] = z0; bb[o + 3] = x1; bb[o + 4] = y1; bb[o + 5] = z1;
}

/** Half the surface area of a box (the heuristic's cost compares areas only relatively). */
function halfArea(x: number, y: number, z: number): number {
  return x * y + y * z + z * x;
}

/**
 * Partitions items[first, end) and returns where the right half starts, or −1 for a leaf: the binned SAH
 * split over the axis of the centroids' largest extent; where the heuristic finds no split cheaper than
 * a leaf of more than BVH_MAX_LEAF_ITEMS, or the centroids coincide, the halves by index.
 */
function chooseSplit(b: Build, first: number, end: number): number {
  const c = b.centroids, items = b.items, n = end - first;
  let cx0 = Infinity, cy0 = Infinity, cz0 = Infinity, cx1 = -Infinity, cy1 = -Infinity, cz1 = -Infinity;
  for (let j = first; j < end; j++) {
    const o = 3 * items[j];
    if (c[o] < cx0) cx0 = c[o]; if (c[o] > cx1) cx1 = c[o];
    if (c[o + 1] < cy0) cy0 = c[o + 1]; if (c[o + 1] > cy1) cy1 = c[o + 1];
    if (c[o + 2] < cz0) cz0 = c[o + 2]; if (c[o + 2] > cz1) cz1 = c[o + 2];
  }
  const ex = cx1 - cx0, ey = cy1 - cy0, ez = cz1 - cz0;
  const axis = ex >= ey && ex >= ez ? 0 : ey >= ez ? 1 : 2;
  const lo = axis === 0 ? cx0 : axis === 1 ? cy0 : cz0, extent = axis === 0 ? ex : axis === 1 ? ey : ez;
  if (!(extent > 0)) return first + (n >> 1); // every centroid in one point: halves by index
  // Bin the items by centroid.
  const bins = BVH_BINS, bb = b.binBounds, bc = b.binCounts, boxes = b.boxes;
  for (let k = 0; k < bins; k++) {
    bc[k] = 0;
    bb[6 * k] = Infinity; bb[6 * k + 1] = Infinity; bb[6 * k + 2] = Infinity;
    bb[6 * k + 3] = -Infinity; bb[6 * k + 4] = -Infinity; bb[6 * k + 5] = -Infinity;
  }
  const scale = bins / extent;
  for (let j = first; j < end; j++) {
    const i = items[j];
    const k = Math.min(bins - 1, Math.floor((c[3 * i + axis] - lo) * scale));
    bc[k]++;
    const o = 6 * k, q = 6 * i;
    for (let a = 0; a < 3; a++) {
      if (boxes[q + a] < bb[o + a]) bb[o + a] = boxes[q + a];
      if (boxes[q + 3 + a] > bb[o + 3 + a]) bb[o + 3 + a] = boxes[q + 3 + a];
    }
  }
  // Sweep from the left (areas and counts of bins 0..k), then from the right, keeping the cheapest split.
  const la = b.leftArea, lc = b.leftCount;
  let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity, cnt = 0;
  for (let k = 0; k < bins - 1; k++) {
    const o = 6 * k;
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
    const o = 6 * k;
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
  // Partition in place: items whose bin is below bestBin go left.
  let i = first, j = end - 1;
  while (i <= j) {
    const k = Math.min(bins - 1, Math.floor((c[3 * items[i] + axis] - lo) * scale));
    if (k < bestBin) i++;
    else { const t = items[i]; items[i] = items[j]; items[j] = t; j--; }
  }
  if (i === first || i === end) return first + (n >> 1);
  return i;
}
