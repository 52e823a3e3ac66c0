/**
 * The options of `decompose` (decompose/), checked: each bad value a typed error naming the option and what
 * is accepted, an unknown key an error naming the nearest known one. The effort presets set how many cut
 * planes a part tries and how finely parts are measured (docs/decompose.md, "Options").
 */
import { checkKnownKeys, describeValue, InvalidArgumentError, knownKeys } from '../errors.js';
import { DECOMPOSE_WELD_TOLERANCE } from '../tolerance.js';

/** Options of `decompose` and `decomposeToHulls`. */
export interface DecomposeOptions {
  /**
   * The largest concavity a part may keep, as a fraction of the mesh's bounding-box diagonal: how far its
   * hull may stand out of the mesh, or the mesh's surface lie inside its hull (default 0.02; from 1e-4 to 1).
   */
  concavity?: number;
  /** At most this many parts (an integer from 1 to 1024; default 32). Fewer when fewer meet `concavity`. */
  maxParts?: number;
  /**
   * How hard to look for cuts: `'fast'` (fewer candidate planes, coarser measures), `'balanced'` (the
   * default) or `'thorough'` (more planes, finer measures: slower, sometimes fewer parts).
   */
  effort?: 'fast' | 'balanced' | 'thorough';
  /** Vertices closer than this fraction of the diagonal are merged before the mesh is read (default 1e-10; from 0 to 0.01). */
  weldTolerance?: number;
  /** The seed of the measures' sample placement (an integer from 0 to 2^32 − 1; default 1): the same input, options and seed give the same bits. */
  seed?: number;
  /** Called with the fraction of the work done (0 to 1, increasing) after each cut and merge, and with 1 at the end. */
  onProgress?: ((fraction: number) => void) | null;
  /** Aborts the decomposition: checked at each cut and merge; an aborted signal throws its `reason`. */
  signal?: AbortSignal | null;
}

/** What a preset sets: axis planes a part tries per axis, samples of a part's surface and hull, cuts allowed over maxParts. */
export interface Effort { perAxis: number; samples: number; hullSamples: number; splitBudget: number }

/**
 * The presets. The split budget lets the cutting go past `maxParts` (to this multiple) before the merging
 * brings the count back: a helix needs its turns cut where it is worst, then neighbours merged.
 */
export const EFFORTS: Readonly<Record<'fast' | 'balanced' | 'thorough', Effort>> = {
  fast: { perAxis: 4, samples: 300, hullSamples: 150, splitBudget: 2 },
  balanced: { perAxis: 8, samples: 600, hullSamples: 300, splitBudget: 3 },
  thorough: { perAxis: 12, samples: 1200, hullSamples: 600, splitBudget: 4 },
};

/** The options read: every value checked and defaulted. */
export interface ReadOptions {
  concavity: number;
  maxParts: number;
  effort: Effort;
  weldTolerance: number;
  seed: number;
  onProgress: ((fraction: number) => void) | null;
  signal: AbortSignal | null;
}

const KEYS = /* @__PURE__ */ knownKeys(['concavity', 'maxParts', 'effort', 'weldTolerance', 'seed', 'onProgress', 'signal']);

/** `options` checked and defaulted. @throws InvalidArgumentError naming `options.<key>`. */
export function readOptions(options: DecomposeOptions | null | undefined): ReadOptions {
  if (options == null) options = {};
  else if (typeof options !== 'object') throw new InvalidArgumentError('options', `is ${describeValue(options)}; expected an object`);
  checkKnownKeys(options, KEYS, 'options');
  const concavity = options.concavity ?? 0.02;
  if (!(typeof concavity === 'number' && concavity >= 1e-4 && concavity <= 1)) throw new InvalidArgumentError('options.concavity', `is ${describeValue(concavity)}; expected a number from 1e-4 to 1 (a fraction of the mesh's diagonal)`);
  const maxParts = options.maxParts ?? 32;
  if (!(typeof maxParts === 'number' && Number.isInteger(maxParts) && maxParts >= 1 && maxParts <= 1024)) throw new InvalidArgumentError('options.maxParts', `is ${describeValue(maxParts)}; expected an integer from 1 to 1024`);
  const effort = options.effort ?? 'balanced';
  if (effort !== 'fast' && effort !== 'balanced' && effort !== 'thorough') throw new InvalidArgumentError('options.effort', `is ${describeValue(effort)}; expected 'fast', 'balanced' or 'thorough'`);
  const weldTolerance = options.weldTolerance ?? DECOMPOSE_WELD_TOLERANCE;
  if (!(typeof weldTolerance === 'number' && weldTolerance >= 0 && weldTolerance <= 0.01)) throw new InvalidArgumentError('options.weldTolerance', `is ${describeValue(weldTolerance)}; expected a number from 0 to 0.01 (a fraction of the mesh's diagonal)`);
  const seed = options.seed ?? 1;
  if (!(typeof seed === 'number' && Number.isInteger(seed) && seed >= 0 && seed <= 0xffffffff)) throw new InvalidArgumentError('options.seed', `is ${describeValue(seed)}; expected an integer from 0 to 2^32 − 1`);
  const onProgress = options.onProgress ?? null;
  if (onProgress !== null && typeof onProgress !== 'function') throw new InvalidArgumentError('options.onProgress', `is ${describeValue(onProgress)}; expected a function (fraction) => void`);
  const signal = options.signal ?? null;
  if (signal !== null && !(typeof signal === 'object' && typeof (signal as AbortSignal).aborted === 'boolean')) throw new InvalidArgumentError('options.signal', `is ${describeValue(signal)}; expected an AbortSignal`);
  return { concavity, maxParts, effort: EFFORTS[effort], weldTolerance, seed, onProgress, signal };
}
