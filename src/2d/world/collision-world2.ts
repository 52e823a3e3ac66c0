/**
 * A collision world in the plane: the facade.
 * Bodies (bodies2.ts: any 2D shape at a pose, handles never reused), a broad phase of two dynamic AABB
 * trees of fat boxes (bvh/dynamic-tree.ts, boxes flat in z: its surface-area heuristic is then the boxes'
 * area), as the 3D world's (world/broad-phase.ts), the pairs and their exact narrow phase (pairs2.ts: each
 * pair's 2D `contact`, skipped while its bodies' travel stays below its clearance), and the queries
 * against every body (scene-queries2.ts). Every answer is the pairwise query's, bit for bit; an update
 * allocates nothing once its arrays have grown.
 *
 * What the 3D world has and this one has not: `updateAsync` (the narrow phase shared with a BatchPool's
 * workers), compounds and meshes (the plane has none).
 */
import { describeValue, InvalidArgumentError, InvalidNumberError } from '../../errors.js';
import { PlaneTree } from '../../bvh/plane-tree.js';
import { checkMotion2, type Motion2 } from '../cast2.js';
import { checkManifoldOut, contactManifold, createManifold, type Manifold } from '../manifold2.js';
import { checkHitOut, checkOut, hitOutNotWritable, isUnwritable, outNotWritable } from '../../query/pair/out-record.js';
import { checkShape2, type Shape2 } from '../shapes/shape2.js';
import { createPose2, type Pose2Like, type Vec2Like } from '../types.js';
import { Bodies2, readPose2 } from './bodies2.js';
import { KeptManifolds2 } from './manifolds2.js';
import { checkFilter, checkOptions, checkVec2, checkVisit, filter, RayRead, rayOptions } from './world-args2.js';
import { createWorldContact2, Pairs2, type WorldContact2 } from './pairs2.js';

export { createWorldContact2, type WorldContact2 };
import {
  createWorldRayHit2, createWorldShapeCastResult2, SceneQueries2,
  type WorldRayCastOptions2, type WorldRayHit2, type WorldShapeCastOptions2, type WorldShapeCastResult2,
} from './scene-queries2.js';

export { createWorldRayHit2, createWorldShapeCastResult2, type WorldRayCastOptions2, type WorldRayHit2, type WorldShapeCastOptions2, type WorldShapeCastResult2 };

/** Options of {@link CollisionWorld2}. */
export interface World2Options {
  /** Pairs are contacts down to this separation (world units, ≥ 0; default 0: touching or overlapping). */
  margin?: number;
  /**
   * Keep every touching pair's contact manifold (default false), refreshed by each update with a cache a
   * pair (the 2D `ManifoldCache`: a stable reference edge, the last answer reused at rest), read by
   * {@link CollisionWorld2.manifold}. Without it, `manifold(i)` computes the pair's manifold when called.
   */
  manifolds?: boolean;
}

/** Options of {@link CollisionWorld2.add}. */
export interface Body2Options {
  /** A static body never moves and never pairs with another static body. */
  static?: boolean;
  /** 32-bit filters: a pair is tested when each body's group meets the other's mask (defaults 1 and all bits). */
  group?: number;
  /** See `group`. */
  mask?: number;
  /** Anything of yours, returned by `userData(handle)`. */
  userData?: unknown;
}



/** A fat box is the tight box grown by this fraction of its largest side (plus the margin), as in 3D. */
const FAT_FRACTION = 0.1;
/** And stretched by this many times the body's last move (Box2D's b2_aabbMultiplier is 4 steps), as in 3D. */
const FAT_MOTION = 4;

/**
 * Many bodies in the plane: `add` them, move them with `setPose`, `update()`, then read the touching
 * pairs (`contactCount`, `contact(i)`, `manifold(i)`, `beganTouching`, `endedTouching`) and ask scene
 * queries (`queryAabb`, `overlapShape`, `rayCast`, `rayCastAll`, `shapeCast`). Every answer is the
 * pairwise 2D query's on the bodies' poses, bit for bit; an update allocates nothing once its arrays have
 * grown. A collision layer, not a physics engine: nothing moves unless you move it.
 */
export class CollisionWorld2 {
  /** Pairs are contacts down to this separation (read-only after construction). */
  readonly margin: number;
  /** Whether touching pairs keep their manifolds (read-only after construction). */
  readonly keepsManifolds: boolean;
  private readonly bodies = new Bodies2();
  /** @internal The broad phase: moving bodies' fat boxes, and static bodies'. */
  readonly dynamicTree = new PlaneTree();
  /** @internal */ readonly staticTree = new PlaneTree();
  private readonly pairs: Pairs2;
  /** The slots whose leaves an update moved (they look for new pairs), and how many. */
  private moved = new Int32Array(64);
  private movedCount = 0;
  /**
   * Whether every pair's leaves overlap (true after an update that finished): remove then finds a body's
   * pairs through the trees. An update that threw part way may have moved leaves of unchecked pairs.
   */
  private pairsOverlap = true;
  /** @internal The body looking for pairs, and the tree searched (the query's visitor reads them: no closure). */
  searchSlot = -1;
  /** @internal */ searchTree: PlaneTree | null = null;
  private busy = false;
  private readonly fat = new Float64Array(4);
  private readonly poseA: Pose2Like = { position: { x: 0, y: 0 }, angle: 0 };
  private readonly poseB: Pose2Like = { position: { x: 0, y: 0 }, angle: 0 };
  private readonly read = new Float64Array(3);
  private readonly scratchContact = createWorldContact2();
  private readonly rayRead = new RayRead();
  /** The pose of a query's shape, as read (overlapShape, shapeCast). */
  private readonly queryPose: Pose2Like = { position: { x: 0, y: 0 }, angle: 0 };
  /** The record forEachContact refills (not re-entered: the world refuses calls from its callbacks). */
  private readonly eachContact = createWorldContact2();
  private readonly scene: SceneQueries2;

  /** @throws InvalidArgumentError / InvalidNumberError naming a bad option. */
  constructor(options?: World2Options | null) {
    let margin = 0, manifolds = false;
    if (options != null) {
      checkOptions(options, ['margin', 'manifolds']);
      const m = options.margin, mf = options.manifolds;
      if (m !== undefined && !(typeof m === 'number' && m >= 0 && m < Infinity)) throw new InvalidArgumentError('options.margin', `is ${describeValue(m)}; expected a finite number >= 0`);
      if (m !== undefined) margin = m;
      if (mf !== undefined && typeof mf !== 'boolean') throw new InvalidArgumentError('options.manifolds', `is ${describeValue(mf)}; expected true or false`);
      manifolds = mf === true;
    }
    this.margin = margin;
    this.keepsManifolds = manifolds;
    this.scene = new SceneQueries2(this.bodies, [this.dynamicTree, this.staticTree]);
    this.pairs = new Pairs2(this.bodies, margin, manifolds ? new KeptManifolds2(margin) : null);
  }

  /** Bodies in the world. */
  get size(): number { return this.bodies.count; }

  /**
   * A count of the changes made to the world's bodies (each add, setPose and remove): equal at two times,
   * nothing was added, moved or removed between them (what a cache of answers about the world checks).
   */
  get stamp(): number { return this.changes; }
  private changes = 0;

  /**
   * Adds a body and returns its handle (never reused). The pose is copied; the body takes part from the
   * next update.
   * @throws InvalidShapeError, InvalidNumberError, InvalidArgumentError naming the bad argument.
   */
  add(shape: Shape2, pose: Pose2Like, options?: Body2Options | null): number {
    this.guard();
    checkShape2(shape, 'shape');
    readPose2(pose, 'pose', this.read);
    let isStatic = false, group = 1, mask = 0xffffffff, userData: unknown;
    if (options != null) {
      checkOptions(options, ['static', 'group', 'mask', 'userData']);
      if (options.static !== undefined && typeof options.static !== 'boolean') throw new InvalidArgumentError('options.static', `is ${describeValue(options.static)}; expected true or false`);
      isStatic = options.static === true;
      group = filter(options.group, 'options.group', 1);
      mask = filter(options.mask, 'options.mask', 0xffffffff);
      userData = options.userData;
    }
    const r = this.read, slot = this.bodies.add(shape, r[0], r[1], r[2], isStatic, group, mask, userData);
    this.changes++;
    return this.bodies.handles[slot];
  }

  /**
   * Moves a body (a static one may not move).
   * @throws InvalidArgumentError naming `handle` or a static body; InvalidNumberError naming the pose's bad part.
   */
  setPose(handle: number, pose: Pose2Like): void {
    this.guard();
    const b = this.bodies, slot = b.slotOf(handle, 'handle');
    if (b.isStatic[slot] === 1) throw new InvalidArgumentError('handle', `is ${handle}, a static body; a static body does not move`);
    readPose2(pose, 'pose', this.read);
    b.setPose(slot, this.read);
    this.changes++;
  }

  /** Removes a body; its pairs go with it (a touching one is reported by the next update's endedTouching). */
  remove(handle: number): void {
    this.guard();
    const b = this.bodies, slot = b.slotOf(handle, 'handle');
    const P = this.pairs, set = P.set, leaf = b.leaf[slot];
    if (leaf >= 0 && this.pairsOverlap) {
      // Its pairs are among the leaves its fat box meets (a pair lives while its fat boxes overlap, and
      // leaves change only in update): O(log n + k), not a scan of every pair. A static body pairs with
      // moving ones only.
      const box = this.leafBox(slot);
      this.searchSlot = slot;
      this.searchTree = this.dynamicTree; this.dynamicTree.query(box, dropPairVisitor, this);
      if (b.isStatic[slot] === 0) { this.searchTree = this.staticTree; this.staticTree.query(box, dropPairVisitor, this); }
      this.searchTree = null;
    } else if (leaf >= 0) {
      // An update broke off (a shape's support threw) with leaves moved and pairs not yet checked: a scan.
      for (let r = set.count - 1; r >= 0; r--) if (set.a[r] === slot || set.b[r] === slot) P.drop(r, P.removedTouching);
    }
    if (leaf >= 0) (b.isStatic[slot] === 1 ? this.staticTree : this.dynamicTree).remove(leaf);
    b.remove(slot);
    this.changes++;
  }

  /** Whether `handle` is a body of this world. */
  has(handle: number): boolean {
    try { this.bodies.slotOf(handle, 'handle'); return true; } catch { return false; }
  }

  /** Updates the trees, the pairs and their contacts. Allocation-free once the arrays have grown. */
  update(): void {
    this.guard();
    const b = this.bodies, P = this.pairs, set = P.set;
    const ended = P.removedTouching; P.removedTouching = P.ended; P.ended = ended; P.removedTouching.length = 0;
    this.pairsOverlap = false;
    // Broad phase: a moved body's leaf is replaced when its tight box left its fat box.
    this.movedCount = 0;
    for (let slot = 0; slot < b.shapes.length; slot++) {
      if (b.shapes[slot] === null || b.dirty[slot] === 0) continue;
      b.dirty[slot] = 0;
      // The move since the last update, which the next ones likely repeat.
      const dx = b.move[2 * slot], dy = b.move[2 * slot + 1];
      b.move[2 * slot] = 0; b.move[2 * slot + 1] = 0;
      const tree = b.isStatic[slot] === 1 ? this.staticTree : this.dynamicTree, leaf = b.leaf[slot];
      const tight = this.tightOf(slot);
      if (leaf >= 0 && tree.contains(leaf, tight)) continue;
      this.fatOfTight();
      // Reinserted: the fat box also stretched along the move, so a steady motion leaves it less often
      // (Box2D's aabbMultiplier; the 3D world's FAT_MOTION).
      const f = this.fat;
      if (dx < 0) f[0] += FAT_MOTION * dx; else f[2] += FAT_MOTION * dx;
      if (dy < 0) f[1] += FAT_MOTION * dy; else f[3] += FAT_MOTION * dy;
      if (leaf < 0) b.leaf[slot] = tree.insert(this.fat, slot);
      else tree.update(leaf, this.fat);
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
    // The pairs: dropped when their fat boxes part (which only a moved leaf can make them do), else their
    // exact contact.
    const moved = b.leafMoved;
    for (let k = 0; k < this.movedCount; k++) moved[this.moved[k]] = 1;
    for (let r = set.count - 1; r >= 0; r--) {
      const sa = set.a[r], sb = set.b[r];
      if ((moved[sa] === 1 || moved[sb] === 1) && !this.leavesOverlap(sa, sb)) { P.drop(r, P.ended); continue; }
      const was = P.touching(r), now = P.narrow(r);
      if (was && !now) P.ended.push(b.handles[sa], b.handles[sb]);
    }
    for (let k = 0; k < this.movedCount; k++) moved[this.moved[k]] = 0;
    this.pairsOverlap = true;
  }

  /** @internal Drops the pair of the body being removed (searchSlot) with the leaf's body, if there is one. */
  dropPairWith(other: number): void {
    const r = this.pairs.set.find(this.searchSlot, other);
    if (r >= 0) this.pairs.drop(r, this.pairs.removedTouching);
  }

  /** Whether bodies sa's and sb's leaves (fat boxes) overlap, touching counts. */
  private leavesOverlap(sa: number, sb: number): boolean {
    const B = this.bodies, ba = (B.isStatic[sa] === 1 ? this.staticTree : this.dynamicTree).bounds, bb = (B.isStatic[sb] === 1 ? this.staticTree : this.dynamicTree).bounds;
    const oa = 4 * B.leaf[sa], ob = 4 * B.leaf[sb];
    return !(ba[oa] > bb[ob + 2] || ba[oa + 2] < bb[ob] || ba[oa + 1] > bb[ob + 3] || ba[oa + 3] < bb[ob + 1]);
  }

  /** Contacts (pairs within the margin) after the last update. */
  get contactCount(): number { return this.pairs.rowCount; }

  /**
   * The `index`-th contact after the last update (0 ≤ index < contactCount), into `out` or a new record.
   * @throws InvalidArgumentError naming `index` out of range.
   */
  contact(index: number, out?: WorldContact2 | null): WorldContact2 {
    const P = this.pairs;
    if (!(Number.isInteger(index) && index >= 0 && index < P.rowCount)) {
      throw new InvalidArgumentError('index', `is ${describeValue(index)}; expected an integer from 0 to ${P.rowCount - 1}`);
    }
    if (out == null) return P.read(P.rowOwner[index], createWorldContact2());
    checkOut(out, 'createWorldContact2');
    try {
      return P.read(P.rowOwner[index], out);
    } catch (e) {
      throw e instanceof TypeError && isUnwritable(out, 2) ? outNotWritable('createWorldContact2') : e;
    }
  }

  /**
   * Calls `visit(contact)` for every touching pair of the last update, in `contact(i)`'s order, with one
   * record the world refills for each (copy what you keep).
   */
  forEachContact(visit: (contact: WorldContact2) => void): void {
    checkVisit(visit);
    this.guard();
    const P = this.pairs, out = this.eachContact;
    this.busy = true;
    try { for (let i = 0; i < P.rowCount; i++) visit(P.read(P.rowOwner[i], out)); } finally { this.busy = false; }
  }

  /** Calls `visit(a, b)` for every pair that began touching at the last update. */
  beganTouching(visit: (a: number, b: number) => void): void {
    checkVisit(visit);
    const P = this.pairs, B = this.bodies;
    this.busy = true;
    try {
      for (let i = 0; i < P.rowCount; i++) {
        if (!P.began(i)) continue;
        const r = P.rowOwner[i];
        visit(B.handles[P.set.a[r]], B.handles[P.set.b[r]]);
      }
    } finally { this.busy = false; }
  }

  /** Calls `visit(a, b)` for every pair that stopped touching at the last update (a removed body's included). */
  endedTouching(visit: (a: number, b: number) => void): void {
    checkVisit(visit);
    const list = this.pairs.ended;
    this.busy = true;
    try { for (let i = 0; i < list.length; i += 2) visit(list.data[i], list.data[i + 1]); } finally { this.busy = false; }
  }

  /** Calls `visit(handle)` for every body whose tight box overlaps the box from `min` to `max` (touching counts), in handle order, until it returns true. */
  queryAabb(min: Readonly<Vec2Like>, max: Readonly<Vec2Like>, visit: (handle: number) => boolean | void): void {
    checkVec2(min, 'min'); checkVec2(max, 'max'); checkVisit(visit);
    this.guard();
    this.busy = true;
    try { this.scene.queryAabb(min, max, visit); } finally { this.busy = false; }
  }

  /** Calls `visit(handle)` for every body `shape` at `pose` intersects (the 2D `intersects`; touching counts), in handle order, until it returns true. */
  overlapShape(shape: Shape2, pose: Pose2Like, visit: (handle: number) => boolean | void): void {
    checkShape2(shape, 'shape'); readPose2(pose, 'pose', this.read); checkVisit(visit);
    this.guard();
    const p = this.queryPose, r = this.read;
    (p.position as Vec2Like).x = r[0]; (p.position as Vec2Like).y = r[1]; (p as { angle: number }).angle = r[2];
    this.busy = true;
    try { this.scene.overlapShape(shape, p, visit); } finally { this.busy = false; }
  }

  /**
   * The first body a ray meets (solid: a body the origin is in is hit at t = 0; ties to the lower handle):
   * `body` and the 2D `rayCast`'s answer, into `out` or a new record; null when none within `maxT`.
   */
  rayCast(origin: Readonly<Vec2Like>, direction: Readonly<Vec2Like>, options?: WorldRayCastOptions2 | null, out?: WorldRayHit2 | null): WorldRayHit2 | null {
    const o = rayOptions(origin, direction, options, this.rayRead);
    if (out != null) checkHitOut(out, 'createWorldRayHit2', false);
    this.guard();
    this.busy = true;
    try {
      return this.scene.rayCast(origin, direction, o, out ?? createWorldRayHit2());
    } catch (e) {
      throw e instanceof TypeError && out != null && isUnwritable(out, 2) ? hitOutNotWritable('createWorldRayHit2') : e;
    } finally {
      this.busy = false;
      o.filter = undefined;
    }
  }

  /** Calls `visit(hit)` for every body a ray meets, each with its 2D `rayCast` answer, in handle order, until it returns true. */
  rayCastAll(origin: Readonly<Vec2Like>, direction: Readonly<Vec2Like>, visit: (hit: WorldRayHit2) => boolean | void, options?: WorldRayCastOptions2 | null): void {
    const o = rayOptions(origin, direction, options, this.rayRead);
    checkVisit(visit);
    this.guard();
    this.busy = true;
    try { this.scene.rayCastAll(origin, direction, o, visit); } finally { this.busy = false; o.filter = undefined; }
  }

  /**
   * The first body `shape` (at `pose`, moving by `motion`) meets within `targetSeparation` by `maxTime`:
   * `body` and the 2D `shapeCast`'s answer (the shape A, the body B), into `out` or a new record; null when none.
   */
  shapeCast(shape: Shape2, pose: Pose2Like, motion: Motion2 | null | undefined, options?: WorldShapeCastOptions2 | null, out?: WorldShapeCastResult2 | null): WorldShapeCastResult2 | null {
    checkShape2(shape, 'shape'); readPose2(pose, 'pose', this.read);
    // maxTime and targetSeparation stored on two branches each, never merged with their defaults (rule 5).
    const c = this.scene.castOptions;
    let filter: ((h: number) => boolean) | undefined;
    c.maxTime = 1; c.targetSeparation = 0;
    if (options != null) {
      checkOptions(options, ['maxTime', 'targetSeparation', 'filter']);
      const m = options.maxTime, t = options.targetSeparation;
      if (typeof m === 'number' ? !(m >= 0 && m < Infinity) : m !== undefined) throw new InvalidNumberError('options.maxTime', m, 'a finite number >= 0');
      if (typeof t === 'number' ? !(t >= 0 && t < Infinity) : t !== undefined) throw new InvalidNumberError('options.targetSeparation', t, 'a finite number >= 0');
      if (typeof m === 'number') c.maxTime = m;
      if (typeof t === 'number') c.targetSeparation = t;
      filter = checkFilter(options.filter);
    }
    checkMotion2(motion, 'motion');
    const p = this.queryPose, r = this.read;
    (p.position as Vec2Like).x = r[0]; (p.position as Vec2Like).y = r[1]; (p as { angle: number }).angle = r[2];
    if (out != null) checkHitOut(out, 'createWorldShapeCastResult2', true);
    this.guard();
    this.busy = true;
    try {
      return this.scene.shapeCast(shape, p, motion, filter, out ?? createWorldShapeCastResult2());
    } catch (e) {
      throw e instanceof TypeError && out != null && isUnwritable(out, 2) ? hitOutNotWritable('createWorldShapeCastResult2') : e;
    } finally {
      this.busy = false;
    }
  }

  /**
   * The contact manifold (the 2D `contactManifold`, up to 2 points) of the `index`-th contact, into `out` or a
   * new record; null in the rare touching pair whose manifold query finds none within the margin. In the
   * plane every body is convex, so a pair has one manifold (the 3D world's `manifolds(i)` lists several).
   * With `manifolds: true` the one the last update kept (its points' ids persist from update to update,
   * the reference edge stays), else computed now.
   * @throws InvalidArgumentError naming `index` out of range.
   */
  manifold(index: number, out?: Manifold | null): Manifold | null {
    const P = this.pairs;
    const c = this.contact(index, this.scratchContact);
    if (P.kept !== null) {
      if (out == null) return P.kept.read(P.rowOwner[index], createManifold());
      checkManifoldOut(out);
      try {
        return P.kept.read(P.rowOwner[index], out);
      } catch (e) {
        throw e instanceof TypeError ? outNotWritable('createManifold') : e;
      }
    }
    const B = this.bodies, sa = B.slotOf(c.a, 'index'), sb = B.slotOf(c.b, 'index');
    return contactManifold(B.shapes[sa]!, this.scene.poseOf(sa, this.poseA), B.shapes[sb]!, this.scene.poseOf(sb, this.poseB), out ?? createManifold(), { margin: this.margin });
  }

  /**
   * Body `handle`'s shape (the object given to `add`).
   * @throws InvalidArgumentError naming `handle` when it is not a body of this world.
   */
  shape(handle: number): Shape2 { return this.bodies.shapes[this.bodies.slotOf(handle, 'handle')]!; }

  /** Body `handle`'s pose, into `out` (`createPose2()`) or a new record. @throws InvalidArgumentError naming `handle`. */
  pose(handle: number, out?: Pose2Like | null): Pose2Like {
    const slot = this.bodies.slotOf(handle, 'handle');
    if (out == null) return this.scene.poseOf(slot, createPose2());
    const expected = 'expected a pose record { position, angle } (createPose2()), or undefined';
    if (typeof out !== 'object' || typeof out.position !== 'object' || out.position === null) throw new InvalidArgumentError('out', `is ${describeValue(out)}; ${expected}`);
    try {
      return this.scene.poseOf(slot, out);
    } catch (e) {
      throw e instanceof TypeError ? new InvalidArgumentError('out', `is not writable (frozen?); ${expected}`) : e;
    }
  }

  /** Body `handle`'s `userData` (as given to `add`). @throws InvalidArgumentError naming `handle`. */
  userData(handle: number): unknown { return this.bodies.userDataOf(this.bodies.slotOf(handle, 'handle')); }

  /**
   * Calls `visit` for every node of both trees, parents before children: its fat box, its depth (0 at a
   * root), whether it is a leaf, and whether it is in the static tree. For drawing the broad phase.
   */
  forEachTreeBox(visit: TreeBoxVisitor2): void {
    checkVisit(visit);
    this.guard();
    this.busy = true;
    this.treeVisit = visit;
    try {
      this.walkStatic = false; this.dynamicTree.walk(visitTreeNode, this);
      this.walkStatic = true; this.staticTree.walk(visitTreeNode, this);
    } finally {
      this.treeVisit = null;
      this.busy = false;
    }
  }
  /** @internal The visitor and tree of forEachTreeBox's walk (read by visitTreeNode: no closure). */
  treeVisit: TreeBoxVisitor2 | null = null;
  /** @internal */ walkStatic = false;

  /** @internal Body `handle`'s tight box (min x y, max x y): for tests. */
  tightBox(handle: number): [number, number, number, number] {
    const slot = this.bodies.slotOf(handle, 'handle'), box = this.bodies.tightBoxInto(slot, this.tight);
    return [box[0], box[1], box[2], box[3]];
  }

  // -------------------------------------------------------------------------------------------------

  private guard(): void {
    if (this.busy) throw new InvalidArgumentError('CollisionWorld2', 'was called from inside one of its own callbacks; call it after the callback returns');
  }

  /** @internal Pairs slots a and b (once), when they may pair: not one body, not two static ones, their filters meet. */
  consider(a: number, b: number): void {
    if (a === b) return;
    const B = this.bodies;
    if (B.isStatic[a] === 1 && B.isStatic[b] === 1) return;
    if (!B.filtersMeet(a, b)) return;
    this.pairs.add(a, b);
  }

  private readonly tight = new Float64Array(4);
  /** Body `slot`'s tight box into this.tight (as a tree box). */
  private tightOf(slot: number): Float64Array {
    return this.bodies.tightBoxInto(slot, this.tight);
  }

  /** The fat box of the tight box in this.tight into this.fat: grown by the margin and a tenth of its larger side. */
  private fatOfTight(): void {
    const t = this.tight, f = this.fat;
    const grow = this.margin + FAT_FRACTION * Math.max(t[2] - t[0], t[3] - t[1]);
    f[0] = t[0] - grow; f[1] = t[1] - grow; f[2] = t[2] + grow; f[3] = t[3] + grow;
  }

  private readonly leafBoxRecord = new Float64Array(4);
  /** Body `slot`'s leaf box (its fat box in its tree), into a scratch record. */
  private leafBox(slot: number): Float64Array {
    const B = this.bodies, tree = B.isStatic[slot] === 1 ? this.staticTree : this.dynamicTree, leaf = B.leaf[slot], out = this.leafBoxRecord;
    for (let k = 0; k < 4; k++) out[k] = tree.bounds[4 * leaf + k];
    return out;
  }
}

/** The visitor of {@link CollisionWorld2.forEachTreeBox}: a node's fat box, its depth (0 at a root), and what it is. */
export type TreeBoxVisitor2 = (minX: number, minY: number, maxX: number, maxY: number, depth: number, isLeaf: boolean, isStatic: boolean) => void;

function visitTreeNode(node: number, depth: number, w: CollisionWorld2): void {
  const t = w.walkStatic ? w.staticTree : w.dynamicTree, b = t.bounds, o = 4 * node;
  w.treeVisit!(b[o], b[o + 1], b[o + 2], b[o + 3], depth, t.child1[node] === -1, w.walkStatic);
}

/** remove's tree query's visitor: the pair of the body removed with the leaf's body goes. */
function dropPairVisitor(leaf: number, w: CollisionWorld2): boolean {
  w.dropPairWith(w.searchTree!.item[leaf]);
  return false;
}

/** A tree query's visitor: the leaf's body considered as a pair of the searching one. */
function visitLeaf(leaf: number, w: CollisionWorld2): boolean {
  w.consider(w.searchSlot, w.searchTree!.item[leaf]);
  return false;
}
