/**
 * The world's scene queries: boxes, shapes, rays and shape casts against every body, through both trees of
 * the broad phase. Boxes by overlap; rays and shape casts as a box swept from its centre (a ray against each
 * node grown by the box's half-extents), pruned by the best hit so far. Query boxes are grown by a hair above
 * the pairwise queries' touch slack, and a cast's by the target and the cast's tolerance, so the broad phase
 * never drops a body the exact query would report. Each body is answered by the pairwise query itself, so
 * the answers are those queries' own, bit for bit.
 *
 * A query keeps its state in a QueryState, one per nesting level (a query started from inside another's
 * callback takes the next); the visitors are module functions of that state (no closure per query).
 */
import { describeValue, InvalidArgumentError, InvalidNumberError } from '../errors.js';
import { transformFromPose } from '../math/transform.js';
import type { PoseLike, Vec3Like } from '../math/types.js';
import type { Shape } from '../shapes/shape.js';
import { SHAPE_CAST_RELATIVE_TOLERANCE, WORLD_QUERY_BOX_SLACK } from '../tolerance.js';
import { intersects } from '../query/distance/closest-points.js';
import { rayCast } from '../query/cast/ray-cast.js';
import type { RayHit } from '../query/cast/ray-hit.js';
import { shapeCast, type Motion, type ShapeCastResult } from '../query/cast/shape-cast.js';
import { checkHitOut, hitOutNotWritable, isUnwritable } from '../query/pair/out-record.js';
import { boxAbovePlane, worldBox, type Bodies } from './bodies.js';
import { HALF_SPACE_KIND_INDEX } from '../shapes/shape.js';
import type { BroadPhase } from './broad-phase.js';
import {
  checkFunction, checkOptionsObject, MOTION_KEYS, WORLD_CAST_OPTION_KEYS, WORLD_RAY_OPTION_KEYS, copyPose, createWorldRayHit, createWorldShapeCastResult, QueryState, readVector,
  type WorldGuard, type WorldRayHit, type WorldShapeCastResult,
} from './world-records.js';

const CAST_TOLERANCE = SHAPE_CAST_RELATIVE_TOLERANCE;
const BOX_SLACK = WORLD_QUERY_BOX_SLACK; // V8 rule 4 (CONTRIBUTING.md); tolerance.ts says why its value

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
  /**
   * As `shapeCast`'s: true (default), a body already within the target at time 0 is the answer at time 0;
   * false, a body (a compound's or a mesh's part) within the target that the motion does not approach is
   * passed by (the ground under a character walking on it).
   */
  stopAtPenetration?: boolean;
}

/** The visitor of {@link CollisionWorld.forEachTreeBox}: a node's fat box, its depth (0 at a root), and what it is. */
export type TreeBoxVisitor = (minX: number, minY: number, minZ: number, maxX: number, maxY: number, maxZ: number, depth: number, isLeaf: boolean, isStatic: boolean) => void;

export class SceneQueries {
  /** Per-call state, one per nesting level. */
  private readonly states: QueryState[] = [];
  private depth = 0;

  constructor(private readonly bodies: Bodies, private readonly broad: BroadPhase, private readonly guard: WorldGuard) {}

  queryAabb(min: Readonly<Vec3Like>, max: Readonly<Vec3Like>, visit: (handle: number) => boolean | void): void {
    checkFunction(visit, 'visit');
    const s = this.acquire();
    try {
      readVector(s.origin, min, 'min');
      readVector(s.direction, max, 'max');
      const q = s.box;
      q[0] = s.origin.x; q[1] = s.origin.y; q[2] = s.origin.z; q[3] = s.direction.x; q[4] = s.direction.y; q[5] = s.direction.z;
      s.visitHandle = visit;
      this.hold(s);
      if (!this.queryBoth(s, aabbVisitor)) this.planes(s, aabbSlot);
    } finally {
      this.release(s);
    }
  }

  overlapShape(shape: Shape, pose: PoseLike, visit: (handle: number) => boolean | void): void {
    checkFunction(visit, 'visit');
    const s = this.acquire();
    try {
      readShapeBox(s, shape, pose);
      // Grown by a hair more than intersects' touch slack (a gap of a few ulps of the sizes and positions
      // counts as touching): a body so near is a candidate, and intersects decides.
      const q = s.box, p = s.pose.position;
      const slack = BOX_SLACK * (q[3] - q[0] + q[4] - q[1] + q[5] - q[2] + Math.abs(p.x) + Math.abs(p.y) + Math.abs(p.z));
      q[0] -= slack; q[1] -= slack; q[2] -= slack; q[3] += slack; q[4] += slack; q[5] += slack;
      s.visitHandle = visit;
      this.hold(s);
      if (!this.queryBoth(s, overlapVisitor)) this.planes(s, overlapSlot);
    } finally {
      this.release(s);
    }
  }

  rayCast(origin: Readonly<Vec3Like>, direction: Readonly<Vec3Like>, options: WorldRayCastOptions | null | undefined, out: WorldRayHit | null | undefined): WorldRayHit | null {
    if (out != null) checkHitOut(out, 'createWorldRayHit', false);
    const s = this.acquire();
    try {
      readRay(s, origin, direction, options);
      s.best = -1;
      this.hold(s);
      this.castBoth(s, nearestRayVisitor);
      this.planes(s, nearestRaySlot);
      if (s.best < 0) return null;
      const r = out ?? createWorldRayHit();
      copyRayHit(r, s.hit);
      r.body = this.bodies.handleOf(s.best);
      return r;
    } catch (error) {
      throw error instanceof TypeError && out != null && isUnwritable(out, 2) ? hitOutNotWritable('createWorldRayHit') : error;
    } finally {
      this.release(s);
    }
  }

  rayCastAll(origin: Readonly<Vec3Like>, direction: Readonly<Vec3Like>, visit: (hit: WorldRayHit) => boolean | void, options: WorldRayCastOptions | null | undefined): void {
    checkFunction(visit, 'visit');
    const s = this.acquire();
    try {
      readRay(s, origin, direction, options);
      s.visitRay = visit;
      this.hold(s);
      this.castBoth(s, allRayVisitor);
      this.planes(s, allRaySlot);
    } finally {
      this.release(s);
    }
  }

  shapeCast(shape: Shape, pose: PoseLike, motion: Motion | null | undefined, options: WorldShapeCastOptions | null | undefined, out: WorldShapeCastResult | null | undefined): WorldShapeCastResult | null {
    if (out != null) checkHitOut(out, 'createWorldShapeCastResult', true);
    const s = this.acquire();
    try {
      let maxTime = 1, target = 0;
      checkOptionsObject(options, WORLD_CAST_OPTION_KEYS);
      if (options != null) {
        const m = options.maxTime, t = options.targetSeparation, f = options.filter, sp = options.stopAtPenetration;
        if (typeof m === 'number' ? !(m >= 0 && m < Infinity) : m !== undefined) throw new InvalidNumberError('options.maxTime', m, 'a finite number >= 0');
        if (typeof t === 'number' ? !(t >= 0 && t < Infinity) : t !== undefined) throw new InvalidNumberError('options.targetSeparation', t, 'a finite number >= 0');
        if (typeof m === 'number') maxTime = m;
        if (typeof t === 'number') target = t;
        if (f !== undefined) { checkFunction(f, 'options.filter'); s.filter = f; }
        if (sp !== undefined && typeof sp !== 'boolean') throw new InvalidArgumentError('options.stopAtPenetration', `is ${describeValue(sp)}; expected true or false`);
        if (sp === false) s.stopAtPenetration = false;
      }
      s.castOptions.stopAtPenetration = s.stopAtPenetration;
      checkOptionsObject(motion, MOTION_KEYS, 'motion');
      const lin = s.motion.linear, ang = s.motion.angular;
      lin.x = 0; lin.y = 0; lin.z = 0; ang.x = 0; ang.y = 0; ang.z = 0;
      if (motion != null) {
        if (motion.linear !== undefined) readVector(lin, motion.linear, 'motion.linear');
        if (motion.angular !== undefined) readVector(ang, motion.angular, 'motion.angular');
      }
      readShapeBox(s, shape, pose);
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
      this.castBoth(s, castVisitor);
      this.planes(s, castSlot);
      if (s.best < 0) return null;
      const r = out ?? createWorldShapeCastResult();
      copyCast(r, s.cast);
      r.body = this.bodies.handleOf(s.best);
      return r;
    } catch (error) {
      throw error instanceof TypeError && out != null && isUnwritable(out, 2) ? hitOutNotWritable('createWorldShapeCastResult') : error;
    } finally {
      this.release(s);
    }
  }

  forEachTreeBox(visit: TreeBoxVisitor): void {
    checkFunction(visit, 'visit');
    const s = this.acquire();
    try {
      s.visitBox = visit;
      this.hold(s);
      s.tree = this.broad.dynamicTree; s.isStatic = false;
      this.broad.dynamicTree.walk(treeBoxVisitor, s);
      s.tree = this.broad.staticTree; s.isStatic = true;
      this.broad.staticTree.walk(treeBoxVisitor, s);
    } finally {
      this.release(s);
    }
  }

  private acquire(): QueryState {
    const depth = this.depth++;
    if (depth === this.states.length) { const n = new QueryState(); n.bodies = this.bodies; this.states.push(n); }
    const s = this.states[depth];
    s.visiting = false;
    return s;
  }

  /** The query is about to call user code: the world must not change until it ends (release). */
  private hold(s: QueryState): void {
    this.guard.visiting++;
    s.visiting = true;
  }

  /** Ends a query: drops its references, and its hold on the world when it had one. */
  private release(s: QueryState): void {
    if (s.visiting) this.guard.visiting--;
    s.clear();
    this.depth--;
  }

  /** Both trees, with `s.box` and `visit`: true when a visit stopped the query. */
  private queryBoth(s: QueryState, visit: (leaf: number, s: QueryState) => boolean): boolean {
    const b = this.broad;
    s.tree = b.dynamicTree; s.isStatic = false;
    if (b.dynamicTree.query(s.box, visit, s)) return true;
    s.tree = b.staticTree; s.isStatic = true;
    return b.staticTree.query(s.box, visit, s);
  }

  /** Every half-space body (in neither tree), each given to `visit` until one returns true. */
  private planes(s: QueryState, visit: (slot: number, s: QueryState) => boolean | void): void {
    const planes = this.broad.planes;
    for (let k = 0; k < planes.length; k++) if (visit(planes[k], s) === true) return;
  }

  /** Both trees, with the swept box of `s` (o, d, ext, tMax) and `visit`. */
  private castBoth(s: QueryState, visit: (leaf: number, s: QueryState) => void): void {
    const b = this.broad;
    s.tree = b.dynamicTree; s.isStatic = false;
    b.dynamicTree.castQuery(s.o, s.d, s.ext, s.tMax, visit, s);
    s.tree = b.staticTree; s.isStatic = true;
    b.staticTree.castQuery(s.o, s.d, s.ext, s.tMax, visit, s);
  }
}

/** Reads a ray and its options into `s` (origin, direction, maxT, solid, filter; zero extents). */
function readRay(s: QueryState, origin: Readonly<Vec3Like>, direction: Readonly<Vec3Like>, options: WorldRayCastOptions | null | undefined): void {
  readVector(s.origin, origin, 'origin');
  readVector(s.direction, direction, 'direction');
  const d = s.direction;
  if (d.x === 0 && d.y === 0 && d.z === 0) throw new InvalidNumberError('direction', 0, 'a non-zero vector');
  let maxT = Infinity, solid = true;
  checkOptionsObject(options, WORLD_RAY_OPTION_KEYS);
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
function readShapeBox(s: QueryState, shape: Shape, pose: PoseLike): void {
  const t = transformFromPose(s.transform, pose, 'pose');
  copyPose(s.pose, pose);
  s.shape = shape;
  const b = worldBox(s.aabb, shape, t), q = s.box;
  q[0] = b.min.x; q[1] = b.min.y; q[2] = b.min.z; q[3] = b.max.x; q[4] = b.max.y; q[5] = b.max.z;
}

/** Body `slot`'s tight box into `s.tight`: whether it overlaps the query box `s.box`. */
function tightBoxMeets(s: QueryState, slot: number): boolean {
  s.bodies!.tightBox(slot, s.tight, s.bodyTransform, s.aabb);
  const q = s.box, t = s.tight;
  return !(t[0] > q[3] || t[3] < q[0] || t[1] > q[4] || t[4] < q[1] || t[2] > q[5] || t[5] < q[2]);
}

/** The ray against the body of `slot` (unless filtered out), up to the caller's maxT, into `s.tryHit`. */
function rayHit(s: QueryState, slot: number): WorldRayHit | null {
  const b = s.bodies!;
  if (s.filter !== null && !s.filter(b.handleOf(slot))) return null;
  // (Each body is cast with the caller's maxT, not the best t so far: its answer is then rayCast's own,
  // bit for bit, whatever the order the trees are visited in.)
  const hit = rayCast(b.shapes[slot]!, b.readPose(s.bodyPose, slot), s.origin, s.direction, s.tryHit, s.rayOptions);
  if (hit !== null) s.tryHit.body = b.handleOf(slot);
  return hit === null ? null : s.tryHit;
}

// What each query does with a body (a slot), from a tree's leaf or from the half-spaces' list.
/** Whether body `slot` meets the query box `s.box`: its tight box, or a half-space's plane. */
function boxMeets(s: QueryState, slot: number): boolean {
  const b = s.bodies!;
  return b.kind[slot] === HALF_SPACE_KIND_INDEX ? boxAbovePlane(s.box, 0, b.frames, slot) <= 0 : tightBoxMeets(s, slot);
}
const aabbSlot = (slot: number, s: QueryState): boolean => boxMeets(s, slot) && s.visitHandle!(s.bodies!.handleOf(slot)) === true;
const overlapSlot = (slot: number, s: QueryState): boolean => {
  const b = s.bodies!;
  if (!boxMeets(s, slot) || !intersects(s.shape!, s.pose, b.shapes[slot]!, b.readPose(s.bodyPose, slot))) return false;
  return s.visitHandle!(b.handleOf(slot)) === true;
};
/** The nearest-hit rule: the earlier t, then the body added first (Bodies.order: a reused slot is not older). */
const nearestRaySlot = (slot: number, s: QueryState): void => {
  const hit = rayHit(s, slot);
  if (hit === null) return;
  const best = s.hit;
  if (s.best < 0 || hit.t < best.t || (hit.t === best.t && s.bodies!.order[slot] < s.bodies!.order[s.best])) {
    copyRayHit(best, hit);
    s.best = slot;
    s.tMax[0] = hit.t;
  }
};
const allRaySlot = (slot: number, s: QueryState): void => {
  if (s.tMax[0] < 0) return; // stopped
  const hit = rayHit(s, slot);
  // true stops: no box is met below t = −1.
  if (hit !== null && s.visitRay!(hit) === true) s.tMax[0] = -1;
};
/** The shape cast against body `slot` (unless filtered out), kept when first. */
const castSlot = (slot: number, s: QueryState): void => {
  const b = s.bodies!;
  if (s.filter !== null && !s.filter(b.handleOf(slot))) return;
  // (With the caller's maxTime, not the best time so far: the answer is then shapeCast's own, bit for bit.)
  const r = shapeCast(s.shape!, s.pose, s.motion, b.shapes[slot]!, b.readPose(s.bodyPose, slot), null, s.tryCast, s.castOptions);
  if (r === null) return;
  const best = s.cast;
  if (s.best < 0 || r.time < best.time || (r.time === best.time && b.order[slot] < b.order[s.best])) {
    copyCast(best, r);
    s.best = slot;
    s.tMax[0] = r.time;
  }
};
// The trees' visitors (module functions: no closure per query): a leaf's body.
const aabbVisitor = (leaf: number, s: QueryState): boolean => aabbSlot(s.tree!.item[leaf], s);
const overlapVisitor = (leaf: number, s: QueryState): boolean => overlapSlot(s.tree!.item[leaf], s);
const nearestRayVisitor = (leaf: number, s: QueryState): void => nearestRaySlot(s.tree!.item[leaf], s);
const allRayVisitor = (leaf: number, s: QueryState): void => allRaySlot(s.tree!.item[leaf], s);
const castVisitor = (leaf: number, s: QueryState): void => castSlot(s.tree!.item[leaf], s);

const treeBoxVisitor = (node: number, depth: number, s: QueryState): void => {
  const t = s.tree!, b = t.bounds, o = 6 * node;
  s.visitBox!(b[o], b[o + 1], b[o + 2], b[o + 3], b[o + 4], b[o + 5], depth, t.child1[node] === -1, s.isStatic);
};

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
