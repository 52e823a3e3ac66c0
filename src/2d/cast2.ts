/**
 * Shape casts in the plane: the first time two moving shapes come within a target separation, by
 * conservative advancement (Mirtich 1996) on the exact 2D contact, as the 3D shape cast's general path.
 * At time t each shape is at `position + t · linear`, turned to `angle + t · angular` about its position.
 * Each step advances by the separation still to go divided by a bound on how fast it can shrink: the
 * closing speed of the translations along the current normal, plus |ω| times the bounding radius for each
 * turning shape. With no turning the separation is a convex function of time and the step is Newton's,
 * which never passes the root (and ends on it exactly for polygons, whose separation is piecewise linear
 * in time); with turning the bound is conservative. So no step passes the first contact: a thin wall is
 * never tunnelled through. When something turns, |ω|·R is far above what the closest points do, and
 * between two contacts the steps follow a tighter bound instead: the gap along the last contact's normal,
 * turning with the shape whose edge it is, from the exact sinusoids of the turning vertices (axisSteps),
 * as Box2D's time of impact follows its separation functions (Catto, "Continuous Collision", GDC 2013),
 * but stepping on a lower bound rather than root finding, so that no step passes the first contact there
 * either. On the 8-gon pool that takes 2 or 3 contacts per hit where |ω|·R steps took 5 to 10.
 *
 * Tolerance: the cast ends within SHAPE_CAST_RAY_TOLERANCE of the pair's size beyond the target when nothing
 * turns, SHAPE_CAST_RELATIVE_TOLERANCE when something does (the |ω|·R steps shrink only linearly near
 * the root); SHAPE_CAST_MAX_ITERATIONS caps the steps, the turning steps' included (status
 * 'max-iterations': the time is a lower bound).
 */
import { atan2Into, sinCosInto } from '../math/exact-math.js';

/** sinCosInto's argument and answers (numbers through calls are boxed: CONTRIBUTING.md, "V8 rules", rule 1). */
const _sinCos = /* @__PURE__ */ new Float64Array(2);
import { checkKnownKeys, knownKeys, describeValue, InvalidArgumentError, InvalidNumberError } from '../errors.js';
import { outNotWritable } from '../query/pair/out-record.js';
import type { QueryStatus } from '../query/pair/results.js';
import {
  CAST2_AXIS_ANGLE_SLACK, CAST2_FACE_COSINE_SLACK, SHAPE_CAST_MAX_ITERATIONS, SHAPE_CAST_RAY_TOLERANCE, SHAPE_CAST_RELATIVE_TOLERANCE,
} from '../tolerance.js';
import { contactCore, contactToWorld, pairWork, preparePair } from './queries2.js';
import { beginScaled, endScaled } from './pair-queries2.js';
import { outOfRange, unscaleLength2, unscalePoint2 } from './scaled2.js';
import { checkShape2, type Shape2 } from './shapes/shape2.js';
import { Transform2, transform2FromPoses } from './transform2.js';
import { Vec2, vec2, type Pose2Like, type Vec2Like } from './types.js';

const MAX_ITERATIONS = SHAPE_CAST_MAX_ITERATIONS;

const CAST_OPTION_KEYS2 = /* @__PURE__ */ knownKeys(['maxTime', 'targetSeparation']);
const MOTION_KEYS2 = /* @__PURE__ */ knownKeys(['linear', 'angular']);

/**
 * A motion in the plane: a constant velocity and a constant angular velocity (radians per unit time, counter-clockwise).
 * A missing motion (`null` or `undefined`), or a missing field, is at rest.
 */
export interface Motion2 {
  /** Velocity of the shape's position, world space, in length per unit time (default: not translating). */
  linear?: Readonly<Vec2Like>;
  /** Angular velocity about the shape's position: radians per unit time, counter-clockwise (default 0). */
  angular?: number;
}

/** Options of the 2D {@link shapeCast}. */
export interface ShapeCastOptions {
  /** Latest time reported (default 1; finite, ≥ 0). */
  maxTime?: number;
  /** Stop this far short of contact (default 0; finite, ≥ 0), as a character controller wants. */
  targetSeparation?: number;
}

/** Result of the 2D {@link shapeCast}, in world space at `time`. */
export interface ShapeCastResult {
  /** The first time the separation is at most the target. */
  time: number;
  /** `contact`'s normal at that time (unit, from A towards B). */
  normal: Vec2Like;
  /** `contact`'s point on A at that time: the closest point when apart, A's deepest point along `normal` when overlapping. */
  pointA: Vec2Like;
  /** `contact`'s point on B at that time: the closest point when apart, B's deepest point along `−normal` when overlapping. */
  pointB: Vec2Like;
  /** `contact`'s separation at that time (at most the target, within the tolerance). */
  separation: number;
  /** 'converged', or 'max-iterations' when the step cap was reached first (the time is then a lower bound). */
  status: QueryStatus;
  /** Advancement steps taken, turning steps included (at most SHAPE_CAST_MAX_ITERATIONS, 256; 0 when within the target at time 0). */
  iterations: number;
}

/** A new {@link ShapeCastResult} to pass as `out` to {@link shapeCast}: nothing is allocated per call. */
export function createShapeCastResult(): ShapeCastResult {
  return { time: 0, normal: vec2(1, 0), pointA: vec2(), pointB: vec2(), separation: 0, status: 'converged', iterations: 0 };
}

/** A pose the cast writes every step, of the cast's own classes (numbers stored unboxed). */
class CastPose2 implements Pose2Like {
  readonly position = new Vec2();
  angle = 0;
}

/**
 * One shape's extent along the turning steps' axis (axisSide): the core's vertex furthest along it from
 * t0 until t0 + `end`, as coordinates h0, h1 in the basis (u0, w) of the shape's frame in which the axis
 * turns as u(ψ) = cos ψ·u0 + sin ψ·w, ψ = rate·(t − t0), rate the axis's turn relative to the shape.
 */
class AxisSide {
  h0 = 0;
  h1 = 0;
  /** The axis's turn relative to the shape (≥ 0), and the time after t0 until which the vertex stays furthest (Infinity when it always does). */
  rate = 0;
  end = 0;
}

/** The cast's inputs and the last contact before the target, in fields (no numbers through calls). */
class Cast2Work {
  readonly poseA = new CastPose2();
  readonly poseB = new CastPose2();
  readonly baseA = new CastPose2();
  readonly baseB = new CastPose2();
  readonly linA = new Vec2();
  readonly linB = new Vec2();
  angA = 0;
  angB = 0;
  time = 0;
  /** Answers: the steps taken, and whether the cap stopped them. */
  iterations = 0;
  capped = false;
  /** The contact at the step before the last, while it was still beyond the target. */
  beforeTime = -1;
  beforeSeparation = 0;
  readonly beforeNormal = new Vec2();
  readonly beforeA = new Vec2();
  readonly beforeB = new Vec2();
  /** The turning steps' axis (world, unit, from A towards B), their window's start, their shapes' sides. */
  nx = 0;
  ny = 0;
  t0 = 0;
  readonly sideA = new AxisSide();
  readonly sideB = new AxisSide();
  /** The axis's angular velocity: 0 (fixed in the world), or A's or B's (an edge normal of theirs). */
  frameRate = 0;
  /** The time of the contact whose normal the axis starts from. */
  contactTime = 0;
  /** Each shape's rotation at its pose's angle (the rotation throughout when it does not turn). */
  readonly restA = new Transform2();
  readonly restB = new Transform2();
  /** Inputs of axisSteps (fields: a number through a call that is not inlined is boxed). */
  maxTime = 0;
  aim = 0;
  stop = 0;
}

const _cast = /* @__PURE__ */ new Cast2Work();

/**
 * The first time in `[0, maxTime]` at which `a` and `b`, moving by `motionA` and `motionB` from their
 * poses, are within `targetSeparation` of each other, with `contact`'s normal and points at that time;
 * `null` when they are not before `maxTime`. Shapes already within the target at time 0 give time 0.
 * With `out` from {@link createShapeCastResult}, nothing is allocated.
 * @throws InvalidNumberError for a bad `maxTime`, `targetSeparation` or motion component;
 *   InvalidArgumentError for a motion or options that are not objects, or a bad `out`; as `contact` for
 *   shapes and poses.
 */
export function shapeCast(
  a: Shape2, poseA: Pose2Like, motionA: Motion2 | null | undefined, b: Shape2, poseB: Pose2Like, motionB: Motion2 | null | undefined,
  out?: ShapeCastResult | null, options?: ShapeCastOptions | null,
): ShapeCastResult | null {
  let maxTime = 1, target = 0;
  if (options != null) {
    if (typeof options !== 'object') throw new InvalidArgumentError('options', `is ${describeValue(options)}; expected an object`);
    checkKnownKeys(options, CAST_OPTION_KEYS2, 'options');
    const m = options.maxTime, s = options.targetSeparation;
    if (typeof m === 'number' ? !(m >= 0 && m < Infinity) : m !== undefined) throw new InvalidNumberError('options.maxTime', options.maxTime, 'a finite number >= 0');
    if (typeof s === 'number' ? !(s >= 0 && s < Infinity) : s !== undefined) throw new InvalidNumberError('options.targetSeparation', options.targetSeparation, 'a finite number >= 0');
    if (typeof m === 'number') maxTime = m;
    if (typeof s === 'number') target = s;
  }
  if (out != null && !(typeof out === 'object' && typeof out.normal === 'object' && out.normal !== null && typeof out.pointA === 'object'
    && out.pointA !== null && typeof out.pointB === 'object' && out.pointB !== null)) throw outNotWritable('createShapeCastResult');
  checkShape2(a, 'a');
  checkShape2(b, 'b');
  const cw = _cast, work = pairWork();
  // The poses checked (as contact checks them), then copied into the cast's own records.
  transform2FromPoses(work.tA, poseA, work.tB, poseB, work.bInA, false, false);
  copyPose(cw.baseA, poseA);
  copyPose(cw.baseB, poseB);
  readMotion(cw, motionA, true);
  readMotion(cw, motionB, false);
  // The cast's size: the pair's at the start and the whole sweep's (scaled2.ts: a copy scaled near 1 beyond 2^±200).
  const dx = cw.baseB.position.x - cw.baseA.position.x, dy = cw.baseB.position.y - cw.baseA.position.y;
  const sweep = (Math.abs(cw.linA.x) + Math.abs(cw.linA.y) + Math.abs(cw.linB.x) + Math.abs(cw.linB.y)) * maxTime;
  if (outOfRange(a.boundingRadius + b.boundingRadius + Math.abs(dx) + Math.abs(dy) + sweep + target)) {
    return shapeCastScaled(a, poseA, b, poseB, out, maxTime, target, sweep);
  }
  cw.time = maxTime;
  work.limit = target;
  if (!advance(cw, a, b)) return null;
  const result = out ?? createShapeCastResult();
  try {
    result.time = cw.time;
    result.separation = work.separation;
    result.normal.x = work.normal.x; result.normal.y = work.normal.y;
    result.pointA.x = work.pointA.x; result.pointA.y = work.pointA.y;
    result.pointB.x = work.pointB.x; result.pointB.y = work.pointB.y;
    result.status = cw.capped ? 'max-iterations' : 'converged';
    result.iterations = cw.iterations;
  } catch (error) {
    throw error instanceof TypeError ? outNotWritable('createShapeCastResult') : error;
  }
  return result;
}

/** A motion and the options of a cast's scaled copy (reused records: no allocation per query). */
const _motionA = { linear: new Vec2(), angular: 0 }, _motionB = { linear: new Vec2(), angular: 0 };
const _castOptions = { maxTime: 0, targetSeparation: 0 };

/**
 * A cast beyond 2^±SCALE_FREE_EXPONENT (its shapes, offset or sweep), on a copy scaled by a power of two
 * (scaled2.ts): lengths and speeds scaled, times and angles as they are. Reads the motions from the
 * cast's record, where shapeCast checked them.
 */
function shapeCastScaled(
  a: Shape2, poseA: Pose2Like, b: Shape2, poseB: Pose2Like, out: ShapeCastResult | null | undefined, maxTime: number, target: number, sweep: number,
): ShapeCastResult | null {
  const cw = _cast, p = beginScaled(a, poseA, b, poseB, Math.max(sweep, target)), s = p.scale;
  _motionA.linear.x = cw.linA.x * s; _motionA.linear.y = cw.linA.y * s; _motionA.angular = cw.angA;
  _motionB.linear.x = cw.linB.x * s; _motionB.linear.y = cw.linB.y * s; _motionB.angular = cw.angB;
  _castOptions.maxTime = maxTime;
  _castOptions.targetSeparation = target * s;
  let r: ShapeCastResult | null;
  try {
    r = shapeCast(p.viewA, p.poseA, _motionA, p.viewB, p.poseB, _motionB, out, _castOptions);
  } finally {
    endScaled();
  }
  if (r === null) return null;
  r.separation = unscaleLength2(r.separation, p);
  unscalePoint2(r.pointA, p); unscalePoint2(r.pointB, p);
  return r;
}

function copyPose(out: CastPose2, pose: Pose2Like): void {
  out.position.x = pose.position.x;
  out.position.y = pose.position.y;
  out.angle = pose.angle;
}

/**
 * Checks a motion (null or undefined: at rest): an object with `linear` {x, y} and `angular`, finite.
 * @throws InvalidArgumentError / InvalidNumberError naming `field` or its bad part.
 */
export function checkMotion2(motion: unknown, field: string): void {
  if (motion == null) return;
  if (typeof motion !== 'object') throw new InvalidArgumentError(field, `is ${describeValue(motion)}; expected a motion {linear?: {x, y}, angular?: radians per unit time}`);
  checkKnownKeys(motion, MOTION_KEYS2, field);
  const l = (motion as Motion2).linear, w = (motion as Motion2).angular;
  if (l !== undefined) {
    if (l === null || typeof l !== 'object') throw new InvalidArgumentError(`${field}.linear`, `is ${describeValue(l)}; expected {x, y}`);
    const x = l.x, y = l.y;
    if (typeof x !== 'number' || !Number.isFinite(x)) throw new InvalidNumberError(`${field}.linear.x`, x);
    if (typeof y !== 'number' || !Number.isFinite(y)) throw new InvalidNumberError(`${field}.linear.y`, y);
  }
  if (w !== undefined && (typeof w !== 'number' || !Number.isFinite(w))) throw new InvalidNumberError(`${field}.angular`, w);
}

/** Reads and checks a motion (null or undefined: at rest) into the cast's fields. */
function readMotion(cw: Cast2Work, motion: Motion2 | null | undefined, isA: boolean): void {
  const lin = isA ? cw.linA : cw.linB;
  lin.x = 0; lin.y = 0;
  if (isA) cw.angA = 0; else cw.angB = 0;
  if (motion == null) return;
  checkMotion2(motion, isA ? 'motionA' : 'motionB');
  const l = motion.linear, w = motion.angular;
  if (l !== undefined) { lin.x = l.x; lin.y = l.y; }
  if (w !== undefined) { if (isA) cw.angA = w; else cw.angB = w; }
}

/** The poses at time `cw.time` into cw.poseA and cw.poseB. */
function posesAt(cw: Cast2Work): void {
  const t = cw.time;
  cw.poseA.position.x = cw.baseA.position.x + t * cw.linA.x;
  cw.poseA.position.y = cw.baseA.position.y + t * cw.linA.y;
  cw.poseA.angle = cw.baseA.angle + t * cw.angA;
  cw.poseB.position.x = cw.baseB.position.x + t * cw.linB.x;
  cw.poseB.position.y = cw.baseB.position.y + t * cw.linB.y;
  cw.poseB.angle = cw.baseB.angle + t * cw.angB;
}

/**
 * The advancement. Reads the latest time from `cw.time` and the target from `work.limit`; true with the
 * time in `cw.time` and contact's answer (world space) in the work record, false when they do not meet
 * before the latest time.
 */
function advance(cw: Cast2Work, a: Shape2, b: Shape2): boolean {
  const work = pairWork();
  const maxTime = cw.time, target = work.limit;
  const vx = cw.linB.x - cw.linA.x, vy = cw.linB.y - cw.linA.y;
  const turnA = Math.abs(cw.angA) * a.boundingRadius, turnB = Math.abs(cw.angB) * b.boundingRadius;
  const speed = Math.sqrt(vx * vx + vy * vy);
  // The tolerance at time t: relative to the shapes and the sweep so far (not the whole sweep to maxTime:
  // with maxTime 1e9 two circles that touch at 0.9 stopped at 0.85), plus the rounding of the positions then.
  const radii = a.boundingRadius + b.boundingRadius, sweepRate = speed + turnA + turnB;
  // (positionBias: A's distance from the origin when this is a scaled copy with A moved there, scaled2.ts.)
  const far = Math.abs(cw.baseA.position.x) + Math.abs(cw.baseA.position.y) + Math.abs(cw.baseB.position.x) + Math.abs(cw.baseB.position.y)
    + 2 * work.positionBias;
  const farRate = Math.abs(cw.linA.x) + Math.abs(cw.linA.y) + Math.abs(cw.linB.x) + Math.abs(cw.linB.y);
  const relative = turnA + turnB > 0 ? SHAPE_CAST_RELATIVE_TOLERANCE : SHAPE_CAST_RAY_TOLERANCE;
  // (The whole sweep's, for the test of the bounding discs below, which must not miss a touch anywhere.)
  let tol = relative * (radii + sweepRate * maxTime) + 64 * Number.EPSILON * (far + farRate * maxTime);
  // Each step aims half the tolerance beyond the target, so the cast ends with the shapes apart (or at the
  // target): contact's normal there separates them, as it does not for a hair of overlap.
  let aim = target + 0.5 * tol;
  let t = 0, iterations = 0;
  // Each shape stays within its bounding disc about its position at every angle: discs whose centres never
  // come within the radii and the target over [0, maxTime] (the closest approach of B's centre, moving at
  // the relative velocity, to A's) say no touch at once, with no step. Without this a shape spinning by a
  // point just outside its reach stepped until SHAPE_CAST_MAX_ITERATIONS over many turns.
  {
    const dx = cw.baseB.position.x - cw.baseA.position.x, dy = cw.baseB.position.y - cw.baseA.position.y;
    let at = 0;
    if (speed > 0) {
      at = -(dx * vx + dy * vy) / (speed * speed);
      if (!(at > 0)) at = 0;
      else if (at > maxTime) at = maxTime;
    }
    const ex = dx + at * vx, ey = dy + at * vy;
    // (Beyond the tolerance, which holds the rounding of the positions: a touch within it is never missed.)
    if (Math.sqrt(ex * ex + ey * ey) - (a.boundingRadius + b.boundingRadius + target) > tol) return false;
  }
  if (turnA + turnB > 0) {
    const sc = _sinCos;
    sc[0] = cw.baseA.angle; sinCosInto(sc); cw.restA.s = sc[0]; cw.restA.c = sc[1];
    sc[0] = cw.baseB.angle; sinCosInto(sc); cw.restB.s = sc[0]; cw.restB.c = sc[1];
  }
  cw.beforeTime = -1;
  cw.capped = false;
  for (;;) {
    cw.time = t;
    tol = relative * (radii + sweepRate * t) + 64 * Number.EPSILON * (far + farRate * t);
    aim = target + 0.5 * tol;
    posesAt(cw);
    preparePair(work, a, cw.poseA, b, cw.poseB);
    work.limit = Infinity;
    work.expectApart = t > 0; // every step ends short of contact
    contactCore(work, a, b, undefined);
    contactToWorld(work);
    const sep = work.separation;
    if (sep <= target + tol) {
      // A last step a hair past the target ends where contact's normal is a depth's, near 0: the step
      // before, when within the tolerance, is the answer.
      if (sep < target && cw.beforeTime >= 0 && cw.beforeSeparation <= target + tol) restoreBefore(cw, work);
      break;
    }
    cw.beforeTime = t;
    cw.beforeSeparation = sep;
    cw.beforeNormal.x = work.normal.x; cw.beforeNormal.y = work.normal.y;
    cw.beforeA.x = work.pointA.x; cw.beforeA.y = work.pointA.y;
    cw.beforeB.x = work.pointB.x; cw.beforeB.y = work.pointB.y;
    if (iterations === MAX_ITERATIONS) {
      cw.capped = true;
      break;
    }
    iterations++;
    const nx = work.normal.x, ny = work.normal.y;
    const closing = -(vx * nx + vy * ny);
    const rate = (closing > 0 ? closing : 0) + turnA + turnB;
    if (!(rate > 0)) return false; // separating, and nothing turns: they never meet
    t += (sep - aim) / rate;
    if (t > maxTime) return false;
    if (turnA + turnB > 0) {
      // Turning: that step bounds the turn by |ω|·R, far above what the closest points do, and shrinks
      // the gap by a constant factor only. Until the next contact, step on the axis bound instead.
      cw.nx = nx; cw.ny = ny;
      cw.contactTime = cw.time;
      cw.time = t; cw.maxTime = maxTime; cw.aim = aim; cw.stop = target + tol;
      axisFrame(cw, a, b);
      iterations += axisSteps(cw, a, b, MAX_ITERATIONS - iterations);
      t = cw.time;
      if (t > maxTime) return false;
    }
  }
  cw.iterations = iterations;
  return true;
}

// (tolerance.ts says why their values; copied: V8 rule 4, CONTRIBUTING.md)
const AXIS_ANGLE_SLACK = CAST2_AXIS_ANGLE_SLACK;
const FACE_COSINE_SLACK = CAST2_FACE_COSINE_SLACK;

/**
 * Sets up one side of the turning steps at time `cw.t0`: A's (`isA`) along the axis n, or B's along −n,
 * the axis turning at cw.frameRate.
 */
function axisSide(cw: Cast2Work, core: Float64Array, isA: boolean): void {
  const side = isA ? cw.sideA : cw.sideB, base = isA ? cw.baseA : cw.baseB, own = isA ? cw.angA : cw.angB;
  const dx = isA ? cw.nx : -cw.nx, dy = isA ? cw.ny : -cw.ny, angle = base.angle + cw.t0 * own;
  // The axis turns with its frame (cw.frameRate): relative to the shape it turns at the difference.
  const omega = own - cw.frameRate;
  let c = isA ? cw.restA.c : cw.restB.c, s = isA ? cw.restA.s : cw.restB.s;
  if (own !== 0) { const sc = _sinCos; sc[0] = angle; sinCosInto(sc); s = sc[0]; c = sc[1]; }
  // u0 = R(θ)ᵀ d; as θ grows the direction turns as R(−φ)·u0, towards w = −sgn(ω)·J·u0 (J a quarter turn).
  const ux = c * dx + s * dy, uy = c * dy - s * dx;
  const sg = omega > 0 ? 1 : -1, wx = sg * uy, wy = -sg * ux;
  const count = core.length >> 1;
  let i = 0, best = core[0] * ux + core[1] * uy;
  for (let k = 1; k < count; k++) {
    const h = core[2 * k] * ux + core[2 * k + 1] * uy;
    if (h > best) { best = h; i = k; }
  }
  side.rate = Math.abs(omega);
  side.end = Infinity;
  if (omega !== 0 && count > 1) {
    // The vertex stays furthest until u is square to the edge to a neighbour: a·cos ψ + b·sin ψ = 0 with
    // a = u0·(p_i − p_j) ≥ 0, first at ψ = atan2(a, −b). A neighbour at ψ ≤ AXIS_ANGLE_SLACK is (by a
    // tie, as at a window's end, or rounding) the furthest already, or as good as: move to it, at most
    // once round the polygon.
    let psi = Infinity;
    for (let walk = 0; walk < count; walk++) {
      psi = Infinity;
      let next = -1;
      for (let side2 = 0; side2 < 2; side2++) {
        const j = side2 === 0 ? (i + count - 1) % count : (i + 1) % count;
        const ex = core[2 * i] - core[2 * j], ey = core[2 * i + 1] - core[2 * j + 1];
        const sc = _sinCos;
        sc[0] = ux * ex + uy * ey; sc[1] = -(wx * ex + wy * ey);
        atan2Into(sc);
        const q = sc[0];
        if (q < psi) { psi = q; next = j; }
      }
      if (psi > AXIS_ANGLE_SLACK) break;
      i = next;
    }
    side.end = 0;
    if (psi > AXIS_ANGLE_SLACK) side.end = psi / side.rate;
  }
  const px = core[2 * i], py = core[2 * i + 1];
  side.h0 = ux * px + uy * py;
  side.h1 = wx * px + wy * py;
}

/**
 * The turning steps, on the gap along a unit axis n(t): B's least extent along it minus A's greatest,
 * radii off, which is at most the separation at every time, whatever axis each time takes. The axis
 * starts at the last contact's normal and turns with a frame (axisFrame: with the shape whose edge it
 * is, else not at all) at rate w. A's greatest extent along it is n·c_A plus its furthest vertex's, which
 * over a window where that vertex stays furthest is the exact sinusoid cos ψ·h0 + sin ψ·h1, ψ = r·s, r
 * the axis's turn relative to the shape (axisSide); B's likewise. So over a window from t0,
 *   G(s) = cos(ws)·(a0 + a1·s) + sin(ws)·(b0 + b1·s) − rA − rB − Σ (cos(r s)·h0 + sin(r s)·h1),
 * the first term n(s)·(c_B − c_A)(t0 + s), and |G″| is at most w²·|Δc| + 2|w|·|Δv| + Σ r²·|p|. From
 * time `cw.time` (past the last contact's, `cw.contactTime`), each step goes to where the Taylor bound
 * G + G′·s − |G″|max·s²/2, at most G over the window, meets the aim: G stays above the aim before it,
 * so the separation does too (no step passes the first contact: Mirtich 1996's conservative advancement,
 * on a bound that follows the turning vertices instead of |ω|·R), and near a root the steps are
 * Newton's. A window's end starts the next. Reads `cw.maxTime`, `cw.aim`, `cw.stop`; stops when G is at
 * most the stop, past the latest time, or after `cap` steps; leaves the time reached in `cw.time` and the
 * axis there in (cw.nx, cw.ny), and returns the steps taken.
 */
function axisSteps(cw: Cast2Work, a: Shape2, b: Shape2, cap: number): number {
  const A = cw.sideA, B = cw.sideB, maxTime = cw.maxTime, aim = cw.aim, stop = cw.stop, w = cw.frameRate;
  const radii = a.sweptRadius + b.sweptRadius;
  let t = cw.time;
  let steps = 0;
  if (w !== 0) rotateAxis(cw, w * (t - cw.contactTime)); // it has turned with its frame since the contact
  while (steps < cap) {
    // A window from t0 = t: both sides' furthest vertices along the axis, and the offset term
    // n(s)·(c_B − c_A)(s) = cos(ws)·(a0 + a1·s) + sin(ws)·(b0 + b1·s), n turning at w.
    const t0 = t;
    cw.t0 = t0;
    axisSide(cw, a.coreVertices, true);
    axisSide(cw, b.coreVertices, false);
    const nx = cw.nx, ny = cw.ny;
    const dx = (cw.baseB.position.x - cw.baseA.position.x) + t0 * (cw.linB.x - cw.linA.x);
    const dy = (cw.baseB.position.y - cw.baseA.position.y) + t0 * (cw.linB.y - cw.linA.y);
    const vx = cw.linB.x - cw.linA.x, vy = cw.linB.y - cw.linA.y;
    const a0 = nx * dx + ny * dy, a1 = nx * vx + ny * vy, b0 = nx * dy - ny * dx, b1 = nx * vy - ny * vx;
    const rA = A.rate, rB = B.rate, hA0 = A.h0, hA1 = A.h1, hB0 = B.h0, hB1 = B.h1;
    const windowEnd = t0 + Math.min(A.end, B.end);
    if (!(windowEnd > t0)) break; // no progress possible on this axis: the next contact decides
    // |G''| over the window at most: the offset term's w²·|Δc| + 2|w|·|Δv| (|Δc| as far as the latest
    // time takes it), and each vertex's rate²·|p|.
    const speed = Math.sqrt(vx * vx + vy * vy);
    const m = w * w * (Math.sqrt(dx * dx + dy * dy) + speed * (maxTime - t0)) + 2 * Math.abs(w) * speed
      + rA * rA * Math.sqrt(hA0 * hA0 + hA1 * hA1) + rB * rB * Math.sqrt(hB0 * hB0 + hB1 * hB1);
    let s = 0, done = false;
    while (steps < cap) {
      let cw0 = 1, sw0 = 0, cA = 1, sA = 0, cB = 1, sB = 0;
      if (s !== 0) {
        const sc = _sinCos;
        if (w !== 0) { sc[0] = w * s; sinCosInto(sc); sw0 = sc[0]; cw0 = sc[1]; }
        if (rA !== 0) { sc[0] = rA * s; sinCosInto(sc); sA = sc[0]; cA = sc[1]; }
        if (rB !== 0) { sc[0] = rB * s; sinCosInto(sc); sB = sc[0]; cB = sc[1]; }
      }
      const p = a0 + a1 * s, q = b0 + b1 * s;
      const g = cw0 * p + sw0 * q - radii - (cA * hA0 + sA * hA1) - (cB * hB0 + sB * hB1);
      if (g <= stop) { done = true; break; }
      const dg = cw0 * a1 + sw0 * b1 + w * (cw0 * q - sw0 * p) - rA * (cA * hA1 - sA * hA0) - rB * (cB * hB1 - sB * hB0);
      // The least step > 0 with g + dg·step − m·step²/2 = aim, in the form without cancellation.
      const over = g - aim, root = Math.sqrt(dg * dg + 2 * m * over), den = root - dg;
      steps++;
      // (An if, not `?:` with Infinity: a phi of a double and a constant boxes every s.)
      let next = windowEnd - t0;
      if (den > 0) next = s + (2 * over) / den;
      if (t0 + next >= windowEnd) { s = windowEnd - t0; break; } // the window ends: the next starts there
      s = next;
      if (t0 + s > maxTime) break;
    }
    if (w !== 0) rotateAxis(cw, w * s);
    t = t0 + s;
    if (done || t > maxTime) break;
  }
  cw.time = t;
  return steps;
}

/** Turns the steps' axis (cw.nx, cw.ny) by `angle`. */
function rotateAxis(cw: Cast2Work, angle: number): void {
  const sc = _sinCos;
  sc[0] = angle; sinCosInto(sc);
  const c = sc[1], s = sc[0], nx = cw.nx, ny = cw.ny;
  cw.nx = c * nx - s * ny;
  cw.ny = s * nx + c * ny;
}

/**
 * The frame the turning steps' axis turns with (cw.frameRate): the contact normal (cw.nx, cw.ny) that is
 * an edge normal of B (a vertex or an edge of A against B's edge) turns with B, as Box2D's face
 * separation functions do (Catto 2013); one of A's with A; any other (vertex against vertex) stays.
 * Any axis, turning or not, gives a gap at most the separation at each time.
 */
function axisFrame(cw: Cast2Work, a: Shape2, b: Shape2): void {
  cw.frameRate = 0;
  const nx = cw.nx, ny = cw.ny;
  // The shapes' rotations at the contact's time, as the contact read them (a shape without edges has
  // none to compare, and may have been read unturned).
  const work = pairWork();
  let c = work.tB.c, s = work.tB.s;
  // −n in B's frame against B's edge normals.
  let ux = -(c * nx + s * ny), uy = -(c * ny - s * nx), normals = b.coreNormals;
  for (let k = 0; k < normals.length; k += 2) {
    if (normals[k] * ux + normals[k + 1] * uy >= 1 - FACE_COSINE_SLACK) { cw.frameRate = cw.angB; return; }
  }
  c = work.tA.c; s = work.tA.s;
  ux = c * nx + s * ny; uy = c * ny - s * nx; normals = a.coreNormals;
  for (let k = 0; k < normals.length; k += 2) {
    if (normals[k] * ux + normals[k + 1] * uy >= 1 - FACE_COSINE_SLACK) { cw.frameRate = cw.angA; return; }
  }
}

function restoreBefore(cw: Cast2Work, work: ReturnType<typeof pairWork>): void {
  cw.time = cw.beforeTime;
  work.separation = cw.beforeSeparation;
  work.normal.x = cw.beforeNormal.x; work.normal.y = cw.beforeNormal.y;
  work.pointA.x = cw.beforeA.x; work.pointA.y = cw.beforeA.y;
  work.pointB.x = cw.beforeB.x; work.pointB.y = cw.beforeB.y;
}
