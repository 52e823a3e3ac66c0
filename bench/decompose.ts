/**
 * `decompose()` on the test solids (issue 38), scored by the independent evaluator beside V-HACD 4's
 * recorded scores (test/decompose/vhacd-baseline.ts).
 *
 *   node --import tsx bench/decompose.ts [--only torus,bowl] [--concavity 0.02]
 *
 * Times here are this run's; V-HACD's recorded times are from another run (compare times only side by side:
 * bench/decompose-vs-vhacd.ts).
 */
import { decomposeToHulls } from '../src/decompose/decompose.js';
import { allMeshes } from '../test/decompose/meshes.js';
import { evaluateDecomposition } from '../test/decompose/oracles.js';
import { VHACD_BASELINE, type BaselineMesh } from '../test/decompose/vhacd-baseline.js';
import { option } from './decompose-common.js';

const only = option('only', '').split(',').filter((s) => s.length > 0);
const concavity = Number(option('concavity', '0.02'));
const pct = (x: number): string => `${(100 * x).toFixed(2)}%`;
for (const mesh of allMeshes()) {
  if (only.length > 0 && !only.includes(mesh.name)) continue;
  const t0 = performance.now();
  const r = decomposeToHulls(mesh, { concavity, effort: (option('effort', 'balanced') as 'fast') });
  const ms = performance.now() - t0;
  const s = evaluateDecomposition(mesh, r.hulls.map((h) => Array.from({ length: h.length / 3 }, (_, i) => [h[3 * i], h[3 * i + 1], h[3 * i + 2]])), { volumePoints: 50_000, meshSamples: 3_000, hullSamples: 500, seed: 1 });
  const v = VHACD_BASELINE[mesh.name as BaselineMesh];
  console.log(`${mesh.name.padEnd(10)} parts ${String(r.hulls.length).padStart(2)} (cuts ${r.cuts}, merges ${r.merges})  concavity ${pct(s.concavity)} [own ${pct(r.concavity)}] vs ${v ? pct(v.concavity) : '-'}  outside ${pct(s.outsideVolume)} vs ${v ? pct(v.outsideVolume) : '-'}  coverage ${pct(s.coverage)}  ${ms.toFixed(0)} ms vs ${v ? v.ms.toFixed(0) : '-'}`);
}
