/**
 * What every pairwise adapter shares: the query kinds, the groups of pairs they run on, and the loop
 * shape. Each adapter builds its own shapes and poses from a pool up front (untimed) and returns one
 * `Case` per API path; each case's batch is its own closure, so its loop stays monomorphic.
 */
import type { Case } from '../harness.js';
import type { Pool } from '../pools.js';
import type { CastPool, RayPool } from '../sweeps.js';

export type QueryKind = 'intersection' | 'distance' | 'penetration' | 'contact' | 'manifold';

/**
 * A query kind on a set of pairs of one pool. `pairs` lists the pair indices a pass cycles over
 * (all of them, or only the overlapping ones for penetration).
 *
 * Answers (for accuracy scoring): intersection 1/0; distance ≥ 0 (0 when overlapping);
 * penetration depth > 0; contact the signed separation (distance, or minus the depth); manifold the
 * depth of its deepest point.
 */
export interface PairGroup {
  name: string;
  kind: QueryKind;
  pool: Pool;
  pairs: Int32Array;
}

export type Adapter = (g: PairGroup) => Case[];

/**
 * Rays against one shape kind (bench/sweeps.ts), every pair of the pool in turn. Answer: the ray's t
 * (in units of its direction, t = 1 at the aim point), NaN for a miss; solid shapes (an origin inside
 * answers 0).
 */
export interface RayGroup {
  name: string;
  pool: RayPool;
}

/**
 * Shape casts (bench/sweeps.ts): B moving (and turning, for a rotating pool) against A still, time
 * [0, 1], every pair in turn. Answer: the time of impact, NaN when they do not touch by time 1; 0 when
 * they overlap at the start.
 */
export interface CastGroup {
  name: string;
  pool: CastPool;
}

export function allPairs(n: number): Int32Array {
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

export function vec(x: number, y: number, z: number): { x: number; y: number; z: number } {
  return { x, y, z };
}
