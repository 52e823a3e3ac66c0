/**
 * The decomposition oracles against closed forms: winding numbers of a cube and a torus, distances to a
 * box, the closest point on a triangle against a dense search of the triangle, hull containment, and the
 * acceptance measures on decompositions whose scores are known (a box as its own hull; the L block as its
 * hull, as its two boxes, and as one box that misses an arm).
 */
import { describe, expect, it } from 'vitest';
import { box, lBlock, torus } from './meshes.js';
import { closestPointOnTriangle, evaluateDecomposition, hullContains, meshVolume, pointMeshDistance, windingNumber } from './oracles.js';
import { mulberry32 } from '../random.js';

/** The eight corners of [x0, x1] × [y0, y1] × [z0, z1]. */
function corners(x0: number, x1: number, y0: number, y1: number, z0: number, z1: number): number[][] {
  const out: number[][] = [];
  for (const x of [x0, x1]) for (const y of [y0, y1]) for (const z of [z0, z1]) out.push([x, y, z]);
  return out;
}

const cube = box(2, [1, 1, 1]);

describe('windingNumber', () => {
  it('is 1 inside a cube, 0 outside and far away, to rounding', () => {
    for (const p of [[0.5, 0.5, 0.5], [0.01, 0.99, 0.5], [0.999, 0.001, 0.999]]) expect(windingNumber(cube, p)).toBeCloseTo(1, 12);
    for (const p of [[1.5, 0.5, 0.5], [-0.001, 0.5, 0.5], [0.5, 0.5, 1.001], [2, 2, 2]]) expect(windingNumber(cube, p)).toBeCloseTo(0, 12);
    for (const p of [[1e6, -3e5, 2e5], [-1e3, 0, 0]]) expect(Math.abs(windingNumber(cube, p))).toBeLessThan(1e-9);
  });

  it('is 0 in the torus hole, 1 in its tube, −1 inside the mesh turned inside out', () => {
    const m = torus();
    expect(windingNumber(m, [0, 0, 0])).toBeCloseTo(0, 12);
    expect(windingNumber(m, [1, 0, 0])).toBeCloseTo(1, 12);
    expect(windingNumber(m, [0, 0.3, -1])).toBeCloseTo(1, 12);
    expect(windingNumber(m, [0, 0.5, -1])).toBeCloseTo(0, 12);
    const flipped = { positions: m.positions, indices: m.indices.slice() };
    for (let t = 0; t < flipped.indices.length; t += 3) [flipped.indices[t + 1], flipped.indices[t + 2]] = [flipped.indices[t + 2], flipped.indices[t + 1]];
    expect(windingNumber(flipped, [1, 0, 0])).toBeCloseTo(-1, 12);
    expect(meshVolume(flipped)).toBeCloseTo(-meshVolume(m), 12);
  });

  it('is ½ at a point of a flat face (half the sphere of directions sees the solid)', () => {
    // A face centre lies on the shared edge of two triangles, whose solid angles are 0 there; the other faces
    // subtend exactly a hemisphere. (A point inside a triangle's interior has no defined solid angle.)
    expect(windingNumber(box(1, [1, 1, 1]), [0.5, 0.5, 0])).toBeCloseTo(0.5, 12);
  });
});

describe('pointMeshDistance and closestPointOnTriangle', () => {
  it('distances to a unit cube: to a face, an edge, a corner, and from inside', () => {
    expect(pointMeshDistance(cube, [2, 0.5, 0.5])).toBeCloseTo(1, 14);
    expect(pointMeshDistance(cube, [2, 2, 0.5])).toBeCloseTo(Math.SQRT2, 14);
    expect(pointMeshDistance(cube, [-1, -1, -1])).toBeCloseTo(Math.sqrt(3), 14);
    expect(pointMeshDistance(cube, [0.5, 0.7, 0.25])).toBeCloseTo(0.25, 14);
    expect(pointMeshDistance(cube, [0.25, 0.5, 0.5])).toBeCloseTo(0.25, 14);
  });

  it('the closest point on a triangle is no farther than any point of a dense barycentric grid, and on it', () => {
    const rnd = mulberry32(5);
    const g = 60;
    let worse = 0;
    for (let c = 0; c < 60; c++) {
      const v = (): number[] => [4 * rnd() - 2, 4 * rnd() - 2, 4 * rnd() - 2];
      const a = v(), b = v(), cc = v(), p = v();
      // Every third case a sliver: c nearly on ab.
      if (c % 3 === 0) for (let k = 0; k < 3; k++) cc[k] = a[k] + 0.4 * (b[k] - a[k]) + 1e-7 * (rnd() - 0.5);
      const q = closestPointOnTriangle(p, a, b, cc);
      const dq = Math.hypot(q[0] - p[0], q[1] - p[1], q[2] - p[2]);
      let best = Infinity;
      for (let i = 0; i <= g; i++) for (let j = 0; i + j <= g; j++) {
        const u = i / g, w = j / g;
        const x = [0, 1, 2].map((k) => a[k] + u * (b[k] - a[k]) + w * (cc[k] - a[k]));
        best = Math.min(best, Math.hypot(x[0] - p[0], x[1] - p[1], x[2] - p[2]));
      }
      if (dq > best + 1e-12) worse++;
      // The dense grid is within a grid cell of the true closest point: the answer is not far below it.
      expect(dq).toBeGreaterThan(best - 0.3);
    }
    expect(worse).toBe(0);
  });
});

describe('hullContains', () => {
  const unit = corners(0, 1, 0, 1, 0, 1);
  it('holds the cube, not what is outside it, within the tolerance only', () => {
    expect(hullContains(unit, [0.5, 0.5, 0.5])).toBe(true);
    expect(hullContains(unit, [0, 0, 0], 1e-12)).toBe(true);
    expect(hullContains(unit, [1 + 1e-3, 0.5, 0.5], 1e-9)).toBe(false);
    expect(hullContains(unit, [1 + 1e-10, 0.5, 0.5], 1e-9)).toBe(true);
    expect(hullContains(unit, [0.9, 0.9, 1.05])).toBe(false);
  });

  it('of an octahedron: its faces cut the cube corners off', () => {
    const octa = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]];
    expect(hullContains(octa, [0.3, 0.3, 0.3])).toBe(true);
    expect(hullContains(octa, [0.34, 0.34, 0.34])).toBe(false);
    expect(hullContains(octa, [0.5, -0.49, 0])).toBe(true);
  });
});

describe('evaluateDecomposition', () => {
  const small = { volumePoints: 8_000, meshSamples: 1_000, hullSamples: 1_000 };

  it('a box as its own hull: coverage 1, outside volume 0, concavity 0', () => {
    const m = box();
    const s = evaluateDecomposition(m, [corners(0, 2, 0, 1.2, 0, 0.8)], small);
    expect(s.parts).toBe(1);
    expect(s.coverage).toBe(1);
    expect(s.outsideVolume).toBe(0);
    expect(s.concavity).toBeLessThan(1e-12);
    expect(s.meshVolume).toBeCloseTo(1.92, 14);
    expect(s.hullVolume).toBeCloseTo(1.92, 12);
    // The hull is the mesh's box, so every point drawn lies in the mesh.
    expect(s.insidePoints).toBe(small.volumePoints);
  });

  it("the L block's hull: outside volume 1/6, concavity 0.5/D = 1/6 (D = 3), coverage 1", () => {
    const m = lBlock();
    // The hull of the L adds the prism over the triangle x + y ≥ 3 of the missing cell [1, 2]²: area ½,
    // height 1, against V = 3. Its farthest outside point from the L is (1.5, 1.5, z), 0.5 from the walls
    // x = 1 and y = 1; every surface point of the L lies in the hull.
    const hull = [...corners(0, 2, 0, 1, 0, 1), [0, 2, 0], [0, 2, 1], [1, 2, 0], [1, 2, 1]];
    const s = evaluateDecomposition(m, [hull], { ...small, volumePoints: 20_000 });
    expect(s.coverage).toBe(1);
    expect(Math.abs(s.outsideVolume - 1 / 6)).toBeLessThan(4 * s.outsideVolumeError);
    expect(s.outsideVolumeError).toBeLessThan(0.005);
    expect(s.diagonal).toBe(3);
    expect(s.uncovered).toBe(0);
    expect(s.outward).toBeLessThanOrEqual(1 / 6 + 1e-15);
    expect(s.outward).toBeGreaterThan(0.95 / 6);
    expect(s.concavity).toBe(s.outward);
    expect(s.hullVolume).toBeCloseTo(3.5, 12);
  });

  it('the L block as its two boxes: coverage 1, outside volume 0, concavity 0', () => {
    const s = evaluateDecomposition(lBlock(), [corners(0, 1, 0, 2, 0, 1), corners(1, 2, 0, 1, 0, 1)], small);
    expect(s.parts).toBe(2);
    expect(s.coverage).toBe(1);
    expect(s.outsideVolume).toBe(0);
    expect(s.concavity).toBeLessThan(1e-12);
  });

  it('the L block with one arm missing: coverage 2/3, concavity 1/D (the far end of the missing arm)', () => {
    const s = evaluateDecomposition(lBlock(), [corners(0, 1, 0, 2, 0, 1)], small);
    expect(Math.abs(s.coverage - 2 / 3)).toBeLessThan(4 * s.coverageError);
    expect(s.outsideVolume).toBe(0);
    expect(s.outward).toBeLessThan(1e-12);
    // The L's vertices at x = 2 are 1 from the box x ≤ 1, and they are samples.
    expect(s.uncovered).toBeCloseTo(1 / 3, 14);
    expect(s.concavity).toBe(s.uncovered);
  });

  it('is deterministic for a seed, and the seed changes the draws', () => {
    const hull = [...corners(0, 2, 0, 1, 0, 1), [0, 2, 0], [0, 2, 1], [1, 2, 0], [1, 2, 1]];
    const opts = { volumePoints: 2_000, meshSamples: 200, hullSamples: 200 };
    expect(evaluateDecomposition(lBlock(), [hull], opts)).toEqual(evaluateDecomposition(lBlock(), [hull], opts));
    expect(evaluateDecomposition(lBlock(), [hull], { ...opts, seed: 2 }).outsideVolume).not.toBe(evaluateDecomposition(lBlock(), [hull], opts).outsideVolume);
  });
});
