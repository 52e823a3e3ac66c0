/**
 * Properties of `decomposeToHulls` on random solids of boxes (unions of a random 3 × 3 × 2 grid's cells with
 * random breakpoints, meshes.ts's cellUnion; cells meeting at an edge or a corner only make non-manifold
 * edges, which the reader accepts): every part is a valid hull, the parts cover the solid (every filled
 * cell's centre and corners in some part), their hulls hold at least the solid's volume, the concavity
 * reported is within the target or the part budget was spent, and scaling by a power of two scales the
 * answer exactly. Oracles: the grid itself (which cells are solid), the library's validateHull, quickhull3d's
 * volumes through the evaluator.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildHull, decomposeToHulls, validateHull } from '../../src/index.js';
import { runs, seed } from '../runs.js';
import { cellUnion, cellUnionVolume, starShapedPrism, type CellGrid } from './meshes.js';
import { buildOracleHull } from './oracles.js';

const breaks = fc.tuple(fc.double({ min: 0.2, max: 1, noNaN: true }), fc.double({ min: 0.2, max: 1, noNaN: true }), fc.double({ min: 0.2, max: 1, noNaN: true }))
  .map(([a, b, c]) => [0, a, a + b, a + b + c]);
const grid = fc.record({ xs: breaks, ys: breaks, zs: fc.double({ min: 0.2, max: 1, noNaN: true }).map((a) => [0, a, 2 * a]), cells: fc.array(fc.boolean(), { minLength: 18, maxLength: 18 }) })
  .filter((g) => g.cells.some((c) => c))
  .map((g): CellGrid & { cells: boolean[] } => ({ xs: g.xs, ys: g.ys, zs: g.zs, cells: g.cells, filled: (i, j, k) => g.cells[(k * 3 + j) * 3 + i] }));

function inSomeHull(hulls: ReturnType<typeof buildHull>[], x: number, y: number, z: number, tol: number): boolean {
  return hulls.some((h) => {
    for (let f = 0; f < h.faceCount; f++) if (h.faceNormals[3 * f] * x + h.faceNormals[3 * f + 1] * y + h.faceNormals[3 * f + 2] * z > h.faceOffsets[f] + tol) return false;
    return true;
  });
}

describe('decomposeToHulls on random unions of boxes', () => {
  it('valid hulls covering every cell, holding the volume, within the target or the budget', () => {
    fc.assert(fc.property(grid, fc.integer({ min: 1, max: 8 }), (g, maxParts) => {
      const mesh = cellUnion('cells', g), d = decomposeToHulls(mesh, { maxParts, effort: 'fast' });
      expect(d.hulls.length).toBeLessThanOrEqual(maxParts);
      const hulls = d.hulls.map((h) => buildHull(h));
      hulls.forEach((h, i) => expect(validateHull(h, d.hulls[i]).errors).toEqual([]));
      for (let k = 0; k < 2; k++) for (let j = 0; j < 3; j++) for (let i = 0; i < 3; i++) {
        if (!g.filled(i, j, k)) continue;
        for (const [u, v, w] of [[0.5, 0.5, 0.5], [0, 0, 0], [1, 1, 1], [1, 0, 1]]) {
          const x = g.xs[i] + u * (g.xs[i + 1] - g.xs[i]), y = g.ys[j] + v * (g.ys[j + 1] - g.ys[j]), z = g.zs[k] + w * (g.zs[k + 1] - g.zs[k]);
          expect(inSomeHull(hulls, x, y, z, 1e-12)).toBe(true);
        }
      }
      const volume = d.hulls.reduce((t, h) => t + buildOracleHull(Array.from({ length: h.length / 3 }, (_, i) => [h[3 * i], h[3 * i + 1], h[3 * i + 2]])).volume, 0);
      expect(volume).toBeGreaterThanOrEqual(cellUnionVolume(g) * (1 - 1e-12));
      if (d.concavity > 0.02) expect(d.hulls.length).toBe(maxParts);
    }), { seed: seed(3801), numRuns: runs(30) });
  }, 60_000);

  it('random star prisms, turned by random rotations: valid hulls holding every vertex', () => {
    const star = fc.array(fc.double({ min: 0.3, max: 1, noNaN: true }), { minLength: 5, maxLength: 12 });
    const unit = fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }))
      .filter((q) => Math.hypot(...q) > 0.1);
    fc.assert(fc.property(star, unit, (radii, q) => {
      const polygon = radii.map((r, i): [number, number] => [r * Math.cos((2 * Math.PI * i) / radii.length), r * Math.sin((2 * Math.PI * i) / radii.length)]);
      const m = starShapedPrism('star', polygon, 0.5, 1);
      const l = Math.hypot(...q), [x, y, z, w] = q.map((c) => c / l);
      const p = new Float64Array(m.positions.length);
      for (let i = 0; i < p.length; i += 3) {
        const vx = m.positions[i], vy = m.positions[i + 1], vz = m.positions[i + 2];
        // v + 2w (u × v) + 2 u × (u × v), u = (x, y, z)
        const cx = y * vz - z * vy, cy = z * vx - x * vz, cz = x * vy - y * vx;
        p[i] = vx + 2 * (w * cx + y * cz - z * cy); p[i + 1] = vy + 2 * (w * cy + z * cx - x * cz); p[i + 2] = vz + 2 * (w * cz + x * cy - y * cx);
      }
      const d = decomposeToHulls({ positions: p, indices: m.indices }, { effort: 'fast', maxParts: 8 });
      const hulls = d.hulls.map((h) => buildHull(h));
      hulls.forEach((h, i) => expect(validateHull(h, d.hulls[i]).errors).toEqual([]));
      for (let i = 0; i < p.length; i += 3) expect(inSomeHull(hulls, p[i], p[i + 1], p[i + 2], 1e-9)).toBe(true);
    }), { seed: seed(3803), numRuns: runs(20) });
  }, 60_000);

  it('scaled by a power of two, the same parts scaled exactly', () => {
    fc.assert(fc.property(grid, fc.integer({ min: -60, max: 60 }), (g, k) => {
      const mesh = cellUnion('cells', g), s = 2 ** k;
      const a = decomposeToHulls(mesh, { effort: 'fast' }), b = decomposeToHulls({ positions: mesh.positions.map((x) => x * s), indices: mesh.indices }, { effort: 'fast' });
      expect(b.hulls.map((h) => Array.from(h, (x) => x / s))).toEqual(a.hulls.map((h) => Array.from(h)));
    }), { seed: seed(3802), numRuns: runs(15) });
  }, 60_000);
});
