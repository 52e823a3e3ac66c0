/**
 * The page of test/e2e/threads-browser.e2e.ts: a BatchPool of two module Web Workers, built by Vite as a
 * user's app would build it, answers a batch the test sends (window.runBatch), and reports what it ran on.
 */
import { Box, Capsule, ConvexHull, Sphere, type Shape } from 'convex-collide';
import { BatchPool } from 'convex-collide/threads';

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
  }
}

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
