/**
 * The world script of test/e2e/threads-browser.e2e.ts, run by its page (`updateAsync` on two module Web
 * Workers) and by the test in Node (`update()`): the bodies added at 0.7 of the batch's positions (dense
 * enough for the workers to get pairs), then per step every body drifts a little, the world updates, and
 * the step's contacts and manifold points are recorded as numbers.
 */
import type { CollisionWorld, Shape } from 'convex-collide';

export async function worldSteps(world: CollisionWorld, shapes: readonly Shape[], p: readonly number[], steps: number, update: () => Promise<void> | void): Promise<number[][]> {
  // (No Math.sin here: the browser's and Node's may differ in the last bit, and so would every pose.)
  const pose = (i: number, s: number) => ({
    position: { x: 0.7 * p[7 * i] + 0.004 * s * ((i % 7) - 3), y: 0.7 * p[7 * i + 1], z: 0.7 * p[7 * i + 2] + 0.005 * s * ((i % 5) - 2) },
    quaternion: { x: p[7 * i + 3], y: p[7 * i + 4], z: p[7 * i + 5], w: p[7 * i + 6] },
  });
  const handles = shapes.map((s, i) => world.add(s, pose(i, 0)));
  const out: number[][] = [];
  for (let s = 1; s <= steps; s++) {
    handles.forEach((h, i) => world.setPose(h, pose(i, s)));
    await update();
    const row: number[] = [world.contactCount];
    for (let i = 0; i < world.contactCount; i++) {
      const c = world.contact(i);
      row.push(c.a, c.b, c.separation, c.normal.x, c.normal.y, c.normal.z, c.pointA.x, c.pointB.z, c.iterations);
      const list = world.manifolds(i);
      for (let k = 0; k < list.count; k++) {
        const m = list.manifolds[k];
        row.push(m.count);
        for (let q = 0; q < m.count; q++) row.push(m.points[q].separation, m.points[q].id);
      }
    }
    out.push(row);
  }
  return out;
}
