/**
 * A collision world in the plane: the facade.
 * Bodies (bodies2.ts: any 2D shape at a pose, handles never reused), a broad phase of two dynamic AABB
 * trees of fat boxes (bvh/dynamic-tree.ts, boxes flat in z: its surface-area heuristic is then the boxes'
 * area), as the 3D world's (world/broad-phase.ts), the pairs and their exact narrow phase (pairs2.ts: each
 * pair's 2D `contact`, skipped while its bodies' travel stays below its clearance), and the queries
 * against every body (scene-queries2.ts). Every answer is the pairwise query's, bit for bit; an update
 * allocates nothing once its arrays have grown.
 *
 * `updateAsync` shares the narrow phase with a BatchPool's workers (narrow-job2.ts). What the 3D world has
 * and this one has not: compounds and meshes (the plane has none).
 */
import { describeValue, InvalidArgumentError, InvalidNumberError } from '../../errors.js';
import { checkMotion2, type Motion2 } from '../cast2.js';
import { checkManifoldOut, contactManifold, createManifold, type Manifold } from '../manifold2.js';
import { checkHitOut, checkOut, hitOutNotWritable, isUnwritable, outNotWritable } from '../../query/pair/out-record.js';
import { checkShape2, type Shape2 } from '../shapes/shape2.js';
import { createPose2, type Pose2Like, type Vec2Like } from '../types.js';
import { Bodies2, readPose2 } from './bodies2.js';
import { KeptManifolds2 } from './manifolds2.js';
import { checkFilter, checkOptions, checkVec2, checkVisit, filter, RayRead, rayOptions, readWorld2Options } from './world-args2.js';
import { createWorldContact2, Pairs2, type WorldContact2 } from './pairs2.js';
import { NarrowJob2, runEntries2 } from './narrow-job2.js';
import { BroadPhase2 } from './broad-phase2.js';
import type { WorldThreads } from '../../work-sharing.js';

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
  /**
   * A pool of worker threads (`await BatchPool.create()` from `convex-collide/threads`) that
   * {@link CollisionWorld2.updateAsync} shares the narrow phase with: the same answers, bit for bit, as
   * `update()`.
   */
  threads?: WorldThreads;
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
  /** The pool `updateAsync` runs the narrow phase on, or null. */
  readonly threads: WorldThreads | null;
  private readonly bodies = new Bodies2();
  /** updateAsync's entries (made on its first call). */
  private job: NarrowJob2 | null = null;
  /** Whether an updateAsync is under way (its promise not settled). */
  private awaiting = false;
  private readonly pairs: Pairs2;
  /** @internal The trees, the new pairs and the parted ones. */
  readonly broad: BroadPhase2;
  private busy = false;
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
    const { margin, manifolds, threads } = readWorld2Options(options);
    this.threads = threads;
    this.margin = margin;
    this.keepsManifolds = manifolds;
    this.pairs = new Pairs2(this.bodies, margin, manifolds ? new KeptManifolds2(margin) : null);
    this.broad = new BroadPhase2(this.bodies, this.pairs, margin);
    this.scene = new SceneQueries2(this.bodies, [this.broad.dynamicTree, this.broad.staticTree]);
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
    this.hold();
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
    this.hold();
    const b = this.bodies, slot = b.slotOf(handle, 'handle');
    if (b.isStatic[slot] === 1) throw new InvalidArgumentError('handle', `is ${handle}, a static body; a static body does not move`);
    readPose2(pose, 'pose', this.read);
    b.setPose(slot, this.read);
    this.changes++;
  }

  /** Removes a body; its pairs go with it (a touching one is reported by the next update's endedTouching). */
  remove(handle: number): void {
    this.hold();
    const b = this.bodies, slot = b.slotOf(handle, 'handle');
    this.broad.remove(slot);
    b.remove(slot);
    this.changes++;
  }

  /** Whether `handle` is a body of this world. */
  has(handle: number): boolean {
    try { this.bodies.slotOf(handle, 'handle'); return true; } catch { return false; }
  }

  /** Updates the trees, the pairs and their contacts. Allocation-free once the arrays have grown. */
  update(): void {
    this.hold();
    const P = this.pairs, set = P.set;
    this.beginUpdate();
    // The pairs' exact contacts, records from the last down (update and updateAsync settle in this order).
    for (let r = set.count - 1; r >= 0; r--) {
      const was = P.touching(r), now = P.narrow(r);
      if (was && !now) this.ended(r);
    }
    this.finishUpdate();
  }

  /**
   * `update()` with the narrow phase shared between this thread and the worker threads of the world's
   * `threads` pool: the queued pairs' contacts are dealt out, this thread runs its share while the workers
   * run theirs, and the answers are settled in `update()`'s order, so contacts, manifolds and events are
   * the same, bit for bit. With `manifolds: true`, a pair the workers find within the margin is queried
   * again on this thread for its manifold (the workers answer contacts only). Until it resolves the world
   * cannot change and its pairs cannot be read (add, setPose, remove, update, contact, manifold,
   * forEachContact, beganTouching, endedTouching and contactCount throw); scene queries may run. Without
   * `threads`, it is `update()`. A pool that fails (a worker died, or it was terminated) leaves its shares
   * to this thread: the update completes, then the promise rejects with the pool's error.
   */
  async updateAsync(): Promise<void> {
    const threads = this.threads;
    if (threads === null) { this.update(); return; }
    this.hold();
    const P = this.pairs, set = P.set, b = this.bodies;
    this.beginUpdate();
    const job = this.job ?? (this.job = new NarrowJob2(this.margin));
    job.count = 0;
    for (let r = set.count - 1; r >= 0; r--) if (P.needsQuery(r)) job.queue(r);
    job.shapesVersion = b.shapesVersion;
    job.deal(b, set.a, set.b, threads);
    let failure: unknown = null, answered: Promise<void> | null = null;
    // The world is held from here until the promise settles (as in 3D), whether or not a worker runs.
    this.awaiting = true;
    try {
      if (job.shares > 1) {
        try { answered = threads.narrowPhase(job); } catch (e) { failure = e; }
      }
      const claim = answered === null ? null : job.claim;
      // This thread's part while the workers run theirs (all of it if no worker runs): claimed chunks, or share 0.
      runEntries2(b.shapes, job.frames, job.pairs, job.rows, claim, 0, claim !== null || answered === null ? job.count : job.shareStart[1]);
      try {
        await answered;
      } catch (error) {
        // (The workers' rows are lost, or never begun: this thread runs every entry again.)
        failure = error;
        runEntries2(b.shapes, job.frames, job.pairs, job.rows, null, 0, job.count);
      }
      // Settled as update() settles: the queued records in its order (the others keep their state).
      for (let i = 0; i < job.count; i++) {
        const r = job.records[i], was = P.touching(r), now = P.settleRow(r, job.rows, i);
        if (was && !now) this.ended(r);
      }
      this.finishUpdate();
    } finally {
      this.awaiting = false;
    }
    if (failure !== null) throw failure;
  }

  /** Record r stopped touching: its handles go to the update's ended pairs. */
  private ended(r: number): void {
    const P = this.pairs, b = this.bodies;
    P.ended.push(b.handles[P.set.a[r]], b.handles[P.set.b[r]]);
  }

  /** An update's start: the pairs removals ended are its ended pairs too; the broad phase. */
  private beginUpdate(): void {
    const P = this.pairs;
    const ended = P.removedTouching; P.removedTouching = P.ended; P.ended = ended; P.removedTouching.length = 0;
    this.broad.update();
  }

  /** The pairs' leaves overlap again (remove may search the trees). */
  private finishUpdate(): void {
    this.broad.pairsOverlap = true;
  }

  /** Contacts (pairs within the margin) after the last update. */
  get contactCount(): number {
    if (this.awaiting) this.notWhileUpdating();
    return this.pairs.rowCount;
  }

  /**
   * The `index`-th contact after the last update (0 ≤ index < contactCount), into `out` or a new record.
   * @throws InvalidArgumentError naming `index` out of range.
   */
  contact(index: number, out?: WorldContact2 | null): WorldContact2 {
    if (this.awaiting) this.notWhileUpdating();
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
    this.hold();
    const P = this.pairs, out = this.eachContact;
    this.busy = true;
    try { for (let i = 0; i < P.rowCount; i++) visit(P.read(P.rowOwner[i], out)); } finally { this.busy = false; }
  }

  /** Calls `visit(a, b)` for every pair that began touching at the last update. */
  beganTouching(visit: (a: number, b: number) => void): void {
    checkVisit(visit);
    if (this.awaiting) this.notWhileUpdating();
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
    if (this.awaiting) this.notWhileUpdating();
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
      this.walkStatic = false; this.broad.dynamicTree.walk(visitTreeNode, this);
      this.walkStatic = true; this.broad.staticTree.walk(visitTreeNode, this);
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
    const slot = this.bodies.slotOf(handle, 'handle'), box = this.bodies.tightBoxInto(slot, new Float64Array(4));
    return [box[0], box[1], box[2], box[3]];
  }

  // -------------------------------------------------------------------------------------------------

  /** Changing the world or reading its pairs: not while an updateAsync is under way, nor from a callback. */
  private hold(): void {
    if (this.awaiting) this.notWhileUpdating();
    this.guard();
  }

  /** Not from inside one of the world's own callbacks. */
  private guard(): void {
    if (this.busy) throw new InvalidArgumentError('CollisionWorld2', 'was called from inside one of its own callbacks; call it after the callback returns');
  }

  /** Throws: an updateAsync is under way. */
  private notWhileUpdating(): never {
    throw new InvalidArgumentError('CollisionWorld2', 'is updating: updateAsync() is under way; await it first (it may not be changed, updated or its pairs read until then)');
  }
}

/** The visitor of {@link CollisionWorld2.forEachTreeBox}: a node's fat box, its depth (0 at a root), and what it is. */
export type TreeBoxVisitor2 = (minX: number, minY: number, maxX: number, maxY: number, depth: number, isLeaf: boolean, isStatic: boolean) => void;

function visitTreeNode(node: number, depth: number, w: CollisionWorld2): void {
  const t = w.walkStatic ? w.broad.staticTree : w.broad.dynamicTree, b = t.bounds, o = 4 * node;
  w.treeVisit!(b[o], b[o + 1], b[o + 2], b[o + 3], depth, t.child1[node] === -1, w.walkStatic);
}
