/**
 * The plane world (CollisionWorld2 of convex-collide/2d) against brute force: random adds,
 * moves, removals and updates of every 2D kind, static bodies and filters among them; after every update
 * the touching set equals every pair's own `contact` within the margin (the same numbers, bit for bit),
 * began and ended equal the difference of successive sets, rays the nearest brute-force hit, boxes the
 * bodies whose tight boxes meet them; and bad input.
 */
import { describe, expect, it } from 'vitest';
import { Box2, Capsule2, Circle, CollisionWorld2, contact, contactManifold, createManifold, intersects, ManifoldCache, InvalidArgumentError, InvalidNumberError, InvalidShapeError, Point2, Polygon, rayCast, Rounded2, Segment2, shapeCast, type Shape2 } from '../../src/2d/index.js';

import { Box } from '../../src/index.js';
import { mulberry32 } from '../random.js';
import { runs } from '../runs.js';

interface Body { handle: number; shape: Shape2; pose: { position: { x: number; y: number }; angle: number }; isStatic: boolean; group: number; mask: number }

function kinds(rnd: () => number): Shape2[] {
  return [
    new Circle(0.3 + 0.3 * rnd()), new Box2(0.2 + 0.4 * rnd(), 0.2 + 0.3 * rnd()), new Capsule2(0.3, 0.15), new Segment2({ x: -0.4, y: 0 }, { x: 0.3, y: 0.2 }),
    new Point2(), new Polygon(Array.from({ length: 7 }, () => ({ x: rnd() - 0.5, y: rnd() - 0.5 }))), new Rounded2(new Box2(0.2, 0.1), 0.1),
  ];
}

describe('CollisionWorld2', () => {
  for (const margin of [0, 0.2]) {
    it(`random adds, moves, removals and updates (margin ${margin}): contacts, events, rays and boxes as brute force`, () => {
      const rnd = mulberry32(3700 + 10 * margin), shapes = kinds(rnd), world = new CollisionWorld2({ margin });
      const bodies = new Map<number, Body>();
      const randomPose = () => ({ position: { x: 8 * rnd(), y: 8 * rnd() }, angle: 6 * rnd() - 3 });
      let last = new Set<string>();
      for (let step = 0; step < 60; step++) {
        // Changes: adds, moves (small and large), removals.
        for (let k = 0; k < 6; k++) {
          const isStatic = rnd() < 0.15, group = rnd() < 0.1 ? 2 : 1, mask = rnd() < 0.1 ? 1 : 0xffffffff;
          const shape = shapes[Math.floor(rnd() * shapes.length)], pose = randomPose();
          const handle = world.add(shape, pose, { static: isStatic, group, mask });
          bodies.set(handle, { handle, shape, pose, isStatic, group, mask });
        }
        for (const b of bodies.values()) {
          if (b.isStatic || rnd() < 0.5) continue;
          b.pose = rnd() < 0.8 ? { position: { x: b.pose.position.x + 0.2 * (rnd() - 0.5), y: b.pose.position.y + 0.2 * (rnd() - 0.5) }, angle: b.pose.angle + 0.3 * (rnd() - 0.5) } : randomPose();
          world.setPose(b.handle, b.pose);
        }
        for (const b of [...bodies.values()]) if (rnd() < 0.05) { world.remove(b.handle); bodies.delete(b.handle); }
        // Between a removal and the next update: the last update's contacts less the removed bodies' (each
        // once, as it was), as in 3D.
        const kept = new Set<string>();
        for (let i = 0; i < world.contactCount; i++) { const c = world.contact(i); kept.add(`${Math.min(c.a, c.b)},${Math.max(c.a, c.b)}`); }
        expect(kept.size).toBe(world.contactCount);
        expect([...kept].sort()).toEqual([...last].filter((k) => k.split(',').every((h) => bodies.has(Number(h)))).sort());
        world.update();
        // Brute force: every pair that may pair, its own contact within the margin.
        const list = [...bodies.values()], want = new Map<string, ReturnType<typeof contact>>();
        for (let i = 0; i < list.length; i++) {
          for (let j = i + 1; j < list.length; j++) {
            const a = list[i], b = list[j];
            if (a.isStatic && b.isStatic) continue;
            if ((a.group & b.mask) === 0 || (b.group & a.mask) === 0) continue;
            const c = contact(a.shape, a.pose, b.shape, b.pose, null, { maxDistance: margin });
            if (c !== null) want.set(`${Math.min(a.handle, b.handle)},${Math.max(a.handle, b.handle)}`, c);
          }
        }
        const got = new Set<string>();
        for (let i = 0; i < world.contactCount; i++) {
          const c = world.contact(i), key = `${Math.min(c.a, c.b)},${Math.max(c.a, c.b)}`;
          got.add(key);
          const w = want.get(key);
          expect(w, `extra contact ${key} at step ${step}`).toBeDefined();
          // The same query on the same pair in the world's order (a is the lower slot: either handle).
          const A = bodies.get(c.a)!, B = bodies.get(c.b)!, own = contact(A.shape, A.pose, B.shape, B.pose, null, { maxDistance: margin })!;
          expect([c.separation, c.normal.x, c.normal.y, c.pointA.x, c.pointA.y, c.pointB.x, c.pointB.y]).toEqual([own.separation, own.normal.x, own.normal.y, own.pointA.x, own.pointA.y, own.pointB.x, own.pointB.y]);
        }
        for (const key of want.keys()) expect(got.has(key), `missing contact ${key} at step ${step}`).toBe(true);
        // forEachContact: the same contacts in the same order.
        const each: number[][] = [];
        world.forEachContact((c) => { each.push([c.a, c.b, c.separation, c.normal.x, c.pointB.y]); });
        expect(each).toEqual(Array.from({ length: world.contactCount }, (_, i) => { const c = world.contact(i); return [c.a, c.b, c.separation, c.normal.x, c.pointB.y]; }));
        // Events: the difference of successive touching sets (a removed body's pairs ended).
        const began = new Set<string>(), ended = new Set<string>();
        world.beganTouching((a, b) => began.add(`${Math.min(a, b)},${Math.max(a, b)}`));
        world.endedTouching((a, b) => ended.add(`${Math.min(a, b)},${Math.max(a, b)}`));
        expect([...began].sort()).toEqual([...got].filter((k) => !last.has(k)).sort());
        expect([...ended].sort()).toEqual([...last].filter((k) => !got.has(k)).sort());
        last = got;
        // A ray: the nearest brute-force hit (ties to the lower handle).
        const origin = { x: 8 * rnd(), y: 8 * rnd() }, dir = { x: rnd() - 0.5, y: rnd() - 0.5 };
        let best: { handle: number; t: number } | null = null;
        for (const b of list) {
          const h = rayCast(b.shape, b.pose, origin, dir, null, { maxT: 20 });
          if (h !== null && (best === null || h.t < best.t || (h.t === best.t && b.handle < best.handle))) best = { handle: b.handle, t: h.t };
        }
        const r = world.rayCast(origin, dir, { maxT: 20 });
        if (best === null) expect(r).toBeNull();
        else { expect(r).not.toBeNull(); expect(r!.t).toBe(best.t); expect(r!.body).toBe(best.handle); }
        // A box: the bodies whose tight boxes meet it, in handle order.
        const lo = { x: 8 * rnd(), y: 8 * rnd() }, hi = { x: lo.x + 2 * rnd(), y: lo.y + 2 * rnd() }, seen: number[] = [];
        world.queryAabb(lo, hi, (h) => { seen.push(h); });
        const wantBox = list.filter((b) => { const t = world.tightBox(b.handle); return !(t[0] > hi.x || t[2] < lo.x || t[1] > hi.y || t[3] < lo.y); }).map((b) => b.handle).sort((x, y) => x - y);
        expect(seen).toEqual(wantBox);
      }
    }, 60_000);
  }

  it('thousands of adds, moves and removals over a hundred updates (manifolds kept): every touching pair and its contact as brute force', () => {
    // Bodies in a wide square at about one contact each; brute force over every pair, skipping pairs whose
    // bounding discs are farther apart than the margin (a bound of the shapes', not the world's).
    const rnd = mulberry32(3711), shapes = kinds(rnd), margin = 0.05, world = new CollisionWorld2({ margin, manifolds: true });
    const bodies = new Map<number, Body>(), side = 40;
    let adds = 0, moves = 0, removals = 0, checked = 0;
    const randomPose = () => ({ position: { x: side * rnd(), y: side * rnd() }, angle: 6 * rnd() - 3 });
    for (let step = 0; step < 100 * runs(1); step++) {
      for (let k = 0; k < 20; k++) {
        const shape = shapes[Math.floor(rnd() * shapes.length)], pose = randomPose(), isStatic = rnd() < 0.1;
        bodies.set(world.add(shape, pose, { static: isStatic }), { handle: -1, shape, pose, isStatic, group: 1, mask: ~0 });
        adds++;
      }
      for (const [h, b] of bodies) {
        if (rnd() < 0.015) { world.remove(h); bodies.delete(h); removals++; continue; }
        if (b.isStatic) continue;
        b.pose = rnd() < 0.98 ? { position: { x: b.pose.position.x + 0.06 * (rnd() - 0.5), y: b.pose.position.y + 0.06 * (rnd() - 0.5) }, angle: b.pose.angle + 0.05 * (rnd() - 0.5) } : randomPose();
        world.setPose(h, b.pose);
        moves++;
      }
      world.update();
      if (step % 2 !== 1) continue;
      const list = [...bodies.entries()], want = new Set<string>();
      for (let i = 0; i < list.length; i++) {
        const [ha, a] = list[i];
        for (let j = i + 1; j < list.length; j++) {
          const [hb, b] = list[j];
          if (a.isStatic && b.isStatic) continue;
          const dx = a.pose.position.x - b.pose.position.x, dy = a.pose.position.y - b.pose.position.y, reach = a.shape.boundingRadius + b.shape.boundingRadius + margin;
          if (dx * dx + dy * dy > reach * reach) continue;
          if (contact(a.shape, a.pose, b.shape, b.pose, null, { maxDistance: margin }) !== null) want.add(`${Math.min(ha, hb)},${Math.max(ha, hb)}`);
        }
      }
      const got = new Set<string>();
      for (let i = 0; i < world.contactCount; i++) {
        const c = world.contact(i), A = bodies.get(c.a)!, B = bodies.get(c.b)!, own = contact(A.shape, A.pose, B.shape, B.pose, null, { maxDistance: margin })!;
        got.add(`${Math.min(c.a, c.b)},${Math.max(c.a, c.b)}`);
        expect([c.separation, c.normal.x, c.normal.y, c.pointA.x, c.pointA.y, c.pointB.x, c.pointB.y]).toEqual([own.separation, own.normal.x, own.normal.y, own.pointA.x, own.pointA.y, own.pointB.x, own.pointB.y]);
        checked++;
      }
      expect([...got].sort()).toEqual([...want].sort());
    }
    expect(adds).toBeGreaterThanOrEqual(2000);
    expect(moves).toBeGreaterThan(50_000);
    expect(removals).toBeGreaterThan(500);
    expect(checked).toBeGreaterThan(10_000);
  }, 120_000);

  it('overlapShape, rayCastAll, shapeCast, a contact\'s manifold and the filters answer as the pairwise queries over every body', () => {
    const rnd = mulberry32(3707), shapes = kinds(rnd), world = new CollisionWorld2({ margin: 0.05 });
    const bodies: Body[] = [];
    for (let i = 0; i < 80; i++) {
      const shape = shapes[i % shapes.length], pose = { position: { x: 8 * rnd(), y: 8 * rnd() }, angle: 6 * rnd() - 3 };
      bodies.push({ handle: world.add(shape, pose, { static: i % 9 === 0 }), shape, pose, isStatic: i % 9 === 0, group: 1, mask: 0xffffffff });
    }
    world.update();
    for (let k = 0; k < 40; k++) {
      const probe = shapes[k % shapes.length], at = { position: { x: 8 * rnd(), y: 8 * rnd() }, angle: 6 * rnd() - 3 };
      const seen: number[] = [];
      world.overlapShape(probe, at, (h) => { seen.push(h); });
      expect(seen).toEqual(bodies.filter((b) => intersects(probe, at, b.shape, b.pose)).map((b) => b.handle));
      // Every ray hit, and with a filter of odd handles.
      const origin = { x: 8 * rnd(), y: 8 * rnd() }, dir = { x: rnd() - 0.5, y: rnd() - 0.5 }, odd = (h: number) => h % 2 === 1;
      const all: [number, number][] = [];
      world.rayCastAll(origin, dir, (h) => { all.push([h.body, h.t]); }, { maxT: 15 });
      const want = bodies.map((b) => [b.handle, rayCast(b.shape, b.pose, origin, dir, null, { maxT: 15 })] as const).filter(([, h]) => h !== null).map(([h, r]) => [h, r!.t]);
      expect(all).toEqual(want);
      const nearestOdd = world.rayCast(origin, dir, { maxT: 15, filter: odd });
      const oddHits = want.filter(([h]) => odd(h)).sort((x, y) => x[1] - y[1] || x[0] - y[0]);
      if (oddHits.length === 0) expect(nearestOdd).toBeNull(); else { expect(nearestOdd!.body).toBe(oddHits[0][0]); expect(nearestOdd!.t).toBe(oddHits[0][1]); }
      // A moving, turning shape's first body.
      const motion = { linear: { x: 4 * (rnd() - 0.5), y: 4 * (rnd() - 0.5) }, angular: 2 * (rnd() - 0.5) };
      const cast = world.shapeCast(probe, at, motion, { maxTime: 1, targetSeparation: 0.01 });
      let best: { handle: number; time: number } | null = null;
      for (const b of bodies) {
        const r = shapeCast(probe, at, motion, b.shape, b.pose, null, null, { maxTime: 1, targetSeparation: 0.01 });
        if (r !== null && (best === null || r.time < best.time)) best = { handle: b.handle, time: r.time };
      }
      if (best === null) expect(cast).toBeNull(); else { expect(cast!.body).toBe(best.handle); expect(cast!.time).toBe(best.time); }
    }
    // Each contact's manifold: the pairwise contactManifold of its pair.
    for (let i = 0; i < world.contactCount; i++) {
      const c = world.contact(i), A = bodies.find((b) => b.handle === c.a)!, B = bodies.find((b) => b.handle === c.b)!;
      const m = world.manifold(i), want = contactManifold(A.shape, A.pose, B.shape, B.pose, null, { margin: 0.05 });
      expect(JSON.stringify(m)).toBe(JSON.stringify(want));
    }
    expect(world.contactCount).toBeGreaterThan(5);
    // Accessors.
    expect(world.shape(bodies[3].handle)).toBe(bodies[3].shape);
    expect(world.pose(bodies[3].handle)).toEqual(bodies[3].pose);
    expect(() => world.rayCast({ x: 0, y: 0 }, { x: 0, y: 0 })).toThrow(/^direction is the zero vector/);
    expect(() => world.rayCast({ x: 0, y: 0 }, { x: 1, y: 0 }, { maxT: -1 })).toThrow(/^options.maxT is -1/);
    expect(() => world.queryAabb({ x: 0, y: 0 }, { x: 1, y: 1 }, 3 as never)).toThrow(/^visit is/);
  });

  it('kept manifolds: each update\'s equals the pairwise contactManifold with the pair\'s own cache (its GJK start cold), bit for bit, while the pair lasts', () => {
    // A box sliding and rocking on a static floor and on a second box (a reference edge that could swap),
    // a circle rolling over them: the world's manifolds against one ManifoldCache per pair, created when
    // the world's pair begins (the pair lasts: the bodies stay within each other's fat boxes).
    const world = new CollisionWorld2({ margin: 0.02, manifolds: true });
    const floor = new Box2(5, 0.5), box = new Box2(0.5, 0.5), ball = new Circle(0.4);
    const at = (x: number, y: number, angle = 0) => ({ position: { x, y }, angle });
    const bodies = new Map<number, { shape: Shape2; pose: ReturnType<typeof at> }>();
    const hFloor = world.add(floor, at(0, -0.5), { static: true }); bodies.set(hFloor, { shape: floor, pose: at(0, -0.5) });
    const hBox = world.add(box, at(0, 0.5)); bodies.set(hBox, { shape: box, pose: at(0, 0.5) });
    const hTop = world.add(box, at(0.2, 1.5)); bodies.set(hTop, { shape: box, pose: at(0.2, 1.5) });
    const hBall = world.add(ball, at(1.5, 0.4)); bodies.set(hBall, { shape: ball, pose: at(1.5, 0.4) });
    const caches = new Map<string, ManifoldCache>();
    let ids = 0, persisted = 0;
    const lastIds = new Map<string, number[]>();
    for (let step = 0; step < 120; step++) {
      const t = step / 40;
      const moves: [number, ReturnType<typeof at>][] = [
        [hBox, at(0.01 * Math.sin(t), 0.5 - 0.001, 0.002 * Math.sin(3 * t))],
        [hTop, at(0.2 + 0.01 * Math.cos(t), 1.5 - 0.002, 0)],
        [hBall, at(1.5 - 0.002 * step, 0.4 - 0.001, 0.05 * step)],
      ];
      // Every third step nothing moves: the caches' reuse of the last answer.
      if (step % 3 !== 2) for (const [h, p] of moves) { world.setPose(h, p); bodies.get(h)!.pose = p; }
      world.update();
      for (let i = 0; i < world.contactCount; i++) {
        const c = world.contact(i), key = `${c.a},${c.b}`, A = bodies.get(c.a)!, B = bodies.get(c.b)!;
        if (!caches.has(key)) caches.set(key, new ManifoldCache());
        // (The world's manifold is built on its contact, whose GJK starts cold: the cache's GJK start unused.)
        const cache = caches.get(key)!;
        cache.gjk.reset();
        const want = contactManifold(A.shape, A.pose, B.shape, B.pose, null, { margin: 0.02, cache });
        const got = world.manifold(i, createManifold());
        expect(JSON.stringify(got)).toBe(JSON.stringify(want));
        // Ids persist while the features do: count how often they did.
        const now = got === null ? [] : got.points.slice(0, got.count).map((p) => p.id), before = lastIds.get(key);
        if (before !== undefined) { ids += now.length; persisted += now.filter((id) => before.includes(id)).length; }
        lastIds.set(key, now);
      }
      // Pairs that end are forgotten by the oracle too (the world's pair record goes with them).
      world.endedTouching((a, b) => { caches.delete(`${a},${b}`); lastIds.delete(`${a},${b}`); });
    }
    expect(caches.size).toBe(3);
    expect(persisted / ids).toBeGreaterThan(0.95);
    // Without `manifolds`, the manifold is computed when asked (no cache); a world keeping them says so.
    expect(world.keepsManifolds).toBe(true);
    expect(new CollisionWorld2().keepsManifolds).toBe(false);
    expect(() => new CollisionWorld2({ manifolds: 1 as never })).toThrow(/^options.manifolds is 1; expected true or false/);
  });

  it('kept manifolds follow their pairs through removals (record positions swap): random worlds, every manifold the pairwise one', () => {
    const rnd = mulberry32(3709), shapes = kinds(rnd), world = new CollisionWorld2({ margin: 0.1, manifolds: true });
    const bodies = new Map<number, Body>();
    let checked = 0;
    for (let step = 0; step < 40; step++) {
      for (let k = 0; k < 8; k++) {
        const shape = shapes[Math.floor(rnd() * shapes.length)], pose = { position: { x: 5 * rnd(), y: 5 * rnd() }, angle: 6 * rnd() - 3 };
        bodies.set(world.add(shape, pose), { handle: -1, shape, pose, isStatic: false, group: 1, mask: ~0 });
      }
      for (const [h, b] of bodies) {
        if (rnd() < 0.1) { world.remove(h); bodies.delete(h); continue; }
        if (rnd() < 0.5) { b.pose = { position: { x: b.pose.position.x + 0.3 * (rnd() - 0.5), y: b.pose.position.y + 0.3 * (rnd() - 0.5) }, angle: b.pose.angle + 0.2 }; world.setPose(h, b.pose); }
      }
      world.update();
      for (let i = 0; i < world.contactCount; i++) {
        const c = world.contact(i), A = bodies.get(c.a)!, B = bodies.get(c.b)!, got = world.manifold(i);
        const want = contactManifold(A.shape, A.pose, B.shape, B.pose, null, { margin: 0.1 });
        checked++;
        // The contact itself (found with the manifold, one query) is the pairwise contact's, bit for bit.
        const own = contact(A.shape, A.pose, B.shape, B.pose, null, { maxDistance: 0.1 })!;
        expect([c.separation, c.normal.x, c.normal.y, c.pointA.x, c.pointA.y, c.pointB.x, c.pointB.y, c.status, c.iterations])
          .toEqual([own.separation, own.normal.x, own.normal.y, own.pointA.x, own.pointA.y, own.pointB.x, own.pointB.y, own.status, own.iterations]);
        // Fresh or cached (a reference edge kept, an answer moved), the same contact: its count, its
        // features, its points to rounding.
        expect(got === null).toBe(want === null);
        if (got === null || want === null) continue;
        expect(got.count).toBe(want.count);
        expect(got.normal.x).toBeCloseTo(want.normal.x, 9); expect(got.normal.y).toBeCloseTo(want.normal.y, 9);
        const seps = (m: typeof got) => m.points.slice(0, m.count).map((p) => p.separation).sort((x, y) => x - y);
        const g = seps(got), w = seps(want);
        for (let k = 0; k < g.length; k++) expect(Math.abs(g[k] - w[k])).toBeLessThan(1e-9);
      }
    }
    expect(world.size).toBeGreaterThan(50);
    expect(checked).toBeGreaterThan(500);
  });

  it('a removal takes its body\'s contacts out of the list at once (they were read stale, one pair three times, until the next update)', () => {
    const world = new CollisionWorld2(), c = new Circle(1);
    const h = [0, 1, 2, 3].map((i) => world.add(c, { position: { x: 1.5 * i, y: 0 }, angle: 0 }));
    world.update();
    expect(world.contactCount).toBe(3);
    world.remove(h[1]);
    expect(world.contactCount).toBe(1);
    const k = world.contact(0);
    expect([k.a, k.b, k.separation]).toEqual([h[2], h[3], -0.5]);
    const began: number[][] = [];
    world.beganTouching((a, b) => { began.push([a, b]); });
    expect(began).toEqual([[h[2], h[3]]]);
    world.update();
    const ended: number[][] = [];
    world.endedTouching((a, b) => { ended.push([Math.min(a, b), Math.max(a, b)]); });
    expect(ended.sort()).toEqual([[h[0], h[1]], [h[1], h[2]]]);
  });

  it('a box\'s, a circle\'s and a capsule\'s tight box in closed form: the support readings along the world axes, bit for bit', () => {
    const rnd = mulberry32(91), world = new CollisionWorld2(), q = { x: 0, y: 0 };
    const shapes = [new Box2(0.4, 0.3), new Box2(1e-3, 7), new Circle(0.35), new Capsule2(0.3, 0.2), new Capsule2(5, 1e-4)];
    // Angles with exact zeros among their cosines and sines, and random ones.
    const angles = [0, Math.PI / 2, -Math.PI, 3 * Math.PI / 2, ...Array.from({ length: 200 }, () => 20 * (rnd() - 0.5))];
    for (const s of shapes) {
      for (const angle of angles) {
        const pose = { position: { x: 100 * (rnd() - 0.5), y: rnd() < 0.1 ? 0 : 100 * (rnd() - 0.5) }, angle }, h = world.add(s, pose);
        // The oracle: the support along ±x and ±y turned into the shape's frame, with the world's own cosine and sine.
        const p = world.pose(h), c = world.tightBox(h), [cs, sn] = trigOf(world, h);
        const want: number[] = [];
        for (const [axis, sign] of [[0, -1], [1, -1], [0, 1], [1, 1]]) {
          const dx = axis === 0 ? sign : 0, dy = axis === 1 ? sign : 0;
          s.support(q, { x: cs * dx + sn * dy, y: -sn * dx + cs * dy });
          const w = axis === 0 ? cs * q.x - sn * q.y + p.position.x : sn * q.x + cs * q.y + p.position.y;
          want.push(w + sign * s.sweptRadius);
        }
        expect(c).toEqual(want);
      }
    }
  });

  it('a body\'s tight box holds its shape (its supports along many directions)', () => {
    const rnd = mulberry32(9), world = new CollisionWorld2();
    for (const s of kinds(rnd)) {
      const pose = { position: { x: rnd() * 4, y: rnd() * 4 }, angle: 6 * rnd() }, h = world.add(s, pose), t = world.tightBox(h);
      for (let k = 0; k < 64; k++) {
        const a = (2 * Math.PI * k) / 64, d = { x: Math.cos(a), y: Math.sin(a) };
        // The farthest point along d (a ray from far out, back along −d, meets the shape there or nearer the box).
        const far = { x: pose.position.x + 100 * d.x, y: pose.position.y + 100 * d.y }, hit = rayCast(s, pose, far, { x: -d.x, y: -d.y });
        if (hit === null) continue;
        expect(hit.point.x).toBeGreaterThanOrEqual(t[0] - 1e-12); expect(hit.point.x).toBeLessThanOrEqual(t[2] + 1e-12);
        expect(hit.point.y).toBeGreaterThanOrEqual(t[1] - 1e-12); expect(hit.point.y).toBeLessThanOrEqual(t[3] + 1e-12);
      }
    }
  });

  it('forEachTreeBox: every body a leaf whose fat box holds its tight box, parents holding children, both trees', () => {
    const rnd = mulberry32(11), shapes = kinds(rnd), world = new CollisionWorld2({ margin: 0.05 }), handles: number[] = [];
    for (let i = 0; i < 60; i++) handles.push(world.add(shapes[i % shapes.length], { position: { x: 10 * rnd(), y: 10 * rnd() }, angle: rnd() }, { static: i % 5 === 0 }));
    world.update();
    const nodes: { box: number[]; depth: number; leaf: boolean; isStatic: boolean }[] = [];
    world.forEachTreeBox((x0, y0, x1, y1, depth, leaf, isStatic) => { nodes.push({ box: [x0, y0, x1, y1], depth, leaf, isStatic }); });
    const leaves = nodes.filter((n) => n.leaf);
    expect(leaves.length).toBe(60);
    expect(leaves.filter((n) => n.isStatic).length).toBe(12);
    expect(nodes.length).toBe(2 * 48 - 1 + 2 * 12 - 1);
    // Each body's tight box inside some leaf of its tree.
    handles.forEach((h, i) => {
      const t = world.tightBox(h);
      expect(leaves.some((n) => n.isStatic === (i % 5 === 0) && n.box[0] <= t[0] && n.box[1] <= t[1] && n.box[2] >= t[2] && n.box[3] >= t[3])).toBe(true);
    });
    // A node's parent (the last shallower node before it, parents first) holds it.
    for (let k = 0; k < nodes.length; k++) {
      if (nodes[k].depth === 0) continue;
      let p = k - 1;
      while (nodes[p].depth !== nodes[k].depth - 1 || nodes[p].isStatic !== nodes[k].isStatic) p--;
      const [a, b] = [nodes[p].box, nodes[k].box];
      expect(a[0] <= b[0] && a[1] <= b[1] && a[2] >= b[2] && a[3] >= b[3]).toBe(true);
    }
    const out = { position: { x: 0, y: 0 }, angle: 0 };
    expect(world.pose(handles[1], out)).toBe(out);
    world.forEachTreeBox(() => { expect(() => world.update()).toThrow(/called from inside one of its own callbacks/); });
  });

  it('bad input is a typed error naming the argument; callbacks may not call back in', () => {
    const world = new CollisionWorld2({ margin: 0.1 }), pose = { position: { x: 0, y: 0 }, angle: 0 };
    expect(() => new CollisionWorld2({ margin: -1 })).toThrow(/^options.margin is -1/);
    expect(() => new CollisionWorld2({ marg: 1 } as never)).toThrow(/^options.marg is not an option/);
    expect(() => world.add(new Box(1, 1, 1) as unknown as Shape2, pose)).toThrow(InvalidShapeError);
    expect(() => world.add(new Circle(1), { position: { x: NaN, y: 0 }, angle: 0 })).toThrow(InvalidNumberError);
    expect(() => world.add(new Circle(1), { position: { x: 0, y: 0 }, angle: 0 }, { group: 1.5 })).toThrow(/^options.group is 1.5/);
    const h = world.add(new Circle(1), pose), s = world.add(new Circle(1), pose, { static: true });
    expect(() => world.setPose(h + 100, pose)).toThrow(InvalidArgumentError);
    expect(() => world.setPose(s, pose)).toThrow(/^handle is \d+, a static body/);
    world.remove(h);
    expect(() => world.remove(h)).toThrow(/^handle is \d+; expected the handle of a body/);
    const k = world.add(new Circle(1), pose);
    world.update();
    expect(world.contactCount).toBe(1);
    expect(() => world.contact(1)).toThrow(/^index is 1; expected an integer from 0 to 0/);
    world.beganTouching(() => { expect(() => world.add(new Circle(1), pose)).toThrow(/called from inside one of its own callbacks/); });
    expect(world.has(k)).toBe(true);
    // The stamp counts changes: a query leaves it, an add, a move and a removal each add one.
    const stamp = world.stamp;
    world.rayCast({ x: 0, y: 5 }, { x: 0, y: -1 });
    world.update();
    expect(world.stamp).toBe(stamp);
    const m = world.add(new Circle(0.5), pose); world.setPose(m, pose); world.remove(m);
    expect(world.stamp).toBe(stamp + 3);
    world.forEachContact(() => { expect(() => world.forEachContact(() => undefined)).toThrow(/called from inside one of its own callbacks/); });
    // The garbage fuzz's counterexamples: a typed array as options (its own `filter` method was called as
    // the ray's filter), a frozen or foreign `out`, a visitor that is not a function.
    expect(() => world.rayCastAll({ x: 0, y: 0 }, { x: 0, y: -1 }, () => undefined, Float32Array.from([]) as never)).toThrow(/^options is .*; expected an object \{ maxT\?, solid\?, filter\? \}/);
    expect(() => world.pose(k, Object.freeze({ position: Object.freeze({ x: 0, y: 0 }), angle: 0 }))).toThrow(/^out is not writable/);
    expect(() => world.rayCast({ x: 0, y: 0 }, { x: 1, y: 0 }, null, {} as never)).toThrow(/^out is not a writable hit record/);
    expect(() => world.endedTouching(new String('') as never)).toThrow(/^visit is/);
    // A cast's options and motion are checked where no body is near (the pairwise cast never runs there).
    const far = { position: { x: 1e6, y: 0 }, angle: 0 };
    expect(() => world.shapeCast(new Circle(1), far, null, { maxTime: -1 })).toThrow(/^options.maxTime/);
    expect(() => world.shapeCast(new Circle(1), far, null, { targetSeparation: NaN })).toThrow(/^options.targetSeparation/);
    expect(() => world.shapeCast(new Circle(1), far, { linear: { x: Infinity, y: 0 } })).toThrow(/^motion.linear.x/);
    expect(world.shapeCast(new Circle(1), far, { linear: { x: 1, y: 0 } })).toBeNull();
  });
});

/** Body h's cosine and sine as the world keeps them (read from its private arrays). */
function trigOf(world: CollisionWorld2, h: number): [number, number] {
  const b = (world as unknown as { bodies: { trig: Float64Array; slotOf(h: number, f: string): number } }).bodies, slot = b.slotOf(h, 'h');
  return [b.trig[2 * slot], b.trig[2 * slot + 1]];
}
