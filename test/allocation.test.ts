/**
 * Every pairwise query, ray cast and shape cast on every kind of shape (each against a box, and every pair of kinds mixed at one
 * call site), computeAabb on every kind, and the 2D entry's queries, allocate nothing once warm. Measured in child processes
 * with `--expose-gc` (test/probes/allocation.ts), because a forced GC is needed to read the heap cleanly.
 * This is not a timing test: it counts bytes, which do not depend on the machine's speed.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs the probe in a fresh process (with `args`) and returns its bytes per query by row. */
async function probe(args: string[]): Promise<Record<string, number | 'Infinity'>> {
  const tsx = createRequire(import.meta.url).resolve('tsx');
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, ['--expose-gc', '--import', tsx, join('test', 'probes', 'allocation.ts'), ...args], { cwd: ROOT },
      (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)));
  });
  return (JSON.parse(stdout) as { result: Record<string, number | 'Infinity'> }).result;
}

test('pairwise queries and computeAabb allocate no JS heap once warm, on every kind of shape', async () => {
  // The shared rows, and every kind against a box through call sites of their own, in a process each.
  const [shared, kinds, plane] = await Promise.all([probe([]), probe(['kinds']), probe(['plane'])]);
  expect(Object.keys(shared).length).toBe(32);
  expect(Object.keys(kinds).length).toBe(28);
  // The 2D entry's eight queries on polygons, and contact on every pair of 2D kinds at one call site.
  expect(Object.keys(plane).length).toBe(10);
  const result = { ...shared, ...kinds, ...plane };
  // A double boxed on every call costs 16 bytes (a V8 heap number), on the queries that compute one
  // (the separated pairs of a pool: a third to two thirds of them); the regressions this guards against
  // cost 2 to 300 bytes per query. Measured as a slope between batch sizes, a query that allocates
  // nothing reads 0 (the probe's docs say why the slope); 'Infinity' means every batch collected garbage.
  // One known exception: manifolds of every pair of kinds through one call site (196 pairs, four poses,
  // a margin of 0.5) read 4 to 10 bytes a call in this process, run to run; 0 in a process of its own.
  // V8's sampling heap profiler puts it in branches a few pairs reach (a capsule's flat test, a cylinder's
  // side), which V8 leaves in its interpreter, where numbers are boxed. Held below 16 so that a boxing
  // on every call (16 bytes) cannot pass unseen.
  for (const [query, bytes] of Object.entries(result)) {
    const limit = query === 'manifold, every pair of kinds' ? 16 : 1;
    expect(bytes === 'Infinity' ? Infinity : bytes, `${query}: bytes per query`).toBeLessThan(limit);
  }
}, 300_000);
