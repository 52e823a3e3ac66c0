/**
 * The brute-force answers of the mesh benchmark (bench/mesh-oracles.ts) and its pools (bench/mesh-pools.ts):
 * the flat point–triangle distance against bench/oracles.ts's, the box–triangle separation against hand
 * cases and bench/oracles.ts's polytope distance and overlap, the mesh-wide answers on a square of two
 * triangles, and the pools' sizes. Correctness only: nothing here is timed.
 */
import { describe, expect, it } from 'vitest';
import { boxTriangleSeparation, MeshOracle, pointTriangleDist2 } from '../../bench/mesh-oracles.js';
import { makeCompoundPool, makeMesh, makeMeshQueries, MESH_SPECS } from '../../bench/mesh-pools.js';
import { boxCorners, hullTopology, pointTriangleDistanceSq, polytopeDistance, polytopesOverlap, type V3 } from '../../bench/oracles.js';
import { mulberry32 } from '../../bench/pools.js';

const rnd = mulberry32(0xbeef);
const uni = (lo: number, hi: number): number => lo + (hi - lo) * rnd();
const point = (r: number): V3 => [uni(-r, r), uni(-r, r), uni(-r, r)];

describe('pointTriangleDist2', () => {
  it('matches bench/oracles.ts on random points and triangles', () => {
    for (let k = 0; k < 2000; k++) {
      const a = point(1), b = point(1), c = point(1), p = point(2);
      const flat = [...a, ...b, ...c];
      const x = pointTriangleDist2(p[0], p[1], p[2], flat, 0, 3, 6), y = pointTriangleDistanceSq(p, a, b, c);
      expect(Math.abs(x - y)).toBeLessThanOrEqual(1e-12 * Math.max(1, y));
    }
  });
});

describe('boxTriangleSeparation', () => {
  const h = [1, 1, 1];
  it('is minus the least overlap for a triangle through the box', () => {
    // A big triangle in the plane z = 0.5: the box leaves it by moving 0.5 down (or 1.5 up): depth 0.5.
    expect(boxTriangleSeparation(h, new Float64Array([-10, -10, 0.5, 10, -10, 0.5, 0, 10, 0.5]))).toBeCloseTo(-0.5, 14);
  });
  it('is the distance for a triangle apart from the box', () => {
    expect(boxTriangleSeparation(h, new Float64Array([-10, -10, 3, 10, -10, 3, 0, 10, 3]))).toBeCloseTo(2, 14);
    // Edge against edge: the triangle's edge from (2, 2, −5) to (2, 2, 5) is √2 from the box's edge x = y = 1.
    expect(boxTriangleSeparation(h, new Float64Array([2, 2, -5, 2, 2, 5, 5, 5, 0]))).toBeCloseTo(Math.SQRT2, 14);
  });
  it('agrees with the polytope distance and overlap of bench/oracles.ts on random pairs', () => {
    const box = { verts: boxCorners(1, 0.5, 0.7), ...hullTopology(boxCorners(1, 0.5, 0.7)) };
    let apart = 0, overlapping = 0;
    for (let k = 0; k < 400; k++) {
      const a = point(2), b = point(2), c = point(2);
      const tri = { verts: [a, b, c], tris: [[0, 1, 2], [0, 2, 1]] as [number, number, number][], segs: [[0, 1], [1, 2], [2, 0]] as [number, number][] };
      const s = boxTriangleSeparation([1, 0.5, 0.7], new Float64Array([...a, ...b, ...c]));
      expect(s <= 0).toBe(polytopesOverlap(box, tri));
      if (s > 0) { apart++; expect(Math.abs(s - polytopeDistance(box, tri))).toBeLessThanOrEqual(1e-12); } else overlapping++;
    }
    // Both kinds, in numbers (the test must not pass on one kind only).
    expect(apart).toBeGreaterThan(50);
    expect(overlapping).toBeGreaterThan(50);
  });
});

describe('MeshOracle', () => {
  // The square [0, 1]² at z = 0, two triangles.
  const oracle = new MeshOracle(new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]), [0, 1, 2, 0, 2, 3]);
  it('answers rays', () => {
    expect(oracle.rayT(0.25, 0.75, 2, 0, 0, -1)).toBe(2);
    expect(oracle.rayT(0.25, 0.75, 2, 0, 0, -4)).toBe(0.5);
    expect(oracle.rayT(0.25, 0.75, -2, 0, 0, 1)).toBe(2); // two-sided
    expect(oracle.rayT(1.5, 0.5, 2, 0, 0, -1)).toBeNaN();
    expect(oracle.rayT(0.5, 0.5, 2, 0, 0, 1)).toBeNaN(); // behind the origin
  });
  it('answers points', () => {
    expect(oracle.pointDistance(0.3, 0.6, -0.25)).toBeCloseTo(0.25, 15);
    expect(oracle.pointDistance(2, 1, 0)).toBeCloseTo(1, 15);
    expect(oracle.pointDistance(2, 2, 1)).toBeCloseTo(Math.sqrt(3), 15);
  });
  it('answers boxes, NaN beyond the margin', () => {
    const identity = [0, 0, 0, 1];
    expect(oracle.boxSeparation([0.5, 0.5, 0.3], identity, [0.1, 0.1, 0.1])).toBeCloseTo(0.2, 14);
    // (Spanning z from −0.05 to 0.15: it leaves the plane by moving up 0.05.)
    expect(oracle.boxSeparation([0.5, 0.5, 0.05], identity, [0.1, 0.1, 0.1])).toBeCloseTo(-0.05, 14);
    expect(oracle.boxSeparation([0.5, 0.5, 0.3], identity, [0.1, 0.1, 0.1], 0.1)).toBeNaN();
  });
});

describe('mesh pools', () => {
  it('have the triangle counts their names say', () => {
    const counts = MESH_SPECS.map((s) => 2 * s.a * s.b);
    expect(counts).toEqual([10_000, 10_000, 100_000, 99_856, 1_000_000, 1_000_000]);
    for (const s of MESH_SPECS.slice(0, 2)) expect(makeMesh(s).triangles).toBe(10_000);
  });
  it('aim rays from outside the mesh box at points inside it, the same for the same seed', () => {
    const m = makeMesh(MESH_SPECS[1]), q = makeMeshQueries(m, 200, 7), b = m.box;
    for (let i = 0; i < q.n; i++) {
      const o = [q.rayOrigin[3 * i], q.rayOrigin[3 * i + 1], q.rayOrigin[3 * i + 2]];
      expect(o.some((x, k) => x < b[k] || x > b[3 + k])).toBe(true);
      for (let k = 0; k < 3; k++) {
        const aim = o[k] + q.rayDir[3 * i + k];
        expect(aim).toBeGreaterThanOrEqual(b[k] - 1e-12);
        expect(aim).toBeLessThanOrEqual(b[3 + k] + 1e-12);
      }
    }
    expect(makeMeshQueries(m, 200, 7).boxQuat).toEqual(q.boxQuat);
  });
  it('make a compound of 20 parts', () => {
    expect(makeCompoundPool(10).parts).toHaveLength(20);
  });
});
