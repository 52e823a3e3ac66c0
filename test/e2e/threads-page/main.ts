/**
 * The page of test/e2e/threads-browser.e2e.ts: a BatchPool of two module Web Workers, built by Vite as a
 * user's app would build it, answers a batch the test sends (window.runBatch), and reports what it ran on.
 */
import { Box, Capsule, CollisionWorld, ConvexHull, Sphere, type Shape, type WorldThreads } from 'convex-collide';
import { BatchPool } from 'convex-collide/threads';
import { worldSteps } from './world-steps.js';

interface Input { shapes: { kind: string; params: number[] }[]; poses: number[]; pairs: number[] }

function shapeOf(s: { kind: string; params: number[] }): Shape {
  const p = s.params;
  if (s.kind === 'box') return new Box(p[0], p[1], p[2]);
  if (s.kind === 'sphere') return new Sphere(p[0]);
  if (s.kind === 'capsule') return new Capsule(p[0], p[1]);
  return new ConvexHull(p);
}

declare global {
  interface Window {
    runBatch(input: Input): Promise<{ distance: number[]; contact: number[]; threads: number; shared: boolean }>;
    runWorld(input: Input, steps: number): Promise<{ steps: number[][]; shares: number }>;
  }
}

/**
 * A world of the input's bodies, with manifolds, stepped `steps` times (every body drifts a little each
 * step) by `updateAsync` on a pool of two workers; each step's contacts and manifold points as numbers
 * (worldSteps in threads-browser.e2e.ts makes the same with `update()`), and the most shares a step used.
 */
window.runWorld = async (input, steps) => {
  const pool = await BatchPool.create({ threads: 2 });
  let shares = 0;
  // The pool, watched: how many threads each step's narrow phase was shared among.
  const watched = { threads: pool.threads, sharesMemory: pool.sharesMemory, narrowPhase: (job: { shares: number }) => { shares = Math.max(shares, job.shares); return pool.narrowPhase(job as never); } };
  try {
    const world = new CollisionWorld({ margin: 0.02, manifolds: true, threads: watched as unknown as WorldThreads });
    const out = await worldSteps(world, input.shapes.map(shapeOf), input.poses, steps, () => world.updateAsync());
    return { steps: out, shares };
  } finally {
    await pool.terminate();
  }
};


window.runBatch = async (input) => {
  const pool = await BatchPool.create({ threads: 2 });
  try {
    pool.setShapes(input.shapes.map(shapeOf));
    const poses = Float64Array.from(input.poses), pairs = Int32Array.from(input.pairs);
    const [distance, contact] = await Promise.all([pool.distance(poses, pairs), pool.contact(poses, pairs)]);
    return { distance: Array.from(distance), contact: Array.from(contact), threads: pool.threads, shared: globalThis.crossOriginIsolated === true };
  } finally {
    await pool.terminate();
  }
};
document.body.dataset.ready = 'true';
