/**
 * The world's manifolds against the manifold queries computed fresh for the same poses, after random
 * sequences of adds, moves, removals and updates (fast-check).
 *
 * A pair with a compound or a mesh: `contactManifolds` keeps no cache, so the world's list equals a fresh
 * call's bit for bit. A convex pair: the world warm-starts `contactManifold` with the pair's ManifoldCache,
 * which may (by design, manifold-cache.ts) change the contact query's iterate within tolerance, keep the
 * last reference face where two faces are equally good, and return the last answer moved when the relative
 * pose is unchanged to the bit. So a convex pair is held to what does not depend on those choices: it has a
 * manifold exactly when the fresh query does (but within 1e-8 of the margin), the deepest point's
 * separation equals the fresh one's to 1e-8, the normal is the fresh normal or (where the normal is not
 * unique, as for two capsules on one axis) a direction along which the shapes' separating-axis separation
 * is that same separation, and every point is consistent (pointB − pointA = separation · normal, between
 * the deepest separation and the margin), with at most maxPoints points.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Box, Compound, contactManifold, contactManifolds, createManifoldList, InvalidArgumentError, Sphere, supportWithRadius, type ManifoldList, type ConvexShape, type Manifold, type Shape, type Vec3Like } from '../../src/index.js';
import { CollisionWorld } from '../../src/world/collision-world.js';
import { apply, opArb, touchingPairs, type Body, type TestPose } from './world-harness.js';
import { runs } from '../runs.js';

const convex = (s: Shape) => s.kind !== 'compound' && s.kind !== 'mesh' && s.kind !== 'heightField';

/** Rotates v by the unit quaternion q (or by its inverse). */
function rotate(q: TestPose['quaternion'], v: Vec3Like, inverse: boolean): Vec3Like {
  const s = inverse ? -1 : 1, x = s * q.x, y = s * q.y, z = s * q.z, w = q.w;
  const tx = 2 * (y * v.z - z * v.y), ty = 2 * (z * v.x - x * v.z), tz = 2 * (x * v.y - y * v.x);
  return { x: v.x + w * tx + (y * tz - z * ty), y: v.y + w * ty + (z * tx - x * tz), z: v.z + w * tz + (x * ty - y * tx) };
}

/** The world support of a convex shape at `pose` along world direction d, as n · point. */
function height(shape: Shape, pose: TestPose, d: Vec3Like): number {
  const local = supportWithRadius({ x: 0, y: 0, z: 0 }, shape as ConvexShape, rotate(pose.quaternion, d, true));
  const p = rotate(pose.quaternion, local, false);
  return d.x * (p.x + pose.position.x) + d.y * (p.y + pose.position.y) + d.z * (p.z + pose.position.z);
}

const summary = (m: Manifold) => ({
  normal: m.normal, partA: m.partA, partB: m.partB, status: m.status, iterations: m.iterations, count: m.count,
  points: m.points.slice(0, m.count),
});
const deepest = (m: Manifold) => Math.min(...m.points.slice(0, m.count).map((p) => p.separation));

describe('CollisionWorld manifolds against fresh manifold queries', () => {
  it('random adds, moves, removals and updates, with manifolds on', () => {
    fc.assert(fc.property(fc.array(opArb, { minLength: 1, maxLength: 60 }), fc.constantFrom(0, 0.1), fc.constantFrom(4, 8), (ops, margin, maxPoints) => {
      const world = new CollisionWorld({ margin, manifolds: true, maxPoints });
      const bodies = new Map<number, Body>();
      const onUpdate = () => {
        // (The touching pairs themselves are collision-world.test.ts's; here, every pair's manifolds.)
        expect(world.contactCount).toBeGreaterThanOrEqual([...touchingPairs(bodies, margin).values()].filter((s) => !Number.isNaN(s)).length);
        for (let i = 0; i < world.contactCount; i++) {
          const c = world.contact(i), list = world.manifolds(i);
          const A = bodies.get(c.a)!, B = bodies.get(c.b)!;
          if (!convex(A.shape) || !convex(B.shape)) {
            const fresh = contactManifolds(A.shape, A.pose, B.shape, B.pose, null, { margin, maxPoints });
            expect(list.count).toBe(fresh.count);
            for (let k = 0; k < fresh.count; k++) expect(summary(list.manifolds[k])).toEqual(summary(fresh.manifolds[k]));
            continue;
          }
          const fresh = contactManifold(A.shape, A.pose, B.shape, B.pose, null, { margin, maxPoints });
          const edge = Math.abs(c.separation - margin) < 1e-8;
          expect(list.count === 0 || list.count === 1).toBe(true);
          if (!edge) expect(list.count).toBe(fresh === null ? 0 : 1);
          if (list.count === 0 || fresh === null) continue;
          const m = list.manifolds[0], s = deepest(m);
          expect(m.count).toBeGreaterThan(0);
          expect(m.count).toBeLessThanOrEqual(maxPoints);
          expect(Math.abs(s - deepest(fresh))).toBeLessThan(1e-8);
          const n = m.normal, f = fresh.normal;
          if (n.x * f.x + n.y * f.y + n.z * f.z < 1 - 1e-9) {
            // Another normal: then one along which the separating-axis separation is the same.
            const along = -height(A.shape, A.pose, n) - height(B.shape, B.pose, { x: -n.x, y: -n.y, z: -n.z });
            expect(Math.abs(along - s), 'another normal, not an equal one').toBeLessThan(1e-8);
          }
          for (const p of m.points.slice(0, m.count)) {
            expect(Math.abs((p.pointB.x - p.pointA.x) - p.separation * n.x)).toBeLessThan(1e-8);
            expect(Math.abs((p.pointB.y - p.pointA.y) - p.separation * n.y)).toBeLessThan(1e-8);
            expect(Math.abs((p.pointB.z - p.pointA.z) - p.separation * n.z)).toBeLessThan(1e-8);
            expect(p.separation).toBeLessThanOrEqual(margin + 1e-8);
          }
        }
      };
      for (const op of [...ops, { kind: 'update' as const }]) apply(world, bodies, op, { onUpdate });
    }), { numRuns: runs(120) });
  });

  it('a box resting on a box: the warm-started manifold is the fresh one, update after update', () => {
    const world = new CollisionWorld({ manifolds: true, margin: 0.01 });
    world.add(new Box(2, 0.5, 2), { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } }, { static: true });
    const pose = (x: number) => ({ position: { x, y: 0.999, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } });
    const b = world.add(new Box(0.5, 0.5, 0.5), pose(0));
    for (let step = 0; step < 20; step++) {
      world.setPose(b, pose(0.01 * step));
      world.update();
      expect(world.contactCount).toBe(1);
      const m = world.manifolds(0).manifolds[0];
      const fresh = contactManifold(world.shape(world.contact(0).a), world.pose(world.contact(0).a), world.shape(world.contact(0).b), world.pose(world.contact(0).b), null, { margin: 0.01 })!;
      expect(world.manifolds(0).count).toBe(1);
      expect(m.count).toBe(4);
      expect(m.count).toBe(fresh.count);
      expect(deepest(m)).toBeCloseTo(deepest(fresh), 12);
    }
  });

  it('manifolds(i, out) copies each pair\'s list into lists of the caller\'s, which later calls leave alone', () => {
    const world = new CollisionWorld({ manifolds: true, margin: 0.01 });
    const at = (x: number, y: number) => ({ position: { x, y, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } });
    world.add(new Box(3, 0.5, 1), at(0, 0), { static: true });
    world.add(new Box(0.5, 0.5, 0.5), at(-2, 0.99));
    world.add(new Sphere(0.5), at(0, 0.99));
    world.add(new Compound([{ shape: new Box(0.3, 0.3, 0.3), pose: at(-0.4, 0) }, { shape: new Box(0.3, 0.3, 0.3), pose: at(0.4, 0) }]), at(2, 0.79));
    world.update();
    expect(world.contactCount).toBe(3);
    const plain = (l: ManifoldList) => JSON.parse(JSON.stringify({ count: l.count, manifolds: l.manifolds.slice(0, l.count).map(summary) }));
    // Each pair's list read on its own, then every pair's copied into its own list, then all compared.
    const expected = Array.from({ length: 3 }, (_, i) => plain(world.manifolds(i)));
    // Two convex pairs (one manifold each) and the compound's (one per part that touches the floor).
    expect(expected.map((l) => l.count).sort()).toEqual([1, 1, 2]);
    const copies = Array.from({ length: 3 }, (_, i) => world.manifolds(i, createManifoldList()));
    for (let i = 0; i < 3; i++) expect(plain(copies[i])).toEqual(expected[i]);
    // The same list twice: the second call refills it.
    const out = createManifoldList();
    expect(world.manifolds(0, out)).toBe(out);
    expect(plain(world.manifolds(1, out))).toEqual(expected[1]);
    // Without `out`, one list of the world's, rewritten by the next call.
    const view = world.manifolds(0);
    expect(plain(view)).toEqual(expected[0]);
    for (const bad of [{}, { manifolds: 3 }, Object.freeze(createManifoldList()), 7]) {
      expect(() => world.manifolds(0, bad as never)).toThrow(InvalidArgumentError);
      expect(() => world.manifolds(0, bad as never)).toThrow(/^out is not a writable manifold list/);
    }
  });
});
