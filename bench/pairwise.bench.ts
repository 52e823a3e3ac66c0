/**
 * Pairwise queries on the POOLS.md pools, every library on the same pairs in one process:
 * intersection, distance, penetration (overlapping boxes only) and signed contact.
 * Each group carries its exact answers (bench/oracles.ts) for accuracy scoring.
 */
import type { Accuracy, Case } from './harness.js';
import { scoreBoolean, scoreLength } from './harness.js';
import { boxesTruth, hullsTruth, sphereBoxTruth, type PoolTruth } from './oracles.js';
import { allPairs, type PairGroup } from './peers/common.js';
import { cannonCases } from './peers/cannon.js';
import { crashcatCases } from './peers/crashcat.js';
import { oursCases } from './peers/ours.js';
import { initRapier, prepareRapierWorlds, rapierCases } from './peers/rapier.js';
import { threeCases } from './peers/three-ray.js';
import { makeBoxesPool, makeHullsPool, makeSphereBoxPool, POOL_SIZE, type Pool } from './pools.js';

/** Native C figures from POOLS.md (ns per query, same pools, same kind of machine). */
export const NATIVE: Record<string, string> = {
  'box–box intersection': 'libccd GJK 514 / libccd MPR 304 / coal GJK 389',
  'box–box distance': 'openGJK 363 / coal GJK 524',
  'box–box penetration': 'coal GJK+EPA 1,914 / libccd GJK+EPA 4,250',
  'hull–hull distance (R = 2)': 'openGJK 650 / coal 1,316',
  'hull–hull intersection (R = 2)': 'libccd GJK 477',
};

export interface PairBench {
  group: PairGroup;
  truth: PoolTruth;
  cases: Case[];
}

function indicesWhere(t: Uint8Array, v: number): Int32Array {
  const out: number[] = [];
  for (let i = 0; i < t.length; i++) if (t[i] === v) out.push(i);
  return Int32Array.from(out);
}

/** Builds every pairwise benchmark. `size` < POOL_SIZE gives a quick subset (the first pairs). */
export async function pairwiseBenches(size = POOL_SIZE): Promise<PairBench[]> {
  await initRapier();
  const boxes = makeBoxesPool(size), sphereBox = makeSphereBoxPool(size);
  const hulls2 = makeHullsPool(2, size), hulls3 = makeHullsPool(3, size);
  let t0 = performance.now();
  prepareRapierWorlds([boxes, sphereBox, hulls2, hulls3]);
  if (process.env.BENCH_DEBUG) process.stderr.write(`  rapier worlds: ${(performance.now() - t0).toFixed(0)} ms\n`);
  t0 = performance.now();
  const truth = new Map<Pool, PoolTruth>([
    [boxes, boxesTruth(boxes)], [sphereBox, sphereBoxTruth(sphereBox)],
    [hulls2, hullsTruth(hulls2)], [hulls3, hullsTruth(hulls3)],
  ]);
  if (process.env.BENCH_DEBUG) process.stderr.write(`  oracles: ${(performance.now() - t0).toFixed(0)} ms\n`);
  const all = allPairs(size);
  const groups: PairGroup[] = [
    { name: 'box–box intersection', kind: 'intersection', pool: boxes, pairs: all },
    { name: 'box–box distance', kind: 'distance', pool: boxes, pairs: all },
    { name: 'box–box penetration', kind: 'penetration', pool: boxes, pairs: indicesWhere(truth.get(boxes)!.overlap, 1) },
    { name: 'box–box contact', kind: 'contact', pool: boxes, pairs: all },
    { name: 'sphere–box intersection', kind: 'intersection', pool: sphereBox, pairs: all },
    { name: 'sphere–box distance', kind: 'distance', pool: sphereBox, pairs: all },
    { name: 'sphere–box contact', kind: 'contact', pool: sphereBox, pairs: all },
    { name: 'hull–hull intersection (R = 2)', kind: 'intersection', pool: hulls2, pairs: all },
    { name: 'hull–hull distance (R = 2)', kind: 'distance', pool: hulls2, pairs: all },
    { name: 'hull–hull distance (R = 3)', kind: 'distance', pool: hulls3, pairs: all },
    { name: 'hull–hull contact (R = 2)', kind: 'contact', pool: hulls2, pairs: all },
    { name: 'ray–box', kind: 'ray', pool: boxes, pairs: all },
    { name: 'ray–hull (30 points)', kind: 'ray', pool: hulls2, pairs: all },
    { name: 'box–box manifold', kind: 'manifold', pool: boxes, pairs: indicesWhere(truth.get(boxes)!.overlap, 1) },
    { name: 'hull–hull manifold (R = 2)', kind: 'manifold', pool: hulls2, pairs: indicesWhere(truth.get(hulls2)!.overlap, 1) },
  ];
  const out: PairBench[] = [];
  for (const group of groups) {
    const t0 = performance.now();
    const cases: Case[] = [];
    for (const make of [oursCases, rapierCases, crashcatCases, cannonCases, threeCases]) {
      const t = performance.now();
      cases.push(...make(group));
      if (process.env.BENCH_DEBUG) process.stderr.write(`    ${group.name} ${make.name} ${(performance.now() - t).toFixed(0)} ms\n`);
    }
    out.push({ group, truth: truth.get(group.pool)!, cases });
    if (process.env.BENCH_DEBUG) process.stderr.write(`  ${group.name}: ${(performance.now() - t0).toFixed(0)} ms\n`);
  }
  return out;
}

/**
 * Scores a case against the exact answers. Hull contact is scored on separated pairs only (the
 * oracles do not compute hull penetration depth).
 */
export function scorePairCase(b: PairBench, c: Case): Accuracy | null {
  if (!c.answer) return null;
  const t = b.truth, g = b.group;
  let pairs: Int32Array = g.kind === 'contact' && g.pool.kind === 'hulls' ? indicesWhere(t.overlap, 0) : g.pairs;
  if (c.accuracySubset !== undefined) pairs = pairs.filter((i) => i < c.accuracySubset!);
  switch (g.kind) {
    case 'intersection': return scoreBoolean(c.answer, t.overlap, pairs);
    case 'distance': return scoreLength(c.answer, (i) => t.distance[i], pairs);
    case 'penetration': return scoreLength(c.answer, (i) => t.depth[i], pairs);
    case 'contact': return scoreLength(c.answer, (i) => t.distance[i] - t.depth[i], pairs);
    // The deepest point's depth; hull pools have no depth oracle.
    case 'manifold': return g.pool.kind === 'hulls' ? null : scoreLength(c.answer, (i) => t.depth[i], pairs);
    case 'ray': return null; // (no ray oracle in the bench: test/cast/ scores rays against closed forms)
  }
}
