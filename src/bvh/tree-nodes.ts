/**
 * The topology of a dynamic bounding-volume tree (dynamic-tree.ts in space, plane-tree.ts in the plane):
 * nodes in flat typed arrays with a free list, leaves inserted where the subclass's surface-area descent
 * puts them (Box2D's b2DynamicTree, Catto), removed, and the path back to the root refitted and
 * rebalanced by rotations (AVL-style, as Box2D's Balance). The boxes are the subclass's: it stores them,
 * unites two nodes' and chooses a leaf's sibling.
 *
 * Node n: `parent[n]` (−1 at the root; the next free node for a free one), `child1[n]` (−1 for a leaf),
 * `child2[n]` (a leaf's user id, its `item`: a leaf has no second child, so the id costs no array of its
 * own), `height[n]` (0 for a leaf, −1 when free; 16 bits, as Box2D v3's: rotations keep it near 2 log n). The arrays grow by half
 * when full (the only allocation, amortised: their unused tail is part of a body's memory, issue 37).
 */
import { InvalidArgumentError } from '../errors.js';

export const NULL = -1;

/** Largest number of nodes the stack of a query holds before it grows (a balanced tree of 2^31 leaves needs 2·31). */
const INITIAL_STACK = 64;

export abstract class TreeNodes {
  parent = new Int32Array(0);
  child1 = new Int32Array(0);
  child2 = new Int32Array(0);
  height = new Int16Array(0);
  root = NULL;
  private free = NULL;
  protected capacity = 0;
  /** Nodes in use (leaves and inner nodes). */
  nodeCount = 0;
  /** Leaves in use. */
  leafCount = 0;
  /** A traversal stack per nesting level (a query run from inside another's visitor takes the next). */
  private readonly stacks: Int32Array[] = [new Int32Array(INITIAL_STACK)];
  /** How many traversals are running (nested). */
  protected depth = 0;

  /** Each leaf's user id (`item[leaf]`, as given to insert): the leaves' `child2`. */
  get item(): Int32Array {
    return this.child2;
  }

  /** Stores leaf `leaf`'s box from `box` (the subclass's layout). */
  protected abstract setBox(leaf: number, box: Float64Array): void;
  /** Node n's box = the union of nodes a's and c's. */
  protected abstract union(n: number, a: number, c: number): void;
  /** The node the leaf's box is best paired with (the surface-area descent). */
  protected abstract bestSibling(leaf: number): number;
  /** Grows the boxes' storage to `capacity` nodes (contents kept). */
  protected abstract growBounds(capacity: number): void;
  /** query's traversal on the stack of nesting level `level`. */
  protected abstract queryAt<C>(level: number, box: Float64Array, visit: (leaf: number, context: C) => boolean, context: C): boolean;

  /**
   * Calls `visit(leaf, context)` for every leaf whose fat box overlaps `box` (the subclass's layout; touching
   * counts), until it returns true; returns whether it did. Do not insert or remove during a query. A query
   * may run inside another's visitor (each nesting level has a stack of its own).
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

  /**
   * A new leaf for `item` with the box in `box` (already fattened by the caller), and returns its node
   * index (the proxy).
   */
  insert(box: Float64Array, item: number): number {
    const leaf = this.allocate();
    this.setBox(leaf, box);
    this.child2[leaf] = item;
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
  protected stackAt(level: number): Int32Array {
    while (this.stacks.length <= level) this.stacks.push(new Int32Array(INITIAL_STACK));
    return this.stacks[level];
  }

  protected growStack(level: number): Int32Array {
    const old = this.stacks[level];
    const s = new Int32Array(2 * old.length);
    s.set(old);
    this.stacks[level] = s;
    return s;
  }

  protected grow(capacity: number): void {
    const old = this.capacity;
    this.growBounds(capacity);
    const parent = new Int32Array(capacity); parent.set(this.parent); this.parent = parent;
    const child1 = new Int32Array(capacity); child1.set(this.child1); this.child1 = child1;
    const child2 = new Int32Array(capacity); child2.set(this.child2); this.child2 = child2;
    const height = new Int16Array(capacity); height.set(this.height); this.height = height;
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

