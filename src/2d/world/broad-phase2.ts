/**
 * The plane world's broad phase (collision-world2.ts), as the 3D world's (world/broad-phase.ts): two
 * dynamic AABB trees of fat boxes (bvh/plane-tree.ts), one for moving bodies and one for static ones. An
 * update reinserts a moved body's leaf only when its tight box left its fat box, looks for the new pairs
 * of reinserted leaves only, and drops the pairs whose fat boxes parted. So after an update every pair's
 * fat boxes overlap, and the trees change only in update and remove: remove uses this to find a body's
 * pairs through the trees in O(log n + k).
 */
import { PlaneTree } from '../../bvh/plane-tree.js';
import type { Bodies2 } from './bodies2.js';
import type { Pairs2 } from './pairs2.js';

/** A fat box is the tight box grown by this fraction of its largest side (plus the margin), as in 3D. */
const FAT_FRACTION = 0.1;
/** And stretched by this many times the body's last move (Box2D's b2_aabbMultiplier is 4 steps), as in 3D. */
const FAT_MOTION = 4;

export class BroadPhase2 {
  /** Moving bodies' fat boxes, and static bodies'. */
  readonly dynamicTree = new PlaneTree();
  readonly staticTree = new PlaneTree();
  /** The slots whose leaves an update moved (they look for new pairs), and how many. */
  private moved = new Int32Array(64);
  private movedCount = 0;
  /**
   * Whether every pair's leaves overlap (true after an update that finished): remove then finds a body's
   * pairs through the trees. An update that threw part way may have moved leaves of unchecked pairs.
   */
  pairsOverlap = true;
  /** The body looking for pairs, and the tree searched (the query's visitors read them: no closure). */
  searchSlot = -1;
  searchTree: PlaneTree | null = null;
  private readonly tight = new Float64Array(4);
  private readonly fat = new Float64Array(4);
  private readonly leafBoxRecord = new Float64Array(4);

  constructor(private readonly bodies: Bodies2, readonly pairs: Pairs2, private readonly margin: number) {}

  /** Body `slot`'s tree. */
  treeOf(slot: number): PlaneTree {
    return this.bodies.isStatic[slot] === 1 ? this.staticTree : this.dynamicTree;
  }

  /**
   * An update's broad phase: moved bodies' leaves, their new pairs, and the pairs whose fat boxes parted
   * dropped into the pairs' ended list (records stay put from then on). Sets pairsOverlap false: the
   * update sets it again once its narrow phase is done.
   */
  update(): void {
    const b = this.bodies, P = this.pairs, set = P.set;
    this.pairsOverlap = false;
    // A moved body's leaf is replaced when its tight box left its fat box.
    this.movedCount = 0;
    for (let slot = 0; slot < b.shapes.length; slot++) {
      if (b.shapes[slot] === null || b.dirty[slot] === 0) continue;
      b.dirty[slot] = 0;
      // The move since the last update, which the next ones likely repeat.
      const dx = b.move[2 * slot], dy = b.move[2 * slot + 1];
      b.move[2 * slot] = 0; b.move[2 * slot + 1] = 0;
      const tree = this.treeOf(slot), leaf = b.leaf[slot];
      const tight = b.tightBoxInto(slot, this.tight);
      if (leaf >= 0 && tree.contains(leaf, tight)) continue;
      // The fat box: grown by the margin and a tenth of its larger side, and stretched along the move, so a
      // steady motion leaves it less often (Box2D's aabbMultiplier; the 3D world's FAT_MOTION).
      const f = this.fat, grow = this.margin + FAT_FRACTION * Math.max(tight[2] - tight[0], tight[3] - tight[1]);
      f[0] = tight[0] - grow; f[1] = tight[1] - grow; f[2] = tight[2] + grow; f[3] = tight[3] + grow;
      if (dx < 0) f[0] += FAT_MOTION * dx; else f[2] += FAT_MOTION * dx;
      if (dy < 0) f[1] += FAT_MOTION * dy; else f[3] += FAT_MOTION * dy;
      if (leaf < 0) b.leaf[slot] = tree.insert(f, slot);
      else tree.update(leaf, f);
      if (this.movedCount === this.moved.length) { const m = new Int32Array(Math.ceil(1.5 * this.moved.length)); m.set(this.moved); this.moved = m; }
      this.moved[this.movedCount++] = slot;
    }
    // New pairs: each moved body against the trees.
    for (let k = 0; k < this.movedCount; k++) {
      const slot = this.moved[k], box = this.leafBox(slot);
      this.searchSlot = slot;
      this.searchTree = this.dynamicTree;
      this.dynamicTree.query(box, visitLeaf, this);
      if (b.isStatic[slot] === 0) { this.searchTree = this.staticTree; this.staticTree.query(box, visitLeaf, this); }
    }
    this.searchTree = null;
    // Pairs go when their fat boxes part (which only a moved leaf can make them do).
    const moved = b.leafMoved;
    for (let k = 0; k < this.movedCount; k++) moved[this.moved[k]] = 1;
    for (let r = set.count - 1; r >= 0; r--) {
      const sa = set.a[r], sb = set.b[r];
      if ((moved[sa] === 1 || moved[sb] === 1) && !this.leavesOverlap(sa, sb)) P.drop(r, P.ended);
    }
    for (let k = 0; k < this.movedCount; k++) moved[this.moved[k]] = 0;
  }

  /**
   * Body `slot` leaves: its pairs go (a touching one to the pairs' removedTouching), then its leaf. Its
   * pairs are among the leaves its fat box meets: O(log n + k), not a scan of every pair (a static body
   * pairs with moving ones only); after an update that broke off, a scan.
   */
  remove(slot: number): void {
    const b = this.bodies, P = this.pairs, set = P.set, leaf = b.leaf[slot];
    if (leaf < 0) return;
    if (this.pairsOverlap) {
      const box = this.leafBox(slot);
      this.searchSlot = slot;
      this.searchTree = this.dynamicTree; this.dynamicTree.query(box, dropPairVisitor, this);
      if (b.isStatic[slot] === 0) { this.searchTree = this.staticTree; this.staticTree.query(box, dropPairVisitor, this); }
      this.searchTree = null;
    } else {
      for (let r = set.count - 1; r >= 0; r--) if (set.a[r] === slot || set.b[r] === slot) P.drop(r, P.removedTouching);
    }
    this.treeOf(slot).remove(leaf);
  }

  /** Pairs slots a and b (once), when they may pair: not one body, not two static ones, their filters meet. */
  consider(a: number, b: number): void {
    if (a === b) return;
    const B = this.bodies;
    if (B.isStatic[a] === 1 && B.isStatic[b] === 1) return;
    if (!B.filtersMeet(a, b)) return;
    this.pairs.add(a, b);
  }

  /** Drops the pair of the body being removed (searchSlot) with body `other`, if there is one. */
  dropPairWith(other: number): void {
    const r = this.pairs.set.find(this.searchSlot, other);
    if (r >= 0) this.pairs.drop(r, this.pairs.removedTouching);
  }

  /** Whether bodies sa's and sb's leaves (fat boxes) overlap, touching counts. */
  private leavesOverlap(sa: number, sb: number): boolean {
    const B = this.bodies, ba = this.treeOf(sa).bounds, bb = this.treeOf(sb).bounds;
    const oa = 4 * B.leaf[sa], ob = 4 * B.leaf[sb];
    return !(ba[oa] > bb[ob + 2] || ba[oa + 2] < bb[ob] || ba[oa + 1] > bb[ob + 3] || ba[oa + 3] < bb[ob + 1]);
  }

  /** Body `slot`'s leaf box (its fat box in its tree), into a scratch record. */
  private leafBox(slot: number): Float64Array {
    const tree = this.treeOf(slot), leaf = this.bodies.leaf[slot], out = this.leafBoxRecord;
    for (let k = 0; k < 4; k++) out[k] = tree.bounds[4 * leaf + k];
    return out;
  }
}

/** remove's tree query's visitor: the pair of the body removed with the leaf's body goes. */
function dropPairVisitor(leaf: number, s: BroadPhase2): boolean {
  s.dropPairWith(s.searchTree!.item[leaf]);
  return false;
}

/** An update's tree query's visitor: the leaf's body considered as a pair of the searching one. */
function visitLeaf(leaf: number, s: BroadPhase2): boolean {
  s.consider(s.searchSlot, s.searchTree!.item[leaf]);
  return false;
}
