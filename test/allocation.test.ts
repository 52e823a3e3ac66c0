/**
 * Every pairwise query, and computeAabb on every kind of shape, allocates nothing once warm (README, "Limitations", and docs/performance.md). Measured in a child process
 * with `--expose-gc` (test/probes/allocation.ts), because a forced GC is needed to read the heap cleanly.
 * This is not a timing test: it counts bytes, which do not depend on the machine's speed.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

test('pairwise queries and computeAabb allocate no JS heap once warm', async () => {
  const tsx = createRequire(import.meta.url).resolve('tsx');
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, ['--expose-gc', '--import', tsx, join('test', 'probes', 'allocation.ts')], { cwd: ROOT },
      (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)));
  });
  const { result } = JSON.parse(stdout) as { result: Record<string, number | 'Infinity'> };
  expect(Object.keys(result).length).toBe(12);
  // A double boxed on every call costs 16 bytes (a V8 heap number), on the queries that compute one
  // (the separated pairs of a pool: a third to two thirds of them); the regressions this guards against
  // cost 2 to 300 bytes per query. Measured as a slope between batch sizes, a query that allocates
  // nothing reads 0 (the probe's docs say why the slope); 'Infinity' means every batch collected garbage.
  for (const [query, bytes] of Object.entries(result)) expect(bytes === 'Infinity' ? Infinity : bytes, `${query}: bytes per query`).toBeLessThan(1);
}, 120_000);
