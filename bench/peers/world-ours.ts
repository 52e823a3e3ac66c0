/**
 * Our engines for the collision-world benchmark (bench/world.bench.ts):
 *
 * - `CollisionWorld`: every body added once (`add(shape, pose, { static })`), then per step `setPose` for
 *   each moving body (one pose record, refilled) and `update()`; the contact pairs are `contactCount`.
 *   With `manifolds`, the world keeps every touching pair's contact manifold too.
 * - the brute-force floor: per step each body's box by `computeAabb`, every pair's boxes (grown by the
 *   margin) tested, and `contact(…, { maxDistance: margin })` on the pairs whose boxes meet. No cache,
 *   no tree: what the world must beat.
 */
import { Box, Capsule, CollisionWorld, computeAabb, contact, ConvexHull, createAabb, createContactResult, Sphere, type Shape } from '../../src/index.js';
import type { BatchPool } from '../../src/threads/index.js';
import type { PaletteShape, WorldScene } from '../world-scene.js';
import type { WorldEngine, WorldEngineFactory } from './world-common.js';

const paletteShapes = new Map<PaletteShape[], Shape[]>();

/** The palette's shapes, made once and shared by every body (and by both our engines). */
export function ourPalette(palette: PaletteShape[]): Shape[] {
  let shapes = paletteShapes.get(palette);
  if (!shapes) {
    shapes = palette.map((p): Shape => {
      const q = p.params;
      if (p.kind === 'box') return new Box(q[0], q[1], q[2]);
      if (p.kind === 'sphere') return new Sphere(q[0]);
      if (p.kind === 'capsule') return new Capsule(q[0], q[1]);
      return new ConvexHull(q);
    });
    paletteShapes.set(palette, shapes);
  }
  return shapes;
}

interface MutablePose { position: { x: number; y: number; z: number }; quaternion: { x: number; y: number; z: number; w: number } }

function pose(): MutablePose {
  return { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } };
}

function readPose(out: MutablePose, p: Float64Array, i: number): MutablePose {
  const o = 7 * i, a = out.position, q = out.quaternion;
  a.x = p[o]; a.y = p[o + 1]; a.z = p[o + 2];
  q.x = p[o + 3]; q.y = p[o + 4]; q.z = p[o + 5]; q.w = p[o + 6];
  return out;
}

/** Builds our world for a scene (exported for the memory measurement and the profile). */
export function buildOurWorld(scene: WorldScene, poses: Float64Array, margin: number, manifolds = false, threads?: BatchPool): { world: CollisionWorld; handles: Int32Array } {
  const shapes = ourPalette(scene.palette);
  const world = new CollisionWorld({ margin, manifolds, threads });
  const n = scene.moving + scene.statics;
  const handles = new Int32Array(n);
  const p = pose();
  for (let i = 0; i < n; i++) handles[i] = world.add(shapes[scene.shapeOf[i]], readPose(p, poses, i), { static: i >= scene.moving });
  return { world, handles };
}

export function ourWorldEngine(manifolds: boolean): WorldEngineFactory {
  return (scene, poses, margin): WorldEngine => {
    const { world, handles } = buildOurWorld(scene, poses, margin, manifolds);
    const p = pose(), moving = scene.moving;
    return {
      lib: manifolds ? 'convex-collide (manifolds)' : 'convex-collide',
      ours: !manifolds,
      note: manifolds
        ? '`new CollisionWorld({ margin, manifolds: true })`: as above, and each touching pair\'s contact manifold (up to 4 points)'
        : '`setPose` per moving body, then `update()`: refit, new pairs from the dynamic and static trees, `contact` on every pair whose fat boxes meet (one deepest or closest point per pair, float64)',
      setPoses(ps) {
        for (let i = 0; i < moving; i++) world.setPose(handles[i], readPose(p, ps, i));
      },
      step() { world.update(); },
      contactPairs: () => world.contactCount,
    };
  };
}

/**
 * Our world with the narrow phase shared with `pool`'s workers: `await world.updateAsync()` per step
 * (this thread runs a share too). The same answers as `update()`, bit for bit.
 */
export function ourThreadedEngine(pool: BatchPool, manifolds: boolean): WorldEngineFactory {
  return (scene, poses, margin): WorldEngine => {
    const { world, handles } = buildOurWorld(scene, poses, margin, manifolds, pool);
    const p = pose(), moving = scene.moving;
    const threads = `${pool.threads} worker${pool.threads === 1 ? '' : 's'} + this thread`;
    return {
      lib: `convex-collide${manifolds ? ' (manifolds)' : ''}, ${threads}`,
      note: `\`new CollisionWorld({ margin, threads: pool })\`${manifolds ? ' with manifolds' : ''}, \`await world.updateAsync()\`: the narrow phase on ${threads}`,
      setPoses(ps) {
        for (let i = 0; i < moving; i++) world.setPose(handles[i], readPose(p, ps, i));
      },
      step: () => world.updateAsync(),
      contactPairs: () => world.contactCount,
    };
  };
}

export const bruteForceEngine: WorldEngineFactory = (scene, poses, margin) => {
  const shapes = ourPalette(scene.palette);
  const n = scene.moving + scene.statics, moving = scene.moving;
  const bodyShapes: Shape[] = [], bodyPoses: MutablePose[] = [];
  for (let i = 0; i < n; i++) { bodyShapes.push(shapes[scene.shapeOf[i]]); bodyPoses.push(readPose(pose(), poses, i)); }
  const boxes = new Float64Array(6 * n);
  const box = createAabb(), out = createContactResult(), options = { maxDistance: margin };
  let pairs = 0;
  const boxOf = (i: number): void => {
    computeAabb(bodyShapes[i], bodyPoses[i], box);
    const o = 6 * i;
    boxes[o] = box.min.x - margin; boxes[o + 1] = box.min.y - margin; boxes[o + 2] = box.min.z - margin;
    boxes[o + 3] = box.max.x; boxes[o + 4] = box.max.y; boxes[o + 5] = box.max.z;
  };
  for (let i = moving; i < n; i++) boxOf(i); // static bodies: once
  return {
    lib: 'brute force (convex-collide)',
    note: 'every body\'s `computeAabb`, all n(n − 1)/2 box tests (static–static skipped), `contact` with `maxDistance` on the pairs whose boxes meet',
    setPoses(ps) {
      for (let i = 0; i < moving; i++) readPose(bodyPoses[i], ps, i);
    },
    step() {
      for (let i = 0; i < moving; i++) boxOf(i);
      let count = 0;
      for (let i = 0; i < moving; i++) {
        const o = 6 * i;
        const x0 = boxes[o], y0 = boxes[o + 1], z0 = boxes[o + 2], x1 = boxes[o + 3], y1 = boxes[o + 4], z1 = boxes[o + 5];
        for (let j = i + 1; j < n; j++) {
          const k = 6 * j;
          if (boxes[k] > x1 || boxes[k + 3] < x0 || boxes[k + 1] > y1 || boxes[k + 4] < y0 || boxes[k + 2] > z1 || boxes[k + 5] < z0) continue;
          if (contact(bodyShapes[i], bodyPoses[i], bodyShapes[j], bodyPoses[j], out, options) !== null) count++;
        }
      }
      pairs = count;
    },
    contactPairs: () => pairs,
  };
};
