/**
 * The plane world's memory a body (issue "A collision world in the plane": under 300 bytes a body with its
 * pairs): the memory a world of n bodies (four shared shapes, bench/world2.ts's scene) holds after its first
 * updates, less that before it, divided by n: the JS heap and the typed arrays' buffers (held outside the
 * heap, in `arrayBuffers`). Run with --expose-gc.
 *
 *   node --expose-gc --import tsx bench/world2-memory.ts [bodies=10000]
 */
import { Box2, Capsule2, Circle, Polygon } from '../src/2d/index.js';
import { CollisionWorld2 } from '../src/2d/index.js';
import { mulberry32 } from '../test/random.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc');
const n = Number(process.argv[2] ?? 10000), rnd = mulberry32(0x2d2d), side = Math.sqrt(n / 0.8);
const octagon = Array.from({ length: 8 }, (_, k) => ({ x: 0.4 * Math.cos(k * Math.PI / 4), y: 0.4 * Math.sin(k * Math.PI / 4) }));
const shapes = [new Box2(0.4, 0.3), new Circle(0.35), new Capsule2(0.3, 0.2), new Polygon(octagon)];
const poses = Array.from({ length: n }, () => ({ position: { x: side * rnd(), y: side * rnd() }, angle: 6 * rnd() }));
const build = (): CollisionWorld2 => {
  const world = new CollisionWorld2();
  for (let i = 0; i < n; i++) world.add(shapes[i % 4], poses[i]);
  for (let s = 0; s < 3; s++) world.update();
  return world;
};
// A first world, dropped: the code its calls compile (the heap counts it) is not the second's memory.
build();
gc(); gc();
const used = (): number => { const m = process.memoryUsage(); return m.heapUsed + m.arrayBuffers; };
// Several worlds kept at once (the heap's own noise, compiled code and the like, spread over more bodies).
const WORLDS = Math.max(1, Math.ceil(30000 / n));
const before = used();
const worlds: CollisionWorld2[] = [];
for (let k = 0; k < WORLDS; k++) worlds.push(build());
gc(); gc();
const after = used();
console.log(`${n} bodies: ${((after - before) / (WORLDS * n)).toFixed(0)} bytes a body with its pairs (${worlds[0].contactCount} contacts; ${WORLDS} worlds measured)`);
