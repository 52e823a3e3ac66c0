/**
 * A collision world: bodies (any shape at a pose), a broad phase that finds the pairs whose boxes overlap,
 * and the exact narrow phase on those pairs only, warm-started from the last update (issue 20).
 *
 * Broad phase: two dynamic AABB trees (bvh/dynamic-tree.ts), one for bodies that move and one for static
 * bodies, as Box2D's b2BroadPhase keeps its proxies. A body's leaf holds a "fat" box (its tight box grown by
 * the world's margin and a tenth of its size), so a small move changes no leaf; a body whose box leaves
 * its fat box is reinserted, and only such bodies look for new pairs. Pairs live in a hash set keyed by the
 * two bodies (world/pair-set.ts) until their fat boxes part. Narrow phase: every pair's contact (the
 * library's own pair functions, warm-started per pair), up to the margin; with `manifolds`, each touching
 * pair's contact manifolds too (a ManifoldCache per touching convex pair). Bodies and pairs are flat typed
 * arrays, no object each (no boxed numbers, no garbage). The touching pairs are listed compactly
 * after each update, so they are read by index. docs/world.md describes the API, its guarantees and limits.
 *
 * Bodies are numbered by handles: a slot and a generation, so a removed body's handle is never taken for
 * a new one's (a stale handle is an error, not another body).
 */
import { describeValue, InvalidArgumentError, InvalidNumberError } from '../errors.js';
import { DynamicTree } from '../bvh/dynamic-tree.js';
import { createAabb, type Aabb } from '../math/aabb.js';
import { Transform, transformFromPose } from '../math/transform.js';
import type { PoseLike, Vec3Like } from '../math/types.js';
import type { Pose } from '../math/world-pose.js';
import { shapeAabb } from '../shapes/shape-aabb.js';
import { COMPOUND_KIND_INDEX, MESH_KIND_INDEX, type ConvexShape, type Shape } from '../shapes/shape.js';
import { MANIFOLD_MAX_POINTS, SHAPE_CAST_RELATIVE_TOLERANCE } from '../tolerance.js';
import { concaveAabb } from '../query/concave/concave-aabb.js';
import type { PartedShape } from '../query/concave/parts.js';
import { intersects } from '../query/closest-points.js';
import { ManifoldWork, manifoldConvex } from '../query/manifold/convex-manifold.js';
import { contactManifolds, createManifoldList, type ManifoldList } from '../query/contact-manifolds.js';
import { CONTACT, explainNotShape, isConvexShape, kindIndex } from '../query/dispatch.js';
import { GjkCache } from '../query/gjk/gjk.js';
import { ManifoldCache } from '../query/manifold/manifold-cache.js';
import { createManifold, type Manifold } from '../query/manifold/manifold-result.js';
import { checkOut, outNotWritable } from '../query/options.js';
import { acquireWork } from '../query/query-work.js';
import { rayCast } from '../query/ray-cast.js';
import type { RayHit } from '../query/cast/ray-hit.js';
import type { QueryStatus } from '../query/results.js';
import { shapeCast, type Motion, type ShapeCastResult } from '../query/shape-cast.js';
import { PairSet } from './pair-set.js';
import {
  checkFunction, checkOptionsObject, copyPose, createWorldContact, createWorldRayHit, createWorldShapeCastResult, HandlePairs, QueryState, readFilter, readVector,
  WorldPose, type WorldContact, type WorldRayHit, type WorldShapeCastResult,
} from './world-records.js';

export { createWorldContact, createWorldRayHit, createWorldShapeCastResult, type WorldContact, type WorldRayHit, type WorldShapeCastResult } from './world-records.js';

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

/** Options of {@link CollisionWorld.rayCast} and {@link CollisionWorld.rayCastAll}. */
export interface WorldRayCastOptions {
  /** Largest `t` reported (in units of the direction; ≥ 0, default Infinity). */
  maxT?: number;
  /** As `rayCast`'s: true (default), an origin inside a body hits it at t = 0. */
  solid?: boolean;
  /** `filter(handle)` false skips the body (called before the body is cast against). */
  filter?: (handle: number) => boolean;
}

/** Options of {@link CollisionWorld.shapeCast}. */
export interface WorldShapeCastOptions {
  /** Latest time reported (default 1; finite, ≥ 0): the shape moves over `[0, maxTime]`. */
  maxTime?: number;
  /** Stop this far short of contact (default 0; finite, ≥ 0). */
  targetSeparation?: number;
  /** `filter(handle)` false skips the body. */
  filter?: (handle: number) => boolean;
}

/** The visitor of {@link CollisionWorld.forEachTreeBox}: a node's fat box, its depth (0 at a root), and what it is. */
export type TreeBoxVisitor = (minX: number, minY: number, minZ: number, maxX: number, maxY: number, maxZ: number, depth: number, isLeaf: boolean, isStatic: boolean) => void;

/** Slots per generation: a handle is generation · SLOTS + slot (below 2^30: a small integer to V8). */
const SLOT_BITS = 22;
const SLOTS = 1 << SLOT_BITS;
/** A fat box is the tight box grown by this fraction of its largest side (plus the margin). */
const FAT_FRACTION = 0.1;
/** And stretched by this many times the last move of the box (Box2D's b2_aabbMultiplier is 4 steps). */
const FAT_MOTION = 4;
const MAX_POINTS = MANIFOLD_MAX_POINTS; // V8 rule 4 (CONTRIBUTING.md)
/** A compound's or mesh's pair borrows room for this many manifolds more than it had last update (a speed parameter: more only lends more). */
const TOP_UP = 8;
const CAST_TOLERANCE = SHAPE_CAST_RELATIVE_TOLERANCE;
/**
 * Query boxes are grown by this times their sizes and positions (unitless): above the pairwise queries'
 * touch slack (CONTACT_RELATIVE_TOLERANCE, 256 ε, and POSITION_ULPS ulps), so a body that a query counts
 * as touching is never left out by its box. Only adds candidates, which the exact query then decides.
 */
const BOX_SLACK = 1e-12;
/**
 * The slack of the pair's tight-box test before the narrow phase, relative to the boxes' sizes and
 * positions: a gap between boxes bounds the shapes' distance from below, and the exact query's rounding
 * (its answers hold to about 1e-12 of the sizes) must not make a pair the test drops touch by it.
 */
const PAIR_BOX_SLACK = 1e-9;
/**
 * How far a pair may come closer than its last bound before the world queries it again, relative to the
 * boxes' sizes and positions (as PAIR_BOX_SLACK): the bound's own rounding, and that of the motion sums.
 */
const MOTION_SLACK = 1e-9;
/** 1/√2 rounded up (by 1e-9, far above the rounding of a rotation matrix): addMotion. */
const TURN_NORM = 0.7071067822;
/** Numbers of a body's frame: its transform (12) and its pose as given (7). */
const FRAME = 19;
/** Numbers of a pair's contact answer (separation, normal, pointA, pointB). */
const ANSWER = 10;
/** The statuses a pair's answer stores as an index. */
const STATUSES: readonly QueryStatus[] = ['converged', 'max-iterations', 'degenerate'];

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
  private readonly dynamicTree = new DynamicTree();
  private readonly staticTree = new DynamicTree();
  // Bodies by slot.
  private shapes: (Shape | null)[] = [];
  /**
   * Each body's frame, FRAME numbers a slot: its transform (rotation m00..m22 row by row, then tx ty tz)
   * and its pose as given (px py pz, qx qy qz qw: the seven numbers a query reads; the transform is made
   * from them). One array, not two objects a body: a pair's narrow phase reads 2 × 96 contiguous bytes
   * instead of 24 boxed fields, and a body costs 152 bytes here instead of about 580.
   */
  private frames = new Float64Array(FRAME * 16);
  /** Scratch of the update: the transforms of a pair's bodies, and their poses (manifolds). */
  private readonly transformA = new Transform();
  private readonly transformB = new Transform();
  private readonly poseA = new WorldPose();
  private readonly poseB = new WorldPose();
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
  /** Each body's tight box at its last update (6 numbers a slot): pairs whose boxes are farther apart than the margin skip the narrow phase. */
  private tightBoxes = new Float64Array(96);
  /** Whether a body moved (was set, added) in the update under way: a pair of two that did not keeps its answer. */
  private movedNow = new Uint8Array(16);
  /** Whether a body's leaf was reinserted in the update under way (only then can its pairs' fat boxes part). */
  private leafMoved = new Uint8Array(16);
  private group = new Int32Array(16);
  private mask = new Int32Array(16);
  /**
   * Motion bounds (see motionSince): how far any point of each body has moved, at most, since it was
   * added, summed over its setPose calls, and the radius about its origin that bounds its points.
   */
  private motion = new Float64Array(16);
  private radius = new Float64Array(16);
  private freeSlots: number[] = [];
  private slotCount = 0;
  private bodyCount = 0;
  /** Slots whose pose changed since the last update (`movedCount` of them; a typed array: setting an array's
   * length to 0 gives its storage back, and it is allocated again each step). */
  private movedList = new Int32Array(16);
  private movedCount = 0;
  // Pairs, by record (pair-set.ts: records are dense and move when one is removed; onMove moves ours).
  private readonly pairs = new PairSet();
  private pairTouching = new Uint8Array(64);
  private pairBegan = new Uint8Array(64);
  /** Whether a pair's narrow phase has not run yet (a new pair). */
  private pairFresh = new Uint8Array(64);
  /** Each record's index in `contactList`, or −1. */
  private contactIndex = new Int32Array(64);
  /**
   * Each pair's warm start (a GjkCache's direction, 3 numbers, and whether it holds one) and its last
   * contact answer (separation, normal, pointA, pointB: 10 numbers; iterations, partA, partB: 3 integers;
   * the status as an index into STATUSES), flat: no object per pair (memory, and no boxed numbers in the
   * records' fields). `contact(i)` and `forEachContact` fill records from them.
   */
  private pairCacheDir = new Float64Array(3 * 64);
  private pairCacheValid = new Uint8Array(64);
  /**
   * Each separated pair's clearance: the sum of its bodies' motion bounds below which it cannot have come
   * within the margin (its last separation bound less the margin, on top of their sums then). Until the
   * sum reaches it, the narrow phase passes the pair by (Mirtich's conservative advancement, run as a
   * filter: a distance shrinks by at most how far the two bodies' points have moved).
   */
  private pairClear = new Float64Array(64);
  /** The last tight-box test's gap and scale (tightBoxesNear), read by the narrow phase. */
  private readonly near = new Float64Array(2);
  private pairAnswer = new Float64Array(ANSWER * 64);
  private pairCounts = new Int32Array(3 * 64);
  private pairStatus = new Uint8Array(64);
  /** The one GjkCache the narrow phase lends each pair's warm start to. */
  private readonly cache = new GjkCache();
  /** The record `contact(i)` fills when given no `out`, and those of forEachContact, one per nesting level. */
  private readonly contactOut = createWorldContact();
  private readonly visitRecords: WorldContact[] = [];
  private visitDepth = 0;
  /**
   * With manifolds: each pair's manifold slot (−1 when it has none), and the slots: a manifold list and a
   * cache each (the cache used when both shapes are convex). Only touching pairs hold one: a slot is
   * about 6 KB (16 points of room), and a body has about 4 pairs whose fat boxes meet for 1 that touches.
   */
  private pairManifoldSlot = new Int32Array(64);
  private readonly slotLists: ManifoldList[] = [];
  private readonly slotCaches: ManifoldCache[] = [];
  private freeManifoldSlots = new Int32Array(16);
  private freeManifoldCount = 0;
  /** The touching pairs' records, compact (`contactListCount` of them): built by update, kept by remove. */
  private contactList = new Int32Array(64);
  private contactListCount = 0;
  /** The pairs that stopped touching in the last update (a, b handles), kept until the next. */
  private readonly ended = new HandlePairs();
  private readonly endedByRemoval = new HandlePairs();
  private readonly tight = new Float64Array(6);
  private readonly fat = new Float64Array(6);
  private readonly box = createAabb();
  private updating = false;
  /** How many calls that run user callbacks are under way (then the world must not change). */
  private visiting = 0;
  /**
   * Whether every pair's fat boxes overlap (true after a complete update, and kept by add, setPose and
   * remove, which do not move leaves): then a removed body's pairs are found through the trees.
   */
  private pairsOverlap = true;
  /** Per-call state of the scene queries, one per nesting level. */
  private readonly states: QueryState[] = [];
  private stateDepth = 0;
  /** The options of the pairs' contact and manifold queries (one record each, re-pointed per pair). */
  private readonly pairOptions: { cache: GjkCache | undefined } = { cache: undefined };
  /** Points per convex pair's manifold (the `maxPoints` option). */
  private readonly maxPoints: number = 4;
  private readonly manifoldsOptions: { margin: number; maxPoints: number; meshEdges: 'smooth' | 'exact' } = { margin: 0.5, maxPoints: 4, meshEdges: 'smooth' };

  constructor(options?: WorldOptions) {
    let margin = 0, manifolds = false, maxPoints = 4, meshEdges: 'smooth' | 'exact' = 'smooth';
    if (options != null) {
      checkOptionsObject(options);
      const m = options.margin, k = options.maxPoints, e = options.meshEdges, mf = options.manifolds;
      if (m !== undefined && !(typeof m === 'number' && m >= 0 && m < Infinity)) throw new InvalidNumberError('options.margin', m, 'a finite number >= 0');
      if (typeof m === 'number') margin = m;
      if (mf !== undefined && typeof mf !== 'boolean') throw new InvalidArgumentError('options.manifolds', `is ${describeValue(mf)}; expected true or false`);
      manifolds = mf === true;
      if (k !== undefined && !(typeof k === 'number' && Number.isInteger(k) && k >= 1 && k <= MAX_POINTS)) throw new InvalidNumberError('options.maxPoints', k, `an integer from 1 to ${MAX_POINTS}`);
      if (typeof k === 'number') maxPoints = k;
      if (e !== undefined && e !== 'smooth' && e !== 'exact') throw new InvalidArgumentError('options.meshEdges', `is ${describeValue(e)}; expected 'smooth' or 'exact'`);
      if (e !== undefined) meshEdges = e;
    }
    this.margin = margin;
    this.keepsManifolds = manifolds;
    this.maxPoints = maxPoints;
    this.manifoldsOptions.margin = margin; this.manifoldsOptions.maxPoints = maxPoints; this.manifoldsOptions.meshEdges = meshEdges;
    this.pairs.onMove = (from, to) => {
      this.pairTouching[to] = this.pairTouching[from];
      this.pairBegan[to] = this.pairBegan[from];
      this.pairFresh[to] = this.pairFresh[from];
      const i = this.contactIndex[from];
      this.contactIndex[to] = i;
      this.contactIndex[from] = -1;
      if (i >= 0) this.contactList[i] = to;
      this.pairCacheValid[to] = this.pairCacheValid[from];
      this.pairClear[to] = this.pairClear[from];
      this.pairStatus[to] = this.pairStatus[from];
      this.pairAnswer.copyWithin(ANSWER * to, ANSWER * from, ANSWER * from + ANSWER);
      this.pairCacheDir.copyWithin(3 * to, 3 * from, 3 * from + 3);
      this.pairCounts.copyWithin(3 * to, 3 * from, 3 * from + 3);
      // The manifold records' objects swap, so each stays in the pool.
      this.pairManifoldSlot[to] = this.pairManifoldSlot[from];
    };
  }

  /** Number of bodies. */
  get size(): number {
    return this.bodyCount;
  }

  /**
   * Adds a body: `shape` (any shape of the library) at `pose` (read now, copied). Returns its handle.
   * @throws as the queries for a bad shape or pose; InvalidArgumentError / InvalidNumberError for bad options;
   *   InvalidArgumentError inside a callback of the world.
   */
  add(shape: Shape, pose: PoseLike, options?: BodyOptions): number {
    this.checkMutable('add');
    checkShape(shape, 'shape');
    let isStatic = false, group = -1, mask = -1, userData: unknown;
    if (options != null) {
      checkOptionsObject(options);
      if (options.static !== undefined && typeof options.static !== 'boolean') throw new InvalidArgumentError('options.static', 'is not a boolean');
      isStatic = options.static === true;
      group = readFilter(options.group, 'options.group');
      mask = readFilter(options.mask, 'options.mask');
      userData = options.userData;
    }
    transformFromPose(this.transformA, pose, 'pose');
    const slot = this.freeSlots.length > 0 ? this.freeSlots.pop()! : this.newSlot();
    this.shapes[slot] = shape;
    // (A shape of the user's own is taken at its word, as shape casts take it: Shape.boundingRadius.)
    this.radius[slot] = shape.boundingRadius;
    this.storeFrame(slot, this.transformA, pose);
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
    return this.handleOf(slot);
  }

  /** Moves body `handle` to `pose` (read now, copied). Nothing else happens until `update()`. */
  setPose(handle: number, pose: PoseLike): void {
    this.checkMutable('setPose');
    const slot = this.slotOf(handle, 'handle');
    transformFromPose(this.transformA, pose, 'pose');
    this.addMotion(slot, this.transformA);
    this.storeFrame(slot, this.transformA, pose);
    this.markMoved(slot);
  }

  /**
   * Removes body `handle`: its pairs go now (the touching ones leave `contact(i)` at once and are reported
   * by `endedTouching` after the next update). O(log n + k) for k pairs of the body.
   */
  remove(handle: number): void {
    this.checkMutable('remove');
    const slot = this.slotOf(handle, 'handle');
    const tree = this.isStatic[slot] === 1 ? this.staticTree : this.dynamicTree;
    if (this.pairsOverlap) {
      // Every pair's fat boxes overlap, so the body's pairs are among the leaves its fat box meets.
      const s = this.acquireState();
      try {
        const box = s.box, o = 6 * this.proxy[slot];
        for (let k = 0; k < 6; k++) box[k] = tree.bounds[o + k];
        s.slot = slot;
        s.tree = this.dynamicTree;
        this.dynamicTree.query(box, removeVisitor, s);
        s.tree = this.staticTree;
        this.staticTree.query(box, removeVisitor, s);
      } finally {
        this.releaseState(s);
      }
    } else {
      // An update broke off (a support function threw) with leaves moved and pairs not yet checked.
      for (let r = this.pairs.count - 1; r >= 0; r--) {
        if (this.pairs.a[r] === slot || this.pairs.b[r] === slot) this.removePair(r);
      }
    }
    tree.remove(this.proxy[slot]);
    this.alive[slot] = 0;
    this.shapes[slot] = null;
    this.userDatas[slot] = undefined;
    this.generation[slot] = (this.generation[slot] + 1) % 256;
    this.freeSlots.push(slot);
    this.bodyCount--;
  }

  /** Body `handle`'s shape. */
  shape(handle: number): Shape { return this.shapes[this.slotOf(handle, 'handle')]!; }
  /**
   * Body `handle`'s pose, as last given: written into `out` when given (a `createPose()` record, or any
   * `{ position, quaternion }` of plain fields), else into a new object (in a loop, pass `out`).
   * @throws InvalidArgumentError for an `out` without position and quaternion objects.
   */
  pose(handle: number, out?: Pose | null): Pose {
    const slot = this.slotOf(handle, 'handle');
    if (out == null) return this.readPose(new WorldPose(), slot);
    if (typeof out !== 'object' || typeof out.position !== 'object' || out.position === null || typeof out.quaternion !== 'object' || out.quaternion === null) {
      throw new InvalidArgumentError('out', `is ${describeValue(out)}; expected a pose record { position, quaternion } (createPose()), or undefined`);
    }
    try {
      return this.readPose(out, slot);
    } catch (e) {
      if (e instanceof TypeError) throw new InvalidArgumentError('out', 'is not writable (frozen?); expected a pose record { position, quaternion } (createPose()), or undefined');
      throw e;
    }
  }
  /** Body `handle`'s userData. */
  userData(handle: number): unknown { return this.userDatas[this.slotOf(handle, 'handle')]; }
  /** Whether `handle` is a body of this world (from add, not removed). */
  has(handle: number): boolean {
    if (!(typeof handle === 'number' && Number.isInteger(handle) && handle >= 0)) return false;
    const slot = handle % SLOTS;
    return slot < this.slotCount && this.alive[slot] === 1 && this.generation[slot] === (handle - slot) / SLOTS;
  }

  /**
   * Brings the world up to date: reinserts bodies whose boxes left their fat boxes, finds their new pairs,
   * drops pairs whose fat boxes parted, and runs the narrow phase on every pair (and, with `manifolds`,
   * the manifolds of every touching pair). Then `contactCount`, `contact(i)`, `manifolds(i)`,
   * `forEachContact`, `beganTouching` and `endedTouching` describe this update. Allocates nothing once the
   * world's arrays have grown to its bodies and pairs.
   */
  update(): void {
    this.checkMutable('update');
    this.updating = true;
    this.pairsOverlap = false;
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
        this.movedNow[slot] = 1;
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
          this.leafMoved[slot] = 1;
        }
      }
      // 2. New pairs: every body whose leaf is new or was reinserted, against both trees (a body that
      // stayed inside its fat box has every pair its fat box overlaps already: pairs stay until those part).
      const s = this.acquireState();
      try {
        for (let i = 0; i < movedCount; i++) {
          const slot = moved[i];
          if (this.alive[slot] === 0 || this.fresh[slot] === 0) continue;
          this.fresh[slot] = 0;
          const tree = this.isStatic[slot] === 1 ? this.staticTree : this.dynamicTree;
          // Its fat box, copied (a subarray view would be an object per body).
          const fat = s.box, o = 6 * this.proxy[slot];
          for (let k = 0; k < 6; k++) fat[k] = tree.bounds[o + k];
          s.slot = slot;
          s.tree = this.dynamicTree;
          this.dynamicTree.query(fat, pairVisitor, s);
          if (this.isStatic[slot] === 0) {
            s.tree = this.staticTree;
            this.staticTree.query(fat, pairVisitor, s);
          }
        }
      } finally {
        this.releaseState(s);
      }
      this.movedCount = 0;
      // 3. Narrow phase on every pair; pairs whose fat boxes parted go. (The contact list is rebuilt below.)
      for (let i = 0; i < this.contactListCount; i++) this.contactIndex[this.contactList[i]] = -1;
      this.contactListCount = 0;
      const motion = this.motion;
      for (let r = this.pairs.count - 1; r >= 0; r--) {
        const a = this.pairs.a[r], b = this.pairs.b[r];
        // Fat boxes change only when a leaf is reinserted: a pair whose bodies kept theirs still overlaps.
        if ((this.leafMoved[a] === 1 || this.leafMoved[b] === 1) && !this.fatBoxesOverlap(a, b)) { this.removePair(r); continue; }
        const was = this.pairTouching[r] === 1;
        // Neither body moved since the pair's last narrow phase: its answer stands (bodies at rest, or a
        // static body and one at rest). Else, tight boxes farther apart than the margin cannot touch (a
        // distance is at least its boxes' gap); only the rest run the exact query.
        if (this.pairFresh[r] === 0 && this.movedNow[a] === 0 && this.movedNow[b] === 0) { this.pairBegan[r] = 0; continue; }
        // A separated pair whose bodies have not moved as far as its clearance since: still apart.
        if (!was && this.pairFresh[r] === 0 && motion[a] + motion[b] < this.pairClear[r]) { this.pairBegan[r] = 0; continue; }
        this.pairFresh[r] = 0;
        const now = this.tightBoxesNear(a, b) ? this.narrow(r, a, b) : this.clearBy(r, a, b, this.near[0]);
        this.pairTouching[r] = now ? 1 : 0;
        this.pairBegan[r] = now && !was ? 1 : 0;
        if (!now && this.keepsManifolds) this.releaseManifoldSlot(r);
        // The handles written out, not through handleOf: calling it here boxed a number on about every call once
        // the world was optimised with synchronous compiles (94 bytes a step for 300 bodies; test/probes/heap-meter.ts).
        if (was && !now) this.ended.push((this.generation[a] << SLOT_BITS) | a, (this.generation[b] << SLOT_BITS) | b);
      }
      for (let i = 0; i < movedCount; i++) { this.movedNow[moved[i]] = 0; this.leafMoved[moved[i]] = 0; }
      this.pairsOverlap = true;
      // 4. The touching pairs, compact, in record order.
      const list = this.contactList;
      for (let r = 0; r < this.pairs.count; r++) {
        if (this.pairTouching[r] === 0) continue;
        this.contactIndex[r] = this.contactListCount;
        list[this.contactListCount++] = r;
      }
    } finally {
      this.updating = false;
    }
  }

  /** Number of pairs of the last update whose separation is at most the margin (less those removed since). O(1). */
  get contactCount(): number {
    return this.contactListCount;
  }

  /**
   * The touching pair `index` (0 ≤ index < contactCount) of the last update: its handles and contact,
   * written into `out` (made by {@link createWorldContact}) or, without one, into a record of the world's
   * that the next call of `contact` rewrites: copy what you keep. A `remove` takes the body's pairs out of
   * the list and may move the last pair into a freed index.
   * @throws InvalidArgumentError for an index out of range, or an `out` that is not a writable record.
   */
  contact(index: number, out?: WorldContact | null): WorldContact {
    const r = this.contactRecord(index);
    if (out == null) return this.fillContact(this.contactOut, r);
    checkOut(out, 'createWorldContact');
    try {
      return this.fillContact(out, r);
    } catch (e) {
      if (e instanceof TypeError) throw outNotWritable('createWorldContact'); // (frozen)
      throw e;
    }
  }

  /**
   * The manifolds of touching pair `index` (as {@link contact}): `manifolds[0 .. count − 1]` of the list,
   * each with the normal from the pair's `a` to its `b` and `partA`/`partB` for compounds and meshes. A
   * convex pair has one (none in the rare pair whose manifold query, a separating-axis test for two boxes,
   * puts it a rounding error beyond the margin that `contact` put it within). The list is the world's,
   * rewritten by the next update.
   * @throws InvalidArgumentError for an index out of range, or a world made without `manifolds: true`.
   */
  manifolds(index: number): ManifoldList {
    if (!this.keepsManifolds) throw new InvalidArgumentError('manifolds', 'are not kept by this world; create it with { manifolds: true }');
    return this.slotLists[this.pairManifoldSlot[this.contactRecord(index)]];
  }

  /**
   * Calls `visit(contact)` for every touching pair of the last update (within the margin), in the order of
   * `contact(i)`; the record is the world's, refilled for each pair: copy what you keep.
   */
  forEachContact(visit: (contact: WorldContact) => void): void {
    checkFunction(visit, 'visit');
    this.visiting++;
    // A record per nesting level (a visitor may call forEachContact again).
    const depth = this.visitDepth++;
    const record = this.visitRecords[depth] ?? (this.visitRecords[depth] = createWorldContact());
    try {
      for (let i = 0; i < this.contactListCount; i++) visit(this.fillContact(record, this.contactList[i]));
    } finally {
      this.visitDepth--;
      this.visiting--;
    }
  }

  /** Calls `visit(a, b)` for every pair that started touching in the last update (and is still a body pair). */
  beganTouching(visit: (a: number, b: number) => void): void {
    checkFunction(visit, 'visit');
    this.visiting++;
    try {
      for (let i = 0; i < this.contactListCount; i++) {
        const r = this.contactList[i];
        if (this.pairBegan[r] === 1) visit(this.handleOf(this.pairs.a[r]), this.handleOf(this.pairs.b[r]));
      }
    } finally {
      this.visiting--;
    }
  }

  /**
   * Calls `visit(a, b)` for every pair that stopped touching in the last update, or by a removal before it
   * (a removed body's handle is no longer valid, but is reported here once).
   */
  endedTouching(visit: (a: number, b: number) => void): void {
    checkFunction(visit, 'visit');
    this.visiting++;
    try {
      for (let i = 0; i < this.ended.count; i++) visit(this.ended.a[i], this.ended.b[i]);
    } finally {
      this.visiting--;
    }
  }

  /**
   * Calls `visit(handle)` for every body whose tight box (as of its last pose) overlaps the box [min, max]
   * (touching counts), until it returns true.
   * @throws InvalidNumberError for a non-finite corner; InvalidArgumentError for a visit that is not a function.
   */
  queryAabb(min: Readonly<Vec3Like>, max: Readonly<Vec3Like>, visit: (handle: number) => boolean | void): void {
    checkFunction(visit, 'visit');
    const s = this.acquireState();
    try {
      readVector(s.origin, min, 'min');
      readVector(s.direction, max, 'max');
      const q = s.box;
      q[0] = s.origin.x; q[1] = s.origin.y; q[2] = s.origin.z; q[3] = s.direction.x; q[4] = s.direction.y; q[5] = s.direction.z;
      s.visitHandle = visit;
      this.hold(s);
      this.queryBoth(s, aabbVisitor);
    } finally {
      this.releaseState(s);
    }
  }

  /**
   * Calls `visit(handle)` for every body whose shape intersects `shape` at `pose` (exactly: `intersects`,
   * touching counts), until it returns true. Any shape, compounds and meshes included.
   * @throws as `intersects` for a bad shape or pose; InvalidArgumentError for a visit that is not a function.
   */
  overlapShape(shape: Shape, pose: PoseLike, visit: (handle: number) => boolean | void): void {
    checkShape(shape, 'shape');
    checkFunction(visit, 'visit');
    const s = this.acquireState();
    try {
      this.readShapeBox(s, shape, pose);
      // Grown by a hair more than intersects' touch slack (a gap of a few ulps of the sizes and positions
      // counts as touching): a body so near is a candidate, and intersects decides.
      const q = s.box, p = s.pose.position;
      const slack = BOX_SLACK * (q[3] - q[0] + q[4] - q[1] + q[5] - q[2] + Math.abs(p.x) + Math.abs(p.y) + Math.abs(p.z));
      q[0] -= slack; q[1] -= slack; q[2] -= slack; q[3] += slack; q[4] += slack; q[5] += slack;
      s.visitHandle = visit;
      this.hold(s);
      this.queryBoth(s, overlapVisitor);
    } finally {
      this.releaseState(s);
    }
  }

  /**
   * The nearest body the ray `origin + t·direction` (t in [0, maxT]) hits: `rayCast`'s answer and the body,
   * or null. `filter(handle)` false skips a body. With `out` from {@link createWorldRayHit}, nothing is
   * allocated. Of bodies hit at the same t, the one added first (lowest slot) wins.
   * @throws InvalidNumberError for a non-finite origin or direction, a zero direction or a bad `maxT`;
   *   InvalidArgumentError for bad options.
   */
  rayCast(origin: Readonly<Vec3Like>, direction: Readonly<Vec3Like>, options?: WorldRayCastOptions | null, out?: WorldRayHit | null): WorldRayHit | null {
    const s = this.acquireState();
    try {
      this.readRay(s, origin, direction, options);
      s.best = -1;
      this.hold(s);
      s.tree = this.dynamicTree; s.isStatic = false;
      this.dynamicTree.castQuery(s.o, s.d, s.ext, s.tMax, nearestRayVisitor, s);
      s.tree = this.staticTree; s.isStatic = true;
      this.staticTree.castQuery(s.o, s.d, s.ext, s.tMax, nearestRayVisitor, s);
      if (s.best < 0) return null;
      const r = out ?? createWorldRayHit();
      copyRayHit(r, s.hit);
      r.body = this.handleOf(s.best);
      return r;
    } finally {
      this.releaseState(s);
    }
  }

  /**
   * Calls `visit(hit)` for every body the ray `origin + t·direction` (t in [0, maxT]) hits, with `rayCast`'s
   * answer for it and the body (`hit.body`), in no particular order, until it returns true. The record is
   * the world's, reused: copy what you keep.
   * @throws as {@link rayCast}; InvalidArgumentError for a visit that is not a function.
   */
  rayCastAll(origin: Readonly<Vec3Like>, direction: Readonly<Vec3Like>, visit: (hit: WorldRayHit) => boolean | void, options?: WorldRayCastOptions | null): void {
    checkFunction(visit, 'visit');
    const s = this.acquireState();
    try {
      this.readRay(s, origin, direction, options);
      s.visitRay = visit;
      this.hold(s);
      s.tree = this.dynamicTree; s.isStatic = false;
      this.dynamicTree.castQuery(s.o, s.d, s.ext, s.tMax, allRayVisitor, s);
      s.tree = this.staticTree; s.isStatic = true;
      this.staticTree.castQuery(s.o, s.d, s.ext, s.tMax, allRayVisitor, s);
    } finally {
      this.releaseState(s);
    }
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
    const s = this.acquireState();
    try {
      let maxTime = 1, target = 0;
      checkOptionsObject(options);
      if (options != null) {
        const m = options.maxTime, t = options.targetSeparation, f = options.filter;
        if (typeof m === 'number' ? !(m >= 0 && m < Infinity) : m !== undefined) throw new InvalidNumberError('options.maxTime', m, 'a finite number >= 0');
        if (typeof t === 'number' ? !(t >= 0 && t < Infinity) : t !== undefined) throw new InvalidNumberError('options.targetSeparation', t, 'a finite number >= 0');
        if (typeof m === 'number') maxTime = m;
        if (typeof t === 'number') target = t;
        if (f !== undefined) { checkFunction(f, 'options.filter'); s.filter = f; }
      }
      checkOptionsObject(motion, 'motion');
      const lin = s.motion.linear, ang = s.motion.angular;
      lin.x = 0; lin.y = 0; lin.z = 0; ang.x = 0; ang.y = 0; ang.z = 0;
      if (motion != null) {
        if (motion.linear !== undefined) readVector(lin, motion.linear, 'motion.linear');
        if (motion.angular !== undefined) readVector(ang, motion.angular, 'motion.angular');
      }
      this.readShapeBox(s, shape, pose);
      // The swept box: the shape's box (a turning shape's: the cube around its origin holding its bounding
      // ball) grown by the target, its centre moving along the velocity until maxTime.
      const q = s.box;
      if (ang.x !== 0 || ang.y !== 0 || ang.z !== 0) {
        const r = shape.boundingRadius, p = s.pose.position;
        q[0] = p.x - r; q[1] = p.y - r; q[2] = p.z - r; q[3] = p.x + r; q[4] = p.y + r; q[5] = p.z + r;
      }
      // Grown by the target and the cast's own tolerance (a cast ends within SHAPE_CAST_RELATIVE_TOLERANCE of
      // the sizes and sweep past the target; twice that here, the body's size aside: see docs/world.md).
      const sweep = Math.sqrt(lin.x * lin.x + lin.y * lin.y + lin.z * lin.z) * maxTime;
      const grow = target + 2 * CAST_TOLERANCE * (shape.boundingRadius + sweep) + BOX_SLACK * (Math.abs(q[0]) + Math.abs(q[1]) + Math.abs(q[2]));
      for (let k = 0; k < 3; k++) {
        s.o[k] = 0.5 * (q[k] + q[k + 3]);
        s.ext[k] = 0.5 * (q[k + 3] - q[k]) + grow;
      }
      s.d[0] = lin.x; s.d[1] = lin.y; s.d[2] = lin.z;
      s.tMax[0] = maxTime;
      s.castOptions.maxTime = maxTime;
      s.castOptions.targetSeparation = target;
      s.best = -1;
      this.hold(s);
      s.tree = this.dynamicTree; s.isStatic = false;
      this.dynamicTree.castQuery(s.o, s.d, s.ext, s.tMax, castVisitor, s);
      s.tree = this.staticTree; s.isStatic = true;
      this.staticTree.castQuery(s.o, s.d, s.ext, s.tMax, castVisitor, s);
      if (s.best < 0) return null;
      const r = out ?? createWorldShapeCastResult();
      copyCast(r, s.cast);
      r.body = this.handleOf(s.best);
      return r;
    } finally {
      this.releaseState(s);
    }
  }

  /**
   * Calls `visit` for every node of both trees (the moving bodies' and the static bodies'), parents first:
   * its fat box, its depth (0 at the tree's root), whether it is a leaf (one body's fat box) and whether it
   * belongs to the static tree. For drawing the broad phase; numbers passed to a callback are boxed, so
   * this allocates.
   */
  forEachTreeBox(visit: TreeBoxVisitor): void {
    checkFunction(visit, 'visit');
    const s = this.acquireState();
    try {
      s.visitBox = visit;
      this.hold(s);
      s.tree = this.dynamicTree; s.isStatic = false;
      this.dynamicTree.walk(treeBoxVisitor, s);
      s.tree = this.staticTree; s.isStatic = true;
      this.staticTree.walk(treeBoxVisitor, s);
    } finally {
      this.releaseState(s);
    }
  }

  // -------------------------------------------------------------------------------------------------
  // Query plumbing. The visitors are module functions taking the query's state; they reach the world's
  // private parts through these `@internal` methods.

  /** @internal A leaf (of `s.tree`) met by body `s.slot`'s fat box: the pair joins the set if both filters accept it. */
  offerPair(s: QueryState, leaf: number): void {
    const self = s.slot, other = s.tree!.item[leaf];
    if (other === self) return;
    if (this.isStatic[self] === 1 && this.isStatic[other] === 1) return;
    if ((this.group[self] & this.mask[other]) === 0 || (this.group[other] & this.mask[self]) === 0) return;
    const r = this.pairs.add(self, other);
    if (this.pairs.added) {
      this.ensurePairRecords(r);
      this.pairTouching[r] = 0;
      this.pairBegan[r] = 0;
      this.pairFresh[r] = 1;
      this.contactIndex[r] = -1;
      this.pairCacheValid[r] = 0;
      this.pairClear[r] = 0;
      this.pairManifoldSlot[r] = -1;
    }
  }

  /** @internal A leaf met by a removed body's fat box: their pair, if any, goes. */
  dropPair(s: QueryState, leaf: number): void {
    const other = s.tree!.item[leaf];
    if (other === s.slot) return;
    const r = this.pairs.find(s.slot, other);
    if (r >= 0) this.removePair(r);
  }

  /** @internal A leaf met by a box query: the body's handle if its tight box overlaps the query box, else −1. */
  boxHit(s: QueryState, leaf: number): number {
    const slot = s.tree!.item[leaf];
    this.tightBox(slot, s.tight, s);
    const q = s.box, t = s.tight;
    if (t[0] > q[3] || t[3] < q[0] || t[1] > q[4] || t[4] < q[1] || t[2] > q[5] || t[5] < q[2]) return -1;
    return this.handleOf(slot);
  }

  /** @internal The handle of leaf `leaf`'s body if it intersects the query's shape (its tight box first), else −1. */
  shapeHit(s: QueryState, leaf: number): number {
    const slot = s.tree!.item[leaf];
    this.tightBox(slot, s.tight, s);
    const q = s.box, t = s.tight;
    if (t[0] > q[3] || t[3] < q[0] || t[1] > q[4] || t[4] < q[1] || t[2] > q[5] || t[5] < q[2]) return -1;
    return intersects(s.shape!, s.pose, this.shapes[slot]!, this.readPose(s.bodyPose, slot)) ? this.handleOf(slot) : -1;
  }

  /** @internal The ray against the body of leaf `leaf` (unless filtered out), up to `s.tMax[0]`, into `s.tryHit`. */
  rayHit(s: QueryState, leaf: number): RayHitOrNull {
    const slot = s.tree!.item[leaf];
    if (s.filter !== null && !s.filter(this.handleOf(slot))) return null;
    // (Each body is cast with the caller's maxT, not the best t so far: its answer is then rayCast's own,
    // bit for bit, whatever the order the trees are visited in.)
    const hit = rayCast(this.shapes[slot]!, this.readPose(s.bodyPose, slot), s.origin, s.direction, s.tryHit, s.rayOptions);
    if (hit !== null) s.tryHit.body = this.handleOf(slot);
    return hit === null ? null : s.tryHit;
  }

  /** @internal The nearest-hit rule: the earlier t, then the lower slot. */
  offerRayHit(s: QueryState, leaf: number): void {
    const hit = this.rayHit(s, leaf);
    if (hit === null) return;
    const slot = s.tree!.item[leaf], best = s.hit;
    if (s.best < 0 || hit.t < best.t || (hit.t === best.t && slot < s.best)) {
      copyRayHit(best, hit);
      s.best = slot;
      s.tMax[0] = hit.t;
    }
  }

  /** @internal The shape cast against the body of leaf `leaf` (unless filtered out), kept when first. */
  offerCast(s: QueryState, leaf: number): void {
    const slot = s.tree!.item[leaf];
    if (s.filter !== null && !s.filter(this.handleOf(slot))) return;
    // (With the caller's maxTime, not the best time so far: the answer is then shapeCast's own, bit for bit.)
    const r = shapeCast(s.shape!, s.pose, s.motion, this.shapes[slot]!, this.readPose(s.bodyPose, slot), null, s.tryCast, s.castOptions);
    if (r === null) return;
    const best = s.cast;
    if (s.best < 0 || r.time < best.time || (r.time === best.time && slot < s.best)) {
      copyCast(best, r);
      s.best = slot;
      s.tMax[0] = r.time;
    }
  }

  // -------------------------------------------------------------------------------------------------

  private acquireState(): QueryState {
    const depth = this.stateDepth++;
    if (depth === this.states.length) { const n = new QueryState(); n.owner = this; this.states.push(n); }
    const s = this.states[depth];
    s.visiting = false;
    return s;
  }

  /** The query is about to call user code: the world must not change until it ends (releaseState). */
  private hold(s: QueryState): void {
    this.visiting++;
    s.visiting = true;
  }

  /** Ends a query: drops its references, and its hold on the world when it had one (`visiting`). */
  private releaseState(s: QueryState): void {
    if (s.visiting) this.visiting--;
    s.clear();
    this.stateDepth--;
  }

  /** Both trees, with `s.box` and `visit`. */
  private queryBoth(s: QueryState, visit: (leaf: number, s: QueryState) => boolean): void {
    s.tree = this.dynamicTree; s.isStatic = false;
    if (this.dynamicTree.query(s.box, visit, s)) return;
    s.tree = this.staticTree; s.isStatic = true;
    this.staticTree.query(s.box, visit, s);
  }

  /** Reads a ray and its options into `s` (origin, direction, maxT, solid, filter; zero extents). */
  private readRay(s: QueryState, origin: Readonly<Vec3Like>, direction: Readonly<Vec3Like>, options: WorldRayCastOptions | null | undefined): void {
    readVector(s.origin, origin, 'origin');
    readVector(s.direction, direction, 'direction');
    const d = s.direction;
    if (d.x === 0 && d.y === 0 && d.z === 0) throw new InvalidNumberError('direction', 0, 'a non-zero vector');
    let maxT = Infinity, solid = true;
    checkOptionsObject(options);
    if (options != null) {
      const m = options.maxT, so = options.solid, f = options.filter;
      if (typeof m === 'number' ? !(m >= 0) : m !== undefined) throw new InvalidNumberError('options.maxT', m, 'a number >= 0 (Infinity allowed)');
      if (typeof m === 'number') maxT = m;
      if (so !== undefined && typeof so !== 'boolean') throw new InvalidArgumentError('options.solid', `is ${describeValue(so)}; expected true or false`);
      solid = so !== false;
      if (f !== undefined) { checkFunction(f, 'options.filter'); s.filter = f; }
    }
    s.o[0] = s.origin.x; s.o[1] = s.origin.y; s.o[2] = s.origin.z;
    s.d[0] = d.x; s.d[1] = d.y; s.d[2] = d.z;
    s.ext[0] = 0; s.ext[1] = 0; s.ext[2] = 0;
    s.tMax[0] = maxT;
    s.rayOptions.maxT = maxT;
    s.rayOptions.solid = solid;
  }

  /** The query shape and pose into `s` (checked, copied) and its world box into `s.box`. */
  private readShapeBox(s: QueryState, shape: Shape, pose: PoseLike): void {
    const t = transformFromPose(s.transform, pose, 'pose');
    copyPose(s.pose, pose);
    s.shape = shape;
    const b = worldBox(s.aabb, shape, t), q = s.box;
    q[0] = b.min.x; q[1] = b.min.y; q[2] = b.min.z; q[3] = b.max.x; q[4] = b.max.y; q[5] = b.max.z;
  }

  private narrow(r: number, a: number, b: number): boolean {
    const work = acquireWork(false);
    work.touchingOnly = false;
    work.maxSeparation = this.margin;
    work.contact.partA = 0; work.contact.partB = 0;
    // Paths that prove the pair apart without a bound (compounds, meshes) leave this: no clearance.
    work.separationBound = this.margin;
    const sa = this.shapes[a]!, sb = this.shapes[b]!;
    // The pair's warm start, lent to the one cache and taken back after.
    const cache = this.cache, dir = this.pairCacheDir, k = 3 * r;
    cache.x = dir[k]; cache.y = dir[k + 1]; cache.z = dir[k + 2]; cache.valid = this.pairCacheValid[r] === 1;
    const options = this.pairOptions;
    options.cache = cache;
    const ta = this.readTransform(this.transformA, a), tb = this.readTransform(this.transformB, b);
    const found = CONTACT.find(sa, sb)(work, sa, ta, sb, tb, options);
    dir[k] = cache.x; dir[k + 1] = cache.y; dir[k + 2] = cache.z; this.pairCacheValid[r] = cache.valid ? 1 : 0;
    if (!found) return this.clearBy(r, a, b, work.separationBound);
    if (work.contact.separation > this.margin) return this.clearBy(r, a, b, work.contact.separation);
    const c = work.contact, ans = this.pairAnswer, o = ANSWER * r, counts = this.pairCounts;
    ans[o] = c.separation;
    ans[o + 1] = c.normal.x; ans[o + 2] = c.normal.y; ans[o + 3] = c.normal.z;
    ans[o + 4] = c.pointA.x; ans[o + 5] = c.pointA.y; ans[o + 6] = c.pointA.z;
    ans[o + 7] = c.pointB.x; ans[o + 8] = c.pointB.y; ans[o + 9] = c.pointB.z;
    counts[k] = c.iterations; counts[k + 1] = c.partA; counts[k + 2] = c.partB;
    this.pairStatus[r] = c.status === 'converged' ? 0 : c.status === 'max-iterations' ? 1 : 2;
    if (this.keepsManifolds) {
      if (this.pairManifoldSlot[r] < 0) this.pairManifoldSlot[r] = this.takeManifoldSlot();
      const slot = this.pairManifoldSlot[r];
      if (isConvexShape(sa) && isConvexShape(sb)) {
        // One narrow phase: the manifold built from the contact just found (contactManifold would find the
        // same contact again), with the pair's cache for a stable reference face.
        const mw = work.manifold ?? (work.manifold = new ManifoldWork());
        mw.margin = this.margin;
        const list = this.slotLists[slot], m = list.manifolds[0];
        manifoldConvex(mw, c, sa, ta, sb, tb, m, this.maxPoints, this.slotCaches[slot]);
        m.partA = 0; m.partB = 0;
        list.count = 1;
      } else this.narrowManifolds(slot, sa, this.readPose(this.poseA, a), sb, this.readPose(this.poseB, b));
    }
    return true;
  }

  /**
   * The manifolds of a pair with a compound or a mesh into its list, by contactManifolds (one per pair of
   * parts). From the poses as given: the query makes from them the transforms the world holds.
   */
  private narrowManifolds(slot: number, sa: Shape, poseA: WorldPose, sb: Shape, poseB: WorldPose): void {
    const list = this.slotLists[slot];
    {
      // Manifold records come from a pool the pairs share: lent before (room for as many as last time and
      // TOP_UP more), the unused ones taken back after. A list of a pair's own would keep the most it ever
      // held, and as records move between pairs every list would grow to the most any pair needs.
      const spare = this.spareManifolds, ms = list.manifolds;
      const want = list.count + TOP_UP;
      while (ms.length < want && spare.length > 0) ms.push(spare.pop()!);
      contactManifolds(sa, poseA, sb, poseB, list, this.manifoldsOptions);
      while (ms.length > list.count && ms.length > 1) spare.push(ms.pop()!);
    }
  }

  /** Manifold records no pair's list holds (see narrowManifolds). */
  private readonly spareManifolds: Manifold[] = [];

  private removePair(r: number): void {
    if (this.pairTouching[r] === 1) (this.updating ? this.ended : this.endedByRemoval).push(this.handleOf(this.pairs.a[r]), this.handleOf(this.pairs.b[r]));
    const i = this.contactIndex[r];
    if (i >= 0) {
      // Out of the contact list: its last entry takes the place.
      const last = this.contactList[--this.contactListCount];
      this.contactList[i] = last;
      this.contactIndex[last] = i;
      this.contactIndex[r] = -1;
    }
    this.pairTouching[r] = 0;
    this.pairBegan[r] = 0;
    if (this.keepsManifolds) this.releaseManifoldSlot(r);
    this.pairs.removeRecord(r);
  }

  private ensurePairRecords(r: number): void {
    if (r >= this.pairTouching.length) {
      const n = 2 * this.pairTouching.length;
      const t = new Uint8Array(n); t.set(this.pairTouching); this.pairTouching = t;
      const g = new Uint8Array(n); g.set(this.pairBegan); this.pairBegan = g;
      const f = new Uint8Array(n); f.set(this.pairFresh); this.pairFresh = f;
      const c = new Int32Array(n); c.set(this.contactIndex); this.contactIndex = c;
      const l = new Int32Array(n); l.set(this.contactList); this.contactList = l;
    }
    if (r >= this.pairStatus.length) {
      const n = 2 * this.pairStatus.length;
      const v = new Uint8Array(n); v.set(this.pairCacheValid); this.pairCacheValid = v;
      const cl = new Float64Array(n); cl.set(this.pairClear); this.pairClear = cl;
      const st = new Uint8Array(n); st.set(this.pairStatus); this.pairStatus = st;
      const d = new Float64Array(3 * n); d.set(this.pairCacheDir); this.pairCacheDir = d;
      const an = new Float64Array(ANSWER * n); an.set(this.pairAnswer); this.pairAnswer = an;
      const k = new Int32Array(3 * n); k.set(this.pairCounts); this.pairCounts = k;
    }
    if (r >= this.pairManifoldSlot.length) {
      const m = new Int32Array(2 * this.pairManifoldSlot.length); m.set(this.pairManifoldSlot); this.pairManifoldSlot = m;
    }
  }

  /** A manifold slot for a pair that touches: a free one (its cache reset, its list empty), or a new one. */
  private takeManifoldSlot(): number {
    if (this.freeManifoldCount > 0) {
      const slot = this.freeManifoldSlots[--this.freeManifoldCount];
      this.slotCaches[slot].reset();
      this.slotLists[slot].count = 0;
      return slot;
    }
    const list = createManifoldList();
    list.manifolds.push(createManifold());
    this.slotLists.push(list);
    this.slotCaches.push(new ManifoldCache());
    return this.slotLists.length - 1;
  }

  /** Pair `r`'s manifold slot, if it holds one, back to the free ones (its extra manifold records to the spares). */
  private releaseManifoldSlot(r: number): void {
    const slot = this.pairManifoldSlot[r];
    if (slot < 0) return;
    this.pairManifoldSlot[r] = -1;
    const ms = this.slotLists[slot].manifolds;
    while (ms.length > 1) this.spareManifolds.push(ms.pop()!);
    this.slotLists[slot].count = 0;
    if (this.freeManifoldCount === this.freeManifoldSlots.length) {
      const f = new Int32Array(2 * this.freeManifoldCount); f.set(this.freeManifoldSlots); this.freeManifoldSlots = f;
    }
    this.freeManifoldSlots[this.freeManifoldCount++] = slot;
  }

  /** Pair record `r`'s handles and contact answer into `out`. */
  private fillContact(out: WorldContact, r: number): WorldContact {
    const ans = this.pairAnswer, o = ANSWER * r, k = 3 * r, counts = this.pairCounts;
    out.a = this.handleOf(this.pairs.a[r]); out.b = this.handleOf(this.pairs.b[r]);
    out.separation = ans[o];
    out.normal.x = ans[o + 1]; out.normal.y = ans[o + 2]; out.normal.z = ans[o + 3];
    out.pointA.x = ans[o + 4]; out.pointA.y = ans[o + 5]; out.pointA.z = ans[o + 6];
    out.pointB.x = ans[o + 7]; out.pointB.y = ans[o + 8]; out.pointB.z = ans[o + 9];
    out.status = STATUSES[this.pairStatus[r]]; out.iterations = counts[k]; out.partA = counts[k + 1]; out.partB = counts[k + 2];
    return out;
  }

  private contactRecord(index: number): number {
    if (!(typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < this.contactListCount)) {
      throw new InvalidArgumentError('index', `is ${describeValue(index)}; expected an integer from 0 to contactCount − 1 (contactCount is ${this.contactListCount})`);
    }
    return this.contactList[index];
  }

  /**
   * Whether the tight boxes of bodies a and b are within the margin of each other on every axis, with a
   * slack of PAIR_BOX_SLACK of their sizes and positions for the rounding of the boxes and of the query.
   */
  private tightBoxesNear(a: number, b: number): boolean {
    const t = this.tightBoxes, i = 6 * a, j = 6 * b;
    const gap = Math.max(t[i] - t[j + 3], t[j] - t[i + 3], t[i + 1] - t[j + 4], t[j + 1] - t[i + 4], t[i + 2] - t[j + 5], t[j + 2] - t[i + 5]);
    const scale = t[i + 3] - t[i] + t[i + 4] - t[i + 1] + t[i + 5] - t[i + 2] + t[j + 3] - t[j] + t[j + 4] - t[j + 1] + t[j + 5] - t[j + 2]
      + Math.abs(t[i]) + Math.abs(t[i + 1]) + Math.abs(t[i + 2]) + Math.abs(t[j]) + Math.abs(t[j + 1]) + Math.abs(t[j + 2]);
    this.near[0] = gap; this.near[1] = scale;
    return gap <= this.margin + PAIR_BOX_SLACK * scale;
  }

  /**
   * Pair `r` found apart, by at least `bound`: its clearance is the bodies' motion sums now plus how much
   * closer they may come before the margin, less MOTION_SLACK of the boxes' scale (tightBoxesNear's, just
   * computed). Returns false (not touching), for the narrow phase's tail call.
   */
  private clearBy(r: number, a: number, b: number, bound: number): boolean {
    const room = bound - this.margin - MOTION_SLACK * this.near[1];
    // (A bound beyond the finite numbers, or none, leaves no clearance: the pair is queried again.)
    this.pairClear[r] = room > 0 && room < Infinity ? this.motion[a] + this.motion[b] + room : 0;
    return false;
  }

  /**
   * Adds to body `slot`'s motion bound how far any of its points moves from its stored transform to `t`:
   * at most |Δtranslation| + ‖ΔR‖·radius, ‖ΔR‖ the spectral norm of the rotations' difference, 2 sin(θ/2) for
   * a relative turn θ, which is its Frobenius norm (√8 sin(θ/2)) over √2 (TURN_NORM, rounded up). Rounded up:
   * the bound is scaled by 1 + 2⁻⁴⁰ and the sum grows by 2⁻⁵⁰ of itself, more than the rounding of each
   * addition, so differences of sums never fall short of a move.
   */
  private addMotion(slot: number, t: Transform): void {
    const f = this.frames, o = FRAME * slot;
    const d00 = t.m00 - f[o], d01 = t.m01 - f[o + 1], d02 = t.m02 - f[o + 2];
    const d10 = t.m10 - f[o + 3], d11 = t.m11 - f[o + 4], d12 = t.m12 - f[o + 5];
    const d20 = t.m20 - f[o + 6], d21 = t.m21 - f[o + 7], d22 = t.m22 - f[o + 8];
    const turn = Math.sqrt(d00 * d00 + d01 * d01 + d02 * d02 + d10 * d10 + d11 * d11 + d12 * d12 + d20 * d20 + d21 * d21 + d22 * d22);
    // (Not Math.hypot, which boxes its arguments; a move beyond 1e154 overflows to Infinity: no clearance.)
    const dx = t.tx - f[o + 9], dy = t.ty - f[o + 10], dz = t.tz - f[o + 11];
    let step = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (turn > 0) step += TURN_NORM * turn * this.radius[slot];
    const m = this.motion[slot];
    this.motion[slot] = m + step * (1 + 2 ** -40) + m * 2 ** -50;
  }

  private fatBoxesOverlap(a: number, b: number): boolean {
    const ta = this.isStatic[a] === 1 ? this.staticTree : this.dynamicTree, tb = this.isStatic[b] === 1 ? this.staticTree : this.dynamicTree;
    const x = ta.bounds, y = tb.bounds, i = 6 * this.proxy[a], j = 6 * this.proxy[b];
    return !(x[i] > y[j + 3] || x[i + 3] < y[j] || x[i + 1] > y[j + 4] || x[i + 4] < y[j + 1] || x[i + 2] > y[j + 5] || x[i + 5] < y[j + 2]);
  }

  /** The tight world box of body `slot` into `out` (with `s.aabb`, or the world's, as scratch). */
  private tightBox(slot: number, out: Float64Array, s: QueryState | null): void {
    const t = this.readTransform(s !== null ? s.bodyTransform : this.transformA, slot);
    const b = worldBox(s !== null ? s.aabb : this.box, this.shapes[slot]!, t);
    out[0] = b.min.x; out[1] = b.min.y; out[2] = b.min.z; out[3] = b.max.x; out[4] = b.max.y; out[5] = b.max.z;
  }

  /** The tight box into `this.tight` and the fat box (grown by the margin and a tenth of its largest side) into `this.fat`. */
  private fatBox(slot: number): void {
    this.tightBox(slot, this.tight, null);
    const t = this.tight, f = this.fat, tb = this.tightBoxes, o = 6 * slot;
    for (let k = 0; k < 6; k++) tb[o + k] = t[k];
    const size = Math.max(t[3] - t[0], t[4] - t[1], t[5] - t[2]);
    const grow = this.margin + FAT_FRACTION * size;
    f[0] = t[0] - grow; f[1] = t[1] - grow; f[2] = t[2] - grow; f[3] = t[3] + grow; f[4] = t[4] + grow; f[5] = t[5] + grow;
  }

  /** Stores body `slot`'s transform `t` and its `pose` (already checked by transformFromPose). */
  private storeFrame(slot: number, t: Transform, pose: PoseLike): void {
    const f = this.frames, o = FRAME * slot, p = pose.position, q = pose.quaternion;
    f[o] = t.m00; f[o + 1] = t.m01; f[o + 2] = t.m02;
    f[o + 3] = t.m10; f[o + 4] = t.m11; f[o + 5] = t.m12;
    f[o + 6] = t.m20; f[o + 7] = t.m21; f[o + 8] = t.m22;
    f[o + 9] = t.tx; f[o + 10] = t.ty; f[o + 11] = t.tz;
    f[o + 12] = p.x; f[o + 13] = p.y; f[o + 14] = p.z;
    f[o + 15] = q.x; f[o + 16] = q.y; f[o + 17] = q.z; f[o + 18] = q.w;
  }

  /** Body `slot`'s transform into `out`. */
  private readTransform(out: Transform, slot: number): Transform {
    const f = this.frames, o = FRAME * slot;
    out.m00 = f[o]; out.m01 = f[o + 1]; out.m02 = f[o + 2];
    out.m10 = f[o + 3]; out.m11 = f[o + 4]; out.m12 = f[o + 5];
    out.m20 = f[o + 6]; out.m21 = f[o + 7]; out.m22 = f[o + 8];
    out.tx = f[o + 9]; out.ty = f[o + 10]; out.tz = f[o + 11];
    return out;
  }

  /** Body `slot`'s pose, as given, into `out`. */
  private readPose<P extends Pose>(out: P, slot: number): P {
    const f = this.frames, o = FRAME * slot + 12, p = out.position, q = out.quaternion;
    p.x = f[o]; p.y = f[o + 1]; p.z = f[o + 2];
    q.x = f[o + 3]; q.y = f[o + 4]; q.z = f[o + 5]; q.w = f[o + 6];
    return out;
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
      const tb = new Float64Array(6 * n); tb.set(this.tightBoxes); this.tightBoxes = tb;
      const fr = new Float64Array(FRAME * n); fr.set(this.frames); this.frames = fr;
      const mn = new Uint8Array(n); mn.set(this.movedNow); this.movedNow = mn;
      const lm = new Uint8Array(n); lm.set(this.leafMoved); this.leafMoved = lm;
      const g = new Int32Array(n); g.set(this.group); this.group = g;
      const k = new Int32Array(n); k.set(this.mask); this.mask = k;
      const mo = new Float64Array(n); mo.set(this.motion); this.motion = mo;
      const ra = new Float64Array(n); ra.set(this.radius); this.radius = ra;
    }
    return slot;
  }

  private handleOf(slot: number): number {
    return (this.generation[slot] << SLOT_BITS) | slot;
  }

  private slotOf(handle: number, field: string): number {
    if (typeof handle === 'number' && Number.isInteger(handle) && handle >= 0) {
      const slot = handle % SLOTS, gen = (handle - slot) / SLOTS;
      if (slot < this.slotCount && this.alive[slot] === 1 && this.generation[slot] === gen) return slot;
    }
    throw new InvalidArgumentError(field, `is ${describeValue(handle)}; expected the handle of a body in this world (from add, not removed)`);
  }

  private checkMutable(what: string): void {
    if (this.updating) throw new InvalidArgumentError(what, 'was called during update (from a support function of your own); the world cannot change while it updates');
    if (this.visiting > 0) {
      throw new InvalidArgumentError(what, 'was called from inside a callback of this world (a visitor or filter); add, setPose, remove and update are not allowed there: collect the handles and act after the call returns');
    }
  }
}

type RayHitOrNull = WorldRayHit | null;

// The visitors of the trees' traversals (module functions: no closure per query).
const pairVisitor = (leaf: number, s: QueryState): boolean => { worldOf(s).offerPair(s, leaf); return false; };
const removeVisitor = (leaf: number, s: QueryState): boolean => { worldOf(s).dropPair(s, leaf); return false; };
const aabbVisitor = (leaf: number, s: QueryState): boolean => {
  const h = worldOf(s).boxHit(s, leaf);
  return h >= 0 && s.visitHandle!(h) === true;
};
const overlapVisitor = (leaf: number, s: QueryState): boolean => {
  const h = worldOf(s).shapeHit(s, leaf);
  return h >= 0 && s.visitHandle!(h) === true;
};
const nearestRayVisitor = (leaf: number, s: QueryState): void => { worldOf(s).offerRayHit(s, leaf); };
const allRayVisitor = (leaf: number, s: QueryState): void => {
  const hit = worldOf(s).rayHit(s, leaf);
  // true stops: no box is met below t = −1.
  if (hit !== null && s.visitRay!(hit) === true) s.tMax[0] = -1;
};
const castVisitor = (leaf: number, s: QueryState): void => { worldOf(s).offerCast(s, leaf); };
const treeBoxVisitor = (node: number, depth: number, s: QueryState): void => {
  const t = s.tree!, b = t.bounds, o = 6 * node;
  s.visitBox!(b[o], b[o + 1], b[o + 2], b[o + 3], b[o + 4], b[o + 5], depth, t.child1[node] === -1, s.isStatic);
};

function worldOf(s: QueryState): CollisionWorld {
  return s.owner as CollisionWorld;
}

/** `shape` must be a shape the queries take (convex, a compound or a mesh). */
function checkShape(shape: Shape, field: string): void {
  const k = kindIndex(shape);
  if (k !== COMPOUND_KIND_INDEX && k !== MESH_KIND_INDEX && !isConvexShape(shape)) {
    explainNotShape(field, shape);
    // A known kind no query takes cannot reach here; anything else is not a shape the world knows.
    throw new InvalidArgumentError(field, 'is not a shape the queries take');
  }
}

/** The world box of `shape` at `t` into `out`. */
function worldBox(out: Aabb, shape: Shape, t: Transform): Aabb {
  const k = kindIndex(shape);
  return k === COMPOUND_KIND_INDEX || k === MESH_KIND_INDEX ? concaveAabb(out, shape as PartedShape, t) : shapeAabb(out, shape as ConvexShape, t);
}

function copyRayHit(out: RayHit, hit: RayHit): void {
  out.t = hit.t; out.iterations = hit.iterations; out.part = hit.part;
  out.point.x = hit.point.x; out.point.y = hit.point.y; out.point.z = hit.point.z;
  out.normal.x = hit.normal.x; out.normal.y = hit.normal.y; out.normal.z = hit.normal.z;
}

function copyCast(out: ShapeCastResult, r: ShapeCastResult): void {
  out.time = r.time; out.separation = r.separation; out.status = r.status; out.iterations = r.iterations;
  out.partA = r.partA; out.partB = r.partB;
  out.normal.x = r.normal.x; out.normal.y = r.normal.y; out.normal.z = r.normal.z;
  out.pointA.x = r.pointA.x; out.pointA.y = r.pointA.y; out.pointA.z = r.pointA.z;
  out.pointB.x = r.pointB.x; out.pointB.y = r.pointB.y; out.pointB.z = r.pointB.z;
}
