/**
 * Allocation probe, run by `test/allocation.test.ts` in a child process started with `--expose-gc`:
 * prints, as JSON, the JS heap bytes each pairwise query allocates once warm. Our queries promise zero;
 * V8 boxes doubles passed through non-inlined calls or read through some typed-array views, and such a
 * regression shows here long before anyone reruns the benchmarks.
 *
 * Method (as bench/harness.ts): warm up, force a GC, re-warm briefly (a full GC drops optimised code),
 * then compare V8's used heap before and after a batch. A batch during which a GC ran shows a drop and
 * is discarded; the figure is the smallest of five batches.
 */
import v8 from 'node:v8';
import { contact, createContactResult, createPenetrationResult, distance, intersects, penetration } from '../../src/index.js';
import { oursPairs } from '../../bench/peers/ours.js';
import { makeBoxesPool, makeHullsPool, makeSphereBoxPool } from '../../bench/pools.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('probe.ts needs node --expose-gc');

// The benchmark's own shapes and poses (bench/peers/ours.ts), on smaller pools.
const SIZE = 512;

let sink = 0;
function bytesPerQuery(run: (count: number) => number, count: number): number {
  sink += run(4 * count);
  let best = Infinity;
  for (let attempt = 0; attempt < 5; attempt++) {
    gc!();
    sink += run(2048);
    const before = v8.getHeapStatistics().used_heap_size;
    const acc = run(count);
    const after = v8.getHeapStatistics().used_heap_size;
    sink += acc;
    if (after >= before) best = Math.min(best, (after - before) / count);
  }
  return best;
}

const boxes = oursPairs(makeBoxesPool(SIZE)), sphereBox = oursPairs(makeSphereBoxPool(SIZE)), hulls = oursPairs(makeHullsPool(2, SIZE));
const pen = createPenetrationResult(), con = createContactResult();
// One loop per query, each its own function literal with a local accumulator, as a caller would write
// it: a shared loop would call the queries through one polymorphic call site, and adding into a
// module-level variable stores a fresh heap number each time; either would blame the library for the
// probe's own allocation.
const queries: Record<string, [(n: number) => number, number]> = {
  'box-box intersects': [(n) => { let acc = 0; const p = boxes; for (let k = 0; k < n; k++) { const i = k % SIZE; if (intersects(p.sA[i], p.pA[i], p.sB[i], p.pB[i])) acc++; } return acc; }, 20_000],
  'box-box distance': [(n) => { let acc = 0; const p = boxes; for (let k = 0; k < n; k++) { const i = k % SIZE; acc += distance(p.sA[i], p.pA[i], p.sB[i], p.pB[i]); } return acc; }, 20_000],
  'box-box penetration': [(n) => { let acc = 0; const p = boxes; for (let k = 0; k < n; k++) { const i = k % SIZE; const r = penetration(p.sA[i], p.pA[i], p.sB[i], p.pB[i], pen); if (r !== null) acc += r.depth; } return acc; }, 5_000],
  'box-box contact': [(n) => { let acc = 0; const p = boxes; for (let k = 0; k < n; k++) { const i = k % SIZE; acc += contact(p.sA[i], p.pA[i], p.sB[i], p.pB[i], con)!.separation; } return acc; }, 5_000],
  'sphere-box distance': [(n) => { let acc = 0; const p = sphereBox; for (let k = 0; k < n; k++) { const i = k % SIZE; acc += distance(p.sA[i], p.pA[i], p.sB[i], p.pB[i]); } return acc; }, 20_000],
  'hull-hull intersects': [(n) => { let acc = 0; const p = hulls; for (let k = 0; k < n; k++) { const i = k % SIZE; if (intersects(p.sA[i], p.pA[i], p.sB[i], p.pB[i])) acc++; } return acc; }, 10_000],
  'hull-hull distance': [(n) => { let acc = 0; const p = hulls; for (let k = 0; k < n; k++) { const i = k % SIZE; acc += distance(p.sA[i], p.pA[i], p.sB[i], p.pB[i]); } return acc; }, 10_000],
  'hull-hull contact': [(n) => { let acc = 0; const p = hulls; for (let k = 0; k < n; k++) { const i = k % SIZE; acc += contact(p.sA[i], p.pA[i], p.sB[i], p.pB[i], con)!.separation; } return acc; }, 3_000],
};
const result: Record<string, number> = {};
for (const [name, [run, count]] of Object.entries(queries)) result[name] = bytesPerQuery(run, count);
process.stdout.write(JSON.stringify({ result, sink: Number.isFinite(sink) }));
