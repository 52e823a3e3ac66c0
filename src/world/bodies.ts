/**
 * The world's bodies, by slot: each one's shape, user data, filter, static flag, transform and pose as
 * given, tight box, motion bound and broad-phase leaf, in flat typed arrays (no object per body: no boxed
 * numbers, no garbage). A handle is a slot and a generation, so a removed body's handle is never taken for
 * a new one's (a stale handle is an error, not another body).
 */
import { describeValue, InvalidArgumentError } from '../errors.js';
import type { Aabb } from '../math/aabb.js';
import type { Transform } from '../math/transform.js';
import type { PoseLike } from '../math/types.js';
import type { Pose } from '../math/world-pose.js';
import { shapeAabb } from '../shapes/shape-aabb.js';
import { HALF_SPACE_KIND_INDEX, type ConvexShape, type Shape, isPartedKind } from '../shapes/shape.js';
import { halfSpaceAabb } from '../query/aabb/compute-aabb.js';
import { concaveAabb } from '../query/parted/parted-aabb.js';
import type { PartedShape } from '../query/parted/parts.js';
import { kindIndex } from '../query/pair/dispatch.js';

/** Slots per generation: a handle is generation · SLOTS + slot (below 2^30: a small integer to V8). */
export const SLOT_BITS = 22;
const SLOTS = 1 << SLOT_BITS;
/** Numbers of a body's frame: its transform (12) and its pose as given (7). */
export const FRAME = 19;
/** 1/√2 rounded up (by 1e-9, far above the rounding of a rotation matrix): addMotion. */
const TURN_NORM = 0.7071067822;

export class Bodies {
  shapes: (Shape | null)[] = [];
  userDatas: unknown[] = [];
  /** Per slot: its transform and its pose as given (FRAME numbers). */
  frames = new Float64Array(FRAME * 16);
  generation = new Int32Array(16);
  /** The body's leaf in its tree (broad-phase.ts). */
  proxy = new Int32Array(16);
  isStatic = new Uint8Array(16);
  alive = new Uint8Array(16);
  /** Whether setPose or add marked it since the last update (it is in `movedList`). */
  moved = new Uint8Array(16);
  /** Whether its leaf is new or was reinserted, and has not looked for pairs yet. */
  fresh = new Uint8Array(16);
  /** Its tight world box at the last update (min x, y, z, max x, y, z). */
  tightBoxes = new Float64Array(96);
  /** Whether it moved before this update (set and cleared within `update`). */
  movedNow = new Uint8Array(16);
  /** Whether its leaf was reinserted in this update (its pairs' fat boxes may have parted). */
  leafMoved = new Uint8Array(16);
  group = new Int32Array(16);
  mask = new Int32Array(16);
  /** Its shape's kind index (query/pair/dispatch.ts), which orders the narrow phase's queries. */
  kind = new Uint8Array(16);
  /**
   * Motion bounds (addMotion): how far any point of each body has moved, at most, since it was added,
   * summed over its setPose calls; and the radius about its origin that bounds its points.
   */
  motion = new Float64Array(16);
  radius = new Float64Array(16);
  /** Whether its shape runs code of the user's (narrow-threads.ts: its pairs stay on this thread). */
  local = new Uint8Array(16);
  /** When each was added (0 for the first body ever added, counting on): scene queries break ties by it. */
  order = new Float64Array(16);
  /** Bodies added so far (removed ones included): the next body's order. */
  addedCount = 0;
  /** Grows with every add: a pool's workers hold the bodies' shapes as of a version. */
  shapesVersion = 0;
  readonly freeSlots: number[] = [];
  slotCount = 0;
  count = 0;
  /** The slots marked moved since the last update. */
  movedList = new Int32Array(16);
  movedCount = 0;

  /** A free slot, or a new one (growing every array). */
  take(): number {
    let slot: number;
    if (this.freeSlots.length > 0) slot = this.freeSlots.pop()!;
    else {
      slot = this.slotCount++;
      if (slot >= SLOTS) throw new InvalidArgumentError('add', `would hold more than ${SLOTS} bodies`);
      if (slot >= this.generation.length) this.grow(2 * this.generation.length);
    }
    // (A reused slot is no older for it: ties go by this order, not by slot.)
    this.order[slot] = this.addedCount++;
    return slot;
  }

  private grow(n: number): void {
    const gi = new Int32Array(n); gi.set(this.generation); this.generation = gi;
    const p = new Int32Array(n); p.set(this.proxy); this.proxy = p;
    const s = new Uint8Array(n); s.set(this.isStatic); this.isStatic = s;
    const a = new Uint8Array(n); a.set(this.alive); this.alive = a;
    const m = new Uint8Array(n); m.set(this.moved); this.moved = m;
    const f = new Uint8Array(n); f.set(this.fresh); this.fresh = f;
    const tb = new Float64Array(6 * n); tb.set(this.tightBoxes); this.tightBoxes = tb;
    const fr = new Float64Array(FRAME * n); fr.set(this.frames); this.frames = fr;
    const mn = new Uint8Array(n); mn.set(this.movedNow); this.movedNow = mn;
    const lm = new Uint8Array(n); lm.set(this.leafMoved); this.leafMoved = lm;
    const g = new Int32Array(n); g.set(this.group); this.group = g;
    const k = new Int32Array(n); k.set(this.mask); this.mask = k;
    const ki = new Uint8Array(n); ki.set(this.kind); this.kind = ki;
    const mo = new Float64Array(n); mo.set(this.motion); this.motion = mo;
    const ra = new Float64Array(n); ra.set(this.radius); this.radius = ra;
    const lo = new Uint8Array(n); lo.set(this.local); this.local = lo;
    const or = new Float64Array(n); or.set(this.order); this.order = or;
  }

  /** Frees `slot`: its handle goes stale (the next generation). */
  release(slot: number): void {
    this.alive[slot] = 0;
    this.shapes[slot] = null;
    this.userDatas[slot] = undefined;
    this.generation[slot] = (this.generation[slot] + 1) % 256;
    this.freeSlots.push(slot);
    this.count--;
  }

  handleOf(slot: number): number {
    return (this.generation[slot] << SLOT_BITS) | slot;
  }

  slotOf(handle: number, field: string): number {
    if (typeof handle === 'number' && Number.isInteger(handle) && handle >= 0) {
      const slot = handle % SLOTS, gen = (handle - slot) / SLOTS;
      if (slot < this.slotCount && this.alive[slot] === 1 && this.generation[slot] === gen) return slot;
    }
    throw new InvalidArgumentError(field, `is ${describeValue(handle)}; expected the handle of a body in this world (from add, not removed)`);
  }

  markMoved(slot: number): void {
    if (this.moved[slot] === 1) return;
    this.moved[slot] = 1;
    if (this.movedCount === this.movedList.length) {
      const m = new Int32Array(2 * this.movedList.length); m.set(this.movedList); this.movedList = m;
    }
    this.movedList[this.movedCount++] = slot;
  }

  /** Stores body `slot`'s transform `t` and its `pose` (already checked by transformFromPose). */
  storeFrame(slot: number, t: Transform, pose: PoseLike): void {
    const f = this.frames, o = FRAME * slot, p = pose.position, q = pose.quaternion;
    f[o] = t.m00; f[o + 1] = t.m01; f[o + 2] = t.m02;
    f[o + 3] = t.m10; f[o + 4] = t.m11; f[o + 5] = t.m12;
    f[o + 6] = t.m20; f[o + 7] = t.m21; f[o + 8] = t.m22;
    f[o + 9] = t.tx; f[o + 10] = t.ty; f[o + 11] = t.tz;
    f[o + 12] = p.x; f[o + 13] = p.y; f[o + 14] = p.z;
    f[o + 15] = q.x; f[o + 16] = q.y; f[o + 17] = q.z; f[o + 18] = q.w;
  }

  /** Body `slot`'s transform into `out`. */
  readTransform(out: Transform, slot: number): Transform {
    return frameTransform(out, this.frames, slot);
  }

  /** Body `slot`'s pose, as given, into `out`. */
  readPose<P extends Pose>(out: P, slot: number): P {
    const f = this.frames, o = FRAME * slot + 12, p = out.position, q = out.quaternion;
    p.x = f[o]; p.y = f[o + 1]; p.z = f[o + 2];
    q.x = f[o + 3]; q.y = f[o + 4]; q.z = f[o + 5]; q.w = f[o + 6];
    return out;
  }

  /**
   * Adds to body `slot`'s motion bound how far any of its points moves from its stored transform to `t`:
   * at most |Δtranslation| + ‖ΔR‖·radius, ‖ΔR‖ the spectral norm of the rotations' difference, 2 sin(θ/2) for
   * a relative turn θ, which is its Frobenius norm (√8 sin(θ/2)) over √2 (TURN_NORM, rounded up). Rounded up:
   * the bound is scaled by 1 + 2⁻⁴⁰ and the sum grows by 2⁻⁵⁰ of itself, more than the rounding of each
   * addition, so differences of sums never fall short of a move.
   */
  addMotion(slot: number, t: Transform): void {
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

  /** The tight world box of body `slot` into `out`, with `t` and `box` as scratch. */
  tightBox(slot: number, out: Float64Array, t: Transform, box: Aabb): void {
    const b = worldBox(box, this.shapes[slot]!, this.readTransform(t, slot));
    out[0] = b.min.x; out[1] = b.min.y; out[2] = b.min.z; out[3] = b.max.x; out[4] = b.max.y; out[5] = b.max.z;
  }
}

/**
 * How far the box `box[o .. o + 5]` (min xyz, max xyz) lies above the plane of the half-space body `plane`
 * (its lowest corner's height along the plane's normal; negative when the box reaches into it): the test a
 * half-space takes in place of a box overlap (it has no finite box).
 */
export function boxAbovePlane(box: Float64Array, o: number, frames: Float64Array, plane: number): number {
  const f = frames, p = FRAME * plane, nx = f[p + 1], ny = f[p + 4], nz = f[p + 7];
  const hx = 0.5 * (box[o + 3] - box[o]), hy = 0.5 * (box[o + 4] - box[o + 1]), hz = 0.5 * (box[o + 5] - box[o + 2]);
  const cx = box[o] + hx - f[p + 9], cy = box[o + 1] + hy - f[p + 10], cz = box[o + 2] + hz - f[p + 11];
  return nx * cx + ny * cy + nz * cz - (Math.abs(nx) * hx + Math.abs(ny) * hy + Math.abs(nz) * hz);
}

/** The world box of `shape` at `t` into `out`. */
export function worldBox(out: Aabb, shape: Shape, t: Transform): Aabb {
  const k = kindIndex(shape);
  if (k === HALF_SPACE_KIND_INDEX) return halfSpaceAabb(out, t);
  return isPartedKind(k) ? concaveAabb(out, shape as PartedShape, t) : shapeAabb(out, shape as ConvexShape, t);
}

/** The transform of the body at `slot` in `frames` (Bodies.frames, or a worker's copy) into `out`. */
export function frameTransform(out: Transform, frames: Float64Array, slot: number): Transform {
  const f = frames, o = FRAME * slot;
  out.m00 = f[o]; out.m01 = f[o + 1]; out.m02 = f[o + 2];
  out.m10 = f[o + 3]; out.m11 = f[o + 4]; out.m12 = f[o + 5];
  out.m20 = f[o + 6]; out.m21 = f[o + 7]; out.m22 = f[o + 8];
  out.tx = f[o + 9]; out.ty = f[o + 10]; out.tz = f[o + 11];
  return out;
}
