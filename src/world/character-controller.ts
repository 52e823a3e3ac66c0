/**
 * A kinematic character controller: the motion a shape can actually make through a collision world, by
 * shape casts (collide and slide: Fauerby, "Improved collision detection and response", 2003; the method of
 * rapier's KinematicCharacterController and Jolt's CharacterVirtual). Each step casts the shape along what
 * is left of the desired translation, stopping `offset` short of the first body (the cast's target
 * separation, so the character never ends nearer than that); the rest of the motion is then turned along
 * the surface met, by its slope:
 * - ground (its normal within `maxSlopeClimbAngle` of up): the horizontal part follows the slope (its
 *   horizontal length kept: walking up and down ramps), and the part along up (gravity) stops there, unless
 *   the slope is steeper than `minSlopeSlideAngle`, where it slides down it;
 * - a wall or a slope too steep to climb: the horizontal part slides along it without climbing, after an
 *   autostep attempt (up by `autostep.maxHeight`, forward by at least `autostep.minWidth`, down onto ground
 *   to climb) when the character stands on ground; the vertical part slides along it;
 * - a ceiling: the motion slides along it.
 * At most CHARACTER_MAX_ITERATIONS casts a move; a cast that makes no progress ends it. At the end, with
 * `snapToGround`, a character that stood on ground and is not moving up is brought down onto ground within
 * that distance (stairs and ramps walked down); then a short cast down says whether it stands on ground,
 * and which body (so the caller can carry it with a moving platform).
 */
import { describeValue, InvalidArgumentError, InvalidNumberError, InvalidShapeError } from '../errors.js';
import { isUnwritable, outNotWritable } from '../query/pair/out-record.js';
import { Transform, transformFromPose } from '../math/transform.js';
import type { PoseLike, Vec3Like } from '../math/types.js';
import { isConvexShape } from '../query/pair/dispatch.js';
import type { Shape } from '../shapes/shape.js';
import { CHARACTER_MAX_ITERATIONS } from '../tolerance.js';
import type { CollisionWorld } from './collision-world.js';
import { createWorldShapeCastResult, type WorldShapeCastResult } from './world-records.js';

/** Options of a {@link CharacterController}. */
export interface CharacterControllerOptions {
  /** The up direction (world; any non-zero length, normalised; default +y). */
  up?: Readonly<Vec3Like>;
  /** The skin kept between the character and every body (world units, > 0; default 0.01). */
  offset?: number;
  /** Surfaces whose normal is within this angle of up are ground the character walks on (radians, 0 to π/2; default π/4). */
  maxSlopeClimbAngle?: number;
  /** On ground steeper than this, a downward motion slides down it (radians, 0 to π/2; default π/4). */
  minSlopeSlideAngle?: number;
  /** Step up onto ledges at most `maxHeight` high whose top is at least `minWidth` deep; null (default): no steps. */
  autostep?: AutostepOptions | null;
  /** Keep a character that stood on ground on it, down to this distance below (world units, ≥ 0); null (default): none. */
  snapToGround?: number | null;
  /** `filter(handle)` false: the character passes through that body. */
  filter?: ((handle: number) => boolean) | null;
}

/** How a character steps onto ledges ({@link CharacterControllerOptions.autostep}). */
export interface AutostepOptions {
  /** The highest ledge it steps onto (world units, > 0). */
  maxHeight: number;
  /** How deep a ledge's top must be clear for it to step (world units, ≥ 0). */
  minWidth: number;
}

/** The answer of {@link CharacterController.move}. */
export interface CharacterMove {
  /** The translation the character can make (world); add it to its position. */
  translation: Vec3Like;
  /** Whether it ends standing on ground (a surface within the climb angle, within twice the offset below it). */
  grounded: boolean;
  /** The body it ends standing on (its handle), or −1: carry the character with it when it moves. */
  ground: number;
  /** How many bodies the move met (read each with {@link CharacterController.collision}). */
  collisionCount: number;
}

/** One body a move met, in the order met. */
export interface CharacterCollision {
  /** The body's handle. */
  body: number;
  /** Where the character met it: the point on the body (world). */
  point: Vec3Like;
  /** The body's surface normal there, facing the character (world, unit). */
  normal: Vec3Like;
  /** The fraction of the desired translation made before this contact (0 to 1). */
  time: number;
}

/** A move's answer record to pass as `out`. */
export function createCharacterMove(): CharacterMove {
  return { translation: { x: 0, y: 0, z: 0 }, grounded: false, ground: -1, collisionCount: 0 };
}

/** A collision record to pass as `out` to {@link CharacterController.collision}. */
export function createCharacterCollision(): CharacterCollision {
  return { body: -1, point: { x: 0, y: 0, z: 0 }, normal: { x: 0, y: 1, z: 0 }, time: 0 };
}

const OPTION_KEYS = new Set(['up', 'offset', 'maxSlopeClimbAngle', 'minSlopeSlideAngle', 'autostep', 'snapToGround', 'filter']);

/**
 * Moves a shape through a {@link CollisionWorld} as a game character: slides along walls and creases,
 * climbs slopes up to a limit and slides down steeper ones, steps onto ledges, snaps down onto ground, and
 * never ends nearer than `offset` to any body. The world is only read: the character's own body, if it
 * has one in the world, must be left out with `filter` (or kept out of the world).
 */
export class CharacterController {
  /** The up direction (unit). */
  readonly up: Readonly<Vec3Like>;
  /** The skin kept from every body (world units). */
  readonly offset: number;
  /** The steepest ground it walks on (radians from up). */
  readonly maxSlopeClimbAngle: number;
  /** Ground steeper than this lets it slide down (radians from up). */
  readonly minSlopeSlideAngle: number;
  /** How it steps onto ledges, or null. */
  readonly autostep: Readonly<AutostepOptions> | null;
  /** How far down it snaps onto ground, or null. */
  readonly snapToGround: number | null;
  /** The bodies it meets (false: passes through), or null for every body. */
  readonly filter: ((handle: number) => boolean) | null;
  private readonly collisions: CharacterCollision[] = [];
  private count = 0;
  private readonly cast = createWorldShapeCastResult();
  private readonly pose = { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } };
  private readonly motion = { linear: { x: 0, y: 0, z: 0 } };
  private readonly castOptions: { maxTime: number; targetSeparation: number; stopAtPenetration: boolean; filter?: (handle: number) => boolean };
  private readonly check = new Transform();
  /** The normals of the surfaces a move met (3 numbers each, CHARACTER_MAX_ITERATIONS at most). */
  private readonly planes = new Float64Array(3 * CHARACTER_MAX_ITERATIONS);
  /** Where the last move ended (position, quaternion), with which shape, in which state of the world, on which ground. */
  private readonly last = new Float64Array(7).fill(NaN);
  private lastShape: Shape | null = null;
  private lastStamp = -1;
  private lastGround = -1;
  /** The ground's normal (facing the character) the last ground check found, and how far it could move down to it. */
  private readonly groundNormal = { x: 0, y: 1, z: 0 };
  private readonly groundPoint = { x: 0, y: 0, z: 0 };
  private groundGap = 0;
  private readonly cosClimb: number;
  private readonly cosSlide: number;

  /**
   * @throws InvalidArgumentError when `world` is not a CollisionWorld, or for an options object with a key
   *   it does not take; InvalidNumberError naming the option for a value out of its range.
   */
  /**
   * @param world the world it moves through (read only).
   * @param options as {@link CharacterControllerOptions}; every one has a default.
   */
  constructor(readonly world: CollisionWorld, options?: CharacterControllerOptions | null) {
    if (world === null || typeof world !== 'object' || typeof (world as { shapeCast?: unknown }).shapeCast !== 'function') {
      throw new InvalidArgumentError('world', `is ${describeValue(world)}; expected a CollisionWorld`);
    }
    const given = options ?? {};
    if (typeof given !== 'object' || Array.isArray(given)) throw new InvalidArgumentError('options', `is ${describeValue(given)}; expected an object`);
    // Own keys only: an inherited `filter` (an array's, say) is not an option given.
    const o: CharacterControllerOptions = {};
    for (const key of Object.keys(given)) (o as Record<string, unknown>)[key] = (given as Record<string, unknown>)[key];
    for (const key of Object.keys(o)) if (!OPTION_KEYS.has(key)) throw new InvalidArgumentError(`options.${key}`, `is not an option; expected ${[...OPTION_KEYS].join(', ')}`);
    const up = o.up ?? { x: 0, y: 1, z: 0 };
    if (up === null || typeof up !== 'object') throw new InvalidArgumentError('options.up', `is ${describeValue(up)}; expected a vector {x, y, z}`);
    const ul = Math.sqrt(up.x * up.x + up.y * up.y + up.z * up.z);
    if (!(ul > 0 && ul < Infinity)) throw new InvalidNumberError('options.up', ul, 'a non-zero finite vector');
    this.up = { x: up.x / ul, y: up.y / ul, z: up.z / ul };
    this.offset = readNumber(o.offset, 'options.offset', 0.01, (v) => v > 0 && v < Infinity, 'a finite number > 0');
    this.maxSlopeClimbAngle = readNumber(o.maxSlopeClimbAngle, 'options.maxSlopeClimbAngle', Math.PI / 4, (v) => v >= 0 && v <= Math.PI / 2, 'an angle from 0 to π/2 (radians)');
    this.minSlopeSlideAngle = readNumber(o.minSlopeSlideAngle, 'options.minSlopeSlideAngle', Math.PI / 4, (v) => v >= 0 && v <= Math.PI / 2, 'an angle from 0 to π/2 (radians)');
    const step = o.autostep ?? null;
    if (step !== null) {
      if (typeof step !== 'object') throw new InvalidArgumentError('options.autostep', `is ${describeValue(step)}; expected { maxHeight, minWidth } or null`);
      const maxHeight = readNumber(step.maxHeight, 'options.autostep.maxHeight', NaN, (v) => v > 0 && v < Infinity, 'a finite number > 0');
      const minWidth = readNumber(step.minWidth, 'options.autostep.minWidth', NaN, (v) => v >= 0 && v < Infinity, 'a finite number >= 0');
      this.autostep = { maxHeight, minWidth };
    } else {
      this.autostep = null;
    }
    const snap = o.snapToGround ?? null;
    this.snapToGround = snap === null ? null : readNumber(snap, 'options.snapToGround', NaN, (v) => v >= 0 && v < Infinity, 'a finite number >= 0, or null');
    const filter = o.filter ?? null;
    if (filter !== null && typeof filter !== 'function') throw new InvalidArgumentError('options.filter', `is ${describeValue(filter)}; expected a function (handle) => boolean, or null`);
    this.filter = filter;
    this.castOptions = { maxTime: 1, targetSeparation: this.offset, stopAtPenetration: false };
    if (filter !== null) this.castOptions.filter = filter;
    this.cosClimb = Math.cos(this.maxSlopeClimbAngle);
    this.cosSlide = Math.cos(this.minSlopeSlideAngle);
  }

  /** The number of bodies the last move met. */
  get collisionCount(): number { return this.count; }

  /**
   * Body `i` the last move met (0 to collisionCount − 1), into `out` when given, else into a record of the
   * controller's, rewritten by the next call.
   * @throws InvalidArgumentError for an index out of range.
   */
  collision(i: number, out?: CharacterCollision | null): CharacterCollision {
    if (!(Number.isInteger(i) && i >= 0 && i < this.count)) throw new InvalidArgumentError('i', `is ${describeValue(i)}; expected an integer from 0 to ${this.count - 1}`);
    if (out != null && !(typeof out === 'object' && typeof out.point === 'object' && out.point !== null && typeof out.normal === 'object' && out.normal !== null)) {
      throw outNotWritable('createCharacterCollision');
    }
    const c = this.collisions[i], r = out ?? createCharacterCollision();
    try {
      r.body = c.body; r.time = c.time;
      r.point.x = c.point.x; r.point.y = c.point.y; r.point.z = c.point.z;
      r.normal.x = c.normal.x; r.normal.y = c.normal.y; r.normal.z = c.normal.z;
    } catch (error) {
      // (A frozen record, read-only fields or getters: the write failed.)
      throw error instanceof TypeError && isUnwritable(out, 2) ? outNotWritable('createCharacterCollision') : error;
    }
    return r;
  }

  /**
   * The motion convex `shape` at `pose` can make along `desired` (world units; gravity included by the
   * caller), into `out` when given: its translation, whether it ends on ground and on which body, and the
   * bodies met (`collision(i)`).
   * @throws InvalidShapeError when `shape` is not convex (a compound, a mesh or a half-space cannot be a
   *   character); InvalidNumberError for a non-finite `desired`; as the world's shapeCast for a bad pose.
   */
  move(shape: Shape, pose: PoseLike, desired: Readonly<Vec3Like>, out?: CharacterMove | null): CharacterMove {
    if (!isConvexShape(shape)) throw new InvalidShapeError('shape', 'is not a convex shape; a character is a convex shape (a capsule, a box, a sphere, ...)');
    if (desired === null || typeof desired !== 'object') throw new InvalidArgumentError('desired', `is ${describeValue(desired)}; expected a vector {x, y, z}`);
    const dx = desired.x, dy = desired.y, dz = desired.z;
    if (!(Number.isFinite(dx) && Number.isFinite(dy) && Number.isFinite(dz))) throw new InvalidNumberError('desired', Number.isFinite(dx) ? (Number.isFinite(dy) ? dz : dy) : dx, 'a vector of finite numbers');
    // (Checked before it is read: every query names a bad pose as 'pose'.)
    transformFromPose(this.check, pose, 'pose');
    if (out != null && (typeof out !== 'object' || out.translation === null || typeof out.translation !== 'object')) {
      throw outNotWritable('createCharacterMove');
    }
    const result = out ?? createCharacterMove();
    const up = this.up, p = this.pose.position, q = pose.quaternion;
    p.x = pose.position.x; p.y = pose.position.y; p.z = pose.position.z;
    this.pose.quaternion.x = q.x; this.pose.quaternion.y = q.y; this.pose.quaternion.z = q.z; this.pose.quaternion.w = q.w;
    const sx = p.x, sy = p.y, sz = p.z;
    this.count = 0;
    // Standing on ground before the move: what autostep and snapping need. The last move's own answer when
    // this one starts where it ended, with the same shape in the same world state (a character moved frame
    // after frame: half the casts of a walk were this check).
    const same = shape === this.lastShape && this.world.stamp === this.lastStamp && p.x === this.last[0] && p.y === this.last[1] && p.z === this.last[2]
      && q.x === this.last[3] && q.y === this.last[4] && q.z === this.last[5] && q.w === this.last[6];
    const startGround = same ? this.lastGround : this.groundBelow(shape), wasGrounded = startGround >= 0;
    let rx = dx, ry = dy, rz = dz;
    // The surfaces met this move (their normals facing the character), for creases and corners.
    let planeCount = 0;
    // Standing on ground gentler than the slide angle and pushed down into it (gravity): the ground stops the
    // part along up without a cast (it would meet the ground at once), and the rest follows its slope.
    const rv0 = dx * up.x + dy * up.y + dz * up.z, g = this.groundNormal, gUp = g.x * up.x + g.y * up.y + g.z * up.z;
    if (wasGrounded && rv0 < 0 && gUp >= this.cosSlide && gUp >= this.cosClimb && gUp > 1e-6) {
      // (Down first by as much of it as the ground check found free below, to the offset above the ground.)
      const drop = Math.min(this.groundGap, -rv0);
      p.x -= drop * up.x; p.y -= drop * up.y; p.z -= drop * up.z;
      // The ground it met, as a cast into it would have reported it (and a surface the rest keeps out of).
      this.recordGround(startGround);
      this.planes[0] = g.x; this.planes[1] = g.y; this.planes[2] = g.z; planeCount = 1;
      const hx = dx - rv0 * up.x, hy = dy - rv0 * up.y, hz = dz - rv0 * up.z, hn = (hx * g.x + hy * g.y + hz * g.z) / gUp;
      rx = hx - hn * up.x; ry = hy - hn * up.y; rz = hz - hn * up.z;
    }
    const total = Math.sqrt(dx * dx + dy * dy + dz * dz);
    let travelled = 0;
    for (let iter = 0; iter < CHARACTER_MAX_ITERATIONS; iter++) {
      const len = Math.sqrt(rx * rx + ry * ry + rz * rz);
      if (!(len > 1e-12 * (1 + total))) break;
      const hit = this.castAlong(shape, rx, ry, rz, 1);
      if (hit === null) { p.x += rx; p.y += ry; p.z += rz; travelled += len; break; }
      const t = hit.time;
      p.x += rx * t; p.y += ry * t; p.z += rz * t;
      travelled += len * t;
      // The surface's normal facing the character: the cast's normal runs from the character to the body.
      const nx = 0 - hit.normal.x, ny = 0 - hit.normal.y, nz = 0 - hit.normal.z; // (0 − x: never a −0)
      this.record(hit, nx, ny, nz, total > 0 ? travelled / total : 0);
      let ox = rx * (1 - t), oy = ry * (1 - t), oz = rz * (1 - t);
      // The rest, split along up (vertical) and across it (horizontal).
      const rv = ox * up.x + oy * up.y + oz * up.z;
      let hx = ox - rv * up.x, hy = oy - rv * up.y, hz = oz - rv * up.z;
      let vx = rv * up.x, vy = rv * up.y, vz = rv * up.z;
      const cosSlope = nx * up.x + ny * up.y + nz * up.z;
      // (A slope within 1e-6 of vertical is a wall: the ground rule below divides by its cosine.)
      if (cosSlope >= this.cosClimb && cosSlope > 1e-6) {
        // Ground: the horizontal part follows the slope, its horizontal length kept (along up onto the plane).
        const hn = hx * nx + hy * ny + hz * nz;
        hx -= (hn / cosSlope) * up.x; hy -= (hn / cosSlope) * up.y; hz -= (hn / cosSlope) * up.z;
        if (rv < 0 && cosSlope >= this.cosSlide) { vx = 0; vy = 0; vz = 0; } // standing: gravity stops here
        else { const vn = vx * nx + vy * ny + vz * nz; if (vn < 0) { vx -= vn * nx; vy -= vn * ny; vz -= vn * nz; } }
      } else if (cosSlope > -1e-9) {
        // A wall or a slope too steep to climb: a step first, when standing on ground and walking into it.
        if (this.autostep !== null && wasGrounded && this.tryStep(shape, hx, hy, hz)) {
          hx = 0; hy = 0; hz = 0;
        } else {
          // Slide along it across up (no climbing): the horizontal part less its part along the wall's
          // horizontal normal.
          let wx = nx - cosSlope * up.x, wy = ny - cosSlope * up.y, wz = nz - cosSlope * up.z;
          const wl = Math.sqrt(wx * wx + wy * wy + wz * wz);
          if (wl > 0) { wx /= wl; wy /= wl; wz /= wl; }
          const hw = hx * wx + hy * wy + hz * wz;
          if (hw < 0) { hx -= hw * wx; hy -= hw * wy; hz -= hw * wz; }
        }
        const vn = vx * nx + vy * ny + vz * nz;
        if (vn < 0) { vx -= vn * nx; vy -= vn * ny; vz -= vn * nz; }
      } else {
        // A ceiling: along it.
        const on = ox * nx + oy * ny + oz * nz;
        if (on < 0) { ox -= on * nx; oy -= on * ny; oz -= on * nz; }
        hx = ox; hy = oy; hz = oz; vx = 0; vy = 0; vz = 0;
      }
      let nrx = hx + vx, nry = hy + vy, nrz = hz + vz;
      // Creases and corners (Fauerby 2003; Quake's PM_SlideMove clips against every plane met): a motion
      // turned along this surface that goes into another surface met this move follows the line where the
      // two meet; into two others, or back against what was desired, it stops.
      const planes = this.planes, eps = -1e-12 * (1 + total);
      let intoIndex = -1, intoCount = 0;
      for (let i = 0; i < planeCount; i++) {
        if (nrx * planes[3 * i] + nry * planes[3 * i + 1] + nrz * planes[3 * i + 2] < eps) { intoIndex = i; intoCount++; }
      }
      if (intoCount === 1) {
        const lx = planes[3 * intoIndex], ly = planes[3 * intoIndex + 1], lz = planes[3 * intoIndex + 2];
        const cx = ly * nz - lz * ny, cy = lz * nx - lx * nz, cz = lx * ny - ly * nx, cc = cx * cx + cy * cy + cz * cz;
        if (cc > 1e-12) {
          const along = (nrx * cx + nry * cy + nrz * cz) / cc;
          nrx = along * cx; nry = along * cy; nrz = along * cz;
        } else {
          const into = nrx * lx + nry * ly + nrz * lz;
          nrx -= into * lx; nry -= into * ly; nrz -= into * lz;
        }
        // The crease's line may lead into a third surface met: then it stops too.
        for (let i = 0; i < planeCount; i++) {
          if (i !== intoIndex && nrx * planes[3 * i] + nry * planes[3 * i + 1] + nrz * planes[3 * i + 2] < eps) { intoCount = 2; break; }
        }
      }
      if (intoCount > 1 || nrx * dx + nry * dy + nrz * dz <= 0) { nrx = 0; nry = 0; nrz = 0; }
      if (planeCount < CHARACTER_MAX_ITERATIONS) { planes[3 * planeCount] = nx; planes[3 * planeCount + 1] = ny; planes[3 * planeCount + 2] = nz; planeCount++; }
      // No progress (a corner that turns the motion straight back): the move ends here.
      if (t === 0 && Math.abs(nrx - rx) + Math.abs(nry - ry) + Math.abs(nrz - rz) <= 1e-12 * (1 + total)) break;
      rx = nrx; ry = nry; rz = nrz;
    }
    // Snapped down onto ground within snapToGround, for a character that stood on ground and does not rise.
    // (The ground check that decides it is the move's answer when there is ground: the pose is unchanged
    // after it, and a second check would repeat its cast; a walk made 3.5 casts a move with it.)
    let ground = -2;
    if (this.snapToGround !== null && wasGrounded && dx * up.x + dy * up.y + dz * up.z <= 0) {
      const below = this.groundBelow(shape);
      if (below >= 0) ground = below;
      else {
        const s = this.snapToGround, hit = this.castAlong(shape, -s * up.x, -s * up.y, -s * up.z, 1);
        if (hit !== null && -(hit.normal.x * up.x + hit.normal.y * up.y + hit.normal.z * up.z) >= this.cosClimb) {
          p.x -= s * hit.time * up.x; p.y -= s * hit.time * up.y; p.z -= s * hit.time * up.z;
        }
      }
    }
    if (ground === -2) ground = this.groundBelow(shape);
    this.lastShape = shape; this.lastStamp = this.world.stamp; this.lastGround = ground;
    const l = this.last;
    l[0] = p.x; l[1] = p.y; l[2] = p.z; l[3] = q.x; l[4] = q.y; l[5] = q.z; l[6] = q.w;
    try {
      result.translation.x = p.x - sx; result.translation.y = p.y - sy; result.translation.z = p.z - sz;
      result.grounded = ground >= 0;
      result.ground = ground;
      result.collisionCount = this.count;
    } catch (error) {
      // (A frozen record, read-only fields or getters: the write failed.)
      throw error instanceof TypeError && isUnwritable(out, 2) ? outNotWritable('createCharacterMove') : error;
    }
    return result;
  }

  /**
   * The world's first hit of the shape at the controller's pose moving by (x, y, z) × maxTime, stopping
   * `offset` short. A body already within the offset that the motion does not approach (the ground under a
   * character walking on it) is passed by (the world's `stopAtPenetration: false`, as parry's casts).
   */
  private castAlong(shape: Shape, x: number, y: number, z: number, maxTime: number): WorldShapeCastResult | null {
    const m = this.motion.linear;
    m.x = x; m.y = y; m.z = z;
    this.castOptions.maxTime = maxTime;
    return this.world.shapeCast(shape, this.pose, this.motion, this.castOptions, this.cast);
  }

  /** The body the shape at the controller's pose stands on (ground within twice the offset below), or −1. */
  private groundBelow(shape: Shape): number {
    const up = this.up, d = this.offset;
    const hit = this.castAlong(shape, -d * up.x, -d * up.y, -d * up.z, 1);
    if (hit === null) return -1;
    const n = this.groundNormal, q = this.groundPoint;
    n.x = 0 - hit.normal.x; n.y = 0 - hit.normal.y; n.z = 0 - hit.normal.z; // (0 − x: never a −0)
    q.x = hit.pointB.x; q.y = hit.pointB.y; q.z = hit.pointB.z;
    this.groundGap = hit.time * d;
    return n.x * up.x + n.y * up.y + n.z * up.z >= this.cosClimb ? hit.body : -1;
  }

  /**
   * A step onto a ledge: up by at most `maxHeight`, forward by the horizontal motion (and at least
   * `minWidth` clear there), down onto ground the character can climb. Moves the controller's pose and
   * returns true when it can; leaves it as it was and returns false when not.
   */
  private tryStep(shape: Shape, hx: number, hy: number, hz: number): boolean {
    const step = this.autostep!, up = this.up, p = this.pose.position;
    const hl = Math.sqrt(hx * hx + hy * hy + hz * hz);
    if (!(hl > 0)) return false;
    const x0 = p.x, y0 = p.y, z0 = p.z;
    // Up, as far as the ceiling lets it.
    let hit = this.castAlong(shape, step.maxHeight * up.x, step.maxHeight * up.y, step.maxHeight * up.z, 1);
    const rise = step.maxHeight * (hit === null ? 1 : hit.time);
    p.x += rise * up.x; p.y += rise * up.y; p.z += rise * up.z;
    // Forward: clear for at least minWidth (and the motion's length).
    const reach = Math.max(hl, step.minWidth), ux = hx / hl, uy = hy / hl, uz = hz / hl;
    hit = this.castAlong(shape, reach * ux, reach * uy, reach * uz, 1);
    if (hit !== null) { p.x = x0; p.y = y0; p.z = z0; return false; }
    p.x += hl * ux; p.y += hl * uy; p.z += hl * uz;
    // Down onto ground it can climb, higher than where it started.
    hit = this.castAlong(shape, -rise * up.x, -rise * up.y, -rise * up.z, 1);
    if (hit === null || hit.time >= 1 || -(hit.normal.x * up.x + hit.normal.y * up.y + hit.normal.z * up.z) < this.cosClimb) { p.x = x0; p.y = y0; p.z = z0; return false; }
    p.x -= rise * hit.time * up.x; p.y -= rise * hit.time * up.y; p.z -= rise * hit.time * up.z;
    return true;
  }

  /** The ground the last ground check found, as a collision at the move's start. */
  private recordGround(body: number): void {
    if (this.count === this.collisions.length) this.collisions.push(createCharacterCollision());
    const c = this.collisions[this.count++], g = this.groundNormal, q = this.groundPoint;
    c.body = body; c.time = 0;
    c.point.x = q.x; c.point.y = q.y; c.point.z = q.z;
    c.normal.x = g.x; c.normal.y = g.y; c.normal.z = g.z;
  }

  private record(hit: WorldShapeCastResult, nx: number, ny: number, nz: number, time: number): void {
    if (this.count === this.collisions.length) this.collisions.push(createCharacterCollision());
    const c = this.collisions[this.count++];
    c.body = hit.body; c.time = time;
    c.point.x = hit.pointB.x; c.point.y = hit.pointB.y; c.point.z = hit.pointB.z;
    c.normal.x = nx; c.normal.y = ny; c.normal.z = nz;
  }
}

function readNumber(v: unknown, field: string, fallback: number, ok: (v: number) => boolean, expected: string): number {
  if (v === undefined) {
    if (Number.isNaN(fallback)) throw new InvalidNumberError(field, v, expected);
    return fallback;
  }
  if (typeof v !== 'number' || !ok(v)) throw new InvalidNumberError(field, v, expected);
  return v;
}
