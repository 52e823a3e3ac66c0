/**
 * A collision world: bodies (any shape at a pose), a broad phase that finds the pairs whose boxes overlap,
 * and the exact narrow phase on those pairs only, warm-started from the last update (issue 20).
 *
 * This file is the facade: it checks every argument and runs an update's phases in order. The rooms behind
 * it: bodies.ts (the bodies by slot, flat typed arrays; handles), broad-phase.ts (two dynamic AABB trees of
 * fat boxes; new pairs), narrow-phase.ts (the pairs, their exact contacts, clearances and the compact list
 * of touching pairs), manifold-slots.ts (the touching pairs' manifolds) and scene-queries.ts (boxes, shapes,
 * rays and casts against every body). docs/world.md describes the API, its guarantees and limits.
 */
import { describeValue, InvalidArgumentError, InvalidNumberError } from '../errors.js';
import { Transform, transformFromPose } from '../math/transform.js';
import type { PoseLike, Vec3Like } from '../math/types.js';
import type { Pose } from '../math/world-pose.js';
import { HALF_SPACE_KIND_INDEX, isPartedKind, type Shape } from '../shapes/shape.js';
import { MANIFOLD_MAX_POINTS } from '../tolerance.js';
import { createManifoldList, type ManifoldList } from '../query/manifold/contact-manifolds.js';
import { explainNotShape, isConvexShape, kindIndex } from '../query/pair/dispatch.js';
import { checkOut, outNotWritable } from '../query/pair/options.js';
import type { Motion } from '../query/cast/shape-cast.js';
import { Bodies, SLOT_BITS } from './bodies.js';
import { BroadPhase } from './broad-phase.js';
import { copyManifoldList, ManifoldSlots } from './manifold-slots.js';
import { NarrowPhase } from './narrow-phase.js';
import { runsUserCode, type WorldThreads } from './narrow-threads.js';
import { SceneQueries, type TreeBoxVisitor, type WorldRayCastOptions, type WorldShapeCastOptions } from './scene-queries.js';
import {
  checkFunction, BODY_OPTION_KEYS, checkOptionsObject, WORLD_OPTION_KEYS, createWorldContact, readFilter, WorldGuard, WorldPose,
  type WorldContact, type WorldRayHit, type WorldShapeCastResult,
} from './world-records.js';

export { createWorldContact, createWorldRayHit, createWorldShapeCastResult, type WorldContact, type WorldRayHit, type WorldShapeCastResult } from './world-records.js';
export type { TreeBoxVisitor, WorldRayCastOptions, WorldShapeCastOptions } from './scene-queries.js';
export type { WorldThreads } from './narrow-threads.js';

/** Options of {@link CollisionWorld}. */
export interface WorldOptions {
  /** Pairs are contacts down to this separation (world units, ≥ 0; default 0: touching or overlapping). */
  margin?: number;
  /**
   * Keep every touching pair's contact manifolds (default false), read by {@link CollisionWorld.manifolds}:
   * a convex pair's as `contactManifold` gives it (built from the pair's contact in the same narrow phase,
   * with a ManifoldCache of the pair's own for a stable reference face); a pair with a compound or a
   * triangle mesh by `contactManifolds` (one manifold per pair of parts).
   */
  manifolds?: boolean;
  /** With `manifolds`: at most this many points per manifold (an integer from 1 to 16; default 4). */
  maxPoints?: number;
  /** With `manifolds`: how a mesh's inner edges are met (`ManifoldsOptions.meshEdges`; default 'smooth'). */
  meshEdges?: 'smooth' | 'exact';
  /**
   * A pool of worker threads (`await BatchPool.create()` from `convex-collide/threads`) that
   * {@link CollisionWorld.updateAsync} shares the narrow phase with: the same answers, bit for bit, as
   * `update()`. Pairs with a shape of your own code (a support map of yours) stay on this thread.
   */
  threads?: WorldThreads;
}

/** Options of {@link CollisionWorld.add}. */
export interface BodyOptions {
  /** A body that never moves (its pose may still be set: it is then reinserted). Static bodies are not paired with each other. */
  static?: boolean;
  /**
   * The groups the body is in, as bits of a 32-bit integer (default all ones). A pair is tested when each body's
   * group shares a bit with the other's mask.
   */
  group?: number;
  /** The groups the body collides with, as bits of a 32-bit integer (default all ones): see `group`. */
  mask?: number;
  /** Anything, kept for you (`userData(handle)`). */
  userData?: unknown;
}

/**
 * Many bodies at once. Change the world with `add`, `setPose` and `remove`, bring it up to date with
 * `update()`, then read the touching pairs (`contactCount`, `contact(i)`, `manifolds(i)`,
 * `forEachContact`) and the changes (`beganTouching`, `endedTouching`); ask scene queries
 * (`queryAabb`, `overlapShape`, `rayCast`, `rayCastAll`, `shapeCast`) at any time.
 *
 * Callbacks: inside any callback the world calls (visitors, filters, and support functions of your own
 * shapes during `update`), `add`, `setPose`, `remove` and `update` throw an InvalidArgumentError; every
 * other method, queries included, may be called there (each query keeps its state per call).
 */
export class CollisionWorld {
  /** The contact margin (read-only after construction). */
  readonly margin: number;
  /** Whether touching pairs keep their manifolds (read-only after construction). */
  readonly keepsManifolds: boolean;
  /** The pool `updateAsync` runs the narrow phase on, or null. */
  readonly threads: WorldThreads | null;
  private readonly bodies = new Bodies();
  private readonly narrow: NarrowPhase;
  private readonly broad: BroadPhase;
  private readonly scene: SceneQueries;
  private readonly guard = new WorldGuard();
  private readonly transform = new Transform();
  /** The record `contact(i)` fills when given no `out`, and those of forEachContact, one per nesting level. */
  private readonly contactOut = createWorldContact();
  /** The list `manifolds(i)` fills for a convex pair. */
  private readonly manifoldView = createManifoldList();
  private readonly visitRecords: WorldContact[] = [];
  private visitDepth = 0;
  /**
   * Whether every pair's fat boxes overlap (true after a complete update, and kept by add, setPose and
   * remove, which do not move leaves): then a removed body's pairs are found through the trees.
   */
  private pairsOverlap = true;

  constructor(options?: WorldOptions) {
    let margin = 0, manifolds = false, maxPoints = 4, meshEdges: 'smooth' | 'exact' = 'smooth', threads: WorldThreads | null = null;
    if (options != null) {
      checkOptionsObject(options, WORLD_OPTION_KEYS);
      const m = options.margin, k = options.maxPoints, e = options.meshEdges, mf = options.manifolds;
      if (m !== undefined && !(typeof m === 'number' && m >= 0 && m < Infinity)) throw new InvalidNumberError('options.margin', m, 'a finite number >= 0');
      if (typeof m === 'number') margin = m;
      if (mf !== undefined && typeof mf !== 'boolean') throw new InvalidArgumentError('options.manifolds', `is ${describeValue(mf)}; expected true or false`);
      manifolds = mf === true;
      if (k !== undefined && !(typeof k === 'number' && Number.isInteger(k) && k >= 1 && k <= MAX_POINTS)) throw new InvalidNumberError('options.maxPoints', k, `an integer from 1 to ${MAX_POINTS}`);
      if (typeof k === 'number') maxPoints = k;
      if (e !== undefined && e !== 'smooth' && e !== 'exact') throw new InvalidArgumentError('options.meshEdges', `is ${describeValue(e)}; expected 'smooth' or 'exact'`);
      if (e !== undefined) meshEdges = e;
      const t = options.threads;
      if (t != null) {
        const p = t as Partial<WorldThreads>;
        if (typeof t !== 'object' || typeof p.narrowPhase !== 'function' || !(typeof p.threads === 'number' && Number.isInteger(p.threads) && p.threads >= 1)) {
          throw new InvalidArgumentError('options.threads', `is ${describeValue(t)}; expected a BatchPool (await BatchPool.create() from 'convex-collide/threads'), or undefined`);
        }
        threads = t;
      }
    }
    this.threads = threads;
    this.margin = margin;
    this.keepsManifolds = manifolds;
    this.narrow = new NarrowPhase(this.bodies, margin, manifolds ? new ManifoldSlots(margin, maxPoints, meshEdges) : null);
    this.broad = new BroadPhase(this.bodies, this.narrow, margin);
    this.scene = new SceneQueries(this.bodies, this.broad, this.guard);
  }

  /**
   * A count of the changes made to the world's bodies (each add, setPose and remove): equal at two times,
   * nothing was added, moved or removed between them (what a cache of answers about the world checks).
   */
  get stamp(): number {
    return this.changes;
  }

  private changes = 0;

  /** Number of bodies. */
  get size(): number {
    return this.bodies.count;
  }

  /**
   * Adds a body: `shape` (any shape of the library) at `pose` (read now, copied). Returns its handle.
   * @throws as the queries for a bad shape or pose; InvalidArgumentError / InvalidNumberError for bad options;
   *   InvalidArgumentError inside a callback of the world.
   */
  add(shape: Shape, pose: PoseLike, options?: BodyOptions): number {
    this.guard.check('add');
    this.changes++;
    checkShape(shape, 'shape');
    let isStatic = false, group = -1, mask = -1, userData: unknown;
    if (options != null) {
      checkOptionsObject(options, BODY_OPTION_KEYS);
      if (options.static !== undefined && typeof options.static !== 'boolean') throw new InvalidArgumentError('options.static', 'is not a boolean');
      isStatic = options.static === true;
      group = readFilter(options.group, 'options.group');
      mask = readFilter(options.mask, 'options.mask');
      userData = options.userData;
    }
    // A half-space is static: it has no finite box to move in a tree (broad-phase.ts keeps it apart).
    const plane = kindIndex(shape) === HALF_SPACE_KIND_INDEX;
    if (plane && !isStatic) throw new InvalidArgumentError('options.static', 'is not true, and the shape is a HalfSpace; a half-space is a static body (add it with { static: true })');
    transformFromPose(this.transform, pose, 'pose');
    const b = this.bodies, slot = b.take();
    b.shapes[slot] = shape;
    b.kind[slot] = kindIndex(shape);
    b.local[slot] = runsUserCode(shape) ? 1 : 0;
    b.shapesVersion++;
    // (A shape of the user's own is taken at its word, as shape casts take it: Shape.boundingRadius.)
    // (A half-space's motion bound is its plane's move: no radius turns with it.)
    b.radius[slot] = plane ? 0 : shape.boundingRadius;
    b.storeFrame(slot, this.transform, pose);
    b.userDatas[slot] = userData;
    b.isStatic[slot] = isStatic ? 1 : 0;
    b.group[slot] = group; b.mask[slot] = mask;
    b.alive[slot] = 1;
    b.count++;
    this.broad.insert(slot);
    b.markMoved(slot);
    return b.handleOf(slot);
  }

  /** Moves body `handle` to `pose` (read now, copied). Nothing else happens until `update()`. */
  setPose(handle: number, pose: PoseLike): void {
    this.guard.check('setPose');
    this.changes++;
    const b = this.bodies, slot = b.slotOf(handle, 'handle');
    transformFromPose(this.transform, pose, 'pose');
    b.addMotion(slot, this.transform);
    b.storeFrame(slot, this.transform, pose);
    b.markMoved(slot);
  }

  /**
   * Removes body `handle`: its pairs go now (the touching ones leave `contact(i)` at once and are reported
   * by `endedTouching` after the next update). O(log n + k) for k pairs of the body.
   */
  remove(handle: number): void {
    this.guard.check('remove');
    this.changes++;
    const slot = this.bodies.slotOf(handle, 'handle');
    this.broad.remove(slot, this.pairsOverlap);
    this.bodies.release(slot);
  }

  /** Body `handle`'s shape. */
  shape(handle: number): Shape { return this.bodies.shapes[this.bodies.slotOf(handle, 'handle')]!; }
  /**
   * Body `handle`'s pose, as last given: written into `out` when given (a `createPose()` record, or any
   * `{ position, quaternion }` of plain fields), else into a new object (in a loop, pass `out`).
   * @throws InvalidArgumentError for an `out` without position and quaternion objects.
   */
  pose(handle: number, out?: Pose | null): Pose {
    const slot = this.bodies.slotOf(handle, 'handle');
    if (out == null) return this.bodies.readPose(new WorldPose(), slot);
    if (typeof out !== 'object' || typeof out.position !== 'object' || out.position === null || typeof out.quaternion !== 'object' || out.quaternion === null) {
      throw new InvalidArgumentError('out', `is ${describeValue(out)}; expected a pose record { position, quaternion } (createPose()), or undefined`);
    }
    try {
      return this.bodies.readPose(out, slot);
    } catch (e) {
      if (e instanceof TypeError) throw new InvalidArgumentError('out', 'is not writable (frozen?); expected a pose record { position, quaternion } (createPose()), or undefined');
      throw e;
    }
  }
  /** Body `handle`'s userData. */
  userData(handle: number): unknown { return this.bodies.userDatas[this.bodies.slotOf(handle, 'handle')]; }
  /** Whether `handle` is a body of this world (from add, not removed). */
  has(handle: number): boolean {
    if (!(typeof handle === 'number' && Number.isInteger(handle) && handle >= 0)) return false;
    const b = this.bodies, slot = handle % SLOTS;
    return slot < b.slotCount && b.alive[slot] === 1 && b.generation[slot] === (handle - slot) / SLOTS;
  }

  /**
   * Brings the world up to date: reinserts bodies whose boxes left their fat boxes, finds their new pairs,
   * drops pairs whose fat boxes parted, and runs the narrow phase on every pair (and, with `manifolds`,
   * the manifolds of every touching pair). Then `contactCount`, `contact(i)`, `manifolds(i)`,
   * `forEachContact`, `beganTouching` and `endedTouching` describe this update. Allocates nothing once the
   * world's arrays have grown to its bodies and pairs.
   */
  update(): void {
    this.guard.check('update');
    this.guard.updating = true;
    this.narrow.updating = true;
    this.pairsOverlap = false;
    const b = this.bodies;
    try {
      this.broad.update();
      const moved = b.movedList, movedCount = b.movedCount;
      b.movedCount = 0;
      this.narrow.run(this.broad);
      for (let i = 0; i < movedCount; i++) { b.movedNow[moved[i]] = 0; b.leafMoved[moved[i]] = 0; }
      this.pairsOverlap = true;
    } finally {
      this.guard.updating = false;
      this.narrow.updating = false;
    }
  }

  /**
   * `update()` with the narrow phase shared between this thread and the worker threads of the world's
   * `threads` pool: the pairs' queries are dealt out, this thread runs its share while the workers run
   * theirs, and the answers are settled in `update()`'s order, so contacts, manifolds and events are the
   * same, bit for bit. Until it resolves the world cannot change (add, setPose, remove and update throw)
   * and its pairs cannot be read (contact, manifolds, forEachContact, beganTouching, endedTouching,
   * contactCount throw); scene queries may run. Without `threads`, it is `update()`. A pool that fails (a
   * worker died, or it was terminated) leaves its shares to this thread: the update completes, then the
   * promise rejects with the pool's error.
   */
  async updateAsync(): Promise<void> {
    const threads = this.threads;
    if (threads === null) { this.update(); return; }
    this.guard.check('updateAsync');
    this.guard.updating = true;
    this.guard.awaiting = true;
    this.narrow.updating = true;
    this.pairsOverlap = false;
    const b = this.bodies;
    let failure: unknown = null;
    try {
      this.broad.update();
      const moved = b.movedList, movedCount = b.movedCount;
      b.movedCount = 0;
      failure = await this.narrow.runAsync(this.broad, threads);
      for (let i = 0; i < movedCount; i++) { b.movedNow[moved[i]] = 0; b.leafMoved[moved[i]] = 0; }
      this.pairsOverlap = true;
    } finally {
      this.guard.updating = false;
      this.guard.awaiting = false;
      this.narrow.updating = false;
    }
    if (failure !== null) throw failure;
  }

  /** Number of pairs of the last update whose separation is at most the margin (less those removed since). O(1). */
  get contactCount(): number {
    this.guard.checkSettled('contactCount');
    return this.narrow.contactListCount;
  }

  /**
   * The touching pair `index` (0 ≤ index < contactCount) of the last update: its handles and contact,
   * written into `out` (made by {@link createWorldContact}) or, without one, into a record of the world's
   * that the next call of `contact` rewrites: copy what you keep. A `remove` takes the body's pairs out of
   * the list and may move the last pair into a freed index.
   * @throws InvalidArgumentError for an index out of range, or an `out` that is not a writable record.
   */
  contact(index: number, out?: WorldContact | null): WorldContact {
    this.guard.checkSettled('contact');
    const r = this.narrow.contactRecord(index);
    if (out == null) return this.narrow.fillContact(this.contactOut, r);
    checkOut(out, 'createWorldContact');
    try {
      return this.narrow.fillContact(out, r);
    } catch (e) {
      if (e instanceof TypeError) throw outNotWritable('createWorldContact'); // (frozen)
      throw e;
    }
  }

  /**
   * The manifolds of touching pair `index` (as {@link contact}): `manifolds[0 .. count − 1]` of the list,
   * each with the normal from the pair's `a` to its `b` and `partA`/`partB` for compounds and meshes. A
   * convex pair has one (none in the rare pair whose manifold query, a separating-axis test for two boxes,
   * puts it a rounding error beyond the margin that `contact` put it within). Without `out` the list is the
   * world's, rewritten by the next call and the next update: copy what you keep, or pass a list of your
   * own (from `createManifoldList()`), which is filled and returned.
   * @throws InvalidArgumentError for an index out of range, a bad `out`, or a world made without `manifolds: true`.
   */
  manifolds(index: number, out?: ManifoldList | null): ManifoldList {
    this.guard.checkSettled('manifolds');
    if (this.narrow.manifolds === null) throw new InvalidArgumentError('manifolds', 'are not kept by this world; create it with { manifolds: true }');
    if (out != null && !(typeof out === 'object' && Array.isArray(out.manifolds) && !Object.isFrozen(out) && !Object.isFrozen(out.manifolds))) {
      throw new InvalidArgumentError('out', 'is not a writable manifold list; expected one from createManifoldList()');
    }
    const list = this.narrow.manifoldsOf(this.narrow.contactRecord(index), this.manifoldView);
    if (out == null) return list;
    try {
      return copyManifoldList(list, out);
    } catch (e) {
      if (e instanceof TypeError) throw new InvalidArgumentError('out', 'is not a writable manifold list; expected one from createManifoldList()');
      throw e;
    }
  }

  /**
   * Calls `visit(contact)` for every touching pair of the last update (within the margin), in the order of
   * `contact(i)`; the record is the world's, refilled for each pair: copy what you keep.
   */
  forEachContact(visit: (contact: WorldContact) => void): void {
    this.guard.checkSettled('forEachContact');
    checkFunction(visit, 'visit');
    this.guard.visiting++;
    // A record per nesting level (a visitor may call forEachContact again).
    const depth = this.visitDepth++;
    const record = this.visitRecords[depth] ?? (this.visitRecords[depth] = createWorldContact());
    try {
      const n = this.narrow;
      for (let i = 0; i < n.contactListCount; i++) visit(n.fillContact(record, n.contactList[i]));
    } finally {
      this.visitDepth--;
      this.guard.visiting--;
    }
  }

  /** Calls `visit(a, b)` for every pair that started touching in the last update (and is still a body pair). */
  beganTouching(visit: (a: number, b: number) => void): void {
    this.guard.checkSettled('beganTouching');
    checkFunction(visit, 'visit');
    this.guard.visiting++;
    try {
      const n = this.narrow, b = this.bodies;
      for (let i = 0; i < n.contactListCount; i++) {
        const r = n.contactList[i];
        if (n.began(r)) visit(b.handleOf(n.pairs.a[r]), b.handleOf(n.pairs.b[r]));
      }
    } finally {
      this.guard.visiting--;
    }
  }

  /**
   * Calls `visit(a, b)` for every pair that stopped touching in the last update, or by a removal before it
   * (a removed body's handle is no longer valid, but is reported here once).
   */
  endedTouching(visit: (a: number, b: number) => void): void {
    this.guard.checkSettled('endedTouching');
    checkFunction(visit, 'visit');
    this.guard.visiting++;
    try {
      const e = this.narrow.ended;
      for (let i = 0; i < e.count; i++) visit(e.a[i], e.b[i]);
    } finally {
      this.guard.visiting--;
    }
  }

  /**
   * Calls `visit(handle)` for every body whose tight box (as of its last pose) overlaps the box [min, max]
   * (touching counts), until it returns true.
   * @throws InvalidNumberError for a non-finite corner; InvalidArgumentError for a visit that is not a function.
   */
  queryAabb(min: Readonly<Vec3Like>, max: Readonly<Vec3Like>, visit: (handle: number) => boolean | void): void {
    this.scene.queryAabb(min, max, visit);
  }

  /**
   * Calls `visit(handle)` for every body whose shape intersects `shape` at `pose` (exactly: `intersects`,
   * touching counts), until it returns true. Any shape, compounds and meshes included.
   * @throws as `intersects` for a bad shape or pose; InvalidArgumentError for a visit that is not a function.
   */
  overlapShape(shape: Shape, pose: PoseLike, visit: (handle: number) => boolean | void): void {
    checkShape(shape, 'shape');
    this.scene.overlapShape(shape, pose, visit);
  }

  /**
   * The nearest body the ray `origin + t·direction` (t in [0, maxT]) hits: `rayCast`'s answer and the body,
   * or null. `filter(handle)` false skips a body. With `out` from {@link createWorldRayHit}, nothing is
   * allocated. Of bodies hit at the same t, the one added first (lowest slot) wins.
   * @throws InvalidNumberError for a non-finite origin or direction, a zero direction or a bad `maxT`;
   *   InvalidArgumentError for bad options.
   */
  rayCast(origin: Readonly<Vec3Like>, direction: Readonly<Vec3Like>, options?: WorldRayCastOptions | null, out?: WorldRayHit | null): WorldRayHit | null {
    return this.scene.rayCast(origin, direction, options, out);
  }

  /**
   * Calls `visit(hit)` for every body the ray `origin + t·direction` (t in [0, maxT]) hits, with `rayCast`'s
   * answer for it and the body (`hit.body`), in no particular order, until it returns true. The record is
   * the world's, reused: copy what you keep.
   * @throws as {@link rayCast}; InvalidArgumentError for a visit that is not a function.
   */
  rayCastAll(origin: Readonly<Vec3Like>, direction: Readonly<Vec3Like>, visit: (hit: WorldRayHit) => boolean | void, options?: WorldRayCastOptions | null): void {
    this.scene.rayCastAll(origin, direction, visit, options);
  }

  /**
   * The first body that `shape`, moving from `pose` by `motion` (a velocity and an angular velocity, as
   * `shapeCast`'s; the bodies stand still) over times [0, maxTime], comes within `targetSeparation` of:
   * `shapeCast`'s answer with the shape as A and the body as B, and the body; or null. Of bodies hit at the
   * same time, the one added first wins. With `out` from {@link createWorldShapeCastResult}, nothing is
   * allocated.
   * @throws as `shapeCast` for a bad shape, pose, motion or options (`motion.linear`, `options.maxTime`, ...).
   */
  shapeCast(shape: Shape, pose: PoseLike, motion: Motion | null | undefined, options?: WorldShapeCastOptions | null, out?: WorldShapeCastResult | null): WorldShapeCastResult | null {
    checkShape(shape, 'shape');
    return this.scene.shapeCast(shape, pose, motion, options, out);
  }

  /**
   * Calls `visit` for every node of both trees (the moving bodies' and the static bodies'), parents first:
   * its fat box, its depth (0 at the tree's root), whether it is a leaf (one body's fat box) and whether it
   * belongs to the static tree. For drawing the broad phase; numbers passed to a callback are boxed, so
   * this allocates.
   */
  forEachTreeBox(visit: TreeBoxVisitor): void {
    this.scene.forEachTreeBox(visit);
  }
}

const MAX_POINTS = MANIFOLD_MAX_POINTS; // V8 rule 4 (CONTRIBUTING.md)
const SLOTS = 1 << SLOT_BITS;

/** `shape` must be a shape the queries take (convex, a compound, a mesh, a height field or a half-space). */
function checkShape(shape: Shape, field: string): void {
  const k = kindIndex(shape);
  if (!isPartedKind(k) && k !== HALF_SPACE_KIND_INDEX && !isConvexShape(shape)) {
    explainNotShape(field, shape);
    // A known kind no query takes cannot reach here; anything else is not a shape the world knows.
    throw new InvalidArgumentError(field, 'is not a shape the queries take');
  }
}
