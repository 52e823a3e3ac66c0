/**
 * The collision world against brute force: after random sequences of adds, moves, removals and updates
 * (fast-check), the touching pairs are exactly those of all pairs whose `contact` separation is within the
 * margin (static pairs and filtered pairs left out), each contact equal to the pairwise `contact`; began
 * and ended touching are the differences between updates; a ray's nearest hit equals the brute-force
 * nearest over every body; a box query equals the bodies whose tight boxes overlap it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Box, Capsule, Compound, ConvexHull, Sphere, computeAabb, contact, rayCast, type Shape } from '../../src/index.js';
import { CollisionWorld } from '../../src/world/collision-world.js';

const at = (x: number, y: number, z: number, q = { x: 0, y: 0, z: 0, w: 1 }) => ({ position: { x, y, z }, quaternion: q });
const quat = fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: 0.1, max: 1, noNaN: true }))
  .map(([x, y, z, w]) => { const l = Math.hypot(x, y, z, w); return { x: x / l, y: y / l, z: z / l, w: w / l }; });
// Crowded (most pairs' fat boxes overlap from the start) and sparse (a move makes pairs that did not exist).
const coordinate = fc.oneof(fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -12, max: 12, noNaN: true }));
const poseArb = fc.tuple(coordinate, coordinate, coordinate, quat)
  .map(([x, y, z, q]) => at(x, y, z, q));

const SHAPES: Shape[] = [
  new Box(0.6, 0.4, 0.5), new Sphere(0.7), new Capsule(0.5, 0.3),
  new ConvexHull([{ x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, { x: 0, y: 1, z: 0 }, { x: 0, y: 0, z: 1 }, { x: 0.7, y: 0.7, z: 0.7 }]),
  new Compound([{ shape: new Box(0.8, 0.1, 0.4), pose: at(0, 0.5, 0) }, { shape: new Sphere(0.3), pose: at(0.6, 0, 0) }]),
];

type Op =
  | { kind: 'add'; shape: number; pose: ReturnType<typeof at>; isStatic: boolean; group: number }
  | { kind: 'move'; which: number; pose: ReturnType<typeof at> }
  | { kind: 'nudge'; which: number; dx: number }
  | { kind: 'remove'; which: number }
  | { kind: 'update' };
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('add' as const), shape: fc.nat(SHAPES.length - 1), pose: poseArb, isStatic: fc.boolean(), group: fc.constantFrom(1, 2, 3) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('move' as const), which: fc.nat(), pose: poseArb }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('nudge' as const), which: fc.nat(), dx: fc.double({ min: -0.2, max: 0.2, noNaN: true }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), which: fc.nat() }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'update' as const }) },
);

interface Body { shape: Shape; pose: ReturnType<typeof at>; isStatic: boolean; group: number; mask: number }
const key = (a: number, b: number) => (a < b ? `${a},${b}` : `${b},${a}`);

describe('CollisionWorld against brute force', () => {
  it('random adds, moves, removals and updates: touching pairs, their contacts, began and ended', () => {
    fc.assert(fc.property(fc.array(opArb, { minLength: 1, maxLength: 80 }), fc.constantFrom(0, 0.1), (ops, margin) => {
      const world = new CollisionWorld({ margin });
      const bodies = new Map<number, Body>();
      let touching = new Set<string>();
      for (const op of [...ops, { kind: 'update' as const }]) {
        const handles = [...bodies.keys()];
        if (op.kind === 'add') {
          // Groups 1, 2, 3 with masks that leave group 2 out of group 1's pairs.
          const mask = op.group === 1 ? ~2 : -1;
          const h = world.add(SHAPES[op.shape], op.pose, { static: op.isStatic, group: op.group, mask });
          bodies.set(h, { shape: SHAPES[op.shape], pose: op.pose, isStatic: op.isStatic, group: op.group, mask });
        } else if (op.kind === 'move' && handles.length > 0) {
          const h = handles[op.which % handles.length];
          world.setPose(h, op.pose);
          bodies.get(h)!.pose = op.pose;
        } else if (op.kind === 'nudge' && handles.length > 0) {
          // A small move: it stays inside the fat box, and the world must still see it.
          const h = handles[op.which % handles.length], b = bodies.get(h)!;
          const pose = at(b.pose.position.x + op.dx, b.pose.position.y, b.pose.position.z, b.pose.quaternion);
          world.setPose(h, pose);
          b.pose = pose;
        } else if (op.kind === 'remove' && handles.length > 0) {
          const h = handles[op.which % handles.length];
          world.remove(h);
          bodies.delete(h);
          expect(() => world.setPose(h, at(0, 0, 0))).toThrow(/handle/);
        } else if (op.kind === 'update') {
          world.update();
          // Brute force over every pair.
          const want = new Map<string, number>();
          const list = [...bodies.entries()];
          for (let i = 0; i < list.length; i++) {
            for (let j = i + 1; j < list.length; j++) {
              const [ha, a] = list[i], [hb, b] = list[j];
              if (a.isStatic && b.isStatic) continue;
              if ((a.group & b.mask) === 0 || (b.group & a.mask) === 0) continue;
              const c = contact(a.shape, a.pose, b.shape, b.pose)!;
              // Pairs at the margin to rounding may go either way.
              if (Math.abs(c.separation - margin) < 1e-9) { want.set(key(ha, hb), NaN); continue; }
              if (c.separation <= margin) want.set(key(ha, hb), c.separation);
            }
          }
          const got = new Map<string, number>();
          world.forEachContact((c) => {
            expect(got.has(key(c.a, c.b))).toBe(false);
            got.set(key(c.a, c.b), c.separation);
            // The pair's own contact, in the world's order: its separation, and a normal and points that
            // agree with it (the normal itself may differ where the answer is not unique, e.g. two capsules
            // on one axis: the world's warm start picks another of the equal directions).
            const p = contact(bodies.get(c.a)!.shape, bodies.get(c.a)!.pose, bodies.get(c.b)!.shape, bodies.get(c.b)!.pose)!;
            expect(Math.abs(p.separation - c.separation)).toBeLessThan(1e-9);
            const along = (c.pointB.x - c.pointA.x) * c.normal.x + (c.pointB.y - c.pointA.y) * c.normal.y + (c.pointB.z - c.pointA.z) * c.normal.z;
            expect(Math.abs(along - c.separation)).toBeLessThan(1e-9);
            expect(Math.abs(Math.hypot(c.normal.x, c.normal.y, c.normal.z) - 1)).toBeLessThan(1e-12);
          });
          for (const [k, s] of want) if (!Number.isNaN(s)) expect(got.has(k), `missing ${k} at ${s}`).toBe(true);
          for (const k of got.keys()) expect(want.has(k), `extra ${k}`).toBe(true);
          expect(world.contactCount).toBe(got.size);
          // Began and ended: the differences from the last update (removed bodies' pairs end).
          const began = new Set<string>(), ended = new Set<string>();
          world.beganTouching((a, b) => began.add(key(a, b)));
          world.endedTouching((a, b) => ended.add(key(a, b)));
          for (const k of got.keys()) expect(began.has(k)).toBe(!touching.has(k));
          for (const k of touching) if (!got.has(k)) expect(ended.has(k), `ended ${k}`).toBe(true);
          for (const k of ended) expect(got.has(k)).toBe(false);
          touching = new Set(got.keys());
        }
      }
    }), { numRuns: 150 });
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
      // (To 1e-8: the world casts each body with the best t so far as its maxT, which may end a GJK ray
      // cast at another iterate, within its tolerance.)
      expect(Math.abs(hit!.t - best)).toBeLessThan(1e-8 * (1 + best));
      if (hit!.body !== bestHandle) {
        // A tie: the other body is hit at the same t.
        const i = handles.indexOf(hit!.body);
        expect(Math.abs(rayCast(SHAPES[specs[i][0]], specs[i][1], o, d)!.t - best)).toBeLessThan(1e-8 * (1 + best));
      }
    }), { numRuns: 150 });
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
    }), { numRuns: 100 });
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
});
