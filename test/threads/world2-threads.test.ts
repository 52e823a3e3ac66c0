/**
 * The plane world's narrow phase on worker threads (`updateAsync` on a CollisionWorld2 made with
 * `{ threads: pool }`) against the same world's `update()` on this thread, bit for bit: every contact
 * field, every kept manifold, the order of the contacts and of the began and ended events, over steps that
 * move, turn, add and remove bodies of every 2D kind (static ones too); shared out over 1 and 2 workers,
 * with shared memory and with copies (two worlds updating at once on one pool). Then the errors: a bad
 * pool, reading or changing the world while an update is under way, a pool that fails.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Box2, Capsule2, Circle, CollisionWorld2, InvalidArgumentError, Point2, Polygon, Rounded2, Segment2, type Pose2Like, type Shape2 } from '../../src/2d/index.js';
import { BatchPool } from '../../src/threads/index.js';
import type { WorldJob, WorldThreads } from '../../src/world/narrow-threads.js';
import { mulberry32 } from '../random.js';

const pools: BatchPool[] = [];
afterAll(async () => { await Promise.all(pools.map((p) => p.terminate())); });
async function pool(threads: number): Promise<BatchPool> {
  const p = await BatchPool.create({ threads });
  pools.push(p);
  return p;
}

/** A pool that records the shares it was given (to see that the workers got some); `copies`: as where memory is not shared. */
function watched(p: BatchPool, shares: number[], copies = false): WorldThreads {
  return { threads: p.threads, sharesMemory: !copies && p.sharesMemory, narrowPhase: (job: WorldJob) => { shares.push(job.shares); return p.narrowPhase(job); } };
}

const octagon = Array.from({ length: 8 }, (_, k) => ({ x: 0.4 * Math.cos(k * Math.PI / 4), y: 0.4 * Math.sin(k * Math.PI / 4) }));
const SHAPES: Shape2[] = [
  new Box2(0.4, 0.3), new Circle(0.35), new Capsule2(0.3, 0.2), new Polygon(octagon), new Rounded2(new Box2(0.2, 0.1), 0.1),
  new Segment2({ x: -0.4, y: 0 }, { x: 0.4, y: 0.1 }), new Point2(),
];
const at = (x: number, y: number, angle: number): Pose2Like => ({ position: { x, y }, angle });

/** Everything a world tells after an update, as plain data. */
function snapshot(world: CollisionWorld2): unknown[] {
  const out: unknown[] = [world.contactCount];
  for (let i = 0; i < world.contactCount; i++) {
    const c = world.contact(i);
    out.push([c.a, c.b, c.separation, c.normal.x, c.normal.y, c.pointA.x, c.pointA.y, c.pointB.x, c.pointB.y, c.status, c.iterations]);
    if (world.keepsManifolds) {
      const m = world.manifold(i);
      if (m === null) { out.push(null); continue; }
      out.push([m.normal.x, m.normal.y, m.count, m.status, m.iterations]);
      for (let p = 0; p < m.count; p++) {
        const q = m.points[p];
        out.push([q.separation, q.pointA.x, q.pointA.y, q.pointB.x, q.pointB.y, q.id, q.featureA.type, q.featureA.index, q.featureB.type, q.featureB.index]);
      }
    }
  }
  world.beganTouching((a, b) => out.push(['began', a, b]));
  world.endedTouching((a, b) => out.push(['ended', a, b]));
  return out;
}

/** n bodies drifting in a square (some static), stepped by update() in one world and updateAsync() on `threads` in the other; compares every step. */
async function compare(threads: WorldThreads, manifolds: boolean, n: number, steps: number, seed: number): Promise<number> {
  const rnd = mulberry32(seed), side = Math.sqrt(n / 0.8);
  const plain = new CollisionWorld2({ margin: 0.02, manifolds }), threaded = new CollisionWorld2({ margin: 0.02, manifolds, threads });
  const worlds = [plain, threaded], handles: number[][] = [[], []], poses: Pose2Like[] = [], statics: boolean[] = [];
  const add = (): void => {
    const pose = at(side * rnd(), side * rnd(), 6 * rnd()), shape = SHAPES[Math.floor(rnd() * SHAPES.length)], isStatic = rnd() < 0.1;
    poses.push(pose); statics.push(isStatic);
    for (const [k, w] of worlds.entries()) handles[k].push(w.add(shape, pose, { static: isStatic }));
  };
  for (let i = 0; i < n; i++) add();
  let contacts = 0;
  for (let s = 0; s < steps; s++) {
    for (let i = 0; i < poses.length; i++) {
      if (statics[i] || handles[0][i] < 0 || rnd() < 0.3) continue;
      const p = poses[i];
      // Mostly drift; now and then a jump (a leaf reinserted far away).
      poses[i] = rnd() < 0.02 ? at(side * rnd(), side * rnd(), 6 * rnd()) : at(p.position.x + 0.08 * (rnd() - 0.5), p.position.y + 0.08 * (rnd() - 0.5), p.angle + 0.1 * (rnd() - 0.5));
      for (const [k, w] of worlds.entries()) w.setPose(handles[k][i], poses[i]);
    }
    for (let j = 0; j < 3; j++) {
      const i = Math.floor(rnd() * poses.length);
      if (handles[0][i] >= 0) for (const [k, w] of worlds.entries()) { w.remove(handles[k][i]); handles[k][i] = -1; }
      add();
    }
    plain.update();
    await threaded.updateAsync();
    const want = snapshot(plain), got = snapshot(threaded);
    expect(got.length).toBe(want.length);
    for (let i = 0; i < want.length; i++) if (JSON.stringify(got[i]) !== JSON.stringify(want[i])) expect(got[i]).toEqual(want[i]);
    contacts += plain.contactCount;
  }
  return contacts;
}

describe('CollisionWorld2.updateAsync on worker threads', () => {
  it('gives update()\'s contacts, kept manifolds and events bit for bit, on 1 and 2 workers', async () => {
    for (const threads of [1, 2]) {
      const p = await pool(threads), shares: number[] = [];
      const contacts = await compare(watched(p, shares), threads === 1, 1200, 8, 70 + threads);
      expect(contacts).toBeGreaterThan(3000);
      // The workers had shares: this thread's and one for each worker.
      expect(Math.max(...shares)).toBe(threads + 1);
    }
  }, 120_000);

  it('agrees when the workers get copies (no shared memory), and with two worlds updating at once on one pool', async () => {
    const p = await pool(2), shares: number[] = [];
    expect(p.sharesMemory).toBe(true); // (Node)
    const [x, y] = await Promise.all([compare(watched(p, shares, true), true, 1000, 4, 7), compare(p, false, 900, 4, 8)]);
    expect(x + y).toBeGreaterThan(1500);
    expect(Math.max(...shares)).toBe(3);
  }, 120_000);

  it('is update() without threads; rejects a value that is not a pool', async () => {
    const w = new CollisionWorld2();
    w.add(new Circle(1), at(0, 0, 0)); w.add(new Circle(1), at(1, 0, 0));
    await w.updateAsync();
    expect(w.contactCount).toBe(1);
    for (const bad of [{}, { threads: 2 }, { threads: 0, narrowPhase: () => Promise.resolve() }, 'pool']) {
      expect(() => new CollisionWorld2({ threads: bad as unknown as WorldThreads })).toThrow(/^options\.threads is/);
      expect(() => new CollisionWorld2({ threads: bad as unknown as WorldThreads })).toThrow(InvalidArgumentError);
    }
  });

  it('holds the world while an update is under way: changes and pair reads throw, scene queries run', async () => {
    const p = await pool(1);
    const w = new CollisionWorld2({ threads: p });
    const h = w.add(new Circle(1), at(0, 0, 0)); w.add(new Circle(1), at(1, 0, 0));
    await w.updateAsync();
    const under = w.updateAsync();
    expect(() => w.add(new Circle(1), at(5, 0, 0))).toThrow(/updateAsync\(\) is under way/);
    expect(() => w.setPose(h, at(0, 1, 0))).toThrow(InvalidArgumentError);
    expect(() => w.remove(h)).toThrow(InvalidArgumentError);
    expect(() => w.update()).toThrow(InvalidArgumentError);
    const second = w.updateAsync(); // (awaited below: an await here would let the first one finish)
    expect(() => w.contactCount).toThrow(/await it first/);
    expect(() => w.contact(0)).toThrow(/await it first/);
    expect(() => w.forEachContact(() => undefined)).toThrow(InvalidArgumentError);
    expect(() => w.beganTouching(() => undefined)).toThrow(InvalidArgumentError);
    expect(() => w.endedTouching(() => undefined)).toThrow(InvalidArgumentError);
    let seen = 0;
    w.queryAabb({ x: -5, y: -5 }, { x: 5, y: 5 }, () => { seen++; });
    expect(seen).toBe(2);
    expect(w.rayCast({ x: -5, y: 0 }, { x: 1, y: 0 })?.body).toBe(h);
    await expect(second).rejects.toThrow(/updateAsync\(\) is under way/);
    await under;
    expect(w.contactCount).toBe(1);
    w.setPose(h, at(0, 5, 0));
    await w.updateAsync();
    expect(w.contactCount).toBe(0);
  });

  it('completes the update on this thread when the pool fails, then rejects with its error', async () => {
    const p = await pool(1);
    const reference = new CollisionWorld2(), w = new CollisionWorld2({ threads: p });
    const rnd = mulberry32(3);
    for (let i = 0; i < 1500; i++) {
      const pose = at(rnd() * 30, rnd() * 30, rnd() * 6);
      reference.add(SHAPES[i % 4], pose); w.add(SHAPES[i % 4], pose);
    }
    reference.update();
    await p.terminate();
    await expect(w.updateAsync()).rejects.toThrow(/terminated/);
    expect(reference.contactCount).toBeGreaterThan(300);
    expect(snapshot(w)).toEqual(snapshot(reference));
  });
});
