/**
 * BatchPool in a headless Chromium: the page (test/e2e/threads-page) is built by Vite as a user's app
 * would build it (the worker found through `new Worker(new URL(…, import.meta.url))`), served twice, once
 * cross-origin isolated (SharedArrayBuffer: the shared-memory path) and once not (the copying path); each
 * time a pool of two module Web Workers answers a batch of box, sphere, capsule and hull pairs, and every
 * answer must equal this process's distanceBatch and contactBatch, bit for bit; then a world of the same
 * bodies, with manifolds, steps by `updateAsync` on the workers, and every step's contacts and manifold
 * points must equal `update()`'s here, bit for bit (threads-page/world-steps.ts: the script both run).
 */
import { fileURLToPath } from 'node:url';
import type { InlineConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Box, Capsule, CollisionWorld, contactBatch, ConvexHull, distanceBatch, Sphere, type Shape } from '../../src/index.js';
import { worldSteps } from './threads-page/world-steps.js';
import { mulberry32 } from '../random.js';
import { buildPage, openPage, type Cleanups } from './built-page.js';

const ROOT = fileURLToPath(new URL('./threads-page/', import.meta.url));
const src = (path: string): string => fileURLToPath(new URL(`../../src/${path}`, import.meta.url));
const CONFIG: InlineConfig = {
  root: ROOT, base: './', configFile: false, logLevel: 'warn',
  resolve: {
    alias: [
      { find: /^convex-collide$/, replacement: src('index.ts') },
      { find: /^convex-collide\/threads$/, replacement: src('threads/index.ts') },
    ],
  },
  build: { target: 'esnext' },
  worker: { format: 'es' },
};
const ISOLATED = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

interface Input { shapes: { kind: string; params: number[] }[]; poses: number[]; pairs: number[] }

/** Bodies of four kinds at random poses near each other, and pairs among them. */
function input(): Input {
  const rnd = mulberry32(2112);
  const u = (a: number, b: number) => a + (b - a) * rnd();
  const shapes: Input['shapes'] = [], poses: number[] = [], pairs: number[] = [];
  const hull: number[] = [];
  for (let k = 0; k < 30; k++) hull.push(u(-0.5, 0.5), u(-0.5, 0.5), u(-0.5, 0.5));
  for (let i = 0; i < 400; i++) {
    const kind = ['box', 'sphere', 'capsule', 'hull'][i % 4];
    shapes.push({ kind, params: kind === 'box' ? [u(0.2, 0.5), u(0.2, 0.5), u(0.2, 0.5)] : kind === 'sphere' ? [u(0.2, 0.5)] : kind === 'capsule' ? [u(0.1, 0.4), u(0.1, 0.3)] : hull });
    let x = u(-1, 1), y = u(-1, 1), z = u(-1, 1), w = u(-1, 1);
    const n = Math.hypot(x, y, z, w); x /= n; y /= n; z /= n; w /= n;
    poses.push(u(0, 6), u(0, 6), u(0, 6), x, y, z, w);
  }
  for (let i = 0; i < 400; i++) for (let j = i + 1; j < i + 6 && j < 400; j++) pairs.push(i, j);
  return { shapes, poses, pairs };
}

function shapeOf(s: { kind: string; params: number[] }): Shape {
  const p = s.params;
  if (s.kind === 'box') return new Box(p[0], p[1], p[2]);
  if (s.kind === 'sphere') return new Sphere(p[0]);
  if (s.kind === 'capsule') return new Capsule(p[0], p[1]);
  return new ConvexHull(p);
}

describe('BatchPool in a browser', () => {
  const cleanups: Cleanups = [];
  let outDir = '';
  beforeAll(async () => { outDir = await buildPage(CONFIG, cleanups); }, 300_000);
  afterAll(async () => { for (const f of cleanups.reverse()) await f(); });

  for (const isolated of [true, false]) {
    it(`two module Web Workers answer as this process does, bit for bit (${isolated ? 'shared memory' : 'copies'})`, async () => {
      const { page, errors } = await openPage(CONFIG, outDir, cleanups, isolated ? ISOLATED : {});
      const data = input();
      type Reply = { distance: number[]; contact: number[]; threads: number; shared: boolean };
      const got = await page.evaluate((i) => (window as unknown as { runBatch(i: Input): Promise<Reply> }).runBatch(i), data);
      expect(errors).toEqual([]);
      expect(got.threads).toBe(2);
      expect(got.shared).toBe(isolated);
      const shapes = data.shapes.map(shapeOf), poses = Float64Array.from(data.poses), pairs = Int32Array.from(data.pairs);
      expect(got.distance).toEqual(Array.from(distanceBatch(shapes, poses, pairs)));
      expect(got.contact).toEqual(Array.from(contactBatch(shapes, poses, pairs)));
      // Both kinds of pair are among them (1,990 pairs: 18 touching with this seed).
      expect(got.distance.filter((d) => d === 0).length).toBeGreaterThan(10);
      expect(got.distance.filter((d) => d > 0).length).toBeGreaterThan(1000);
      // A world of the same bodies, denser, with manifolds: updateAsync on the workers there, update() here.
      type WorldReply = { steps: number[][]; shares: number };
      const world = await page.evaluate((i) => (window as unknown as { runWorld(i: Input, n: number): Promise<WorldReply> }).runWorld(i, 4), data);
      expect(errors).toEqual([]);
      expect(world.shares).toBe(3);
      const here = new CollisionWorld({ margin: 0.02, manifolds: true });
      const want = await worldSteps(here, shapes, data.poses, 4, () => here.update());
      expect(want[3][0]).toBeGreaterThan(50);
      expect(world.steps).toEqual(want);
    }, 300_000);
  }
});
