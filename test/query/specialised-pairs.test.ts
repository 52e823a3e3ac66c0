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
import { contact, distance, GjkCache, intersects, type ConvexHull } from '../../src/index.js';
import { polytopePassFits } from '../../src/query/pairs/contact-polytopes.js';
import { HULL_WALK_MAX_FACES } from '../../src/tolerance.js';
import * as A from '../arbitraries.js';
import * as O from '../oracles.js';
import { certify, general } from './pair-checks.js';
import { runs, seed } from '../runs.js';

const size = A.num(0.2, 1.5);
const ballOrPoint: fc.Arbitrary<ShapeJSON> = fc.oneof(fc.constant({ type: 'point' as const }), fc.record({ type: fc.constant('sphere' as const), radius: size })) as fc.Arbitrary<ShapeJSON>;
/** Hulls of 4 to 40 points (a few flat or thin ones among them: the general path's then). */
const hull: fc.Arbitrary<ShapeJSON> = A.hullPoints(1, 4, 40).map((points) => ({ type: 'convexHull', points }) as ShapeJSON);

/** The identity, a quarter turn or random: faces and edges parallel (ties to clip), or not. */
const turn = fc.oneof(fc.constant<O.Q4>([0, 0, 0, 1]), fc.constantFrom<O.Q4>([Math.SQRT1_2, 0, 0, Math.SQRT1_2], [0, 0, Math.SQRT1_2, Math.SQRT1_2]), A.unitQuat);

/** How many of `vs` lie within 1e-9 of the size of the most along `d` (2: an edge is the supporting feature). */
function tied(vs: O.V3[], d: O.V3, sz: number): number {
  const top = Math.max(...vs.map((v) => O.dot(v, d)));
  return vs.filter((v) => O.dot(v, d) >= top - 1e-9 * sz).length;
}

/**
 * A pair near or apart (centres `g` of their sizes apart along `dir`) asked with `maxDistance: limit`, both
 * orders: null exactly when the general path's distance exceeds the limit (an axis proves it), else that
 * path's separation and normal. Returns how many answers were null (none at the limit, where either is right).
 */
function checkLimit(ja: ShapeJSON, jb: ShapeJSON, g: number, dir: O.V3, qa: O.Q4, qb: O.Q4, limit: number): number {
  const d = g * (O.shapeSize(ja) + O.shapeSize(jb)) / 2;
  const a: O.Placed = { json: ja, pose: O.at(0.3, -0.2, 0.1, qa) }, b: O.Placed = { json: jb, pose: O.at(0.3 + dir[0] * d, -0.2 + dir[1] * d, 0.1 + dir[2] * d, qb) };
  const la = A.build(a), lb = A.build(b), what = A.describeCase(a, b), sz = O.shapeSize(ja) + O.shapeSize(jb);
  const g0 = contact(general(la.shape), la.pose, general(lb.shape), lb.pose)!;
  if (Math.abs(g0.separation - limit) <= 1e-9 * sz) return 0;
  let far = 0;
  for (const [x, y, flip] of [[la, lb, 1], [lb, la, -1]] as const) {
    const c = contact(x.shape, x.pose, y.shape, y.pose, undefined, { maxDistance: limit });
    if (g0.separation > limit) { expect(c, what).toBeNull(); far++; continue; }
    expect(c, what).not.toBeNull();
    expect(Math.abs(c!.separation - g0.separation), what).toBeLessThanOrEqual(1e-8 * sz);
    if (g0.separation > 1e-6 * sz) expect(O.dot(O.toV3(c!.normal), O.toV3(g0.normal)) * flip, what).toBeGreaterThan(1 - 1e-6);
  }
  return far;
}

/**
 * Checks pair (a, b) both ways: certified, the general path's separation within 1e-9 of the size, the
 * exact flip (two shapes of one kind: the flip to rounding). Returns the contact (a first).
 */
function check(a: O.Placed, b: O.Placed): NonNullable<ReturnType<typeof contact>> {
  const la = A.build(a), lb = A.build(b), what = A.describeCase(a, b);
  const sz = O.shapeSize(a.json) + O.shapeSize(b.json), tol = 1e-12 * sz + 64 * Number.EPSILON * (1 + O.norm(a.pose.position));
  const c = contact(la.shape, la.pose, lb.shape, lb.pose)!;
  const g = contact(general(la.shape), la.pose, general(lb.shape), lb.pose)!;
  // A specialised answer (no iteration) is exact; one the function leaves to the general path is held to
  // that path's own accuracy: where the cores are 1e-8 apart, its normal comes from GJK's closest points and
  // the overlap along it missed by 3e-8 (a ball centred 1e-8 outside a hull's edge, FC_SEED=random).
  expect(certify(a, b, c, c.iterations === 0 ? tol : 1e-7 * sz), what).toBe('');
  // (The general path's own error: 1e-9 of the size, a few times that for a core of 1e-8 touching a face,
  // below; the certificate above is the tight check.)
  expect(Math.abs(g.separation - c.separation), what).toBeLessThanOrEqual(1e-8 * sz);
  const ba = contact(lb.shape, lb.pose, la.shape, la.pose)!;
  if (a.json.type === b.json.type) {
    // Two shapes of one kind are asked in the order given either way (no swap): the same answer flipped,
    // to rounding (each order relates the pair in its own frame).
    expect(Math.abs(ba.separation - c.separation), what).toBeLessThanOrEqual(c.iterations === 0 && ba.iterations === 0 ? tol : 1e-8 * sz);
    return c;
  }
  expect(ba.separation, what).toBe(c.separation);
  // (A zero component's sign aside: −0 and +0 are the same direction.)
  expect(O.toV3(ba.normal).map((x) => x + 0), what).toEqual(O.toV3(c.normal).map((x) => 0 - x));
  expect(ba.pointA, what).toEqual(c.pointB);
  return c;
}

describe('a ball or a point against a convex hull', () => {
  it('centre inside: out through the nearest face plane (no iteration), certified, and the general path agrees', () => {
    let inside = 0;
    fc.assert(fc.property(ballOrPoint, hull, fc.tuple(A.num(0, 1), A.num(0, 1), A.num(0, 1), A.num(0, 1)), A.unitQuat, A.unitQuat, A.pose(5), (ja, jb, w, qa, qb, m) => {
      // The centre: a convex combination of four of the hull's points (inside it, or on a flat hull).
      const pts = (jb as unknown as { points: O.V3[] }).points, sum = w[0] + w[1] + w[2] + w[3] || 1;
      const local = [0, 1, 2].map((k) => (w[0] * pts[0][k] + w[1] * pts[1][k] + w[2] * pts[2][k] + w[3] * pts[3][k]) / sum) as O.V3;
      const hullPose = O.composePose(m, O.at(0, 0, 0, qb));
      const a: O.Placed = { json: ja, pose: O.composePose(hullPose, O.at(local[0], local[1], local[2], qa)) }, b: O.Placed = { json: jb, pose: hullPose };
      const c = check(a, b);
      if (c.iterations === 0) inside++;
    }), { numRuns: runs(400), seed: seed(3301) });
    // Most hulls of 4 to 40 random points are solid with the centre inside; flat ones take the general path.
    expect(inside).toBeGreaterThan(runs(400) * 0.8);
  });

  it('centre outside, near or far: its closest point on a face or an edge (no iteration), certified, and the general path agrees', () => {
    let exact = 0;
    fc.assert(fc.property(ballOrPoint, hull, A.num(0, 1.3), A.unitVec, A.unitQuat, A.unitQuat, (ja, jb, g, dir, qa, qb) => {
      const d = g * (O.shapeSize(ja) + O.shapeSize(jb));
      const c = check({ json: ja, pose: O.at(0.3 + dir[0] * d, -0.2 + dir[1] * d, 0.1 + dir[2] * d, qa) }, { json: jb, pose: O.at(0.3, -0.2, 0.1, qb) });
      if (c.iterations === 0) exact++;
    }), { numRuns: runs(300), seed: seed(3302) });
    // (Flat hulls of 4 to 40 random points take the general path.)
    expect(exact).toBeGreaterThan(runs(300) * 0.8);
  });
});

describe('a capsule or a segment against a box or a convex hull', () => {
  const core: fc.Arbitrary<ShapeJSON> = fc.oneof(
    fc.record({ type: fc.constant('capsule' as const), halfHeight: size, radius: A.num(0.05, 1) }),
    fc.record({ type: fc.constant('segment' as const), a: A.vec(1.5), b: A.vec(1.5) }),
  ) as fc.Arbitrary<ShapeJSON>;
  const polytope: fc.Arbitrary<ShapeJSON> = fc.oneof(
    fc.record({ type: fc.constant('box' as const), halfExtents: fc.tuple(size, size, size) }) as fc.Arbitrary<ShapeJSON>,
    hull,
  );

  it('core entering: the least facet of the difference (no iteration), certified, and the general path agrees', () => {
    let sat = 0, edges = 0;
    fc.assert(fc.property(core, polytope, fc.tuple(A.num(0, 1), A.num(0, 1), A.num(0, 1), A.num(0, 1)), turn, turn, A.pose(5), (ja, jb, w, qa, qb, m) => {
      // The core's middle at a point inside the polytope (a box's: within its half extents; a hull's: a
      // convex combination of four of its points), so that it enters it.
      const bPose = O.composePose(m, O.at(0, 0, 0, qb));
      let inside: O.V3;
      if (jb.type === 'box') {
        const h = (jb as unknown as { halfExtents: O.V3 }).halfExtents;
        inside = [(2 * w[0] - 1) * h[0], (2 * w[1] - 1) * h[1], (2 * w[2] - 1) * h[2]];
      } else {
        const pts = (jb as unknown as { points: O.V3[] }).points, sum = w[0] + w[1] + w[2] + w[3] || 1;
        inside = [0, 1, 2].map((k) => (w[0] * pts[0][k] + w[1] * pts[1][k] + w[2] * pts[2][k] + w[3] * pts[3][k]) / sum) as O.V3;
      }
      const mid: O.V3 = ja.type === 'segment' ? O.scale(O.add((ja as unknown as { a: O.V3 }).a, (ja as unknown as { b: O.V3 }).b), 0.5) : [0, 0, 0];
      const local = O.sub(inside, O.rotate(qa, mid));
      const a: O.Placed = { json: ja, pose: O.composePose(bPose, O.at(local[0], local[1], local[2], qa)) }, b: O.Placed = { json: jb, pose: bPose };
      const c = check(a, b);
      if (c.iterations === 0) {
        sat++;
        // An edge facet's normal is not a face normal of the box (both frames' axes): count those.
        if (jb.type === 'box') {
          const n = O.toV3(c.normal), q = O.poseObj(bPose).quaternion, axes = [O.rotate([q.x, q.y, q.z, q.w], [1, 0, 0]), O.rotate([q.x, q.y, q.z, q.w], [0, 1, 0]), O.rotate([q.x, q.y, q.z, q.w], [0, 0, 1])];
          if (axes.every((x) => Math.abs(Math.abs(O.dot(x, n)) - 1) > 1e-9)) edges++;
        }
      }
    }), { numRuns: runs(600), seed: seed(3303) });
    expect(sat).toBeGreaterThan(runs(600) * 0.6);
    expect(edges).toBeGreaterThan(runs(600) * 0.01);
  });

  it('near or apart: a box\'s closed form, a hull\'s GJK, certified', () => {
    fc.assert(fc.property(core, polytope, A.num(0, 1.3), A.unitVec, turn, turn, (ja, jb, g, dir, qa, qb) => {
      const d = g * (O.shapeSize(ja) + O.shapeSize(jb));
      check({ json: ja, pose: O.at(0.3 + dir[0] * d, -0.2 + dir[1] * d, 0.1 + dir[2] * d, qa) }, { json: jb, pose: O.at(0.3, -0.2, 0.1, qb) });
    }), { numRuns: runs(400), seed: seed(3304) });
  });
});

describe('two polytopes overlapping: a triangle, a box or a small hull against a box or a small hull', () => {
  // Small hulls (the separating-axis pass costs less than EPA only there, tolerance.ts
  // POLYTOPE_SAT_MAX_WORK): a triangle against a box or a hull of up to 8 points, a box against a
  // tetrahedron, two hulls of up to 5.
  const box = fc.record({ type: fc.constant('box' as const), halfExtents: fc.tuple(size, size, size) }) as fc.Arbitrary<ShapeJSON>;
  const small = (n: number): fc.Arbitrary<ShapeJSON> => A.hullPoints(1, 4, n).map((points) => ({ type: 'convexHull', points }) as ShapeJSON);
  const triangle = fc.record({ type: fc.constant('triangle' as const), a: A.vec(1.2), b: A.vec(1.2), c: A.vec(1.2) }) as fc.Arbitrary<ShapeJSON>;
  const pair: fc.Arbitrary<[ShapeJSON, ShapeJSON]> = fc.oneof(
    fc.tuple(triangle, fc.oneof(box, small(8))),
    fc.tuple(box, small(4)),
    fc.tuple(small(5), small(5)),
  );

  it('overlapping: the least facet of the difference (no iteration), certified, and the general path agrees', () => {
    let exact = 0, edges = 0;
    fc.assert(fc.property(pair, A.vec(0.6), turn, turn, A.pose(5), ([ja, jb], at, qa, qb, m) => {
      const a: O.Placed = { json: ja, pose: O.composePose(m, O.at(0, 0, 0, qa)) }, b: O.Placed = { json: jb, pose: O.composePose(m, O.at(at[0], at[1], at[2], qb)) };
      const c = check(a, b);
      // The pass's answer (GJK runs first, so iterations count GJK's): EPA capped at one iteration cannot
      // converge on these pairs, the pass ignores the cap; its answer is certified to 1e-12 of the size.
      const la = A.build(a), lb = A.build(b), sz = O.shapeSize(ja) + O.shapeSize(jb);
      const capped = contact(la.shape, la.pose, lb.shape, lb.pose, undefined, { epaMaxIterations: 1 })!;
      if (c.separation < 0 && capped.status === 'converged' && capped.separation === c.separation) {
        exact++;
        expect(certify(a, b, c, 1e-12 * sz + 64 * Number.EPSILON * (1 + O.norm(a.pose.position) + O.norm(b.pose.position))), A.describeCase(a, b)).toBe('');
        // An edge pair's normal is neither A's face normal nor B's: the witnesses are then both inside edges.
        const pa = O.toV3(c.pointA), pb = O.toV3(c.pointB);
        if (O.outsideDistance(a, O.add(pa, O.scale(O.toV3(c.normal), -1e-6))) > 0 && O.outsideDistance(b, O.add(pb, O.scale(O.toV3(c.normal), 1e-6))) > 0) edges++;
      }
    }), { numRuns: runs(800), seed: seed(3305) });
    expect(exact).toBeGreaterThan(runs(800) * 0.4);
    expect(edges).toBeGreaterThan(0);
  });

  it('apart or touching: the general path, certified', () => {
    fc.assert(fc.property(pair, A.num(0.8, 2.5), A.unitVec, turn, turn, ([ja, jb], g, dir, qa, qb) => {
      const d = g * (O.shapeSize(ja) + O.shapeSize(jb)) / 2;
      check({ json: ja, pose: O.at(0.3, -0.2, 0.1, qa) }, { json: jb, pose: O.at(0.3 + dir[0] * d, -0.2 + dir[1] * d, 0.1 + dir[2] * d, qb) });
    }), { numRuns: runs(300), seed: seed(3306) });
  });
});

describe('a box against a convex hull: separating axes first (contact-box-hull.ts)', () => {
  const box = fc.record({ type: fc.constant('box' as const), halfExtents: fc.tuple(size, size, size) }) as fc.Arbitrary<ShapeJSON>;

  it('overlapping: the least facet (no iteration), certified to 1e-12, and the general path agrees, both orders', () => {
    let exact = 0, edges = 0, edgeContacts = 0;
    fc.assert(fc.property(box, hull, A.vec(0.8), turn, turn, A.pose(5), (ja, jb, at, qa, qb, m) => {
      const a: O.Placed = { json: ja, pose: O.composePose(m, O.at(0, 0, 0, qa)) }, b: O.Placed = { json: jb, pose: O.composePose(m, O.at(at[0], at[1], at[2], qb)) };
      const c = check(a, b);
      const sz = O.shapeSize(ja) + O.shapeSize(jb), n = O.toV3(c.normal);
      const edgePair = c.separation < 0 && tied(O.polytopeVertices(a), n, sz) === 2 && tied(O.polytopeVertices(b), O.neg(n), sz) === 2;
      if (edgePair) edgeContacts++;
      if (c.separation < 0 && c.iterations === 0) {
        exact++;
        expect(certify(a, b, c, 1e-12 * sz + 64 * Number.EPSILON * (1 + O.norm(a.pose.position) + O.norm(b.pose.position))), A.describeCase(a, b)).toBe('');
        // The brute-force depth over the difference's facets (test/oracles.ts; slow: one pair in eight) agrees.
        if (exact % 8 === 0) expect(Math.abs(O.polytopeDepth(a, b).depth + c.separation), A.describeCase(a, b)).toBeLessThanOrEqual(1e-9 * sz);
        // An edge pair: each shape's supporting feature along the normal is an edge (two corners tie).
        if (edgePair) edges++;
      }
    }), { numRuns: runs(600), seed: seed(3307) });
    // Most overlapping pairs are answered by the pass (the rest: flat hulls, or a witness off by rounding),
    // edge pairs among them (along each of the box's three directions: each edge found, not left to EPA).
    expect(exact).toBeGreaterThan(runs(600) * 0.5);
    expect(edges).toBeGreaterThan(0);
    expect(edges).toBeGreaterThanOrEqual(0.9 * edgeContacts);
  });

  it('near or apart, with a limit: null exactly when the general path\'s distance exceeds it (an axis proves it), else its contact', () => {
    let far = 0;
    fc.assert(fc.property(box, hull, A.num(0.6, 2), A.unitVec, turn, turn, A.num(0, 0.5), (ja, jb, g, dir, qa, qb, limit) => {
      far += checkLimit(ja, jb, g, dir, qa, qb, limit);
    }), { numRuns: runs(400), seed: seed(3308) });
    expect(far).toBeGreaterThan(0);
  });
});

describe('a box against a convex hull: the axis kept in the pair\'s GjkCache (coherence)', () => {
  const box = fc.record({ type: fc.constant('box' as const), halfExtents: fc.tuple(size, size, size) }) as fc.Arbitrary<ShapeJSON>;
  const turn = fc.oneof(fc.constant<O.Q4>([0, 0, 0, 1]), A.unitQuat);
  /** Direction `d` of A's frame in world space. */
  const rotate = (p: O.PoseT, d: O.V3): O.V3 => O.sub(O.toWorld(p, d), O.toWorld(p, [0, 0, 0]));

  it('never changes the answer (a random axis, then the kept one after B moves); after a null it proves the gap', () => {
    let proved = 0;
    fc.assert(fc.property(box, hull, A.num(0.6, 2), A.unitVec, turn, turn, A.num(0, 0.5), A.unitVec, A.vec(0.1), (ja, jb, g, dir, qa, qb, limit, kept, jiggle) => {
      const d = g * (O.shapeSize(ja) + O.shapeSize(jb)) / 2;
      const a: O.Placed = { json: ja, pose: O.at(0.3, -0.2, 0.1, qa) };
      const cache = new GjkCache();
      cache.x = kept[0]; cache.y = kept[1]; cache.z = kept[2]; cache.valid = true;
      for (const shift of [[0, 0, 0], jiggle]) {
        const b: O.Placed = { json: jb, pose: O.at(0.3 + dir[0] * d + shift[0], -0.2 + dir[1] * d + shift[1], 0.1 + dir[2] * d + shift[2], qb) };
        const la = A.build(a), lb = A.build(b), what = A.describeCase(a, b), sz = O.shapeSize(ja) + O.shapeSize(jb);
        const plain = contact(la.shape, la.pose, lb.shape, lb.pose, undefined, { maxDistance: limit });
        const withAxis = contact(la.shape, la.pose, lb.shape, lb.pose, undefined, { maxDistance: limit, cache });
        expect(withAxis === null, what).toBe(plain === null);
        if (plain !== null) { expect(Math.abs(withAxis!.separation - plain.separation), what).toBeLessThanOrEqual(1e-12 * sz); continue; }
        // Null: the axis now kept (the cache holds a point of A − B; the axis from A into B is its negation)
        // separates the shapes by more than the limit, by their corners (test/oracles.ts).
        const v: O.V3 = [cache.x, cache.y, cache.z], n = rotate(a.pose, O.scale(v, -1 / O.norm(v)));
        expect(cache.valid, what).toBe(true);
        expect(-O.overlapAlong(a, b, n), what).toBeGreaterThan(limit);
        proved++;
      }
    }), { numRuns: runs(400), seed: seed(3312) });
    expect(proved).toBeGreaterThan(runs(400) * 0.2);
  });
});

describe('two convex hulls: separating axes with the Gauss maps walked (contact-hull-hull.ts)', () => {
  // Hulls of 8 to 40 random points: up to about 20 corners, mostly within the walk's range (at most 40
  // faces, tolerance.ts HULL_WALK_MAX_FACES), some beyond it (EPA's) or small enough for the generic pass.
  const hull = A.hullPoints(1, 8, 40).map((points) => ({ type: 'convexHull', points }) as ShapeJSON);

  it('overlapping, shallow to deep: the least facet (no iteration), certified to 1e-12, brute force and the general path agree', () => {
    let walked = 0, exact = 0, edges = 0, edgeContacts = 0;
    fc.assert(fc.property(hull, hull, A.unitVec, A.num(0.05, 1), turn, turn, A.pose(5), (ja, jb, dir, g, qa, qb, m) => {
      // From deep (the centres close: little is pruned) to grazing (most facets bounded away).
      const d = g * (O.shapeSize(ja) + O.shapeSize(jb)) / 2;
      const a: O.Placed = { json: ja, pose: O.composePose(m, O.at(0, 0, 0, qa)) }, b: O.Placed = { json: jb, pose: O.composePose(m, O.at(dir[0] * d, dir[1] * d, dir[2] * d, qb)) };
      const c = check(a, b);
      if (!(c.separation < 0)) return;
      // The pairs the walk takes (tolerance.ts): solid hulls of at most 40 faces, beyond the generic pass.
      const ha = A.build(a).shape as ConvexHull, hb = A.build(b).shape as ConvexHull;
      if (ha.dimension !== 3 || hb.dimension !== 3 || ha.faceCount > HULL_WALK_MAX_FACES || hb.faceCount > HULL_WALK_MAX_FACES || polytopePassFits(ha, hb)) return;
      walked++;
      const sz = O.shapeSize(ja) + O.shapeSize(jb), n = O.toV3(c.normal);
      const edgePair = tied(O.polytopeVertices(a), n, sz) === 2 && tied(O.polytopeVertices(b), O.neg(n), sz) === 2;
      if (edgePair) edgeContacts++;
      if (c.iterations === 0) {
        exact++;
        expect(certify(a, b, c, 1e-12 * sz + 64 * Number.EPSILON * (1 + O.norm(a.pose.position) + O.norm(b.pose.position))), A.describeCase(a, b)).toBe('');
        // The brute-force depth over every facet of the difference (test/oracles.ts; its cost grows as the
        // sixth power of the points: one pair in four, of up to 14 points each).
        if (exact % 4 === 0 && O.polytopeVertices(a).length <= 14 && O.polytopeVertices(b).length <= 14) {
          expect(Math.abs(O.polytopeDepth(a, b).depth + c.separation), A.describeCase(a, b)).toBeLessThanOrEqual(1e-9 * sz);
        }
        if (edgePair) edges++;
      }
    }), { numRuns: runs(600), seed: seed(3309) });
    // Nearly every pair the walk takes is answered by it (the rest: a witness off its facet by rounding),
    // edge pairs among them: the walk finds the crossings, they are not left to EPA.
    expect(walked).toBeGreaterThan(runs(600) * 0.3);
    expect(exact).toBeGreaterThanOrEqual(0.95 * walked);
    expect(edges).toBeGreaterThan(0);
    expect(edges).toBeGreaterThanOrEqual(0.9 * edgeContacts);
  });

  it('near or apart, with a limit: null exactly when the general path\'s distance exceeds it, else its contact', () => {
    let far = 0;
    fc.assert(fc.property(hull, hull, A.num(0.6, 2), A.unitVec, turn, turn, A.num(0, 0.5), (ja, jb, g, dir, qa, qb, limit) => {
      far += checkLimit(ja, jb, g, dir, qa, qb, limit);
    }), { numRuns: runs(400), seed: seed(3310) });
    expect(far).toBeGreaterThan(0);
  });

  it('golden: one hull against itself moved along an axis or turned a quarter (parallel faces and edges: ties on every arc), exact', () => {
    const cube = (h: number): O.V3[] => [-h, h].flatMap((x) => [-h, h].flatMap((y) => [-h, h].map((z): O.V3 => [x, y, z])));
    // An octahedron: every edge of one crosses edges of the other at the arcs' ends or middles.
    const octa: O.V3[] = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]];
    const q90: O.Q4 = [0, 0, Math.SQRT1_2, Math.SQRT1_2], q45: O.Q4 = [0, 0, Math.sin(Math.PI / 8), Math.cos(Math.PI / 8)];
    const cases: [O.V3[], O.PoseT, number][] = [
      [cube(0.5), O.at(0.75, 0.25, 0), -0.25],
      [cube(0.5), O.at(0.75, 0, 0, q90), -0.25],
      [octa, O.at(1.5, 0, 0), -0.5 / Math.sqrt(3)],
      [octa, O.at(1.5, 0, 0, q90), -0.5 / Math.sqrt(3)],
    ];
    for (const [points, pose, separation] of cases) {
      const a: O.Placed = { json: { type: 'convexHull', points } as ShapeJSON, pose: O.at(0, 0, 0) };
      const b: O.Placed = { json: { type: 'convexHull', points } as ShapeJSON, pose };
      const la = A.build(a), lb = A.build(b), what = A.describeCase(a, b);
      const c = contact(la.shape, la.pose, lb.shape, lb.pose)!;
      expect(c.iterations, what).toBe(0);
      expect(Math.abs(c.separation - separation), what).toBeLessThanOrEqual(1e-15);
      expect(certify(a, b, c, 1e-14), what).toBe('');
      check(a, b);
    }
    // A cube turned 45° about z into a cube along x: its vertical edge against the face (depth exact).
    const a: O.Placed = { json: { type: 'convexHull', points: cube(0.5) } as ShapeJSON, pose: O.at(0, 0, 0) };
    const b: O.Placed = { json: { type: 'convexHull', points: cube(0.5) } as ShapeJSON, pose: O.at(1.1, 0, 0, q45) };
    const c = check(a, b);
    expect(Math.abs(c.separation - (1.1 - Math.SQRT1_2 - 0.5))).toBeLessThanOrEqual(1e-15);
  });
});

describe('two boxes in the intersects family: separating axes (intersects-box-box.ts)', () => {
  const box = fc.record({ type: fc.constant('box' as const), halfExtents: fc.tuple(size, size, size) }) as fc.Arbitrary<ShapeJSON>;

  it('true where the brute-force depth is above 0, false where the general path\'s distance is, both orders', () => {
    let meet = 0, apart = 0;
    fc.assert(fc.property(box, box, A.unitVec, A.num(0.2, 1.6), turn, turn, A.pose(5), (ja, jb, dir, g, qa, qb, m) => {
      const d = g * (O.shapeSize(ja) + O.shapeSize(jb)) / 2;
      const a: O.Placed = { json: ja, pose: O.composePose(m, O.at(0, 0, 0, qa)) }, b: O.Placed = { json: jb, pose: O.composePose(m, O.at(dir[0] * d, dir[1] * d, dir[2] * d, qb)) };
      const la = A.build(a), lb = A.build(b), what = A.describeCase(a, b), sz = O.shapeSize(ja) + O.shapeSize(jb);
      const x = intersects(la.shape, la.pose, lb.shape, lb.pose);
      expect(intersects(lb.shape, lb.pose, la.shape, la.pose), what).toBe(x);
      // The two oracles: the least overlap over every candidate direction (test/oracles.ts), and GJK's
      // distance through the general path. Within 1e-9 of the size of touching either answer is right.
      if (O.polytopeDepth(a, b).depth > 1e-9 * sz) { expect(x, what).toBe(true); meet++; }
      else if (distance(general(la.shape), la.pose, general(lb.shape), lb.pose) > 1e-9 * sz) { expect(x, what).toBe(false); apart++; }
    }), { numRuns: runs(1000), seed: seed(3311) });
    expect(meet).toBeGreaterThan(runs(1000) * 0.3);
    expect(apart).toBeGreaterThan(runs(1000) * 0.15);
  });

  it('golden: touching faces, aligned corners 1e-9 apart and 1e-9 into each other, crossed edges apart only along their edge pair\'s axis', () => {
    const unit = (p: O.PoseT): O.Placed => ({ json: { type: 'box', halfExtents: [0.5, 0.5, 0.5] } as ShapeJSON, pose: p });
    const r = Math.SQRT1_2, q45y: O.Q4 = [0, Math.sin(Math.PI / 8), 0, Math.cos(Math.PI / 8)], q45x: O.Q4 = [Math.sin(Math.PI / 8), 0, 0, Math.cos(Math.PI / 8)];
    const cases: [O.Placed, O.Placed, boolean][] = [
      [unit(O.at(0, 0, 0)), unit(O.at(1, 0.3, 0)), true], // faces touching exactly
      [unit(O.at(0, 0, 0)), unit(O.at(1 + 1e-9, 0.3, 0)), false],
      // Aligned, corner to corner along (1, 1, 1): the x, y, z axes separate (the corners' gap is along them too).
      [unit(O.at(0, 0, 0)), unit(O.at(1 + 1e-9, 1 + 1e-9, 1 + 1e-9)), false],
      [unit(O.at(0, 0, 0)), unit(O.at(1 - 1e-9, 1 - 1e-9, 1 - 1e-9)), true],
      // A box turned 45° about y over one turned 45° about x: A's top edge (along x, at z = √½) crosses B's
      // lowest edge (along y, at z = c − √½), and only their edge pair's axis, z, separates them (neither
      // has a face normal along z): apart by 1e-9, then into each other by 1e-9.
      [{ json: { type: 'box', halfExtents: [0.5, 0.5, 0.5] } as ShapeJSON, pose: O.at(0, 0, 0, q45x) }, { json: { type: 'box', halfExtents: [0.5, 0.5, 0.5] } as ShapeJSON, pose: O.at(0, 0, 2 * r + 1e-9, q45y) }, false],
      [{ json: { type: 'box', halfExtents: [0.5, 0.5, 0.5] } as ShapeJSON, pose: O.at(0, 0, 0, q45x) }, { json: { type: 'box', halfExtents: [0.5, 0.5, 0.5] } as ShapeJSON, pose: O.at(0, 0, 2 * r - 1e-9, q45y) }, true],
    ];
    for (const [a, b, expected] of cases) {
      const la = A.build(a), lb = A.build(b);
      expect(intersects(la.shape, la.pose, lb.shape, lb.pose), A.describeCase(a, b)).toBe(expected);
      expect(intersects(general(la.shape), la.pose, general(lb.shape), lb.pose), A.describeCase(a, b)).toBe(expected);
    }
  });
});

describe('specialised pairs: golden cases', () => {
  it('faces flat on faces (the incident face clipped to the reference face): a box into a triangle, a tetrahedron on a box, exact', () => {
    // Ties: every corner of the incident face is deepest, and some lie outside the reference face, so the
    // witness comes from the clip. The depths are exact by construction: 0.1 and 0.05.
    const cases: [O.Placed, O.Placed, number, O.V3][] = [
      [{ json: { type: 'triangle', a: [-2, 0, -2], b: [0, 0, 3], c: [2, 0, -2] } as ShapeJSON, pose: O.at(0.2, 1, -0.3) },
        { json: { type: 'box', halfExtents: [0.5, 0.5, 0.5] } as ShapeJSON, pose: O.at(-0.8, 1.4, 0) }, -0.1, [0, 1, 0]],
      [{ json: { type: 'box', halfExtents: [1, 0.25, 1] } as ShapeJSON, pose: O.at(0, 0, 0) },
        { json: { type: 'convexHull', points: [[-3, 0.2, -1.5], [3, 0.2, -1.5], [0, 0.2, 3], [0, 1, 0]] } as ShapeJSON, pose: O.at(0, 0, 0) }, -0.05, [0, 1, 0]],
    ];
    for (const [a, b, separation, normal] of cases) {
      const la = A.build(a), lb = A.build(b), what = A.describeCase(a, b);
      const c = contact(la.shape, la.pose, lb.shape, lb.pose)!;
      expect(Math.abs(c.separation - separation), what).toBeLessThanOrEqual(1e-15);
      expect(O.toV3(c.normal), what).toEqual(normal);
      expect(certify(a, b, c, 1e-14), what).toBe('');
      // The separating axes answered (EPA capped at one iteration does not converge here).
      const capped = contact(la.shape, la.pose, lb.shape, lb.pose, undefined, { epaMaxIterations: 1 })!;
      expect(capped.status, what).toBe('converged');
      expect(capped.separation, what).toBe(c.separation);
    }
  });

  it('a box against box-shaped hulls: normals with zero coordinates (no silhouette edge) and edges parallel to the box\'s (no facet): exact', () => {
    const cube = (h: number): O.V3[] => [-h, h].flatMap((x) => [-h, h].flatMap((y) => [-h, h].map((z): O.V3 => [x, y, z])));
    const r = Math.SQRT1_2;
    const diamond: O.V3[] = [[r, 0, -0.5], [0, r, -0.5], [-r, 0, -0.5], [0, -r, -0.5], [r, 0, 0.5], [0, r, 0.5], [-r, 0, 0.5], [0, -r, 0.5]];
    const box: O.Placed = { json: { type: 'box', halfExtents: [1, 1, 1] } as ShapeJSON, pose: O.at(0, 0, 0) };
    const cases: [O.Placed, number, O.V3][] = [
      // Face to face, every hull normal along an axis: the box's +x face, depth 0.25.
      [{ json: { type: 'convexHull', points: cube(0.5) } as ShapeJSON, pose: O.at(1.25, 0.25, 0) }, -0.25, [1, 0, 0]],
      // A square turned 45° about z: its side edges run along the box's z edges (their cross product is 0).
      [{ json: { type: 'convexHull', points: diamond } as ShapeJSON, pose: O.at(1.5, 0.125, 0) }, 1.5 - r - 1, [1, 0, 0]],
    ];
    for (const [b, separation, normal] of cases) {
      const la = A.build(box), lb = A.build(b), what = A.describeCase(box, b);
      const c = contact(la.shape, la.pose, lb.shape, lb.pose)!;
      expect(c.iterations, what).toBe(0); // (the separating axes answered, not GJK and EPA)
      expect(Math.abs(c.separation - separation), what).toBeLessThanOrEqual(1e-15);
      expect(O.toV3(c.normal), what).toEqual(normal);
      expect(certify(box, b, c, 1e-14), what).toBe('');
      check(box, b);
    }
  });

  it('a segment of 1e-8 through a box\'s face by 2.8e-9 (FC_SEED=random): overlapping, as its ends say; GJK read it 7e-10 apart', () => {
    const j = {
      a: { type: 'segment', a: [-1.5, -1.5, -1.4999999916180968], b: [-1.4999999944120646, -1.5, -1.5] },
      poseA: { position: [-3.26353073157517, -5.838170500140769, -3.6757147666544867], quaternion: [-0.5866407284030128, -0.08055996840195057, -0.7470602851286462, 0.3020987879044952] },
      b: { type: 'box', halfExtents: [0.2, 0.20180493919178843, 0.2] },
      poseB: { position: [-5, -5, -5], quaternion: [-0.6284337386894912, 0.4712868936204282, -0.5852158935188146, -0.2012015356584809] },
    };
    const a: O.Placed = { json: j.a as ShapeJSON, pose: j.poseA as O.PoseT }, b: O.Placed = { json: j.b as ShapeJSON, pose: j.poseB as O.PoseT };
    const c = check(a, b);
    // The oracle: the segment's ends in the box's frame (one 2.79e-9 outside its −x face, one 2.79e-9
    // inside, both far from its other faces): the depth is the inner end's gap to that face.
    const inner = O.toLocal(b.pose, O.toWorld(a.pose, j.a.b as O.V3));
    expect(c.separation).toBeLessThan(0);
    expect(Math.abs(-c.separation - (0.2 + inner[0]))).toBeLessThan(1e-15);
  });

  it('a ball centred 1e-8 outside a hull, by an edge (FC_SEED=random; GJK\'s normal missed by 3e-8): exact, and certified to 1e-12', () => {
    const j = {
      a: { type: 'sphere', radius: 0.20000002905726433 },
      poseA: { position: [0.2999999746791922, -0.20000001211542054, 0.09999999996403242], quaternion: [-0.5696418608143545, -0.5696418608143545, -0.5696418629364358, -0.16286328256002267] },
      b: { type: 'convexHull', points: [[-0.9999999832361937, 0.9999999608844519, -0.9999999459832907], [0.9999999944120646, -0.9999999850988388, 0.9999999664723873], [0.14958404749631882, 0.9999999925494194, -0.8571246694773436], [0.9999999534338713, 0.7691035307943821, -0.9999999441206455], [0.706326924264431, 0.9999999571591616, 0.9999999850988388]] },
      poseB: { position: [0.3, -0.2, 0.1], quaternion: [0.19665426342968045, 0.6210285143157861, -0.6210284946509381, 0.4358604064528536] },
    };
    const a: O.Placed = { json: j.a as ShapeJSON, pose: j.poseA as O.PoseT }, b: O.Placed = { json: j.b as ShapeJSON, pose: j.poseB as O.PoseT };
    const c = check(a, b);
    // The oracle: the centre's greatest signed distance to the planes through three of the hull's points
    // with all the others behind (its faces): the distance to the hull, as the centre's foot on that plane
    // lies in that face here.
    const pts = j.b.points as O.V3[], centre = O.toLocal(b.pose, a.pose.position);
    let outside = -Infinity;
    for (let i = 0; i < pts.length; i++) for (let k = i + 1; k < pts.length; k++) for (let l = k + 1; l < pts.length; l++) {
      let n = O.cross(O.sub(pts[k], pts[i]), O.sub(pts[l], pts[i]));
      n = O.scale(n, 1 / O.norm(n));
      const side = pts.map((q) => O.dot(n, O.sub(q, pts[i])));
      if (side.every((x) => x <= 1e-15)) outside = Math.max(outside, O.dot(n, O.sub(centre, pts[i])));
      else if (side.every((x) => x >= -1e-15)) outside = Math.max(outside, -O.dot(n, O.sub(centre, pts[i])));
    }
    expect(outside).toBeGreaterThan(1e-8);
    expect(Math.abs(c.separation - (outside - j.a.radius))).toBeLessThan(1e-15);
  });

  it('a segment barely into a thin hull, at 2^-990 and 2^700 (FC_STRESS=10 in scale-free.test.ts): the separation scales exactly', () => {
    const ja = { type: 'segment', a: [-1.5, -0.9463629489764571, -1.5], b: [-1.5, -1.5, -1.5] } as ShapeJSON;
    const jb = { type: 'convexHull', points: [[-1.5, -1.5, -1.24209891166538], [-1.5, -1.5, -1.5], [-0.9851690428331494, -1.5, -0.4209425328299403], [-1.5, -1.4999999972060323, -1.5]] } as ShapeJSON;
    const pa = { position: [0.1, -0.2, 0.3], quaternion: [0.6517187798993404, 0.40021479796149534, 0.23103772303365708, -0.6014252388739417] } as O.PoseT;
    const pb = { position: [0.5244166031479836, -1.9999999217689037, -0.5631187930703163], quaternion: [-0.7495451553904149, -0.23578657965076133, -0.26705377609673503, 0.5579148945491854] } as O.PoseT;
    const at = (k: number) => {
      const f = 2 ** k, a = A.build({ json: A.scaleShape(ja, f), pose: { ...pa, position: O.scale(pa.position, f) } });
      const b = A.build({ json: A.scaleShape(jb, f), pose: { ...pb, position: O.scale(pb.position, f) } });
      return contact(a.shape, a.pose, b.shape, b.pose)!.separation;
    };
    const one = at(0);
    expect(one).toBeLessThan(0);
    for (const k of [-990, -300, 300, 700]) expect(at(k)).toBe(one * 2 ** k);
  });
});
