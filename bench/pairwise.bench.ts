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

type PoolName = 'boxes' | 'sphereBox' | 'hulls2' | 'hulls3';

/** Every pairwise group: name, query, pool, and whether it cycles over the overlapping pairs only. */
const GROUPS: Array<[string, PairGroup['kind'], PoolName, boolean]> = [
  ['box–box intersection', 'intersection', 'boxes', false],
  ['box–box distance', 'distance', 'boxes', false],
  ['box–box penetration', 'penetration', 'boxes', true],
  ['box–box contact', 'contact', 'boxes', false],
  ['sphere–box intersection', 'intersection', 'sphereBox', false],
  ['sphere–box distance', 'distance', 'sphereBox', false],
  ['sphere–box contact', 'contact', 'sphereBox', false],
  ['hull–hull intersection (R = 2)', 'intersection', 'hulls2', false],
  ['hull–hull distance (R = 2)', 'distance', 'hulls2', false],
  ['hull–hull distance (R = 3)', 'distance', 'hulls3', false],
  ['hull–hull contact (R = 2)', 'contact', 'hulls2', false],
  ['box–box manifold', 'manifold', 'boxes', true],
  ['hull–hull manifold (R = 2)', 'manifold', 'hulls2', true],
];

/**
 * Builds the pairwise benchmarks whose name `wanted` accepts (every one by default), with the pools,
 * oracles and rapier worlds they need. `size` < POOL_SIZE gives a quick subset (the first pairs).
 */
export async function pairwiseBenches(size = POOL_SIZE, wanted: (group: string) => boolean = () => true): Promise<PairBench[]> {
  const specs = GROUPS.filter(([name]) => wanted(name));
  if (specs.length === 0) return [];
  await initRapier();
  const make: Record<PoolName, () => Pool> = {
    boxes: () => makeBoxesPool(size), sphereBox: () => makeSphereBoxPool(size),
    hulls2: () => makeHullsPool(2, size), hulls3: () => makeHullsPool(3, size),
  };
  const pools = new Map<PoolName, Pool>();
  for (const [, , name] of specs) if (!pools.has(name)) pools.set(name, make[name]());
  let t0 = performance.now();
  prepareRapierWorlds([...pools.values()]);
  if (process.env.BENCH_DEBUG) process.stderr.write(`  rapier worlds: ${(performance.now() - t0).toFixed(0)} ms\n`);
  t0 = performance.now();
  const truth = new Map<Pool, PoolTruth>();
  for (const p of pools.values()) truth.set(p, p.kind === 'boxes' ? boxesTruth(p) : p.kind === 'sphere-box' ? sphereBoxTruth(p) : hullsTruth(p));
  if (process.env.BENCH_DEBUG) process.stderr.write(`  oracles: ${(performance.now() - t0).toFixed(0)} ms\n`);
  const all = allPairs(size);
  const groups: PairGroup[] = specs.map(([name, kind, poolName, overlapOnly]) => {
    const pool = pools.get(poolName)!;
    return { name, kind, pool, pairs: overlapOnly ? indicesWhere(truth.get(pool)!.overlap, 1) : all };
  });
  const out: PairBench[] = [];
  for (const group of groups) {
    const t0 = performance.now();
    const cases: Case[] = [];
    for (const make of [oursCases, rapierCases, crashcatCases, cannonCases]) {
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
  }
}
