/**
 * A dynamic bounding volume tree over boxes that move: the broad phase's structure (issue 20), in the manner
 * of Box2D's b2DynamicTree (Catto) and Bullet's btDbvt (Presson). Each leaf holds a "fat" box, the object's
 * box grown by a margin (and by its motion), so a small move inside it changes nothing; a move out of it
 * removes the leaf and inserts it again. Insertion descends from the root by the surface-area heuristic
 * (Box2D's InsertLeaf: O(depth); a branch-and-bound search for the best sibling, Bittner et al. 2013, cost
 * 11 % of a 10,000-body world's update for little better trees), and the path back to the root is
 * rebalanced by tree rotations (AVL-style, as Box2D's Balance).
 *
 * Flat typed arrays, no object per node, a free list of nodes; the arrays grow by half when full (the only
 * allocation, amortised). Node n: box at `bounds[6n .. 6n+5]`, `parent[n]` (−1 at the root; the next free
 * node for a free one), `child1[n]`, `child2[n]` (−1 for a leaf), `height[n]` (0 for a leaf, −1 when free),
 * `item[n]` (a leaf's user id).
 */
import { InvalidArgumentError } from '../errors.js';

const NULL = -1;

/** Largest number of nodes the stack of a query holds before it grows (a balanced tree of 2^31 leaves needs 2·31). */
const INITIAL_STACK = 64;

export class DynamicTree {
  bounds: Float64Array;
  parent: Int32Array;
  child1: Int32Array;
  child2: Int32Array;
  height: Int32Array;
  item: Int32Array;
  root = NULL;
  private free = NULL;
  private capacity = 0;
  /** Nodes in use (leaves and inner nodes). */
  nodeCount = 0;
  /** Leaves in use. */
  leafCount = 0;
  /** A traversal stack per nesting level (a query run from inside another's visitor takes the next). */
  private readonly stacks: Int32Array[] = [new Int32Array(INITIAL_STACK)];
  /** How many traversals are running (nested). */
  private depth = 0;

  constructor(initialCapacity = 16) {
    this.bounds = new Float64Array(0);
    this.parent = new Int32Array(0);
    this.child1 = new Int32Array(0);
    this.child2 = new Int32Array(0);
    this.height = new Int32Array(0);
    this.item = new Int32Array(0);
    this.grow(Math.max(2, initialCapacity | 0));
  }

  /**
   * A new leaf for `item` with the box (min x, y, z, max x, y, z) in `box` (already fattened by the caller),
   * and returns its node index (the proxy).
   */
  insert(box: Float64Array, item: number): number {
    const leaf = this.allocate();
    this.setBox(leaf, box);
    this.item[leaf] = item;
    this.height[leaf] = 0;
    this.insertLeaf(leaf);
    this.leafCount++;
    return leaf;
  }

  /** Removes the leaf `leaf` (a proxy from insert). */
  remove(leaf: number): void {
    this.checkLeaf(leaf);
    this.removeLeaf(leaf);
    this.release(leaf);
    this.leafCount--;
  }

  /**
   * Gives leaf `leaf` the box `box` (reinserting it): the caller moves a leaf only when its object's box has
   * left the fat box, and passes the new fat box.
   */
  update(leaf: number, box: Float64Array): void {
    this.checkLeaf(leaf);
    this.removeLeaf(leaf);
    this.setBox(leaf, box);
    this.insertLeaf(leaf);
  }

  /** Leaf `leaf`'s box = the first 6 numbers of `box` (copied one by one: a subarray would be an object). */
  private setBox(leaf: number, box: Float64Array): void {
    const b = this.bounds, o = 6 * leaf;
    b[o] = box[0]; b[o + 1] = box[1]; b[o + 2] = box[2]; b[o + 3] = box[3]; b[o + 4] = box[4]; b[o + 5] = box[5];
  }

  /** Whether the box `box` lies inside leaf `leaf`'s fat box (then a move to it needs no update). */
  contains(leaf: number, box: Float64Array): boolean {
    const b = this.bounds, o = 6 * leaf;
    return b[o] <= box[0] && b[o + 1] <= box[1] && b[o + 2] <= box[2] && box[3] <= b[o + 3] && box[4] <= b[o + 4] && box[5] <= b[o + 5];
  }

  /**
   * Calls `visit(leaf, context)` for every leaf whose fat box overlaps `box` (touching counts), until it
   * returns true; returns whether it did. Do not insert or remove during a query. A query may run inside
   * another's visitor (each nesting level has a stack of its own).
   */
  query<C>(box: Float64Array, visit: (leaf: number, context: C) => boolean, context: C): boolean {
    if (this.root === NULL) return false;
    const level = this.depth++;
    try {
      return this.queryAt(level, box, visit, context);
    } finally {
      this.depth--;
    }
  }

  private queryAt<C>(level: number, box: Float64Array, visit: (leaf: number, context: C) => boolean, context: C): boolean {
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

  /**
   * Calls `visit(node, depth, context)` for every node (inner nodes and leaves; depth 0 at the root),
   * parents before children: for drawing the tree. Do not insert or remove during the walk.
   */
  walk<C>(visit: (node: number, depth: number, context: C) => void, context: C): void {
    if (this.root === NULL) return;
    const level = this.depth++;
    try {
      // (node, depth) pairs on the stack.
      let stack: Int32Array = this.stackAt(level), top = 0;
      stack[top++] = this.root; stack[top++] = 0;
      while (top > 0) {
        const depth = stack[--top], n = stack[--top];
        visit(n, depth, context);
        if (this.child1[n] === NULL) continue;
        if (top + 4 > stack.length) stack = this.growStack(level);
        stack[top++] = this.child1[n]; stack[top++] = depth + 1;
        stack[top++] = this.child2[n]; stack[top++] = depth + 1;
      }
    } finally {
      this.depth--;
    }
  }

  /** The tree's height (0 for a single leaf, −1 when empty). */
  get treeHeight(): number {
    return this.root === NULL ? -1 : this.height[this.root];
  }

  // -------------------------------------------------------------------------------------------------

  private checkLeaf(leaf: number): void {
    if (!(Number.isInteger(leaf) && leaf >= 0 && leaf < this.capacity && this.height[leaf] === 0)) {
      throw new InvalidArgumentError('proxy', `is ${String(leaf)}; expected a leaf of this tree (from insert, not removed)`);
    }
  }

  /** The traversal stack of nesting level `level` (made on first use). */
  private stackAt(level: number): Int32Array {
    while (this.stacks.length <= level) this.stacks.push(new Int32Array(INITIAL_STACK));
    return this.stacks[level];
  }

  private growStack(level: number): Int32Array {
    const old = this.stacks[level];
    const s = new Int32Array(2 * old.length);
    s.set(old);
    this.stacks[level] = s;
    return s;
  }

  private grow(capacity: number): void {
    const old = this.capacity;
    const bounds = new Float64Array(6 * capacity); bounds.set(this.bounds); this.bounds = bounds;
    const parent = new Int32Array(capacity); parent.set(this.parent); this.parent = parent;
    const child1 = new Int32Array(capacity); child1.set(this.child1); this.child1 = child1;
    const child2 = new Int32Array(capacity); child2.set(this.child2); this.child2 = child2;
    const height = new Int32Array(capacity); height.set(this.height); this.height = height;
    const item = new Int32Array(capacity); item.set(this.item); this.item = item;
    // The new nodes onto the free list, lowest first.
    for (let n = capacity - 1; n >= old; n--) {
      parent[n] = this.free;
      height[n] = -1;
      this.free = n;
    }
    this.capacity = capacity;
  }

  private allocate(): number {
    // (By half again, not twice: the arrays' unused tail is part of a body's memory, issue 37.)
    if (this.free === NULL) this.grow(Math.ceil(1.5 * this.capacity));
    const n = this.free;
    this.free = this.parent[n];
    this.parent[n] = NULL;
    this.child1[n] = NULL;
    this.child2[n] = NULL;
    this.height[n] = 0;
    this.item[n] = -1;
    this.nodeCount++;
    return n;
  }

  private release(n: number): void {
    this.parent[n] = this.free;
    this.height[n] = -1;
    this.free = n;
    this.nodeCount--;
  }

  private insertLeaf(leaf: number): void {
    if (this.root === NULL) {
      this.root = leaf;
      this.parent[leaf] = NULL;
      return;
    }
    const sibling = this.bestSibling(leaf);
    const oldParent = this.parent[sibling];
    const newParent = this.allocate();
    this.parent[newParent] = oldParent;
    this.union(newParent, leaf, sibling);
    this.height[newParent] = this.height[sibling] + 1;
    this.child1[newParent] = sibling;
    this.child2[newParent] = leaf;
    this.parent[sibling] = newParent;
    this.parent[leaf] = newParent;
    if (oldParent === NULL) this.root = newParent;
    else if (this.child1[oldParent] === sibling) this.child1[oldParent] = newParent;
    else this.child2[oldParent] = newParent;
    this.refit(this.parent[leaf]);
  }

  private removeLeaf(leaf: number): void {
    if (leaf === this.root) {
      this.root = NULL;
      return;
    }
    const p = this.parent[leaf], grand = this.parent[p];
    const sibling = this.child1[p] === leaf ? this.child2[p] : this.child1[p];
    if (grand === NULL) {
      this.root = sibling;
      this.parent[sibling] = NULL;
    } else {
      if (this.child1[grand] === p) this.child1[grand] = sibling; else this.child2[grand] = sibling;
      this.parent[sibling] = grand;
    }
    this.release(p);
    if (grand !== NULL) this.refit(grand);
    this.parent[leaf] = NULL;
  }

  /**
   * The node the leaf's box is paired with: a descent from the root by the surface-area heuristic (Box2D's
   * b2DynamicTree::InsertLeaf, after Goldsmith & Salmon 1987): at each inner node, the cost of pairing the
   * leaf with the node itself (a new parent of their union's area) against the cheapest cost of going down
   * into either child (the growth of this node's box, inherited by everything below, plus that child's
   * union with the leaf, less its own area unless it is a leaf); stop where staying is cheapest. O(depth).
   */
  private bestSibling(leaf: number): number {
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
  private union(n: number, a: number, c: number): void {
    const b = this.bounds, o = 6 * n, oa = 6 * a, oc = 6 * c;
    b[o] = Math.min(b[oa], b[oc]); b[o + 1] = Math.min(b[oa + 1], b[oc + 1]); b[o + 2] = Math.min(b[oa + 2], b[oc + 2]);
    b[o + 3] = Math.max(b[oa + 3], b[oc + 3]); b[o + 4] = Math.max(b[oa + 4], b[oc + 4]); b[o + 5] = Math.max(b[oa + 5], b[oc + 5]);
  }

  /** From `n` to the root: rebalance, then fix each node's height and box. */
  private refit(n: number): void {
    while (n !== NULL) {
      n = this.balance(n);
      const a = this.child1[n], c = this.child2[n];
      this.height[n] = 1 + Math.max(this.height[a], this.height[c]);
      this.union(n, a, c);
      n = this.parent[n];
    }
  }

  /**
   * If node `a`'s children differ in height by more than 1, rotates the taller child up (Box2D's Balance: the
   * taller child's child that keeps the smaller box stays with it), and returns the node now in `a`'s place.
   */
  private balance(a: number): number {
    if (this.child1[a] === NULL || this.height[a] < 2) return a;
    const b = this.child1[a], c = this.child2[a];
    const diff = this.height[c] - this.height[b];
    if (diff > 1) return this.rotate(a, c, b);
    if (diff < -1) return this.rotate(a, b, c);
    return a;
  }

  /** Rotates `up` (a child of `a`, taller than its sibling `other`) into `a`'s place; returns `up`. */
  private rotate(a: number, up: number, other: number): number {
    const f = this.child1[up], g = this.child2[up];
    // `up` takes `a`'s place.
    this.child1[up] = a;
    this.parent[up] = this.parent[a];
    this.parent[a] = up;
    const p = this.parent[up];
    if (p === NULL) this.root = up;
    else if (this.child1[p] === a) this.child1[p] = up;
    else this.child2[p] = up;
    // Of up's children, the taller stays with up; the other goes under a, beside `other`.
    const fTaller = this.height[f] > this.height[g];
    const keep = fTaller ? f : g, give = fTaller ? g : f;
    this.child2[up] = keep;
    if (this.child1[a] === up) this.child1[a] = give; else this.child2[a] = give;
    this.parent[give] = a;
    this.union(a, other, give);
    this.height[a] = 1 + Math.max(this.height[other], this.height[give]);
    this.union(up, a, keep);
    this.height[up] = 1 + Math.max(this.height[a], this.height[keep]);
    return up;
  }
}

/** Half the surface area of a box of sides x, y, z (the heuristic compares areas, so the factor 2 is left out). */
function area(x: number, y: number, z: number): number {
  return x * y + y * z + z * x;
}
