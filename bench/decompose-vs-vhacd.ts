/**
 * `decompose()` beside V-HACD 4 (compiled natively, ../shared/bench/native/vhacd/: a measuring tool outside
 * the project) on the test solids, in one session, the two sides alternating round by round (this
 * machine's speed drifts by up to 2× between runs minutes apart: only a ratio measured this way means
 * anything). Each round runs V-HACD's driver once (its own `ms`: the decomposition alone, on one thread,
 * without the process's start) and then ours in this process; the table gives each side's median and the
 * ratio of medians, with our scores from the independent evaluator (test/decompose/oracles.ts) beside
 * V-HACD's recorded ones (test/decompose/vhacd-baseline.ts).
 *
 *   node --import tsx bench/decompose-vs-vhacd.ts [--rounds 3] [--only torus,bowl] [--points 50000] [--effort balanced]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decomposeToHulls } from '../src/index.js';
import { allMeshes } from '../test/decompose/meshes.js';
import { evaluateDecomposition } from '../test/decompose/oracles.js';
import { VHACD_BASELINE, type BaselineMesh } from '../test/decompose/vhacd-baseline.js';
import { option, toObj, VHACD_DRIVER } from './decompose-common.js';

const DRIVER = VHACD_DRIVER;



const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 === 1 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };

if (!existsSync(DRIVER)) {
  console.log(`No V-HACD driver at ${DRIVER} (it lives in ../shared, beside the project): nothing to measure.`);
  process.exit(0);
}
const rounds = Number(option('rounds', '3')), points = Number(option('points', '50000'));
const effort = option('effort', 'balanced') as 'fast' | 'balanced' | 'thorough';
const only = option('only', '').split(',').filter((s) => s !== '');
const scratch = mkdtempSync(join(tmpdir(), 'decompose-vs-vhacd-'));
const pct = (x: number): string => `${(100 * x).toFixed(2)}`.padStart(6);
console.log(`effort ${effort}, ${rounds} rounds alternating; scores: ours by the evaluator (${points} volume points), V-HACD's recorded`);
console.log('mesh        parts (V-HACD)  concavity % (V-HACD)  outside % (V-HACD)  coverage %   ours ms  V-HACD ms  ratio');
try {
  for (const mesh of allMeshes(1)) {
    if (only.length > 0 && !only.includes(mesh.name)) continue;
    const file = join(scratch, `${mesh.name}.obj`);
    writeFileSync(file, toObj(mesh));
    const ours: number[] = [], theirs: number[] = [];
    let result = decomposeToHulls(mesh, { effort });
    for (let r = 0; r < rounds; r++) {
      const out = JSON.parse(execFileSync(DRIVER, [file, '--max-hulls', '32', '--threads', '0', '--runs', '1'], { encoding: 'utf8', maxBuffer: 1 << 28 })) as { ms: number };
      theirs.push(out.ms);
      const t0 = performance.now();
      result = decomposeToHulls(mesh, { effort });
      ours.push(performance.now() - t0);
    }
    const s = evaluateDecomposition(mesh, result.hulls.map((h) => Array.from({ length: h.length / 3 }, (_, i) => [h[3 * i], h[3 * i + 1], h[3 * i + 2]])), { seed: 1, volumePoints: points, meshSamples: 5_000, hullSamples: 1_000 });
    const v = VHACD_BASELINE[mesh.name as BaselineMesh];
    const a = median(ours), b = median(theirs);
    console.log(`${mesh.name.padEnd(10)}  ${String(result.hulls.length).padStart(5)} (${String(v.parts).padStart(2)})      ${pct(s.concavity)} (${pct(v.concavity)})      ${pct(s.outsideVolume)} (${pct(v.outsideVolume)})    ${pct(s.coverage)}   ${a.toFixed(0).padStart(7)}  ${b.toFixed(0).padStart(9)}  ${(a / b).toFixed(2)}`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
