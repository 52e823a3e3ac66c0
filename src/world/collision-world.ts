/**
 * A collision world: bodies (any shape at a pose), a broad phase that finds the pairs whose boxes overlap,
 * and the exact narrow phase on those pairs only, warm-started from the last update (issue 20).
 *
 * Broad phase: two dynamic AABB trees (bvh/dynamic-tree.ts), one for bodies that move and one for static
 * bodies, as Box2D's b2BroadPhase keeps its proxies. A body's leaf holds a "fat" box (its tight box grown by
 * the world's margin and a tenth of its size), so a small move changes no leaf; a body whose box leaves
 * its fat box is reinserted, and only such bodies look for new pairs. Pairs live in a hash set keyed by the
 * two bodies (world/pair-set.ts) until their fat boxes part. Narrow phase: every pair's contact (the
 * library's own pair functions, with a GjkCache per pair), up to the margin.
 *
 * Bodies are numbered by handles: a slot and a generation, so a removed body's handle is never taken for
 * a new one's (a stale handle is an error, not another body).
 */
import { InvalidArgumentError, InvalidNumberError } from '../errors.js';
import { DynamicTree } from '../bvh/dynamic-tree.js';
import { createAabb } from '../math/aabb.js';
import { Transform, transformFromPose } from '../math/transform.js';
import type { PoseLike, Vec3Like } from '../math/types.js';
import { poseFromMatrix, createPose, type Pose } from '../math/world-pose.js';
import { shapeAabb } from '../shapes/shape-aabb.js';
import { COMPOUND_KIND_INDEX, MESH_KIND_INDEX, type ConvexShape, type Shape } from '../shapes/shape.js';
import { concaveAabb } from '../query/concave/concave-aabb.js';
import type { PartedShape } from '../query/concave/parts.js';
import { CONTACT, explainNotShape, isConvexShape, kindIndex } from '../query/dispatch.js';
import { GjkCache } from '../query/gjk/gjk.js';
import { acquireWork, copyContactAnswer } from '../query/query-work.js';
import { rayCast } from '../query/ray-cast.js';
import { createRayHit, type RayHit } from '../query/cast/ray-hit.js';
import { createContactResult, type ContactResult } from '../query/results.js';
import { PairSet } from './pair-set.js';

/** Options of {@link CollisionWorld}. */
export interface WorldOptions {
  /** Pairs are contacts down to this separation (world units, ≥ 0; default 0: touching or overlapping). */
  margin?: number;
}

/** Options of {@link CollisionWorld.add}. */
export interface BodyOptions {
  /** A body that never moves (its pose may still be set: it is then reinserted). Static bodies are not paired with each other. */
  static?: boolean;
  /** Collision filter (32 bits each; default all ones): a pair is tested when each body's group meets the other's mask. */
  group?: number;
  mask?: number;
  /** Anything, kept for you (`userData(handle)`). */
  userData?: unknown;
}

/** A contact of the world: the pair's handles and its `contact` answer (world space, normal from a to b). */
export interface WorldContact extends ContactResult {
  a: number;
  b: number;
}

/** The nearest hit of a world ray cast: the body, and `rayCast`'s answer. */
export interface WorldRayHit extends RayHit {
  body: number;
}

/** Slots per generation: a handle is generation · SLOTS + slot. */
const SLOTS = 1 << 22;
/** A fat box is the tight box grown by this fraction of its largest side (plus the margin). */
const FAT_FRACTION = 0.1;
/** And stretched by this many times the last move of the box (Box2D's b2_aabbMultiplier is 4 steps). */
const FAT_MOTION = 4;

export class CollisionWorld {
  /** The contact margin (read-only after construction). */
  readonly margin: number;
  private readonly dynamicTree = new DynamicTree();
  private readonly staticTree = new DynamicTree();
  // Bodies by slot.
  private shapes: (Shape | null)[] = [];
  private transforms: Transform[] = [];
  private poses: Pose[] = [];
  private userDatas: unknown[] = [];
  private generation = new Int32Array(16);
  private proxy = new Int32Array(16);
  private isStatic = new Uint8Array(16);
  private alive = new Uint8Array(16);
  private moved = new Uint8Array(16);
  /** Bodies whose leaf is new or was reinserted since the last update: they look for new pairs. */
  private fresh = new Uint8Array(16);
  /** Each body's box centre at the last update (3 numbers a slot). */
  private centers = new Float64Array(48);
  /** Whether a body's pose record is behind its transform (poses are made when read: setPose stays cheap). */
  private poseStale = new Uint8Array(16);
  private group = new Int32Array(16);
  private mask = new Int32Array(16);
  private freeSlots: number[] = [];
  private slotCount = 0;
  private bodyCount = 0;
  /** Slots whose pose changed since the last update (`movedCount` of them; a typed array: setting an array's
   * length to 0 gives its storage back, and it is allocated again each step). */
  private movedList = new Int32Array(16);
  private movedCount = 0;
  // Pairs.
  private readonly pairs = new PairSet();
  private pairTouching = new Uint8Array(64);
  private pairBegan = new Uint8Array(64);
  private pairCaches: GjkCache[] = [];
  private pairContacts: ContactResult[] = [];
  /** The pairs that stopped touching in the last update (a, b handles), kept until the next. */
  private readonly ended = new HandlePairs();
  private readonly endedByRemoval = new HandlePairs();
  private readonly box = createAabb();
  private readonly fat = new Float64Array(6);
  private updating = false;

  constructor(options?: WorldOptions) {
    let margin = 0;
    if (options != null) {
      if (typeof options !== 'object') throw new InvalidArgumentError('options', 'is not an object');
      const m = options.margin;
      if (m !== undefined && !(typeof m === 'number' && m >= 0 && m < Infinity)) throw new InvalidNumberError('options.margin', m, 'a finite number >= 0');
      if (typeof m === 'number') margin = m;
    }
    this.margin = margin;
    this.pairs.onMove = (from, to) => {
      this.pairTouching[to] = this.pairTouching[from];
      this.pairBegan[to] = this.pairBegan[from];
      const c = this.pairCaches[to]; this.pairCaches[to] = this.pairCaches[from]; this.pairCaches[from] = c;
      const r = this.pairContacts[to]; this.pairContacts[to] = this.pairContacts[from]; this.pairContacts[from] = r;
    };
  }

  /** Number of bodies. */
  get size(): number {
    return this.bodyCount;
  }

  /**
   * Adds a body: `shape` (any shape of the library) at `pose` (read now, copied). Returns its handle.
   * @throws as the queries for a bad shape or pose; InvalidArgumentError / InvalidNumberError for bad options.
   */
  add(shape: Shape, pose: PoseLike, options?: BodyOptions): number {
    this.checkNotUpdating('add');
    const k = kindIndex(shape);
    if (k !== COMPOUND_KIND_INDEX && k !== MESH_KIND_INDEX && !isConvexShape(shape)) {
      explainNotShape('shape', shape);
      // A known kind no query takes cannot reach here; anything else is not a shape the world knows.
      throw new InvalidArgumentError('shape', 'is not a shape the queries take');
    }
    let isStatic = false, group = -1, mask = -1, userData: unknown;
    if (options != null) {
      if (typeof options !== 'object') throw new InvalidArgumentError('options', 'is not an object');
      if (options.static !== undefined && typeof options.static !== 'boolean') throw new InvalidArgumentError('options.static', 'is not a boolean');
      isStatic = options.static === true;
      group = readFilter(options.group, 'options.group');
      mask = readFilter(options.mask, 'options.mask');
      userData = options.userData;
    }
    const t = transformFromPose(new Transform(), pose, 'pose');
    const slot = this.freeSlots.length > 0 ? this.freeSlots.pop()! : this.newSlot();
    this.shapes[slot] = shape;
    this.transforms[slot] = t;
    this.poses[slot] = poseOf(t, this.poses[slot] ?? createPose());
    this.poseStale[slot] = 0;
    this.userDatas[slot] = userData;
    this.isStatic[slot] = isStatic ? 1 : 0;
    this.group[slot] = group; this.mask[slot] = mask;
    this.alive[slot] = 1;
    this.bodyCount++;
    this.fatBox(slot);
    this.proxy[slot] = (isStatic ? this.staticTree : this.dynamicTree).insert(this.fat, slot);
    this.fresh[slot] = 1;
    const tb = this.tight;
    this.centers[3 * slot] = 0.5 * (tb[0] + tb[3]); this.centers[3 * slot + 1] = 0.5 * (tb[1] + tb[4]); this.centers[3 * slot + 2] = 0.5 * (tb[2] + tb[5]);
    this.markMoved(slot);
    return this.generation[slot] * SLOTS + slot;
  }

  /** Moves body `handle` to `pose` (read now, copied). */
  setPose(handle: number, pose: PoseLike): void {
    this.checkNotUpdating('setPose');
    const slot = this.slotOf(handle, 'handle');
    transformFromPose(this.transforms[slot], pose, 'pose');
    this.poseStale[slot] = 1;
    this.markMoved(slot);
  }

  /** Removes body `handle`; its pairs end (reported by endedTouching after the next update). */
  remove(handle: number): void {
    this.checkNotUpdating('remove');
    const slot = this.slotOf(handle, 'handle');
    (this.isStatic[slot] === 1 ? this.staticTree : this.dynamicTree).remove(this.proxy[slot]);
    // Its pairs go now (a touching one ends).
    for (let r = this.pairs.count - 1; r >= 0; r--) {
      if (this.pairs.a[r] === slot || this.pairs.b[r] === slot) this.removePair(r);
    }
    this.alive[slot] = 0;
    this.shapes[slot] = null;
    this.userDatas[slot] = undefined;
    this.generation[slot] = (this.generation[slot] + 1) % 256;
    this.freeSlots.push(slot);
    this.bodyCount--;
  }

  /** The shape, pose (a copy the world keeps: do not change it) and userData of body `handle`. */
  shape(handle: number): Shape { return this.shapes[this.slotOf(handle, 'handle')]!; }
  pose(handle: number): Readonly<Pose> { return this.poseAt(this.slotOf(handle, 'handle')); }

  /** Body `slot`'s pose record, brought up to its transform. */
  private poseAt(slot: number): Pose {
    if (this.poseStale[slot] === 1) { poseOf(this.transforms[slot], this.poses[slot]); this.poseStale[slot] = 0; }
    return this.poses[slot];
  }
  userData(handle: number): unknown { return this.userDatas[this.slotOf(handle, 'handle')]; }

  /**
   * Brings the world up to date: reinserts bodies whose boxes left their fat boxes, finds their new pairs,
   * drops pairs whose fat boxes parted, and runs the narrow phase on every pair. Then `contactCount`,
   * `contact(i)`, `beganTouching` and `endedTouching` describe this update.
   */
  update(): void {
    this.checkNotUpdating('update');
    this.updating = true;
    try {
      // The pairs ended by removals since the last update are this update's too.
      this.ended.count = 0;
      for (let i = 0; i < this.endedByRemoval.count; i++) this.ended.push(this.endedByRemoval.a[i], this.endedByRemoval.b[i]);
      this.endedByRemoval.count = 0;
      // 1. Boxes: reinsert the bodies that left their fat boxes.
      const moved = this.movedList, movedCount = this.movedCount;
      for (let i = 0; i < movedCount; i++) {
        const slot = moved[i];
        this.moved[slot] = 0;
        if (this.alive[slot] === 0) continue;
        this.fatBox(slot);
        const tree = this.isStatic[slot] === 1 ? this.staticTree : this.dynamicTree;
        // The box's move since the last update (its centre's), which the next ones likely repeat.
        const t = this.tight, c = this.centers, k = 3 * slot;
        const dx = 0.5 * (t[0] + t[3]) - c[k], dy = 0.5 * (t[1] + t[4]) - c[k + 1], dz = 0.5 * (t[2] + t[5]) - c[k + 2];
        c[k] += dx; c[k + 1] += dy; c[k + 2] += dz;
        if (!tree.contains(this.proxy[slot], t)) {
          // Reinserted: the fat box also stretched along the move, so a steady motion leaves it less often
          // (Box2D's aabbMultiplier).
          const f = this.fat, m = FAT_MOTION;
          if (dx < 0) f[0] += m * dx; else f[3] += m * dx;
          if (dy < 0) f[1] += m * dy; else f[4] += m * dy;
          if (dz < 0) f[2] += m * dz; else f[5] += m * dz;
          tree.update(this.proxy[slot], f);
          this.fresh[slot] = 1;
        }
      }
      // 2. New pairs: every body whose leaf is new or was reinserted, against both trees (a body that
      // stayed inside its fat box has every pair its fat box overlaps already: pairs stay until those part).
      for (let i = 0; i < movedCount; i++) {
        const slot = moved[i];
        if (this.alive[slot] === 0 || this.fresh[slot] === 0) continue;
        this.fresh[slot] = 0;
        const tree = this.isStatic[slot] === 1 ? this.staticTree : this.dynamicTree;
        // Its fat box, copied (a subarray view would be an object per body).
        const fat = this.queryBox, o = 6 * this.proxy[slot];
        for (let k = 0; k < 6; k++) fat[k] = tree.bounds[o + k];
        this.querySlot = slot;
        this.currentTree = this.dynamicTree;
        this.dynamicTree.query(fat, this.pairVisitor, this);
        if (this.isStatic[slot] === 0) {
          this.currentTree = this.staticTree;
          this.staticTree.query(fat, this.pairVisitor, this);
        }
      }
      this.movedCount = 0;
      // 3. Narrow phase on every pair; pairs whose fat boxes parted go.
      for (let r = this.pairs.count - 1; r >= 0; r--) {
        const a = this.pairs.a[r], b = this.pairs.b[r];
        if (!this.fatBoxesOverlap(a, b)) { this.removePair(r); continue; }
        const was = this.pairTouching[r] === 1;
        const now = this.narrow(r, a, b);
        this.pairTouching[r] = now ? 1 : 0;
        this.pairBegan[r] = now && !was ? 1 : 0;
        if (was && !now) this.ended.push(this.handleOf(a), this.handleOf(b));
      }
    } finally {
      this.updating = false;
    }
  }

  /** Number of pairs of the last update whose separation is at most the margin. */
  get contactCount(): number {
    let n = 0;
    for (let r = 0; r < this.pairs.count; r++) n += this.pairTouching[r];
    return n;
  }

  /**
   * Calls `visit(contact)` for every touching pair of the last update (within the margin); the record is
   * the world's, reused: copy what you keep.
   */
  forEachContact(visit: (contact: WorldContact) => void): void {
    for (let r = 0; r < this.pairs.count; r++) {
      if (this.pairTouching[r] === 1) visit(this.pairContacts[r] as WorldContact);
    }
  }

  /** Calls `visit(a, b)` for every pair that started touching in the last update. */
  beganTouching(visit: (a: number, b: number) => void): void {
    for (let r = 0; r < this.pairs.count; r++) {
      if (this.pairBegan[r] === 1) visit(this.handleOf(this.pairs.a[r]), this.handleOf(this.pairs.b[r]));
    }
  }

  /**
   * Calls `visit(a, b)` for every pair that stopped touching in the last update, or by a removal before it
   * (a removed body's handle is no longer valid, but is reported here once).
   */
  endedTouching(visit: (a: number, b: number) => void): void {
    for (let i = 0; i < this.ended.count; i++) visit(this.ended.a[i], this.ended.b[i]);
  }

  /**
   * Calls `visit(handle)` for every body whose tight box (as of its last pose) overlaps the box [min, max],
   * until it returns true.
   */
  queryAabb(min: Readonly<Vec3Like>, max: Readonly<Vec3Like>, visit: (handle: number) => boolean | void): void {
    const q = this.queryBox;
    q[0] = min.x; q[1] = min.y; q[2] = min.z; q[3] = max.x; q[4] = max.y; q[5] = max.z;
    for (let k = 0; k < 6; k++) if (!Number.isFinite(q[k])) throw new InvalidNumberError(k < 3 ? 'min' : 'max', q[k]);
    this.aabbVisit = visit;
    try {
      this.currentTree = this.dynamicTree;
      if (!this.dynamicTree.query(q, this.aabbVisitor, this)) {
        this.currentTree = this.staticTree;
        this.staticTree.query(q, this.aabbVisitor, this);
      }
    } finally {
      this.aabbVisit = null;
    }
  }

  /**
   * The nearest body the ray `origin + t·direction` (t in [0, maxT]) hits, solid: `rayCast`'s answer and the
   * body, or null. `filter(handle)` false skips a body. With `out` from {@link createWorldRayHit}, nothing is
   * allocated.
   */
  rayCast(origin: Readonly<Vec3Like>, direction: Readonly<Vec3Like>, options?: { maxT?: number; filter?: (handle: number) => boolean } | null, out?: WorldRayHit | null): WorldRayHit | null {
    const o = this.rayO, d = this.rayD;
    o[0] = origin.x; o[1] = origin.y; o[2] = origin.z; d[0] = direction.x; d[1] = direction.y; d[2] = direction.z;
    let maxT = Infinity;
    if (options?.maxT !== undefined) {
      if (!(typeof options.maxT === 'number' && options.maxT >= 0)) throw new InvalidNumberError('options.maxT', options.maxT, 'a number >= 0 (Infinity allowed)');
      maxT = options.maxT;
    }
    this.rayFilter = options?.filter ?? null;
    this.rayOrigin = origin; this.rayDirection = direction;
    this.rayBest = -1;
    const best = this.rayHit;
    try {
      this.currentTree = this.dynamicTree;
      this.dynamicTree.rayMaxT[0] = maxT;
      this.dynamicTree.rayQuery(o, d, this.rayVisitor, this);
      this.currentTree = this.staticTree;
      this.staticTree.rayMaxT[0] = this.rayBest >= 0 ? best.t : maxT;
      this.staticTree.rayQuery(o, d, this.rayVisitor, this);
    } finally {
      this.rayFilter = null; this.rayOrigin = null; this.rayDirection = null;
    }
    if (this.rayBest < 0) return null;
    const r = out ?? createWorldRayHit();
    r.body = this.handleOf(this.rayBest);
    r.t = best.t; r.iterations = best.iterations;
    r.point.x = best.point.x; r.point.y = best.point.y; r.point.z = best.point.z;
    r.normal.x = best.normal.x; r.normal.y = best.normal.y; r.normal.z = best.normal.z;
    return r;
  }

  // -------------------------------------------------------------------------------------------------

  private readonly tight = new Float64Array(6);
  private readonly queryBox = new Float64Array(6);
  private querySlot = -1;
  private aabbVisit: ((handle: number) => boolean | void) | null = null;
  private readonly rayO = new Float64Array(3);
  private readonly rayD = new Float64Array(3);
  private rayFilter: ((handle: number) => boolean) | null = null;
  private rayOrigin: Readonly<Vec3Like> | null = null;
  private rayDirection: Readonly<Vec3Like> | null = null;
  private rayBest = -1;
  private readonly rayHit = createRayHit();
  private readonly rayTry = createRayHit();
  private readonly rayOptions = { maxT: Infinity };

  private readonly pairVisitor = (leaf: number, world: CollisionWorld): boolean => world.offerPair(world.querySlot, leaf);

  /** A leaf (of `currentTree`) met by body `self`'s fat box: the pair joins the set if both filters accept it. */
  private offerPair(self: number, leaf: number): boolean {
    const other = this.currentTree!.item[leaf];
    if (other === self) return false;
    if (this.isStatic[self] === 1 && this.isStatic[other] === 1) return false;
    if ((this.group[self] & this.mask[other]) === 0 || (this.group[other] & this.mask[self]) === 0) return false;
    const r = this.pairs.add(self, other);
    if (this.pairs.added) {
      this.ensurePairRecords(r);
      this.pairTouching[r] = 0;
      this.pairBegan[r] = 0;
      this.pairCaches[r].reset();
    }
    return false;
  }

  /** The tree a query runs on (its visitors read the leaves' slots there). */
  private currentTree: DynamicTree | null = null;

  private readonly aabbVisitor = (leaf: number, world: CollisionWorld): boolean => {
    const slot = world.currentTree!.item[leaf];
    // The fat box met the query: test the tight box.
    world.tightBox(slot);
    const q = world.queryBox, t = world.tight;
    if (t[0] > q[3] || t[3] < q[0] || t[1] > q[4] || t[4] < q[1] || t[2] > q[5] || t[5] < q[2]) return false;
    return world.aabbVisit!(world.handleOf(slot)) === true;
  };

  private readonly rayVisitor = (leaf: number, world: CollisionWorld): void => {
    const slot = world.currentTree!.item[leaf];
    if (world.rayFilter !== null && !world.rayFilter(world.handleOf(slot))) return;
    const tree = world.currentTree!;
    const options = world.rayOptions;
    options.maxT = tree.rayMaxT[0];
    const hit = rayCast(world.shapes[slot]!, world.poseAt(slot), world.rayOrigin!, world.rayDirection!, world.rayTry, options);
    if (hit === null) return;
    const best = world.rayHit;
    if (world.rayBest < 0 || hit.t < best.t || (hit.t === best.t && slot < world.rayBest)) {
      best.t = hit.t; best.iterations = hit.iterations;
      best.point.x = hit.point.x; best.point.y = hit.point.y; best.point.z = hit.point.z;
      best.normal.x = hit.normal.x; best.normal.y = hit.normal.y; best.normal.z = hit.normal.z;
      world.rayBest = slot;
      tree.rayMaxT[0] = hit.t;
    }
  };

  private narrow(r: number, a: number, b: number): boolean {
    const work = acquireWork(false);
    work.touchingOnly = false;
    work.maxSeparation = this.margin;
    work.contact.partA = 0; work.contact.partB = 0;
    const sa = this.shapes[a]!, sb = this.shapes[b]!;
    const options = this.pairOptions;
    options.cache = this.pairCaches[r];
    const found = CONTACT.find(sa, sb)(work, sa, this.transforms[a], sb, this.transforms[b], options);
    if (!found || work.contact.separation > this.margin) return false;
    const c = work.contact, out = this.pairContacts[r] as WorldContact;
    out.a = this.handleOf(a); out.b = this.handleOf(b);
    copyContactAnswer(out, c);
    return true;
  }

  private readonly pairOptions: { cache: GjkCache | undefined } = { cache: undefined };

  private removePair(r: number): void {
    if (this.pairTouching[r] === 1) (this.updating ? this.ended : this.endedByRemoval).push(this.handleOf(this.pairs.a[r]), this.handleOf(this.pairs.b[r]));
    this.pairTouching[r] = 0;
    this.pairs.removeRecord(r);
  }

  private ensurePairRecords(r: number): void {
    if (r >= this.pairTouching.length) {
      const t = new Uint8Array(2 * this.pairTouching.length); t.set(this.pairTouching); this.pairTouching = t;
      const g = new Uint8Array(2 * this.pairBegan.length); g.set(this.pairBegan); this.pairBegan = g;
    }
    while (this.pairCaches.length <= r) {
      this.pairCaches.push(new GjkCache());
      const c = createContactResult() as WorldContact;
      c.a = -1; c.b = -1;
      this.pairContacts.push(c);
    }
  }

  private fatBoxesOverlap(a: number, b: number): boolean {
    const ta = this.isStatic[a] === 1 ? this.staticTree : this.dynamicTree, tb = this.isStatic[b] === 1 ? this.staticTree : this.dynamicTree;
    const x = ta.bounds, y = tb.bounds, i = 6 * this.proxy[a], j = 6 * this.proxy[b];
    return !(x[i] > y[j + 3] || x[i + 3] < y[j] || x[i + 1] > y[j + 4] || x[i + 4] < y[j + 1] || x[i + 2] > y[j + 5] || x[i + 5] < y[j + 2]);
  }

  /** The tight world box of body `slot` into `this.tight`. */
  private tightBox(slot: number): void {
    const s = this.shapes[slot]!, t = this.transforms[slot], k = kindIndex(s);
    const b = k === COMPOUND_KIND_INDEX || k === MESH_KIND_INDEX ? concaveAabb(this.box, s as PartedShape, t) : shapeAabb(this.box, s as ConvexShape, t);
    const o = this.tight;
    o[0] = b.min.x; o[1] = b.min.y; o[2] = b.min.z; o[3] = b.max.x; o[4] = b.max.y; o[5] = b.max.z;
  }

  /** The tight box into `this.tight` and the fat box (grown by the margin and a tenth of its largest side) into `this.fat`. */
  private fatBox(slot: number): void {
    this.tightBox(slot);
    const t = this.tight, f = this.fat;
    const size = Math.max(t[3] - t[0], t[4] - t[1], t[5] - t[2]);
    const grow = this.margin + FAT_FRACTION * size;
    f[0] = t[0] - grow; f[1] = t[1] - grow; f[2] = t[2] - grow; f[3] = t[3] + grow; f[4] = t[4] + grow; f[5] = t[5] + grow;
  }

  private markMoved(slot: number): void {
    if (this.moved[slot] === 1) return;
    this.moved[slot] = 1;
    if (this.movedCount === this.movedList.length) {
      const m = new Int32Array(2 * this.movedList.length); m.set(this.movedList); this.movedList = m;
    }
    this.movedList[this.movedCount++] = slot;
  }

  private newSlot(): number {
    const slot = this.slotCount++;
    if (slot >= SLOTS) throw new InvalidArgumentError('add', `would hold more than ${SLOTS} bodies`);
    if (slot >= this.generation.length) {
      const n = 2 * this.generation.length;
      const gi = new Int32Array(n); gi.set(this.generation); this.generation = gi;
      const p = new Int32Array(n); p.set(this.proxy); this.proxy = p;
      const s = new Uint8Array(n); s.set(this.isStatic); this.isStatic = s;
      const a = new Uint8Array(n); a.set(this.alive); this.alive = a;
      const m = new Uint8Array(n); m.set(this.moved); this.moved = m;
      const f = new Uint8Array(n); f.set(this.fresh); this.fresh = f;
      const c = new Float64Array(3 * n); c.set(this.centers); this.centers = c;
      const ps = new Uint8Array(n); ps.set(this.poseStale); this.poseStale = ps;
      const g = new Int32Array(n); g.set(this.group); this.group = g;
      const k = new Int32Array(n); k.set(this.mask); this.mask = k;
    }
    return slot;
  }

  private handleOf(slot: number): number {
    return this.generation[slot] * SLOTS + slot;
  }

  private slotOf(handle: number, field: string): number {
    if (typeof handle === 'number' && Number.isInteger(handle) && handle >= 0) {
      const slot = handle % SLOTS, gen = (handle - slot) / SLOTS;
      if (slot < this.slotCount && this.alive[slot] === 1 && this.generation[slot] === gen) return slot;
    }
    throw new InvalidArgumentError(field, `is ${String(handle)}; expected the handle of a body in this world (from add, not removed)`);
  }

  private checkNotUpdating(what: string): void {
    if (this.updating) throw new InvalidArgumentError(what, 'was called during update (from a support function of your own); not supported');
  }
}

/** A growing list of handle pairs in typed arrays (an array emptied by `length = 0` gives its storage back). */
class HandlePairs {
  a = new Int32Array(16);
  b = new Int32Array(16);
  count = 0;
  push(x: number, y: number): void {
    if (this.count === this.a.length) {
      const a = new Int32Array(2 * this.count); a.set(this.a); this.a = a;
      const b = new Int32Array(2 * this.count); b.set(this.b); this.b = b;
    }
    this.a[this.count] = x; this.b[this.count] = y; this.count++;
  }
}

/** A record for {@link CollisionWorld.rayCast}'s `out`. */
export function createWorldRayHit(): WorldRayHit {
  const h = createRayHit() as WorldRayHit;
  h.body = -1;
  return h;
}

function readFilter(v: unknown, field: string): number {
  if (v === undefined) return -1;
  if (typeof v === 'number' && Number.isInteger(v) && v >= -0x80000000 && v <= 0xffffffff) return v | 0;
  throw new InvalidArgumentError(field, `is ${String(v)}; expected a 32-bit integer filter (0 to 0xffffffff)`);
}

const _elements = /* @__PURE__ */ new Float64Array(16);

/** The pose of transform `t` into `out` (its rotation as a quaternion). */
function poseOf(t: Transform, out: Pose): Pose {
  const e = _elements;
  e[0] = t.m00; e[1] = t.m10; e[2] = t.m20; e[3] = 0;
  e[4] = t.m01; e[5] = t.m11; e[6] = t.m21; e[7] = 0;
  e[8] = t.m02; e[9] = t.m12; e[10] = t.m22; e[11] = 0;
  e[12] = t.tx; e[13] = t.ty; e[14] = t.tz; e[15] = 1;
  return poseFromMatrix(e, out);
}
