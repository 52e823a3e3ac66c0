import { checkKnownKeys, describeValue, InvalidArgumentError, InvalidNumberError, knownKeys, type KnownKeys } from '../../errors.js';
import { GjkCache, type GjkOptions } from '../gjk/gjk.js';
import type { EpaOptions } from '../epa/epa.js';
import type { TraceCallback } from './trace.js';

export { checkOut, isFrozenOut, outNotWritable } from './out-record.js';

/** The numeric per-call options any query accepts (see GjkOptions, EpaOptions, ContactOptions). */
interface NumericOptions {
  cache?: GjkCache;
  trace?: unknown;
  gjkRelativeTolerance?: number;
  gjkMaxIterations?: number;
  epaRelativeTolerance?: number;
  epaMaxIterations?: number;
  maxDistance?: number;
}

/**
 * Validates per-call options at the query boundary, so a NaN cap can never make a loop unbounded and
 * a NaN distance can never be compared silently. Cheap: a few comparisons, and only for fields given.
 * @throws InvalidNumberError naming the option and what is accepted, also for an option given under
 *   its old name (which would otherwise be ignored without a word).
 */
export function checkOptions(options: NumericOptions | undefined | null, known: KnownKeys): void {
  if (options === undefined || options === null) return;
  if (typeof options !== 'object') {
    throw new InvalidArgumentError('options', `is ${describeValue(options)}; expected an object`);
  }
  // The names of version 0.1 first (their message says what they are called now), then any other key.
  const old = options as { relativeTolerance?: unknown; maxIterations?: unknown };
  if (old.relativeTolerance !== undefined) renamed('relativeTolerance', old.relativeTolerance, 'gjkRelativeTolerance');
  if (old.maxIterations !== undefined) renamed('maxIterations', old.maxIterations, 'gjkMaxIterations');
  checkKnownKeys(options, known, 'options');
  // Each number is tested where `typeof` has proved it one, and a bad value is re-read by the thrower:
  // a double option that flowed into a generic test (`!== undefined`) or into the error's arguments
  // was boxed, 16 bytes a query with `{ maxDistance: 0.5 }` (CONTRIBUTING.md, "V8 rules", rule 1).
  const gjkRelativeTolerance = options.gjkRelativeTolerance, epaRelativeTolerance = options.epaRelativeTolerance;
  const gjkMaxIterations = options.gjkMaxIterations, epaMaxIterations = options.epaMaxIterations;
  const maxDistance = options.maxDistance, cache = options.cache, trace = options.trace;
  if (typeof gjkRelativeTolerance === 'number' ? !(gjkRelativeTolerance >= 0 && gjkRelativeTolerance < 1) : gjkRelativeTolerance !== undefined) {
    badOption(options, 'gjkRelativeTolerance', 'a number in [0, 1)');
  }
  if (typeof epaRelativeTolerance === 'number' ? !(epaRelativeTolerance >= 0 && epaRelativeTolerance < 1) : epaRelativeTolerance !== undefined) {
    badOption(options, 'epaRelativeTolerance', 'a number in [0, 1)');
  }
  if (typeof gjkMaxIterations === 'number' ? !(Number.isInteger(gjkMaxIterations) && gjkMaxIterations >= 1) : gjkMaxIterations !== undefined) {
    badOption(options, 'gjkMaxIterations', 'an integer >= 1');
  }
  if (typeof epaMaxIterations === 'number' ? !(Number.isInteger(epaMaxIterations) && epaMaxIterations >= 1) : epaMaxIterations !== undefined) {
    badOption(options, 'epaMaxIterations', 'an integer >= 1');
  }
  if (typeof maxDistance === 'number' ? !(maxDistance >= 0) : maxDistance !== undefined) {
    badOption(options, 'maxDistance', 'a number >= 0 (Infinity allowed)');
  }
  if (cache !== undefined && !(cache instanceof GjkCache && !Object.isFrozen(cache))) {
    throw new InvalidArgumentError('options.cache', `is ${cache instanceof GjkCache ? 'frozen' : describeValue(cache)}; expected a GjkCache`);
  }
  if (trace !== undefined && typeof trace !== 'function') {
    throw new InvalidArgumentError('options.trace', `is ${describeValue(trace)}; expected a function`);
  }
}

/** The options of intersects, distance and closestPoints (GjkOptions). */
const GJK_KEYS = ['cache', 'trace', 'gjkRelativeTolerance', 'gjkMaxIterations'];
export const GJK_OPTION_KEYS = /* @__PURE__ */ knownKeys(GJK_KEYS);
/** The options of penetration and contact (ContactOptions). */
export const CONTACT_OPTION_KEYS = /* @__PURE__ */ knownKeys([...GJK_KEYS, 'epaRelativeTolerance', 'epaMaxIterations', 'maxDistance']);
/** The options the manifold queries pass on to contact (innerOptions: fixed keys, filled per call). */
export const INNER_OPTION_KEYS = /* @__PURE__ */ knownKeys([...GJK_KEYS, 'epaRelativeTolerance', 'epaMaxIterations']);
/** The options of contactManifold (ManifoldOptions). */
export const MANIFOLD_OPTION_KEYS = /* @__PURE__ */ knownKeys([...GJK_KEYS, 'epaRelativeTolerance', 'epaMaxIterations', 'margin', 'maxPoints']);
/** The options of contactManifolds (ManifoldsOptions; `cache` has an error of its own). */
export const MANIFOLDS_OPTION_KEYS = /* @__PURE__ */ knownKeys([...GJK_KEYS, 'epaRelativeTolerance', 'epaMaxIterations', 'margin', 'maxPoints', 'meshEdges']);

/**
 * Throws the InvalidNumberError of `options[name]`, read here (not passed: see checkOptions).
 * @throws InvalidNumberError naming `options.<name>` and what is accepted.
 */
export function badOption(options: object, name: string, accepted: string): never {
  throw new InvalidNumberError(`options.${name}`, (options as Record<string, unknown>)[name], accepted);
}

function renamed(name: string, value: unknown, now: string): never {
  throw new InvalidNumberError(`options.${name}`, value, `no value: this option is now called ${now}`);
}

/**
 * The options a query passes on to the contact family (the manifolds', the derivatives'): one record of
 * fixed keys filled per call, never a caller's own object, whose other fields would add shapes to every
 * option load the contact family makes (CONTRIBUTING.md, "V8 rules", rule 5).
 */
/** @internal (query/ modules only) */
export interface InnerOptions extends GjkOptions, EpaOptions {
  cache: GjkCache | undefined;
  trace: TraceCallback | undefined;
  gjkRelativeTolerance: number | undefined;
  gjkMaxIterations: number | undefined;
  epaRelativeTolerance: number | undefined;
  epaMaxIterations: number | undefined;
}

/** @internal A fresh inner record (every one made here has the same shape). */
export function createInnerOptions(): InnerOptions {
  return {
    cache: undefined, trace: undefined, gjkRelativeTolerance: undefined, gjkMaxIterations: undefined,
    epaRelativeTolerance: undefined, epaMaxIterations: undefined,
  };
}

/**
 * @internal Fills `inner` from a caller's options (with `cache`, and `trace` when `traced`), checks it, and
 * returns it.
 */
export function fillInnerOptions(inner: InnerOptions, from: Omit<GjkOptions, 'cache'> & EpaOptions, cache: GjkCache | undefined, traced: boolean): InnerOptions {
  inner.cache = cache;
  inner.trace = traced ? from.trace : undefined;
  inner.gjkRelativeTolerance = from.gjkRelativeTolerance;
  inner.gjkMaxIterations = from.gjkMaxIterations;
  inner.epaRelativeTolerance = from.epaRelativeTolerance;
  inner.epaMaxIterations = from.epaMaxIterations;
  checkOptions(inner, INNER_OPTION_KEYS);
  return inner;
}
