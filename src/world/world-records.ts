/**
 * The collision world's records: its copies of poses and vectors, the growing lists it keeps in typed
 * arrays, the per-call state of a scene query, and the checks of its arguments. (collision-world.ts holds
 * the world itself.)
 */
import { describeValue, InvalidArgumentError, InvalidNumberError, checkKnownKeys, knownKeys, type KnownKeys } from '../errors.js';
import { createAabb } from '../math/aabb.js';
import { Transform } from '../math/transform.js';
import type { PoseLike, Vec3Like } from '../math/types.js';
import type { Pose } from '../math/world-pose.js';
import type { DynamicTree } from '../bvh/dynamic-tree.js';
import type { Shape } from '../shapes/shape.js';
import type { Bodies } from './bodies.js';
import { createRayHit, type RayHit } from '../query/cast/ray-hit.js';
import { createShapeCastResult, type ShapeCastResult } from '../query/cast/shape-cast.js';
import type { ContactResult, QueryStatus } from '../query/pair/results.js';

/**
 * A contact of the world: the pair's handles and its `contact` answer (world space, normal from a to b),
 * without the certified bounds (the world's narrow phase does not read them; `contact` gives them).
 */
export interface WorldContact extends Omit<ContactResult, 'lower' | 'upper'> {
  /** The handle of the pair's body A (of the two, the one in the lower slot: not always the lower handle). */
  a: number;
  /** The handle of the pair's body B (shape B of the contact). */
  b: number;
}

/** A hit of a world ray cast: the body, and `rayCast`'s answer for it. */
export interface WorldRayHit extends RayHit {
  /** The handle of the body hit (−1 in a fresh record). */
  body: number;
}

/** The first hit of a world shape cast: the body, and `shapeCast`'s answer (the cast shape is A, the body B). */
export interface WorldShapeCastResult extends ShapeCastResult {
  /** The handle of the body met: shape B of the answer (−1 in a fresh record). */
  body: number;
}

/** A record for {@link CollisionWorld.contact}'s `out`. */
export function createWorldContact(): WorldContact {
  return new WorldContactRecord();
}

/** A record for {@link CollisionWorld.rayCast}'s `out`. */
export function createWorldRayHit(): WorldRayHit {
  const h = createRayHit() as WorldRayHit;
  h.body = -1;
  return h;
}

/** A record for {@link CollisionWorld.shapeCast}'s `out`. */
export function createWorldShapeCastResult(): WorldShapeCastResult {
  const r = createShapeCastResult() as WorldShapeCastResult;
  r.body = -1;
  return r;
}

/**
 * Vectors and poses the world writes, as classes of their own with double fields from the start: a plain
 * `{x, y, z}` shares its hidden class with every such object of the program, and one of them holding
 * something else than a double makes every store into them box (as shape-cast.ts's CastVector).
 */
export class WorldVector implements Vec3Like { x = 0.5; y = 0.5; z = 0.5; }
export class WorldQuaternion { x = 0.5; y = 0.5; z = 0.5; w = 0.5; }
export class WorldPose implements Pose {
  readonly position = new WorldVector();
  readonly quaternion = new WorldQuaternion();
}

/** The world's contact records: their own class, with double fields from the start (see WorldVector). */
class WorldContactRecord implements WorldContact {
  a = 0;
  b = 0;
  separation = 0.5;
  readonly normal = new WorldVector();
  readonly pointA = new WorldVector();
  readonly pointB = new WorldVector();
  status: QueryStatus = 'converged';
  iterations = 0;
  partA = 0;
  partB = 0;
}

/** Copies the seven numbers a query reads of `pose` (already checked by transformFromPose) into `out`. */
export function copyPose(out: WorldPose, pose: PoseLike): void {
  const p = pose.position, q = pose.quaternion;
  out.position.x = p.x; out.position.y = p.y; out.position.z = p.z;
  out.quaternion.x = q.x; out.quaternion.y = q.y; out.quaternion.z = q.z; out.quaternion.w = q.w;
}

/** A growing list of handle pairs in typed arrays (an array emptied by `length = 0` gives its storage back). */
export class HandlePairs {
  a = new Int32Array(16);
  b = new Int32Array(16);
  count = 0;
  push(x: number, y: number): void {
    if (this.count === this.a.length) this.grow();
    this.a[this.count] = x; this.b[this.count] = y; this.count++;
  }

  /** Twice the room. */
  grow(): void {
    const a = new Int32Array(2 * this.a.length); a.set(this.a); this.a = a;
    const b = new Int32Array(2 * this.b.length); b.set(this.b); this.b = b;
  }
}

/** The options the world passes to `rayCast` for each body (its own class: see WorldVector). */
class RayOptions { maxT = 0.5; solid = true; }
/** The options the world passes to `shapeCast` for each body. */
class CastOptions { maxTime = 0.5; targetSeparation = 0.5; stopAtPenetration = true; }
class CastMotion { readonly linear = new WorldVector(); readonly angular = new WorldVector(); }

/**
 * Whether the world may change now: not while it updates (a support function of the user's may call back
 * into it), nor inside a callback of its own (a visitor or filter), where `visiting` counts the calls under way.
 */
export class WorldGuard {
  updating = false;
  visiting = 0;
  /** Whether an updateAsync() is under way (its pairs are half settled until it resolves). */
  awaiting = false;

  check(what: string): void {
    if (this.awaiting) throw new InvalidArgumentError(what, 'was called while updateAsync() is under way; await it first');
    if (this.updating) throw new InvalidArgumentError(what, 'was called during update (from a support function of your own); the world cannot change while it updates');
    if (this.visiting > 0) {
      throw new InvalidArgumentError(what, 'was called from inside a callback of this world (a visitor or filter); add, setPose, remove and update are not allowed there: collect the handles and act after the call returns');
    }
  }

  /** Reading the pairs (contacts, manifolds, changes) must wait for an updateAsync() under way. */
  checkSettled(what: string): void {
    if (this.awaiting) throw new InvalidArgumentError(what, 'was called while updateAsync() is under way; the pairs are read once it resolves: await it first');
  }
}

/**
 * Everything one scene query keeps while it runs. The world holds one per nesting level (a query started
 * from inside another's callback takes the next), so no query's scratch is held across a user callback
 * that another query could overwrite (STYLE.md §4).
 */
export class QueryState {
  /** The world's bodies (the visitors are module functions and reach them here). */
  bodies: Bodies | null = null;
  /** Whether the query holds the world against changes (it has reached user callbacks). */
  visiting = false;
  /** The tree being traversed, and whether it is the static one. */
  tree: DynamicTree | null = null;
  isStatic = false;
  /** The query box (min x, y, z, max x, y, z), and a body's tight box. */
  readonly box = new Float64Array(6);
  readonly tight = new Float64Array(6);
  readonly aabb = createAabb();
  /** A cast: the centre, direction, half-extents and best t of the swept box. */
  readonly o = new Float64Array(3);
  readonly d = new Float64Array(3);
  readonly ext = new Float64Array(3);
  readonly tMax = new Float64Array(1);
  /** A body that a query or removal is about. */
  slot = -1;
  /** The nearest hit so far (a slot), or −1. */
  best = -1;
  /** The user's callbacks (only one is set at a time). */
  visitHandle: ((handle: number) => boolean | void) | null = null;
  visitRay: ((hit: WorldRayHit) => boolean | void) | null = null;
  visitBox: ((minX: number, minY: number, minZ: number, maxX: number, maxY: number, maxZ: number, depth: number, isLeaf: boolean, isStatic: boolean) => void) | null = null;
  filter: ((handle: number) => boolean) | null = null;
  /** A shape cast's `stopAtPenetration` (false: a body within the target at time 0 the motion does not approach is passed by). */
  stopAtPenetration = true;
  /** A ray, copied. */
  readonly origin = new WorldVector();
  readonly direction = new WorldVector();
  readonly rayOptions = new RayOptions();
  readonly hit = createWorldRayHit();
  readonly tryHit = createWorldRayHit();
  /** A shape at a pose (overlapShape, shapeCast), copied. */
  shape: Shape | null = null;
  readonly pose = new WorldPose();
  readonly transform = new Transform();
  /** A body's pose, read from the world for the pairwise query (and its transform, for its box). */
  readonly bodyPose = new WorldPose();
  readonly bodyTransform = new Transform();
  readonly motion = new CastMotion();
  readonly castOptions = new CastOptions();
  readonly cast = createWorldShapeCastResult();
  readonly tryCast = createShapeCastResult();

  /** Drops the references the query held (so a query's shape or callbacks are not kept alive). */
  clear(): void {
    this.tree = null;
    this.visitHandle = null; this.visitRay = null; this.visitBox = null; this.filter = null;
    this.shape = null;
    this.stopAtPenetration = true;
  }
}

/** A 32-bit filter option, as an Int32 (−1, all bits, when absent). */
export function readFilter(v: unknown, field: string): number {
  if (v === undefined) return -1;
  if (typeof v === 'number' && Number.isInteger(v) && v >= -0x80000000 && v <= 0xffffffff) return v | 0;
  throw new InvalidArgumentError(field, `is ${describeValue(v)}; expected a 32-bit integer filter (0 to 0xffffffff)`);
}

/** `f` must be a function (a callback argument). */
export function checkFunction(f: unknown, field: string): void {
  if (typeof f !== 'function') throw new InvalidArgumentError(field, `is ${describeValue(f)}; expected a function`);
}

/** `options` must be an object when given, with no key but the `known` ones (a misspelt one was ignored). */
export function checkOptionsObject(options: unknown, known: KnownKeys, field = 'options'): void {
  // (An array's or a typed array's own methods would be read as options: a Float64Array's `filter`.)
  if (options != null && (typeof options !== 'object' || Array.isArray(options) || ArrayBuffer.isView(options))) {
    throw new InvalidArgumentError(field, `is ${describeValue(options)}; expected an options object`);
  }
  if (options != null) checkKnownKeys(options as object, known, field);
}

/** The keys of the world's options objects (docs/world.md). */
export const WORLD_OPTION_KEYS = /* @__PURE__ */ knownKeys(['margin', 'manifolds', 'maxPoints', 'meshEdges', 'threads']);
export const BODY_OPTION_KEYS = /* @__PURE__ */ knownKeys(['static', 'group', 'mask', 'userData']);
export const WORLD_RAY_OPTION_KEYS = /* @__PURE__ */ knownKeys(['maxT', 'solid', 'filter']);
export const WORLD_CAST_OPTION_KEYS = /* @__PURE__ */ knownKeys(['maxTime', 'targetSeparation', 'filter', 'stopAtPenetration']);
export const MOTION_KEYS = /* @__PURE__ */ knownKeys(['linear', 'angular']);

/** Copies the vector `v` into `out`, each component a finite number. */
export function readVector(out: WorldVector, v: Readonly<Vec3Like> | null | undefined, field: string): void {
  if (v === null || typeof v !== 'object') throw new InvalidArgumentError(field, `is ${describeValue(v)}; expected a vector {x, y, z}`);
  const x = v.x, y = v.y, z = v.z;
  if (typeof x !== 'number' || !Number.isFinite(x)) throw new InvalidNumberError(`${field}.x`, x);
  if (typeof y !== 'number' || !Number.isFinite(y)) throw new InvalidNumberError(`${field}.y`, y);
  if (typeof z !== 'number' || !Number.isFinite(z)) throw new InvalidNumberError(`${field}.z`, z);
  out.x = x; out.y = y; out.z = z;
}
