/** The vector kernels of src/math/vec3.ts. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyPerpendicular, vec3 } from '../../src/math/vec3.js';
import { runs, seed } from '../runs.js';

const coord = fc.double({ min: -100, max: 100, noNaN: true });
const point = fc.tuple(coord, coord, coord);

describe('anyPerpendicular', () => {
  it('is a unit vector perpendicular to its input, also when out aliases it', () => {
    fc.assert(fc.property(point.filter((p) => Math.hypot(...p) > 1e-6), (p) => {
      const a = vec3(p[0], p[1], p[2]);
      const l = Math.hypot(p[0], p[1], p[2]);
      const out = anyPerpendicular(a, a);
      expect(Math.hypot(out.x, out.y, out.z)).toBeCloseTo(1, 14);
      expect(Math.abs(out.x * p[0] + out.y * p[1] + out.z * p[2]) / l).toBeLessThan(1e-14);
    }), { seed: seed(9), numRuns: runs(300) });
  });
});
