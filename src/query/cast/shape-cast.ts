/**
 * Shape casts: the first time two moving convex shapes come within a target separation, by conservative
 * advancement (Mirtich 1996; Catto's b2TimeOfImpact is the other classic way) on the exact signed
 * contact. At time t each shape is at `position + t · linear`, turned by `t · |angular|` about `angular`
 * (world axes through its position) after its pose's own rotation. Each step advances by the separation
 * to go divided by a bound on how fast it can shrink: the closing speed of the translations along the
 * current normal, plus |ω| times the bounding radius for a turning shape. With no rotation the
 * separation is a convex function of time and the step is Newton's, which never passes the root; with
 * rotation the bound is conservative. So no step passes the first contact, and a thin plate cannot be
 * tunnelled through.
 *
 * A compound or a triangle mesh on either side: translations only, the earliest time over part pairs,
 * each cast exactly (parted/parted-cast.ts); with rotation, the same advancement on `contact` (which
 * answers for the closest pair of parts), but with the whole relative speed |v_B − v_A| in place of the
 * closing speed along the normal. The separation of two concave shapes is the least over part pairs, and
 * a pair other than the closest one may close faster along its own normal than the closest pair does
 * along its: the normal's closing speed bounds only the closest pair, where the relative speed bounds the
 * rate of every pair's separation (each moves no faster than the fastest point of either shape). The
 * turning term |ω| × bounding radius holds as it is: a compound's or a mesh's bounding radius is about
 * its own origin, the point its pose turns about.
 */
import { sinCosInto } from '../../math/exact-math.js';
import { checkHitOut, hitOutNotWritable, isUnwritable } from '../pair/out-record.js';
import { InvalidArgumentError, InvalidNumberError, checkKnownKeys, knownKeys } from '../../errors.js';
import type { PoseLike, Vec3Like } from '../../math/types.js';
import { safeLength, vec3 } from '../../math/vec3.js';
import { HALF_SPACE_KIND_INDEX, type ConvexShape, type Shape, isPartedKind } from '../../shapes/shape.js';
import { LinearCast, linearCast } from './linear-cast.js';
import { approachesAtStart, startVelocity } from './start-approach.js';
import { SHAPE_CAST_MAX_ITERATIONS as MAX_ITERATIONS, SHAPE_CAST_RELATIVE_TOLERANCE as RELATIVE_TOLERANCE } from '../../tolerance.js';
import { Transform, transformFromPose } from '../../math/transform.js';
import { InvalidShapeError, UnsupportedPairError } from '../../errors.js';
import { contact } from '../contact/contact.js';
import { CastParts, linearCastParted } from '../parted/parted-cast.js';
import { explainNotShape, isConvexShape, kindIndex } from '../pair/dispatch.js';
import { createContactResult, type QueryStatus } from '../pair/results.js';
import { copyContactAnswer } from '../pair/query-work.js';

/** A motion: a constant velocity and a constant angular velocity (radians per unit time, world axes). */
export interface Motion {
  /** Velocity: the displacement of the shape's position per unit time (world space; default zero). */
  linear?: Readonly<Vec3Like>;
  /** Angular velocity: the turn axis times radians per unit time (world axes), about the shape's position; default zero. */
  angular?: Readonly<Vec3Like>;
}

/** Options of {@link shapeCast}. */
export interface ShapeCastOptions {
  /** Latest time reported (default 1; finite, ≥ 0). */
  maxTime?: number;
  /** Stop this far short of contact (default 0; finite, ≥ 0), as a character controller wants. */
  targetSeparation?: number;
  /**
   * true (default): shapes already within the target at time 0 answer time 0. false: with translations
   * only, a pair within the target that the motion does not bring nearer is passed by (null: under
   * translation the separation of two convex shapes never decreases once it does not at the start), and a
   * compound's or a mesh's parts each so (the ground under a character walking on it), as parry's casts
   * with `stop_at_penetration` false. A turning shape stops at time 0 either way.
   */
  stopAtPenetration?: boolean;
}

/** Result of {@link shapeCast}. All vectors in world space, at `time`. */
export interface ShapeCastResult {
  /** The first time the separation is at most the target. */
  time: number;
  /** `contact`'s normal at that time (unit, from A towards B). */
  normal: Vec3Like;
  /** `contact`'s point on A at that time: the closest point when apart, A's deepest along `normal` when overlapping. */
  pointA: Vec3Like;
  /** `contact`'s point on B at that time: the closest point when apart, B's deepest along `−normal` when overlapping. */
  pointB: Vec3Like;
  /** `contact`'s separation at that time (at most the target, within the tolerance). */
  separation: number;
  /** 'converged', or 'max-iterations' when the step cap was reached first (the time is then a lower bound). */
  status: QueryStatus;
  /**
   * Iterations of the method that answered: the GJK ray cast for translations only, conservative advancement
   * with rotation (or for shapes outside the unscaled range); 0 when within the target at time 0.
   */
  iterations: number;
  /**
   * The part of A the answer is at: a compound's part index, a triangle mesh's triangle (its index in the
   * list given); 0 for a convex shape.
   */
  partA: number;
  /** The part of B the answer is at, numbered as `partA`. */
  partB: number;
}

/** A shape cast result record to pass as `out`: nothing is allocated per call. */
export function createShapeCastResult(): ShapeCastResult {
  return { time: 0, normal: vec3(1, 0, 0), pointA: vec3(), pointB: vec3(), separation: 0, status: 'converged', iterations: 0, partA: 0, partB: 0 };
}

/** A pose at time t, written in place (position and quaternion). */
interface MovingPose {
  position: Vec3Like;
  quaternion: { x: number; y: number; z: number; w: number };
}
/**
 * A pose the cast writes every step, as classes of its own: a plain `{x, y, z}` shares its hidden class
 * with every such object of the program, and with one of them holding something else than a number every
 * store into it boxed (310 bytes a cast, found with V8's sampling heap profiler).
 */
class CastVector { x = 0.5; y = 0.5; z = 0.5; }
class CastQuaternion { x = 0.5; y = 0.5; z = 0.5; w = 0.5; }
class CastPose implements MovingPose { readonly position = new CastVector(); readonly quaternion = new CastQuaternion(); }
const _poseA: MovingPose = /* @__PURE__ */ new CastPose();
const _poseB: MovingPose = /* @__PURE__ */ new CastPose();
/**
 * The caller's poses and motions, copied once per cast into objects of the cast's own classes: read
 * every step from the caller's objects (of many hidden classes in an application), each number came
 * out boxed.
 */
const _baseA = /* @__PURE__ */ new CastPose(), _baseB = /* @__PURE__ */ new CastPose();
const _linA = /* @__PURE__ */ new CastVector(), _angA = /* @__PURE__ */ new CastVector();
const _linB = /* @__PURE__ */ new CastVector(), _angB = /* @__PURE__ */ new CastVector();

function copyPose(out: CastPose, pose: PoseLike): void {
  const p = pose.position, q = pose.quaternion;
  out.position.x = p.x; out.position.y = p.y; out.position.z = p.z;
  out.quaternion.x = q.x; out.quaternion.y = q.y; out.quaternion.z = q.z; out.quaternion.w = q.w;
}

function copyVector(out: CastVector, v: Readonly<Vec3Like>): CastVector {
  out.x = v.x; out.y = v.y; out.z = v.z;
  return out;
}
/** A length, and the relative velocity it is taken of (safeLength's output and input). */
const _length = /* @__PURE__ */ new Float64Array(1);
const _relative = /* @__PURE__ */ new CastVector();
const _contact = /* @__PURE__ */ createContactResult();
/** The last step's contact while still beyond the target (see shapeCast's ending). */
const _before = /* @__PURE__ */ createContactResult();
const _zero: Readonly<Vec3Like> = { x: 0, y: 0, z: 0 };
/** The poses as transforms: checked before they are read, and the linear cast's input. */
const _tA = /* @__PURE__ */ new Transform(), _tB = /* @__PURE__ */ new Transform();
const _linear = /* @__PURE__ */ new LinearCast();
const _parts = /* @__PURE__ */ new CastParts();

function readVector(v: Readonly<Vec3Like> | undefined, field: string): Readonly<Vec3Like> {
  if (v === undefined) return _zero;
  if (v === null || typeof v !== 'object') throw new InvalidArgumentError(field, 'is not a vector; expected {x, y, z}');
  const x = v.x, y = v.y, z = v.z;
  if (typeof x !== 'number' || !Number.isFinite(x)) throw new InvalidNumberError(`${field}.x`, x);
  if (typeof y !== 'number' || !Number.isFinite(y)) throw new InvalidNumberError(`${field}.y`, y);
  if (typeof z !== 'number' || !Number.isFinite(z)) throw new InvalidNumberError(`${field}.z`, z);
  return v;
}

/** The time a step is at, in a field (a number passed through a call would be boxed: CONTRIBUTING.md, rule 1). */
const _time = { t: 0.5 };

/** The pose of a shape at time `_time.t`: position + t·linear, and the turn by t·|ω| about ω after `q`. */
/** sinCosInto's argument and answers (numbers through calls are boxed: CONTRIBUTING.md, "V8 rules", rule 1). */
const _sinCos = /* @__PURE__ */ new Float64Array(2);

function poseAt(out: MovingPose, pose: CastPose, lin: CastVector, ang: CastVector): void {
  const t = _time.t;
  const p = pose.position, q = pose.quaternion;
  out.position.x = p.x + t * lin.x; out.position.y = p.y + t * lin.y; out.position.z = p.z + t * lin.z;
  safeLength(ang, _length);
  const wl = _length[0];
  if (wl === 0 || t === 0) {
    out.quaternion.x = q.x; out.quaternion.y = q.y; out.quaternion.z = q.z; out.quaternion.w = q.w;
    return;
  }
  const sc = _sinCos;
  sc[0] = 0.5 * wl * t;
  sinCosInto(sc);
  const s = sc[0] / wl;
  const rx = ang.x * s, ry = ang.y * s, rz = ang.z * s, rw = sc[1];
  // r ⊗ q: the turn applied after the pose's own rotation.
  out.quaternion.x = rw * q.x + rx * q.w + ry * q.z - rz * q.y;
  out.quaternion.y = rw * q.y - rx * q.z + ry * q.w + rz * q.x;
  out.quaternion.z = rw * q.z + rx * q.y - ry * q.x + rz * q.w;
  out.quaternion.w = rw * q.w - rx * q.x - ry * q.y - rz * q.z;
}

/**
 * The first time in `[0, maxTime]` at which `a` and `b`, moving by `motionA` and `motionB` from their
 * poses, are within `targetSeparation` of each other, with `contact`'s normal and points at that time;
 * `null` when they are not before `maxTime`. Shapes already within the target at time 0 give time 0.
 * @throws InvalidNumberError for a bad `maxTime`, `targetSeparation` or motion component;
 *   InvalidArgumentError for a motion or options that are not objects; as `contact` for shapes and poses.
 */
export function shapeCast(
  a: Shape, poseA: PoseLike, motionA: Motion | null | undefined, b: Shape, poseB: PoseLike, motionB: Motion | null | undefined,
  out?: ShapeCastResult | null, options?: ShapeCastOptions | null,
): ShapeCastResult | null {
  // The cast's scratch is the module's: a support function of the user's own that casts while it is cast
  // would overwrite it, so that is an error rather than a wrong answer (other queries nest freely).
  if (_casting) throw new InvalidArgumentError('shapeCast', 'was called from inside a shape cast (by a support function of your own); shape casts do not nest');
  if (out != null) checkHitOut(out, 'createShapeCastResult', true);
  _casting = true;
  try {
    return castShapes(a, poseA, motionA, b, poseB, motionB, out, options);
  } catch (error) {
    throw error instanceof TypeError && out != null && isUnwritable(out, 2) ? hitOutNotWritable('createShapeCastResult') : error;
  } finally {
    _casting = false;
  }
}

let _casting = false;

const MOTION_KEYS = /* @__PURE__ */ knownKeys(['linear', 'angular']);
const CAST_OPTION_KEYS = /* @__PURE__ */ knownKeys(['maxTime', 'targetSeparation', 'stopAtPenetration']);

function castShapes(
  a: Shape, poseA: PoseLike, motionA: Motion | null | undefined, b: Shape, poseB: PoseLike, motionB: Motion | null | undefined,
  out: ShapeCastResult | null | undefined, options: ShapeCastOptions | null | undefined,
): ShapeCastResult | null {
  let maxTime = 1, target = 0, passStart = false;
  if (options != null) {
    if (typeof options !== 'object') throw new InvalidArgumentError('options', 'is not an object');
    checkKnownKeys(options, CAST_OPTION_KEYS, 'options');
    const m = options.maxTime, s = options.targetSeparation, sp = options.stopAtPenetration;
    if (sp !== undefined && typeof sp !== 'boolean') throw new InvalidArgumentError('options.stopAtPenetration', 'is not a boolean; expected true or false');
    passStart = sp === false;
    if (typeof m === 'number' ? !(m >= 0 && m < Infinity) : m !== undefined) throw new InvalidNumberError('options.maxTime', m, 'a finite number >= 0');
    if (typeof s === 'number' ? !(s >= 0 && s < Infinity) : s !== undefined) throw new InvalidNumberError('options.targetSeparation', s, 'a finite number >= 0');
    if (typeof m === 'number') maxTime = m;
    if (typeof s === 'number') target = s;
  }
  // The shapes and poses first: the cast reads them itself before any contact query would check them.
  const partedA = isParted(a), partedB = isParted(b);
  const planeA = kindIndex(a) === HALF_SPACE_KIND_INDEX, planeB = kindIndex(b) === HALF_SPACE_KIND_INDEX;
  if (!partedA && !planeA && !isConvexShape(a)) { explainNotShape('a', a); throw new InvalidShapeError('a', 'is of a kind shapeCast does not know; expected a convex shape, a Compound, a TriangleMesh, a HeightField or a HalfSpace'); }
  if (!partedB && !planeB && !isConvexShape(b)) { explainNotShape('b', b); throw new InvalidShapeError('b', 'is of a kind shapeCast does not know; expected a convex shape, a Compound, a TriangleMesh, a HeightField or a HalfSpace'); }
  if (planeA && planeB) throw new UnsupportedPairError('shapeCast: two half-spaces have no time of impact (they meet at once or never); cast a shape against a half-space');
  // Against a half-space the contact's normal is the plane's for the whole solid, compound or mesh alike:
  // its closing speed bounds every part's (no parted bound).
  const plane = planeA || planeB, parted = (partedA || partedB) && !plane;
  transformFromPose(_tA, poseA, 'poseA');
  transformFromPose(_tB, poseB, 'poseB');
  if (motionA != null && typeof motionA !== 'object') throw new InvalidArgumentError('motionA', 'is not a motion; expected {linear?, angular?}');
  if (motionB != null && typeof motionB !== 'object') throw new InvalidArgumentError('motionB', 'is not a motion; expected {linear?, angular?}');
  // (A misspelt key, `{ linaer }`, was a motion at rest.)
  if (motionA != null) checkKnownKeys(motionA, MOTION_KEYS, 'motionA');
  if (motionB != null) checkKnownKeys(motionB, MOTION_KEYS, 'motionB');
  const linA = copyVector(_linA, readVector(motionA?.linear, 'motionA.linear')), angA = copyVector(_angA, readVector(motionA?.angular, 'motionA.angular'));
  const linB = copyVector(_linB, readVector(motionB?.linear, 'motionB.linear')), angB = copyVector(_angB, readVector(motionB?.angular, 'motionB.angular'));
  // A half-space turned about its position sweeps its plane without bound far from it: no speed bounds that.
  if (planeA && !(angA.x === 0 && angA.y === 0 && angA.z === 0)) throw new InvalidArgumentError('motionA.angular', 'turns a half-space, whose plane then moves without bound far from its position; expected no angular motion (a half-space may translate)');
  if (planeB && !(angB.x === 0 && angB.y === 0 && angB.z === 0)) throw new InvalidArgumentError('motionB.angular', 'turns a half-space, whose plane then moves without bound far from its position; expected no angular motion (a half-space may translate)');
  if (!plane && angA.x === 0 && angA.y === 0 && angA.z === 0 && angB.x === 0 && angB.y === 0 && angB.z === 0) {
    // Translations only: the GJK ray cast on the Minkowski difference (linear-cast.ts), exact.
    const lc = _linear;
    lc.velocityA.x = linA.x; lc.velocityA.y = linA.y; lc.velocityA.z = linA.z;
    lc.velocityB.x = linB.x; lc.velocityB.y = linB.y; lc.velocityB.z = linB.z;
    lc.maxTime = maxTime; lc.target = target; lc.passStart = passStart;
    _parts.partA = 0; _parts.partB = 0;
    if (parted) linearCastParted(lc, _parts, a, _tA, b, _tB);
    else linearCast(lc, a as ConvexShape, _tA, b as ConvexShape, _tB);
    if (lc.outcome === 'miss') return null;
    if (lc.outcome === 'start' && passStart && !parted) {
      // Two convex shapes within the target at the start: passed by when the motion does not close on them.
      const v = startVelocity;
      v[0] = linB.x - linA.x; v[1] = linB.y - linA.y; v[2] = linB.z - linA.z;
      if (!approachesAtStart(a as ConvexShape, _tA, b as ConvexShape, _tB)) return null;
    }
    if (lc.outcome === 'hit') {
      const result = out ?? createShapeCastResult();
      result.time = lc.time;
      result.normal.x = lc.normal.x; result.normal.y = lc.normal.y; result.normal.z = lc.normal.z;
      result.pointA.x = lc.pointA.x; result.pointA.y = lc.pointA.y; result.pointA.z = lc.pointA.z;
      result.pointB.x = lc.pointB.x; result.pointB.y = lc.pointB.y; result.pointB.z = lc.pointB.z;
      result.separation = lc.separation;
      result.status = lc.capped ? 'max-iterations' : 'converged';
      result.iterations = lc.iterations;
      result.partA = _parts.partA; result.partB = _parts.partB;
      return result;
    }
    // Within the target at time 0 ('start'), or a pair outside the unscaled range ('range'): the
    // advancement below answers, by `contact` (at time 0 for the first).
  }
  copyPose(_baseA, poseA);
  copyPose(_baseB, poseB);
  // The relative translation and the turning bounds.
  const vx = linB.x - linA.x, vy = linB.y - linA.y, vz = linB.z - linA.z;
  // (Lengths without squares that overflow: a cast of shapes of size 1e200 has a size.)
  // (A half-space does not turn, and its bounding radius is infinite: it adds no turn and no size.)
  const radiusA = planeA ? 0 : a.boundingRadius, radiusB = planeB ? 0 : b.boundingRadius;
  safeLength(angA, _length);
  const turnA = _length[0] * radiusA;
  safeLength(angB, _length);
  const turnB = _length[0] * radiusB;
  _relative.x = vx; _relative.y = vy; _relative.z = vz;
  safeLength(_relative, _length);
  // The bound on how fast a concave pair's separation shrinks by translation (see the header).
  const speed = parted ? _length[0] : 0;
  // The tolerance at time t: relative to the shapes and the sweep so far, not the whole sweep to maxTime
  // (with maxTime 1e9 a turning ball that meets a box at 2.29 stopped at 0); far from the origin, positions
  // carry rounding of their own size (as contact's touch slack does), the positions at t.
  const radii = radiusA + radiusB, sweepRate = _length[0] + turnA + turnB;
  const pa = _baseA.position, pb = _baseB.position;
  const far = Math.abs(pa.x) + Math.abs(pa.y) + Math.abs(pa.z) + Math.abs(pb.x) + Math.abs(pb.y) + Math.abs(pb.z);
  const farRate = Math.abs(linA.x) + Math.abs(linA.y) + Math.abs(linA.z) + Math.abs(linB.x) + Math.abs(linB.y) + Math.abs(linB.z);
  // (The whole sweep's for the bounding spheres' test below, which must not miss a touch anywhere.)
  let tol = RELATIVE_TOLERANCE * (radii + sweepRate * maxTime) + 64 * Number.EPSILON * (far + farRate * maxTime);
  // Each shape stays within its bounding sphere about its position at every rotation: spheres whose centres
  // (B's moving at the relative velocity: the closest approach in closed form, scaled by the largest length
  // so that squares neither overflow nor vanish) never come within the radii, the target and the tolerance
  // make a miss with no step. (A shape spinning many turns by another just out of its reach stepped until
  // SHAPE_CAST_MAX_ITERATIONS.) Written out here: numbers passed to a call would be boxed.
  // (Not against a half-space: no sphere holds it. Its closing speed along the plane's fixed normal makes
  // the advancement below Newton's exact step when nothing turns.)
  if (!plane) {
    const reach = a.boundingRadius + b.boundingRadius + target;
    const dx = pb.x - pa.x, dy = pb.y - pa.y, dz = pb.z - pa.z;
    const wx = vx * maxTime, wy = vy * maxTime, wz = vz * maxTime; // the whole interval's relative motion
    const m = Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dz), Math.abs(wx), Math.abs(wy), Math.abs(wz), reach);
    if (m > 0 && m < Infinity) {
      const ux = dx / m, uy = dy / m, uz = dz / m, sx = wx / m, sy = wy / m, sz = wz / m;
      const ss = sx * sx + sy * sy + sz * sz;
      let at = 0;
      if (ss > 0) {
        at = -(ux * sx + uy * sy + uz * sz) / ss;
        if (!(at > 0)) at = 0;
        else if (at > 1) at = 1;
      }
      const ex = ux + at * sx, ey = uy + at * sy, ez = uz + at * sz;
      if ((Math.sqrt(ex * ex + ey * ey + ez * ez) - reach / m) * m > tol) return null;
    }
  }
  // Each step aims half the tolerance beyond the target, so the cast ends with the shapes apart (or at
  // the target): contact's normal there is a separating direction, as it is not for a hair of overlap.
  // Against a half-space with nothing turning, the separation is linear in time along the plane's normal:
  // one step aimed at the target itself lands on it, exactly (up to rounding), as the linear cast does.
  const exact = plane && turnA === 0 && turnB === 0;
  let aim = exact ? target : target + 0.5 * tol;
  // Against a half-space with nothing turning, within the target at the start and not closing: passed by
  // (its separation is linear in time, so it never comes nearer).
  if (exact && passStart) {
    _time.t = 0;
    poseAt(_poseA, _baseA, linA, angA);
    poseAt(_poseB, _baseB, linB, angB);
    const c0 = contact(a, _poseA, b, _poseB, _contact);
    if (c0.separation <= target + tol && !(c0.normal.x * vx + c0.normal.y * vy + c0.normal.z * vz < -1e-9 * Math.sqrt(vx * vx + vy * vy + vz * vz))) return null;
  }
  let t = 0, iterations = 0, status: QueryStatus = 'converged';
  let c = _contact, tBefore = -1;
  for (;;) {
    _time.t = t;
    tol = RELATIVE_TOLERANCE * (radii + sweepRate * t) + 64 * Number.EPSILON * (far + farRate * t);
    aim = exact ? target : target + 0.5 * tol;
    poseAt(_poseA, _baseA, linA, angA);
    poseAt(_poseB, _baseB, linB, angB);
    contact(a, _poseA, b, _poseB, c);
    if (c.separation <= target + tol) {
      // A last step that went a hair past the target (a normal from curved shapes is exact only to
      // GJK's tolerance) ends where contact's normal comes from EPA at a depth near 0, not a
      // separating direction: the step before, when it is within the tolerance, is the answer.
      if (c.separation < target && tBefore >= 0 && _before.separation <= target + tol) { c = _before; t = tBefore; }
      break;
    }
    copyContactAnswer(_before, c);
    tBefore = t;
    if (iterations === MAX_ITERATIONS) { status = 'max-iterations'; break; }
    iterations++;
    // How fast the separation can shrink: the translations' closing speed along the normal, and turns.
    const closing = -(vx * c.normal.x + vy * c.normal.y + vz * c.normal.z);
    const rate = (parted ? speed : Math.max(closing, 0)) + turnA + turnB;
    if (!(rate > 0)) return null; // separating, and nothing turns: they never meet
    const step = (c.separation - aim) / rate;
    t += step;
    if (t > maxTime) return null;
  }
  const result = out ?? createShapeCastResult();
  result.time = t;
  result.normal.x = c.normal.x; result.normal.y = c.normal.y; result.normal.z = c.normal.z;
  result.pointA.x = c.pointA.x; result.pointA.y = c.pointA.y; result.pointA.z = c.pointA.z;
  result.pointB.x = c.pointB.x; result.pointB.y = c.pointB.y; result.pointB.z = c.pointB.z;
  result.separation = c.separation;
  result.status = status;
  result.iterations = iterations;
  result.partA = c.partA; result.partB = c.partB;
  return result;
}

/** Whether `shape` is a compound or a triangle mesh. */
function isParted(shape: Shape): boolean {
  const k = kindIndex(shape);
  return isPartedKind(k);
}
