/**
 * A collision world in the plane (issue "A collision world in the plane", first step; not yet exported):
 * bodies (any 2D shape at a pose), a broad phase of two dynamic AABB trees (bvh/dynamic-tree.ts, boxes flat
 * in z: its surface-area heuristic is then the boxes' area) of fat boxes, as the 3D world's
 * (world/broad-phase.ts), and the exact narrow phase on the pairs whose fat boxes overlap: each pair's
 * `contact`, kept when within the margin. Every answer is the pairwise query's, bit for bit.
 *
 * What the 3D world has and this one has not yet: skipping pairs by their motion bound, specialised pair
 * kernels in rows, manifolds, overlapShape, rayCastAll, shapeCast, threads, 0 bytes a step.
 */
import { describeValue, InvalidArgumentError } from '../../errors.js';
import { DynamicTree } from '../../bvh/dynamic-tree.js';
import { contact as contact2 } from '../pair-queries2.js';
import { rayCast as rayCast2, createRayHit } from '../ray2.js';
import { createContactResult, type ContactResult } from '../results2.js';
import { checkShape2, type Shape2 } from '../shapes/shape2.js';
import type { Pose2Like, Vec2Like } from '../types.js';
import { Bodies2, readPose2 } from './bodies2.js';

/** Options of {@link CollisionWorld2}. */
export interface World2Options {
  /** Pairs are contacts down to this separation (world units, ≥ 0; default 0: touching or overlapping). */
  margin?: number;
}

/** Options of {@link CollisionWorld2.add}. */
export interface Body2Options {
  /** A static body never moves and never pairs with another static body. */
  static?: boolean;
  /** 32-bit filters: a pair is tested when each body's group meets the other's mask (defaults 1 and all bits). */
  group?: number;
  mask?: number;
  userData?: unknown;
}

/** A contact of the world: the pair's handles and its 2D `contact` answer (world space, normal from a to b). */
export interface WorldContact2 extends ContactResult {
  /** The handle of the pair's body A (of the two, the one in the lower slot). */
  a: number;
  /** The handle of the pair's body B. */
  b: number;
}

/** A hit of a world ray: the body, and the 2D `rayCast`'s answer for it. */
export interface WorldRayHit2 { body: number; t: number; point: Vec2Like; normal: Vec2Like }

/** A fat box is the tight box grown by this fraction of its largest side (plus the margin), as in 3D. */
const FAT_FRACTION = 0.1;
/** Pair keys: the lower slot times this plus the higher (slots below 2^26: keys below 2^52, exact). */
const KEY = 2 ** 26;

export class CollisionWorld2 {
  readonly margin: number;
  private readonly bodies = new Bodies2();
  private readonly dynamicTree = new DynamicTree();
  private readonly staticTree = new DynamicTree();
  /** The pairs: key → index; per index the two slots, whether touching, and the contact (7 numbers). */
  private readonly pairIndex = new Map<number, number>();
  private pairA: number[] = [];
  private pairB: number[] = [];
  private touching: number[] = [];
  private readonly contacts: WorldContact2[] = [];
  /** The touching pairs' indices after the last update (contact(i) reads the i-th). */
  private touchingList: number[] = [];
  /** The last update's began and ended pairs (handles, two a pair), and the touching pairs removals ended since. */
  private began: number[] = [];
  private ended: number[] = [];
  private removedTouching: number[] = [];
  private busy = false;
  private readonly fat = new Float64Array(6);
  private readonly poseA: Pose2Like = { position: { x: 0, y: 0 }, angle: 0 };
  private readonly poseB: Pose2Like = { position: { x: 0, y: 0 }, angle: 0 };
  private readonly read = new Float64Array(3);
  private readonly answer = createContactResult();

  /** @throws InvalidArgumentError / InvalidNumberError naming a bad option. */
  constructor(options?: World2Options | null) {
    let margin = 0;
    if (options != null) {
      if (typeof options !== 'object') throw new InvalidArgumentError('options', `is ${describeValue(options)}; expected an object { margin? }`);
      for (const key of Object.keys(options)) if (key !== 'margin') throw new InvalidArgumentError(`options.${key}`, 'is not an option; expected margin');
      const m = options.margin;
      if (m !== undefined && !(typeof m === 'number' && m >= 0 && m < Infinity)) throw new InvalidArgumentError('options.margin', `is ${describeValue(m)}; expected a finite number >= 0`);
      if (m !== undefined) margin = m;
    }
    this.margin = margin;
  }

  /** Bodies in the world. */
  get size(): number { return this.bodies.count; }

  /**
   * Adds a body and returns its handle (never reused). The pose is copied; the body takes part from the
   * next update.
   * @throws InvalidShapeError, InvalidNumberError, InvalidArgumentError naming the bad argument.
   */
  add(shape: Shape2, pose: Pose2Like, options?: Body2Options | null): number {
    this.guard();
    checkShape2(shape, 'shape');
    readPose2(pose, 'pose', this.read);
    let isStatic = false, group = 1, mask = 0xffffffff, userData: unknown;
    if (options != null) {
      if (typeof options !== 'object') throw new InvalidArgumentError('options', `is ${describeValue(options)}; expected an object { static?, group?, mask?, userData? }`);
      for (const key of Object.keys(options)) {
        if (key !== 'static' && key !== 'group' && key !== 'mask' && key !== 'userData') throw new InvalidArgumentError(`options.${key}`, 'is not an option; expected static, group, mask or userData');
      }
      if (options.static !== undefined && typeof options.static !== 'boolean') throw new InvalidArgumentError('options.static', `is ${describeValue(options.static)}; expected true or false`);
      isStatic = options.static === true;
      group = filter(options.group, 'options.group', 1);
      mask = filter(options.mask, 'options.mask', 0xffffffff);
      userData = options.userData;
    }
    const r = this.read, slot = this.bodies.add(shape, r[0], r[1], r[2], isStatic, group, mask, userData);
    return this.bodies.handles[slot];
  }

  /**
   * Moves a body (a static one may not move).
   * @throws InvalidArgumentError naming `handle` or a static body; InvalidNumberError naming the pose's bad part.
   */
  setPose(handle: number, pose: Pose2Like): void {
    this.guard();
    const b = this.bodies, slot = b.slotOf(handle, 'handle');
    if (b.isStatic[slot] === 1) throw new InvalidArgumentError('handle', `is ${handle}, a static body; a static body does not move`);
    readPose2(pose, 'pose', this.read);
    b.setPose(slot, this.read[0], this.read[1], this.read[2]);
  }

  /** Removes a body; its pairs go with it (a touching one is reported by the next update's endedTouching). */
  remove(handle: number): void {
    this.guard();
    const b = this.bodies, slot = b.slotOf(handle, 'handle');
    for (let i = this.pairA.length - 1; i >= 0; i--) if (this.pairA[i] === slot || this.pairB[i] === slot) this.dropPair(i, this.removedTouching);
    const leaf = b.leaf[slot];
    if (leaf >= 0) (b.isStatic[slot] === 1 ? this.staticTree : this.dynamicTree).remove(leaf);
    b.remove(slot);
  }

  /** Whether `handle` is a body of this world. */
  has(handle: number): boolean {
    try { this.bodies.slotOf(handle, 'handle'); return true; } catch { return false; }
  }

  /** Updates the trees, the pairs and their contacts. */
  update(): void {
    this.guard();
    this.began = []; this.ended = this.removedTouching; this.removedTouching = [];
    const b = this.bodies, moved: number[] = [];
    // Broad phase: a moved body's leaf is replaced when its tight box left its fat box.
    for (let slot = 0; slot < b.shapes.length; slot++) {
      if (b.shapes[slot] === null || b.dirty[slot] === 0) continue;
      b.dirty[slot] = 0;
      const tree = b.isStatic[slot] === 1 ? this.staticTree : this.dynamicTree, leaf = b.leaf[slot];
      if (leaf >= 0 && tree.contains(leaf, this.tightOf(slot))) continue;
      this.fatOf(slot);
      if (leaf < 0) b.leaf[slot] = tree.insert(this.fat, slot);
      else tree.update(leaf, this.fat);
      moved.push(slot);
    }
    // New pairs: each moved body against the trees.
    for (const slot of moved) {
      const box = this.leafBox(slot);
      this.dynamicTree.query(box, (leaf) => { this.consider(slot, this.dynamicTree.item[leaf]); return false; }, null);
      if (b.isStatic[slot] === 0) this.staticTree.query(box, (leaf) => { this.consider(slot, this.staticTree.item[leaf]); return false; }, null);
    }
    // The pairs: dropped when their fat boxes part, else their exact contact.
    for (let i = this.pairA.length - 1; i >= 0; i--) {
      const sa = this.pairA[i], sb = this.pairB[i];
      if (!boxesOverlap(this.leafBox(sa), this.leafBox(sb, 1))) { this.dropPair(i, this.ended); continue; }
      const was = this.touching[i] === 1;
      const now = this.narrow(i);
      if (now && !was) this.began.push(b.handles[sa], b.handles[sb]);
      else if (was && !now) this.ended.push(b.handles[sa], b.handles[sb]);
    }
    this.touchingList = [];
    for (let i = 0; i < this.pairA.length; i++) if (this.touching[i] === 1) this.touchingList.push(i);
  }

  /** Contacts (pairs within the margin) after the last update. */
  get contactCount(): number { return this.touchingList.length; }

  /**
   * The `index`-th contact after the last update (0 ≤ index < contactCount), into `out` or a new record.
   * @throws InvalidArgumentError naming `index` out of range.
   */
  contact(index: number, out?: WorldContact2 | null): WorldContact2 {
    if (!(Number.isInteger(index) && index >= 0 && index < this.touchingList.length)) {
      throw new InvalidArgumentError('index', `is ${describeValue(index)}; expected an integer from 0 to ${this.touchingList.length - 1}`);
    }
    const r = out ?? createWorldContact2(), c = this.contacts[this.touchingList[index]];
    r.a = c.a; r.b = c.b; r.separation = c.separation; r.status = c.status; r.iterations = c.iterations;
    r.normal.x = c.normal.x; r.normal.y = c.normal.y; r.pointA.x = c.pointA.x; r.pointA.y = c.pointA.y; r.pointB.x = c.pointB.x; r.pointB.y = c.pointB.y;
    return r;
  }

  /** Calls `visit(a, b)` for every pair that began touching at the last update. */
  beganTouching(visit: (a: number, b: number) => void): void {
    const list = this.began;
    this.busy = true;
    try { for (let i = 0; i < list.length; i += 2) visit(list[i], list[i + 1]); } finally { this.busy = false; }
  }

  /** Calls `visit(a, b)` for every pair that stopped touching at the last update (a removed body's included). */
  endedTouching(visit: (a: number, b: number) => void): void {
    const list = this.ended;
    this.busy = true;
    try { for (let i = 0; i < list.length; i += 2) visit(list[i], list[i + 1]); } finally { this.busy = false; }
  }

  /** Calls `visit(handle)` for every body whose tight box overlaps the box from `min` to `max` (touching counts), until it returns true. */
  queryAabb(min: Readonly<Vec2Like>, max: Readonly<Vec2Like>, visit: (handle: number) => boolean | void): void {
    const q = new Float64Array([min.x, min.y, 0, max.x, max.y, 0]);
    const b = this.bodies;
    const seen: number[] = [];
    const take = (tree: DynamicTree) => (leaf: number): boolean => {
      const slot = tree.item[leaf], o = 4 * slot;
      if (b.box[o] > q[3] || b.box[o + 2] < q[0] || b.box[o + 1] > q[4] || b.box[o + 3] < q[1]) return false;
      seen.push(slot);
      return false;
    };
    this.dynamicTree.query(q, take(this.dynamicTree), null);
    this.staticTree.query(q, take(this.staticTree), null);
    seen.sort((x, y) => b.handles[x] - b.handles[y]);
    this.busy = true;
    try { for (const slot of seen) if (visit(b.handles[slot]) === true) return; } finally { this.busy = false; }
  }

  /**
   * The first body a ray meets (solid: a body the origin is in is hit at t = 0), the 2D `rayCast`'s answer
   * for it; null when none within `maxT`.
   */
  rayCast(origin: Readonly<Vec2Like>, direction: Readonly<Vec2Like>, options?: { maxT?: number; solid?: boolean } | null, out?: WorldRayHit2 | null): WorldRayHit2 | null {
    const maxT = options?.maxT ?? Infinity, solid = options?.solid ?? true;
    const o = new Float64Array([origin.x, origin.y, 0]), d = new Float64Array([direction.x, direction.y, 0]), ext = new Float64Array(3), tMax = new Float64Array([maxT]);
    const b = this.bodies, hit = createRayHit();
    let best = -1, bt = Infinity, bpx = 0, bpy = 0, bnx = 0, bny = 0;
    const visitTree = (tree: DynamicTree) => (leaf: number): void => {
      const slot = tree.item[leaf];
      const h = rayCast2(b.shapes[slot]!, this.poseOf(slot, this.poseA), origin, direction, hit, { maxT: tMax[0], solid });
      if (h === null) return;
      if (h.t < bt || (h.t === bt && b.handles[slot] < b.handles[best])) {
        best = slot; bt = h.t; bpx = h.point.x; bpy = h.point.y; bnx = h.normal.x; bny = h.normal.y;
        tMax[0] = h.t;
      }
    };
    this.dynamicTree.castQuery(o, d, ext, tMax, visitTree(this.dynamicTree), null);
    this.staticTree.castQuery(o, d, ext, tMax, visitTree(this.staticTree), null);
    if (best < 0) return null;
    const r = out ?? { body: 0, t: 0, point: { x: 0, y: 0 }, normal: { x: 0, y: 0 } };
    r.body = b.handles[best]; r.t = bt; r.point.x = bpx; r.point.y = bpy; r.normal.x = bnx; r.normal.y = bny;
    return r;
  }

  /** The pose of body `handle`, its tight box (min x y, max x y) and its shape: for callers' drawing and tests. */
  tightBox(handle: number): [number, number, number, number] {
    const slot = this.bodies.slotOf(handle, 'handle'), o = 4 * slot, box = this.bodies.box;
    return [box[o], box[o + 1], box[o + 2], box[o + 3]];
  }

  // -------------------------------------------------------------------------------------------------

  private guard(): void {
    if (this.busy) throw new InvalidArgumentError('CollisionWorld2', 'was called from inside one of its own callbacks; call it after the callback returns');
  }

  /** Pairs slots a and b (once), when they may pair: not one body, not two static ones, their filters meet. */
  private consider(a: number, b: number): void {
    if (a === b) return;
    const B = this.bodies;
    if (B.isStatic[a] === 1 && B.isStatic[b] === 1) return;
    if ((B.group[a] & B.mask[b]) === 0 || (B.group[b] & B.mask[a]) === 0) return;
    const lo = a < b ? a : b, hi = a < b ? b : a, key = lo * KEY + hi;
    if (this.pairIndex.has(key)) return;
    this.pairIndex.set(key, this.pairA.length);
    this.pairA.push(lo); this.pairB.push(hi); this.touching.push(0);
    this.contacts.push(createWorldContact2());
  }

  /** The exact contact of pair i; whether within the margin (its record filled). */
  private narrow(i: number): boolean {
    const B = this.bodies, sa = this.pairA[i], sb = this.pairB[i];
    const r = contact2(B.shapes[sa]!, this.poseOf(sa, this.poseA), B.shapes[sb]!, this.poseOf(sb, this.poseB), this.answer, { maxDistance: this.margin });
    if (r === null) { this.touching[i] = 0; return false; }
    const c = this.contacts[i];
    c.a = B.handles[sa]; c.b = B.handles[sb]; c.separation = r.separation; c.status = r.status; c.iterations = r.iterations;
    c.normal.x = r.normal.x; c.normal.y = r.normal.y; c.pointA.x = r.pointA.x; c.pointA.y = r.pointA.y; c.pointB.x = r.pointB.x; c.pointB.y = r.pointB.y;
    this.touching[i] = 1;
    return true;
  }

  /** Removes pair i (swapping the last into its place); a touching pair's handles go to `ended`. */
  private dropPair(i: number, ended: number[]): void {
    const B = this.bodies, sa = this.pairA[i], sb = this.pairB[i];
    if (this.touching[i] === 1) ended.push(B.handles[sa], B.handles[sb]);
    this.pairIndex.delete(sa * KEY + sb);
    const last = this.pairA.length - 1;
    if (i !== last) {
      this.pairA[i] = this.pairA[last]; this.pairB[i] = this.pairB[last]; this.touching[i] = this.touching[last];
      const t = this.contacts[i]; this.contacts[i] = this.contacts[last]; this.contacts[last] = t;
      this.pairIndex.set(this.pairA[i] * KEY + this.pairB[i], i);
    }
    this.pairA.pop(); this.pairB.pop(); this.touching.pop(); this.contacts.pop();
  }

  private poseOf(slot: number, out: Pose2Like): Pose2Like {
    const p = this.bodies.pose, pos = out.position as { x: number; y: number };
    pos.x = p[3 * slot]; pos.y = p[3 * slot + 1];
    (out as { angle: number }).angle = p[3 * slot + 2];
    return out;
  }

  private readonly tight = new Float64Array(6);
  private tightOf(slot: number): Float64Array {
    const o = 4 * slot, box = this.bodies.box, t = this.tight;
    t[0] = box[o]; t[1] = box[o + 1]; t[2] = 0; t[3] = box[o + 2]; t[4] = box[o + 3]; t[5] = 0;
    return t;
  }

  /** Body `slot`'s fat box into this.fat: the tight box grown by the margin and a tenth of its larger side. */
  private fatOf(slot: number): void {
    const o = 4 * slot, box = this.bodies.box, f = this.fat;
    const grow = this.margin + FAT_FRACTION * Math.max(box[o + 2] - box[o], box[o + 3] - box[o + 1]);
    f[0] = box[o] - grow; f[1] = box[o + 1] - grow; f[2] = 0; f[3] = box[o + 2] + grow; f[4] = box[o + 3] + grow; f[5] = 0;
  }

  private readonly leafBoxes = [new Float64Array(6), new Float64Array(6)];
  /** Body `slot`'s leaf box (its fat box in its tree), into one of two scratch records. */
  private leafBox(slot: number, which = 0): Float64Array {
    const B = this.bodies, tree = B.isStatic[slot] === 1 ? this.staticTree : this.dynamicTree, leaf = B.leaf[slot], out = this.leafBoxes[which];
    for (let k = 0; k < 6; k++) out[k] = tree.bounds[6 * leaf + k];
    return out;
  }
}

/** Boxes (min x y z, max x y z) overlap, touching counts. */
function boxesOverlap(a: Float64Array, b: Float64Array): boolean {
  return !(a[0] > b[3] || a[3] < b[0] || a[1] > b[4] || a[4] < b[1]);
}

/** A 32-bit filter option (an integer; read as unsigned), or `fallback` when undefined. */
function filter(v: unknown, field: string, fallback: number): number {
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < -(2 ** 31) || v > 2 ** 32 - 1) throw new InvalidArgumentError(field, `is ${describeValue(v)}; expected a 32-bit integer`);
  return v >>> 0;
}

/** A world contact record to pass as `out`. */
export function createWorldContact2(): WorldContact2 {
  return { ...createContactResult(), a: -1, b: -1 };
}
