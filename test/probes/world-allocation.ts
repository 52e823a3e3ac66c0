/**
 * Allocation probe of the collision world, run by test/world/world-allocation.test.ts in a child process
 * (run-probe.ts, with its flags): prints, as JSON, the JS heap bytes one step (setPose of every moving
 * body, then update, then reading every contact) allocates once warm, for worlds with and without
 * manifolds. heap-meter.ts measures; its warm-up (4 batches of 60 steps, then 1) runs the periodic motion (240
 * steps) once and more, so every pair the motion makes has been made and every array has grown.
 */
import { Box, Capsule, Cone, ConvexHull, Cylinder, Sphere, TriangleMesh, type Shape } from '../../src/index.js';
import { CollisionWorld } from '../../src/world/collision-world.js';
import { mulberry32 } from '../random.js';
import { bytesPerCall } from './heap-meter.js';

class Vector { x = 0.5; y = 0.5; z = 0.5; }
class Quaternion { x = 0.5; y = 0.5; z = 0.5; w = 0.5; }
class Pose { readonly position = new Vector(); readonly quaternion = new Quaternion(); }

/**
 * A world of `n` moving convex bodies (boxes, spheres, capsules, 30-point hulls) over a static floor of
 * boxes, moving periodically (240 steps), with or without manifolds. (Convex pairs only: the compound and
 * mesh pair queries allocate on their own in a process that runs many kinds of pairs, docs/performance.md
 * "Meshes and compounds", which would hide the world's own figure.) The poses of a whole period are
 * computed up front, so the loop that moves the bodies only copies numbers.
 */
function scene(n: number, manifolds: boolean, ground: 'boxes' | 'mesh' = 'boxes'): (steps: number) => number {
  const rand = mulberry32(7);
  const hull = new ConvexHull(Array.from({ length: 30 }, () => ({ x: rand() - 0.5, y: rand() - 0.5, z: rand() - 0.5 })));
  const shapes: Shape[] = ground === 'boxes'
    ? [new Box(0.4, 0.3, 0.5), new Sphere(0.4), new Capsule(0.3, 0.2), hull]
    : [new Box(0.4, 0.3, 0.5), new Sphere(0.4), new Capsule(0.3, 0.2), hull, new Cylinder(0.3, 0.4), new Cone(0.4, 0.3)];
  const world = new CollisionWorld({ margin: 0.05, manifolds });
  const side = Math.ceil(Math.cbrt(n)) * 1.6;
  if (ground === 'boxes') {
    for (let i = 0; i < 49; i++) {
      world.add(new Box(1, 0.2, 1), { position: { x: (i % 7) * 2 - 6, y: -side / 2 - 0.3, z: Math.floor(i / 7) * 2 - 6 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } }, { static: true });
    }
  } else {
    // One static bumpy mesh under every body (a level's ground): its triangles meet every kind.
    const v: number[] = [], idx: number[] = [], cells = 24, width = side * 1.5;
    for (let i = 0; i <= cells; i++) for (let j = 0; j <= cells; j++) v.push((j / cells - 0.5) * width, 0.15 * Math.sin(i + 2 * j), (i / cells - 0.5) * width);
    for (let i = 0; i < cells; i++) for (let j = 0; j < cells; j++) { const a = i * (cells + 1) + j; idx.push(a, a + cells + 1, a + cells + 2, a, a + cells + 2, a + 1); }
    world.add(new TriangleMesh(v, idx), { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } }, { static: true });
  }
  const PERIOD = 240;
  const track = new Float64Array(PERIOD * n * 7);
  const handles: number[] = [], poses: Pose[] = [];
  for (let i = 0; i < n; i++) {
    const x = (rand() - 0.5) * side, z = (rand() - 0.5) * side;
    // Over the mesh: every body within its reach of the ground, most of them touching it.
    const y = ground === 'boxes' ? (rand() - 0.5) * side - 0.2 * side : 0.2 + 0.4 * rand();
    const a0 = rand() * 6.28, r = 0.5 + rand(), h0 = rand() * 6.28;
    for (let f = 0; f < PERIOD; f++) {
      const phase = (2 * Math.PI * f) / PERIOD, a = phase + a0, h = 0.5 * (phase + h0), k = 7 * (f * n + i);
      track[k] = x + r * Math.cos(a); track[k + 1] = y + r * Math.sin(a); track[k + 2] = z;
      track[k + 3] = 0; track[k + 4] = Math.sin(h); track[k + 5] = 0; track[k + 6] = Math.cos(h);
    }
    const p = new Pose();
    p.position.x = x; p.position.y = y; p.position.z = z;
    p.quaternion.x = 0; p.quaternion.y = 0; p.quaternion.z = 0; p.quaternion.w = 1;
    poses.push(p);
    handles.push(world.add(shapes[i % shapes.length], p));
  }
  const frame = new Int32Array(1);
  return (steps: number): number => {
    let acc = 0;
    for (let s = 0; s < steps; s++) {
      const f = frame[0]; frame[0] = (f + 1) % PERIOD;
      for (let i = 0; i < n; i++) {
        const k = 7 * (f * n + i), p = poses[i];
        p.position.x = track[k]; p.position.y = track[k + 1]; p.position.z = track[k + 2];
        p.quaternion.x = track[k + 3]; p.quaternion.y = track[k + 4]; p.quaternion.z = track[k + 5]; p.quaternion.w = track[k + 6];
        world.setPose(handles[i], p);
      }
      world.update();
      const count = world.contactCount;
      for (let i = 0; i < count; i++) {
        if (world.contact(i).separation < 0) acc++;
        if (manifolds) acc += world.manifolds(i).count;
      }
    }
    return acc + world.contactCount;
  };
}

const result: Record<string, number | 'Infinity'> = {};
for (const [name, run, count] of [
  ['300 moving bodies, contacts', scene(300, false), 60],
  ['300 moving bodies, contacts and manifolds', scene(300, true), 60],
  // 150 bodies of six kinds over one mesh, all near it: the mesh's pairs' queries (with a mesh's scratch
  // triangle read at sites that see every kind: 16 to 40 KB a step before).
  ['150 bodies on a mesh, contacts and manifolds', scene(150, true, 'mesh'), 60],
] as const) {
  const bytes = await bytesPerCall(run, count);
  result[name] = Number.isFinite(bytes) ? bytes : 'Infinity';
}
process.stdout.write(JSON.stringify({ result }));
