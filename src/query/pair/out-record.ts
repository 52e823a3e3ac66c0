/**
 * Checks of the `out` records queries write into, shared by the 3D and 2D entries (no geometry here, so
 * the 2D entry takes it without pulling in 3D code).
 */
import { InvalidArgumentError } from '../../errors.js';

/**
 * Checks a result record given as `out`: an object whose `pointA`, `pointB` and `normal` are objects. A
 * frozen record passes this (testing for it cost about 40 ns a query) and fails when written: the query
 * turns that TypeError into {@link outNotWritable}'s error.
 * @throws InvalidArgumentError naming `out`.
 */
export function checkOut(out: unknown, factory: string): void {
  if (typeof out === 'object' && out !== null) {
    const o = out as { pointA?: unknown; pointB?: unknown; normal?: unknown };
    const pa = o.pointA, pb = o.pointB, n = o.normal;
    if (typeof pa === 'object' && pa !== null && typeof pb === 'object' && pb !== null && typeof n === 'object' && n !== null) return;
  }
  throw outNotWritable(factory);
}

/** The error for an `out` the query could not write into (not a record, or frozen). */
export function outNotWritable(factory: string): InvalidArgumentError {
  return new InvalidArgumentError('out', `is not a writable result record; expected one from ${factory}(), or undefined`);
}

/** Whether `out` or one of its vectors is frozen (why a write into it failed). */
export function isFrozenOut(out: unknown): boolean {
  const o = out as { pointA: object; pointB: object; normal: object };
  return [o, o.pointA, o.pointB, o.normal].some((v) => Object.isFrozen(v));
}

