/**
 * Batch queries and the thread pool (issue 21): `npm run bench -- --only batch`.
 *
 * On the POOLS.md box pool and the 30-point hull pool (R = 2), each pair's A and B as two bodies, the same
 * pairs answered four ways, alternating in one process (the order reversed every other round):
 * - loop: the single-pair query on each pair (`distance`, or `contact` into one record);
 * - batch: `distanceBatch` / `contactBatch` on this thread, into one output array;
 * - pool ×1 and pool ×2: `BatchPool` with 1 and 2 worker threads (shapes sent once before timing; each
 *   call sends the poses and a share of the pairs, and gathers the answers).
 * Every way's answers are checked equal to the loop's, bit for bit, before timing. Each turn repeats a
 * way's call to about 40 ms; the figure is the median over rounds of the time for the whole pool of
 * pairs; throughput in pairs per second, and per thread for the pools.
 */
import { BatchPool } from '../src/threads/index.js';
import { contact, contactBatch, createContactResult, distance, distanceBatch, type Shape } from '../src/index.js';
import { oursPairs } from './peers/ours.js';
import { makeBoxesPool, makeHullsPool } from './pools.js';

export const BATCH_GROUP = 'batch queries and threads';

interface BatchBenchOptions { quick: boolean; wanted: (group: string) => boolean; log: (s: string) => void }

interface BatchRow { pool: string; query: string; way: string; threads: number; ms: number; pairsPerSecond: number; vsLoop: number }

type Way = 'loop' | 'batch' | 'pool ×1' | 'pool ×2';
const WAYS: readonly Way[] = ['loop', 'batch', 'pool ×1', 'pool ×2'];

const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[s.length >> 1] : 0.5 * (s[s.length / 2 - 1] + s[s.length / 2]); };

export async function batchBench(o: BatchBenchOptions): Promise<{ rows: BatchRow[]; markdown: string } | null> {
  if (!o.wanted(BATCH_GROUP)) return null;
  const pools = [await BatchPool.create({ threads: 1 }), await BatchPool.create({ threads: 2 })];
  const rows: BatchRow[] = [];
  const rounds = o.quick ? 4 : 12;
  try {
    for (const [poolName, pool] of [['boxes', makeBoxesPool()], ['hulls, R = 2', makeHullsPool(2)]] as const) {
      const p = oursPairs(pool as never);
      const n = p.sA.length;
      const shapes: Shape[] = [], poses = new Float64Array(14 * n), pairs = new Int32Array(2 * n);
      for (let k = 0; k < n; k++) {
        shapes.push(p.sA[k], p.sB[k]);
        for (const [b, q] of [[2 * k, p.pA[k]], [2 * k + 1, p.pB[k]]] as const) {
          poses.set([q.position.x, q.position.y, q.position.z, q.quaternion.x, q.quaternion.y, q.quaternion.z, q.quaternion.w], 7 * b);
        }
        pairs[2 * k] = 2 * k; pairs[2 * k + 1] = 2 * k + 1;
      }
      for (const pl of pools) pl.setShapes(shapes);
      for (const query of ['distance', 'contact'] as const) {
        const stride = query === 'distance' ? 1 : 10;
        const outs: Record<Way, Float64Array> = { loop: new Float64Array(stride * n), batch: new Float64Array(stride * n), 'pool ×1': new Float64Array(stride * n), 'pool ×2': new Float64Array(stride * n) };
        const rec = createContactResult();
        const run: Record<Way, () => Promise<void>> = {
          loop: async () => {
            const out = outs.loop;
            if (query === 'distance') for (let k = 0; k < n; k++) out[k] = distance(p.sA[k], p.pA[k], p.sB[k], p.pB[k]);
            else {
              for (let k = 0; k < n; k++) {
                const c = contact(p.sA[k], p.pA[k], p.sB[k], p.pB[k], rec)!;
                out.set([c.separation, c.normal.x, c.normal.y, c.normal.z, c.pointA.x, c.pointA.y, c.pointA.z, c.pointB.x, c.pointB.y, c.pointB.z], 10 * k);
              }
            }
          },
          batch: async () => { if (query === 'distance') distanceBatch(shapes, poses, pairs, outs.batch); else contactBatch(shapes, poses, pairs, outs.batch); },
          'pool ×1': async () => { await (query === 'distance' ? pools[0].distance(poses, pairs, outs['pool ×1']) : pools[0].contact(poses, pairs, outs['pool ×1'])); },
          'pool ×2': async () => { await (query === 'distance' ? pools[1].distance(poses, pairs, outs['pool ×2']) : pools[1].contact(poses, pairs, outs['pool ×2'])); },
        };
        // Answers first (and a warm-up): every way's equal to the loop's.
        for (const w of WAYS) { await run[w](); await run[w](); }
        for (const w of WAYS) {
          const a = outs.loop, b = outs[w];
          for (let k = 0; k < a.length; k++) if (!Object.is(a[k], b[k])) throw new Error(`batch bench: ${poolName} ${query} ${w} differs from the loop at ${k}`);
        }
        // Each timed turn repeats a way's call to about 40 ms (the loop's time sets the count), so that a
        // turn is long beside the machine's scheduling noise.
        const t1 = performance.now();
        await run.loop();
        const reps = Math.max(1, Math.round(40 / (performance.now() - t1)));
        const times: Record<Way, number[]> = { loop: [], batch: [], 'pool ×1': [], 'pool ×2': [] };
        for (let r = 0; r < rounds; r++) {
          for (const w of r % 2 ? [...WAYS].reverse() : WAYS) {
            const t0 = performance.now();
            for (let k = 0; k < reps; k++) await run[w]();
            times[w].push((performance.now() - t0) / reps);
          }
        }
        const loopMs = median(times.loop);
        for (const w of WAYS) {
          const ms = median(times[w]);
          const threads = w === 'pool ×2' ? 2 : 1;
          rows.push({ pool: poolName, query, way: w, threads, ms, pairsPerSecond: n / (ms / 1000), vsLoop: median(times.loop.map((x, i) => x / times[w][i])) });
          o.log(`  ${BATCH_GROUP}: ${poolName} ${query} ${w.padEnd(8)} ${ms.toFixed(2)} ms for ${n} pairs (loop ${loopMs.toFixed(2)} ms)`);
        }
      }
    }
  } finally {
    for (const pl of pools) await pl.terminate();
  }
  const md: string[] = [];
  md.push(`### ${BATCH_GROUP}`, '');
  md.push('| pool | query | way | ms for the pool (median) | pairs per second | per thread | loop ÷ this |');
  md.push('|---|---|---|--:|--:|--:|--:|');
  for (const r of rows) {
    md.push(`| ${r.pool} | ${r.query} | ${r.way} | ${r.ms.toFixed(2)} | ${Math.round(r.pairsPerSecond).toLocaleString('en-US')} | ${Math.round(r.pairsPerSecond / r.threads).toLocaleString('en-US')} | ${r.vsLoop.toFixed(2)}× |`);
  }
  md.push('', `<sub>10,000 pairs per pool, each pair's A and B two bodies. loop: the single-pair query per pair; batch: distanceBatch / contactBatch on the main thread; pool ×k: BatchPool with k worker threads (shapes sent once; each call sends the poses and the pairs' shares, gathers the answers). Every way's answers equal the loop's bit for bit (checked before timing). ${rounds} rounds, alternating, order reversed every other round, each turn the way's call repeated to about 40 ms; loop ÷ this is the median of the per-round ratios.</sub>`, '');
  return { rows, markdown: md.join('\n') };
}
