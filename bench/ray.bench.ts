/**
 * Ray casts against every convex shape kind where a pool makes sense, on rays derived from the POOLS.md
 * pools (bench/sweeps.ts: origins at twice the pool's B positions, aimed at seeded points about a shape's
 * size from its centre, so that rays hit, graze and miss): sphere, box, capsule, cylinder, cone, rounded
 * box, ellipsoid and triangle on the boxes pool's sizes and rotations (one set of rays for all of them),
 * the 30-point hull on the hulls pool (R = 2). Peers: rapier's `Collider.castRay` and three.js's `Ray`
 * where it has the shape. Every answer is scored against the exact t of bench/sweep-oracles.ts.
 */
import { scoreHits, type Accuracy, type Case } from './harness.js';
import type { RayGroup } from './peers/common.js';
import { oursRayCases } from './peers/ours.js';
import { initRapier, rapierRayCases } from './peers/rapier.js';
import { threeRayCases } from './peers/three-ray.js';
import { POOL_SIZE } from './pools.js';
import { rayTruth } from './sweep-oracles.js';
import { makeRayPool, type RayShapeKind } from './sweeps.js';

export interface SweepBench {
  group: string;
  cases: Case[];
  /** Exact answer per input (NaN: nothing), for scoring and for the hit count in the notes. */
  exact: Float64Array;
  score: (c: Case) => Accuracy | null;
}

const KINDS: Array<[RayShapeKind, string]> = [
  ['sphere', 'ray–sphere'], ['box', 'ray–box'], ['capsule', 'ray–capsule'], ['cylinder', 'ray–cylinder'], ['cone', 'ray–cone'],
  ['hull', 'ray–hull (30 points)'], ['triangle', 'ray–triangle'], ['ellipsoid', 'ray–ellipsoid'], ['rounded box', 'ray–rounded box'],
];

/** Scores a case's answers on its pairs (all, or the first `accuracySubset`) against the exact ones. */
export function scoreSweepCase(exact: Float64Array, c: Case): Accuracy | null {
  if (!c.answer) return null;
  const n = Math.min(exact.length, c.accuracySubset ?? exact.length);
  return scoreHits(c.answer, (i) => exact[i], Int32Array.from({ length: n }, (_, i) => i));
}

/** Builds the ray benchmarks whose group name `wanted` accepts. `size` < POOL_SIZE gives a quick subset. */
export async function rayBenches(size = POOL_SIZE, wanted: (group: string) => boolean = () => true): Promise<SweepBench[]> {
  await initRapier();
  const out: SweepBench[] = [];
  // The hull first: rapier's convex-polyhedron colliders are made before any other (peers/rapier.ts).
  const order = [...KINDS].sort((a, b) => +(b[0] === 'hull') - +(a[0] === 'hull'));
  for (const [kind, group] of order) {
    if (!wanted(group)) continue;
    const pool = makeRayPool(kind, size);
    const g: RayGroup = { name: group, pool };
    const exact = rayTruth(pool);
    const cases = [...oursRayCases(g), ...rapierRayCases(g), ...threeRayCases(g)];
    out.push({ group, cases, exact, score: (c) => scoreSweepCase(exact, c) });
  }
  const rank = (group: string): number => KINDS.findIndex((k) => k[1] === group);
  return out.sort((a, b) => rank(a.group) - rank(b.group));
}
