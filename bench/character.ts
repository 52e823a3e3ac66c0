/**
 * The character controller (issue 35's target): `CharacterController.move` against rapier's
 * `KinematicCharacterController.computeColliderMovement` on the same level and the same scripted walk, in
 * one process, the sides alternating round by round.
 *
 *   node --import tsx bench/character.ts [rounds=5] [mesh|field]
 *
 * The level: a terrain of 100,352 triangles (a TriangleMesh and rapier's trimesh, or with `field` a
 * HeightField and rapier's heightfield: the same samples and diagonals) (a 225 × 225 grid of gentle waves, 0.5 apart), a wall, a
 * 0.2 step and a 30° ramp, all static; a capsule (half height 0.5, radius 0.3) walks a seeded script of
 * 2,000 frames (a direction that turns slowly, wandering about the centre, 0.08 a frame, gravity 0.05 a
 * frame), both controllers with an
 * offset of 0.01, climb and slide angles of π/4, autostep (0.3, 0.1) and snap-to-ground 0.2. Prints the
 * median µs a move of each side and their ratio, and how often the two agree on `grounded` and how far
 * apart their characters end (their methods differ in detail: a check that both walk the same level, not
 * an oracle).
 */
import RAPIER from '@dimforge/rapier3d-compat';
import { Box, Capsule, CharacterController, CollisionWorld, createCharacterMove, HeightField, TriangleMesh } from '../src/index.js';

const rounds = Number(process.argv[2] ?? 5), asField = process.argv[3] === 'field';
await RAPIER.init();

// The terrain.
const N = 225, step = 0.5, half = ((N - 1) * step) / 2;
const vertices = new Float32Array(3 * N * N);
for (let i = 0; i < N; i++) {
  for (let j = 0; j < N; j++) {
    const x = j * step - half, z = i * step - half;
    vertices.set([x, 0.3 * Math.sin(x * 0.15) * Math.cos(z * 0.11), z], 3 * (i * N + j));
  }
}
const indices = new Uint32Array(6 * (N - 1) * (N - 1));
let k = 0;
for (let i = 0; i < N - 1; i++) {
  for (let j = 0; j < N - 1; j++) {
    const a = i * N + j, b = a + 1, c = a + N, d = c + 1;
    indices.set([a, c, d, a, d, b], k); k += 6;
  }
}
const at = (x: number, y: number, z: number, q = { x: 0, y: 0, z: 0, w: 1 }) => ({ position: { x, y, z }, quaternion: q });
const ramp = { x: -Math.sin(Math.PI / 12), y: 0, z: 0, w: Math.cos(Math.PI / 12) };
const boxes: { h: [number, number, number]; p: [number, number, number]; q?: typeof ramp }[] = [
  { h: [0.5, 2, 8], p: [12, 2, 0] },
  { h: [2, 0.1, 2], p: [-8, 0.35, 6] },
  { h: [2, 0.05, 4], p: [0, 1.5, -14], q: ramp },
];

// Ours.
const world = new CollisionWorld();
const heights = new Float64Array(N * N), colMajor = new Float32Array(N * N);
for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) { heights[i * N + j] = vertices[3 * (i * N + j) + 1]; colMajor[i + j * N] = vertices[3 * (i * N + j) + 1]; }
world.add(asField ? new HeightField(N, N, heights, { x: 2 * half, y: 1, z: 2 * half }) : new TriangleMesh(vertices, Int32Array.from(indices)), at(0, 0, 0), { static: true });
for (const b of boxes) world.add(new Box(...b.h), at(...b.p, b.q), { static: true });
const ours = new CharacterController(world, { offset: 0.01, autostep: { maxHeight: 0.3, minWidth: 0.1 }, snapToGround: 0.2 });
const capsule = new Capsule(0.5, 0.3);

// rapier.
const rw = new RAPIER.World({ x: 0, y: 0, z: 0 });
rw.createCollider(asField ? RAPIER.ColliderDesc.heightfield(N - 1, N - 1, colMajor, { x: 2 * half, y: 1, z: 2 * half }) : RAPIER.ColliderDesc.trimesh(vertices, indices));
for (const b of boxes) {
  const d = RAPIER.ColliderDesc.cuboid(...b.h).setTranslation(...b.p);
  if (b.q) d.setRotation(b.q);
  rw.createCollider(d);
}
const character = rw.createCollider(RAPIER.ColliderDesc.capsule(0.5, 0.3).setTranslation(0, 2, 0));
const rc = rw.createCharacterController(0.01);
rc.enableAutostep(0.3, 0.1, true);
rc.enableSnapToGround(0.2);
rc.setMaxSlopeClimbAngle(Math.PI / 4);
rc.setMinSlopeSlideAngle(Math.PI / 4);
rw.step();

// The script.
const FRAMES = 2000;
const script: { x: number; y: number; z: number }[] = [];
let heading = 0, seed = 5;
const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
for (let f = 0; f < FRAMES; f++) {
  // A wandering circle of radius about 20 about the centre (it stays on the terrain), through the wall,
  // the step and the ramp's foot now and then.
  heading += 0.004 + (rnd() - 0.5) * 0.1;
  script.push({ x: 0.08 * Math.cos(heading), y: -0.05, z: 0.08 * Math.sin(heading) });
}

function runOurs(): { us: number; grounded: boolean[]; end: number[] } {
  const p = { x: 0, y: 2, z: 0 }, out = createCharacterMove(), grounded: boolean[] = [];
  const pose = { position: p, quaternion: { x: 0, y: 0, z: 0, w: 1 } };
  const t = process.hrtime.bigint();
  for (const d of script) {
    const m = ours.move(capsule, pose, d, out);
    p.x += m.translation.x; p.y += m.translation.y; p.z += m.translation.z;
    grounded.push(m.grounded);
  }
  return { us: Number(process.hrtime.bigint() - t) / 1000 / FRAMES, grounded, end: [p.x, p.y, p.z] };
}

function runRapier(): { us: number; grounded: boolean[]; end: number[] } {
  character.setTranslation({ x: 0, y: 2, z: 0 });
  rw.step();
  const grounded: boolean[] = [];
  const t = process.hrtime.bigint();
  for (const d of script) {
    rc.computeColliderMovement(character, d);
    const m = rc.computedMovement(), p = character.translation();
    character.setTranslation({ x: p.x + m.x, y: p.y + m.y, z: p.z + m.z });
    grounded.push(rc.computedGrounded());
  }
  const p = character.translation();
  return { us: Number(process.hrtime.bigint() - t) / 1000 / FRAMES, grounded, end: [p.x, p.y, p.z] };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const a: number[] = [], b: number[] = [];
let last: [ReturnType<typeof runOurs>, ReturnType<typeof runRapier>] | null = null;
for (let r = 0; r < rounds + 1; r++) {
  const o = runOurs(), x = runRapier();
  if (r === 0) continue; // warm-up
  a.push(o.us); b.push(x.us); last = [o, x];
}
const [o, x] = last!;
const agree = o.grounded.filter((g, i) => g === x.grounded[i]).length;
const apart = Math.hypot(o.end[0] - x.end[0], o.end[1] - x.end[1], o.end[2] - x.end[2]);
console.log(`${indices.length / 3} terrain triangles (${asField ? 'height fields' : 'meshes'}), ${FRAMES} frames`);
console.log(`ours ${median(a).toFixed(1)} µs a move, rapier ${median(b).toFixed(1)} µs (÷ ours ${(median(b) / median(a)).toFixed(2)}); grounded agrees on ${agree} of ${FRAMES} frames; ends ${apart.toFixed(3)} apart`);
console.log(`ours grounded ${o.grounded.filter(Boolean).length}, rapier ${x.grounded.filter(Boolean).length}; ends at (${o.end.map((v) => v.toFixed(2)).join(', ')}) and (${x.end.map((v) => v.toFixed(2)).join(', ')})`);
