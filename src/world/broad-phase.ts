/**
 * The world's broad phase: two dynamic AABB trees (bvh/dynamic-tree.ts), one for bodies that move and one
 * for static bodies, as Box2D's b2BroadPhase keeps its proxies. A body's leaf holds a "fat" box (its tight
 * box grown by the margin and a tenth of its largest side, and stretched along its last move), so a small
 * move changes no leaf; a body whose box leaves its fat box is reinserted, and only such bodies (and new
 * ones) look for new pairs. A pair lives while its two fat boxes overlap (narrow-phase.ts keeps them).
 *
 * A half-space (a static body with no finite box) is in neither tree: the broad phase keeps a list of them,
 * pairs each with every moving body whose fat box reaches below its plane (boxAbovePlane), and keeps such a
 * pair while that holds, so a half-space never widens a tree's boxes.
 */
import { DynamicTree } from '../bvh/dynamic-tree.js';
import { createAabb } from '../math/aabb.js';
import { Transform } from '../math/transform.js';
import { HALF_SPACE_KIND_INDEX } from '../shapes/shape.js';
import { boxAbovePlane, type Bodies } from './bodies.js';
import type { NarrowPhase } from './narrow-phase.js';

/** A fat box is the tight box grown by this fraction of its largest side (plus the margin). */
const FAT_FRACTION = 0.1;
/** And stretched by this many times the last move of the box (Box2D's b2_aabbMultiplier is 4 steps). */
const FAT_MOTION = 4;

/** A traversal looking for a body's pairs (visitors are module functions: no closure per body). */
class PairSearch {
  slot = -1;
  tree: DynamicTree | null = null;
  readonly box = new Float64Array(6);
  constructor(readonly bodies: Bodies, readonly narrow: NarrowPhase) {}
}

/** Whether body `slot` is a half-space. */
function isPlane(b: Bodies, slot: number): boolean {
  return b.kind[slot] === HALF_SPACE_KIND_INDEX;
}

export class BroadPhase {
  readonly dynamicTree = new DynamicTree();
  readonly staticTree = new DynamicTree();
  /** The half-space bodies' slots (in neither tree). */
  readonly planes: number[] = [];
  private readonly tight = new Float64Array(6);
  private readonly fat = new Float64Array(6);
  private readonly transform = new Transform();
  private readonly aabb = createAabb();
  private readonly search: PairSearch;

  constructor(private readonly bodies: Bodies, narrow: NarrowPhase, private readonly margin: number) {
    this.search = new PairSearch(bodies, narrow);
  }

  treeOf(slot: number): DynamicTree {
    return this.bodies.isStatic[slot] === 1 ? this.staticTree : this.dynamicTree;
  }

  /** A new body's leaf, from its fat box; it looks for pairs at the next update. */
  insert(slot: number): void {
    const b = this.bodies;
    if (isPlane(b, slot)) {
      this.planes.push(slot);
      b.proxy[slot] = -1;
      b.fresh[slot] = 1;
      return;
    }
    this.fatBox(slot);
    b.proxy[slot] = this.treeOf(slot).insert(this.fat, slot);
    b.fresh[slot] = 1;
  }

  /**
   * A removed body's pairs, through the trees: they are among the leaves its fat box meets, since every
   * pair's fat boxes overlap (after a complete update); then its leaf goes.
   */
  remove(slot: number, pairsOverlap: boolean): void {
    if (isPlane(this.bodies, slot)) {
      this.removePairsOf(slot);
      this.planes.splice(this.planes.indexOf(slot), 1);
      return;
    }
    const tree = this.treeOf(slot);
    if (pairsOverlap) {
      const s = this.search, box = s.box, o = 6 * this.bodies.proxy[slot];
      for (let k = 0; k < 6; k++) box[k] = tree.bounds[o + k];
      s.slot = slot;
      s.tree = this.dynamicTree;
      this.dynamicTree.query(box, removeVisitor, s);
      s.tree = this.staticTree;
      this.staticTree.query(box, removeVisitor, s);
      s.tree = null;
      // And its pairs with the half-spaces, which are in neither tree.
      for (let k = 0; k < this.planes.length; k++) {
        const r = s.narrow.pairs.find(slot, this.planes[k]);
        if (r >= 0) s.narrow.removePair(r);
      }
    } else {
      // An update broke off (a support function threw) with leaves moved and pairs not yet checked.
      this.removePairsOf(slot);
    }
    tree.remove(this.bodies.proxy[slot]);
  }

  /** Every pair of body `slot` goes, found by a scan of the pairs. */
  private removePairsOf(slot: number): void {
    const pairs = this.search.narrow.pairs;
    for (let r = pairs.count - 1; r >= 0; r--) {
      if (pairs.a[r] === slot || pairs.b[r] === slot) this.search.narrow.removePair(r);
    }
  }

  /**
   * The update's broad phase: the moved bodies' tight boxes (those that left their fat boxes reinserted),
   * then the new pairs of every body whose leaf is new or was reinserted, against both trees (a body that
   * stayed inside its fat box has every pair its fat box overlaps already: pairs stay until those part).
   */
  update(): void {
    const b = this.bodies, moved = b.movedList, movedCount = b.movedCount;
    for (let i = 0; i < movedCount; i++) {
      const slot = moved[i];
      b.moved[slot] = 0;
      if (b.alive[slot] === 0) continue;
      b.movedNow[slot] = 1;
      // A half-space moved: it looks for its pairs again, and its pairs check their overlap again.
      if (isPlane(b, slot)) { b.fresh[slot] = 1; b.leafMoved[slot] = 1; continue; }
      // The box's move since the last update (its centre's), which the next ones likely repeat: the last
      // tight box's centre, read before fatBox replaces that box.
      const tb = b.tightBoxes, o = 6 * slot;
      const cx = 0.5 * (tb[o] + tb[o + 3]), cy = 0.5 * (tb[o + 1] + tb[o + 4]), cz = 0.5 * (tb[o + 2] + tb[o + 5]);
      this.fatBox(slot);
      const tree = this.treeOf(slot), t = this.tight;
      const dx = 0.5 * (t[0] + t[3]) - cx, dy = 0.5 * (t[1] + t[4]) - cy, dz = 0.5 * (t[2] + t[5]) - cz;
      if (!tree.contains(b.proxy[slot], t)) {
        // Reinserted: the fat box also stretched along the move, so a steady motion leaves it less often
        // (Box2D's aabbMultiplier).
        const f = this.fat, m = FAT_MOTION;
        if (dx < 0) f[0] += m * dx; else f[3] += m * dx;
        if (dy < 0) f[1] += m * dy; else f[4] += m * dy;
        if (dz < 0) f[2] += m * dz; else f[5] += m * dz;
        tree.update(b.proxy[slot], f);
        b.fresh[slot] = 1;
        b.leafMoved[slot] = 1;
      }
    }
    const s = this.search;
    for (let i = 0; i < movedCount; i++) {
      const slot = moved[i];
      if (b.alive[slot] === 0 || b.fresh[slot] === 0) continue;
      b.fresh[slot] = 0;
      if (isPlane(b, slot)) {
        // Every moving body's leaf whose fat box reaches below the plane.
        s.slot = slot;
        s.tree = this.dynamicTree;
        this.dynamicTree.walk(planeVisitor, s);
        continue;
      }
      const tree = this.treeOf(slot);
      // Its fat box, copied (a subarray view would be an object per body).
      const fat = s.box, o = 6 * b.proxy[slot];
      for (let k = 0; k < 6; k++) fat[k] = tree.bounds[o + k];
      s.slot = slot;
      s.tree = this.dynamicTree;
      this.dynamicTree.query(fat, pairVisitor, s);
      if (b.isStatic[slot] === 0) {
        s.tree = this.staticTree;
        this.staticTree.query(fat, pairVisitor, s);
        for (let k = 0; k < this.planes.length; k++) {
          const plane = this.planes[k];
          if (b.fresh[plane] === 0 && boxAbovePlane(fat, 0, b.frames, plane) <= 0) addIfFiltersAccept(s, slot, plane);
        }
      }
    }
    s.tree = null;
  }

  /** Whether the fat boxes of bodies a and b overlap (touching counts). */
  fatBoxesOverlap(a: number, b: number): boolean {
    const bodies = this.bodies;
    if (isPlane(bodies, a)) return boxAbovePlane(this.treeOf(b).bounds, 6 * bodies.proxy[b], bodies.frames, a) <= 0;
    if (isPlane(bodies, b)) return boxAbovePlane(this.treeOf(a).bounds, 6 * bodies.proxy[a], bodies.frames, b) <= 0;
    const p = bodies.proxy, x = this.treeOf(a).bounds, y = this.treeOf(b).bounds, i = 6 * p[a], j = 6 * p[b];
    return !(x[i] > y[j + 3] || x[i + 3] < y[j] || x[i + 1] > y[j + 4] || x[i + 4] < y[j + 1] || x[i + 2] > y[j + 5] || x[i + 5] < y[j + 2]);
  }

  /**
   * The tight box into `this.tight` (and the body's record) and the fat box (grown by the margin and a tenth
   * of its largest side) into `this.fat`.
   */
  private fatBox(slot: number): void {
    this.bodies.tightBox(slot, this.tight, this.transform, this.aabb);
    const t = this.tight, f = this.fat, tb = this.bodies.tightBoxes, o = 6 * slot;
    for (let k = 0; k < 6; k++) tb[o + k] = t[k];
    const size = Math.max(t[3] - t[0], t[4] - t[1], t[5] - t[2]);
    const grow = this.margin + FAT_FRACTION * size;
    f[0] = t[0] - grow; f[1] = t[1] - grow; f[2] = t[2] - grow; f[3] = t[3] + grow; f[4] = t[4] + grow; f[5] = t[5] + grow;
  }
}

/** A leaf met by body `s.slot`'s fat box: the pair joins the set if both filters accept it. */
const pairVisitor = (leaf: number, s: PairSearch): boolean => {
  const self = s.slot, other = s.tree!.item[leaf], b = s.bodies;
  if (other === self) return false;
  if (b.isStatic[self] === 1 && b.isStatic[other] === 1) return false;
  addIfFiltersAccept(s, self, other);
  return false;
};

/** The pair of `self` and `other` joins the set if both filters accept it. */
function addIfFiltersAccept(s: PairSearch, self: number, other: number): void {
  const b = s.bodies;
  if ((b.group[self] & b.mask[other]) === 0 || (b.group[other] & b.mask[self]) === 0) return;
  s.narrow.addPair(self, other);
}

/** A node of the moving bodies' tree, walked for half-space `s.slot`: a leaf reaching below its plane pairs with it. */
const planeVisitor = (node: number, _depth: number, s: PairSearch): void => {
  const t = s.tree!;
  if (t.child1[node] !== -1) return;
  if (boxAbovePlane(t.bounds, 6 * node, s.bodies.frames, s.slot) <= 0) addIfFiltersAccept(s, t.item[node], s.slot);
};

/** A leaf met by a removed body's fat box: their pair, if any, goes. */
const removeVisitor = (leaf: number, s: PairSearch): boolean => {
  const other = s.tree!.item[leaf];
  if (other === s.slot) return false;
  const r = s.narrow.pairs.find(s.slot, other);
  if (r >= 0) s.narrow.removePair(r);
  return false;
};
