/**
 * Shape casts on moving shapes derived from the POOLS.md pools (bench/sweeps.ts: B starts at twice its
 * pool position and moves towards a seeded point near A, over time [0, 1]): linear box–box (boxes
 * pool), sphere–box (sphere–box pool) and hull–hull (30-point hulls, R = 3), and box–box with B also
 * turning at a seeded angular velocity. Peer: rapier's linear casts (`Collider.castCollider`,
 * `Shape.castShape`); it has no cast of turning shapes in JavaScript. Linear casts are scored against
 * the exact times of bench/sweep-oracles.ts; the rotating one has no oracle and is not scored.
 */
import type { Case } from './harness.js';
import type { CastGroup } from './peers/common.js';
import { oursCastCases } from './peers/ours.js';
import { initRapier, prepareRapierCastWorlds, rapierCastCases } from './peers/rapier.js';
import { POOL_SIZE } from './pools.js';
import { scoreSweepCase, type SweepBench } from './ray.bench.js';
import { linearCastTruth } from './sweep-oracles.js';
import { makeCastPool, type CastPairKind } from './sweeps.js';

const GROUPS: Array<[CastPairKind, boolean, string]> = [
  ['box-box', false, 'box–box linear cast'],
  ['sphere-box', false, 'sphere–box linear cast'],
  ['hull-hull', false, 'hull–hull linear cast (R = 3)'],
  ['box-box', true, 'box–box rotating cast'],
];

/** Builds the shape-cast benchmarks whose group name `wanted` accepts. `size` < POOL_SIZE gives a quick subset. */
export async function castBenches(size = POOL_SIZE, wanted: (group: string) => boolean = () => true): Promise<SweepBench[]> {
  await initRapier();
  const groups: CastGroup[] = GROUPS.filter(([, , name]) => wanted(name)).map(([pair, rotating, name]) => ({ name, pool: makeCastPool(pair, rotating, size) }));
  prepareRapierCastWorlds(groups.filter((g) => !g.pool.angular).map((g) => g.pool));
  const out: SweepBench[] = [];
  for (const g of groups) {
    const exact = g.pool.angular ? new Float64Array(g.pool.size).fill(NaN) : linearCastTruth(g.pool);
    const cases: Case[] = [...oursCastCases(g), ...rapierCastCases(g)];
    out.push({ group: g.name, cases, exact, score: (c) => (g.pool.angular ? null : scoreSweepCase(exact, c)) });
  }
  return out;
}
