/**
 * The 2D batches against the single-pair queries, bit for bit, over random pairs of every 2D shape
 * (arbitraries2d.ts), bodies shared by many pairs, `out` reuse; and their typed errors.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Box2, Circle, CONTACT_BATCH2_STRIDE, contact, contactBatch2, distance, distanceBatch2, InvalidArgumentError, InvalidNumberError, InvalidShapeError,
  intersects, intersectsBatch2, type Shape2,
} from '../../src/2d/index.js';
import { Box } from '../../src/index.js';
import * as A from './arbitraries2d.js';
import { runs, seed } from '../runs.js';

describe('2D batches', () => {
  it('answer every pair as the single queries do, bit for bit (random pairs of every kind, bodies shared)', () => {
    fc.assert(fc.property(fc.array(A.pair, { minLength: 1, maxLength: 12 }), fc.array(fc.nat(), { maxLength: 30 }), (list, extra) => {
      const shapes: Shape2[] = [], poses: number[] = [], pairs: number[] = [];
      for (const [a, b] of list) {
        pairs.push(shapes.length, shapes.length + 1);
        for (const p of [a, b]) { shapes.push(A.build(p.shape)); poses.push(p.pose.x, p.pose.y, p.pose.angle); }
      }
      // Bodies in several pairs, in either order.
      for (let k = 0; k + 1 < extra.length; k += 2) pairs.push(extra[k] % shapes.length, extra[k + 1] % shapes.length);
      const P = Float64Array.from(poses), Q = Int32Array.from(pairs), n = Q.length / 2;
      const d = distanceBatch2(shapes, P, Q), hit = intersectsBatch2(shapes, P, Q), c = contactBatch2(shapes, P, Q);
      expect(c.length).toBe(CONTACT_BATCH2_STRIDE * n);
      const pose = (i: number) => ({ position: { x: P[3 * i], y: P[3 * i + 1] }, angle: P[3 * i + 2] });
      for (let k = 0; k < n; k++) {
        const i = Q[2 * k], j = Q[2 * k + 1];
        expect(d[k]).toBe(distance(shapes[i], pose(i), shapes[j], pose(j)));
        expect(hit[k]).toBe(intersects(shapes[i], pose(i), shapes[j], pose(j)) ? 1 : 0);
        const r = contact(shapes[i], pose(i), shapes[j], pose(j));
        expect(Array.from(c.subarray(7 * k, 7 * k + 7))).toEqual([r.separation, r.normal.x, r.normal.y, r.pointA.x, r.pointA.y, r.pointB.x, r.pointB.y]);
      }
    }), { numRuns: runs(100), seed: seed(37_001) });
  });

  it('write into out from index 0 (the rest untouched), and answer a batch of no pairs', () => {
    const shapes = [new Circle(1), new Box2(1, 0.5)], poses = Float64Array.of(0, 0, 0, 3, 0, 0.3), pairs = Int32Array.of(0, 1);
    const out = new Float64Array(3).fill(-1);
    expect(distanceBatch2(shapes, poses, pairs, out)).toBe(out);
    expect(out[0]).toBe(distance(shapes[0], { position: { x: 0, y: 0 }, angle: 0 }, shapes[1], { position: { x: 3, y: 0 }, angle: 0.3 }));
    expect([out[1], out[2]]).toEqual([-1, -1]);
    expect(contactBatch2(shapes, poses, new Int32Array(0)).length).toBe(0);
  });

  it('bad input is a typed error naming the argument and index', () => {
    const shapes: Shape2[] = [new Circle(1), new Box2(1, 0.5)], poses = Float64Array.of(0, 0, 0, 3, 0, 0.3), pairs = Int32Array.of(0, 1);
    expect(() => distanceBatch2('x' as unknown as Shape2[], poses, pairs)).toThrow(/^shapes is/);
    expect(() => distanceBatch2(shapes, [0, 0, 0] as unknown as Float64Array, pairs)).toThrow(/^poses is/);
    expect(() => distanceBatch2(shapes, Float64Array.of(0, 0, 0), pairs)).toThrow(/^poses has length 3; expected at least 3 numbers per body \(6 for 2 shapes\)/);
    expect(() => distanceBatch2(shapes, poses, Int32Array.of(0, 1, 1))).toThrow(/^pairs has odd length 3/);
    expect(() => distanceBatch2(shapes, poses, Int32Array.of(0, 2))).toThrow(/^pairs\[1\] is 2; expected a body index from 0 to 1/);
    expect(() => contactBatch2(shapes, Float64Array.of(0, 0, 0, 3, NaN, 0), pairs)).toThrow(InvalidNumberError);
    expect(() => contactBatch2(shapes, Float64Array.of(0, 0, 0, 3, NaN, 0), pairs)).toThrow(/^poses\[4\] /);
    expect(() => intersectsBatch2([shapes[0], new Box(1, 1, 1) as unknown as Shape2], poses, pairs)).toThrow(InvalidShapeError);
    expect(() => intersectsBatch2([shapes[0], new Box(1, 1, 1) as unknown as Shape2], poses, pairs)).toThrow(/^shapes\[1\] /);
    expect(() => contactBatch2(shapes, poses, pairs, new Float64Array(6))).toThrow(/^out is .* of length 6; expected a Float64Array of at least 7 numbers \(7 per pair\)/);
    expect(() => intersectsBatch2(shapes, poses, pairs, new Float64Array(2) as unknown as Uint8Array)).toThrow(InvalidArgumentError);
  });
});
