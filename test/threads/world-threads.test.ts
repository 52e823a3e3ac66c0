/**
 * A world's narrow phase on worker threads (`updateAsync` on a world made with `{ threads: pool }`) against
 * the same world's `update()` on this thread, bit for bit: every contact field, every manifold, the order
 * of the contacts and of the began and ended events, over steps that move, turn, add and remove bodies of
 * every kind (a hull of over 192 vertices, whose support climbs from its last answer, a compound, a mesh,
 * and a support map of the user's own, whose pairs stay on this thread); shared out over 1 and 2 workers,
 * with shared memory and with copies (two worlds updating at once on one pool). Then the errors: a bad
 * pool, reading or changing the world while an update is under way, a pool that fails.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  Box, Capsule, Compound, Cone, ConvexHull, Cylinder, InvalidArgumentError, Rounded, Scaled, Sphere, TriangleMesh, type Shape,
} from '../../src/index.js';
import { BatchPool } from '../../src/threads/index.js';
import { CollisionWorld } from '../../src/world/collision-world.js';
import type { NarrowJob, WorldThreads } from '../../src/world/narrow-threads.js';
import { mulberry32, spherePoints } from '../random.js';

const pools: BatchPool[] = [];
afterAll(async () => { await Promise.all(pools.map((p) => p.terminate())); });
async function pool(threads: number): Promise<BatchPool> {
  const p = await BatchPool.create({ threads });
  pools.push(p);
  return p;
}

/** A pool that records the shares it was given (to see that the workers got some); `copies`: as where memory is not shared. */
function watched(p: BatchPool, shares: number[], copies = false): WorldThreads {
  return { threads: p.threads, sharesMemory: !copies && p.sharesMemory, narrowPhase: (job: NarrowJob) => { shares.push(job.shares); return p.narrowPhase(job); } };
}

const rnd0 = mulberry32(31);
const cloud = Array.from({ length: 30 }, () => ({ x: rnd0() - 0.5, y: rnd0() - 0.5, z: rnd0() - 0.5 }));
/** A support map of the user's own: a sphere of radius 0.35. */
const own: Shape = {
  kind: 'custom', sweptRadius: 0, boundingRadius: 0.35,
  support(out, d) { const l = Math.hypot(d.x, d.y, d.z) || 1; out.x = 0.35 * d.x / l; out.y = 0.35 * d.y / l; out.z = 0.35 * d.z / l; return out; },
} as Shape;
const SHAPES: Shape[] = [
  new Box(0.4, 0.3, 0.5), new Sphere(0.4), new Capsule(0.3, 0.2), new ConvexHull(cloud), new Cylinder(0.3, 0.3), new Cone(0.3, 0.4),
  new ConvexHull(spherePoints(300, 5).map((v) => 0.45 * v)), new Rounded(new Box(0.2, 0.2, 0.2), 0.1), new Scaled(new Sphere(0.3), { x: 1.5, y: 1, z: 0.7 }),
  new Compound([
    { shape: new Box(0.5, 0.1, 0.2), pose: { position: { x: 0, y: 0.2, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } } },
    { shape: new Sphere(0.2), pose: { position: { x: 0.4, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } } },
  ]),
  own,
];
const floor = new TriangleMesh([-9, 0, -9, 9, 0, -9, 9, 0.5, 9, -9, 0, 9, 0, 0.3, 0], [0, 1, 4, 1, 2, 4, 2, 3, 4, 3, 0, 4]);

interface Step { moves: { i: number; pose: ReturnType<typeof pose> }[]; removes: number[]; adds: { shape: number; pose: ReturnType<typeof pose> }[] }
function pose(x: number, y: number, z: number, a: number) {
  return { position: { x, y, z }, quaternion: { x: 0, y: Math.sin(a / 2), z: 0, w: Math.cos(a / 2) } };
}

/** A scene of `n` bodies in a box of side `side` over a mesh floor, and `steps` steps of moves, removals and additions. */
function script(n: number, steps: number, seed: number): { start: { shape: number; pose: ReturnType<typeof pose> }[]; steps: Step[] } {
  const rnd = mulberry32(seed), side = Math.cbrt(n / 0.9);
  const place = () => pose(rnd() * side - side / 2, rnd() * side * 0.6 + 0.2, rnd() * side - side / 2, rnd() * 6);
  const start = Array.from({ length: n }, (_, i) => ({ shape: i % SHAPES.length, pose: place() }));
  const out: Step[] = [];
  for (let s = 0; s < steps; s++) {
    const moves = [];
    for (let i = 0; i < n; i++) if (rnd() < 0.7) moves.push({ i, pose: s % 5 === 4 && rnd() < 0.05 ? place() : pose(0, 0, 0, 0) });
    out.push({ moves, removes: rnd() < 0.3 ? [Math.floor(rnd() * n)] : [], adds: rnd() < 0.3 ? [{ shape: Math.floor(rnd() * SHAPES.length), pose: place() }] : [] });
  }
  // Small moves are drift from the body's last pose: filled in as the script runs (the same for both worlds).
  return { start, steps: out };
}

/** Everything a world tells after an update, as plain data (numbers kept as their bits). */
function snapshot(world: CollisionWorld): unknown[] {
  const out: unknown[] = [world.contactCount];
  for (let i = 0; i < world.contactCount; i++) {
    const c = world.contact(i);
    out.push([c.a, c.b, c.separation, c.normal.x, c.normal.y, c.normal.z, c.pointA.x, c.pointA.y, c.pointA.z, c.pointB.x, c.pointB.y, c.pointB.z, c.status, c.iterations, c.partA, c.partB]);
    if (world.keepsManifolds) {
      const list = world.manifolds(i);
      for (let k = 0; k < list.count; k++) {
        const m = list.manifolds[k];
        out.push([m.normal.x, m.normal.y, m.normal.z, m.partA, m.partB, m.count, m.status, m.iterations]);
        for (let p = 0; p < m.count; p++) {
          const q = m.points[p];
          out.push([q.separation, q.pointA.x, q.pointA.y, q.pointA.z, q.pointB.x, q.pointB.y, q.pointB.z, q.id, q.featureA.type, q.featureA.index, q.featureB.type, q.featureB.index]);
        }
      }
    }
  }
  world.beganTouching((a, b) => out.push(['began', a, b]));
  world.endedTouching((a, b) => out.push(['ended', a, b]));
  return out;
}

/** Runs the script on a world stepped by update() and one stepped by updateAsync() on `threads`; compares every step. */
async function compare(threads: WorldThreads, manifolds: boolean, n: number, steps: number, seed: number): Promise<number> {
  const { start, steps: script0 } = script(n, steps, seed);
  const plain = new CollisionWorld({ margin: 0.02, manifolds }), threaded = new CollisionWorld({ margin: 0.02, manifolds, threads });
  const worlds = [plain, threaded], handles: number[][] = [[], []], poses = start.map((b) => b.pose);
  const rnd = mulberry32(seed + 1);
  for (const [k, w] of worlds.entries()) {
    w.add(floor, pose(0, -0.2, 0, 0), { static: true });
    for (const b of start) handles[k].push(w.add(SHAPES[b.shape], b.pose));
  }
  let contacts = 0;
  for (const step of script0) {
    for (const m of step.moves) {
      const p = poses[m.i];
      const next = m.pose.position.x !== 0 || m.pose.position.y !== 0 ? m.pose
        : pose(p.position.x + 0.05 * (rnd() - 0.5), p.position.y + 0.05 * (rnd() - 0.5), p.position.z + 0.05 * (rnd() - 0.5), 2 * Math.atan2(p.quaternion.y, p.quaternion.w) + 0.1 * rnd());
      poses[m.i] = next;
      for (const [k, w] of worlds.entries()) if (handles[k][m.i] >= 0) w.setPose(handles[k][m.i], next);
    }
    for (const i of step.removes) for (const [k, w] of worlds.entries()) if (handles[k][i] >= 0) { w.remove(handles[k][i]); handles[k][i] = -1; }
    for (const add of step.adds) {
      poses.push(add.pose);
      for (const [k, w] of worlds.entries()) handles[k].push(w.add(SHAPES[add.shape], add.pose));
    }
    plain.update();
    await threaded.updateAsync();
    const want = snapshot(plain), got = snapshot(threaded);
    expect(got.length).toBe(want.length);
    for (let i = 0; i < want.length; i++) if (!Object.is(JSON.stringify(got[i]), JSON.stringify(want[i]))) expect(got[i]).toEqual(want[i]);
    contacts += plain.contactCount;
  }
  return contacts;
}

describe('CollisionWorld.updateAsync on worker threads', () => {
  it('gives update()\'s contacts, manifolds and events bit for bit, on 1 and 2 workers', async () => {
    for (const threads of [1, 2]) {
      const p = await pool(threads), shares: number[] = [];
      const contacts = await compare(watched(p, shares), threads === 1, 500, 6, 40 + threads);
      expect(contacts).toBeGreaterThan(1000);
      // The workers had shares: this thread's and one for each worker.
      expect(Math.max(...shares)).toBe(threads + 1);
    }
  }, 120_000);

  it('agrees when the workers get copies (no shared memory), and with two worlds updating at once on one pool', async () => {
    const p = await pool(2), shares: number[] = [];
    expect(p.sharesMemory).toBe(true); // (Node)
    const [x, y] = await Promise.all([compare(watched(p, shares, true), true, 500, 3, 7), compare(p, false, 400, 3, 8)]);
    expect(x + y).toBeGreaterThan(500);
    expect(Math.max(...shares)).toBe(3);
  }, 120_000);

  it('is update() without threads; rejects a value that is not a pool', async () => {
    const w = new CollisionWorld();
    w.add(new Sphere(1), pose(0, 0, 0, 0)); w.add(new Sphere(1), pose(1, 0, 0, 0));
    await w.updateAsync();
    expect(w.contactCount).toBe(1);
    for (const bad of [{}, { threads: 2 }, { threads: 0, narrowPhase: () => Promise.resolve() }, 'pool']) {
      expect(() => new CollisionWorld({ threads: bad as unknown as WorldThreads })).toThrow(/options\.threads/);
      expect(() => new CollisionWorld({ threads: bad as unknown as WorldThreads })).toThrow(InvalidArgumentError);
    }
  });

  it('holds the world while an update is under way: changes and pair reads throw, scene queries run', async () => {
    const p = await pool(1);
    const w = new CollisionWorld({ threads: p });
    const h = w.add(new Sphere(1), pose(0, 0, 0, 0)); w.add(new Sphere(1), pose(1, 0, 0, 0));
    await w.updateAsync();
    const under = w.updateAsync();
    expect(() => w.add(new Sphere(1), pose(5, 0, 0, 0))).toThrow(/updateAsync\(\) is under way/);
    expect(() => w.setPose(h, pose(0, 1, 0, 0))).toThrow(InvalidArgumentError);
    expect(() => w.remove(h)).toThrow(InvalidArgumentError);
    expect(() => w.update()).toThrow(InvalidArgumentError);
    const second = w.updateAsync(); // (awaited below: an await here would let the first one finish)
    expect(() => w.contactCount).toThrow(/contactCount/);
    expect(() => w.contact(0)).toThrow(/await it first/);
    expect(() => w.forEachContact(() => undefined)).toThrow(InvalidArgumentError);
    let seen = 0;
    w.queryAabb({ x: -5, y: -5, z: -5 }, { x: 5, y: 5, z: 5 }, () => { seen++; });
    expect(seen).toBe(2);
    await expect(second).rejects.toThrow(/updateAsync\(\) is under way/);
    await under;
    expect(w.contactCount).toBe(1);
    w.setPose(h, pose(0, 5, 0, 0));
    await w.updateAsync();
    expect(w.contactCount).toBe(0);
  });

  it('completes the update on this thread when the pool fails, then rejects with its error', async () => {
    const p = await pool(1);
    const reference = new CollisionWorld(), w = new CollisionWorld({ threads: p });
    const rnd = mulberry32(3);
    for (let i = 0; i < 600; i++) {
      const at = pose(rnd() * 8, rnd() * 8, rnd() * 8, rnd() * 6);
      reference.add(SHAPES[i % 4], at); w.add(SHAPES[i % 4], at);
    }
    reference.update();
    await p.terminate();
    await expect(w.updateAsync()).rejects.toThrow(/terminated/);
    expect(reference.contactCount).toBeGreaterThan(100);
    expect(snapshot(w)).toEqual(snapshot(reference));
  });
});
