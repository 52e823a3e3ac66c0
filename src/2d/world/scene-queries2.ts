/**
 * The plane world's queries against every body (collision-world2.ts): bodies whose tight boxes meet a box,
 * bodies a shape intersects, the first body (or every body) a ray meets, the first body a moving shape
 * meets. Each finds its candidates through the two trees (fat boxes hold the tight ones), then answers
 * them with the pairwise 2D query, so every answer is that query's; ties go to the lower handle and
 * lists come in handle order (the bodies' order of addition). Allocation-free: handles gathered into one
 * buffer and sorted in place, scratch records the instance's.
 */
import type { PlaneTree } from '../../bvh/plane-tree.js';
import { intersects } from '../pair-queries2.js';
import { createRayHit, rayCast as rayCast2, type RayCastOptions, type RayHit } from '../ray2.js';
import { createShapeCastResult, shapeCast as shapeCast2, type Motion2, type ShapeCastOptions, type ShapeCastResult } from '../cast2.js';
import type { Shape2 } from '../shapes/shape2.js';
import { vec2, type Pose2Like, type Vec2Like } from '../types.js';
import { shapeBox, type Bodies2 } from './bodies2.js';
import type { RayRead } from './world-args2.js';

/** A hit of a world ray: the body, and the 2D `rayCast`'s answer for it. */
export interface WorldRayHit2 extends RayHit {
  /** The handle of the body hit. */
  body: number;
}

/** The first hit of a world shape cast: the body, and the 2D `shapeCast`'s answer (the cast shape is A, the body B). */
export interface WorldShapeCastResult2 extends ShapeCastResult {
  /** The handle of the body met. */
  body: number;
}

/** Options of the world's rays (`CollisionWorld2.rayCast`, `rayCastAll`). */
export interface WorldRayCastOptions2 {
  /** Largest `t` reported (in units of the direction; ≥ 0, default Infinity). */
  maxT?: number;
  /** As `rayCast`'s: true (default), an origin inside a body hits it at t = 0. */
  solid?: boolean;
  /** `filter(handle)` false skips the body (called before the body is cast against). */
  filter?: (handle: number) => boolean;
}

/** Options of `CollisionWorld2.shapeCast`. */
export interface WorldShapeCastOptions2 {
  /** Latest time reported (default 1; finite, ≥ 0): the shape moves over `[0, maxTime]`. */
  maxTime?: number;
  /** Report the first time the shape comes within this separation of a body (default 0: touching). */
  targetSeparation?: number;
  /** `filter(handle)` false skips the body. */
  filter?: (handle: number) => boolean;
}

/** A new world ray hit record, to pass as `out`. (A literal: a spread's copy would box the numbers stored into it.) */
export function createWorldRayHit2(): WorldRayHit2 {
  return { t: 0, point: vec2(), normal: vec2(1, 0), body: -1 };
}

/** A new world shape cast record, to pass as `out`. */
export function createWorldShapeCastResult2(): WorldShapeCastResult2 {
  return { time: 0, normal: vec2(1, 0), pointA: vec2(), pointB: vec2(), separation: 0, status: 'converged', iterations: 0, body: -1 };
}

/** The 2D rayCast's options, every field present (the query's loads stay monomorphic, no numbers boxed). */
class RayOptions2 implements RayCastOptions {
  maxT = Infinity;
  solid = true;
}

/** The 2D shapeCast's options, every field present. */
class CastOptions2 implements ShapeCastOptions {
  maxTime = 1;
  targetSeparation = 0;
}

/** The state of the nearest-ray query: the ray, the best hit so far (its body, -1 for none), scratch records. */
class RayQuery2 {
  readonly o = new Float64Array(2);
  readonly d = new Float64Array(2);
  readonly tMax = new Float64Array(1);
  readonly origin = vec2();
  readonly direction = vec2();
  readonly options = new RayOptions2();
  filter: ((handle: number) => boolean) | undefined = undefined;
  tree: PlaneTree | null = null;
  readonly hit = createRayHit();
  readonly best = createRayHit();
  body = -1;
}

/** A leaf the ray's box test passed: its body's cast, kept when nearer than the best (or as near, a lower handle). */
function visitRay(leaf: number, scene: SceneQueries2): void {
  const r = scene.ray, b = scene.bodies, slot = r.tree!.item[leaf], handle = b.handles[slot];
  if (r.filter !== undefined && !r.filter(handle)) return;
  r.options.maxT = r.tMax[0];
  const h = rayCast2(b.shapes[slot]!, scene.poseOf(slot), r.origin, r.direction, r.hit, r.options);
  if (h === null || (r.body >= 0 && (h.t > r.best.t || (h.t === r.best.t && handle > r.body)))) return;
  const best = r.best;
  best.t = h.t; best.point.x = h.point.x; best.point.y = h.point.y; best.normal.x = h.normal.x; best.normal.y = h.normal.y;
  r.body = handle;
  r.tMax[0] = h.t;
}

/** A leaf whose fat box meets the query: its body's handle gathered (the tight-box test, when asked, first). */
function gatherLeaf(leaf: number, scene: SceneQueries2): boolean {
  const slot = scene.tree!.item[leaf];
  if (scene.tightTest) {
    const q = scene.q, box = scene.bodies.tightBoxInto(slot, scene.tight);
    if (box[0] > q[2] || box[2] < q[0] || box[1] > q[3] || box[3] < q[1]) return false;
  }
  scene.push(scene.bodies.handles[slot]);
  return false;
}

/** The ray's version of gatherLeaf (castQuery's visitor returns nothing). */
function gatherRayLeaf(leaf: number, scene: SceneQueries2): void {
  scene.push(scene.bodies.handles[scene.tree!.item[leaf]]);
}

/**
 * Sorts a[0 .. n − 1] ascending in place: insertion sort for short runs, else heapsort (Williams 1964):
 * no allocation, O(n log n).
 */
function sortInts(a: Int32Array, n: number): void {
  if (n <= 32) {
    for (let i = 1; i < n; i++) { const v = a[i]; let j = i - 1; while (j >= 0 && a[j] > v) { a[j + 1] = a[j]; j--; } a[j + 1] = v; }
    return;
  }
  for (let i = (n >> 1) - 1; i >= 0; i--) sift(a, i, n);
  for (let end = n - 1; end > 0; end--) { const t = a[0]; a[0] = a[end]; a[end] = t; sift(a, 0, end); }
}

/** Heapsort's step: a[start] sinks until a[start .. end − 1] is a max-heap again below it. */
function sift(a: Int32Array, start: number, end: number): void {
  let root = start;
  for (;;) {
    let child = 2 * root + 1;
    if (child >= end) return;
    if (child + 1 < end && a[child + 1] > a[child]) child++;
    if (a[root] >= a[child]) return;
    const t = a[root]; a[root] = a[child]; a[child] = t;
    root = child;
  }
}

/**
 * The queries. They run one at a time (the world refuses calls from inside its callbacks), so their state
 * is the instance's: the gathered handles, the query box, scratch records. Nothing is allocated per query
 * once the handle buffer has grown.
 */
export class SceneQueries2 {
  /** @internal The query box (min x y 0, max x y 0) and whether gathered bodies must pass their tight box. */
  readonly q = new Float64Array(4);
  /** @internal */ tightTest = false;
  /** @internal A candidate's tight box. */
  readonly tight = new Float64Array(4);
  /** @internal The tree being gathered from. */
  tree: PlaneTree | null = null;
  /** @internal The gathered handles (0 .. count − 1), sorted before they are visited. */
  found = new Int32Array(64);
  /** @internal */ count = 0;
  private readonly pose: Pose2Like = { position: { x: 0, y: 0 }, angle: 0 };
  private readonly rayHit = createWorldRayHit2();
  private readonly rayOptions = new RayOptions2();
  /** @internal The shape cast's maxTime and targetSeparation, set by the world before shapeCast. */
  readonly castOptions = new CastOptions2();
  private readonly castScratch = createShapeCastResult();
  private readonly ro = new Float64Array(2);
  private readonly rd = new Float64Array(2);
  private readonly rt = new Float64Array(1);
  private readonly sweep = new Float64Array(2);
  /** @internal The nearest-ray query's state. */
  readonly ray = new RayQuery2();

  constructor(readonly bodies: Bodies2, private readonly trees: readonly [PlaneTree, PlaneTree]) {}

  /** @internal Appends a gathered handle. */
  push(handle: number): void {
    if (this.count === this.found.length) { const f = new Int32Array(2 * this.found.length); f.set(this.found); this.found = f; }
    this.found[this.count++] = handle;
  }

  /** The handles of the bodies whose fat boxes meet this.q (both trees; with tightTest, tight boxes too), sorted. */
  private gather(tightTest: boolean): void {
    this.count = 0; this.tightTest = tightTest;
    for (let k = 0; k < 2; k++) { const tree = this.trees[k]; this.tree = tree; tree.query(this.q, gatherLeaf, this); }
    this.tree = null;
    sortInts(this.found, this.count);
  }

  /** Body `slot`'s pose into `out` (the scratch record by default). */
  poseOf(slot: number, out: Pose2Like = this.pose): Pose2Like {
    const p = this.bodies.pose, pos = out.position as { x: number; y: number };
    pos.x = p[3 * slot]; pos.y = p[3 * slot + 1];
    (out as { angle: number }).angle = p[3 * slot + 2];
    return out;
  }

  /** Visits the bodies whose tight box meets the box from `min` to `max`, in handle order, until one returns true. */
  queryAabb(min: Readonly<Vec2Like>, max: Readonly<Vec2Like>, visit: (handle: number) => boolean | void): void {
    const q = this.q;
    q[0] = min.x; q[1] = min.y; q[2] = max.x; q[3] = max.y;
    this.gather(true);
    for (let k = 0; k < this.count; k++) if (visit(this.found[k]) === true) return;
  }

  /** Visits the bodies `shape` at `pose` intersects (touching counts), in handle order, until one returns true. */
  overlapShape(shape: Shape2, pose: Pose2Like, visit: (handle: number) => boolean | void): void {
    const b = this.bodies;
    shapeBox(shape, pose, this.q);
    this.gather(false);
    for (let k = 0; k < this.count; k++) {
      const handle = this.found[k], slot = b.slotOf(handle, 'handle');
      if (intersects(shape, pose, b.shapes[slot]!, this.poseOf(slot)) && visit(handle) === true) return;
    }
  }

  /**
   * Visits every body a ray meets within maxT (filter passing), with its 2D rayCast answer in one record
   * (rewritten for the next), in handle order, until one returns true.
   */
  rayCastAll(origin: Readonly<Vec2Like>, direction: Readonly<Vec2Like>, read: RayRead, visit: (hit: WorldRayHit2) => boolean | void): void {
    const b = this.bodies, o = this.ro, d = this.rd, t = this.rt, maxT = read.maxT, filter = read.filter;
    o[0] = origin.x; o[1] = origin.y; d[0] = direction.x; d[1] = direction.y; t[0] = maxT;
    this.count = 0;
    for (let k = 0; k < 2; k++) { const tree = this.trees[k]; this.tree = tree; tree.castQuery(o, d, t, gatherRayLeaf, this); }
    this.tree = null;
    sortInts(this.found, this.count);
    const options = this.rayOptions, hit = this.rayHit;
    options.maxT = maxT; options.solid = read.solid;
    for (let k = 0; k < this.count; k++) {
      const handle = this.found[k];
      if (filter !== undefined && !filter(handle)) continue;
      const slot = b.slotOf(handle, 'handle');
      if (rayCast2(b.shapes[slot]!, this.poseOf(slot), origin, direction, hit, options) === null) continue;
      hit.body = handle;
      if (visit(hit) === true) return;
    }
  }

  /**
   * The nearest hit of a ray (ties to the lower handle) into `out`, or null: the trees walked with the best
   * t so far as their limit (boxes beyond it skipped), each candidate cast with it as its `maxT`.
   */
  rayCast(origin: Readonly<Vec2Like>, direction: Readonly<Vec2Like>, read: RayRead, out: WorldRayHit2): WorldRayHit2 | null {
    const r = this.ray;
    r.o[0] = origin.x; r.o[1] = origin.y; r.d[0] = direction.x; r.d[1] = direction.y;
    r.origin.x = origin.x; r.origin.y = origin.y; r.direction.x = direction.x; r.direction.y = direction.y;
    r.tMax[0] = read.maxT; r.options.solid = read.solid; r.filter = read.filter; r.body = -1;
    try {
      for (let k = 0; k < 2; k++) { const tree = this.trees[k]; r.tree = tree; tree.castQuery(r.o, r.d, r.tMax, visitRay, this); }
    } finally {
      r.tree = null; r.filter = undefined;
    }
    if (r.body < 0) return null;
    const b = r.best;
    out.body = r.body; out.t = b.t; out.point.x = b.point.x; out.point.y = b.point.y; out.normal.x = b.normal.x; out.normal.y = b.normal.y;
    return out;
  }

  /**
   * The first body `shape` (at `pose`, moving by `motion` until maxTime) meets within the target
   * separation: the 2D shapeCast's answer (the shape A, the body B) of the earliest (ties to the lower
   * handle), into `out`; null when none.
   */
  shapeCast(shape: Shape2, pose: Pose2Like, motion: Motion2 | null | undefined, filter: ((handle: number) => boolean) | undefined, out: WorldShapeCastResult2): WorldShapeCastResult2 | null {
    // (maxTime and targetSeparation come in castOptions, set by the caller: numbers through a record.)
    const options = this.castOptions, maxTime = options.maxTime, targetSeparation = options.targetSeparation;
    // Candidates: bodies whose fat boxes meet the box of the shape's bounding disc swept along its path
    // (a turn keeps it in the disc), grown by the target separation.
    // (The sweep stored on two branches, never merged with its default of 0: rule 5, 16 bytes a cast.)
    const b = this.bodies, q = this.q, r = shape.boundingRadius + targetSeparation, x = pose.position.x, y = pose.position.y;
    const linear = motion == null ? undefined : motion.linear, v = this.sweep;
    if (linear === undefined) { v[0] = 0; v[1] = 0; } else { v[0] = linear.x * maxTime; v[1] = linear.y * maxTime; }
    q[0] = Math.min(x, x + v[0]) - r; q[1] = Math.min(y, y + v[1]) - r; q[2] = Math.max(x, x + v[0]) + r; q[3] = Math.max(y, y + v[1]) + r;
    this.gather(false);
    const scratch = this.castScratch;
    let body = -1;
    // In handle order, so the first of equal times is kept (ties to the lower handle).
    for (let k = 0; k < this.count; k++) {
      const handle = this.found[k];
      if (filter !== undefined && !filter(handle)) continue;
      const slot = b.slotOf(handle, 'handle');
      const h = shapeCast2(shape, pose, motion, b.shapes[slot]!, this.poseOf(slot), null, scratch, options);
      if (h === null || (body >= 0 && !(h.time < out.time))) continue;
      out.time = h.time; out.separation = h.separation; out.status = h.status; out.iterations = h.iterations;
      out.normal.x = h.normal.x; out.normal.y = h.normal.y; out.pointA.x = h.pointA.x; out.pointA.y = h.pointA.y; out.pointB.x = h.pointB.x; out.pointB.y = h.pointB.y;
      body = handle;
    }
    if (body < 0) return null;
    out.body = body;
    return out;
  }
}
