/**
 * The bodies of a plane world (collision-world2.ts): by slot, in flat typed arrays (pose x y angle, the
 * angle's cosine and sine, its tree leaf), with handles that are never reused (an array from handle to slot, since a
 * removed body's slot is). A body's tight box is read from its shape's supports along ±x and ±y turned
 * into its frame (exact for a polygon, a box, a capsule, a circle: the support is the extreme point).
 */
import { describeValue, InvalidArgumentError, InvalidNumberError } from '../../errors.js';
import { turns, type Shape2 } from '../shapes/shape2.js';
import type { Box2 } from '../shapes/box2.js';
import type { Capsule2 } from '../shapes/capsule2.js';
import { sinCosInto } from '../../math/exact-math.js';
import type { Pose2Like } from '../types.js';

export class Bodies2 {
  /** Slots in use: shape (null when free), pose (x, y, angle), cos and sin of the angle. */
  shapes: (Shape2 | null)[] = [];
  handles = new Int32Array(16);
  /** Each slot's user data; made on the first body given some (most worlds give none: 8 bytes a body). */
  userDatas: unknown[] | null = null;
  pose = new Float64Array(48);
  trig = new Float64Array(32);
  isStatic = new Uint8Array(16);
  /**
   * Each slot's group and mask (two numbers a slot), made on the first body given filters other than the
   * defaults (1, all bits): until then every pair passes.
   */
  filters: Uint32Array | null = null;
  /** The body's leaf in its tree (−1: none yet). */
  leaf = new Int32Array(16).fill(-1);
  /** Whether the body moved (or is new) since the last update. */
  dirty = new Uint8Array(16);
  /** During an update: whether the body's leaf was inserted or moved (its pairs' fat boxes may part). */
  leafMoved = new Uint8Array(16);
  /**
   * How far any point of the body may have travelled since it was added: the sum over its moves of the
   * position's step and the turn times its bounding radius (an arc is no longer than that). A pair apart by
   * a clearance is still apart while its bodies' travel since its last check sums to less.
   */
  travel = new Float64Array(16);
  /**
   * The move since the last update (x, y; float32: a hint for stretching fat boxes, which the next moves
   * likely repeat), summed by setPose and taken by update.
   */
  move = new Float32Array(32);
  /** Each handle's slot (−1 once removed): handles count the bodies ever added, so an array, not a Map. */
  private slotByHandle = new Int32Array(16).fill(-1);
  private readonly freeSlots: number[] = [];
  private nextHandle = 0;
  /** Bodies in the world. */
  count = 0;
  /** Bumped when a slot takes a shape other than its last (a thread pool resends the shapes). */
  shapesVersion = 0;

  /** A new body's slot (its handle in `handles`). */
  add(shape: Shape2, x: number, y: number, angle: number, isStatic: boolean, group: number, mask: number, userData: unknown): number {
    const slot = this.freeSlots.length > 0 ? this.freeSlots.pop()! : this.shapes.length;
    if (slot === this.shapes.length) { this.shapes.push(null); this.grow(slot + 1); if (this.userDatas !== null) this.userDatas.push(undefined); }
    const handle = this.nextHandle++;
    if (this.shapes[slot] !== shape) this.shapesVersion++;
    this.shapes[slot] = shape; this.handles[slot] = handle;
    if (userData !== undefined && this.userDatas === null) this.userDatas = new Array<unknown>(this.shapes.length).fill(undefined);
    if (this.userDatas !== null) this.userDatas[slot] = userData;
    if ((group !== 1 || mask !== 0xffffffff) && this.filters === null) {
      this.filters = new Uint32Array(2 * this.isStatic.length);
      for (let k = 0; k < this.isStatic.length; k++) { this.filters[2 * k] = 1; this.filters[2 * k + 1] = 0xffffffff; }
    }
    if (this.filters !== null) { this.filters[2 * slot] = group; this.filters[2 * slot + 1] = mask; }
    this.isStatic[slot] = isStatic ? 1 : 0; this.leaf[slot] = -1;
    this.travel[slot] = 0;
    this.move[2 * slot] = 0; this.move[2 * slot + 1] = 0;
    if (handle >= this.slotByHandle.length) { const a = new Int32Array(Math.ceil(GROWTH * this.slotByHandle.length)).fill(-1); a.set(this.slotByHandle); this.slotByHandle = a; }
    this.slotByHandle[handle] = slot;
    this.count++;
    this.dirty[slot] = 2; // (new: its first pose adds no travel)
    _in[0] = x; _in[1] = y; _in[2] = angle;
    this.setPose(slot, _in);
    return slot;
  }

  /** Body `slot`'s user data. */
  userDataOf(slot: number): unknown {
    return this.userDatas === null ? undefined : this.userDatas[slot];
  }

  /** Whether bodies a's and b's filters let them pair (each one's group meets the other's mask). */
  filtersMeet(a: number, b: number): boolean {
    const f = this.filters;
    return f === null || ((f[2 * a] & f[2 * b + 1]) !== 0 && (f[2 * b] & f[2 * a + 1]) !== 0);
  }

  /** Frees body `slot`. */
  remove(slot: number): void {
    this.slotByHandle[this.handles[slot]] = -1;
    this.shapes[slot] = null; this.handles[slot] = -1; this.leaf[slot] = -1;
    if (this.userDatas !== null) this.userDatas[slot] = undefined;
    this.freeSlots.push(slot);
    this.count--;
  }

  /**
   * Body `slot`'s pose (x, y, angle in `xya`: numbers through a call that may not be inlined are boxed,
   * CONTRIBUTING.md, "V8 rules", rule 1) and its angle's cosine and sine; marks it moved.
   */
  setPose(slot: number, xya: Float64Array): void {
    const p = this.pose, t = this.trig, x = xya[0], y = xya[1], angle = xya[2];
    if (this.shapes[slot] !== null && this.dirty[slot] !== 2) {
      const dx = x - p[3 * slot], dy = y - p[3 * slot + 1], da = Math.abs(angle - p[3 * slot + 2]);
      this.travel[slot] += Math.sqrt(dx * dx + dy * dy) + da * this.shapes[slot]!.boundingRadius;
      this.move[2 * slot] += dx; this.move[2 * slot + 1] += dy;
    }
    p[3 * slot] = x; p[3 * slot + 1] = y; p[3 * slot + 2] = angle;
    // (A shape that is the same turned by any angle, a circle, skips the trigonometry, as the queries do.)
    if (turns(this.shapes[slot]!)) { _sc[0] = angle; sinCosInto(_sc); t[2 * slot] = _sc[1]; t[2 * slot + 1] = _sc[0]; } else { t[2 * slot] = 1; t[2 * slot + 1] = 0; }
    this.dirty[slot] = 1;
  }

  /**
   * Body `slot`'s tight box (min x y, max x y) into `out`: read when needed (an update's
   * moved bodies, a box query's candidates), not kept (32 bytes a body).
   */
  tightBoxInto(slot: number, out: Float64Array): Float64Array {
    _at[0] = this.pose[3 * slot]; _at[1] = this.pose[3 * slot + 1]; _at[2] = this.trig[2 * slot]; _at[3] = this.trig[2 * slot + 1];
    boxAt(this.shapes[slot]!);
    out[0] = _box[0]; out[1] = _box[1]; out[2] = _box[2]; out[3] = _box[3];
    return out;
  }

  /**
   * The slot of `handle`.
   * @throws InvalidArgumentError naming `field` for a value that is no body's handle (never added, or removed).
   */
  slotOf(handle: number, field: string): number {
    const slot = typeof handle === 'number' && handle >= 0 && handle < this.nextHandle && Number.isInteger(handle) ? this.slotByHandle[handle] : -1;
    if (slot < 0) throw new InvalidArgumentError(field, `is ${describeValue(handle)}; expected the handle of a body in this world (from add, not removed)`);
    return slot;
  }

  private grow(n: number): void {
    if (n <= this.isStatic.length) return;
    const c = Math.max(n, Math.ceil(GROWTH * this.isStatic.length));
    const f64 = (a: Float64Array, k: number) => { const b = new Float64Array(k * c); b.set(a); return b; };
    this.pose = f64(this.pose, 3); this.trig = f64(this.trig, 2); this.travel = f64(this.travel, 1);
    const move = new Float32Array(2 * c); move.set(this.move); this.move = move;
    const handles = new Int32Array(c); handles.set(this.handles); this.handles = handles;
    if (this.filters !== null) {
      const f = new Uint32Array(2 * c); f.set(this.filters); this.filters = f;
    }
    const u8 = (a: Uint8Array) => { const b = new Uint8Array(c); b.set(a); return b; };
    this.isStatic = u8(this.isStatic); this.dirty = u8(this.dirty); this.leafMoved = u8(this.leafMoved);
    const leaf = new Int32Array(c).fill(-1); leaf.set(this.leaf); this.leaf = leaf;
  }
}

/**
 * How much the body arrays grow when full: by a quarter, not twice or by half. Their unused tail is part of
 * a body's memory (issue 37: about 80 bytes a body live here, so growing by half left up to 40 of them
 * idle); the copies a quarter costs, four per body over a world's life, are a fraction of an add's work.
 */
const GROWTH = 1.25;

const _sc = /* @__PURE__ */ new Float64Array(2);
/** add's pose for setPose, and boxAt's x, y, cosine and sine (rule 1: boxAt is too large to be inlined). */
const _in = /* @__PURE__ */ new Float64Array(3), _at = /* @__PURE__ */ new Float64Array(4);
const _dir = { x: 0, y: 0 }, _q = { x: 0, y: 0 };

const _box = /* @__PURE__ */ new Float64Array(4);

/**
 * The tight box of `s` at (x, y) turned by (c, sn) = (cos, sin), read from _at, into _box (min x y, max x y):
 * each side the shape's support along that world axis (turned into the shape's frame), the radius added.
 */
function boxAt(s: Shape2): void {
  const x = _at[0], y = _at[1], c = _at[2], sn = _at[3], r = s.sweptRadius;
  // A box, a circle and a capsule in closed form: their supports' extremes along the world axes are
  // |c·hx| + |s·hy| and the like, the same numbers to the bit as the support readings below (the support
  // picks the corner whose products are these absolute values), without four calls through the shape.
  const kind = s.kind;
  if (kind === 'box' || kind === 'circle' || kind === 'capsule') {
    let ex = 0, ey = 0;
    if (kind === 'box') {
      const b = s as Box2;
      ex = Math.abs(c * b.hx) + Math.abs(sn * b.hy); ey = Math.abs(sn * b.hx) + Math.abs(c * b.hy);
    } else if (kind === 'capsule') {
      const h = (s as Capsule2).halfHeight;
      ex = Math.abs(sn * h); ey = Math.abs(c * h);
    }
    _box[0] = -ex + x - r; _box[1] = -ey + y - r; _box[2] = ex + x + r; _box[3] = ey + y + r;
    return;
  }
  for (let axis = 0; axis < 2; axis++) {
    for (let sign = -1; sign <= 1; sign += 2) {
      // The world direction (axis, sign) in the shape's frame: Rᵀ d.
      const dx = axis === 0 ? sign : 0, dy = axis === 1 ? sign : 0;
      _dir.x = c * dx + sn * dy; _dir.y = -sn * dx + c * dy;
      s.support(_q, _dir);
      const w = axis === 0 ? c * _q.x - sn * _q.y + x : sn * _q.x + c * _q.y + y;
      _box[axis + (sign > 0 ? 2 : 0)] = w + sign * r;
    }
  }
}

/**
 * The tight box of `s` at `pose` into `out` (min x y, max x y). The pose comes as a record,
 * not as numbers: a call that is not inlined boxes every number passed (CONTRIBUTING's rule 1).
 */
export function shapeBox(s: Shape2, pose: Pose2Like, out: Float64Array): void {
  _sc[0] = pose.angle; sinCosInto(_sc);
  _at[0] = pose.position.x; _at[1] = pose.position.y; _at[2] = _sc[1]; _at[3] = _sc[0];
  boxAt(s);
  out[0] = _box[0]; out[1] = _box[1]; out[2] = _box[2]; out[3] = _box[3];
}

/** Reads a pose's three numbers into `out` (x, y, angle), naming a bad one under `field`. */
export function readPose2(pose: unknown, field: string, out: Float64Array): void {
  const p = pose as { position?: { x?: unknown; y?: unknown } | null; angle?: unknown } | null;
  if (p === null || typeof p !== 'object' || p.position === null || typeof p.position !== 'object') {
    throw new InvalidArgumentError(field, `is ${describeValue(pose)}; expected a pose { position: { x, y }, angle }`);
  }
  const x = p.position.x, y = p.position.y, a = p.angle;
  if (typeof x !== 'number' || !Number.isFinite(x)) throw new InvalidNumberError(`${field}.position.x`, x);
  if (typeof y !== 'number' || !Number.isFinite(y)) throw new InvalidNumberError(`${field}.position.y`, y);
  if (typeof a !== 'number' || !Number.isFinite(a)) throw new InvalidNumberError(`${field}.angle`, a);
  out[0] = x; out[1] = y; out[2] = a;
}
