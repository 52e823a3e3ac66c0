/**
 * The plane world's argument checks (collision-world2.ts): options objects, filters, visitors, vectors and
 * a ray's options, each a typed error naming the argument.
 */
import { describeValue, InvalidArgumentError, InvalidNumberError } from '../../errors.js';
import type { Vec2Like } from '../types.js';
import type { WorldRayCastOptions2 } from './scene-queries2.js';
import type { WorldThreads } from '../../work-sharing.js';
import type { World2Options } from './collision-world2.js';

/** A world's options read: margin, manifolds, threads (each checked, a typed error naming a bad one). */
export function readWorld2Options(options: World2Options | null | undefined): { margin: number; manifolds: boolean; threads: WorldThreads | null } {
  let margin = 0, manifolds = false, threads: WorldThreads | null = null;
  if (options == null) return { margin, manifolds, threads };
  checkOptions(options, ['margin', 'manifolds', 'threads']);
  const m = options.margin, mf = options.manifolds;
  if (m !== undefined && !(typeof m === 'number' && m >= 0 && m < Infinity)) throw new InvalidArgumentError('options.margin', `is ${describeValue(m)}; expected a finite number >= 0`);
  if (m !== undefined) margin = m;
  if (mf !== undefined && typeof mf !== 'boolean') throw new InvalidArgumentError('options.manifolds', `is ${describeValue(mf)}; expected true or false`);
  manifolds = mf === true;
  const t = options.threads as Partial<WorldThreads> | null | undefined;
  if (t != null) {
    if (typeof t !== 'object' || typeof t.narrowPhase !== 'function' || !(typeof t.threads === 'number' && Number.isInteger(t.threads) && t.threads >= 1)) {
      throw new InvalidArgumentError('options.threads', `is ${describeValue(t)}; expected a BatchPool (await BatchPool.create() from 'convex-collide/threads'), or undefined`);
    }
    threads = t as WorldThreads;
  }
  return { margin, manifolds, threads };
}

/**
 * `options` must be a plain options object with only these keys (an array's or a typed array's own
 * methods would be read as options: a Float32Array's `filter`).
 */
export function checkOptions(options: object, keys: readonly string[]): void {
  const expected = `expected an object { ${keys.map((k) => `${k}?`).join(', ')} }`;
  if (typeof options !== 'object' || Array.isArray(options) || ArrayBuffer.isView(options)) throw new InvalidArgumentError('options', `is ${describeValue(options)}; ${expected}`);
  for (const key of Object.keys(options)) if (!keys.includes(key)) throw new InvalidArgumentError(`options.${key}`, `is not an option; ${expected}`);
}

/** A 32-bit filter option (an integer; read as unsigned), or `fallback` when undefined. */
export function filter(v: unknown, field: string, fallback: number): number {
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < -(2 ** 31) || v > 2 ** 32 - 1) throw new InvalidArgumentError(field, `is ${describeValue(v)}; expected a 32-bit integer`);
  return v >>> 0;
}

/** Checks a visitor argument. */
export function checkVisit(visit: unknown): void {
  if (typeof visit !== 'function') throw new InvalidArgumentError('visit', `is ${describeValue(visit)}; expected a function`);
}

/** Checks an optional filter option; returns it. */
export function checkFilter(filter: unknown): ((handle: number) => boolean) | undefined {
  if (filter === undefined) return undefined;
  if (typeof filter !== 'function') throw new InvalidArgumentError('options.filter', `is ${describeValue(filter)}; expected a function (handle) => boolean`);
  return filter as (handle: number) => boolean;
}

/** Checks a 2-vector argument. */
export function checkVec2(v: unknown, field: string): void {
  const p = v as { x?: unknown; y?: unknown } | null;
  if (p === null || typeof p !== 'object') throw new InvalidArgumentError(field, `is ${describeValue(v)}; expected { x, y }`);
  if (typeof p.x !== 'number' || !Number.isFinite(p.x)) throw new InvalidNumberError(`${field}.x`, p.x);
  if (typeof p.y !== 'number' || !Number.isFinite(p.y)) throw new InvalidNumberError(`${field}.y`, p.y);
}

/** A ray's arguments checked, and its options: maxT, solid, filter. */
/** A ray's options as read (a record the world reuses: no allocation per ray). */
export class RayRead {
  maxT = Infinity;
  solid = true;
  filter: ((h: number) => boolean) | undefined = undefined;
}

export function rayOptions(origin: unknown, direction: unknown, options: WorldRayCastOptions2 | null | undefined, into: RayRead): RayRead {
  checkVec2(origin, 'origin'); checkVec2(direction, 'direction');
  const d = direction as Vec2Like;
  if (d.x === 0 && d.y === 0) throw new InvalidArgumentError('direction', 'is the zero vector; expected a non-zero direction');
  into.maxT = Infinity; into.solid = true; into.filter = undefined;
  if (options == null) return into;
  checkOptions(options, ['maxT', 'solid', 'filter']);
  const maxT = options.maxT ?? Infinity, solid = options.solid ?? true;
  if (!(typeof maxT === 'number' && maxT >= 0)) throw new InvalidArgumentError('options.maxT', `is ${describeValue(maxT)}; expected a number >= 0`);
  if (typeof solid !== 'boolean') throw new InvalidArgumentError('options.solid', `is ${describeValue(solid)}; expected true or false`);
  into.maxT = maxT; into.solid = solid; into.filter = checkFilter(options.filter);
  return into;
}
