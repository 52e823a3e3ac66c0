/**
 * The contact and the derivatives of its separation in the two poses (issue "for planning and
 * optimisation"): what trajectory optimisation, inverse kinematics with collision avoidance and
 * differentiable simulation need from a collision query, as coal (hpp-fcl) and Montaut et al. 2023 give
 * it. The contact is `contact`'s (the same pair functions, the same answer); the derivatives come from its
 * normal and witness points (pose-gradient.ts), exact where the witness pair is unique and else one
 * element of the Clarke subdifferential (contact-smoothness.ts says which), or with `options.smoothing`
 * the randomized-smoothing estimate (randomized-smoothing.ts).
 */
import { checkKnownKeys, describeValue, InvalidArgumentError, InvalidNumberError, knownKeys } from '../../errors.js';
import { transformFromPose, type Transform } from '../../math/transform.js';
import type { PoseLike, Vec3Like } from '../../math/types.js';
import { vec3 } from '../../math/vec3.js';
import type { ConvexShape, Shape } from '../../shapes/shape.js';
import type { EpaOptions } from '../epa/epa.js';
import type { GjkOptions } from '../gjk/gjk.js';
import { CONTACT } from '../pair/dispatch.js';
import { checkOut, createInnerOptions, fillInnerOptions, outNotWritable, type InnerOptions } from '../pair/options.js';
import { certifyContact } from '../certify/pair-bounds.js';
import { acquireWork, ContactAnswer, copyContactAnswer, type QueryWork } from '../pair/query-work.js';
import type { ContactResult } from '../pair/results.js';
import { classifyContact, contactIsSmooth, SmoothnessWork } from './contact-smoothness.js';
import { secondOrder, SecondOrderWork } from './second-order.js';
import { poseGradient, poseGradientInto } from './pose-gradient.js';
import { smoothedGradient, SmoothingWork } from './randomized-smoothing.js';

/** The randomized smoothing of {@link contactDerivatives} (Montaut et al. 2023, first order). */
export interface SmoothingOptions {
  /** How many perturbed poses the gradient is averaged over: an integer from 1 to 100,000. */
  samples: number;
  /**
   * The perturbation's size: B's position moves by `noise` times a standard normal number in each axis,
   * and B turns (in its own frame) by `noise / r` radians times one, r the smaller finite bounding radius
   * of the two shapes (a half-space has none), at most 1 radian, so that the smaller shape's points move
   * relative to the other by about `noise` (world units; > 0, at most 1e100).
   */
  noise: number;
  /**
   * The seed of the perturbations (an integer; default 1; its low 32 bits are used, and 0 is taken as
   * 0x9e3779b9): the same seed gives the same estimate.
   */
  seed?: number;
}

/** Options of {@link contactDerivatives}: the contact's, the smoothing and the second order. */
export interface ContactDerivativesOptions extends GjkOptions, EpaOptions {
  /**
   * Also the derivatives of the normal and of the witness points (`normalDerivatives`,
   * `pointADerivatives`, `pointBDerivatives`, `hasSecondOrder`), where the contact is smooth (default false:
   * `hasSecondOrder` false, the three arrays left as they were).
   */
  secondOrder?: boolean;
  /** Averages the gradient over perturbed poses (see {@link SmoothingOptions}); null or absent: the exact derivatives. */
  smoothing?: SmoothingOptions | null;
}

/**
 * Result of {@link contactDerivatives}: the contact (as {@link contact} gives it) and the derivatives of
 * its separation s. Translations are world-frame displacements of a body; rotations are world-frame
 * axis-angle vectors ω turning a body about its own position (its pose's), so that turning B by a small ω
 * changes s by `angularB · ω`. Moving both bodies alike changes nothing: `linearA = −linearB`.
 */
export interface ContactDerivatives extends ContactResult {
  /** ∂s/∂(A's position): −normal where smooth. */
  linearA: Vec3Like;
  /** ∂s/∂(A's rotation): −(pointA − A's position) × normal where smooth. */
  angularA: Vec3Like;
  /** ∂s/∂(B's position): normal where smooth. */
  linearB: Vec3Like;
  /** ∂s/∂(B's rotation): (pointB − B's position) × normal where smooth. */
  angularB: Vec3Like;
  /**
   * Whether s is differentiable in the poses here: the witness pair is the only one (a vertex or a curved
   * point against anything, or two edges that are not parallel). false where a face or an edge rests on a
   * face, or two edges are parallel: the derivatives are then those of the witness points reported, one
   * element of s's Clarke subdifferential (rotations have a kink there; translations do not).
   */
  smooth: boolean;
  /**
   * Whether `normalDerivatives`, `pointADerivatives` and `pointBDerivatives` hold this contact's: asked
   * for (`options.secondOrder`), the contact smooth, and both shapes of a kind with a closed-form curvature
   * (not a Minkowski sum, a scaled shape or a support map of your own). Where asked for and not given, the
   * three are 0.
   */
  hasSecondOrder: boolean;
  /**
   * With `options.secondOrder`: ∂normal/∂(the 12 pose coordinates), entry `3k + i` component i's
   * derivative in coordinate k, the coordinates as the first derivatives: A's position x y z (k = 0–2), A's
   * rotation (3–5), B's position (6–8), B's rotation (9–11). See `hasSecondOrder`.
   */
  normalDerivatives: Float64Array;
  /** With `options.secondOrder`: ∂pointA/∂(the 12 pose coordinates), laid out as `normalDerivatives`. */
  pointADerivatives: Float64Array;
  /** With `options.secondOrder`: ∂pointB/∂(the 12 pose coordinates), laid out as `normalDerivatives`. */
  pointBDerivatives: Float64Array;
}

/** A contact-derivatives record to pass as `out`: nothing is allocated per call. */
export function createContactDerivatives(): ContactDerivatives {
  return {
    separation: 0, normal: vec3(1, 0, 0), pointA: vec3(), pointB: vec3(), status: 'converged', iterations: 0, partA: 0, partB: 0, lower: 0, upper: 0,
    linearA: vec3(), angularA: vec3(), linearB: vec3(), angularB: vec3(), smooth: true,
    hasSecondOrder: false, normalDerivatives: new Float64Array(36), pointADerivatives: new Float64Array(36), pointBDerivatives: new Float64Array(36),
  };
}

/** The derivatives' scratch, one per query work. */
export class DerivativesWork {
  readonly smoothness = new SmoothnessWork();
  readonly smoothing = new SmoothingWork();
  readonly gradient = new Float64Array(12);
  /** The contact at the poses given, kept while the smoothing's samples overwrite the work's. */
  readonly answer = new ContactAnswer();
  /**
   * The options the contact family gets, filled per call from the caller's: one record of the manifolds'
   * shape (InnerOptions), never the caller's own object, whose extra field (`smoothing`) would add a shape
   * to every option load the contact family makes and box doubles read there (CONTRIBUTING.md, "V8
   * rules", rule 5: 80 bytes a `contact` with tolerances in a process that also smooths).
   */
  readonly options = createInnerOptions();
  /** The smoothing's samples' options: the same record's shape, the tolerances only (no cache, no trace). */
  readonly sampleOptions = createInnerOptions();
  /** Whether it is smooth. */
  smooth = true;
  /**
   * Whether the caller writes the exact gradient itself (contactDerivatives, into its result's vectors):
   * derive then leaves dw.gradient alone, which the batch and the smoothing read.
   */
  direct = false;
  /** Whether the second order is asked for; the solve's scratch and its answers (36 numbers each). */
  secondOrder = false;
  readonly second = new SecondOrderWork();
  readonly normal36 = new Float64Array(36);
  readonly pointA36 = new Float64Array(36);
  readonly pointB36 = new Float64Array(36);
  /** Whether the answers hold (else 0 is written). */
  secondDone = false;
}

const OPTION_KEYS = /* @__PURE__ */ knownKeys(['cache', 'trace', 'gjkRelativeTolerance', 'gjkMaxIterations', 'epaRelativeTolerance', 'epaMaxIterations', 'smoothing', 'secondOrder']);
const SMOOTHING_KEYS = /* @__PURE__ */ knownKeys(['samples', 'noise', 'seed']);
/** The largest smoothing noise (positions perturbed by more leave the range the pair queries take). */
const MAX_NOISE = 1e100;
/** The most samples a smoothing takes (each is a contact query). */
export const MAX_SMOOTHING_SAMPLES = 100_000;

/**
 * The contact of `a` and `b` (world space, as {@link contact} answers it) and the derivatives of its
 * separation with respect to each body's position and rotation (see {@link ContactDerivatives}). With
 * `options.smoothing`, the derivatives are the first-order randomized-smoothing estimate (Montaut et al.
 * 2023): the mean over `samples` perturbations of B's pose of the gradient there, smooth where the exact
 * one jumps. With `out` from {@link createContactDerivatives}, nothing is allocated.
 * @throws as {@link contact}; InvalidArgumentError or InvalidNumberError naming a bad `options.smoothing`
 *   field or an `out` that is not such a record.
 */
export function contactDerivatives(
  a: Shape, poseA: PoseLike, b: Shape, poseB: PoseLike, out?: ContactDerivatives | null, options?: ContactDerivativesOptions | null,
): ContactDerivatives {
  if (out != null) checkDerivativesOut(out);
  const work = acquireWork(options?.trace !== undefined);
  const dw = work.derivatives ?? (work.derivatives = new DerivativesWork());
  const inner = options != null ? readDerivativesOptions(dw, options) : noOptions(dw);
  if (out != null && dw.secondOrder) checkSecondOrderOut(out);
  const tA = transformFromPose(work.poseA, poseA, 'poseA');
  const tB = transformFromPose(work.poseB, poseB, 'poseB');
  // (Reset however derive ends: a bad shape throws there, and a flag left set made every later batch skip
  // its gradients: found by FC_SEED=random, the garbage fuzz before examples/arm's test.)
  dw.direct = true;
  try {
    derive(work, dw, a, tA, b, tB, inner);
  } finally {
    dw.direct = false;
  }
  const result = out ?? createContactDerivatives();
  try {
    copyContactAnswer(result, work.contact);
    result.smooth = dw.smooth;
    // The exact gradient straight into the result's vectors; a smoothed one from dw.gradient.
    if (dw.smoothing.samples > 0) writeGradient(result, dw.gradient);
    else poseGradientInto(result, work.contact, tA, tB);
    if (dw.secondOrder) writeSecondOrder(result, dw);
    else result.hasSecondOrder = false; // (the arrays left as they were, no longer this contact's)
  } catch (error) {
    throw error instanceof TypeError ? outNotWritable('createContactDerivatives') : error;
  }
  return result;
}

/** No options: no smoothing, and the contact family gets none. */
export function noOptions(dw: DerivativesWork): undefined {
  dw.smoothing.samples = 0;
  dw.secondOrder = false;
  return undefined;
}

/**
 * Checks {@link contactDerivatives}'s options and reads them into `dw`: the smoothing into dw.smoothing,
 * the contact's own into dw.options (checked there), which is returned for the contact family.
 * @throws InvalidArgumentError or InvalidNumberError naming the option.
 */
export function readDerivativesOptions(dw: DerivativesWork, options: ContactDerivativesOptions): InnerOptions {
  if (typeof options !== 'object' || Array.isArray(options)) throw new InvalidArgumentError('options', `is ${describeValue(options)}; expected an object`);
  checkKnownKeys(options, OPTION_KEYS, 'options');
  const inner = fillInnerOptions(dw.options, options, options.cache, true);
  const so = options.secondOrder;
  if (so !== undefined && typeof so !== 'boolean') throw new InvalidArgumentError('options.secondOrder', `is ${describeValue(so)}; expected true or false`);
  dw.secondOrder = so === true;
  const sm = options.smoothing, w = dw.smoothing;
  if (sm == null) { w.samples = 0; return inner; }
  if (typeof sm !== 'object') throw new InvalidArgumentError('options.smoothing', `is ${describeValue(sm)}; expected { samples, noise, seed? } or null`);
  checkKnownKeys(sm, SMOOTHING_KEYS, 'options.smoothing');
  const n = sm.samples, z = sm.noise, d = sm.seed;
  if (!(typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_SMOOTHING_SAMPLES)) throw new InvalidNumberError('options.smoothing.samples', n, `an integer from 1 to ${MAX_SMOOTHING_SAMPLES}`);
  // (Each number stored where `typeof` has proved it one: rule 5.)
  if (!(typeof z === 'number' && z > 0 && z <= MAX_NOISE)) throw new InvalidNumberError('options.smoothing.noise', z, 'a number > 0 and at most 1e100 (world units)');
  w.noise = z;
  if (d === undefined) w.seed = 1;
  else if (typeof d === 'number' && Number.isInteger(d)) w.seed = d;
  else throw new InvalidNumberError('options.smoothing.seed', d, 'an integer');
  w.samples = n;
  return inner;
}

/**
 * The contact of a at tA and b at tB into work.contact, whether it is smooth into dw.smooth, and the
 * separation's gradient (exact, or smoothed as dw says) into dw.gradient.
 */
export function derive(work: QueryWork, dw: DerivativesWork, a: Shape, tA: Transform, b: Shape, tB: Transform, options: InnerOptions | undefined): void {
  work.queryLimit = Infinity;
  work.touchingOnly = false;
  work.maxSeparation = Infinity;
  work.contact.partA = 0; work.contact.partB = 0;
  work.contact.pathUpper = Infinity; work.contact.certified = false; work.contact.hasSigma = false; work.wantBounds = true;
  CONTACT.find(a, b)(work, a, tA, b, tB, options);
  if (!work.contact.certified) certifyContact(work, a as ConvexShape, tA, b as ConvexShape, tB);
  work.wantBounds = false; // (the smoothing's samples need none)
  dw.smooth = contactIsSmooth(dw.smoothness, a, tA, b, tB, work.contact);
  if (dw.smoothing.samples > 0) {
    // (The samples run in work.contact: the contact at the poses given is kept first.)
    copyContactAnswer(dw.answer, work.contact);
    const so = options === undefined ? undefined : fillInnerOptions(dw.sampleOptions, options, undefined, false);
    smoothedGradient(dw.smoothing, work, a, tA, b, tB, so, dw.gradient);
    copyContactAnswer(work.contact, dw.answer);
  } else if (!dw.direct) {
    poseGradient(dw.gradient, work.contact, tA, tB);
  }
  if (dw.secondOrder) {
    const sw = dw.smoothness;
    // (A sphere, an ellipsoid or a point decided smoothness without classifying the two sides.)
    if (dw.smooth && sw.dimA < 0) classifyContact(sw, a, tA, b, tB, work.contact);
    dw.secondDone = dw.smooth && secondOrder(dw.second, sw, work.contact, tA, tB, dw.normal36, dw.pointA36, dw.pointB36);
  }
}

/** poseGradient's 12 numbers into the result's four vectors. */
function writeGradient(out: ContactDerivatives, g: Float64Array): void {
  out.linearA.x = g[0]; out.linearA.y = g[1]; out.linearA.z = g[2];
  out.angularA.x = g[3]; out.angularA.y = g[4]; out.angularA.z = g[5];
  out.linearB.x = g[6]; out.linearB.y = g[7]; out.linearB.z = g[8];
  out.angularB.x = g[9]; out.angularB.y = g[10]; out.angularB.z = g[11];
}

/** The second order's answers into the result, or 0 where there are none. */
function writeSecondOrder(out: ContactDerivatives, dw: DerivativesWork): void {
  const n = out.normalDerivatives, a = out.pointADerivatives, b = out.pointBDerivatives;
  const dn = dw.normal36, da = dw.pointA36, db = dw.pointB36;
  out.hasSecondOrder = dw.secondDone;
  // (Element by element, in two loops: one store of a merged `done ? dn[k] : 0` boxed 1.5 KB a call.)
  if (dw.secondDone) {
    for (let k = 0; k < 36; k++) { n[k] = dn[k]; a[k] = da[k]; b[k] = db[k]; }
  } else {
    for (let k = 0; k < 36; k++) { n[k] = 0; a[k] = 0; b[k] = 0; }
  }
}

/** `out`'s three second-order arrays, for `options.secondOrder`. */
function checkSecondOrderOut(out: ContactDerivatives): void {
  const n = out.normalDerivatives as unknown, a = out.pointADerivatives as unknown, b = out.pointBDerivatives as unknown;
  if (!(n instanceof Float64Array && n.length >= 36 && a instanceof Float64Array && a.length >= 36 && b instanceof Float64Array && b.length >= 36)) {
    throw new InvalidArgumentError('out', 'has no normalDerivatives, pointADerivatives or pointBDerivatives of 36 numbers; expected a record from createContactDerivatives(), or undefined');
  }
}

function checkDerivativesOut(out: unknown): void {
  checkOut(out as ContactResult, 'createContactDerivatives');
  const o = out as Partial<Record<'linearA' | 'angularA' | 'linearB' | 'angularB', unknown>>;
  const la = o.linearA, aa = o.angularA, lb = o.linearB, ab = o.angularB;
  if (typeof la !== 'object' || la === null || typeof aa !== 'object' || aa === null || typeof lb !== 'object' || lb === null || typeof ab !== 'object' || ab === null) {
    throw new InvalidArgumentError('out', 'has no linearA, angularA, linearB or angularB vector; expected a record from createContactDerivatives(), or undefined');
  }
}
