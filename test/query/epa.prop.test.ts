/**
 * EPA (penetration, contact) against the independent oracles of test/oracles.ts: the brute-force depth
 * of polytopes (min over triple normals of the Minkowski difference), SAT over 15 axes for boxes, and
 * for curved shapes the certificate that o(normal) = depth while no other direction overlaps less.
 * Fixed seeds; random suites count their overlapping pairs and fail outside a stated band.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ShapeJSON } from '../../src/format/index.js';
import { closestPoints, contact, createContactResult, intersects, penetration } from '../../src/index.js';
import * as A from '../arbitraries.js';
import * as O from '../oracles.js';
import { runs, seed } from '../runs.js';

const RUNS = runs(150);

function placePair(ja: ShapeJSON, jb: ShapeJSON, g: number, dir: O.V3, qa: O.Q4, qb: O.Q4, off: O.V3 = [0.3, -0.2, 0.1]): [O.Placed, O.Placed] {
  const sa = O.shapeSize(ja), sb = O.shapeSize(jb);
  const pb = O.add(off, O.scale(dir, g * (sa + sb)));
  return [{ json: ja, pose: O.at(off[0], off[1], off[2], qa) }, { json: jb, pose: O.at(pb[0], pb[1], pb[2], qb) }];
}

const finite = (r: { depth: number; normal: { x: number; y: number; z: number }; pointA: { x: number; y: number; z: number }; pointB: { x: number; y: number; z: number } }) =>
  [r.depth, r.normal.x, r.normal.y, r.normal.z, r.pointA.x, r.pointA.y, r.pointA.z, r.pointB.x, r.pointB.y, r.pointB.z].every(Number.isFinite);

/** Certificate checks shared by every shape: o(normal) = depth, witnesses on their shapes and (pA − pB)·n = depth. */
function checkPenetration(a: O.Placed, b: O.Placed, r: NonNullable<ReturnType<typeof penetration>>, tol: number): string {
  if (!finite(r)) return 'non-finite output';
  const n = O.toV3(r.normal), pa = O.toV3(r.pointA), pb = O.toV3(r.pointB);
  if (Math.abs(O.norm(n) - 1) > 1e-9) return 'normal not unit';
  if (r.depth < 0) return 'negative depth';
  const o = O.overlapAlong(a, b, n);
  if (Math.abs(o - r.depth) > tol) return `overlap along the normal ${o} ≠ depth ${r.depth}`;
  if (O.outsideDistance(a, pa) > tol) return `pointA off A by ${O.outsideDistance(a, pa)}`;
  if (O.outsideDistance(b, pb) > tol) return `pointB off B by ${O.outsideDistance(b, pb)}`;
  if (Math.abs(O.dot(O.sub(pa, pb), n) - r.depth) > tol) return `(pA − pB)·n = ${O.dot(O.sub(pa, pb), n)} ≠ depth ${r.depth}`;
  return '';
}

/**
 * A polytope pair's witnesses also lie along the normal, pA − pB = depth·n: EPA's face holds the origin's
 * projection (its converged answer; curved shapes may end on supports along the normal instead).
 */
function checkAligned(r: NonNullable<ReturnType<typeof penetration>>, tol: number): string {
  const n = O.toV3(r.normal), d = O.sub(O.toV3(r.pointA), O.toV3(r.pointB));
  const off = O.norm(O.sub(d, O.scale(n, r.depth)));
  return off > tol ? `pA − pB is ${off} off depth·normal` : '';
}

describe('EPA depth vs brute force on polytopes', () => {
  it('random solid polytopes (boxes, 4..7-point hulls): depth = min over facet normals of conv(A − B)', () => {
    let overlapping = 0, total = 0;
    fc.assert(
      fc.property(A.solidPolytope, A.solidPolytope, A.num(0, 0.8), A.unitVec, A.unitQuat, A.unitQuat, (ja, jb, g, dir, qa, qb) => {
        const [a, b] = placePair(ja, jb, g, dir, qa, qb);
        const la = A.build(a), lb = A.build(b);
        const tol = 1e-6 * (O.shapeSize(ja) + O.shapeSize(jb));
        const dref = O.polytopeDistance(a, b).distance;
        const r = penetration(la.shape, la.pose, lb.shape, lb.pose);
        total++;
        if (dref > tol) { expect(r, A.describeCase(a, b)).toBeNull(); return; }
        if (dref > 0) return; // within tolerance of touching: either answer is fine
        overlapping++;
        expect(r, A.describeCase(a, b)).not.toBeNull();
        const ref = O.polytopeDepth(a, b);
        expect(Math.abs(r!.depth - ref.depth), A.describeCase(a, b)).toBeLessThanOrEqual(tol);
        expect(checkPenetration(a, b, r!, tol), A.describeCase(a, b)).toBe('');
        expect(checkAligned(r!, tol), A.describeCase(a, b)).toBe('');
      }),
      { numRuns: RUNS, seed: seed(201) },
    );
    // Stated band: 40%..95% of the pairs overlap.
    expect(overlapping / total).toBeGreaterThan(0.4);
    expect(overlapping / total).toBeLessThan(0.95);
  });

  it('box–box depth and normal equal SAT over the 15 axes', () => {
    const boxArb = fc.tuple(A.num(0.1, 2), A.num(0.1, 2), A.num(0.1, 2)).map((h) => ({ type: 'box' as const, halfExtents: h }));
    let overlapping = 0;
    fc.assert(
      fc.property(boxArb, boxArb, A.num(0, 0.7), A.unitVec, A.unitQuat, A.unitQuat, (ja, jb, g, dir, qa, qb) => {
        const [a, b] = placePair(ja, jb, g, dir, qa, qb);
        const la = A.build(a), lb = A.build(b);
        const sat = O.boxBoxSat(a, b);
        const tol = 1e-6 * (O.shapeSize(ja) + O.shapeSize(jb));
        const r = penetration(la.shape, la.pose, lb.shape, lb.pose);
        if (sat.depth < -tol) { expect(r, A.describeCase(a, b)).toBeNull(); return; }
        if (sat.depth < tol) return;
        overlapping++;
        expect(r, A.describeCase(a, b)).not.toBeNull();
        expect(Math.abs(r!.depth - sat.depth), A.describeCase(a, b)).toBeLessThanOrEqual(tol);
        expect(checkPenetration(a, b, r!, tol), A.describeCase(a, b)).toBe('');
        expect(checkAligned(r!, tol), A.describeCase(a, b)).toBe('');
      }),
      { numRuns: RUNS, seed: seed(202) },
    );
    expect(overlapping).toBeGreaterThan(RUNS * 0.4);
  });

  it('hard set: slivers, near-coplanar and flat hulls never throw or return NaN, and match the brute force', () => {
    const hard = fc.oneof(A.sliverShape, A.nearCoplanarHull, A.flatShape, A.solidPolytope, A.polytopeShape);
    fc.assert(
      fc.property(hard, hard, A.num(0, 0.8), A.unitVec, A.unitQuat, A.unitQuat, (ja, jb, g, dir, qa, qb) => {
        const [a, b] = placePair(ja, jb, g, dir, qa, qb);
        const la = A.build(a), lb = A.build(b);
        const tol = 1e-6 * (O.shapeSize(ja) + O.shapeSize(jb));
        const c = contact(la.shape, la.pose, lb.shape, lb.pose);
        expect(c).not.toBeNull();
        expect(Number.isFinite(c!.separation) && Number.isFinite(c!.normal.x + c!.pointA.x + c!.pointB.x)).toBe(true);
        const dref = O.polytopeDistance(a, b).distance;
        if (dref > 0) { expect(Math.abs(c!.separation - dref), A.describeCase(a, b)).toBeLessThanOrEqual(tol); return; }
        const ref = O.polytopeDepth(a, b);
        expect(Math.abs(-c!.separation - ref.depth), A.describeCase(a, b)).toBeLessThanOrEqual(tol);
      }),
      { numRuns: runs(100), seed: seed(203) },
    );
  });
});

describe('EPA on curved and rounded shapes', () => {
  it('o(normal) = depth, witnesses on the shapes, and no sampled direction overlaps less', () => {
    let overlapping = 0, total = 0;
    fc.assert(
      fc.property(A.anyShape, A.curvedShape, A.num(0.05, 0.8), A.unitVec, A.unitQuat, A.unitQuat, (ja, jb, g, dir, qa, qb) => {
        const [a, b] = placePair(ja, jb, g, dir, qa, qb);
        const la = A.build(a), lb = A.build(b);
        const tol = 1e-6 * (O.shapeSize(ja) + O.shapeSize(jb));
        const r = penetration(la.shape, la.pose, lb.shape, lb.pose);
        total++;
        if (r === null) { expect(O.dualDistance(a, b).distance, A.describeCase(a, b)).toBeGreaterThan(0); return; }
        overlapping++;
        expect(checkPenetration(a, b, r, tol), A.describeCase(a, b)).toBe('');
        const best = O.searchDepth(a, b, [O.toV3(r.normal)]);
        expect(best.depth, A.describeCase(a, b)).toBeGreaterThanOrEqual(r.depth - tol);
      }),
      { numRuns: runs(100), seed: seed(204) },
    );
    expect(overlapping / total).toBeGreaterThan(0.4);
    expect(overlapping / total).toBeLessThan(0.98);
  });
});

describe('EPA on dense hulls, scales and far poses', () => {
  /** Hulls of 50..200 points on an ellipsoid: many near-coplanar faces for EPA to walk. */
  const dense = fc.tuple(fc.integer({ min: 50, max: 200 }), fc.integer({ min: 1, max: 1e6 }), fc.tuple(A.num(0.2, 2), A.num(0.2, 2), A.num(0.2, 2))).map(([m, seed, r]) => {
    const R = O.rng(seed);
    const points: number[][] = [];
    for (let i = 0; i < m; i++) { const d = O.normalize([R() - 0.5, R() - 0.5, R() - 0.5]); points.push([d[0] * r[0], d[1] * r[1], d[2] * r[2]]); }
    return { type: 'convexHull' as const, points } as ShapeJSON;
  });

  it('dense hull against any shape, near the origin or 1e5 away: the contact certificates hold', () => {
    let overlapping = 0;
    fc.assert(
      fc.property(dense, fc.oneof(A.anyShape, dense), A.num(0.05, 1.2), A.unitVec, A.unitQuat, A.unitQuat, fc.boolean(), (ja, jb, g, dir, qa, qb, far) => {
        const [a, b] = placePair(ja, jb, g, dir, qa, qb, far ? [1e5, -2e5, 1e5] : [0.3, -0.2, 0.1]);
        const la = A.build(a), lb = A.build(b);
        const c = contact(la.shape, la.pose, lb.shape, lb.pose)!;
        const tol = 1e-6 * (O.shapeSize(ja) + O.shapeSize(jb) + Math.abs(c.separation)) + (far ? 1e-9 : 0);
        const n = O.toV3(c.normal);
        expect(Number.isFinite(c.separation)).toBe(true);
        expect(Math.abs(O.overlapAlong(a, b, n) + c.separation), A.describeCase(a, b)).toBeLessThanOrEqual(tol);
        if (c.separation < 0) {
          overlapping++;
          expect(O.searchDepth(a, b, [n]).depth, A.describeCase(a, b)).toBeGreaterThanOrEqual(-c.separation - tol);
        } else {
          expect(Math.abs(O.dist(O.toV3(c.pointA), O.toV3(c.pointB)) - c.separation), A.describeCase(a, b)).toBeLessThanOrEqual(tol);
        }
      }),
      { numRuns: runs(60), seed: seed(208) },
    );
    expect(overlapping).toBeGreaterThan(10);
  });

  it('curved shapes scaled 1e-3..1e3 at 1e5 from the origin: o(normal) = depth, witnesses on the shapes', () => {
    fc.assert(
      fc.property(A.anyShape, A.curvedShape, fc.integer({ min: -3, max: 3 }), A.num(0.05, 0.7), A.unitVec, A.unitQuat, A.unitQuat, (ja0, jb0, k, g, dir, qa, qb) => {
        const ja = A.scaleShape(ja0, 10 ** k), jb = A.scaleShape(jb0, 10 ** k);
        const [a, b] = placePair(ja, jb, g, dir, qa, qb, [1e5, 1e5, -1e5]);
        const la = A.build(a), lb = A.build(b);
        const r = penetration(la.shape, la.pose, lb.shape, lb.pose);
        if (r === null) return;
        const tol = 1e-6 * (O.shapeSize(ja) + O.shapeSize(jb)) + 1e-9;
        expect(checkPenetration(a, b, r, tol), A.describeCase(a, b)).toBe('');
      }),
      { numRuns: runs(80), seed: seed(209) },
    );
  });
});

describe('EPA properties', () => {
  it('moving B by (depth + ε)·normal separates it and by (depth − ε)·normal does not', () => {
    fc.assert(
      fc.property(A.anyShape, A.anyShape, A.num(0.05, 0.7), A.unitVec, A.unitQuat, A.unitQuat, (ja, jb, g, dir, qa, qb) => {
        const [a, b] = placePair(ja, jb, g, dir, qa, qb);
        const la = A.build(a), lb = A.build(b);
        const r = penetration(la.shape, la.pose, lb.shape, lb.pose);
        if (r === null || r.depth === 0) return;
        const eps = 1e-4 * (O.shapeSize(ja) + O.shapeSize(jb));
        const move = (s: number) => { const p = O.add(b.pose.position, O.scale(O.toV3(r.normal), s)); return O.poseObj(O.at(p[0], p[1], p[2], b.pose.quaternion)); };
        expect(intersects(la.shape, la.pose, lb.shape, move(r.depth + eps)), A.describeCase(a, b)).toBe(false);
        if (r.depth > eps) expect(intersects(la.shape, la.pose, lb.shape, move(r.depth - eps)), A.describeCase(a, b)).toBe(true);
      }),
      { numRuns: RUNS, seed: seed(205) },
    );
  });

  it('swapping A and B keeps the depth and flips the normal (up to ties); a rigid motion changes nothing', () => {
    fc.assert(
      fc.property(A.solidPolytope, A.anyShape, A.num(0, 0.6), A.unitVec, A.unitQuat, A.unitQuat, A.pose(5), (ja, jb, g, dir, qa, qb, m) => {
        const [a, b] = placePair(ja, jb, g, dir, qa, qb);
        const la = A.build(a), lb = A.build(b);
        const r = contact(la.shape, la.pose, lb.shape, lb.pose)!;
        const s = contact(lb.shape, lb.pose, la.shape, la.pose)!;
        const tol = 1e-6 * (O.shapeSize(ja) + O.shapeSize(jb));
        expect(Math.abs(r.separation - s.separation), A.describeCase(a, b)).toBeLessThanOrEqual(tol);
        // Normals are unique unless several directions tie; when they differ, the flipped one must be as good.
        const o = O.overlapAlong(a, b, O.neg(O.toV3(s.normal)));
        expect(Math.abs(o + r.separation), A.describeCase(a, b)).toBeLessThanOrEqual(tol);
        const ma: O.Placed = { json: ja, pose: O.composePose(m, a.pose) }, mb: O.Placed = { json: jb, pose: O.composePose(m, b.pose) };
        const ta = A.build(ma), tb = A.build(mb);
        const t = contact(ta.shape, ta.pose, tb.shape, tb.pose)!;
        expect(Math.abs(t.separation - r.separation), A.describeCase(a, b)).toBeLessThanOrEqual(tol + 1e-9);
      }),
      { numRuns: runs(100), seed: seed(206) },
    );
  });

  it('contact with maxDistance: null exactly when the separation exceeds it (out untouched), else the same answer', () => {
    fc.assert(
      fc.property(A.anyShape, A.anyShape, A.num(0.5, 2), A.unitVec, A.unitQuat, A.unitQuat, fc.constantFrom(0.999, 1.001), (ja, jb, g, dir, qa, qb, f) => {
        const [a, b] = placePair(ja, jb, g, dir, qa, qb);
        const la = A.build(a), lb = A.build(b);
        const full = contact(la.shape, la.pose, lb.shape, lb.pose)!;
        if (!(full.separation > 0)) return;
        const out = createContactResult();
        out.separation = 123;
        const r = contact(la.shape, la.pose, lb.shape, lb.pose, out, { maxDistance: full.separation * f });
        if (f < 1) { expect(r, A.describeCase(a, b)).toBeNull(); expect(out.separation).toBe(123); }
        else { expect(r, A.describeCase(a, b)).toBe(out); expect(Math.abs(out.separation - full.separation)).toBeLessThanOrEqual(1e-9 * (1 + full.separation)); }
      }),
      { numRuns: runs(100), seed: seed(210) },
    );
  });

  it('contact agrees with closestPoints when apart and with penetration when overlapping', () => {
    fc.assert(
      fc.property(A.anyShape, A.anyShape, A.num(0, 1.2), A.unitVec, A.unitQuat, A.unitQuat, (ja, jb, g, dir, qa, qb) => {
        const [a, b] = placePair(ja, jb, g, dir, qa, qb);
        const la = A.build(a), lb = A.build(b);
        const tol = 1e-6 * (O.shapeSize(ja) + O.shapeSize(jb));
        const c = contact(la.shape, la.pose, lb.shape, lb.pose)!;
        const d = closestPoints(la.shape, la.pose, lb.shape, lb.pose);
        const p = penetration(la.shape, la.pose, lb.shape, lb.pose);
        if (c.separation > 0) {
          expect(Math.abs(c.separation - d.distance), A.describeCase(a, b)).toBeLessThanOrEqual(tol);
          expect(p, A.describeCase(a, b)).toBeNull();
        } else {
          expect(d.distance, A.describeCase(a, b)).toBeLessThanOrEqual(tol);
          expect(p, A.describeCase(a, b)).not.toBeNull();
          expect(Math.abs(p!.depth + c.separation), A.describeCase(a, b)).toBeLessThanOrEqual(tol);
        }
      }),
      { numRuns: RUNS, seed: seed(207) },
    );
  });
});
