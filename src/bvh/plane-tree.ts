/**
 * The plane world's dynamic tree (2d/world/): tree-nodes.ts's nodes and rebalancing, with boxes of the
 * plane in float32, four numbers a node (min x, y, max x, y at `bounds[4n .. 4n+3]`): 16 bytes a node where
 * the 3D tree's float64 boxes take 48, so a body's two nodes cost 72 bytes, not 136 (issue 37's memory a
 * body). Box2D's tree stores float32 boxes too.
 *
 * Every stored box holds the box it was given: each bound is rounded outward to float32 (down for a
 * minimum, up for a maximum). A fat box is only a container, so this changes which pairs are kept as
 * candidates, never an answer (every answer is the exact query's on the bodies). The price is far from the
 * origin: at |x| near 1e7 a float32 step is 1, so small bodies there get fat boxes about that much larger
 * (more candidate pairs, each still answered exactly).
 *
 * Insertion descends by the area heuristic (Goldsmith & Salmon 1987; Box2D's InsertLeaf): in the plane a
 * box's cost is its perimeter, whose growth stays meaningful for boxes flat in one axis.
 */
import { NULL, TreeNodes } from './tree-nodes.js';

/**
 * One float32 step towards −∞ on a float32's bits (as an int32): a positive number's bits down by one, a
 * negative one's up (its magnitude grows), either zero to the smallest negative subnormal. Integers in and
 * out: a double returned from a call that is not inlined would be boxed (CONTRIBUTING's rule 1).
 */
function bitsDown(bits: number): number {
  return bits > 0 ? bits - 1 : bits === 0 || bits === -0x80000000 ? -0x7fffffff : bits + 1;
}

/** One float32 step towards +∞ on a float32's bits: either zero to the smallest positive subnormal. */
function bitsUp(bits: number): number {
  return bits >= 0 ? bits + 1 : bits === -0x80000000 ? 1 : bits - 1;
}

export class PlaneTree extends TreeNodes {
  bounds = new Float32Array(0);
  /** The bounds' bits (the same memory), for rounding outward. */
  private bits = new Int32Array(0);

  constructor(initialCapacity = 16) {
    super();
    this.grow(Math.max(2, initialCapacity | 0));
  }

  /** Leaf `leaf`'s box from `box` (min x, y, max x, y), each bound rounded outward to float32. */
  protected setBox(leaf: number, box: Float64Array): void {
    const b = this.bounds, i = this.bits, o = 4 * leaf;
    // Stored to the nearest float32, then one step out where that went in.
    b[o] = box[0]; if (b[o] > box[0]) i[o] = bitsDown(i[o]);
    b[o + 1] = box[1]; if (b[o + 1] > box[1]) i[o + 1] = bitsDown(i[o + 1]);
    b[o + 2] = box[2]; if (b[o + 2] < box[2]) i[o + 2] = bitsUp(i[o + 2]);
    b[o + 3] = box[3]; if (b[o + 3] < box[3]) i[o + 3] = bitsUp(i[o + 3]);
  }

  /** Whether the box `box` (min x, y, max x, y) lies inside leaf `leaf`'s fat box (then a move to it needs no update). */
  contains(leaf: number, box: Float64Array): boolean {
    const b = this.bounds, o = 4 * leaf;
    return b[o] <= box[0] && b[o + 1] <= box[1] && box[2] <= b[o + 2] && box[3] <= b[o + 3];
  }

  /** query's traversal: the boxes overlapping `box`, depth first. */
  protected queryAt<C>(level: number, box: Float64Array, visit: (leaf: number, context: C) => boolean, context: C): boolean {
    const b = this.bounds, c1 = this.child1, c2 = this.child2;
    const x0 = box[0], y0 = box[1], x1 = box[2], y1 = box[3];
    let stack: Int32Array = this.stackAt(level), top = 0;
    stack[top++] = this.root;
    while (top > 0) {
      const n = stack[--top], o = 4 * n;
      if (b[o] > x1 || b[o + 2] < x0 || b[o + 1] > y1 || b[o + 3] < y0) continue;
      if (c1[n] === NULL) {
        if (visit(n, context)) return true;
        continue;
      }
      if (top + 2 > stack.length) stack = this.growStack(level);
      stack[top++] = c1[n];
      stack[top++] = c2[n];
    }
    return false;
  }

  /**
   * A ray from `o` along `d` (two numbers each), `o + t·d`, against the leaves: calls `visit(leaf, context)`
   * for every leaf whose fat box it meets at a t in [0, `tMax[0]`] (Kay & Kajiya's slabs), in no particular
   * order. The visitor may lower `tMax[0]` when it finds a hit, and farther boxes are skipped from then on.
   */
  castQuery<C>(o: Float64Array, d: Float64Array, tMax: Float64Array, visit: (leaf: number, context: C) => void, context: C): void {
    if (this.root === NULL) return;
    const level = this.depth++;
    try {
      this.castAt(level, o, d, tMax, visit, context);
    } finally {
      this.depth--;
    }
  }

  private castAt<C>(level: number, o: Float64Array, d: Float64Array, tMax: Float64Array, visit: (leaf: number, context: C) => void, context: C): void {
    const b = this.bounds, c1 = this.child1, c2 = this.child2;
    let stack: Int32Array = this.stackAt(level), top = 0;
    stack[top++] = this.root;
    while (top > 0) {
      const n = stack[--top], k = 4 * n;
      // The slabs against the best t so far; NaN-free (a zero direction component tests the origin).
      let near = 0, far = tMax[0], miss = false;
      for (let a = 0; a < 2; a++) {
        const oa = o[a], da = d[a], lo = b[k + a], hi = b[k + 2 + a];
        if (da === 0) { if (oa < lo || oa > hi) { miss = true; break; } continue; }
        let t1 = (lo - oa) / da, t2 = (hi - oa) / da;
        if (t1 > t2) { const t = t1; t1 = t2; t2 = t; }
        if (t1 > near) near = t1;
        if (t2 < far) far = t2;
        if (near > far) { miss = true; break; }
      }
      if (miss) continue;
      if (c1[n] === NULL) { visit(n, context); continue; }
      if (top + 2 > stack.length) stack = this.growStack(level);
      stack[top++] = c1[n];
      stack[top++] = c2[n];
    }
  }

  protected growBounds(capacity: number): void {
    const bounds = new Float32Array(4 * capacity); bounds.set(this.bounds); this.bounds = bounds;
    this.bits = new Int32Array(bounds.buffer);
  }

  /**
   * The node the leaf's box is paired with: the descent of dynamic-tree.ts's bestSibling (Box2D's
   * InsertLeaf) with the perimeter as a box's cost.
   */
  protected bestSibling(leaf: number): number {
    const b = this.bounds, o = 4 * leaf;
    const lx0 = b[o], ly0 = b[o + 1], lx1 = b[o + 2], ly1 = b[o + 3];
    let n = this.root;
    while (this.child1[n] !== NULL) {
      const p = 4 * n;
      const nodeCost = b[p + 2] - b[p] + b[p + 3] - b[p + 1];
      const unionCost = Math.max(b[p + 2], lx1) - Math.min(b[p], lx0) + Math.max(b[p + 3], ly1) - Math.min(b[p + 1], ly0);
      // Pairing here: a new parent of the union's cost (twice, as in Box2D: the new node and this one's growth).
      const cost = 2 * unionCost;
      const inherited = 2 * (unionCost - nodeCost);
      const c1 = this.child1[n], c2 = this.child2[n];
      const cost1 = this.descendCost(c1, lx0, ly0, lx1, ly1) + inherited;
      const cost2 = this.descendCost(c2, lx0, ly0, lx1, ly1) + inherited;
      if (cost < cost1 && cost < cost2) break;
      n = cost1 < cost2 ? c1 : c2;
    }
    return n;
  }

  /** The cost of going down into node `c` with the leaf's box: its union's perimeter, less its own unless a leaf. */
  private descendCost(c: number, lx0: number, ly0: number, lx1: number, ly1: number): number {
    const b = this.bounds, p = 4 * c;
    const u = Math.max(b[p + 2], lx1) - Math.min(b[p], lx0) + Math.max(b[p + 3], ly1) - Math.min(b[p + 1], ly0);
    return this.child1[c] === NULL ? u : u - (b[p + 2] - b[p] + b[p + 3] - b[p + 1]);
  }

  /** Node n's box = the union of nodes a's and c's (float32 minima and maxima: exact). */
  protected union(n: number, a: number, c: number): void {
    const b = this.bounds, o = 4 * n, oa = 4 * a, oc = 4 * c;
    b[o] = Math.min(b[oa], b[oc]); b[o + 1] = Math.min(b[oa + 1], b[oc + 1]);
    b[o + 2] = Math.max(b[oa + 2], b[oc + 2]); b[o + 3] = Math.max(b[oa + 3], b[oc + 3]);
  }
}
