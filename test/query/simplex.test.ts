import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closestOnSimplex, simplexSize } from '../../src/query/gjk/simplex.js';
import { runs, seed } from '../runs.js';

/**
 * Oracle: the closest point of a simplex to the origin is the affine projection of the origin onto the
 * affine hull of some subset of vertices, with non-negative weights. Enumerating every subset and solving
 * the normal equations directly is slow and obviously correct.
 */
function bruteForceClosest(points: number[][]): number {
  let best = Infinity;
  const n = points.length;
  for (let mask = 1; mask < 1 << n; mask++) {
    const sub = points.filter((_, i) => mask & (1 << i));
    const lam = affineProjection(sub);
    if (!lam || lam.some((l) => l < -1e-12)) continue;
    const p = [0, 0, 0];
    sub.forEach((s, i) => { for (let c = 0; c < 3; c++) p[c] += lam[i] * s[c]; });
    best = Math.min(best, Math.hypot(p[0], p[1], p[2]));
  }
  return best;
}

/** Weights λ (Σλ = 1) minimising |Σ λ_i s_i|, by Gaussian elimination on the KKT system; null if singular. */
function affineProjection(given: number[][]): number[] | null {
  const k = given.length;
  if (k === 1) return [1];
  // The weights do not change with the points' scale: solved on a copy scaled by a power of two (exact) to a
  // largest coordinate near 1, so that the absolute singularity test below is relative to the subset's own
  // size. (Unscaled, the Gram matrix of an edge 2e-9 long through the origin fell below it, and the
  // enumeration answered the edge's nearer end, 1e-9 away: FC_SEED=1003366035.)
  const largest = Math.max(...given.flat().map(Math.abs));
  // (In two factors: 2^1074, for a subnormal, is beyond float64's range.)
  const e = largest > 0 ? -Math.round(Math.log2(largest)) : 0, f1 = 2 ** Math.trunc(e / 2), f2 = 2 ** (e - Math.trunc(e / 2));
  const s = given.map((q) => q.map((c) => c * f1 * f2));
  const m = k + 1;
  const A = Array.from({ length: m }, () => new Array<number>(m + 1).fill(0));
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) A[i][j] = s[i][0] * s[j][0] + s[i][1] * s[j][1] + s[i][2] * s[j][2];
    A[i][k] = 1;
    A[k][i] = 1;
  }
  A[k][m] = 1;
  for (let c = 0; c < m; c++) {
    let piv = c;
    for (let r = c + 1; r < m; r++) if (Math.abs(A[r][c]) > Math.abs(A[piv][c])) piv = r;
    if (Math.abs(A[piv][c]) < 1e-12) return null;
    [A[c], A[piv]] = [A[piv], A[c]];
    for (let r = 0; r < m; r++) {
      if (r === c) continue;
      const f = A[r][c] / A[c][c];
      for (let q = c; q <= m; q++) A[r][q] -= f * A[c][q];
    }
  }
  return Array.from({ length: k }, (_, i) => A[i][m] / A[i][i]);
}

function run(points: number[][], required = -1): { dist: number; mask: number; lambda: Float64Array } {
  const p = new Float64Array(12);
  points.forEach((q, i) => p.set(q, 3 * i));
  const lambda = new Float64Array(4);
  // No size known: the tetrahedron's conditioning test takes the points' own (a GJK query run before leaves
  // its max |w|² here, which would make a golden's answer depend on the tests run before it).
  simplexSize[0] = -1;
  const mask = closestOnSimplex(p, points.length, lambda, required);
  const v = [0, 0, 0];
  for (let i = 0; i < 4; i++) for (let c = 0; c < 3; c++) v[c] += lambda[i] * p[3 * i + c];
  return { dist: Math.hypot(v[0], v[1], v[2]), mask, lambda };
}

describe('closestOnSimplex (signed volumes)', () => {
  it('segment: interior, and each end', () => {
    expect(run([[-1, 1, 0], [1, 1, 0]]).dist).toBeCloseTo(1, 15);
    expect(run([[-1, 1, 0], [1, 1, 0]]).mask).toBe(0b11);
    expect(run([[1, 0, 0], [2, 0, 0]]).mask).toBe(0b01);
    expect(run([[2, 0, 0], [1, 0, 0]]).mask).toBe(0b10);
  });

  it('triangle: face interior, edge and vertex regions', () => {
    const face = run([[-1, -1, 2], [3, -1, 2], [-1, 3, 2]]);
    expect(face.dist).toBeCloseTo(2, 14);
    expect(face.mask).toBe(0b111);
    const edge = run([[1, -1, 0], [1, 1, 0], [3, 0, 0]]);
    expect(edge.mask).toBe(0b011);
    expect(edge.dist).toBeCloseTo(1, 15);
    const vertex = run([[1, 1, 0], [2, 1, 0], [1, 2, 0]]);
    expect(vertex.mask).toBe(0b001);
  });

  it('tetrahedron containing the origin keeps all four points with weights summing to 1', () => {
    const r = run([[1, 1, 1], [-1, -1, 1], [-1, 1, -1], [1, -1, -1]]);
    expect(r.mask).toBe(0b1111);
    expect(r.lambda.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
    expect(r.dist).toBeLessThan(1e-15);
  });

  it('degenerate simplices (repeated, collinear, coplanar points) fall back to their faces', () => {
    expect(run([[1, 0, 0], [1, 0, 0]]).dist).toBe(1);
    expect(run([[1, -1, 0], [1, 0, 0], [1, 1, 0]]).dist).toBeCloseTo(1, 15);
    // A flat tetrahedron whose plane misses the origin: the answer is the plane distance.
    expect(run([[0, 0, 1], [1, 0, 1], [0, 1, 1], [1, 1, 1]]).dist).toBeCloseTo(1, 15);
    // A flat tetrahedron through the origin: the origin is on it.
    expect(run([[-1, -1, 0], [1, -1, 0], [0, 1, 0], [0, 0.2, 0]]).dist).toBeLessThan(1e-15);
  });

  it('agrees with subset enumeration on random simplices, and weights are a convex combination', () => {
    const coord = fc.double({ min: -4, max: 4, noNaN: true });
    const point = fc.tuple(coord, coord, coord);
    fc.assert(
      fc.property(fc.array(point, { minLength: 1, maxLength: 4 }), (pts) => {
        const r = run(pts);
        const ref = bruteForceClosest(pts);
        expect(Math.abs(r.dist - ref)).toBeLessThanOrEqual(1e-9 * (1 + ref));
        for (let i = 0; i < pts.length; i++) expect(r.lambda[i]).toBeGreaterThanOrEqual(0);
        expect(Math.abs(r.lambda.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-12);
      }),
      { seed: seed(20261121), numRuns: runs(400) },
    );
  });

  // FC_SEED=random (seed -1083383034): coordinates from 1e-147 to 1e-42, where the tetrahedron's cofactors
  // underflow and its volumes are taken again from face normals; the volume taken apart from their sum gave
  // weights of 4e35.
  it('golden: a tetrahedron of tiny coordinates, weights a convex combination', () => {
    const pts = [[0, 1.4974999209008187e-147, 0], [-3.597296109854305e-82, -3.674283675061238e-96, 0], [0, 0, -5.3877672386691254e-42], [3.0618155752822016e-136, 0, 4.5857636245631245e-96]];
    const r = run(pts);
    const ref = bruteForceClosest(pts);
    expect(Math.abs(r.dist - ref)).toBeLessThanOrEqual(1e-9 * (1 + ref));
    for (let i = 0; i < 4; i++) expect(r.lambda[i]).toBeGreaterThanOrEqual(0);
    expect(Math.abs(r.lambda.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-12);
  });

  // FC_SEED=random (seed 484406393): a flat triangle (x = 0) of coordinates from 1e-207 to 1e-58 at a narrow
  // corner, whose weights were taken over a normal from other edges than their areas: they summed to
  // 1 + 1.5e-12.
  it('golden: a thin triangle of tiny coordinates, weights a convex combination', () => {
    const pts = [[0, -1.4085875645444434e-101, -8.804504145429157e-58], [0, 7.931068241611404e-118, 0], [0, -1.7851719910560097e-105, 3.1147484222179905e-207]];
    const r = run(pts);
    const ref = bruteForceClosest(pts);
    expect(Math.abs(r.dist - ref)).toBeLessThanOrEqual(1e-9 * (1 + ref));
    for (let i = 0; i < 3; i++) expect(r.lambda[i]).toBeGreaterThanOrEqual(0);
    expect(Math.abs(r.lambda.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-12);
  });

  // FC_SEED=-716284405 on long-shapes.test.ts (golden ellipsoid-on-long-hull-middle.json): GJK's tetrahedron one
  // step from an ellipsoid touching a hull box 10^9 long, its corners 10^9 out along the box, the newest (3)
  // below the face beside the others. Exactly (rational arithmetic on these doubles), the origin's projection
  // onto the face {0, 2, 3} lies inside it, 3.0377743543670e-7 away, with weights (0.5000000000396343,
  // 0.017802303530359293, 0.4821976964300064); the edge {0, 3} is 2.744981879100023e-5 away. The faces were
  // compared by |Σλp|², whose weights' rounding times 10^9 put the face's point 4.4e-5 off along the box: the
  // edge was answered, and GJK, seeing no progress from 8.5e-6, stopped there.
  it('golden: a long thin tetrahedron picks its nearest face, not an edge that Σλp makes look nearer', () => {
    const pts = [[999999999.9207265, -2.220446049250313e-16, -0.5000280381704327], [-1000000000.0792984, -1.659465521663961e-7, -0.5001802029351281],
      [-1000000000.0790105, -0.000017062626020969418, 0.5015148748823401], [-1000000000.0792732, -9.9253938401489e-12, 0.49997313861212417]];
    const r = run(pts, 3);
    expect(r.mask).toBe(0b1101);
    const exact = [0.5000000000396343, 0, 0.017802303530359293, 0.4821976964300064];
    for (let i = 0; i < 4; i++) expect(Math.abs(r.lambda[i] - exact[i])).toBeLessThan(1e-12);
  });

  // FC_SEED=1605017825 on long-shapes.test.ts (golden small-hull-above-tilted-long-hull.json): GJK's last
  // tetrahedron below a small hull 8.1e-10 above a box 10^5 long, 2e5 long and 0.8 across. Exactly, the origin
  // lies outside it, 8.128784252480308e-10 from the face {0, 2, 3}, inside that face's triangle with weights
  // (0.4999995423238012, 0.06906317116931843, 0.4309372865068804), and the signed volume of vertex 1 is
  // -8.0e-10 of the volume. From cofactor expansions (terms of 10^15) it read +1.9e-9: the origin inside, and
  // GJK answered contact.
  it('golden: the origin 8e-10 outside a face of a tetrahedron 2e5 long is outside', () => {
    const pts = [[-43137.5816792753, 1961.0734000578432, 90196.01734680682], [43137.07608051132, -1961.9060319968858, -90196.34328430699],
      [43136.928124646234, -1960.4952273931322, -90196.13951593832], [43137.594791312906, -1961.1618940598, -90195.80618260498]];
    const r = run(pts, 3);
    expect(r.mask).toBe(0b1101);
    // (Weights to 1e-10: their rounding is about ε times the length over the width, 3e-11; measured 1.6e-12.)
    const exact = [0.4999995423238012, 0, 0.06906317116931843, 0.4309372865068804];
    for (let i = 0; i < 4; i++) expect(Math.abs(r.lambda[i] - exact[i])).toBeLessThan(1e-10);
  });

  // FC_SEED=1003366035 (FC_STRESS=10): a triangle of coordinates about 1e-9 whose edge on the z axis passes
  // through the origin: distance 0 (the subset enumeration answered the nearer vertex, 1e-9, while its
  // singularity test was absolute: affineProjection).
  it('golden: a tiny triangle with the origin on an edge is at distance 0', () => {
    const pts = [[0, 0, -1.0000000010000004e-9], [0, 0, 1.1452369925785777e-9], [0, 1.0000000010000004e-9, 0]];
    expect(run(pts).dist).toBe(0);
    expect(bruteForceClosest(pts)).toBeLessThanOrEqual(1e-25);
  });

  it('with a required (newest) vertex: the optimum over faces holding it, or 0 when none qualifies', () => {
    const coord = fc.double({ min: -4, max: 4, noNaN: true });
    const point = fc.tuple(coord, coord, coord);
    fc.assert(
      fc.property(fc.array(point, { minLength: 3, maxLength: 4 }), (pts) => {
        const req = pts.length - 1;
        const r = run(pts, req);
        const all = bruteForceClosest(pts);
        if (r.mask === 0) return; // GJK reads it as no progress and keeps its previous simplex
        expect(r.dist).toBeGreaterThanOrEqual(all - 1e-9 * (1 + all));
        // Whenever the unrestricted optimum improves on every face without the newest vertex, the
        // restricted search finds it.
        const without = bruteForceClosest(pts.slice(0, req));
        if (all < without - 1e-9 * (1 + all)) expect(Math.abs(r.dist - all)).toBeLessThanOrEqual(1e-9 * (1 + all));
      }),
      { seed: seed(20261122), numRuns: runs(400) },
    );
  });
});
