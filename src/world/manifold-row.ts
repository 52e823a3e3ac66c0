/**
 * A convex pair's manifold as a row of numbers (the world's narrow phase on threads, narrow-threads.ts):
 * what a worker builds with `manifoldConvex` and this thread copies into the pair's manifold record, every
 * number as it was (doubles are copied exactly; the rest are small integers).
 *
 * Row: [0] the pair's reference face going in and coming out (ManifoldCache.reference: 1, −1 or 0);
 * [1] 1 when the row holds a manifold (a convex pair that touches), else 0; [2..4] the normal; [5] the
 * count; then per point POINT numbers: pointA, pointB, separation, id, featureA's type and index,
 * featureB's type and index.
 */
import type { FeatureType, Manifold } from '../query/manifold/manifold-result.js';
import { MANIFOLD_MAX_POINTS } from '../tolerance.js';

const HEAD = 6;
const POINT = 12;
const TYPES: readonly FeatureType[] = ['none', 'vertex', 'edge', 'face'];
const MAX_POINTS = MANIFOLD_MAX_POINTS; // V8 rule 4 (CONTRIBUTING.md)

/** Numbers of a manifold row for manifolds of at most `maxPoints` points. */
export function manifoldRowLength(maxPoints: number): number {
  return HEAD + POINT * Math.min(maxPoints, MAX_POINTS);
}

/** Manifold `m` (its normal, points and features) into row `o` of `rows`. */
export function writeManifoldRow(rows: Float64Array, o: number, m: Manifold): void {
  rows[o + 1] = 1;
  rows[o + 2] = m.normal.x; rows[o + 3] = m.normal.y; rows[o + 4] = m.normal.z;
  rows[o + 5] = m.count;
  for (let i = 0, k = o + HEAD; i < m.count; i++, k += POINT) {
    const p = m.points[i];
    rows[k] = p.pointA.x; rows[k + 1] = p.pointA.y; rows[k + 2] = p.pointA.z;
    rows[k + 3] = p.pointB.x; rows[k + 4] = p.pointB.y; rows[k + 5] = p.pointB.z;
    rows[k + 6] = p.separation; rows[k + 7] = p.id;
    rows[k + 8] = TYPES.indexOf(p.featureA.type); rows[k + 9] = p.featureA.index;
    rows[k + 10] = TYPES.indexOf(p.featureB.type); rows[k + 11] = p.featureB.index;
  }
}

/** Row `o` of `rows` into manifold `m` (status and iterations are the contact's: the caller's). */
export function readManifoldRow(m: Manifold, rows: Float64Array, o: number): void {
  m.normal.x = rows[o + 2]; m.normal.y = rows[o + 3]; m.normal.z = rows[o + 4];
  const count = rows[o + 5] | 0;
  m.count = count;
  for (let i = 0, k = o + HEAD; i < count; i++, k += POINT) {
    const p = m.points[i];
    p.pointA.x = rows[k]; p.pointA.y = rows[k + 1]; p.pointA.z = rows[k + 2];
    p.pointB.x = rows[k + 3]; p.pointB.y = rows[k + 4]; p.pointB.z = rows[k + 5];
    // (`| 0`: small integers stay small integers in the records, V8 rules, CONTRIBUTING.md; an id may not be one.)
    p.separation = rows[k + 6]; p.id = rows[k + 7];
    p.featureA.type = TYPES[rows[k + 8] | 0]; p.featureA.index = rows[k + 9] | 0;
    p.featureB.type = TYPES[rows[k + 10] | 0]; p.featureB.index = rows[k + 11] | 0;
  }
}
