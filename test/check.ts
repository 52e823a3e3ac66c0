/**
 * Checks for hot loops: each calls vitest's `expect` only when the check fails, with the same matcher, so a
 * failure reads as it would have, while a pass costs a comparison. vitest's expect costs about 15 µs a call,
 * and a few property tests make hundreds of thousands (a mesh manifold test alone made 469,000: 7 s).
 */
import { expect } from 'vitest';

/** expect(actual, message).toBeLessThan(bound), when it would fail. */
export function below(actual: number, bound: number, message?: string): void {
  if (!(actual < bound)) expect(actual, message).toBeLessThan(bound);
}

/** expect(actual, message).toBeLessThanOrEqual(bound), when it would fail. */
export function atMost(actual: number, bound: number, message?: string): void {
  if (!(actual <= bound)) expect(actual, message).toBeLessThanOrEqual(bound);
}

/** expect(actual, message).toBeGreaterThan(bound), when it would fail. */
export function above(actual: number, bound: number, message?: string): void {
  if (!(actual > bound)) expect(actual, message).toBeGreaterThan(bound);
}

/** expect(actual, message).toBe(expected), when it would fail (Object.is, as toBe). */
export function same<T>(actual: T, expected: T, message?: string): void {
  if (!Object.is(actual, expected)) expect(actual, message).toBe(expected);
}
