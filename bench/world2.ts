/**
 * The plane world (src/2d/world/collision-world2.ts) against planck.js's world on the same bodies and
 * motions (issue "A collision world in the plane"): boxes, circles, capsules and 8-gons drifting and turning
 * in a square at about one contact per body, every body moved each step. planck's bodies are set by
 * `setTransform` and the world stepped; two variants, since planck pairs no two kinematic bodies (its
 * `shouldCollide`): kinematic (its broad phase alone) and dynamic sensors with no gravity (its broad phase
 * and every touching pair's overlap test, no solver: the nearest to our update's work). And ours keeping
 * manifolds (`{ manifolds: true }`, each read every step). One process, the sides alternating round by
 * round; each side's time ÷ ours (without manifolds).
 *
 *   node --import tsx bench/world2.ts [bodies=1000] [rounds=9]      (WORLD2_DIST=1: the built dist/)
 *
 * WORLD2_THREADS=k adds ours stepped by `updateAsync` on a BatchPool of k workers (this thread works too).
 */
import * as planck from 'planck';
import type { Shape2 } from '../src/2d/index.js';
import * as source from '../src/2d/index.js';

// WORLD2_DIST=1 times the built library (dist/, what a user runs) instead of the sources through tsx, whose
// CommonJS output reads every imported name through a getter.
const lib: typeof source = process.env.WORLD2_DIST ? await import('../dist/2d/index.js' as string) : source;
const { Box2, Capsule2, Circle, CollisionWorld2, createManifold, Polygon } = lib;
const threadsLib: typeof import('../src/threads/index.js') = await import((process.env.WORLD2_DIST ? '../dist/threads/index.js' : '../src/threads/index.js') as string);
const workers = Number(process.env.WORLD2_THREADS ?? 0);
const pool = workers > 0 ? await threadsLib.BatchPool.create({ threads: workers }) : null;
import { mulberry32 } from '../test/random.js';

const n = Number(process.argv[2] ?? 1000), rounds = Number(process.argv[3] ?? 9), STEPS = 50;
const rnd = mulberry32(0x2d2d), side = Math.sqrt(n / 0.8);
const octagon = Array.from({ length: 8 }, (_, k) => ({ x: 0.4 * Math.cos(k * Math.PI / 4), y: 0.4 * Math.sin(k * Math.PI / 4) }));
const ours: Shape2[] = [new Box2(0.4, 0.3), new Circle(0.35), new Capsule2(0.3, 0.2), new Polygon(octagon)];
const theirs = [(): planck.Shape => new planck.Box(0.4, 0.3), (): planck.Shape => new planck.Circle(0.35),
  // (planck has no capsule: a box of the capsule's extent.)
  (): planck.Shape => new planck.Box(0.2, 0.5), (): planck.Shape => new planck.Polygon(octagon)];
const x0 = new Float64Array(n), y0 = new Float64Array(n), a0 = new Float64Array(n), vx = new Float64Array(n), vy = new Float64Array(n), va = new Float64Array(n);
for (let i = 0; i < n; i++) { x0[i] = side * rnd(); y0[i] = side * rnd(); a0[i] = 6 * rnd(); vx[i] = 0.02 * (rnd() - 0.5); vy[i] = 0.02 * (rnd() - 0.5); va[i] = 0.04 * (rnd() - 0.5); }

/** A side: a fresh world of the n bodies, then a run of STEPS steps from step `from` (ms a step; contacts seen). */
interface Side { name: string; run(from: number): [number, number] | Promise<[number, number]> }

function oursSide(manifolds = false): Side {
  const world = new CollisionWorld2({ manifolds }), handles: number[] = [], pose = { position: { x: 0, y: 0 }, angle: 0 }, m = createManifold();
  for (let i = 0; i < n; i++) handles.push(world.add(ours[i % 4], { position: { x: x0[i], y: y0[i] }, angle: a0[i] }));
  world.update();
  return { name: manifolds ? 'ours, manifolds' : 'ours', run(from) {
    let contacts = 0;
    const t = performance.now();
    for (let s = from; s < from + STEPS; s++) {
      for (let i = 0; i < n; i++) { pose.position.x = x0[i] + s * vx[i]; pose.position.y = y0[i] + s * vy[i]; pose.angle = a0[i] + s * va[i]; world.setPose(handles[i], pose); }
      world.update(); contacts += world.contactCount;
      // Kept manifolds, read as a solver would each step.
      if (manifolds) for (let i = 0; i < world.contactCount; i++) world.manifold(i, m);
    }
    return [(performance.now() - t) / STEPS, contacts / STEPS];
  } };
}

/** Ours stepped by updateAsync on the pool. */
function asyncSide(): Side {
  const world = new CollisionWorld2({ threads: pool! }), handles: number[] = [], pose = { position: { x: 0, y: 0 }, angle: 0 };
  for (let i = 0; i < n; i++) handles.push(world.add(ours[i % 4], { position: { x: x0[i], y: y0[i] }, angle: a0[i] }));
  world.update();
  return { name: `ours, ${workers} worker${workers === 1 ? '' : 's'}`, async run(from) {
    let contacts = 0;
    const t = performance.now();
    for (let s = from; s < from + STEPS; s++) {
      for (let i = 0; i < n; i++) { pose.position.x = x0[i] + s * vx[i]; pose.position.y = y0[i] + s * vy[i]; pose.angle = a0[i] + s * va[i]; world.setPose(handles[i], pose); }
      await world.updateAsync(); contacts += world.contactCount;
    }
    return [(performance.now() - t) / STEPS, contacts / STEPS];
  } };
}

function planckSide(type: 'kinematic' | 'dynamic'): Side {
  const world = new planck.World({ gravity: { x: 0, y: 0 } }), bodies: planck.Body[] = [];
  for (let i = 0; i < n; i++) {
    const b = world.createBody({ type, position: { x: x0[i], y: y0[i] }, angle: a0[i] });
    b.createFixture({ shape: theirs[i % 4](), isSensor: type === 'dynamic' });
    bodies.push(b);
  }
  world.step(1 / 60);
  return { name: `planck ${type}`, run(from) {
    let contacts = 0;
    const t = performance.now();
    for (let s = from; s < from + STEPS; s++) {
      for (let i = 0; i < n; i++) bodies[i].setTransform({ x: x0[i] + s * vx[i], y: y0[i] + s * vy[i] }, a0[i] + s * va[i]);
      world.step(1 / 60);
      for (let c = world.getContactList(); c; c = c.getNext()) if (c.isTouching()) contacts++;
    }
    return [(performance.now() - t) / STEPS, contacts / STEPS];
  } };
}

const sides = [oursSide(), planckSide('kinematic'), planckSide('dynamic'), oursSide(true), ...(pool !== null ? [asyncSide()] : [])];
const times = sides.map(() => [] as number[]), seen = sides.map(() => 0);
for (let r = 0; r <= rounds; r++) {
  const order = r % 2 === 0 ? sides.map((_, k) => k) : sides.map((_, k) => sides.length - 1 - k);
  for (const k of order) {
    const [ms, contacts] = await sides[k].run(r * STEPS);
    if (r > 0) { times[k].push(ms); seen[k] = contacts; }
  }
}
const median = (v: number[]) => [...v].sort((p, q) => p - q)[v.length >> 1];
console.log(`${n} bodies, ${STEPS} steps a round, median of ${rounds} rounds`);
for (let k = 0; k < sides.length; k++) {
  console.log(`${sides[k].name.padEnd(18)} ${median(times[k]).toFixed(3)} ms a step  (${(seen[k] / n).toFixed(2)} touching a body)  ${k === 0 ? '' : `÷ ours: ${(median(times[k]) / median(times[0])).toFixed(2)}`}`);
}
await pool?.terminate();
