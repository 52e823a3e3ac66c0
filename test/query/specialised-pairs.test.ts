/**
 * The contact family's specialised pair functions beyond the closed forms (src/query/pairs/contact-*.ts),
 * each against two independent oracles: the general GJK/EPA path (the same shapes wrapped as a user's
 * support map, which the tables send there) and the certificates of test/oracles.ts (the overlap along the
 * normal equals −separation, the witnesses lie on their shapes and (pB − pA)·n = separation: together they
 * prove the separation exact). Fixed seeds; both orders of the kinds (the exact flip), and a common rigid
 * motion changes nothing beyond the rounding of the motion.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ShapeJSON } from '../../src/format/index.js';
import { contact, type ConvexShape, type CustomShape, type Shape } from '../../src/index.js';
import * as A from '../arbitraries.js';
import * as O from '../oracles.js';
import { runs, seed } from '../runs.js';

/** The same shape as a user's support map: the tables send any pair with one to the general GJK/EPA path. */
function general(s: Shape): CustomShape {
  const c = s as ConvexShape;
  return { support: (out, d) => c.support(out, d), sweptRadius: c.sweptRadius, boundingRadius: c.boundingRadius };
}

/** Why the contact is not certified exact, or ''. */
function certify(a: O.Placed, b: O.Placed, c: NonNullable<ReturnType<typeof contact>>, tol: number): string {
  const n = O.toV3(c.normal), pa = O.toV3(c.pointA), pb = O.toV3(c.pointB);
  if (Math.abs(O.norm(n) - 1) > 1e-12) return 'normal not unit';
  if (Math.abs(O.overlapAlong(a, b, n) + c.separation) > tol) return `overlap along the normal ${O.overlapAlong(a, b, n)} ≠ −separation ${-c.separation}`;
  if (O.outsideDistance(a, pa) > tol) return `pointA off A by ${O.outsideDistance(a, pa)}`;
  if (O.outsideDistance(b, pb) > tol) return `pointB off B by ${O.outsideDistance(b, pb)}`;
  if (Math.abs(O.dot(O.sub(pb, pa), n) - c.separation) > tol) return `(pB − pA)·n = ${O.dot(O.sub(pb, pa), n)} ≠ separation ${c.separation}`;
  return '';
}

const size = A.num(0.2, 1.5);
const ballOrPoint: fc.Arbitrary<ShapeJSON> = fc.oneof(fc.constant({ type: 'point' as const }), fc.record({ type: fc.constant('sphere' as const), radius: size })) as fc.Arbitrary<ShapeJSON>;
/** Hulls of 4 to 40 points (a few flat or thin ones among them: the general path's then). */
const hull: fc.Arbitrary<ShapeJSON> = A.hullPoints(1, 4, 40).map((points) => ({ type: 'convexHull', points }) as ShapeJSON);

/**
 * Checks pair (a, b) both ways: certified, the general path's separation within 1e-9 of the size, the
 * exact flip. Returns the contact (a first).
 */
function check(a: O.Placed, b: O.Placed): NonNullable<ReturnType<typeof contact>> {
  const la = A.build(a), lb = A.build(b), what = A.describeCase(a, b);
  const sz = O.shapeSize(a.json) + O.shapeSize(b.json), tol = 1e-12 * sz + 64 * Number.EPSILON * (1 + O.norm(a.pose.position));
  const c = contact(la.shape, la.pose, lb.shape, lb.pose)!;
  const g = contact(general(la.shape), la.pose, general(lb.shape), lb.pose)!;
  expect(certify(a, b, c, tol), what).toBe('');
  expect(Math.abs(g.separation - c.separation), what).toBeLessThanOrEqual(1e-9 * sz);
  const ba = contact(lb.shape, lb.pose, la.shape, la.pose)!;
  expect(ba.separation, what).toBe(c.separation);
  expect(O.toV3(ba.normal), what).toEqual(O.toV3(c.normal).map((x) => 0 - x));
  expect(ba.pointA, what).toEqual(c.pointB);
  return c;
}

describe('a ball or a point against a convex hull', () => {
  it('centre inside: out through the nearest face plane (no iteration), certified, and the general path agrees', () => {
    let inside = 0;
    fc.assert(fc.property(ballOrPoint, hull, fc.tuple(A.num(0, 1), A.num(0, 1), A.num(0, 1), A.num(0, 1)), A.unitQuat, A.unitQuat, A.pose(5), (ja, jb, w, qa, qb, m) => {
      // The centre: a convex combination of four of the hull's points (inside it, or on a flat hull).
      const pts = (jb as { points: O.V3[] }).points, sum = w[0] + w[1] + w[2] + w[3] || 1;
      const local = [0, 1, 2].map((k) => (w[0] * pts[0][k] + w[1] * pts[1][k] + w[2] * pts[2][k] + w[3] * pts[3][k]) / sum) as O.V3;
      const hullPose = O.composePose(m, O.at(0, 0, 0, qb));
      const a: O.Placed = { json: ja, pose: O.composePose(hullPose, O.at(local[0], local[1], local[2], qa)) }, b: O.Placed = { json: jb, pose: hullPose };
      const c = check(a, b);
      if (c.iterations === 0) inside++;
    }), { numRuns: runs(400), seed: seed(3301) });
    // Most hulls of 4 to 40 random points are solid with the centre inside; flat ones take the general path.
    expect(inside).toBeGreaterThan(runs(400) * 0.8);
  });

  it('centre outside, near or far: the general path\'s answer (GJK), certified', () => {
    fc.assert(fc.property(ballOrPoint, hull, A.num(0, 1.3), A.unitVec, A.unitQuat, A.unitQuat, (ja, jb, g, dir, qa, qb) => {
      const d = g * (O.shapeSize(ja) + O.shapeSize(jb));
      check({ json: ja, pose: O.at(0.3 + dir[0] * d, -0.2 + dir[1] * d, 0.1 + dir[2] * d, qa) }, { json: jb, pose: O.at(0.3, -0.2, 0.1, qb) });
    }), { numRuns: runs(300), seed: seed(3302) });
  });
});
