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

/** Whether `out` or one of its vectors cannot be written (why a write into it failed): see isUnwritable. */
export function isFrozenOut(out: unknown): boolean {
  return isUnwritable(out, 2);
}

/**
 * Whether a write into `value` or the objects in its own fields (to `depth` levels) could fail: frozen or
 * sealed records, read-only fields, getters without setters (found by the probe of every export: such an
 * `out` threw a raw TypeError). Only on the error path, to say why a query's write failed: a primitive
 * counts as unwritable too.
 */
export function isUnwritable(value: unknown, depth: number): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (Object.isFrozen(value)) return true;
  for (const key of Object.getOwnPropertyNames(value)) {
    if (!writableField(value, key)) return true;
    const field = (value as Record<string, unknown>)[key];
    if (depth > 1 && typeof field === 'object' && field !== null && !Array.isArray(field) && isUnwritable(field, depth - 1)) return true;
  }
  return false;
}

function writableField(value: object, key: string): boolean {
  const d = Object.getOwnPropertyDescriptor(value, key);
  if (d === undefined) return Object.isExtensible(value);
  return d.get !== undefined || d.set !== undefined ? d.set !== undefined : d.writable === true;
}


/**
 * Checks a hit record given as `out`: an object whose `normal` and, for a ray's hit (`cast` false), `point`
 * or, for a cast's result, `pointA` and `pointB` are objects (a ray given a cast's record, which has
 * `pointA`, was taken, and failed writing its point). A frozen one, or one with read-only fields, fails
 * when written, and the query turns that TypeError into {@link hitOutNotWritable}'s error.
 * @throws InvalidArgumentError naming `out`.
 */
export function checkHitOut(out: unknown, factory: string, cast: boolean): void {
  const o = out as { point?: unknown; pointA?: unknown; pointB?: unknown; normal?: unknown } | null;
  if (typeof o === 'object' && o !== null && typeof o.normal === 'object' && o.normal !== null) {
    if (cast) {
      const a = o.pointA, b = o.pointB;
      if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) return;
    } else {
      const p = o.point;
      if (typeof p === 'object' && p !== null) return;
    }
  }
  throw hitOutNotWritable(factory);
}

/** The error for a hit record the query could not write into. */
export function hitOutNotWritable(factory: string): InvalidArgumentError {
  return new InvalidArgumentError('out', `is not a writable hit record; expected one from ${factory}(), or undefined`);
}
