import { checkKnownKeys, describeValue, InvalidArgumentError, InvalidNumberError, knownKeys, type KnownKeys } from '../errors.js';
import { GjkCache, type GjkTraceStep2 } from './gjk2.js';

/** Options of the 2D contact queries: GJK's, EPA's, and `maxDistance` for `contact`. */
export interface ContactOptions {
  /** Warm-start cache for this pair (a 2D {@link GjkCache}), read and updated in place. */
  cache?: GjkCache;
  /** Called once per GJK step (see GjkOptions.trace). */
  trace?: (step: GjkTraceStep2) => void;
  /** Overrides GJK_RELATIVE_TOLERANCE: a number in [0, 1). */
  gjkRelativeTolerance?: number;
  /** Overrides GJK_MAX_ITERATIONS: an integer ≥ 1. */
  gjkMaxIterations?: number;
  /** Overrides EPA_RELATIVE_TOLERANCE: a number in [0, 1). */
  epaRelativeTolerance?: number;
  /** Overrides EPA_MAX_ITERATIONS: an integer ≥ 1. */
  epaMaxIterations?: number;
  /** `contact` only: answer null for shapes farther apart than this (a number ≥ 0). */
  maxDistance?: number;
}

/**
 * Validates per-call options, as the 3D checkOptions: a NaN cap can never make a loop unbounded, and a
 * wrong value is an error naming the option.
 * @throws InvalidNumberError / InvalidArgumentError naming the option and what is accepted.
 */
export function checkOptions2(options: ContactOptions | undefined | null, known: KnownKeys): void {
  if (options === undefined || options === null) return;
  checkOptionFields2(options);
  checkKnownKeys(options, known, 'options');
  const cache = options.cache;
  if (cache !== undefined && !(cache instanceof GjkCache && !Object.isFrozen(cache))) {
    throw new InvalidArgumentError('options.cache', `is ${cache instanceof GjkCache ? 'frozen' : describeValue(cache)}; expected a GjkCache from convex-collide/2d`);
  }
}

/** checkOptions2 but for `cache`, which contactManifold takes as a ManifoldCache. */
export function checkOptionFields2(options: Omit<ContactOptions, 'cache'>): void {
  if (typeof options !== 'object') throw new InvalidArgumentError('options', `is ${describeValue(options)}; expected an object`);
  const gt = options.gjkRelativeTolerance, et = options.epaRelativeTolerance;
  const gi = options.gjkMaxIterations, ei = options.epaMaxIterations;
  const md = options.maxDistance, trace = options.trace;
  if (trace !== undefined && typeof trace !== 'function') throw new InvalidArgumentError('options.trace', `is ${describeValue(trace)}; expected a function`);
  if (typeof gt === 'number' ? !(gt >= 0 && gt < 1) : gt !== undefined) bad(options, 'gjkRelativeTolerance', 'a number in [0, 1)');
  if (typeof et === 'number' ? !(et >= 0 && et < 1) : et !== undefined) bad(options, 'epaRelativeTolerance', 'a number in [0, 1)');
  if (typeof gi === 'number' ? !(Number.isInteger(gi) && gi >= 1) : gi !== undefined) bad(options, 'gjkMaxIterations', 'an integer >= 1');
  if (typeof ei === 'number' ? !(Number.isInteger(ei) && ei >= 1) : ei !== undefined) bad(options, 'epaMaxIterations', 'an integer >= 1');
  if (typeof md === 'number' ? !(md >= 0) : md !== undefined) bad(options, 'maxDistance', 'a number >= 0 (Infinity allowed)');
}

/** The option's value is re-read here, not passed (no boxing on the good path). */
function bad(options: Omit<ContactOptions, 'cache'>, name: Exclude<keyof ContactOptions, 'cache'>, accepted: string): never {
  throw new InvalidNumberError(`options.${name}`, options[name], accepted);
}

const GJK_KEYS = ['cache', 'trace', 'gjkRelativeTolerance', 'gjkMaxIterations'];
/** The options of intersects, distance and closestPoints (GjkOptions). */
export const GJK_OPTION_KEYS2 = /* @__PURE__ */ knownKeys(GJK_KEYS);
/** The options of penetration and contact (ContactOptions). */
export const CONTACT_OPTION_KEYS2 = /* @__PURE__ */ knownKeys([...GJK_KEYS, 'epaRelativeTolerance', 'epaMaxIterations', 'maxDistance']);
/** The options of contactManifold (ManifoldOptions). */
export const MANIFOLD_OPTION_KEYS2 = /* @__PURE__ */ knownKeys([...GJK_KEYS, 'epaRelativeTolerance', 'epaMaxIterations', 'margin', 'maxPoints']);
