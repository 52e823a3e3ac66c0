/** The transform kernels of src/math/transform.ts against an independent quaternion formula, aliasing included. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { relativeTransform, rotateVector, Transform, transformFromPose, transformPoint } from '../../src/math/transform.js';
import { vec3 } from '../../src/math/vec3.js';
import { runs, seed } from '../runs.js';

/** Independent oracle: v' = v + 2w(u × v) + 2u × (u × v) for a unit quaternion (u, w). */
function rotateByQuaternion(q: { x: number; y: number; z: number; w: number }, v: number[]): number[] {
  const { x, y, z, w } = q;
  const tx = 2 * (y * v[2] - z * v[1]), ty = 2 * (z * v[0] - x * v[2]), tz = 2 * (x * v[1] - y * v[0]);
  return [v[0] + w * tx + (y * tz - z * ty), v[1] + w * ty + (z * tx - x * tz), v[2] + w * tz + (x * ty - y * tx)];
}

const unitQuat = fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }))
  .filter(([a, b, c, d]) => Math.hypot(a, b, c, d) > 0.1)
  .map(([a, b, c, d]) => { const l = Math.hypot(a, b, c, d); return { x: a / l, y: b / l, z: c / l, w: d / l }; });
const coord = fc.double({ min: -100, max: 100, noNaN: true });
const point = fc.tuple(coord, coord, coord);

describe('transform kernels', () => {
  it('transformFromPose rotates like the quaternion formula, then translates; transformPoint may alias', () => {
    fc.assert(fc.property(unitQuat, point, point, (q, t, p) => {
      const tr = transformFromPose(new Transform(), { position: { x: t[0], y: t[1], z: t[2] }, quaternion: q });
      const ref = rotateByQuaternion(q, p);
      const out = vec3(p[0], p[1], p[2]);
      transformPoint(out, tr, out);
      expect(Math.abs(out.x - ref[0] - t[0]) + Math.abs(out.y - ref[1] - t[1]) + Math.abs(out.z - ref[2] - t[2])).toBeLessThan(1e-12);
    }), { seed: seed(7), numRuns: runs(200) });
  });

  it('relativeTransform gives B in A\'s frame, also when out aliases an input', () => {
    fc.assert(fc.property(unitQuat, point, unitQuat, point, point, (qa, ta, qb, tb, p) => {
      const A = transformFromPose(new Transform(), { position: { x: ta[0], y: ta[1], z: ta[2] }, quaternion: qa });
      const B = transformFromPose(new Transform(), { position: { x: tb[0], y: tb[1], z: tb[2] }, quaternion: qb });
      const world = transformPoint(vec3(), B, vec3(p[0], p[1], p[2]));
      // A · (A⁻¹ B) p must equal B p; compute A⁻¹B into B itself (aliasing).
      relativeTransform(B, A, B);
      const back = transformPoint(vec3(), A, transformPoint(vec3(), B, vec3(p[0], p[1], p[2])));
      expect(Math.abs(back.x - world.x) + Math.abs(back.y - world.y) + Math.abs(back.z - world.z)).toBeLessThan(1e-9);
      const r = rotateVector(vec3(), A, vec3(1, 0, 0));
      expect(Math.hypot(r.x, r.y, r.z)).toBeCloseTo(1, 14);
    }), { seed: seed(8), numRuns: runs(200) });
  });
});
