/**
 * GJK (distance, closest points, intersects) against the independent oracles of test/oracles.ts.
 * Every property runs with a fixed seed (printed by fast-check on failure) and a modest number of runs.
 * Random suites count their separated pairs and fail if that rate leaves a stated band, so they cannot
 * pass on easy cases only.
 *
 * Witness points are not unique (parallel faces, coincident features), so they are never compared with
 * the oracle's witnesses coordinate by coordinate. Instead: each lies on its own shape (membership
 * distance ≤ tol), |pB − pA| equals the distance, pB = pA + distance·normal, and the normal is a separating
 * certificate (the gap along it, −h_A(n) − h_B(−n), is the distance). Together these pin the answer: the
 * witnesses give an upper bound and the normal a lower bound on the true distance.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closestPoints, distance, GjkCache, intersects } from '../../src/index.js';
import * as A from '../arbitraries.js';
import * as O from '../oracles.js';
import type { ShapeJSON } from '../../src/format/index.js';
import { runs, seed } from '../runs.js';

const RUNS = runs(150);

/** Places A at `off` with rotation qa, and B at gap·(sizeA + sizeB) along dir from it. */
function placePair(ja: ShapeJSON, jb: ShapeJSON, g: number, dir: O.V3, qa: O.Q4, qb: O.Q4, off: O.V3 = [0.3, -0.2, 0.1]): [O.Placed, O.Placed] {
  const sa = O.shapeSize(ja), sb = O.shapeSize(jb);
  const pb = O.add(off, O.scale(dir, g * (sa + sb)));
  return [{ json: ja, pose: O.at(off[0], off[1], off[2], qa) }, { json: jb, pose: O.at(pb[0], pb[1], pb[2], qb) }];
}

/** Checks a closestPoints answer against the certificates; returns an error string or ''. */
function checkClosest(a: O.Placed, b: O.Placed, r: ReturnType<typeof closestPoints>, tol: number): string {
  for (const v of [r.distance, r.pointA.x, r.pointA.y, r.pointA.z, r.pointB.x, r.pointB.y, r.pointB.z, r.normal.x, r.normal.y, r.normal.z]) {
    if (!Number.isFinite(v)) return 'non-finite output';
  }
  const pa = O.toV3(r.pointA), pb = O.toV3(r.pointB), n = O.toV3(r.normal);
  if (O.outsideDistance(a, pa) > tol) return `pointA off A by ${O.outsideDistance(a, pa)}`;
  if (O.outsideDistance(b, pb) > tol) return `pointB off B by ${O.outsideDistance(b, pb)}`;
  if (Math.abs(O.norm(n) - 1) > 1e-9) return 'normal not unit';
  if (r.distance > 0) {
    if (Math.abs(O.dist(pa, pb) - r.distance) > tol) return `|pB − pA| = ${O.dist(pa, pb)} ≠ distance ${r.distance}`;
    if (O.dist(O.add(pa, O.scale(n, r.distance)), pb) > tol) return 'pointB ≠ pointA + distance·normal';
    const lower = -O.overlapAlong(a, b, n);
    if (r.distance - lower > tol) return `normal is no separating certificate: gap along it ${lower} < distance ${r.distance}`;
  }
  return '';
}

describe('GJK distance vs brute force on polytopes', () => {
  it('random polytope pairs (boxes, hulls, triangles, segments, points): distance and witnesses', () => {
    let separated = 0, total = 0;
    fc.assert(
      fc.property(A.polytopeShape, A.polytopeShape, A.num(0, 1.2), A.unitVec, A.unitQuat, A.unitQuat, (ja, jb, g, dir, qa, qb) => {
        const [a, b] = placePair(ja, jb, g, dir, qa, qb);
        const la = A.build(a), lb = A.build(b);
        const r = closestPoints(la.shape, la.pose, lb.shape, lb.pose);
        const ref = O.polytopeDistance(a, b);
        const tol = 1e-6 * Math.max(O.shapeSize(ja) + O.shapeSize(jb), ref.distance, 1e-12);
        total++;
        if (ref.distance > 0) separated++;
        expect(Math.abs(r.distance - ref.distance), A.describeCase(a, b)).toBeLessThanOrEqual(tol);
        expect(checkClosest(a, b, r, tol), A.describeCase(a, b)).toBe('');
        expect(distance(la.shape, la.pose, lb.shape, lb.pose)).toBeCloseTo(r.distance, 12);
      }),
      { numRuns: RUNS, seed: seed(101) },
    );
    // Stated band: between 30% and 90% of the pairs are separated.
    expect(separated / total).toBeGreaterThan(0.3);
    expect(separated / total).toBeLessThan(0.9);
  });

  it('scales 1e-3..1e3 and poses 1e5 from the origin', () => {
    let separated = 0;
    fc.assert(
      fc.property(A.scaledPolytope, A.scaledPolytope, A.num(0, 1.2), A.unitVec, A.unitQuat, A.unitQuat, fc.boolean(), (sa, sb, g, dir, qa, qb, far) => {
        const off: O.V3 = far ? [1e5, -1e5, 0.5e5] : [0, 0, 0];
        const [a, b] = placePair(sa.json, sb.json, g, dir, qa, qb, off);
        const la = A.build(a), lb = A.build(b);
        const r = closestPoints(la.shape, la.pose, lb.shape, lb.pose);
        const ref = O.polytopeDistance(a, b);
        const size = O.shapeSize(a.json) + O.shapeSize(b.json);
        // At 1e5 from the origin, world coordinates themselves carry 1e5·ε ≈ 1e-11 of rounding.
        const tol = 1e-6 * Math.max(size, ref.distance) + (far ? 1e-9 : 0);
        if (ref.distance > 0) separated++;
        expect(Math.abs(r.distance - ref.distance), A.describeCase(a, b)).toBeLessThanOrEqual(tol);
        expect(checkClosest(a, b, r, tol), A.describeCase(a, b)).toBe('');
      }),
      { numRuns: RUNS, seed: seed(102) },
    );
    expect(separated).toBeGreaterThan(RUNS * 0.3);
  });

  it('hard set: slivers, near-coplanar hulls with duplicated/collinear points, flat hulls', () => {
    const hard = fc.oneof(A.sliverShape, A.nearCoplanarHull, A.flatShape, A.polytopeShape);
    let separated = 0;
    fc.assert(
      fc.property(hard, hard, A.num(0, 1.2), A.unitVec, A.unitQuat, A.unitQuat, (ja, jb, g, dir, qa, qb) => {
        const [a, b] = placePair(ja, jb, g, dir, qa, qb);
        const la = A.build(a), lb = A.build(b);
        const r = closestPoints(la.shape, la.pose, lb.shape, lb.pose);
        const ref = O.polytopeDistance(a, b);
        const tol = 1e-6 * Math.max(O.shapeSize(ja) + O.shapeSize(jb), ref.distance);
        if (ref.distance > 0) separated++;
        expect(Math.abs(r.distance - ref.distance), A.describeCase(a, b)).toBeLessThanOrEqual(tol);
        expect(checkClosest(a, b, r, tol), A.describeCase(a, b)).toBe('');
      }),
      { numRuns: RUNS, seed: seed(103) },
    );
    expect(separated).toBeGreaterThan(RUNS * 0.25);
  });
});

describe('GJK on raw doubles (subnormal and extreme coordinates, collinear and coincident points)', () => {
  it('hulls of 1..7 raw points: distance matches the brute force, never NaN', () => {
    const rawVec = fc.tuple(A.rawNum(-1, 1), A.rawNum(-1, 1), A.rawNum(-1, 1));
    const rawHull = fc.array(rawVec, { minLength: 1, maxLength: 7 }).map((points) => ({ type: 'convexHull' as const, points }));
    fc.assert(
      fc.property(rawHull, fc.oneof(rawHull, A.polytopeShape), A.num(0, 1.2), A.unitVec, A.unitQuat, A.unitQuat, (ja, jb, g, dir, qa, qb) => {
        const [a, b] = placePair(ja, jb, g, dir, qa, qb);
        const la = A.build(a), lb = A.build(b);
        const r = closestPoints(la.shape, la.pose, lb.shape, lb.pose);
        const ref = O.polytopeDistance(a, b);
        // Relative to the shapes' size, with a floor for the rounding of the poses themselves (|p|·ε).
        const tol = 1e-6 * Math.max(O.shapeSize(ja) + O.shapeSize(jb), ref.distance) + 64 * Number.EPSILON * (O.norm(a.pose.position) + O.norm(b.pose.position));
        expect(Math.abs(r.distance - ref.distance), A.describeCase(a, b)).toBeLessThanOrEqual(tol);
        expect(checkClosest(a, b, r, tol), A.describeCase(a, b)).toBe('');
      }),
      { numRuns: runs(100), seed: seed(109) },
    );
  });
});

describe('GJK on curved and rounded shapes: certificate gap', () => {
  it('witnesses on their shapes, |pB − pA| = distance, and the normal separates by the distance', () => {
    let separated = 0, total = 0;
    fc.assert(
      fc.property(A.anyShape, A.curvedShape, A.num(0, 1.3), A.unitVec, A.unitQuat, A.unitQuat, (ja, jb, g, dir, qa, qb) => {
        const [a, b] = placePair(ja, jb, g, dir, qa, qb);
        const la = A.build(a), lb = A.build(b);
        const r = closestPoints(la.shape, la.pose, lb.shape, lb.pose);
        const tol = 1e-6 * Math.max(O.shapeSize(ja) + O.shapeSize(jb), r.distance);
        total++;
        expect(checkClosest(a, b, r, tol), A.describeCase(a, b)).toBe('');
        if (r.distance > 0) separated++;
        else expect(O.dualDistance(a, b, [O.toV3(r.normal)]).distance, A.describeCase(a, b)).toBeLessThanOrEqual(tol);
      }),
      { numRuns: RUNS, seed: seed(104) },
    );
    expect(separated / total).toBeGreaterThan(0.25);
    expect(separated / total).toBeLessThan(0.9);
  });

  it('scaled curved shapes (1e-3..1e3) at 1e5 from the origin', () => {
    fc.assert(
      fc.property(A.anyShape, A.curvedShape, fc.integer({ min: -3, max: 3 }), A.num(0, 1.3), A.unitVec, A.unitQuat, A.unitQuat, (ja0, jb0, k, g, dir, qa, qb) => {
        const ja = A.scaleShape(ja0, 10 ** k), jb = A.scaleShape(jb0, 10 ** k);
        const [a, b] = placePair(ja, jb, g, dir, qa, qb, [1e5, 2e5, -1e5]);
        const la = A.build(a), lb = A.build(b);
        const r = closestPoints(la.shape, la.pose, lb.shape, lb.pose);
        const tol = 1e-6 * Math.max(O.shapeSize(ja) + O.shapeSize(jb), r.distance) + 1e-9;
        expect(checkClosest(a, b, r, tol), A.describeCase(a, b)).toBe('');
      }),
      { numRuns: runs(100), seed: seed(105) },
    );
  });
});

describe('GJK with mixed scales', () => {
  it('a shape 1e2 against one 1e-2 (both far from the origin or not): certificates hold', () => {
    fc.assert(
      fc.property(A.anyShape, A.anyShape, A.num(0, 1.2), A.unitVec, A.unitQuat, A.unitQuat, fc.boolean(), (ja0, jb0, g, dir, qa, qb, far) => {
        const ja = A.scaleShape(ja0, 1e2), jb = A.scaleShape(jb0, 1e-2);
        const [a, b] = placePair(ja, jb, g, dir, qa, qb, far ? [1e5, 1e5, -1e5] : [0, 0, 0]);
        const la = A.build(a), lb = A.build(b);
        const r = closestPoints(la.shape, la.pose, lb.shape, lb.pose);
        const tol = 1e-6 * Math.max(O.shapeSize(ja) + O.shapeSize(jb), r.distance) + 1e-9;
        expect(checkClosest(a, b, r, tol), A.describeCase(a, b)).toBe('');
      }),
      { numRuns: runs(100), seed: seed(110) },
    );
  });
});

describe('GJK properties', () => {
  it('swapping A and B keeps the distance and flips the normal; a common rigid motion changes nothing', () => {
    fc.assert(
      fc.property(A.anyShape, A.anyShape, A.num(0.3, 1.3), A.unitVec, A.unitQuat, A.unitQuat, A.pose(5), (ja, jb, g, dir, qa, qb, m) => {
        const [a, b] = placePair(ja, jb, g, dir, qa, qb);
        const la = A.build(a), lb = A.build(b);
        const r = closestPoints(la.shape, la.pose, lb.shape, lb.pose);
        const s = closestPoints(lb.shape, lb.pose, la.shape, la.pose);
        const tol = 1e-6 * (O.shapeSize(ja) + O.shapeSize(jb));
        expect(Math.abs(r.distance - s.distance), A.describeCase(a, b)).toBeLessThanOrEqual(tol);
        if (r.distance > tol) expect(O.dist(O.toV3(r.normal), O.neg(O.toV3(s.normal))), A.describeCase(a, b)).toBeLessThanOrEqual(1e-4);
        const ma: O.Placed = { json: ja, pose: O.composePose(m, a.pose) }, mb: O.Placed = { json: jb, pose: O.composePose(m, b.pose) };
        const ta = A.build(ma), tb = A.build(mb);
        const t = closestPoints(ta.shape, ta.pose, tb.shape, tb.pose);
        expect(Math.abs(t.distance - r.distance), A.describeCase(a, b)).toBeLessThanOrEqual(tol + 1e-9);
      }),
      { numRuns: runs(100), seed: seed(106) },
    );
  });

  it('intersects agrees with distance === 0 (away from the touching band)', () => {
    let hits = 0;
    fc.assert(
      fc.property(A.anyShape, A.anyShape, A.num(0, 1.2), A.unitVec, A.unitQuat, A.unitQuat, (ja, jb, g, dir, qa, qb) => {
        const [a, b] = placePair(ja, jb, g, dir, qa, qb);
        const la = A.build(a), lb = A.build(b);
        const d = distance(la.shape, la.pose, lb.shape, lb.pose);
        const hit = intersects(la.shape, la.pose, lb.shape, lb.pose);
        const size = O.shapeSize(ja) + O.shapeSize(jb);
        if (d > 1e-9 * size || d === 0) expect(hit, A.describeCase(a, b)).toBe(d === 0);
        if (hit) hits++;
      }),
      { numRuns: RUNS, seed: seed(107) },
    );
    expect(hits).toBeGreaterThan(RUNS * 0.1);
    expect(hits).toBeLessThan(RUNS * 0.9);
  });

  it('a warm-start GjkCache changes no answer beyond tolerance, also across moving poses', () => {
    fc.assert(
      fc.property(A.anyShape, A.anyShape, A.num(0.2, 1.3), A.unitVec, A.unitQuat, A.unitQuat, A.vec(0.3), (ja, jb, g, dir, qa, qb, jiggle) => {
        const [a, b] = placePair(ja, jb, g, dir, qa, qb);
        const la = A.build(a), lb = A.build(b);
        const cache = new GjkCache();
        const tol = 1e-6 * (O.shapeSize(ja) + O.shapeSize(jb));
        for (let step = 0; step < 3; step++) {
          const p = O.add(b.pose.position, O.scale(jiggle, step));
          const pb = O.poseObj(O.at(p[0], p[1], p[2], b.pose.quaternion));
          const cold = closestPoints(la.shape, la.pose, lb.shape, pb).distance;
          const warm = closestPoints(la.shape, la.pose, lb.shape, pb, undefined, { cache }).distance;
          expect(Math.abs(cold - warm), A.describeCase(a, b)).toBeLessThanOrEqual(tol);
          expect(intersects(la.shape, la.pose, lb.shape, pb, { cache }), A.describeCase(a, b)).toBe(intersects(la.shape, la.pose, lb.shape, pb));
        }
      }),
      { numRuns: runs(100), seed: seed(108) },
    );
  });
});
