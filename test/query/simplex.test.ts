import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closestOnSimplex } from '../../src/query/gjk/simplex.js';
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
function affineProjection(s: number[][]): number[] | null {
  const k = s.length;
  if (k === 1) return [1];
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
