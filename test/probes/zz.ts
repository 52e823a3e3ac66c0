import v8 from 'node:v8';
import { distance } from '../../src/index.js';
import { acquireWork } from '../../src/query/query-work.js';
import { oursPairs } from '../../bench/peers/ours.js';
import { makeSphereBoxPool } from '../../bench/pools.js';
const p = oursPairs(makeSphereBoxPool(512));
const run = (n: number) => { let acc = 0; for (let k = 0; k < n; k++) { const i = k % 512; acc += distance(p.sA[i], p.pA[i], p.sB[i], p.pB[i]); } return acc; };
run(100000);
let best = Infinity;
for (let a = 0; a < 5; a++) { (globalThis as any).gc(); run(2048); const b = v8.getHeapStatistics().used_heap_size; run(20000); const c = v8.getHeapStatistics().used_heap_size; if (c >= b) best = Math.min(best, (c - b) / 20000); }
console.log('bytes', best);
const w = acquireWork(false);
eval('%DebugPrint(w)'); eval('%DebugPrintPtr(w)');
