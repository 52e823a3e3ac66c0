/**
 * The plane world's queries against every body (collision-world2.ts): bodies whose tight boxes meet a box,
 * bodies a shape intersects, the first body (or every body) a ray meets, the first body a moving shape
 * meets. Each finds its candidates through the two trees (fat boxes hold the tight ones), then answers
 * them with the pairwise 2D query, so every answer is that query's; ties go to the lower handle and
 * lists come in handle order (the bodies' order of addition).
 */
import { DynamicTree } from '../../bvh/dynamic-tree.js';
import { intersects } from '../pair-queries2.js';
import { createRayHit, rayCast as rayCast2, type RayCastOptions, type RayHit } from '../ray2.js';
import { createShapeCastResult, shapeCast as shapeCast2, type Motion2, type ShapeCastResult } from '../cast2.js';
import type { Shape2 } from '../shapes/shape2.js';
import { vec2, type Pose2Like, type Vec2Like } from '../types.js';
import { shapeBox, type Bodies2 } from './bodies2.js';

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

/** The state of SceneQueries2.rayCast: the ray, the best hit so far (its body, -1 for none), scratch records. */
class RayQuery2 {
  readonly o = new Float64Array(3);
  readonly d = new Float64Array(3);
  readonly ext = new Float64Array(3);
  readonly tMax = new Float64Array(1);
  readonly origin = vec2();
  readonly direction = vec2();
  readonly options = new RayOptions2();
  filter: ((handle: number) => boolean) | undefined = undefined;
  tree: DynamicTree | null = null;
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

export class SceneQueries2 {
  private readonly q = new Float64Array(6);
  private readonly pose: Pose2Like = { position: { x: 0, y: 0 }, angle: 0 };

  constructor(readonly bodies: Bodies2, private readonly trees: readonly [DynamicTree, DynamicTree]) {}

  /** The live slots whose fat boxes meet this.q (both trees), in handle order. */
  private candidates(): number[] {
    const out: number[] = [];
    for (const tree of this.trees) tree.query(this.q, (leaf) => { out.push(tree.item[leaf]); return false; }, null);
    const h = this.bodies.handles;
    return out.sort((x, y) => h[x] - h[y]);
  }

  /** Body `slot`'s pose into the scratch record. */
  poseOf(slot: number, out: Pose2Like = this.pose): Pose2Like {
    const p = this.bodies.pose, pos = out.position as { x: number; y: number };
    pos.x = p[3 * slot]; pos.y = p[3 * slot + 1];
    (out as { angle: number }).angle = p[3 * slot + 2];
    return out;
  }

  /** Handles of the bodies whose tight box meets the box from `min` to `max`, in handle order. */
  queryAabb(min: Readonly<Vec2Like>, max: Readonly<Vec2Like>): number[] {
    const q = this.q, b = this.bodies;
    q[0] = min.x; q[1] = min.y; q[2] = 0; q[3] = max.x; q[4] = max.y; q[5] = 0;
    return this.candidates().filter((slot) => {
      const o = 4 * slot;
      return !(b.box[o] > q[3] || b.box[o + 2] < q[0] || b.box[o + 1] > q[4] || b.box[o + 3] < q[1]);
    }).map((slot) => b.handles[slot]);
  }

  /** Handles of the bodies `shape` at `pose` intersects (touching counts), in handle order. */
  overlapShape(shape: Shape2, pose: Pose2Like): number[] {
    const q = this.q, b = this.bodies;
    shapeBox(shape, pose.position.x, pose.position.y, pose.angle, q);
    return this.candidates().filter((slot) => intersects(shape, pose, b.shapes[slot]!, this.poseOf(slot))).map((slot) => b.handles[slot]);
  }

  /** Every body a ray meets within maxT (filter passing), each with its 2D rayCast answer, in handle order. */
  rayCastAll(origin: Readonly<Vec2Like>, direction: Readonly<Vec2Like>, maxT: number, solid: boolean, filter: ((handle: number) => boolean) | undefined): WorldRayHit2[] {
    const b = this.bodies, hits: WorldRayHit2[] = [];
    for (const slot of this.rayCandidates(origin, direction, maxT)) {
      if (filter !== undefined && !filter(b.handles[slot])) continue;
      const h = rayCast2(b.shapes[slot]!, this.poseOf(slot), origin, direction, createWorldRayHit2(), { maxT, solid }) as WorldRayHit2 | null;
      if (h !== null) { h.body = b.handles[slot]; hits.push(h); }
    }
    return hits;
  }

  /**
   * The nearest hit of a ray (ties to the lower handle) into `out`, or null. Allocation-free: the trees are
   * walked with the best t so far as their limit (boxes beyond it skipped), each candidate cast with it as
   * its `maxT` into one scratch record (rays.state, read by visitRay: no closure).
   */
  rayCast(origin: Readonly<Vec2Like>, direction: Readonly<Vec2Like>, maxT: number, solid: boolean, filter: ((handle: number) => boolean) | undefined, out: WorldRayHit2): WorldRayHit2 | null {
    const r = this.ray;
    r.o[0] = origin.x; r.o[1] = origin.y; r.d[0] = direction.x; r.d[1] = direction.y;
    r.origin.x = origin.x; r.origin.y = origin.y; r.direction.x = direction.x; r.direction.y = direction.y;
    r.tMax[0] = maxT; r.options.solid = solid; r.filter = filter; r.body = -1;
    for (const tree of this.trees) { r.tree = tree; tree.castQuery(r.o, r.d, r.ext, r.tMax, visitRay, this); }
    r.tree = null; r.filter = undefined;
    if (r.body < 0) return null;
    const b = r.best;
    out.body = r.body; out.t = b.t; out.point.x = b.point.x; out.point.y = b.point.y; out.normal.x = b.normal.x; out.normal.y = b.normal.y;
    return out;
  }

  /** @internal The nearest-ray query's state. */
  readonly ray = new RayQuery2();

  /** The slots whose fat boxes a ray meets by maxT, in handle order. */
  private rayCandidates(origin: Readonly<Vec2Like>, direction: Readonly<Vec2Like>, maxT: number): number[] {
    const o = Float64Array.of(origin.x, origin.y, 0), d = Float64Array.of(direction.x, direction.y, 0), ext = new Float64Array(3), t = Float64Array.of(maxT);
    const out: number[] = [];
    for (const tree of this.trees) tree.castQuery(o, d, ext, t, (leaf) => { out.push(tree.item[leaf]); }, null);
    const h = this.bodies.handles;
    return out.sort((x, y) => h[x] - h[y]);
  }

  /**
   * The first body `shape` (at `pose`, moving by `motion` until maxTime) meets within the target
   * separation: the 2D shapeCast's answer (the shape A, the body B) of the earliest (ties to the lower
   * handle), into `out`; null when none.
   */
  shapeCast(
    shape: Shape2, pose: Pose2Like, motion: Motion2 | null | undefined, maxTime: number, targetSeparation: number,
    filter: ((handle: number) => boolean) | undefined, out: WorldShapeCastResult2,
  ): WorldShapeCastResult2 | null {
    // Candidates: bodies whose fat boxes meet the box of the shape's bounding disc swept along its path
    // (a turn keeps it in the disc), grown by the target separation.
    const b = this.bodies, q = this.q, r = shape.boundingRadius + targetSeparation, x = pose.position.x, y = pose.position.y;
    const vx = (motion?.linear?.x ?? 0) * maxTime, vy = (motion?.linear?.y ?? 0) * maxTime;
    q[0] = Math.min(x, x + vx) - r; q[1] = Math.min(y, y + vy) - r; q[2] = 0; q[3] = Math.max(x, x + vx) + r; q[4] = Math.max(y, y + vy) + r; q[5] = 0;
    let best: ShapeCastResult | null = null, bestHandle = -1;
    const scratch = createShapeCastResult();
    for (const slot of this.candidates()) {
      const handle = b.handles[slot];
      if (filter !== undefined && !filter(handle)) continue;
      const h = shapeCast2(shape, pose, motion, b.shapes[slot]!, this.poseOf(slot), null, scratch, { maxTime, targetSeparation });
      if (h !== null && (best === null || h.time < best.time)) {
        best = { ...h, normal: { ...h.normal }, pointA: { ...h.pointA }, pointB: { ...h.pointB } }; bestHandle = handle;
      }
    }
    if (best === null) return null;
    Object.assign(out, best, { normal: out.normal, pointA: out.pointA, pointB: out.pointB });
    out.normal.x = best.normal.x; out.normal.y = best.normal.y; out.pointA.x = best.pointA.x; out.pointA.y = best.pointA.y; out.pointB.x = best.pointB.x; out.pointB.y = best.pointB.y;
    out.body = bestHandle;
    return out;
  }
}
