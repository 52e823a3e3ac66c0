/**
 * The world's scene queries against brute force over every body (overlapShape: `intersects`; rayCastAll:
 * `rayCast`; shapeCast: the earliest `shapeCast`), the re-entrancy rules (changes from inside a callback
 * are errors, queries from inside a callback are answered), the debug walk of the trees, and bad input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Box, Compound, InvalidArgumentError, InvalidNumberError, Sphere, intersects, rayCast, shapeCast, type Shape,
} from '../../src/index.js';
import { CollisionWorld } from '../../src/world/collision-world.js';
import { at, poseArb, quat, SHAPES, type TestPose } from './world-harness.js';
import { runs } from '../runs.js';

const QUERY_SHAPES: Shape[] = [...SHAPES, new Compound([{ shape: new Sphere(0.4), pose: at(0, 0, 0) }, { shape: new Box(0.2, 1, 0.2), pose: at(0, 0, 0.5) }])];
const specsArb = fc.array(fc.tuple(fc.nat(SHAPES.length - 1), poseArb, fc.boolean()), { minLength: 1, maxLength: 25 });
const vector = fc.tuple(fc.double({ min: -6, max: 6, noNaN: true }), fc.double({ min: -6, max: 6, noNaN: true }), fc.double({ min: -6, max: 6, noNaN: true }))
  .map(([x, y, z]) => ({ x, y, z }));

function build(specs: [number, TestPose, boolean][], update: boolean): { world: CollisionWorld; handles: number[] } {
  const world = new CollisionWorld();
  const handles = specs.map(([s, p, st]) => world.add(SHAPES[s], p, { static: st }));
  // Queries answer whether or not an update ran (bodies' leaves are placed when added).
  if (update) world.update();
  return { world, handles };
}

describe('CollisionWorld scene queries against brute force', () => {
  it('overlapShape: exactly the bodies that intersect the shape', () => {
    fc.assert(fc.property(specsArb, fc.nat(QUERY_SHAPES.length - 1), poseArb, fc.boolean(), (specs, q, pose, update) => {
      const { world, handles } = build(specs, update);
      const found: number[] = [];
      world.overlapShape(QUERY_SHAPES[q], pose, (h) => { found.push(h); });
      const want = handles.filter((_, i) => intersects(QUERY_SHAPES[q], pose, SHAPES[specs[i][0]], specs[i][1]));
      expect(found.sort((a, b) => a - b)).toEqual(want.sort((a, b) => a - b));
      // true stops after the first.
      let calls = 0;
      world.overlapShape(QUERY_SHAPES[q], pose, () => { calls++; return true; });
      expect(calls).toBe(Math.min(1, want.length));
    }), { numRuns: runs(200) });
  });

  it('rayCastAll: every body the ray hits, each with its rayCast answer; maxT, filter and stop', () => {
    fc.assert(fc.property(specsArb, poseArb, vector, fc.oneof(fc.constant(Infinity), fc.double({ min: 0, max: 3, noNaN: true })), fc.boolean(), (specs, from, d, maxT, update) => {
      fc.pre(Math.hypot(d.x, d.y, d.z) > 1e-3);
      const { world, handles } = build(specs, update);
      const o = from.position;
      const got = new Map<number, unknown>();
      const skip = new Set(handles.filter((_, i) => i % 4 === 3));
      world.rayCastAll(o, d, (hit) => {
        expect(got.has(hit.body)).toBe(false);
        got.set(hit.body, { ...hit, point: { ...hit.point }, normal: { ...hit.normal } });
      }, { maxT, filter: (h) => !skip.has(h) });
      const want = new Map<number, unknown>();
      specs.forEach(([s, p], i) => {
        if (skip.has(handles[i])) return;
        const hit = rayCast(SHAPES[s], p, o, d, null, { maxT });
        if (hit !== null) want.set(handles[i], { ...hit, body: handles[i] });
      });
      // The same bodies, and each answer bit for bit rayCast's.
      expect(new Map([...got].sort((a, b) => a[0] - b[0]))).toEqual(new Map([...want].sort((a, b) => a[0] - b[0])));
      // The nearest, by rayCast, is the nearest of these.
      const nearest = world.rayCast(o, d, { maxT, filter: (h) => !skip.has(h) });
      if (want.size === 0) expect(nearest).toBeNull();
      else expect(nearest!.t).toBe(Math.min(...[...want.values()].map((h) => (h as { t: number }).t)));
      let calls = 0;
      world.rayCastAll(o, d, () => { calls++; return true; }, { maxT, filter: (h) => !skip.has(h) });
      expect(calls).toBe(Math.min(1, want.size));
    }), { numRuns: runs(200) });
  });

  it('shapeCast: the earliest body the moving shape meets, with shapeCast\'s answer', () => {
    checkShapeCasts(specsArb, QUERY_SHAPES, 150);
  });

  it('shapeCast in a crowd: a long turning bar, and a sweep through bodies added in any order', () => {
    const near = fc.double({ min: -2.5, max: 2.5, noNaN: true });
    const crowd = fc.array(fc.tuple(fc.nat(SHAPES.length - 1), fc.tuple(near, near, near, quat).map(([x, y, z, q]) => at(x, y, z, q)), fc.boolean()), { minLength: 10, maxLength: 40 });
    checkShapeCasts(crowd, [new Box(2.5, 0.05, 0.05), new Sphere(0.2)], 100);
  });
});

function checkShapeCasts(specsArb: fc.Arbitrary<[number, TestPose, boolean][]>, shapes: Shape[], numRuns: number): void {
  {
    const QUERY_SHAPES = shapes;
    const motionArb = fc.record({ linear: vector, angular: fc.oneof(fc.constant({ x: 0, y: 0, z: 0 }), vector.map((v) => ({ x: v.x / 4, y: v.y / 4, z: v.z / 4 })), vector) });
    fc.assert(fc.property(specsArb, fc.nat(QUERY_SHAPES.length - 1), poseArb, motionArb, fc.constantFrom(0, 0.2), fc.constantFrom(1, 0.5), (specs, q, pose, motion, target, maxTime) => {
      const { world, handles } = build(specs, true);
      const shape = QUERY_SHAPES[q];
      const skip = new Set(handles.filter((_, i) => i % 5 === 4));
      const options = { maxTime, targetSeparation: target };
      let best = Infinity, bestHandle = -1;
      specs.forEach(([s, p], i) => {
        if (skip.has(handles[i])) return;
        const r = shapeCast(shape, pose, motion, SHAPES[s], p, null, null, options);
        if (r !== null && r.time < best) { best = r.time; bestHandle = handles[i]; }
      });
      const hit = world.shapeCast(shape, pose, motion, { ...options, filter: (h) => !skip.has(h) });
      if (bestHandle < 0) { expect(hit).toBeNull(); return; }
      expect(hit).not.toBeNull();
      // Exactly: each body is cast with the caller's maxTime, and of equal times the first added wins.
      expect(hit!.time).toBe(best);
      expect(hit!.body).toBe(bestHandle);
      const i = handles.indexOf(bestHandle);
      const want = shapeCast(shape, pose, motion, SHAPES[specs[i][0]], specs[i][1], null, null, options)!;
      expect({ ...hit!, body: 0 }).toEqual({ ...want, body: 0 });
    }), { numRuns: runs(numRuns) });
  }
}

describe('CollisionWorld ties', () => {
  it('of equal t (and equal time), the body added first wins, also over one added into a removed body\'s slot', () => {
    // Three unit boxes at the same place: A, B, then A removed and C added (into A's slot). A ray and a cast
    // meet B and C at the same t; B was added before C. (The slot decided before: C won.)
    const world = new CollisionWorld();
    const box = new Box(0.5, 0.5, 0.5);
    const a = world.add(box, at(0, 0, 0));
    const b = world.add(box, at(0, 0, 0));
    world.remove(a);
    const c = world.add(box, at(0, 0, 0));
    for (const update of [false, true]) {
      if (update) world.update();
      const hit = world.rayCast({ x: -5, y: 0.1, z: 0.2 }, { x: 1, y: 0, z: 0 })!;
      expect(hit.t).toBe(4.5);
      expect(hit.body).toBe(b);
      const cast = world.shapeCast(new Sphere(0.25), at(-5, 0.1, 0.2), { linear: { x: 1, y: 0, z: 0 } }, { maxTime: 10 })!;
      expect(cast.body).toBe(b);
      expect(c).not.toBe(b);
    }
  });
});

describe('CollisionWorld callbacks', () => {
  const world = new CollisionWorld();
  const a = world.add(new Sphere(1), at(0, 0, 0)), b = world.add(new Sphere(1), at(1, 0, 0)), c = world.add(new Box(1, 1, 1), at(5, 0, 0), { static: true });
  world.update();
  const inside: [string, (inner: () => void) => void][] = [
    ['queryAabb', (f) => world.queryAabb({ x: -9, y: -9, z: -9 }, { x: 9, y: 9, z: 9 }, () => { f(); })],
    ['overlapShape', (f) => world.overlapShape(new Sphere(9), at(0, 0, 0), () => { f(); })],
    ['rayCastAll', (f) => world.rayCastAll({ x: -5, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, () => { f(); })],
    ['rayCast filter', (f) => world.rayCast({ x: -5, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, { filter: () => { f(); return true; } })],
    ['shapeCast filter', (f) => world.shapeCast(new Sphere(0.1), at(-5, 0, 0), { linear: { x: 20, y: 0, z: 0 } }, { filter: () => { f(); return true; } })],
    ['forEachContact', (f) => world.forEachContact(() => { f(); })],
    ['beganTouching', (f) => world.beganTouching(() => { f(); })],
    ['forEachTreeBox', (f) => world.forEachTreeBox(() => { f(); })],
  ];

  it('add, setPose, remove and update from inside a callback are InvalidArgumentErrors naming the call; the world is unchanged', () => {
    for (const [name, run] of inside) {
      for (const [call, f] of [
        ['add', () => world.add(new Sphere(1), at(0, 0, 0))], ['setPose', () => world.setPose(a, at(0, 0, 0))],
        ['remove', () => world.remove(b)], ['update', () => world.update()],
      ] as const) {
        let called = false;
        expect(() => run(() => { called = true; f(); }), `${call} in ${name}`).toThrow(new RegExp(`^${call} was called from inside a callback`));
        expect(called, name).toBe(true);
      }
    }
    // Nothing changed, and the world is usable after the errors.
    expect(world.size).toBe(3);
    world.setPose(a, at(0, 0, 0));
    world.update();
    expect(world.contactCount).toBe(1);
    expect(world.pose(a).position.x).toBe(0);
  });

  it('queries from inside callbacks (nested three deep) answer as at the top level', () => {
    const top = (): number[] => {
      const hs: number[] = [];
      world.overlapShape(new Sphere(3), at(0, 0, 0), (h) => { hs.push(h); });
      const ray = world.rayCast({ x: -5, y: 0, z: 0 }, { x: 1, y: 0, z: 0 });
      hs.push(ray!.body, ray!.t);
      world.rayCastAll({ x: -5, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, (hit) => { hs.push(hit.body, hit.t); });
      const cast = world.shapeCast(new Sphere(0.1), at(-5, 0, 0), { linear: { x: 20, y: 0, z: 0 } });
      hs.push(cast!.body, cast!.time);
      world.queryAabb({ x: 4, y: -1, z: -1 }, { x: 6, y: 1, z: 1 }, (h) => { hs.push(h); });
      return hs;
    };
    const want = top();
    expect(want).toContain(c);
    for (const [name, run] of inside) {
      const seen: number[][] = [];
      run(() => {
        seen.push(top());
        // And one level further down.
        world.queryAabb({ x: -9, y: -9, z: -9 }, { x: 9, y: 9, z: 9 }, () => { seen.push(top()); return true; });
      });
      // (beganTouching has nothing to report after the test above's second update.)
      if (name !== 'beganTouching') expect(seen.length, name).toBeGreaterThan(0);
      for (const s of seen) expect(s, name).toEqual(want);
    }
    // An outer traversal goes on after a nested one: every body still visited.
    const outer: number[] = [];
    world.queryAabb({ x: -9, y: -9, z: -9 }, { x: 9, y: 9, z: 9 }, (h) => { outer.push(h); top(); });
    expect(outer.sort()).toEqual([a, b, c].sort());
  });

  it('a callback that throws leaves the world usable', () => {
    expect(() => world.queryAabb({ x: -9, y: -9, z: -9 }, { x: 9, y: 9, z: 9 }, () => { throw new Error('boom'); })).toThrow('boom');
    world.setPose(b, at(1.5, 0, 0));
    world.update();
    expect(world.contactCount).toBe(1);
  });
});

describe('CollisionWorld.forEachTreeBox', () => {
  it('visits every node of both trees: leaves are the bodies\' fat boxes, holding their tight boxes; parents hold children', () => {
    fc.assert(fc.property(specsArb, (specs) => {
      const { world } = build(specs, true);
      const nodes: { box: number[]; depth: number; leaf: boolean; isStatic: boolean }[] = [];
      world.forEachTreeBox((x0, y0, z0, x1, y1, z1, depth, leaf, isStatic) => { nodes.push({ box: [x0, y0, z0, x1, y1, z1], depth, leaf, isStatic }); });
      const statics = specs.filter((s) => s[2]).length, moving = specs.length - statics;
      const count = (n: number) => (n === 0 ? 0 : 2 * n - 1);
      expect(nodes.filter((n) => n.isStatic).length).toBe(count(statics));
      expect(nodes.filter((n) => !n.isStatic).length).toBe(count(moving));
      expect(nodes.filter((n) => n.leaf && n.isStatic).length).toBe(statics);
      expect(nodes.filter((n) => n.leaf && !n.isStatic).length).toBe(moving);
      expect(nodes.filter((n) => n.depth === 0).length).toBe((statics > 0 ? 1 : 0) + (moving > 0 ? 1 : 0));
      // Every body's box lies in some leaf of its tree.
      specs.forEach(([s, p, st]) => {
        const found: number[] = [];
        world.queryAabb(p.position, p.position, (h) => { found.push(h); });
        const leaves = nodes.filter((n) => n.leaf && n.isStatic === st);
        expect(leaves.some((n) => n.box[0] <= p.position.x && p.position.x <= n.box[3] && n.box[1] <= p.position.y && p.position.y <= n.box[4])).toBe(true);
        void s;
      });
    }), { numRuns: runs(60) });
  });
});

describe('CollisionWorld bad input', () => {
  const world = new CollisionWorld();
  const h = world.add(new Sphere(1), at(0, 0, 0));
  world.update();
  const o = { x: 0, y: 0, z: 0 }, d = { x: 1, y: 0, z: 0 };
  const cases: [string, () => unknown, RegExp, (new (...args: never[]) => Error)?][] = [
    ['margin', () => new CollisionWorld({ margin: NaN }), /options\.margin/, InvalidNumberError],
    ['manifolds', () => new CollisionWorld({ manifolds: 1 as never }), /options\.manifolds/, InvalidArgumentError],
    ['maxPoints', () => new CollisionWorld({ maxPoints: 0 }), /options\.maxPoints/, InvalidNumberError],
    ['meshEdges', () => new CollisionWorld({ meshEdges: 'soft' as never }), /options\.meshEdges/, InvalidArgumentError],
    ['contact index', () => world.contact(0), /^index is 0/, InvalidArgumentError],
    ['contact index -1', () => world.contact(-1), /^index/, InvalidArgumentError],
    ['manifolds off', () => world.manifolds(0), /^manifolds are not kept/, InvalidArgumentError],
    ['queryAabb min', () => world.queryAabb({ x: NaN, y: 0, z: 0 }, o, () => {}), /^min\.x/, InvalidNumberError],
    ['queryAabb visit', () => world.queryAabb(o, o, null as never), /^visit/, InvalidArgumentError],
    ['overlapShape shape', () => world.overlapShape({} as never, at(0, 0, 0), () => {}), /shape/],
    ['overlapShape pose', () => world.overlapShape(new Sphere(1), at(0, Infinity, 0), () => {}), /pose/],
    ['overlapShape visit', () => world.overlapShape(new Sphere(1), at(0, 0, 0), 3 as never), /^visit/, InvalidArgumentError],
    ['rayCast origin', () => world.rayCast({ x: 0, y: 0, z: Infinity }, d), /^origin\.z/, InvalidNumberError],
    ['rayCast direction', () => world.rayCast(o, { x: 0, y: 0, z: 0 }), /^direction/, InvalidNumberError],
    ['rayCast direction object', () => world.rayCast(o, null as never), /^direction/, InvalidArgumentError],
    ['rayCast maxT', () => world.rayCast(o, d, { maxT: -1 }), /^options\.maxT/, InvalidNumberError],
    ['rayCast filter', () => world.rayCast(o, d, { filter: 1 as never }), /^options\.filter/, InvalidArgumentError],
    ['rayCast solid', () => world.rayCast(o, d, { solid: 'yes' as never }), /^options\.solid/, InvalidArgumentError],
    ['rayCastAll visit', () => world.rayCastAll(o, d, undefined as never), /^visit/, InvalidArgumentError],
    ['shapeCast motion', () => world.shapeCast(new Sphere(1), at(0, 0, 0), { linear: { x: NaN, y: 0, z: 0 } }), /^motion\.linear\.x/, InvalidNumberError],
    ['shapeCast motion object', () => world.shapeCast(new Sphere(1), at(0, 0, 0), 5 as never), /^motion/, InvalidArgumentError],
    ['shapeCast maxTime', () => world.shapeCast(new Sphere(1), at(0, 0, 0), null, { maxTime: Infinity }), /^options\.maxTime/, InvalidNumberError],
    ['shapeCast target', () => world.shapeCast(new Sphere(1), at(0, 0, 0), null, { targetSeparation: -1 }), /^options\.targetSeparation/, InvalidNumberError],
    ['shapeCast shape', () => world.shapeCast(null as never, at(0, 0, 0), null), /shape/],
    ['forEachContact visit', () => world.forEachContact(null as never), /^visit/, InvalidArgumentError],
    ['forEachTreeBox visit', () => world.forEachTreeBox({} as never), /^visit/, InvalidArgumentError],
    ['setPose stale', () => world.setPose(h + 1, at(0, 0, 0)), /^handle/, InvalidArgumentError],
  ];
  for (const [name, f, message, type] of cases) {
    it(name, () => {
      expect(f).toThrow(message);
      if (type !== undefined) expect(f).toThrow(type);
    });
  }
  it('a failed query leaves the world usable', () => {
    expect(world.rayCast(o, d)?.body).toBe(h);
    expect(world.has(h)).toBe(true);
    void quat;
  });
});
