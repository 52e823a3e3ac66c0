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
  expect(Object.keys(result).length).toBe(2);
  // 300 moving bodies, about 550 pairs (165 touching) a step: anything allocated per body or per pair would cost at
  // least 16 bytes (one V8 heap number) times hundreds, per step. Measured: 0 for both. Held below 16: not
  // one heap number a step. (Before the meter compiled on the main thread, a loaded machine read 96 bytes a
  // step here: handles boxed when a pair stopped touching, which the meter now shows on any machine.)
  for (const [row, bytes] of Object.entries(result)) {
    expect(bytes === 'Infinity' ? Infinity : bytes, `${row}: bytes per step`).toBeLessThan(16);
  }
}, 300_000);
