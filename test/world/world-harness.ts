/**
 * Shared by the world's tests: the shapes and poses bodies are made of, random operation sequences
 * (fast-check), a model of the bodies (what the world was told), and brute-force oracles over all pairs.
 */
import fc from 'fast-check';
import { Box, Capsule, Compound, ConvexHull, HeightField, Sphere, TriangleMesh, contact, type Shape } from '../../src/index.js';
import type { CollisionWorld } from '../../src/world/collision-world.js';
import type { PairSet } from '../../src/bvh/pair-set.js';

export const at = (x: number, y: number, z: number, q = { x: 0, y: 0, z: 0, w: 1 }) => ({ position: { x, y, z }, quaternion: q });
export type TestPose = ReturnType<typeof at>;

export const quat = fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: 0.1, max: 1, noNaN: true }))
  .map(([x, y, z, w]) => { const l = Math.hypot(x, y, z, w); return { x: x / l, y: y / l, z: z / l, w: w / l }; });
// Crowded (most pairs' fat boxes overlap from the start) and sparse (a move makes pairs that did not exist).
const coordinate = fc.oneof(fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -12, max: 12, noNaN: true }));
export const poseArb = fc.tuple(coordinate, coordinate, coordinate, quat).map(([x, y, z, q]) => at(x, y, z, q));

/** A small bent sheet of four triangles (a mesh: two-sided, with inner edges). */
const sheet = new TriangleMesh(
  [{ x: -1, y: 0, z: -1 }, { x: 1, y: 0, z: -1 }, { x: 1, y: 0.3, z: 1 }, { x: -1, y: 0, z: 1 }, { x: 0, y: 0.2, z: 0 }],
  [0, 1, 4, 1, 2, 4, 2, 3, 4, 3, 0, 4],
);

export const SHAPES: Shape[] = [
  new Box(0.6, 0.4, 0.5), new Sphere(0.7), new Capsule(0.5, 0.3),
  new ConvexHull([{ x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, { x: 0, y: 1, z: 0 }, { x: 0, y: 0, z: 1 }, { x: 0.7, y: 0.7, z: 0.7 }]),
  new Compound([{ shape: new Box(0.8, 0.1, 0.4), pose: at(0, 0.5, 0) }, { shape: new Sphere(0.3), pose: at(0.6, 0, 0) }]),
  sheet,
  // A small height field with a hole at a corner sample (found through its grid, not a hierarchy).
  new HeightField(4, 5, [0, 0.2, 0.1, 0, Number.NaN, 0.1, 0.4, 0.3, 0.2, 0, 0, 0.3, 0.5, 0.1, 0, 0, 0, 0.2, 0.1, 0], { x: 2, y: 1, z: 1.6 }),
];

export type Op =
  | { kind: 'add'; shape: number; pose: TestPose; isStatic: boolean; group: number }
  | { kind: 'move'; which: number; pose: TestPose }
  | { kind: 'nudge'; which: number; dx: number }
  | { kind: 'remove'; which: number }
  | { kind: 'update' };
export const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('add' as const), shape: fc.nat(SHAPES.length - 1), pose: poseArb, isStatic: fc.boolean(), group: fc.constantFrom(1, 2, 3) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('move' as const), which: fc.nat(), pose: poseArb }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('nudge' as const), which: fc.nat(), dx: fc.double({ min: -0.2, max: 0.2, noNaN: true }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), which: fc.nat() }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'update' as const }) },
);

export interface Body { shape: Shape; pose: TestPose; isStatic: boolean; group: number; mask: number }
export const key = (a: number, b: number) => (a < b ? `${a},${b}` : `${b},${a}`);

/** A body's slot (handles are generation · 2^22 + slot). */
export const slotOf = (handle: number) => handle % (1 << 22);
/** The world's pair set (internal: for checking removals against a scan of every pair). */
export const pairsOf = (world: CollisionWorld) => (world as unknown as { narrow: { pairs: PairSet } }).narrow.pairs;

/**
 * Applies `op` to the world and to the model `bodies`; `onRemove(handle)` runs just before a removal,
 * `onUpdate()` just after an update.
 */
export function apply(world: CollisionWorld, bodies: Map<number, Body>, op: Op, hooks: { onRemove?: (h: number) => void; onUpdate?: () => void } = {}): void {
  const handles = [...bodies.keys()];
  if (op.kind === 'add') {
    // Groups 1, 2, 3 with masks that leave group 2 out of group 1's pairs.
    const mask = op.group === 1 ? ~2 : -1;
    const h = world.add(SHAPES[op.shape], op.pose, { static: op.isStatic, group: op.group, mask });
    bodies.set(h, { shape: SHAPES[op.shape], pose: op.pose, isStatic: op.isStatic, group: op.group, mask });
  } else if (op.kind === 'move' && handles.length > 0) {
    const h = handles[op.which % handles.length];
    world.setPose(h, op.pose);
    bodies.get(h)!.pose = op.pose;
  } else if (op.kind === 'nudge' && handles.length > 0) {
    // A small move: it stays inside the fat box, and the world must still see it.
    const h = handles[op.which % handles.length], b = bodies.get(h)!;
    const pose = at(b.pose.position.x + op.dx, b.pose.position.y, b.pose.position.z, b.pose.quaternion);
    world.setPose(h, pose);
    b.pose = pose;
  } else if (op.kind === 'remove' && handles.length > 0) {
    const h = handles[op.which % handles.length];
    hooks.onRemove?.(h);
    world.remove(h);
    bodies.delete(h);
  } else if (op.kind === 'update') {
    world.update();
    hooks.onUpdate?.();
  }
}

/**
 * Brute force over every pair of bodies: the pairs whose `contact` separation is within the margin, by
 * key, with the separation (NaN for a pair within 1e-8 of the margin, which may go either way).
 */
export function touchingPairs(bodies: Map<number, Body>, margin: number): Map<string, number> {
  const want = new Map<string, number>();
  const list = [...bodies.entries()];
  for (let i = 0; i < list.length; i++) {
    for (let j = i + 1; j < list.length; j++) {
      const [ha, a] = list[i], [hb, b] = list[j];
      if (a.isStatic && b.isStatic) continue;
      if ((a.group & b.mask) === 0 || (b.group & a.mask) === 0) continue;
      const c = contact(a.shape, a.pose, b.shape, b.pose)!;
      if (Math.abs(c.separation - margin) < 1e-8) { want.set(key(ha, hb), NaN); continue; }
      if (c.separation <= margin) want.set(key(ha, hb), c.separation);
    }
  }
  return want;
}
