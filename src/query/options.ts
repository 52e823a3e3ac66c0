import { InvalidNumberError } from '../errors.js';

/** The numeric per-call options any query accepts (see GjkOptions, EpaOptions, ContactOptions). */
interface NumericOptions {
  relativeTolerance?: number;
  maxIterations?: number;
  epaRelativeTolerance?: number;
  epaMaxIterations?: number;
  maxDistance?: number;
}

/**
 * Validates per-call options at the query boundary, so a NaN cap can never make a loop unbounded and
 * a NaN distance can never be compared silently. Cheap: a few comparisons, and only for fields given.
 * @throws InvalidNumberError naming the option and what is accepted.
 */
export function checkOptions(options: NumericOptions | undefined): void {
  if (options === undefined) return;
  const { relativeTolerance, maxIterations, epaRelativeTolerance, epaMaxIterations, maxDistance } = options;
  if (relativeTolerance !== undefined && !(relativeTolerance >= 0 && relativeTolerance < 1)) {
    throw new InvalidNumberError('options.relativeTolerance', relativeTolerance, 'a number in [0, 1)');
  }
  if (epaRelativeTolerance !== undefined && !(epaRelativeTolerance >= 0 && epaRelativeTolerance < 1)) {
    throw new InvalidNumberError('options.epaRelativeTolerance', epaRelativeTolerance, 'a number in [0, 1)');
  }
  if (maxIterations !== undefined && !(Number.isInteger(maxIterations) && maxIterations >= 1)) {
    throw new InvalidNumberError('options.maxIterations', maxIterations, 'an integer >= 1');
  }
  if (epaMaxIterations !== undefined && !(Number.isInteger(epaMaxIterations) && epaMaxIterations >= 1)) {
    throw new InvalidNumberError('options.epaMaxIterations', epaMaxIterations, 'an integer >= 1');
  }
  if (maxDistance !== undefined && !(maxDistance >= 0)) {
    throw new InvalidNumberError('options.maxDistance', maxDistance, 'a number >= 0 (Infinity allowed)');
  }
}
