/**
 * Reading a caller's vectors and point lists at the library's boundary (shape constructors,
 * buildHull, validateHull): every number checked finite, copied into the library's own storage.
 */
import { InvalidNumberError, InvalidShapeError, listLength } from '../errors.js';
import type { Vec3Like } from './types.js';

/** Reads a caller's vector into a fresh plain vector, checking every component is finite. */
export function readVec3(v: Readonly<Vec3Like> | undefined, field: string): Vec3Like {
  if (v === null || typeof v !== 'object') throw new InvalidShapeError(field, `is ${v === undefined ? 'missing' : typeof v}; expected a vector {x, y, z}`);
  const x = v.x, y = v.y, z = v.z;
  if (typeof x !== 'number' || !Number.isFinite(x)) throw new InvalidNumberError(`${field}.x`, x);
  if (typeof y !== 'number' || !Number.isFinite(y)) throw new InvalidNumberError(`${field}.y`, y);
  if (typeof z !== 'number' || !Number.isFinite(z)) throw new InvalidNumberError(`${field}.z`, z);
  return { x, y, z };
}

/**
 * Reads a point list given either as an array of `{x, y, z}` or as a flat `ArrayLike<number>` of
 * x,y,z triples into a new Float64Array of triples. Checks every number is finite.
 */
export function readPointList(points: ArrayLike<Vec3Like> | ArrayLike<number>, field: string): Float64Array {
  const n = listLength(points, field, 'an array of {x, y, z} or a flat array of x, y, z numbers');
  if (n > 0 && typeof points[0] === 'number') {
    if (n % 3 !== 0) throw new InvalidShapeError(field, `has ${n} numbers; a flat point list needs a multiple of 3 (x, y, z triples)`);
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const v = (points as ArrayLike<number>)[i];
      if (typeof v !== 'number' || !Number.isFinite(v)) throw new InvalidNumberError(`${field}[${i}]`, v);
      out[i] = v;
    }
    return out;
  }
  const out = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) {
    const p = readVec3((points as ArrayLike<Vec3Like>)[i], `${field}[${i}]`);
    out[3 * i] = p.x;
    out[3 * i + 1] = p.y;
    out[3 * i + 2] = p.z;
  }
  return out;
}
