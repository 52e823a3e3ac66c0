/**
 * Batch queries against the single-pair queries, bit for bit: the mixed pool of every convex kind (the
 * answers snapshot's), bodies shared by many pairs, a compound and a mesh; and bad input named.
 */
import { describe, expect, it } from 'vitest';
import {
  Box, Compound, contact, contactBatch, CONTACT_BATCH_STRIDE, createContactResult, distance, distanceBatch, InvalidArgumentError,
  InvalidNumberError, InvalidQuaternionError, InvalidShapeError, intersects, intersectsBatch, Sphere, TriangleMesh, type Shape,
} from '../../src/index.js';
import { mixedPairs, MIXED_SIZE } from '../snapshot/answers.js';

interface PlainPose { position: { x: number; y: number; z: number }; quaternion: { x: number; y: number; z: number; w: number } }

/** Bodies from the mixed pool (A and B of pair k are bodies 2k and 2k + 1), a compound and a mesh at the end. */
function bodies(): { shapes: Shape[]; plain: PlainPose[]; poses: Float64Array } {
  const s = mixedPairs();
  const shapes: Shape[] = [], plain: PlainPose[] = [];
  for (let i = 0; i < MIXED_SIZE; i++) { shapes.push(s.a[i], s.b[i]); plain.push(s.pa[i], s.pb[i]); }
  const table = new Compound([
    { shape: new Box(1, 0.1, 1), pose: { position: { x: 0, y: 1, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } } },
    { shape: new Box(0.1, 0.5, 0.1), pose: { position: { x: 0.8, y: 0.5, z: 0.8 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } } },
  ]);
  const sheet = new TriangleMesh([-2, 0, -2, 2, 0, -2, 2, 0, 2, -2, 0, 2], [0, 1, 2, 0, 2, 3]);
  shapes.push(table, sheet);
  plain.push({ position: { x: 0.2, y: -0.3, z: 0.1 }, quaternion: { x: 0, y: 0.6, z: 0, w: 0.8 } }, { position: { x: 0, y: -0.2, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } });
  const poses = new Float64Array(7 * shapes.length);
  plain.forEach((p, i) => poses.set([p.position.x, p.position.y, p.position.z, p.quaternion.x, p.quaternion.y, p.quaternion.z, p.quaternion.w], 7 * i));
  return { shapes, plain, poses };
}

describe('batch queries', () => {
  const { shapes, plain, poses } = bodies();
  const n = shapes.length, compound = n - 2, mesh = n - 1;
  // Pool pairs, then bodies shared by many pairs: the compound and the mesh against the first 300 bodies,
  // and body 7 against the next 300.
  const list: number[] = [];
  for (let k = 0; k < MIXED_SIZE; k++) list.push(2 * k, 2 * k + 1);
  for (let i = 0; i < 300; i++) list.push(compound, i, i, mesh, 7, 300 + i);
  list.push(compound, mesh);
  const pairs = Int32Array.from(list);
  const count = pairs.length / 2;

  it('each answer is the single-pair query\'s, bit for bit', () => {
    const d = distanceBatch(shapes, poses, pairs);
    const hit = intersectsBatch(shapes, poses, pairs);
    const c = contactBatch(shapes, poses, pairs);
    expect(d.length).toBe(count);
    const one = createContactResult();
    let overlapping = 0;
    for (let k = 0; k < count; k++) {
      const i = pairs[2 * k], j = pairs[2 * k + 1];
      expect(Object.is(d[k], distance(shapes[i], plain[i], shapes[j], plain[j])), `distance of pair ${k}`).toBe(true);
      expect(hit[k]).toBe(intersects(shapes[i], plain[i], shapes[j], plain[j]) ? 1 : 0);
      contact(shapes[i], plain[i], shapes[j], plain[j], one);
      const o = CONTACT_BATCH_STRIDE * k;
      const want = [one.separation, one.normal.x, one.normal.y, one.normal.z, one.pointA.x, one.pointA.y, one.pointA.z, one.pointB.x, one.pointB.y, one.pointB.z];
      expect(Array.from(c.subarray(o, o + CONTACT_BATCH_STRIDE)), `contact of pair ${k}`).toEqual(want);
      if (one.separation < 0) overlapping++;
    }
    // Both kinds of pair are there in numbers.
    expect(overlapping).toBeGreaterThan(count / 4);
    expect(overlapping).toBeLessThan((3 * count) / 4);
  });

  it('writes into out from index 0, leaves the rest, and allocates no new array', () => {
    const out = new Float64Array(count + 5).fill(-7);
    expect(distanceBatch(shapes, poses, pairs, out)).toBe(out);
    expect(Array.from(out.subarray(count))).toEqual([-7, -7, -7, -7, -7]);
    const hits = new Uint8Array(count);
    expect(intersectsBatch(shapes, poses, pairs, hits)).toBe(hits);
    expect(distanceBatch(shapes, poses, new Int32Array(0)).length).toBe(0);
  });

  it('a support function of the user\'s may run a batch inside a batch', () => {
    const inner = { sweptRadius: 0, boundingRadius: 1, calls: 0,
      support(out: { x: number; y: number; z: number }, d: { x: number; y: number; z: number }) {
        // A nested batch on other bodies: it must not disturb the outer one's transforms.
        if (this.calls++ % 7 === 0) distanceBatch([new Sphere(1), new Sphere(1)], Float64Array.of(0, 0, 0, 0, 0, 0, 1, 5, 0, 0, 0, 0, 0, 1), Int32Array.of(0, 1));
        const l = Math.hypot(d.x, d.y, d.z) || 1;
        out.x = d.x / l; out.y = d.y / l; out.z = d.z / l;
        return out;
      } };
    const s: Shape[] = [inner, new Sphere(0.5), new Box(0.5, 0.5, 0.5)];
    const p = Float64Array.of(0, 0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0, 1, 0, -4, 0, 0, 0, 0, 1);
    const d = distanceBatch(s, p, Int32Array.of(0, 1, 0, 2, 1, 2));
    expect(d[0]).toBeCloseTo(1.5, 9);
    expect(d[1]).toBeCloseTo(2.5, 9);
    // Sphere at (3, 0, 0) to the box's edge at (0.5, -3.5): hypot(2.5, 3.5) − 0.5; and the single query's bits.
    expect(d[2]).toBeCloseTo(Math.hypot(2.5, 3.5) - 0.5, 9);
    expect(d[2]).toBe(distance(s[1], { position: { x: 3, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } }, s[2], { position: { x: 0, y: -4, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } }));
  });

  it('bad input is named', () => {
    const two = [new Sphere(1), new Sphere(1)];
    const p = Float64Array.of(0, 0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0, 1);
    const pr = Int32Array.of(0, 1);
    const cases: [() => unknown, RegExp, new (...args: never[]) => Error][] = [
      [() => distanceBatch(null as never, p, pr), /^shapes is null/, InvalidArgumentError],
      [() => distanceBatch(two, [0, 0, 0, 0, 0, 0, 1] as never, pr), /^poses is/, InvalidArgumentError],
      [() => distanceBatch(two, p.subarray(0, 13), pr), /^poses has length 13; expected at least 7 numbers per body \(14/, InvalidArgumentError],
      [() => distanceBatch(two, p, [0, 1] as never), /^pairs is/, InvalidArgumentError],
      [() => distanceBatch(two, p, Int32Array.of(0, 1, 1)), /^pairs has odd length 3/, InvalidArgumentError],
      [() => distanceBatch(two, p, Int32Array.of(0, 2)), /^pairs\[1\] is 2; expected a body index from 0 to 1/, InvalidArgumentError],
      [() => distanceBatch(two, p, Int32Array.of(-1, 0)), /^pairs\[0\] is -1/, InvalidArgumentError],
      [() => distanceBatch(two, Float64Array.of(0, 0, 0, 0, 0, 0, 1, 3, NaN, 0, 0, 0, 0, 1), pr), /^poses\[8\] is NaN; expected a finite number \(body 1's position.y\)/, InvalidNumberError],
      [() => distanceBatch(two, Float64Array.of(0, 0, 0, 0, 0, 0, 2, 3, 0, 0, 0, 0, 0, 1), pr), /^poses\[3\.\.6\] \(body 0's quaternion\) has length 2/, InvalidQuaternionError],
      [() => distanceBatch([two[0], 5 as never], p, pr), /^shapes\[1\] is number/, InvalidShapeError],
      [() => distanceBatch(two, p, pr, new Float64Array(0)), /^out is .*expected a Float64Array of at least 1 numbers/, InvalidArgumentError],
      [() => contactBatch(two, p, pr, new Float64Array(9)), /^out is .*at least 10 numbers \(10 per pair\)/, InvalidArgumentError],
      [() => intersectsBatch(two, p, pr, new Float64Array(1) as never), /^out is .*expected a Uint8Array/, InvalidArgumentError],
    ];
    for (const [f, message, type] of cases) {
      expect(f).toThrow(type);
      expect(f).toThrow(message);
    }
  });
});
