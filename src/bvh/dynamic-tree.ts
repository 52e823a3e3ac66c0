/**
 * A dynamic bounding volume tree over boxes that move: the broad phase's structure (issue 20), in the manner
 * of Box2D's b2DynamicTree (Catto) and Bullet's btDbvt (Presson). Each leaf holds a "fat" box, the object's
 * box grown by a margin (and by its motion), so a small move inside it changes nothing; a move out of it
 * removes the leaf and inserts it again. Insertion descends from the root by the surface-area heuristic
 * (Box2D's InsertLeaf: O(depth); a branch-and-bound search for the best sibling, Bittner et al. 2013, cost
 * 11 % of a 10,000-body world's update for little better trees), and the path back to the root is
 * rebalanced by tree rotations (AVL-style, as Box2D's Balance).
 *
 * The nodes, their links and the rebalancing are tree-nodes.ts's (shared with the plane's tree,
 * plane-tree.ts); the boxes are this file's: node n's at `bounds[6n .. 6n+5]` (min x, y, z, max x, y, z).
 */
import { NULL, TreeNodes } from './tree-nodes.js';

export class DynamicTree extends TreeNodes {
  bounds = new Float64Array(0);

  constructor(initialCapacity = 16) {
    super();
    this.grow(Math.max(2, initialCapacity | 0));
  }

  /** Leaf `leaf`'s box = the first 6 numbers of `box` (copied one by one: a subarray would be an object). */
  protected setBox(leaf: number, box: Float64Array): void {
    const b = this.bounds, o = 6 * leaf;
    b[o] = box[0]; b[o + 1] = box[1]; b[o + 2] = box[2]; b[o + 3] = box[3]; b[o + 4] = box[4]; b[o + 5] = box[5];
  }

  /** Whether the box `box` lies inside leaf `leaf`'s fat box (then a move to it needs no update). */
  contains(leaf: number, box: Float64Array): boolean {
    const b = this.bounds, o = 6 * leaf;
    return b[o] <= box[0] && b[o + 1] <= box[1] && b[o + 2] <= box[2] && box[3] <= b[o + 3] && box[4] <= b[o + 4] && box[5] <= b[o + 5];
  }

  /** query's traversal: the boxes overlapping `box`, depth first. */
  protected queryAt<C>(level: number, box: Float64Array, visit: (leaf: number, context: C) => boolean, context: C): boolean {
    const b = this.bounds, c1 = this.child1, c2 = this.child2;
    const x0 = box[0], y0 = box[1], z0 = box[2], x1 = box[3], y1 = box[4], z1 = box[5];
    let stack: Int32Array = this.stackAt(level), top = 0;
    stack[top++] = this.root;
    while (top > 0) {
      const n = stack[--top], o = 6 * n;
      if (b[o] > x1 || b[o + 3] < x0 || b[o + 1] > y1 || b[o + 4] < y0 || b[o + 2] > z1 || b[o + 5] < z0) continue;
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
   * A box of half-extents `ext` (three numbers; zeros for a ray) swept from centre `o` along `d` (three
   * numbers each), `o + t·d`, against the leaves: calls `visit(leaf, context)` for every leaf whose fat box
   * the swept box meets at a t in [0, `tMax[0]`] (a ray against each box grown by the half-extents,
   * Ericson 5.5), in no particular order. The visitor may lower `tMax[0]` when it finds a hit, and farther
   * boxes are skipped from then on. Do not insert or remove during a query; a query may run inside
   * another's visitor.
   */
  castQuery<C>(o: Float64Array, d: Float64Array, ext: Float64Array, tMax: Float64Array, visit: (leaf: number, context: C) => void, context: C): void {
    if (this.root === NULL) return;
    const level = this.depth++;
    try {
      this.castAt(level, o, d, ext, tMax, visit, context);
    } finally {
      this.depth--;
    }
  }

  private castAt<C>(level: number, o: Float64Array, d: Float64Array, ext: Float64Array, tMax: Float64Array, visit: (leaf: number, context: C) => void, context: C): void {
    const b = this.bounds, c1 = this.child1, c2 = this.child2;
    let stack: Int32Array = this.stackAt(level), top = 0;
    stack[top++] = this.root;
    while (top > 0) {
      const n = stack[--top], k = 6 * n;
      // Kay & Kajiya's slabs against the best t so far; NaN-free (a zero direction component tests the origin).
      let near = 0, far = tMax[0], miss = false;
      for (let a = 0; a < 3; a++) {
        const oa = o[a], da = d[a], lo = b[k + a] - ext[a], hi = b[k + 3 + a] + ext[a];
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
    const bounds = new Float64Array(6 * capacity); bounds.set(this.bounds); this.bounds = bounds;
  }

  /**
   * The node the leaf's box is paired with: a descent from the root by the surface-area heuristic (Box2D's
   * b2DynamicTree::InsertLeaf, after Goldsmith & Salmon 1987): at each inner node, the cost of pairing the
   * leaf with the node itself (a new parent of their union's area) against the cheapest cost of going down
   * into either child (the growth of this node's box, inherited by everything below, plus that child's
   * union with the leaf, less its own area unless it is a leaf); stop where staying is cheapest. O(depth).
   */
  protected bestSibling(leaf: number): number {
    const b = this.bounds, o = 6 * leaf;
    const lx0 = b[o], ly0 = b[o + 1], lz0 = b[o + 2], lx1 = b[o + 3], ly1 = b[o + 4], lz1 = b[o + 5];
    let n = this.root;
    while (this.child1[n] !== NULL) {
      const p = 6 * n;
      const nodeArea = area(b[p + 3] - b[p], b[p + 4] - b[p + 1], b[p + 5] - b[p + 2]);
      const unionArea = area(Math.max(b[p + 3], lx1) - Math.min(b[p], lx0), Math.max(b[p + 4], ly1) - Math.min(b[p + 1], ly0), Math.max(b[p + 5], lz1) - Math.min(b[p + 2], lz0));
      // Pairing here: a new parent of the union's area (twice, as in Box2D: the new node and this one's growth).
      const cost = 2 * unionArea;
      const inherited = 2 * (unionArea - nodeArea);
      const c1 = this.child1[n], c2 = this.child2[n];
      const cost1 = this.descendCost(c1, lx0, ly0, lz0, lx1, ly1, lz1) + inherited;
      const cost2 = this.descendCost(c2, lx0, ly0, lz0, lx1, ly1, lz1) + inherited;
      if (cost < cost1 && cost < cost2) break;
      n = cost1 < cost2 ? c1 : c2;
    }
    return n;
  }

  /** The cost of going down into node `c` with the leaf's box: its union's area, less its own unless a leaf. */
  private descendCost(c: number, lx0: number, ly0: number, lz0: number, lx1: number, ly1: number, lz1: number): number {
    const b = this.bounds, p = 6 * c;
    const u = area(Math.max(b[p + 3], lx1) - Math.min(b[p], lx0), Math.max(b[p + 4], ly1) - Math.min(b[p + 1], ly0), Math.max(b[p + 5], lz1) - Math.min(b[p + 2], lz0));
    return this.child1[c] === NULL ? u : u - area(b[p + 3] - b[p], b[p + 4] - b[p + 1], b[p + 5] - b[p + 2]);
  }

  /** Node n's box = the union of nodes a's and b's. */
  protected union(n: number, a: number, c: number): void {
    const b = this.bounds, o = 6 * n, oa = 6 * a, oc = 6 * c;
    b[o] = Math.min(b[oa], b[oc]); b[o + 1] = Math.min(b[oa + 1], b[oc + 1]); b[o + 2] = Math.min(b[oa + 2], b[oc + 2]);
    b[o + 3] = Math.max(b[oa + 3], b[oc + 3]); b[o + 4] = Math.max(b[oa + 4], b[oc + 4]); b[o + 5] = Math.max(b[oa + 5], b[oc + 5]);
  }

}

/** Half the surface area of a box of sides x, y, z (the heuristic compares areas, so the factor 2 is left out). */
function area(x: number, y: number, z: number): number {
  return x * y + y * z + z * x;
}
