/**
 * A collision world with half-spaces (static bodies kept out of its trees: world/broad-phase.ts) against
 * brute force over every pair of bodies: after random adds, moves (the half-spaces' too), removals and
 * updates, the touching pairs are exactly those whose `contact` is within the margin; rays, boxes and
 * shapes find a half-space as the pairwise queries do; threads give the same contacts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CollisionWorld, HalfSpace, InvalidArgumentError, intersects, rayCast, Sphere } from '../../src/index.js';
import { BatchPool } from '../../src/threads/index.js';
import { runs, seed } from '../runs.js';
import { apply, at, key, opArb, quat, touchingPairs, type Body } from './world-harness.js';

/** A half-space's pose: a random tilt (up to about 35°), its plane near the origin. */
const planePose = fc.tuple(fc.double({ min: -0.3, max: 0.3, noNaN: true }), fc.double({ min: -0.3, max: 0.3, noNaN: true }), fc.double({ min: -2, max: 1, noNaN: true }))
  .map(([x, z, y]) => { const l = Math.hypot(x, z, 1); return at(0, y, 0, { x: x / l, y: 0, z: z / l, w: 1 / l }); });

describe('CollisionWorld with half-spaces, against brute force', () => {
  it('random adds, moves (the half-spaces\' too), removals and updates: exactly the pairs within the margin touch', () => {
    fc.assert(fc.property(fc.array(planePose, { minLength: 1, maxLength: 2 }), fc.array(opArb, { minLength: 1, maxLength: 60 }), fc.constantFrom(0, 0.1), fc.array(planePose, { maxLength: 2 }), (planes, ops, margin, moves) => {
      const world = new CollisionWorld({ margin });
      const bodies = new Map<number, Body>();
      const planeHandles: number[] = [];
      for (const pose of planes) {
        const h = world.add(new HalfSpace(), pose, { static: true, group: 3, mask: -1 });
        bodies.set(h, { shape: new HalfSpace(), pose, isStatic: true, group: 3, mask: -1 });
        planeHandles.push(h);
      }
      const check = () => {
        const want = touchingPairs(bodies, margin);
        const got = new Set<string>();
        world.forEachContact((c) => { got.add(key(c.a, c.b)); });
        for (const [k, s] of want) if (!Number.isNaN(s)) expect(got.has(k), `missing ${k} at ${s}`).toBe(true);
        for (const k of got) expect(want.has(k), `extra ${k}`).toBe(true);
      };
      // Half-way, the half-spaces move (a static body may be moved: its pairs are found again).
      const half = Math.floor(ops.length / 2);
      ops.forEach((op, i) => {
        apply(world, bodies, op, { onUpdate: check });
        if (i === half) {
          moves.forEach((pose, j) => {
            const h = planeHandles[j % planeHandles.length];
            if (!bodies.has(h)) return;
            world.setPose(h, pose);
            bodies.get(h)!.pose = pose;
          });
        }
      });
      world.update();
      check();
    }), { numRuns: runs(120), seed: seed(3521) });
  });

  it('scene queries find a half-space by its plane: the nearest ray hit, boxes below it, shapes that meet it, a cast onto it', () => {
    const world = new CollisionWorld();
    const tilt = { x: 0.1, y: 0, z: 0, w: Math.sqrt(0.99) };
    const ground = world.add(new HalfSpace(), at(0, -1, 0, tilt), { static: true });
    const ball = world.add(new Sphere(0.5), at(0, 3, 0));
    fc.assert(fc.property(fc.tuple(fc.double({ min: -20, max: 20, noNaN: true }), fc.double({ min: -5, max: 10, noNaN: true }), fc.double({ min: -20, max: 20, noNaN: true })), quat, ([x, y, z], q) => {
      const d = { x: q.x, y: q.y - 0.5, z: q.z };
      if (Math.hypot(d.x, d.y, d.z) < 0.1) return;
      const o = { x, y, z };
      const hit = world.rayCast(o, d);
      const onGround = rayCast(new HalfSpace(), at(0, -1, 0, tilt), o, d), onBall = rayCast(new Sphere(0.5), at(0, 3, 0), o, d);
      const best = [onGround, onBall].filter((h) => h !== null).sort((a, b) => a!.t - b!.t)[0] ?? null;
      expect(hit === null).toBe(best === null);
      if (hit !== null) expect(hit.t).toBe(best!.t);
      // A sphere placed at the point: overlapShape reports the ground exactly when intersects does.
      const met: number[] = [];
      world.overlapShape(new Sphere(0.3), at(x, y, z), (h) => { met.push(h); });
      expect(met.includes(ground)).toBe(intersects(new Sphere(0.3), at(x, y, z), new HalfSpace(), at(0, -1, 0, tilt)));
    }), { numRuns: runs(300), seed: seed(3522) });
    const boxes: number[] = [];
    world.queryAabb({ x: 50, y: -30, z: 50 }, { x: 51, y: -29, z: 51 }, (h) => { boxes.push(h); });
    expect(boxes).toEqual([ground]);
    const none: number[] = [];
    world.queryAabb({ x: 0, y: 50, z: 0 }, { x: 1, y: 51, z: 1 }, (h) => { none.push(h); });
    expect(none).toEqual([]);
    const cast = world.shapeCast(new Sphere(0.25), at(5, 4, 5), { linear: { x: 0, y: -20, z: 0 } });
    expect(cast?.body).toBe(ground);
    expect(world.contactCount).toBe(0);
    world.setPose(ball, at(0, -0.8, 0));
    world.update();
    expect(world.contactCount).toBe(1);
    world.remove(ground);
    world.update();
    expect(world.contactCount).toBe(0);
  });

  it('on threads, the same contacts as on this thread', async () => {
    const pool = await BatchPool.create({ threads: 2 });
    try {
      const make = (threads?: BatchPool) => {
        const w = new CollisionWorld({ margin: 0.02, threads });
        w.add(new HalfSpace(), at(0, 0, 0, { x: 0.05, y: 0, z: 0, w: Math.sqrt(1 - 0.0025) }), { static: true });
        for (let i = 0; i < 200; i++) w.add(new Sphere(0.5), at((i % 20) * 1.1, 0.3 + (i % 7) * 0.1, Math.floor(i / 20) * 1.1));
        return w;
      };
      const here = make(), there = make(pool);
      here.update();
      await there.updateAsync();
      expect(there.contactCount).toBe(here.contactCount);
      expect(here.contactCount).toBeGreaterThan(10);
      for (let i = 0; i < here.contactCount; i++) expect(there.contact(i)).toEqual(here.contact(i));
    } finally {
      await pool.terminate();
    }
  });

  it('a body removed takes its pairs with the half-spaces along (golden: the half-spaces are in neither tree, where a removal finds pairs)', () => {
    const world = new CollisionWorld();
    world.add(new HalfSpace(), at(0, 0, 0), { static: true });
    const plane = world.add(new HalfSpace(), at(0, 0, 0), { static: true });
    const box = world.add(new Sphere(0.5), at(0, 0, 0));
    world.update();
    expect(world.contactCount).toBe(2);
    world.remove(box);
    expect(world.contactCount).toBe(0);
    // The next update met the pair's removed body ('b is null') before the fix.
    world.setPose(plane, at(0, 0, 0));
    world.update();
    expect(world.contactCount).toBe(0);
  });

  it('a half-space that is not static is a typed error naming the option', () => {
    const world = new CollisionWorld();
    expect(() => world.add(new HalfSpace(), at(0, 0, 0))).toThrow(InvalidArgumentError);
    expect(() => world.add(new HalfSpace(), at(0, 0, 0), { static: false })).toThrow(/^options\.static is not true, and the shape is a HalfSpace/);
  });
});
