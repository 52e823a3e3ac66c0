/**
 * The distance out of the solid (src/decompose/solid-distance.ts) against the independent oracles: the
 * exact winding number says inside or outside, brute force over every triangle says how far; and the
 * early exit's contract (a number no more than `atLeast` exactly when the true answer is).
 */
import { describe, expect, it } from 'vitest';
import { readSolid } from '../../src/decompose/solid-input.js';
import { SolidDistance } from '../../src/decompose/solid-distance.js';
import { allMeshes, chairBoxes } from './meshes.js';
import { pointMeshDistance, windingNumber } from './oracles.js';
import { mulberry32 } from '../random.js';


describe('SolidDistance', () => {
  for (const mesh of [...allMeshes(), chairBoxes()]) {
    it(`${mesh.name}: 0 inside, the distance to the surface outside`, () => {
      const solid = readSolid(mesh.positions, mesh.indices, 1e-10), d = new SolidDistance(solid);
      const b = solid.bounds(new Float64Array(6)), rnd = mulberry32(7), size = Math.hypot(b[3] - b[0], b[4] - b[1], b[5] - b[2]);
      let inside = 0, outside = 0;
      for (let i = 0; i < 150; i++) {
        // (The box grown by a tenth: points beyond it too.)
        const p: [number, number, number] = [0, 0, 0];
        for (let k = 0; k < 3; k++) p[k] = b[k] - 0.1 * (b[3 + k] - b[k]) + 1.2 * rnd() * (b[3 + k] - b[k]);
        const w = windingNumber(mesh, p), exact = w < 0.5 ? pointMeshDistance(mesh, p) : 0;
        if (w < 0.5) outside++; else inside++;
        expect(d.outsideDistance(p[0], p[1], p[2], 0)).toBeCloseTo(exact, 12);
        // The early exit: at most `atLeast` exactly when the answer is.
        const atLeast = 0.05 * size;
        const early = d.outsideDistance(p[0], p[1], p[2], atLeast);
        if (exact > atLeast) expect(early).toBeCloseTo(exact, 12); else expect(early).toBeLessThanOrEqual(atLeast);
      }
      expect(inside, 'points inside').toBeGreaterThan(0);
      expect(outside, 'points outside').toBeGreaterThan(0);
    });
  }

  it('points on faces, edges and corners read 0 (or within rounding of it)', () => {
    for (const mesh of allMeshes()) {
      const solid = readSolid(mesh.positions, mesh.indices, 1e-10), d = new SolidDistance(solid);
      const p = mesh.positions, t = mesh.indices;
      for (let k = 0; k < Math.min(40, t.length / 3); k++) {
        const a = 3 * t[3 * k], b = 3 * t[3 * k + 1], c = 3 * t[3 * k + 2];
        for (const [u, v] of [[0, 0], [0.5, 0], [1 / 3, 1 / 3]]) {
          const x = p[a] + u * (p[b] - p[a]) + v * (p[c] - p[a]), y = p[a + 1] + u * (p[b + 1] - p[a + 1]) + v * (p[c + 1] - p[a + 1]), z = p[a + 2] + u * (p[b + 2] - p[a + 2]) + v * (p[c + 2] - p[a + 2]);
          expect(d.outsideDistance(x, y, z, 0), mesh.name).toBeLessThan(1e-14);
        }
      }
    }
  });
});
