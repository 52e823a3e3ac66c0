/**
 * The decomposition as built so far (src/decompose/decompose.ts, not exported yet; issue 38): on the
 * polyhedral test solids it must find the exact convex pieces (a box whole, an L in two, a U in three, a star
 * prism in its arms), scored by the independent evaluator (coverage, concavity, outside volume), at least as
 * well as V-HACD 4's recorded scores, and give the same bits twice. The curved solids (torus, knot, bowl,
 * helix) are the issue's next step: their overhang measure is too slow as built (see the closing note).
 */
import { describe, expect, it } from 'vitest';
import { decomposeToHulls } from '../../src/decompose/decompose.js';
import { box, chair, lBlock, starPrism, uBlock, type SolidMesh } from './meshes.js';
import { evaluateDecomposition } from './oracles.js';
import { VHACD_BASELINE } from './vhacd-baseline.js';

const asPoints = (h: Float64Array): number[][] => Array.from({ length: h.length / 3 }, (_, i) => [h[3 * i], h[3 * i + 1], h[3 * i + 2]]);

function check(mesh: SolidMesh, parts: number): void {
  const r = decomposeToHulls(mesh);
  expect(r.hulls.length, mesh.name).toBeLessThanOrEqual(parts);
  const s = evaluateDecomposition(mesh, r.hulls.map(asPoints), { volumePoints: 20_000, meshSamples: 1_000, hullSamples: 200, seed: 5 });
  const v = VHACD_BASELINE[mesh.name as keyof typeof VHACD_BASELINE];
  expect(s.coverage, mesh.name).toBe(1);
  expect(s.concavity, mesh.name).toBeLessThanOrEqual(Math.min(0.02, v.concavity));
  expect(s.outsideVolume, mesh.name).toBeLessThanOrEqual(v.outsideVolume + 0.02);
}

describe('decomposeToHulls (polyhedral solids)', () => {
  it('a box is one part, its own hull; an L two; a U three; the chair six', () => {
    const b = decomposeToHulls(box());
    expect(b.hulls.length).toBe(1);
    expect(b.hulls[0].length).toBe(24);
    check(lBlock(), 2);
    check(uBlock(), 3);
    check(chair(), 6);
  }, 30_000);

  it('a star prism in at most six parts, within 2 % of its diagonal and V-HACD\'s scores; the same bits twice', () => {
    check(starPrism(), 6);
    const a = decomposeToHulls(starPrism()), b = decomposeToHulls(starPrism());
    expect(a.hulls.map((h) => Array.from(h))).toEqual(b.hulls.map((h) => Array.from(h)));
  }, 30_000);
});
