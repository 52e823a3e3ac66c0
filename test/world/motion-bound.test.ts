/**
 * The world passes a separated pair by until its bodies have moved, together, as far as its last separation
 * bound allowed (collision-world.ts, clearBy and addMotion). These tests hold it to brute force where the
 * bound is tight: bodies that drift and turn a little each step (long bars sweeping their ends fastest, so a
 * bound that left out the turn, or took the wrong radius, would miss a touch), and count the narrow phase's
 * work on shapes of our own to show that pairs are passed by at all.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Box, Capsule, CollisionWorld, ConvexHull, Cylinder, Sphere, type Shape, type Vec3Like } from '../../src/index.js';
import { runs, seed } from '../runs.js';
import { at, key, touchingPairs, type Body, type TestPose } from './world-harness.js';

/** Long and short shapes: the bars' ends move by the turn times nearly their bounding radius. */
const KINDS: Shape[] = [
  new Box(2.5, 0.1, 0.15), new Capsule(2, 0.1), new Sphere(0.4), new Box(0.4, 0.3, 0.5), new Cylinder(0.3, 1.5),
  new ConvexHull([{ x: 3, y: 0, z: 0 }, { x: -0.2, y: 0.3, z: 0 }, { x: -0.2, y: -0.3, z: 0.1 }, { x: 0, y: 0, z: 0.4 }]),
];

/** q · (unit axis, angle) as a quaternion, normalised. */
function turn(q: TestPose['quaternion'], axis: Vec3Like, angle: number): TestPose['quaternion'] {
  const l = Math.hypot(axis.x, axis.y, axis.z), s = Math.sin(angle / 2) / l, c = Math.cos(angle / 2);
  const x = axis.x * s, y = axis.y * s, z = axis.z * s;
  const r = {
    x: c * q.x + x * q.w + y * q.z - z * q.y,
    y: c * q.y - x * q.z + y * q.w + z * q.x,
    z: c * q.z + x * q.y - y * q.x + z * q.w,
    w: c * q.w - x * q.x - y * q.y - z * q.z,
  };
  const n = Math.hypot(r.x, r.y, r.z, r.w);
  return { x: r.x / n, y: r.y / n, z: r.z / n, w: r.w / n };
}

const v3 = fc.record({ x: fc.double({ min: -1, max: 1, noNaN: true }), y: fc.double({ min: -1, max: 1, noNaN: true }), z: fc.double({ min: 0.05, max: 1, noNaN: true }) });
const bodyArb = fc.record({
  kind: fc.nat(KINDS.length - 1),
  start: fc.record({ x: fc.double({ min: -3, max: 3, noNaN: true }), y: fc.double({ min: -3, max: 3, noNaN: true }), z: fc.double({ min: -3, max: 3, noNaN: true }) }),
  // Per step: a drift of up to 0.08 and a turn of up to 0.15 rad (a bar's end: up to 0.4 a step).
  velocity: v3.map((v) => ({ x: 0.08 * v.x, y: 0.08 * v.y, z: 0.08 * (v.z - 0.5) })),
  axis: v3,
  spin: fc.double({ min: -0.15, max: 0.15, noNaN: true }),
  isStatic: fc.boolean(),
});

describe('the world passes separated pairs by while their bodies cannot have met', () => {
  it('drifting and turning bodies, long bars among them: the touching pairs are brute force\'s after every update', () => {
    fc.assert(fc.property(fc.array(bodyArb, { minLength: 2, maxLength: 12 }), fc.constantFrom(0, 0.05), fc.integer({ min: 10, max: 40 }), (specs, margin, steps) => {
      const world = new CollisionWorld({ margin });
      const bodies = new Map<number, Body>();
      const moving: { h: number; spec: (typeof specs)[number] }[] = [];
      for (const spec of specs) {
        const pose = at(spec.start.x, spec.start.y, spec.start.z);
        const shape = KINDS[spec.kind];
        const h = world.add(shape, pose, { static: spec.isStatic });
        bodies.set(h, { shape, pose, isStatic: spec.isStatic, group: -1, mask: -1 });
        if (!spec.isStatic) moving.push({ h, spec });
      }
      for (let step = 0; step < steps; step++) {
        for (const { h, spec } of moving) {
          const b = bodies.get(h)!, p = b.pose.position, v = spec.velocity;
          b.pose = at(p.x + v.x, p.y + v.y, p.z + v.z, turn(b.pose.quaternion, spec.axis, spec.spin));
          world.setPose(h, b.pose);
        }
        world.update();
        const want = touchingPairs(bodies, margin), got = new Set<string>();
        world.forEachContact((c) => { got.add(key(c.a, c.b)); });
        // (NaN: within 1e-8 of the margin, where either answer is right.)
        for (const [k, s] of want) if (!Number.isNaN(s)) expect(got.has(k), `step ${step}: missing ${k} at ${s}`).toBe(true);
        for (const k of got) expect(want.has(k), `step ${step}: ${k} is not touching`).toBe(true);
      }
    }), { numRuns: runs(25), seed: seed(3201) });
  });

  it('a bar turning in place sweeps into a ball: the turn alone brings them together, and the world sees it at brute force\'s step', () => {
    for (const margin of [0, 0.05]) {
      const world = new CollisionWorld({ margin });
      const bar = new Box(2.5, 0.1, 0.1), ball = new Sphere(0.3);
      // The ball 2 from the bar's centre, a quarter turn ahead of it in the xy plane.
      const bodies = new Map<number, Body>();
      const hb = world.add(ball, at(0, 2, 0), { static: true });
      bodies.set(hb, { shape: ball, pose: at(0, 2, 0), isStatic: true, group: -1, mask: -1 });
      let q = { x: 0, y: 0, z: 0, w: 1 };
      const h = world.add(bar, at(0, 0, 0, q));
      bodies.set(h, { shape: bar, pose: at(0, 0, 0, q), isStatic: false, group: -1, mask: -1 });
      let first = -1, expected = -1;
      for (let step = 0; step < 40; step++) {
        q = turn(q, { x: 0, y: 0, z: 1 }, 0.05);
        bodies.get(h)!.pose = at(0, 0, 0, q);
        world.setPose(h, at(0, 0, 0, q));
        world.update();
        if (first < 0 && world.contactCount > 0) first = step;
        if (expected < 0 && touchingPairs(bodies, margin).size > 0) expected = step;
      }
      expect(expected).toBeGreaterThan(5);
      expect(first).toBe(expected);
    }
  });

  it('a pair apart is queried again only when its bodies may have met: support calls of two shapes of our own', () => {
    let calls = 0;
    const ball = (r: number): Shape => ({
      sweptRadius: 0, boundingRadius: r,
      support(out, d) {
        calls++;
        const l = Math.hypot(d.x, d.y, d.z) || 1;
        out.x = (r * d.x) / l; out.y = (r * d.y) / l; out.z = (r * d.z) / l;
        return out;
      },
    });
    const world = new CollisionWorld();
    world.add(ball(1), at(0, 0, 0), { static: true });
    // Along the diagonal, where their boxes overlap long before they touch (the narrow phase is reached):
    // 0.63 apart at the surfaces, 0.05 closer a step, turning by 0.01 rad more each step.
    const along = (d: number) => at(d / Math.sqrt(3), d / Math.sqrt(3), d / Math.sqrt(3));
    const h = world.add(ball(1), along(2.63));
    world.update();
    expect(world.contactCount).toBe(0);
    const perStep: number[] = [];
    let touchedAt = -1;
    for (let step = 0; step < 20; step++) {
      const pose = along(2.63 - 0.05 * (step + 1));
      world.setPose(h, { position: pose.position, quaternion: turn({ x: 0, y: 0, z: 0, w: 1 }, { x: 0, y: 0, z: 1 }, 0.01 * step) });
      calls = 0;
      world.update();
      // (Less the 6 support calls of the moved body's box.)
      perStep.push(calls - 6);
      if (world.contactCount > 0 && touchedAt < 0) touchedAt = step;
    }
    // Touching once the centres are 2 apart or closer: 2.63 − 0.05 (step + 1) ≤ 2 from step 12 on.
    expect(touchedAt).toBe(12);
    // Before that the pair is apart by 0.58 to 0.03: most steps pass it by without a support call.
    const idle = perStep.slice(0, 12).filter((n) => n === 0).length;
    expect(idle, perStep.join(' ')).toBeGreaterThanOrEqual(5);
    // And every step from the touch on runs the query.
    for (const n of perStep.slice(12)) expect(n).toBeGreaterThan(0);
  });
});
