/**
 * BatchPool (worker threads) against the batch queries of this thread, bit for bit: the mixed pool of
 * every convex kind, a compound and a mesh, bodies shared by many pairs, shared out over 1 and 2
 * threads; and its errors. (Run from the sources, the workers load batch-worker.ts through tsx; the
 * packed library's own .js worker is run by test/package.test.ts.)
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  Box, Compound, contactBatch, distanceBatch, InvalidArgumentError, InvalidNumberError, InvalidQuaternionError, InvalidShapeError,
  intersectsBatch, Rounded, Sphere, TriangleMesh, type Shape,
} from '../../src/index.js';
import { BatchPool } from '../../src/threads/index.js';
import {
  Box2, Capsule2, Circle, contactBatch2, distanceBatch2, intersectsBatch2, Point2, Polygon, Rounded2, Segment2, type Shape2,
} from '../../src/2d/index.js';
import { mulberry32 } from '../random.js';
import { shapeToTransfer } from '../../src/threads/shape-transfer.js';
import { mixedPairs, MIXED_SIZE } from '../snapshot/answers.js';

function scene(): { shapes: Shape[]; poses: Float64Array; pairs: Int32Array } {
  const s = mixedPairs();
  const shapes: Shape[] = [];
  const plain: { position: { x: number; y: number; z: number }; quaternion: { x: number; y: number; z: number; w: number } }[] = [];
  // (Shapes of the user's own, and wrappers of them, stay out: their support functions cannot go to a worker.)
  const own = (x: Shape) => { try { shapeToTransfer(x, 'x'); return false; } catch { return true; } };
  for (let i = 0; i < MIXED_SIZE; i++) if (!own(s.a[i]) && !own(s.b[i])) { shapes.push(s.a[i], s.b[i]); plain.push(s.pa[i], s.pb[i]); }
  const compound = new Compound([
    { shape: new Box(1, 0.1, 1), pose: { position: { x: 0, y: 1, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } } },
    { shape: new Rounded(new Box(0.1, 0.5, 0.1), 0.05), pose: { position: { x: 0.8, y: 0.5, z: 0.8 }, quaternion: { x: 0, y: 0.6, z: 0, w: 0.8 } } },
  ]);
  // A mesh with a degenerate triangle given (left out, yet triangle indices count it).
  const mesh = new TriangleMesh([-2, 0, -2, 2, 0, -2, 2, 0, 2, -2, 0, 2, 0, 0, 0], [0, 1, 2, 4, 4, 4, 0, 2, 3]);
  shapes.push(compound, mesh);
  plain.push({ position: { x: 0.2, y: -0.3, z: 0.1 }, quaternion: { x: 0, y: 0.6, z: 0, w: 0.8 } }, { position: { x: 0, y: -0.2, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } });
  const poses = new Float64Array(7 * shapes.length);
  plain.forEach((p, i) => poses.set([p.position.x, p.position.y, p.position.z, p.quaternion.x, p.quaternion.y, p.quaternion.z, p.quaternion.w], 7 * i));
  const list: number[] = [];
  for (let k = 0; 2 * k + 3 < shapes.length; k++) list.push(2 * k, 2 * k + 1);
  const c = shapes.length - 2, m = shapes.length - 1;
  for (let i = 0; i < 400; i++) list.push(c, i, i, m);
  return { shapes, poses, pairs: Int32Array.from(list) };
}

describe('BatchPool', () => {
  const { shapes, poses, pairs } = scene();
  const pools: BatchPool[] = [];
  afterAll(async () => { for (const p of pools) await p.terminate(); });

  for (const threads of [1, 2]) {
    it(`${threads} thread(s): every answer is this thread's batch answer, bit for bit`, async () => {
      const pool = await BatchPool.create({ threads });
      pools.push(pool);
      expect(pool.threads).toBe(threads);
      pool.setShapes(shapes);
      const [d, hit, c] = await Promise.all([pool.distance(poses, pairs), pool.intersects(poses, pairs), pool.contact(poses, pairs)]);
      expect(Array.from(d)).toEqual(Array.from(distanceBatch(shapes, poses, pairs)));
      expect(Array.from(hit)).toEqual(Array.from(intersectsBatch(shapes, poses, pairs)));
      expect(Array.from(c)).toEqual(Array.from(contactBatch(shapes, poses, pairs)));
      // With bounds: the answers as without, and each pair's bounds this thread's.
      const n = pairs.length / 2, bd = new Float64Array(2 * n), bc = new Float64Array(2 * n), wantD = new Float64Array(2 * n), wantC = new Float64Array(2 * n);
      const [dB, cB] = await Promise.all([pool.distance(poses, pairs, null, bd), pool.contact(poses, pairs, null, bc)]);
      distanceBatch(shapes, poses, pairs, null, wantD);
      contactBatch(shapes, poses, pairs, null, wantC);
      expect(Array.from(dB)).toEqual(Array.from(d));
      expect(Array.from(cB)).toEqual(Array.from(c));
      expect(Array.from(bd)).toEqual(Array.from(wantD));
      expect(Array.from(bc)).toEqual(Array.from(wantC));
      await expect(pool.contact(poses, pairs, null, new Float64Array(3))).rejects.toThrow(/^bounds is /);
      // Into out, from index 0; and a batch of no pairs.
      const out = new Float64Array(d.length + 2).fill(-1);
      expect(await pool.distance(poses, pairs, out)).toBe(out);
      expect(Array.from(out.subarray(0, d.length))).toEqual(Array.from(d));
      expect(out[d.length]).toBe(-1);
      expect((await pool.distance(poses, new Int32Array(0))).length).toBe(0);
      // Two batches under way at once, on different poses, do not mix (each has its own shared memory).
      const moved = poses.map((x, i) => (i % 14 === 7 ? x + 0.25 : x)); // every pool pair's B moved along x
      const [d1, d2] = await Promise.all([pool.distance(poses, pairs), pool.distance(moved, pairs)]);
      expect(Array.from(d1)).toEqual(Array.from(d));
      expect(Array.from(d2)).toEqual(Array.from(distanceBatch(shapes, moved, pairs)));
      expect(Array.from(d2)).not.toEqual(Array.from(d));
      // New shapes replace the old ones for the next batch.
      pool.setShapes([new Sphere(1), new Sphere(2)]);
      expect(Array.from(await pool.distance(Float64Array.of(0, 0, 0, 0, 0, 0, 1, 5, 0, 0, 0, 0, 0, 1), Int32Array.of(0, 1)))).toEqual([2]);
    }, 60_000);
  }

  it('2D batches (setShapes2, distance2, intersects2, contact2): every answer is this thread\'s 2D batch answer, bit for bit', async () => {
    const rnd = mulberry32(37);
    const kinds: Shape2[] = [
      new Circle(0.4), new Box2(0.5, 0.3), new Capsule2(0.4, 0.2), new Segment2({ x: -0.5, y: 0.1 }, { x: 0.4, y: -0.2 }), new Point2(),
      new Polygon(Array.from({ length: 9 }, () => ({ x: rnd() - 0.5, y: rnd() - 0.5 }))), new Rounded2(new Box2(0.2, 0.3), 0.1),
    ];
    const shapes2: Shape2[] = [], poses2: number[] = [];
    for (let i = 0; i < 300; i++) { shapes2.push(kinds[i % kinds.length]); poses2.push(4 * rnd(), 4 * rnd(), 7 * rnd() - 3.5); }
    const list: number[] = [];
    for (let k = 0; k < 1200; k++) list.push(Math.floor(rnd() * 300), Math.floor(rnd() * 300));
    const P = Float64Array.from(poses2), Q = Int32Array.from(list);
    for (const threads of [1, 2]) {
      const pool = await BatchPool.create({ threads });
      pools.push(pool);
      pool.setShapes2(shapes2);
      const [d, hit, c] = await Promise.all([pool.distance2(P, Q), pool.intersects2(P, Q), pool.contact2(P, Q)]);
      expect(Array.from(d)).toEqual(Array.from(distanceBatch2(shapes2, P, Q)));
      expect(Array.from(hit)).toEqual(Array.from(intersectsBatch2(shapes2, P, Q)));
      expect(Array.from(c)).toEqual(Array.from(contactBatch2(shapes2, P, Q)));
      await expect(pool.contact(P, Q)).rejects.toThrow(/^BatchPool has no shapes; call setShapes\(shapes\)/);
      const bad = P.slice(); bad[2] = NaN;
      await expect(pool.contact2(bad, Int32Array.of(0, 0))).rejects.toThrow(/^poses\[2\] /);
      expect(() => pool.setShapes2([new Box(1, 1, 1) as unknown as Shape2])).toThrow(/^shapes\[0\] /);
    }
  }, 60_000);

  it('errors are named: shapes a worker cannot rebuild, no shapes, bad poses and pairs, a terminated pool', async () => {
    await expect(BatchPool.create({ threads: 0 })).rejects.toThrow(/^options.threads is 0; expected an integer from 1 to 64/);
    const pool = await BatchPool.create({ threads: 1 });
    pools.push(pool);
    await expect(pool.distance(poses, pairs)).rejects.toThrow(/^BatchPool has no shapes/);
    const mine = { sweptRadius: 0, boundingRadius: 1, support: (o: { x: number }) => o };
    expect(() => pool.setShapes([new Sphere(1), mine as never])).toThrow(InvalidShapeError);
    expect(() => pool.setShapes([new Sphere(1), mine as never])).toThrow(/^shapes\[1\] is a shape of kind "custom", which has no JSON form/);
    pool.setShapes([new Sphere(1), new Sphere(1)]);
    await expect(pool.distance(Float64Array.of(0, 0, 0, 0, 0, 0, 1, 5, NaN, 0, 0, 0, 0, 1), Int32Array.of(0, 1))).rejects.toThrow(InvalidNumberError);
    await expect(pool.distance(Float64Array.of(0, 0, 0, 0, 0, 0, 3, 5, 0, 0, 0, 0, 0, 1), Int32Array.of(0, 1))).rejects.toThrow(InvalidQuaternionError);
    await expect(pool.distance(Float64Array.of(0, 0, 0, 0, 0, 0, 1, 5, 0, 0, 0, 0, 0, 1), Int32Array.of(0, 2))).rejects.toThrow(/^pairs\[1\] is 2/);
    await expect(pool.contact(Float64Array.of(0, 0, 0, 0, 0, 0, 1, 5, 0, 0, 0, 0, 0, 1), Int32Array.of(0, 1), new Float64Array(3))).rejects.toThrow(/^out is/);
    // The garbage fuzz (FC_SEED=random): a Proxy of a Float64Array passed instanceof, and its length getter threw a raw TypeError.
    const proxied = new Proxy(new Float64Array(40), {}) as Float64Array;
    await expect(pool.distance(Float64Array.of(0, 0, 0, 0, 0, 0, 1, 5, 0, 0, 0, 0, 0, 1), Int32Array.of(0, 1), proxied)).rejects.toThrow(/^out is/);
    await expect(pool.distance(Float64Array.of(0, 0, 0, 0, 0, 0, 1, 5, 0, 0, 0, 0, 0, 1), Int32Array.of(0, 1), null, proxied)).rejects.toThrow(/^bounds is/);
    // A batch in flight when the pool is terminated: an InvalidArgumentError naming the pool (it was a bare
    // CollisionError).
    // (Its rejection is taken at once: one that waits for a handler until after terminate() is unhandled.)
    const settled = pool.distance(Float64Array.of(0, 0, 0, 0, 0, 0, 1, 5, 0, 0, 0, 0, 0, 1), Int32Array.of(0, 1)).then(() => null, (e: unknown) => e);
    await pool.terminate();
    const error = await settled;
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as Error).message).toMatch(/^BatchPool was terminated before this batch was answered/);
    await expect(pool.distance(Float64Array.of(0, 0, 0, 0, 0, 0, 1, 5, 0, 0, 0, 0, 0, 1), Int32Array.of(0, 1))).rejects.toThrow(InvalidArgumentError);
    expect(() => pool.setShapes([])).toThrow(/^BatchPool was terminated/);
  }, 60_000);

  it('a worker that fails makes its batches reject, never hang, and the pool say so after', async () => {
    const pool = await BatchPool.create({ threads: 2 });
    pools.push(pool);
    // A sphere whose radius was changed after it was made: its copy cannot be rebuilt in the workers.
    const broken = new Sphere(1);
    (broken as unknown as { radius: number }).radius = -1;
    pool.setShapes([broken, new Sphere(1)]);
    const p = Float64Array.of(0, 0, 0, 0, 0, 0, 1, 5, 0, 0, 0, 0, 0, 1);
    // (Rejected while waiting, or at once if the worker has already failed.)
    await expect(pool.distance(p, Int32Array.of(0, 1))).rejects.toThrow(/^BatchPool(: a worker thread failed \(| has a worker thread that failed)/);
    await expect(pool.distance(p, Int32Array.of(0, 1))).rejects.toThrow(/^BatchPool has a worker thread that failed/);
  }, 60_000);
});
