import { InvalidNumberError } from '../errors.js';

/** The numeric per-call options any query accepts (see GjkOptions, EpaOptions, ContactOptions). */
interface NumericOptions {
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
export function checkOptions(options: NumericOptions | undefined): void {
  if (options === undefined) return;
  const { gjkRelativeTolerance, gjkMaxIterations, epaRelativeTolerance, epaMaxIterations, maxDistance } = options;
  if (gjkRelativeTolerance !== undefined && !(gjkRelativeTolerance >= 0 && gjkRelativeTolerance < 1)) {
    throw new InvalidNumberError('options.gjkRelativeTolerance', gjkRelativeTolerance, 'a number in [0, 1)');
  }
  if (epaRelativeTolerance !== undefined && !(epaRelativeTolerance >= 0 && epaRelativeTolerance < 1)) {
    throw new InvalidNumberError('options.epaRelativeTolerance', epaRelativeTolerance, 'a number in [0, 1)');
  }
  if (gjkMaxIterations !== undefined && !(Number.isInteger(gjkMaxIterations) && gjkMaxIterations >= 1)) {
    throw new InvalidNumberError('options.gjkMaxIterations', gjkMaxIterations, 'an integer >= 1');
  }
  if (epaMaxIterations !== undefined && !(Number.isInteger(epaMaxIterations) && epaMaxIterations >= 1)) {
    throw new InvalidNumberError('options.epaMaxIterations', epaMaxIterations, 'an integer >= 1');
  }
  if (maxDistance !== undefined && !(maxDistance >= 0)) {
    throw new InvalidNumberError('options.maxDistance', maxDistance, 'a number >= 0 (Infinity allowed)');
  }
  // The names of version 0.1, which say not which algorithm they tune.
  const old = options as { relativeTolerance?: unknown; maxIterations?: unknown };
  if (old.relativeTolerance !== undefined) renamed('relativeTolerance', old.relativeTolerance, 'gjkRelativeTolerance');
  if (old.maxIterations !== undefined) renamed('maxIterations', old.maxIterations, 'gjkMaxIterations');
}

function renamed(name: string, value: unknown, now: string): never {
  throw new InvalidNumberError(`options.${name}`, value, `no value: this option is now called ${now}`);
}
