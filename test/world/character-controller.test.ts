/**
 * The character controller (world/character-controller.ts) on a scripted level, checked by closed forms: a
 * capsule (half height 0.5, radius 0.3: its lowest point 0.8 below its centre) on a ground half-space, a
 * wall, a low step and a high ledge, ramps of 30° and 60°. It never ends within the offset of anything
 * (the distance of its core segment, from the pairwise query, and the ground's closed form), keeps the
 * wall-parallel part of its motion, climbs the step and not the ledge, walks the 30° ramp and not the 60°
 * one, slides down the steep one and stands on the gentle one, snaps down steps, and reports what it
 * stands on. A random level and random motions keep the offset too.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Box, Capsule, CharacterController, CollisionWorld, Compound, distance, HalfSpace, InvalidArgumentError, InvalidNumberError, InvalidShapeError, shapeCast, Sphere, TriangleMesh,
  type PoseLike, type Shape,
} from '../../src/index.js';
import { runs, seed } from '../runs.js';

const at = (x: number, y: number, z: number, q = { x: 0, y: 0, z: 0, w: 1 }): PoseLike => ({ position: { x, y, z }, quaternion: q });
const aboutX = (angle: number) => ({ x: Math.sin(angle / 2), y: 0, z: 0, w: Math.cos(angle / 2) });
const capsule = new Capsule(0.5, 0.3);
const OFFSET = 0.01;
/** Standing on the ground: the capsule's lowest point the offset above y = 0. */
const STAND = 0.8 + OFFSET;

interface Level { world: CollisionWorld; bodies: { shape: Shape; pose: PoseLike; handle: number }[] }

function level(extra: [Shape, PoseLike][]): Level {
  const world = new CollisionWorld();
  const bodies: Level['bodies'] = [];
  const add = (shape: Shape, pose: PoseLike) => bodies.push({ shape, pose, handle: world.add(shape, pose, { static: true }) });
  add(new HalfSpace(), at(0, 0, 0));
  for (const [s, p] of extra) add(s, p);
  return { world, bodies };
}

/** Walks `n` moves of `d` from `start`: the positions after each, and the last move's answer. */
function walk(cc: CharacterController, start: { x: number; y: number; z: number }, d: { x: number; y: number; z: number }, n: number) {
  const p = { ...start };
  const trail: { x: number; y: number; z: number }[] = [];
  let last = cc.move(capsule, at(p.x, p.y, p.z), { x: 0, y: 0, z: 0 });
  for (let i = 0; i < n; i++) {
    last = cc.move(capsule, at(p.x, p.y, p.z), d);
    p.x += last.translation.x; p.y += last.translation.y; p.z += last.translation.z;
    trail.push({ ...p });
  }
  return { p, trail, last };
}

/** The least separation of the capsule at `p` from the level's bodies (the ground's by its closed form). */
function clearance(lv: Level, p: { x: number; y: number; z: number }): number {
  let least = p.y - 0.8; // the ground y ≤ 0
  for (const b of lv.bodies.slice(1)) least = Math.min(least, distance(capsule, at(p.x, p.y, p.z), b.shape, b.pose));
  return least;
}

describe('CharacterController on a scripted level', () => {
  it('slides along a wall keeping the wall-parallel motion, never within the offset', () => {
    const lv = level([[new Box(0.5, 2, 10), at(5, 2, 0)]]);
    const cc = new CharacterController(lv.world);
    const { p, trail } = walk(cc, { x: 0, y: STAND, z: 0 }, { x: 0.1, y: -0.05, z: 0.03 }, 80);
    // Stopped the radius and the offset short of the wall's face (x = 4.5), every z step kept, on the ground.
    expect(Math.abs(p.x - (4.5 - 0.3 - OFFSET))).toBeLessThan(1e-6);
    expect(Math.abs(p.z - 80 * 0.03)).toBeLessThan(1e-9);
    expect(Math.abs(p.y - STAND)).toBeLessThan(1e-6);
    for (const q of trail) expect(clearance(lv, q)).toBeGreaterThan(OFFSET - 1e-6);
    expect(cc.collisionCount).toBeGreaterThan(0);
    const c = cc.collision(0);
    expect([lv.bodies[0].handle, lv.bodies[1].handle]).toContain(c.body);
  });

  it('comes to rest in a corner of any angle pushed straight into it (golden: it jittered in obtuse corners, 0.02 to 0.04 a frame)', () => {
    for (const degrees of [60, 90, 103, 120, 149, 170]) {
      // Two walls meeting at x = 3 on the z = 0 line, each turned (degrees / 2) from the x axis' normal.
      const half = ((180 - degrees) / 2) * (Math.PI / 180);
      const turn = (a: number) => ({ x: 0, y: Math.sin(a / 2), z: 0, w: Math.cos(a / 2) });
      const lv = level([
        [new Box(0.2, 2, 3), at(3 + 3 * Math.sin(half), 2, 3 * Math.cos(half), turn(half))],
        [new Box(0.2, 2, 3), at(3 + 3 * Math.sin(half), 2, -3 * Math.cos(half), turn(-half))],
      ]);
      const cc = new CharacterController(lv.world);
      const { p, trail } = walk(cc, { x: 0, y: STAND, z: 0 }, { x: 0.1, y: -0.05, z: 0 }, 80);
      const last = trail.slice(-10);
      for (let i = 1; i < last.length; i++) expect(Math.hypot(last[i].x - last[i - 1].x, last[i].z - last[i - 1].z), `${degrees}°`).toBeLessThan(1e-9);
      for (const q of trail) expect(clearance(lv, q)).toBeGreaterThan(OFFSET - 1e-6);
      expect(p.x).toBeGreaterThan(1);
    }
  });

  it('climbs a step below autostep.maxHeight, not a ledge above it', () => {
    const lv = level([[new Box(1, 0.1, 1), at(0, 0.1, 4)], [new Box(1, 0.25, 1), at(0, 0.25, -4)]]);
    const cc = new CharacterController(lv.world, { autostep: { maxHeight: 0.3, minWidth: 0.1 } });
    const up = walk(cc, { x: 0, y: STAND, z: 2 }, { x: 0, y: -0.05, z: 0.1 }, 25);
    expect(Math.abs(up.p.y - (0.2 + STAND))).toBeLessThan(1e-6);
    expect(up.last.grounded).toBe(true);
    expect(up.last.ground).toBe(lv.bodies[1].handle);
    const blocked = walk(cc, { x: 0, y: STAND, z: -2 }, { x: 0, y: -0.05, z: -0.1 }, 25);
    expect(Math.abs(blocked.p.y - STAND)).toBeLessThan(1e-6);
    expect(Math.abs(blocked.p.z - (-3 + 0.3 + OFFSET))).toBeLessThan(1e-6);
    // Without autostep the low step stops it too: its round end against the step's edge (y = 0.2, z = 3),
    // the end's centre (0.31 high) the radius and the offset from it.
    const plain = walk(new CharacterController(lv.world), { x: 0, y: STAND, z: 2 }, { x: 0, y: -0.05, z: 0.1 }, 25);
    expect(Math.abs(plain.p.y - STAND)).toBeLessThan(1e-6);
    expect(Math.abs(plain.p.z - (3 - Math.sqrt((0.3 + OFFSET) ** 2 - (STAND - 0.5 - 0.2) ** 2)))).toBeLessThan(1e-6);
    for (const q of [...up.trail, ...blocked.trail, ...plain.trail]) expect(clearance(lv, q)).toBeGreaterThan(OFFSET - 1e-6);
  });

  it('walks a 30° ramp and not a 60° one; stands on the gentle one and slides down the steep one under gravity', () => {
    // Thin ramps, turned about x, their lower edge near z = 2 (30°) and z = −2 (60°, facing −z).
    const gentle: [Shape, PoseLike] = [new Box(2, 0.05, 4), at(0, 4 * Math.sin(Math.PI / 6) - 0.05, 2 + 4 * Math.cos(Math.PI / 6), aboutX(-Math.PI / 6))];
    const steep: [Shape, PoseLike] = [new Box(2, 0.05, 4), at(0, 4 * Math.sin(Math.PI / 3) - 0.05, -2 - 4 * Math.cos(Math.PI / 3), aboutX(Math.PI / 3))];
    const lv = level([gentle, steep]);
    const cc = new CharacterController(lv.world);
    const climb = walk(cc, { x: 0, y: STAND, z: 0 }, { x: 0, y: -0.05, z: 0.1 }, 40);
    // 30°: up the ramp, the height following its slope (tan 30° of the way along it).
    expect(climb.p.y).toBeGreaterThan(STAND + 1);
    expect(climb.last.grounded).toBe(true);
    expect(climb.last.ground).toBe(lv.bodies[1].handle);
    const stop = walk(cc, { x: 0, y: STAND, z: 0 }, { x: 0, y: -0.05, z: -0.1 }, 40);
    // 60°: it goes no higher than the foot of the ramp lets a capsule rest (its round end against the slope).
    expect(stop.p.y).toBeLessThan(STAND + 0.2);
    for (const q of [...climb.trail, ...stop.trail]) expect(clearance(lv, q)).toBeGreaterThan(OFFSET - 1e-6);
    // Dropped onto each ramp, gravity alone: the gentle one holds it where it lands, the steep one lets it
    // slide down to the ground.
    const onGentle = walk(cc, { x: 0, y: 6, z: 4 }, { x: 0, y: -0.2, z: 0 }, 40);
    expect(onGentle.p.y).toBeGreaterThan(STAND + 1);
    expect(Math.abs(onGentle.p.z - 4)).toBeLessThan(1e-9);
    expect(onGentle.last.grounded).toBe(true);
    const onSteep = walk(cc, { x: 0, y: 6, z: -3 }, { x: 0, y: -0.2, z: 0 }, 80);
    expect(onSteep.p.y).toBeLessThan(STAND + 0.2);
    expect(onSteep.p.z).toBeGreaterThan(-2.1);
    for (const q of [...onGentle.trail, ...onSteep.trail]) expect(clearance(lv, q)).toBeGreaterThan(OFFSET - 1e-6);
  });

  it('snaps down onto ground within snapToGround (walking off a low step), and stays up without it', () => {
    const lv = level([[new Box(2, 0.05, 2), at(0, 0.05, 0)]]);
    const start = { x: 0, y: 0.1 + STAND, z: 1.5 };
    const snapped = walk(new CharacterController(lv.world, { snapToGround: 0.2 }), start, { x: 0, y: 0, z: 0.2 }, 4);
    expect(Math.abs(snapped.p.y - STAND)).toBeLessThan(1e-6);
    expect(snapped.last.grounded).toBe(true);
    const floating = walk(new CharacterController(lv.world), start, { x: 0, y: 0, z: 0.2 }, 4);
    expect(Math.abs(floating.p.y - start.y)).toBeLessThan(1e-9);
    expect(floating.last.grounded).toBe(false);
  });

  it('on a mesh, a face of the same mesh ahead stops it while the face under it is passed by (golden: the whole mesh was passed by)', () => {
    // One mesh: a floor (y = 0) from x = −5 to 2, then a vertical face up to y = 2 at x = 2, then a top.
    const mesh = new TriangleMesh(
      [-5, 0, -3, 2, 0, -3, 2, 0, 3, -5, 0, 3, 2, 2, -3, 2, 2, 3, 6, 2, -3, 6, 2, 3],
      [0, 2, 1, 0, 3, 2, 1, 2, 5, 1, 5, 4, 4, 5, 7, 4, 7, 6],
    );
    const world = new CollisionWorld();
    world.add(mesh, at(0, 0, 0), { static: true });
    const cc = new CharacterController(world);
    const p = { x: 0, y: STAND, z: 0 };
    for (let i = 0; i < 40; i++) {
      const m = cc.move(capsule, at(p.x, p.y, p.z), { x: 0.1, y: -0.05, z: 0 });
      p.x += m.translation.x; p.y += m.translation.y; p.z += m.translation.z;
      expect(distance(capsule, at(p.x, p.y, p.z), mesh, at(0, 0, 0))).toBeGreaterThan(OFFSET - 1e-6);
    }
    expect(Math.abs(p.x - (2 - 0.3 - OFFSET))).toBeLessThan(1e-6);
    expect(Math.abs(p.y - STAND)).toBeLessThan(1e-6);
  });

  it('walks from a flat face onto a gentle rise of the same mesh (golden: it stalled, the cast reporting the flat face it slid along)', () => {
    // Flat from x = −5 to 0, then rising at 20° to x = 5.
    const rise = 5 * Math.tan(Math.PI / 9);
    const mesh = new TriangleMesh([-5, 0, -3, 0, 0, -3, 0, 0, 3, -5, 0, 3, 5, rise, -3, 5, rise, 3], [0, 2, 1, 0, 3, 2, 1, 2, 5, 1, 5, 4]);
    const world = new CollisionWorld();
    world.add(mesh, at(0, 0, 0), { static: true });
    const cc = new CharacterController(world, { snapToGround: 0.2 });
    const p = { x: -2, y: STAND, z: 0 };
    for (let i = 0; i < 40; i++) {
      const m = cc.move(capsule, at(p.x, p.y, p.z), { x: 0.1, y: -0.05, z: 0 });
      p.x += m.translation.x; p.y += m.translation.y; p.z += m.translation.z;
      expect(m.grounded).toBe(true);
      expect(distance(capsule, at(p.x, p.y, p.z), mesh, at(0, 0, 0))).toBeGreaterThan(OFFSET - 1e-6);
    }
    // Up the rise: 2 units along the flat, the rest along the slope (its horizontal length kept).
    expect(p.x).toBeGreaterThan(1.9);
    expect(p.y).toBeGreaterThan(STAND + 0.5);
  });

  it('reports the body it stands on (to carry it on a moving platform), and passes through filtered bodies', () => {
    const lv = level([[new Box(1, 0.1, 1), at(0, 1, 0)], [new Box(0.5, 2, 0.5), at(2, 2, 0)]]);
    const platform = lv.bodies[1].handle, pillar = lv.bodies[2].handle;
    const cc = new CharacterController(lv.world, { filter: (h) => h !== pillar });
    const m = cc.move(capsule, at(0, 1.1 + STAND, 0), { x: 0, y: -0.05, z: 0 });
    expect(m.grounded).toBe(true);
    expect(m.ground).toBe(platform);
    const through = walk(cc, { x: 0, y: STAND, z: 2 }, { x: 0.1, y: -0.05, z: 0 }, 40);
    expect(Math.abs(through.p.x - 4)).toBeLessThan(1e-9);
  });

  it('bad input is a typed error naming the field', () => {
    const lv = level([]);
    expect(() => new CharacterController({} as never)).toThrow(InvalidArgumentError);
    expect(() => new CharacterController(lv.world, { offset: 0 })).toThrow(InvalidNumberError);
    expect(() => new CharacterController(lv.world, { offset: 0 })).toThrow(/^options\.offset/);
    expect(() => new CharacterController(lv.world, { maxSlopeClimbAngle: 2 })).toThrow(/^options\.maxSlopeClimbAngle/);
    expect(() => new CharacterController(lv.world, { autostep: { maxHeight: -1, minWidth: 0 } })).toThrow(/^options\.autostep\.maxHeight/);
    expect(() => new CharacterController(lv.world, { up: { x: 0, y: 0, z: 0 } })).toThrow(/^options\.up/);
    expect(() => new CharacterController(lv.world, { ofset: 0.1 } as never)).toThrow(/^options\.ofset is not an option/);
    const cc = new CharacterController(lv.world);
    expect(() => cc.move(new Compound([{ shape: new Sphere(1), pose: at(0, 0, 0) }]), at(0, 2, 0), { x: 0, y: 0, z: 0 })).toThrow(InvalidShapeError);
    expect(() => cc.move(capsule, at(0, 2, 0), { x: NaN, y: 0, z: 0 })).toThrow(/^desired/);
    expect(() => cc.collision(99)).toThrow(/^i is 99/);
    // Records it cannot write: typed errors naming out.
    const m = cc.move(capsule, at(0, STAND, 0), { x: 0, y: -0.05, z: 0 });
    expect(m.collisionCount).toBe(1); // the ground, met by gravity
    expect(cc.collision(0).body).toBe(lv.bodies[0].handle);
    expect(cc.collision(0).normal).toEqual({ x: 0, y: 1, z: 0 });
    expect(() => cc.collision(0, 5 as never)).toThrow(/^out is not a writable result record/);
    expect(() => cc.collision(0, {} as never)).toThrow(/^out is not a writable result record/);
    expect(() => cc.collision(0, Object.freeze({ body: 0, time: 0, point: Object.freeze({ x: 0, y: 0, z: 0 }), normal: { x: 0, y: 0, z: 0 } }) as never)).toThrow(/^out is not a writable result record/);
    expect(() => cc.move(capsule, at(0, STAND, 0), { x: 0, y: 0, z: 0 }, Object.freeze({ translation: { x: 0, y: 0, z: 0 }, grounded: false, ground: -1, collisionCount: 0 }) as never)).toThrow(/^out is not a writable result record/);
  });
});

describe('what the controller stands on in the world', () => {
  it('world.shapeCast with stopAtPenetration false passes by a body within the target that the motion does not approach', () => {
    const world = new CollisionWorld();
    const ground = world.add(new HalfSpace(), at(0, 0, 0), { static: true });
    const wall = world.add(new Box(0.5, 2, 2), at(3, 2, 0), { static: true });
    const pose = at(0, 0.805, 0), along = { linear: { x: 4, y: 0, z: 0 } };
    // Within the target of the ground at the start: by default the answer at time 0; passed by when asked.
    expect(world.shapeCast(capsule, pose, along, { targetSeparation: OFFSET })?.time).toBe(0);
    const passed = world.shapeCast(capsule, pose, along, { targetSeparation: OFFSET, stopAtPenetration: false });
    expect(passed?.body).toBe(wall);
    expect(Math.abs(passed!.time * 4 - (2.5 - 0.3 - OFFSET))).toBeLessThan(1e-6);
    // Moving into it (down): not passed by.
    expect(world.shapeCast(capsule, pose, { linear: { x: 0, y: -1, z: 0 } }, { targetSeparation: OFFSET, stopAtPenetration: false })?.body).toBe(ground);
    expect(() => world.shapeCast(capsule, pose, along, { stopAtPenetration: 1 as never })).toThrow(/^options\.stopAtPenetration/);
  });

  it('shapeCast with stopAtPenetration false: a convex pair within the target not closing is null, a closing one time 0; a mesh part by part', () => {
    const ball = new Sphere(0.5), box = new Box(1, 1, 1), opts = { targetSeparation: 0.1, stopAtPenetration: false };
    const resting = at(0, 1.55, 0);
    expect(shapeCast(ball, resting, { linear: { x: 3, y: 0, z: 0 } }, box, at(0, 0, 0), null, undefined, opts)).toBeNull();
    expect(shapeCast(ball, resting, { linear: { x: 3, y: 0, z: 0 } }, box, at(0, 0, 0), null, undefined, { targetSeparation: 0.1 })?.time).toBe(0);
    expect(shapeCast(ball, resting, { linear: { x: 0, y: -1, z: 0 } }, box, at(0, 0, 0), null, undefined, opts)?.time).toBe(0);
    // A mesh: the face under it is passed by, a face ahead of the same mesh met (with that face's normal).
    const mesh = new TriangleMesh([-5, 0, -3, 2, 0, -3, 2, 0, 3, -5, 0, 3, 2, 2, -3, 2, 2, 3], [0, 2, 1, 0, 3, 2, 1, 2, 5, 1, 5, 4]);
    const hit = shapeCast(ball, at(0, 0.55, 0), { linear: { x: 4, y: 0, z: 0 } }, mesh, at(0, 0, 0), null, undefined, opts);
    expect(Math.abs(hit!.time * 4 - (2 - 0.5 - 0.1))).toBeLessThan(1e-9);
    expect(Math.hypot(hit!.normal.x - 1, hit!.normal.y, hit!.normal.z)).toBeLessThan(1e-9);
    expect(() => shapeCast(ball, resting, null, box, at(0, 0, 0), null, undefined, { stopAtPenetration: 'no' as never })).toThrow(/^options\.stopAtPenetration/);
  });

  it('world.stamp counts the bodies\' changes; a platform moved under a standing character is its ground again', () => {
    const world = new CollisionWorld();
    const s0 = world.stamp;
    const platform = world.add(new Box(1, 0.1, 1), at(0, 1, 0), { static: true });
    expect(world.stamp).toBe(s0 + 1);
    world.update();
    world.rayCast({ x: 0, y: 5, z: 0 }, { x: 0, y: -1, z: 0 });
    expect(world.stamp).toBe(s0 + 1);
    const cc = new CharacterController(world);
    const p = { x: 0, y: 1.1 + STAND, z: 0 };
    const first = cc.move(capsule, at(p.x, p.y, p.z), { x: 0, y: -0.05, z: 0 });
    expect(first.ground).toBe(platform);
    p.y += first.translation.y;
    // The platform drops away: the next move, starting where the last ended, sees it gone.
    world.setPose(platform, at(0, -5, 0));
    expect(world.stamp).toBe(s0 + 2);
    const next = cc.move(capsule, at(p.x, p.y, p.z), { x: 0, y: 0, z: 0 });
    expect(next.grounded).toBe(false);
    world.remove(platform);
    expect(world.stamp).toBe(s0 + 3);
  });
});

describe('CharacterController on random levels', () => {
  it('never ends within the offset of any body, from a start outside it', () => {
    const box = fc.tuple(fc.double({ min: -6, max: 6, noNaN: true }), fc.double({ min: 0, max: 2, noNaN: true }), fc.double({ min: -6, max: 6, noNaN: true }),
      fc.double({ min: 0.2, max: 2, noNaN: true }), fc.double({ min: 0.05, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }));
    const motion = fc.tuple(fc.double({ min: -0.5, max: 0.5, noNaN: true }), fc.double({ min: -0.3, max: 0.2, noNaN: true }), fc.double({ min: -0.5, max: 0.5, noNaN: true }));
    fc.assert(fc.property(fc.array(box, { maxLength: 8 }), fc.array(motion, { minLength: 1, maxLength: 30 }), fc.boolean(), (boxes, moves, stepping) => {
      const lv = level(boxes.map(([x, y, z, w, h, turn]) => [new Box(w, h, w), at(x, y, z, aboutX(turn * 0.3))] as [Shape, PoseLike]));
      const cc = new CharacterController(lv.world, stepping ? { autostep: { maxHeight: 0.3, minWidth: 0.1 }, snapToGround: 0.2 } : {});
      const p = { x: 0, y: 8, z: 0 };
      if (clearance(lv, p) < OFFSET) return;
      for (const [dx, dy, dz] of moves) {
        const m = cc.move(capsule, at(p.x, p.y, p.z), { x: dx, y: dy, z: dz });
        p.x += m.translation.x; p.y += m.translation.y; p.z += m.translation.z;
        expect(clearance(lv, p)).toBeGreaterThan(OFFSET - 1e-6);
      }
    }), { numRuns: runs(100), seed: seed(3541) });
  });
});
