/**
 * The box kernels of src/math/aabb.ts against brute force on boxes given as corner lists, with
 * aliasing (`out` is an input) checked for every kernel that writes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aabbContains, aabbOverlaps, aabbSurfaceArea, copyAabb, createAabb, expandAabb, setEmptyAabb, unionAabb, type Aabb,
} from '../../src/math/aabb.js';
import { runs, seed } from '../runs.js';

const coord = fc.integer({ min: -20, max: 20 }).map((k) => k / 4);
const box = fc.tuple(coord, coord, coord, coord, coord, coord).map(([a, b, c, d, e, f]): Aabb => ({
  min: { x: Math.min(a, d), y: Math.min(b, e), z: Math.min(c, f) },
  max: { x: Math.max(a, d), y: Math.max(b, e), z: Math.max(c, f) },
}));
const clone = (b: Aabb): Aabb => ({ min: { ...b.min }, max: { ...b.max } });
const axes = ['x', 'y', 'z'] as const;
/** Brute force: do the closed intervals overlap on every axis? */
const overlap1 = (a: Aabb, b: Aabb) => axes.every((k) => Math.max(a.min[k], b.min[k]) <= Math.min(a.max[k], b.max[k]));

describe('aabb kernels', () => {
  it('union contains both boxes and is the smallest such; out may be either input', () => {
    fc.assert(fc.property(box, box, (a, b) => {
      const u = unionAabb(createAabb(), a, b);
      expect(aabbContains(u, a) && aabbContains(u, b)).toBe(true);
      for (const k of axes) {
        expect(u.min[k]).toBe(Math.min(a.min[k], b.min[k]));
        expect(u.max[k]).toBe(Math.max(a.max[k], b.max[k]));
      }
      const a2 = clone(a);
      expect(unionAabb(a2, a2, b)).toEqual(u);
      const b2 = clone(b);
      expect(unionAabb(b2, a, b2)).toEqual(u);
    }), { seed: seed(1411), numRuns: runs(300) });
  });

  it('the empty box is the identity of union, and overlaps nothing', () => {
    fc.assert(fc.property(box, (a) => {
      const e = setEmptyAabb(createAabb());
      expect(unionAabb(createAabb(), e, a)).toEqual(a);
      expect(aabbOverlaps(e, a)).toBe(false);
      expect(aabbSurfaceArea(e)).toBe(0);
    }), { seed: seed(1412), numRuns: runs(100) });
  });

  it('overlaps agrees with the per-axis interval test; touching boxes overlap', () => {
    let hits = 0;
    const cases = runs(400);
    fc.assert(fc.property(box, box, (a, b) => {
      expect(aabbOverlaps(a, b)).toBe(overlap1(a, b));
      expect(aabbOverlaps(b, a)).toBe(aabbOverlaps(a, b));
      if (overlap1(a, b)) hits++;
    }), { seed: seed(1413), numRuns: cases });
    // Both answers are among the cases: a tenth to nine tenths overlap.
    expect(hits).toBeGreaterThan(cases / 10);
    expect(hits).toBeLessThan((9 * cases) / 10);
    const a: Aabb = { min: { x: 0, y: 0, z: 0 }, max: { x: 1, y: 1, z: 1 } };
    expect(aabbOverlaps(a, { min: { x: 1, y: 0, z: 0 }, max: { x: 2, y: 1, z: 1 } })).toBe(true);
    expect(aabbOverlaps(a, { min: { x: 1.0000001, y: 0, z: 0 }, max: { x: 2, y: 1, z: 1 } })).toBe(false);
  });

  it('contains: every corner of the inner box inside the outer', () => {
    fc.assert(fc.property(box, box, (a, b) => {
      const corners = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => ({ x: i & 1 ? b.max.x : b.min.x, y: i & 2 ? b.max.y : b.min.y, z: i & 4 ? b.max.z : b.min.z }));
      const brute = corners.every((p) => axes.every((k) => a.min[k] <= p[k] && p[k] <= a.max[k]));
      expect(aabbContains(a, b)).toBe(brute);
    }), { seed: seed(1414), numRuns: runs(300) });
  });

  it('expand grows every side by the margin, in place too; copy copies', () => {
    fc.assert(fc.property(box, fc.integer({ min: 0, max: 8 }).map((k) => k / 8), (a, m) => {
      const e = expandAabb(createAabb(), a, m);
      for (const k of axes) {
        expect(e.min[k]).toBe(a.min[k] - m);
        expect(e.max[k]).toBe(a.max[k] + m);
      }
      expect(aabbContains(e, a)).toBe(true);
      const a2 = clone(a);
      expect(expandAabb(a2, a2, m)).toEqual(e);
      expect(copyAabb(createAabb(), e)).toEqual(e);
    }), { seed: seed(1415), numRuns: runs(200) });
  });

  it('surface area: 2(xy + yz + zx)', () => {
    expect(aabbSurfaceArea({ min: { x: 0, y: 0, z: 0 }, max: { x: 1, y: 2, z: 3 } })).toBe(22);
    expect(aabbSurfaceArea({ min: { x: 0, y: 0, z: 0 }, max: { x: 0, y: 2, z: 3 } })).toBe(12);
  });
});
