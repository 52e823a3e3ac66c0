/**
 * The height field (issue 35's targets): rays and contacts on a `HeightField` against the same triangles
 * in a `TriangleMesh` (target: at least as fast) and against rapier's `HeightField` from JS (target: 3×),
 * in one process, the three sides alternating round by round; and the build of a 1024 × 1024 field
 * (target: under 50 ms), with its memory beside the mesh's.
 *
 *   node --import tsx bench/height-field.ts [rounds=7] [kinds=ground,slant,miss,contact]
 *
 * The terrain: 257 × 257 samples over 128 × 128 (131,072 triangles) of waves and ridges, heights float32
 * (rapier's), so that all three hold one surface (rapier splits its cells along the other diagonal: its
 * triangles differ, its surface between samples too; a check that all three answer for one terrain, not
 * an oracle, is printed). Queries, 2,000 of each, seeded:
 * - ground rays: straight down from 10 above, anywhere over the field (picking, a character's ground probe);
 * - slant rays: from 3 to 8 above at 20° to 60° below the horizon, up to 60 long (line of sight);
 * - missing rays: straight up from 50 above (every side's fixed cost a ray: ours the pose, the checks and
 *   the result; rapier's its crossing into WASM);
 * - contact: a sphere (0.5), a capsule (0.4, 0.3) and a box (0.4, 0.3, 0.5), turned at random, their
 *   centres from 0.1 below to 0.7 above the surface (resting bodies, the world's narrow phase), rapier's
 *   collider `contactShape` with a prediction of 0.6 (ours answers at any distance).
 * The kinds run in one process share its caches and V8's type feedback: a kind run alone (`slant`) shows
 * what it costs without the others' memory traffic between its rounds.
 */
import RAPIER from '@dimforge/rapier3d-compat';
import { Box, Capsule, contact, createContactResult, createRayHit, HeightField, rayCast, Sphere, TriangleMesh, type ConvexShape } from '../src/index.js';

const rounds = Number(process.argv[2] ?? 7);
await RAPIER.init();

const N = 257, SIZE = 128;
const surface = (x: number, z: number) => 1.5 * Math.sin(x * 0.11) * Math.cos(z * 0.07) + 0.4 * Math.sin(x * 0.9 + z * 0.6) + 0.05 * Math.sin(3.1 * x) * Math.sin(2.3 * z);
const heights = new Float32Array(N * N);
for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) heights[i * N + j] = surface((j / (N - 1) - 0.5) * SIZE, (i / (N - 1) - 0.5) * SIZE);
const scale = { x: SIZE, y: 1, z: SIZE };
const field = new HeightField(N, N, heights, scale);
// The mesh of the same triangles (the formula), in the field's numbering.
const vertices = new Float64Array(3 * N * N), indices = new Int32Array(6 * (N - 1) * (N - 1));
for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) vertices.set([(j / (N - 1) - 0.5) * SIZE, heights[i * N + j], (i / (N - 1) - 0.5) * SIZE], 3 * (i * N + j));
for (let i = 0, k = 0; i < N - 1; i++) {
  for (let j = 0; j < N - 1; j++, k += 6) {
    const a = i * N + j, b = a + 1, c = a + N, d = c + 1;
    indices.set([a, d, b, a, c, d], k);
  }
}
const mesh = new TriangleMesh(vertices, indices);
// rapier: (N−1) × (N−1) cells, heights column-major (row i, column j at i + j·N).
const colMajor = new Float32Array(N * N);
for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) colMajor[i + j * N] = heights[i * N + j];
const rw = new RAPIER.World({ x: 0, y: 0, z: 0 });
// (The collider's own methods: a Shape's (rField.shape.castRay) sends the whole field into WASM on every
// call, 66,000 heights: 95 µs a ray.)
const rField = rw.createCollider(RAPIER.ColliderDesc.heightfield(N - 1, N - 1, colMajor, scale));

// The queries.
let seed = 11;
const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const Q = 2000, I = { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } };
interface Ray { o: { x: number; y: number; z: number }; d: { x: number; y: number; z: number }; maxT: number; r: RAPIER.Ray }
const makeRay = (o: Ray['o'], d: Ray['d'], maxT: number): Ray => ({ o, d, maxT, r: new RAPIER.Ray(o, d) });
const inside = () => (rnd() - 0.5) * (SIZE - 8);
const ground: Ray[] = [], slant: Ray[] = [], miss: Ray[] = [];
for (let k = 0; k < Q; k++) {
  const x = inside(), z = inside();
  ground.push(makeRay({ x, y: surface(x, z) + 10, z }, { x: 0, y: -1, z: 0 }, 100));
  const a = rnd() * 2 * Math.PI, e = (20 + 40 * rnd()) * Math.PI / 180;
  slant.push(makeRay({ x, y: surface(x, z) + 3 + 5 * rnd(), z }, { x: Math.cos(a) * Math.cos(e), y: -Math.sin(e), z: Math.sin(a) * Math.cos(e) }, 60));
  miss.push(makeRay({ x, y: 50, z }, { x: 0, y: 1, z: 0 }, 100));
}
const shapes: [ConvexShape, RAPIER.Shape][] = [
  [new Sphere(0.5), new RAPIER.Ball(0.5)], [new Capsule(0.4, 0.3), new RAPIER.Capsule(0.4, 0.3)], [new Box(0.4, 0.3, 0.5), new RAPIER.Cuboid(0.4, 0.3, 0.5)],
];
const bodies = Array.from({ length: Q }, (_, k) => {
  const x = inside(), z = inside(), q = [rnd() - 0.5, rnd() - 0.5, rnd() - 0.5, rnd() - 0.5], l = Math.hypot(...q);
  const quaternion = { x: q[0] / l, y: q[1] / l, z: q[2] / l, w: q[3] / l };
  return { k: k % 3, pose: { position: { x, y: surface(x, z) + 0.8 * (rnd() - 0.5) + 0.3, z }, quaternion } };
});

// The sides: each answers every query of a kind and returns a checksum.
const hit = createRayHit(), con = createContactResult();
const ours = (shape: HeightField | TriangleMesh) => ({
  ground: () => { let s = 0; for (const r of ground) { const h = rayCast(shape, I, r.o, r.d, hit, { maxT: r.maxT }); if (h) s += h.t; } return s; },
  slant: () => { let s = 0; for (const r of slant) { const h = rayCast(shape, I, r.o, r.d, hit, { maxT: r.maxT }); if (h) s += h.t; } return s; },
  miss: () => { let s = 0; for (const r of miss) { const h = rayCast(shape, I, r.o, r.d, hit, { maxT: r.maxT }); if (h) s += h.t; } return s; },
  contact: () => { let s = 0; for (const b of bodies) s += Math.min(contact(shapes[b.k][0], b.pose, shape, I, con).separation, 0.6); return s; },
});
const rapier = {
  ground: () => { let s = 0; for (const r of ground) { const t = rField.castRay(r.r, r.maxT, true); if (t >= 0) s += t; } return s; },
  slant: () => { let s = 0; for (const r of slant) { const t = rField.castRay(r.r, r.maxT, true); if (t >= 0) s += t; } return s; },
  miss: () => { let s = 0; for (const r of miss) { const t = rField.castRay(r.r, r.maxT, true); if (t >= 0) s += t; } return s; },
  contact: () => { let s = 0; for (const b of bodies) { const c = rField.contactShape(shapes[b.k][1], b.pose.position, b.pose.quaternion, 0.6); s += c ? Math.min(c.distance, 0.6) : 0.6; } return s; },
};
const sides = { field: ours(field), mesh: ours(mesh), rapier };
type Kind = 'ground' | 'slant' | 'miss' | 'contact';
const kinds = (process.argv[3] ?? 'ground,slant,miss,contact').split(',') as Kind[];
for (const kind of kinds) if (!(kind in rapier)) throw new Error(`unknown kind ${kind}; expected ground, slant, miss or contact`);
const times: Record<string, number[]> = {}, sums: Record<string, number> = {};
for (let r = 0; r <= rounds; r++) {
  // Alternating the order of the sides round by round.
  const order = r % 2 === 0 ? (['field', 'mesh', 'rapier'] as const) : (['rapier', 'mesh', 'field'] as const);
  for (const kind of kinds) {
    for (const side of order) {
      const t = process.hrtime.bigint();
      const sum = sides[side][kind]();
      const us = Number(process.hrtime.bigint() - t) / 1000 / Q;
      if (r > 0) (times[`${side} ${kind}`] ??= []).push(us);
      sums[`${side} ${kind}`] = sum;
    }
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(`${field.triangleCount} triangles (${N} × ${N} samples), ${Q} queries a kind, median of ${rounds} rounds`);
console.log('| query | field µs | mesh µs | mesh ÷ field (target ≥ 1) | rapier µs | rapier ÷ field (target ≥ 3) | mean answer: field / mesh / rapier |');
console.log('|---|---|---|---|---|---|---|');
for (const kind of kinds) {
  const f = median(times[`field ${kind}`]), m = median(times[`mesh ${kind}`]), x = median(times[`rapier ${kind}`]);
  const mean = (side: string) => (sums[`${side} ${kind}`] / Q).toFixed(4);
  console.log(`| ${kind} | ${f.toFixed(2)} | ${m.toFixed(2)} | ${(m / f).toFixed(2)} | ${x.toFixed(2)} | ${(x / f).toFixed(2)} | ${mean('field')} / ${mean('mesh')} / ${mean('rapier')} |`);
}

// The build of a 1024 × 1024 field (a copy of its heights, each row's and column's range).
const big = new Float32Array(1024 * 1024);
for (let k = 0; k < big.length; k++) big[k] = surface(k % 1024, k >> 10);
const builds: number[] = [];
let built: HeightField | null = null;
for (let r = 0; r < 7; r++) {
  const t = process.hrtime.bigint();
  built = new HeightField(1024, 1024, big, { x: 1024, y: 1, z: 1024 });
  builds.push(Number(process.hrtime.bigint() - t) / 1e6);
}
const bytes = built!.heights.byteLength + 8 * (built!.xs.length + built!.zs.length + 2 * built!.rowLow.length + 2 * built!.colLow.length);
console.log(`1024 × 1024 field: built in ${median(builds).toFixed(1)} ms (median of 7; target < 50), ${(bytes / 2 ** 20).toFixed(2)} MB (its heights as float64 and O(rows + cols)); the same triangles as a TriangleMesh: ${((mesh.vertices.byteLength + mesh.triangles.byteLength + mesh.adjacency.byteLength) / mesh.triangleCount * 2 * 1023 * 1023 / 2 ** 20).toFixed(0)} MB before its hierarchy`);
