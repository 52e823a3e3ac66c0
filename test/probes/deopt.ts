/**
 * Deoptimisation probe, run by `test/deopt.test.ts` under `node --trace-deopt`: one hull of 100,000
 * points, then thousands of small ones, in the order the benchmark uses. A hot loop compiled on-stack
 * (OSR) before the code after it has run can leave V8 re-entering code that deoptimises on every later
 * call; buildHull and the ConvexHull constructor once did, 1,563 and 126 times in such a run.
 */
import { ConvexHull, buildHull } from '../../src/index.js';
import { makeBallPoints, makeSpherePoints } from '../../bench/pools.js';

let sink = 0;
sink += new ConvexHull(makeSpherePoints(100_000)).vertexCount;
sink += buildHull(makeBallPoints(100_000)).vertexCount;
const small = makeBallPoints(200), medium = makeBallPoints(1000);
for (let i = 0; i < 2000; i++) sink += new ConvexHull(small).vertexCount;
for (let i = 0; i < 1000; i++) sink += buildHull(medium).vertexCount;
process.stdout.write(`probe done ${sink > 0}\n`);
