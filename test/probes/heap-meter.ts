/**
 * Bytes a warm loop allocates on the JS heap, measured so that neither the machine's speed nor its load
 * can change the figure. The allocation probes import it, and run-probe.ts starts them with its PROBE_FLAGS:
 *
 * - `--no-concurrent-recompilation --no-concurrent-osr`: TurboFan compiles on the main thread as soon as a
 *   function is hot, so optimised code is in place after the same number of calls however busy the machine
 *   is. With background compiles, what was measured depended on when they landed (a world step read 96
 *   bytes at a load of 2.7 and 0 on a quiet machine; with compiles on the main thread it reads 96 on any
 *   machine, which found a real boxing in CollisionWorld.update).
 * - `--min-semi-space-size=64 --max-semi-space-size=64`: the young generation holds 64 MB, so no scavenge
 *   runs during a batch (a batch allocates at most a few MB even when it fails) and the used heap's growth
 *   over the batch is what the batch allocated, to the byte.
 *
 * Method: warm up in rounds, force one full GC, re-warm; then read V8's used heap before and after each of
 * a few batches in a row. The figure is the least growth over the repeats, less what the batch allocates of
 * its own (the heap reading, its result), per call: a batch's one-off costs (a recompile, an array growing to
 * a new peak) do not come back in every repeat, and what each call allocates does. Repeats stop at the first that reads 0.
 * A repeat during which a collection ran anyway (PerformanceObserver) says nothing and is not counted.
 */
import { PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';
import { PROBE_FLAGS } from './run-probe.js';

/**
 * Warm-up rounds of 4 batches each, before the first measurement. One is enough: a row that still allocates
 * goes on to the next repeat, so rows that need more warm-up get it (two rounds cost 10 CPU-s more a run).
 */
const WARM_ROUNDS = 1;
/**
 * Measured batches at most; the least growth is the figure. Some paths reach optimised code late: the
 * compound ray cast (its hollow half) allocated 0.75 bytes a call until about 180,000 calls in.
 */
const MAX_REPEATS = 10;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error(`an allocation probe needs node ${PROBE_FLAGS.join(' ')} (test/probes/run-probe.ts)`);

let collections = 0;
new PerformanceObserver((list) => { collections += list.getEntries().length; }).observe({ entryTypes: ['gc'] });
/** Lets pending garbage-collection reports arrive (they come on a later tick). */
const settle = async (): Promise<void> => {
  for (let k = 0; k < 3; k++) await new Promise((resolve) => setImmediate(resolve));
};

/** Results of the loops, kept so that no loop is optimised away. */
let sink = 0;
export const sinkIsFinite = (): boolean => Number.isFinite(sink);

const used = (): number => v8.getHeapStatistics().used_heap_size;

/** One measured batch: V8's used heap growth over `count` calls of `run`. */
function growth(run: (count: number) => number, count: number): number {
  const before = used();
  const result = run(count);
  const after = used();
  sink += result;
  return after - before;
}

/**
 * What a batch allocates of its own (the heap reading's statistics object, the batch's result boxed, the
 * sink's new sum), measured as the least over a few batches of a loop that allocates nothing.
 */
const OWN = (() => {
  const idle = (n: number): number => { let acc = 0.5; for (let k = 0; k < n; k++) acc += 0.125; return acc; };
  for (let k = 0; k < 20; k++) growth(idle, 10_000);
  let least = Infinity;
  for (let k = 0; k < 8; k++) least = Math.min(least, growth(idle, 10_000));
  return least;
})();

/**
 * Bytes per call of `run` (which makes `count` calls and returns a number to sink), once warm; Infinity
 * when a collection ran during every repeat.
 */
export async function bytesPerCall(run: (count: number) => number, count: number): Promise<number> {
  for (let round = 0; round < WARM_ROUNDS; round++) { sink += run(4 * count); await settle(); }
  // One full collection empties the young generation (the repeats that follow fit in its 64 MB), then a
  // re-warm, since a full collection can drop optimised code; the repeats run back to back.
  gc!();
  sink += run(count);
  await settle();
  let least = Infinity;
  for (let repeat = 0; repeat < MAX_REPEATS && least > 0; repeat++) {
    const seen = collections;
    const grown = growth(run, count);
    await settle();
    if (collections === seen) least = Math.min(least, Math.max(0, grown - OWN) / count);
  }
  return least;
}
