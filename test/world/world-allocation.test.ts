/**
 * A world's step (setPose of every moving body, update, reading every contact and manifold) allocates
 * nothing per body or per pair once warm. Measured in a child process (test/probes/world-allocation.ts,
 * with heap-meter.ts's method and flags), as test/allocation.test.ts measures the pairwise queries: V8's
 * used heap over a batch of steps, with compiles on the main thread and no scavenge in a batch, so the
 * figure is the code's and not the machine's load. Counts bytes, not time.
 */
import { expect, test } from 'vitest';
import { allocationProbe } from '../probes/run-probe.js';

test('a world step allocates nothing per body or pair once warm, with and without manifolds', async () => {
  const result = await allocationProbe('world-allocation.ts');
  expect(Object.keys(result).length).toBe(3);
  // 300 moving bodies, about 550 pairs (165 touching) a step: anything allocated per body or per pair would cost at
  // least 16 bytes (one V8 heap number) times hundreds, per step. Measured: 0 for both. Held below 16: not
  // one heap number a step. (Before the meter compiled on the main thread, a loaded machine read 96 bytes a
  // step here: handles boxed when a pair stopped touching, which the meter now shows on any machine.)
  // One known exception: 150 bodies of six kinds on one mesh, with manifolds, read 45 bytes a step (0.3 a
  // body): manifold records made when a pair's list outgrows the pool (V8's sampling heap profiler: the
  // records, and a box–hull pair's rare kept-axis path still interpreted). It read 57.8 KB a step before
  // a mesh's scratch triangle kept its radius boxed for the loads that see every kind (triangle-mesh.ts,
  // boxedRadii). Held below 1 KB a step (64 heap numbers).
  for (const [row, bytes] of Object.entries(result)) {
    const limit = row.includes('on a mesh') ? 1024 : 16;
    expect(bytes === 'Infinity' ? Infinity : bytes, `${row}: bytes per step`).toBeLessThan(limit);
  }
}, 300_000);
