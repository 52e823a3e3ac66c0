/**
 * The collision world against brute force: after random sequences of adds, moves, removals and updates
 * (fast-check), the touching pairs are exactly those of all pairs whose `contact` separation is within the
 * margin (static pairs and filtered pairs left out), each contact equal to the pairwise `contact`; began
 * and ended touching are the differences between updates; a ray's nearest hit equals the brute-force
 * nearest over every body; a box query equals the bodies whose tight boxes overlap it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Sphere, computeAabb, contact, rayCast, InvalidArgumentError } from '../../src/index.js';
import { CollisionWorld, createWorldContact, type WorldContact } from '../../src/world/collision-world.js';
import { apply, at, key, opArb, pairsOf, poseArb, SHAPES, slotOf, touchingPairs, type Body } from './world-harness.js';
import { runs } from '../runs.js';

describe('CollisionWorld against brute force', () => {
  it('random adds, moves, removals and updates: touching pairs, their contacts by index, began and ended, removals', () => {
    fc.assert(fc.property(fc.array(opArb, { minLength: 1, maxLength: 80 }), fc.constantFrom(0, 0.1), (ops, margin) => {
      const world = new CollisionWorld({ margin });
      const bodies = new Map<number, Body>();
      let touching = new Set<string>();
      const pending: { check: (() => void) | null } = { check: null };
      const onRemove = (h: number) => {
        // A scan of every pair (the old remove) says which pairs the removal must drop; the world finds
        // them through its trees.
        const pairs = pairsOf(world), slot = slotOf(h);
        let mine = 0;
        for (let r = 0; r < pairs.count; r++) if (pairs.a[r] === slot || pairs.b[r] === slot) mine++;
        const before = pairs.count, contactsBefore = world.contactCount;
        let touchingMine = 0;
        for (let i = 0; i < contactsBefore; i++) { const c = world.contact(i); if (c.a === h || c.b === h) touchingMine++; }
        pending.check = () => {
          expect(pairs.count).toBe(before - mine);
          for (let r = 0; r < pairs.count; r++) expect(pairs.a[r] !== slot && pairs.b[r] !== slot).toBe(true);
          expect(world.contactCount).toBe(contactsBefore - touchingMine);
          for (let i = 0; i < world.contactCount; i++) { const c = world.contact(i); expect(c.a !== h && c.b !== h).toBe(true); }
          expect(() => world.setPose(h, at(0, 0, 0))).toThrow(/handle/);
        };
      };
      const onUpdate = () => {
        const want = touchingPairs(bodies, margin);
        const got = new Map<string, number>();
        const seen: WorldContact[] = [];
        const copy = (c: WorldContact): WorldContact => ({ ...c, normal: { ...c.normal }, pointA: { ...c.pointA }, pointB: { ...c.pointB } });
        world.forEachContact((c) => {
          expect(got.has(key(c.a, c.b))).toBe(false);
          got.set(key(c.a, c.b), c.separation);
          seen.push(copy(c));
          // The pair's own contact, in the world's order: its separation, and a normal and points that
          // agree with it (the normal itself may differ where the answer is not unique, e.g. two capsules
          // on one axis: the world's warm start picks another of the equal directions).
          const p = contact(bodies.get(c.a)!.shape, bodies.get(c.a)!.pose, bodies.get(c.b)!.shape, bodies.get(c.b)!.pose)!;
          // (To 1e-8: the world's contact runs with the pair's GjkCache, and a cache may end a query at another
          // iterate within tolerance: two nearly coplanar mesh sheets read −1.03e-11 without a cache and
          // −1.02e-9 with a fresh one.)
          expect(Math.abs(p.separation - c.separation)).toBeLessThan(1e-8);
          // (Held to the pairwise answer's own consistency: two spheres whose centres are 1e-162 apart get
          // a normal of length 0.707 from `contact` itself, a fault of the pair query, not of the world.)
          const along = (r: Omit<typeof p, 'lower' | 'upper'>) => (r.pointB.x - r.pointA.x) * r.normal.x + (r.pointB.y - r.pointA.y) * r.normal.y + (r.pointB.z - r.pointA.z) * r.normal.z;
          const unit = (r: Omit<typeof p, 'lower' | 'upper'>) => Math.abs(Math.hypot(r.normal.x, r.normal.y, r.normal.z) - 1);
          if (Math.abs(along(p) - p.separation) < 1e-9) expect(Math.abs(along(c) - c.separation)).toBeLessThan(1e-9);
          if (unit(p) < 1e-12) expect(unit(c)).toBeLessThan(1e-12);
        });
        for (const [k, s] of want) if (!Number.isNaN(s)) expect(got.has(k), `missing ${k} at ${s}`).toBe(true);
        for (const k of got.keys()) expect(want.has(k), `extra ${k}`).toBe(true);
        // By index: the same contacts, in the same order, into the world's record or the caller's.
        expect(world.contactCount).toBe(got.size);
        const mine = createWorldContact();
        for (let i = 0; i < world.contactCount; i++) {
          expect(copy(world.contact(i))).toEqual(seen[i]);
          expect(world.contact(i, mine)).toBe(mine);
          expect(copy(mine)).toEqual(seen[i]);
        }
        expect(() => world.contact(world.contactCount)).toThrow(InvalidArgumentError);
        // Began and ended: the differences from the last update (removed bodies' pairs end).
        const began = new Set<string>(), ended = new Set<string>();
        world.beganTouching((a, b) => began.add(key(a, b)));
        world.endedTouching((a, b) => ended.add(key(a, b)));
        for (const k of got.keys()) expect(began.has(k)).toBe(!touching.has(k));
        for (const k of touching) if (!got.has(k)) expect(ended.has(k), `ended ${k}`).toBe(true);
        for (const k of ended) expect(got.has(k)).toBe(false);
        touching = new Set(got.keys());
      };
      for (const op of [...ops, { kind: 'update' as const }]) {
        apply(world, bodies, op, { onRemove, onUpdate });
        if (pending.check !== null) { pending.check(); pending.check = null; }
      }
    }), { numRuns: runs(150) });
  });

  it('a body moved out of its fat box onto a body that did not move finds the pair (golden)', () => {
    const world = new CollisionWorld();
    const a = world.add(new Sphere(1), at(0, 0, 0)), b = world.add(new Sphere(1), at(10, 0, 0));
    world.update();
    expect(world.contactCount).toBe(0);
    world.setPose(a, at(9, 0, 0));
    world.update();
    const seen: number[][] = [];
    world.forEachContact((c) => seen.push([c.a, c.b, c.separation]));
    expect(seen.length).toBe(1);
    expect(seen[0][2]).toBeCloseTo(-1, 12);
    expect(new Set([seen[0][0], seen[0][1]])).toEqual(new Set([a, b]));
  });

  it('pairs at the margin, to 1e-9, along an axis (boxes as far apart as the shapes) and a diagonal (boxes nearer): exactly those within it touch', () => {
    const margin = 0.05, r = 0.5, d = Math.SQRT1_2;
    for (const dir of [[1, 0, 0], [d, d, 0], [0, d, -d]]) {
      for (const delta of [-1e-9, 1e-9, -1e-6, 1e-6, -0.03, 0.2]) {
        const world = new CollisionWorld({ margin });
        const sep = margin + delta, c = 2 * r + sep;
        world.add(new Sphere(r), at(0, 0, 0));
        const b = world.add(new Sphere(r), at(c * dir[0], c * dir[1], c * dir[2]));
        world.update();
        expect(world.contactCount, `${dir} ${delta}`).toBe(delta <= 0 ? 1 : 0);
        // Unmoved, the next update keeps the answer; moved across the margin, it changes.
        world.update();
        expect(world.contactCount).toBe(delta <= 0 ? 1 : 0);
        const c2 = 2 * r + margin - delta;
        world.setPose(b, at(c2 * dir[0], c2 * dir[1], c2 * dir[2]));
        world.update();
        expect(world.contactCount).toBe(-delta <= 0 ? 1 : 0);
        if (world.contactCount === 1) expect(world.contact(0).separation).toBeCloseTo(margin - delta, 12);
      }
    }
  });

  it('ray casts: the nearest hit over every body, with a filter', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.nat(SHAPES.length - 1), poseArb, fc.boolean()), { minLength: 1, maxLength: 25 }), poseArb, poseArb, (specs, from, to) => {
      const world = new CollisionWorld();
      const handles = specs.map(([s, p, st]) => world.add(SHAPES[s], p, { static: st }));
      world.update();
      const o = from.position, d = { x: to.position.x - o.x, y: to.position.y - o.y, z: to.position.z - o.z };
      fc.pre(Math.hypot(d.x, d.y, d.z) > 1e-3);
      let best = Infinity, bestHandle = -1;
      specs.forEach(([s, p], i) => {
        if (i % 3 === 2) return; // filtered out below
        const h = rayCast(SHAPES[s], p, o, d);
        if (h !== null && h.t < best) { best = h.t; bestHandle = handles[i]; }
      });
      const skip = new Set(handles.filter((_, i) => i % 3 === 2));
      const hit = world.rayCast(o, d, { filter: (h) => !skip.has(h) });
      if (bestHandle < 0) { expect(hit).toBeNull(); return; }
      expect(hit).not.toBeNull();
      // Exactly: each body is cast with the caller's maxT, and of equal t the body added first wins, as
      // the brute force's strict < keeps.
      expect(hit!.t).toBe(best);
      expect(hit!.body).toBe(bestHandle);
      const want = rayCast(SHAPES[specs[handles.indexOf(bestHandle)][0]], specs[handles.indexOf(bestHandle)][1], o, d)!;
      expect({ ...hit!, body: 0 }).toEqual({ ...want, body: 0 });
    }), { numRuns: runs(150) });
  });

  it('queryAabb: the bodies whose tight boxes overlap the box', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.nat(SHAPES.length - 1), poseArb), { minLength: 1, maxLength: 25 }), poseArb, (specs, c) => {
      const world = new CollisionWorld();
      const handles = specs.map(([s, p]) => world.add(SHAPES[s], p));
      const min = { x: c.position.x - 1, y: c.position.y - 1, z: c.position.z - 1 }, max = { x: c.position.x + 1, y: c.position.y + 1, z: c.position.z + 1 };
      const found: number[] = [];
      world.queryAabb(min, max, (h) => { found.push(h); });
      const want = handles.filter((_, i) => {
        const b = computeAabb(SHAPES[specs[i][0]], specs[i][1]);
        return !(b.min.x > max.x || b.max.x < min.x || b.min.y > max.y || b.max.y < min.y || b.min.z > max.z || b.max.z < min.z);
      });
      expect(found.sort((a, b) => a - b)).toEqual(want.sort((a, b) => a - b));
    }), { numRuns: runs(100) });
  });

  it('bad input is named', () => {
    const world = new CollisionWorld();
    expect(() => new CollisionWorld({ margin: -1 })).toThrow(/options\.margin/);
    expect(() => world.add({} as never, at(0, 0, 0))).toThrow();
    expect(() => world.add(new Sphere(1), at(NaN, 0, 0))).toThrow(/pose/);
    expect(() => world.add(new Sphere(1), at(0, 0, 0), { group: 1.5 })).toThrow(/options\.group/);
    expect(() => world.setPose(12345, at(0, 0, 0))).toThrow(/handle/);
    const h = world.add(new Sphere(1), at(0, 0, 0));
    world.remove(h);
    expect(() => world.remove(h)).toThrow(/handle/);
    // A new body in the freed slot has another handle; the old one stays invalid.
    const h2 = world.add(new Sphere(1), at(0, 0, 0));
    expect(h2).not.toBe(h);
    expect(() => world.pose(h)).toThrow(/handle/);
  });

  it('contact records: contact(i) and each level of forEachContact fill records of their own; a frozen out is named', () => {
    const world = new CollisionWorld();
    // Three unit spheres on the x axis, 1.5 apart: pairs (0, 1) and (1, 2) touch, 0.5 deep.
    const hs = [0, 1.5, 3].map((x) => world.add(new Sphere(1), at(x, 0, 0)));
    world.update();
    expect(world.contactCount).toBe(2);
    const pairs: string[] = [];
    world.forEachContact((outer) => {
      const a = outer.a, b = outer.b, sep = outer.separation, nx = outer.normal.x;
      // A nested visit and a contact(i) leave the outer record as it was.
      let inner = 0;
      world.forEachContact((c) => { inner++; expect(c).not.toBe(outer); });
      world.contact(0); world.contact(1);
      expect(inner).toBe(2);
      expect([outer.a, outer.b, outer.separation, outer.normal.x]).toEqual([a, b, sep, nx]);
      expect(sep).toBeCloseTo(-0.5, 12);
      pairs.push(key(a, b));
    });
    expect(new Set(pairs)).toEqual(new Set([key(hs[0], hs[1]), key(hs[1], hs[2])]));
    // contact(i) reads pair i each call, into the world's record or the caller's.
    const first = world.contact(0), firstPair = key(first.a, first.b);
    const second = world.contact(1);
    expect(key(second.a, second.b)).not.toBe(firstPair);
    const mine = createWorldContact();
    expect(key(world.contact(0, mine).a, mine.b)).toBe(firstPair);
    expect(() => world.contact(0, Object.freeze(createWorldContact()))).toThrow(/^out is not a writable result record/);
    expect(() => world.contact(0, 7 as never)).toThrow(InvalidArgumentError);
  });

  it('pose(h) is the pose as given, in a new object or in out', () => {
    const world = new CollisionWorld();
    // A quaternion 1e-7 off unit length: the world normalises it for its transform, and keeps it as given.
    const given = { position: { x: 0.1, y: -2.5, z: 1e-300 }, quaternion: { x: 0, y: 0.6, z: 0, w: 0.8000001 } };
    const h = world.add(new Sphere(1), given);
    const p = world.pose(h), q = world.pose(h);
    expect(p).not.toBe(q);
    expect(p).toEqual(given);
    const out = { position: { x: 9, y: 9, z: 9 }, quaternion: { x: 9, y: 9, z: 9, w: 9 } };
    expect(world.pose(h, out)).toBe(out);
    expect(out).toEqual(given);
    world.setPose(h, at(3, 4, 5));
    expect(world.pose(h, out).position).toEqual({ x: 3, y: 4, z: 5 });
    expect(() => world.pose(h, {} as never)).toThrow(/^out is/);
    expect(() => world.pose(h, Object.freeze({ position: Object.freeze({ x: 0, y: 0, z: 0 }), quaternion: { x: 0, y: 0, z: 0, w: 1 } }))).toThrow(/^out is not writable/);
  });
});
