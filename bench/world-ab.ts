/**
 * A/B of two builds' `CollisionWorld.update()` in one process, alternating the two sides (this machine's
 * speed drifts by up to 2× between runs minutes apart: only a ratio measured side by side means anything).
 *
 *   node --import tsx bench/world-ab.ts BASE_DIST HEAD_DIST [bodies=1000] [steps=200]
 *
 * Each side gets the same scene (seeded): boxes, spheres, capsules and 30-point hulls in equal numbers,
 * 0.8 bodies per unit volume, each drifting at up to 0.02 a step, bouncing off the walls and turning; a
 * contact margin of 0.02. Prints the mean `update()` time of each side, with and without manifolds, their
 * ratio (head ÷ base, less is faster), and the contact counts (which must agree). The dist folders sit under
 * a package.json of type "module" (bench/ab.ts says why).
 */
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

type Lib = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function scene(l: Lib, n: number, manifolds: boolean): () => [number, number] {
  let s = 7;
  const rnd = () => (s = (s * 16807) % 2147483647) / 2147483647;
  const hull = Array.from({ length: 30 }, () => ({ x: rnd() - 0.5, y: rnd() - 0.5, z: rnd() - 0.5 }));
  const shapes = [new l.Box(0.4, 0.3, 0.5), new l.Sphere(0.4), new l.Capsule(0.3, 0.2), new l.ConvexHull(hull)];
  const world = new l.CollisionWorld({ margin: 0.02, manifolds });
  const side = Math.cbrt(n / 0.8);
  const bodies = Array.from({ length: n }, (_, i) => {
    const pose = { position: { x: rnd() * side, y: rnd() * side, z: rnd() * side }, quaternion: { x: 0, y: 0, z: 0, w: 1 } };
    const v = { x: (rnd() - 0.5) * 0.04, y: (rnd() - 0.5) * 0.04, z: (rnd() - 0.5) * 0.04 };
    return { handle: world.add(shapes[i % 4], pose), pose, v, phase: rnd() * 6 };
  });
  let t = 0;
  return () => {
    t++;
    for (const b of bodies) {
      const p = b.pose.position, v = b.v;
      p.x += v.x; p.y += v.y; p.z += v.z;
      if (p.x < 0 || p.x > side) v.x = -v.x;
      if (p.y < 0 || p.y > side) v.y = -v.y;
      if (p.z < 0 || p.z > side) v.z = -v.z;
      const half = (b.phase + 0.02 * t) / 2, q = b.pose.quaternion;
      q.x = Math.sin(half) * 0.6; q.y = Math.sin(half) * 0.8; q.z = 0; q.w = Math.cos(half);
      world.setPose(b.handle, b.pose);
    }
    const t0 = performance.now();
    world.update();
    return [performance.now() - t0, world.contactCount];
  };
}

const [baseDir, headDir, nArg, stepsArg] = process.argv.slice(2);
if (baseDir === undefined || headDir === undefined) throw new Error('usage: bench/world-ab.ts BASE_DIST HEAD_DIST [bodies] [steps]');
const libs: Lib[] = [await import(pathToFileURL(resolve(baseDir, 'index.js')).href), await import(pathToFileURL(resolve(headDir, 'index.js')).href)];
const n = Number(nArg ?? 1000), steps = Number(stepsArg ?? 200);
for (const manifolds of [false, true]) {
  const sides = libs.map((l) => scene(l, n, manifolds));
  for (let i = 0; i < 60; i++) for (const step of sides) step(); // warm-up
  const total = [0, 0], contacts = [0, 0];
  for (let round = 0; round < steps / 10; round++) {
    for (let k = 0; k < 2; k++) {
      const side = round % 2 === 0 ? k : 1 - k; // alternate which side goes first
      for (let i = 0; i < 10; i++) { const [dt, c] = sides[side](); total[side] += dt; contacts[side] = c; }
    }
  }
  console.log(`${n} bodies, manifolds ${manifolds}: base ${(total[0] / steps).toFixed(3)} ms, head ${(total[1] / steps).toFixed(3)} ms, `
    + `head ÷ base ${(total[1] / total[0]).toFixed(2)}; contacts ${contacts.join(' and ')}`);
}
