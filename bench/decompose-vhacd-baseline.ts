/**
 * Stage 0 of `decompose()` (issue 38, notes' plan §4): V-HACD 4's decompositions of the test solids, scored
 * by our own evaluator, so that ours can be held to them. For each mesh of test/decompose/meshes.ts (detail
 * 1) it writes an OBJ to a scratch folder, runs the native driver of ../shared/bench/native/vhacd/ (V-HACD
 * 4.1 compiled natively; a measuring tool outside the project: nothing of it is copied here), scores the
 * hulls it prints with test/decompose/oracles.ts's `evaluateDecomposition`, and prints a table and the
 * entries of test/decompose/vhacd-baseline.ts, where the numbers are recorded.
 *
 *   node --import tsx bench/decompose-vhacd-baseline.ts [--runs 3] [--points 200000] [--only torus,chair]
 *
 * The driver runs with `--max-hulls 32 --threads 0` (everything on the calling thread, as a JavaScript
 * decomposition runs) and its other parameters at V-HACD's defaults, which it echoes: 400,000 voxels, 1 %
 * volume error, depth 10, 64 vertices a hull, shrink-wrap, flood fill. Its `ms` is the fastest of `--runs`
 * runs of the decomposition alone. A measuring tool, not a test: it asserts nothing, and its times move by
 * up to 2× between runs on the 2-core machine.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allMeshes } from '../test/decompose/meshes.js';
import { evaluateDecomposition, type EvaluateOptions } from '../test/decompose/oracles.js';
import { option, toObj, VHACD_DRIVER } from './decompose-common.js';

const DRIVER = VHACD_DRIVER;



interface DriverOutput {
  params: Record<string, number | boolean | string>;
  ms: number;
  ms_runs: number[];
  hulls: number[][][];
}

if (!existsSync(DRIVER)) {
  console.log(`No V-HACD driver at ${DRIVER} (it lives in ../shared, beside the project): nothing to measure.`);
  process.exit(0);
}

const runs = Number(option('runs', '3'));
const only = option('only', '').split(',').filter((s) => s !== '');
/** The evaluation's counts: the acceptance run's 200k points (plan §4), and dense surface samples. */
const evaluation: EvaluateOptions = { seed: 1, volumePoints: Number(option('points', '200000')), meshSamples: 10_000, hullSamples: 1_000, tolerance: 1e-9 };
const scratch = mkdtempSync(join(tmpdir(), 'vhacd-baseline-'));
const rows: string[] = [];
const entries: string[] = [];
try {
  for (const mesh of allMeshes(1)) {
    if (only.length > 0 && !only.includes(mesh.name)) continue;
    const file = join(scratch, `${mesh.name}.obj`);
    writeFileSync(file, toObj(mesh));
    const out = JSON.parse(execFileSync(DRIVER, [file, '--max-hulls', '32', '--threads', '0', '--runs', String(runs)], { encoding: 'utf8', maxBuffer: 1 << 28 })) as DriverOutput;
    const t0 = performance.now();
    const s = evaluateDecomposition(mesh, out.hulls, evaluation);
    const evalMs = performance.now() - t0;
    const sorted = [...out.ms_runs].sort((a, b) => a - b), median = sorted[sorted.length >> 1];
    const pct = (x: number, digits = 2): string => (100 * x).toFixed(digits);
    rows.push([
      mesh.name.padEnd(10), String(mesh.indices.length / 3).padStart(5), String(s.parts).padStart(3),
      `${pct(s.coverage, 3)} ± ${pct(s.coverageError, 3)}`.padStart(17), `${pct(s.concavity, 3)}`.padStart(7),
      `${pct(s.outward, 3)}`.padStart(7), `${pct(s.uncovered, 3)}`.padStart(7), `${pct(s.outsideVolume)} ± ${pct(s.outsideVolumeError)}`.padStart(14),
      out.ms.toFixed(0).padStart(6), median.toFixed(0).padStart(6), `(scored in ${(evalMs / 1000).toFixed(1)} s)`,
    ].join('  '));
    // Four significant digits, six for coverage (whose interesting digits come after 0.999).
    const r = (x: number): number => Number(x.toPrecision(4));
    entries.push(`  ${mesh.name}: { triangles: ${mesh.indices.length / 3}, parts: ${s.parts}, coverage: ${Number(s.coverage.toPrecision(6))}, coverageError: ${r(s.coverageError)}, `
      + `concavity: ${r(s.concavity)}, outward: ${r(s.outward)}, uncovered: ${r(s.uncovered)}, outsideVolume: ${r(s.outsideVolume)}, `
      + `outsideVolumeError: ${r(s.outsideVolumeError)}, ms: ${r(out.ms)}, msRuns: [${out.ms_runs.map(r).join(', ')}] },`);
    console.error(`${mesh.name}: done (${out.hulls.length} hulls; params ${JSON.stringify(out.params)})`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(`evaluation ${JSON.stringify(evaluation)}; V-HACD runs ${runs}`);
console.log('mesh         tris  hulls  coverage %         conc %  out. %  unc. %  outside vol. %   ms min  ms med');
for (const row of rows) console.log(row);
console.log('\n// entries for test/decompose/vhacd-baseline.ts');
for (const e of entries) console.log(e);
