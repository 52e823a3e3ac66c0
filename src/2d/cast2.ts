/**
 * Shape casts in the plane: the first time two moving shapes come within a target separation, by
 * conservative advancement (Mirtich 1996) on the exact 2D contact, as the 3D shape cast's general path.
 * At time t each shape is at `position + t · linear`, turned to `angle + t · angular` about its position.
 * Each step advances by the separation still to go divided by a bound on how fast it can shrink: the
 * closing speed of the translations along the current normal, plus |ω| times the bounding radius for each
 * turning shape. With no turning the separation is a convex function of time and the step is Newton's,
 * which never passes the root (and ends on it exactly for polygons, whose separation is piecewise linear
 * in time); with turning the bound is conservative. So no step passes the first contact: a thin wall is
 * never tunnelled through.
 *
 * Tolerance: the cast ends within SHAPE_CAST_RAY_TOLERANCE of the pair's size beyond the target when nothing
 * turns, SHAPE_CAST_RELATIVE_TOLERANCE when something does (conservative steps shrink only linearly near
 * the root); SHAPE_CAST_MAX_ITERATIONS caps the steps (status 'max-iterations': the time is a lower bound).
 */
import { describeValue, InvalidArgumentError, InvalidNumberError } from '../errors.js';
import { outNotWritable } from '../query/out-record.js';
import type { QueryStatus } from '../query/results.js';
import { SHAPE_CAST_MAX_ITERATIONS, SHAPE_CAST_RAY_TOLERANCE, SHAPE_CAST_RELATIVE_TOLERANCE } from '../tolerance.js';
import { contactCore, contactToWorld, pairWork, preparePair } from './queries2.js';
import { checkShape2, type Shape2 } from './shapes/shape2.js';
import { transform2FromPoses } from './transform2.js';
import { Vec2, vec2, type Pose2Like, type Vec2Like } from './types.js';

const MAX_ITERATIONS = SHAPE_CAST_MAX_ITERATIONS;

/** A motion in the plane: a constant velocity and a constant angular velocity (radians per unit time, counter-clockwise). */
export interface Motion2 {
  linear?: Readonly<Vec2Like>;
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
  pointA: Vec2Like;
  pointB: Vec2Like;
  /** `contact`'s separation at that time (at most the target, within the tolerance). */
  separation: number;
  /** 'converged', or 'max-iterations' when the step cap was reached first (the time is then a lower bound). */
  status: QueryStatus;
  iterations: number;
}

export function createShapeCastResult(): ShapeCastResult {
  return { time: 0, normal: vec2(1, 0), pointA: vec2(), pointB: vec2(), separation: 0, status: 'converged', iterations: 0 };
}

/** A pose the cast writes every step, of the cast's own classes (numbers stored unboxed). */
class CastPose2 implements Pose2Like {
  readonly position = new Vec2();
  angle = 0;
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
  transform2FromPoses(work.tA, poseA, work.tB, poseB, work.bInA);
  copyPose(cw.baseA, poseA);
  copyPose(cw.baseB, poseB);
  readMotion(cw, motionA, true);
  readMotion(cw, motionB, false);
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

function copyPose(out: CastPose2, pose: Pose2Like): void {
  out.position.x = pose.position.x;
  out.position.y = pose.position.y;
  out.angle = pose.angle;
}

/** Reads and checks a motion (null or undefined: at rest) into the cast's fields. */
function readMotion(cw: Cast2Work, motion: Motion2 | null | undefined, isA: boolean): void {
  const field = isA ? 'motionA' : 'motionB';
  const lin = isA ? cw.linA : cw.linB;
  lin.x = 0; lin.y = 0;
  if (isA) cw.angA = 0; else cw.angB = 0;
  if (motion == null) return;
  if (typeof motion !== 'object') throw new InvalidArgumentError(field, `is ${describeValue(motion)}; expected a motion {linear?: {x, y}, angular?: radians per unit time}`);
  const l = motion.linear, w = motion.angular;
  if (l !== undefined) {
    if (l === null || typeof l !== 'object') throw new InvalidArgumentError(`${field}.linear`, `is ${describeValue(l)}; expected {x, y}`);
    const x = l.x, y = l.y;
    if (typeof x !== 'number' || !Number.isFinite(x)) throw new InvalidNumberError(`${field}.linear.x`, x);
    if (typeof y !== 'number' || !Number.isFinite(y)) throw new InvalidNumberError(`${field}.linear.y`, y);
    lin.x = x; lin.y = y;
  }
  if (w !== undefined) {
    if (typeof w !== 'number' || !Number.isFinite(w)) throw new InvalidNumberError(`${field}.angular`, w);
    if (isA) cw.angA = w; else cw.angB = w;
  }
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
  const size = a.boundingRadius + b.boundingRadius + (speed + turnA + turnB) * maxTime;
  const far = Math.abs(cw.baseA.position.x) + Math.abs(cw.baseA.position.y) + Math.abs(cw.baseB.position.x) + Math.abs(cw.baseB.position.y);
  const relative = turnA + turnB > 0 ? SHAPE_CAST_RELATIVE_TOLERANCE : SHAPE_CAST_RAY_TOLERANCE;
  const tol = relative * size + 64 * Number.EPSILON * far;
  // Each step aims half the tolerance beyond the target, so the cast ends with the shapes apart (or at the
  // target): contact's normal there separates them, as it does not for a hair of overlap.
  const aim = target + 0.5 * tol;
  let t = 0, iterations = 0;
  cw.beforeTime = -1;
  cw.capped = false;
  for (;;) {
    cw.time = t;
    posesAt(cw);
    preparePair(work, a, cw.poseA, b, cw.poseB);
    work.limit = Infinity;
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
    const closing = -(vx * work.normal.x + vy * work.normal.y);
    const rate = (closing > 0 ? closing : 0) + turnA + turnB;
    if (!(rate > 0)) return false; // separating, and nothing turns: they never meet
    t += (sep - aim) / rate;
    if (t > maxTime) return false;
  }
  cw.iterations = iterations;
  return true;
}

function restoreBefore(cw: Cast2Work, work: ReturnType<typeof pairWork>): void {
  cw.time = cw.beforeTime;
  work.separation = cw.beforeSeparation;
  work.normal.x = cw.beforeNormal.x; work.normal.y = cw.beforeNormal.y;
  work.pointA.x = cw.beforeA.x; work.pointA.y = cw.beforeA.y;
  work.pointB.x = cw.beforeB.x; work.pointB.y = cw.beforeB.y;
}
