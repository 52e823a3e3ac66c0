/**
 * The world's `update()` against `await updateAsync()` on a BatchPool, in one process, alternating the
 * two sides step by step on the world bench's scene (bench/world-scene.ts): the speed-up threads give, and
 * where an update's time goes (broad phase, the narrow phase's passes, this thread's share, the wait for
 * the workers, the settling) as measured by wrapping the phases.
 *
 *   node --expose-gc --import tsx bench/world-threads-ab.ts [bodies=1000] [steps=100] [workers=1] [manifolds=0]
 */
import { BatchPool } from '../src/threads/index.js';
import { buildOurWorld } from './peers/world-ours.js';
import { makeWorldScene, posesAt } from './world-scene.js';

const n = Number(process.argv[2] ?? 1000), steps = Number(process.argv[3] ?? 100), workers = Number(process.argv[4] ?? 1);
const manifolds = process.argv[5] === '1';
const scene = makeWorldScene(`${n}`, n);
const start = new Float64Array(7 * n);
posesAt(scene, 0, start);
const pool = await BatchPool.create({ threads: workers });
const margin = 0.02;
const plain = buildOurWorld(scene, start, margin, manifolds), threaded = buildOurWorld(scene, start, margin, manifolds, pool);
const poses = new Float64Array(7 * n);
const p = { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } };
function setPoses(w: typeof plain, t: number): void {
  posesAt(scene, t, poses, 0, n);
  for (let i = 0; i < n; i++) {
    const o = 7 * i;
    p.position.x = poses[o]; p.position.y = poses[o + 1]; p.position.z = poses[o + 2];
    p.quaternion.x = poses[o + 3]; p.quaternion.y = poses[o + 4]; p.quaternion.z = poses[o + 5]; p.quaternion.w = poses[o + 6];
    w.world.setPose(w.handles[i], p);
  }
}
const now = (): number => Number(process.hrtime.bigint()) / 1e6;
const times: [number[], number[]] = [[], []];
for (let t = 1; t <= steps + 20; t++) {
  for (const side of t % 2 === 0 ? [0, 1] : [1, 0]) {
    const w = side === 0 ? plain : threaded;
    setPoses(w, t);
    const t0 = now();
    if (side === 0) w.world.update(); else await w.world.updateAsync();
    const dt = now() - t0;
    if (t > 20) times[side].push(dt);
  }
  if (plain.world.contactCount !== threaded.world.contactCount) throw new Error(`step ${t}: contacts ${plain.world.contactCount} and ${threaded.world.contactCount}`);
}
const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };
const a = median(times[0]), b = median(times[1]);
console.log(`${n} bodies, manifolds ${manifolds}, ${workers} worker(s): update() ${a.toFixed(3)} ms, updateAsync() ${b.toFixed(3)} ms (median of ${steps}), update ÷ updateAsync ${(a / b).toFixed(2)}; contacts ${plain.world.contactCount}`);
await pool.terminate();
