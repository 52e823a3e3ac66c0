/**
 * The benchmark pools must be the pools of ../shared/bench/POOLS.md draw for draw, or our figures
 * cannot sit beside the native C figures recorded there. This test checks the facts POOLS.md states
 * (pair 0's values, overlap counts, mean distance) against bench/pools.ts and the exact oracles of
 * bench/oracles.ts. Correctness only: nothing here is timed.
 */
import { describe, expect, it } from 'vitest';
import { makeBoxesPool, makeHullsPool, makeSphereBoxPool, mulberry32, POOL_SIZE } from '../../bench/pools.js';
import {
  boxBoxSatDepth, boxesTruth, hullsOverlap, hullsTruth, hullTopology, pointTriangleDistanceSq, polytopeDistance,
  segmentSegmentDistanceSq, sphereBoxTruth, type V3,
} from '../../bench/oracles.js';

const count = (a: Uint8Array): number => a.reduce((s, x) => s + x, 0);

describe('mulberry32', () => {
  it('matches the reference recurrence for seed 0x1234', () => {
    // Independent transcription of POOLS.md's four lines, with explicit unsigned arithmetic.
    let a = 0x1234;
    const ref = (): number => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const rnd = mulberry32(0x1234);
    for (let i = 0; i < 1000; i++) {
      const x = rnd();
      expect(x).toBe(ref());
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });
});

describe('boxes pool (seed 0x1234)', () => {
  const pool = makeBoxesPool();

  it('reproduces pair 0', () => {
    expect([...pool.halfA.subarray(0, 3)]).toEqual([0.77228631149046123, 0.90809611463919282, 0.53224402398336679]);
    expect([...pool.posB.subarray(0, 3)]).toEqual([0.062568702735006809, 0.53041445650160313, 0.28322676662355661]);
    for (let i = 0; i < POOL_SIZE; i += 997) {
      const q = pool.quatA.subarray(4 * i, 4 * i + 4);
      expect(Math.hypot(...q)).toBeCloseTo(1, 14);
    }
  });

  it('pair 0 overlaps with exact depth 1.2998428180', () => {
    const d = boxBoxSatDepth(
      [pool.halfA[0], pool.halfA[1], pool.halfA[2]], pool.quatA, 0, [0, 0, 0],
      [pool.halfB[0], pool.halfB[1], pool.halfB[2]], pool.quatB, 0, [pool.posB[0], pool.posB[1], pool.posB[2]],
    );
    expect(Math.abs(d - 1.299842818)).toBeLessThan(5e-11);
  });

  it('has 5,548 overlapping pairs out of 10,000', () => {
    const truth = boxesTruth(pool);
    expect(count(truth.overlap)).toBe(5548);
    // Separated pairs have a positive exact distance, overlapping pairs a positive depth.
    for (let i = 0; i < POOL_SIZE; i++) {
      if (truth.overlap[i]) expect(truth.depth[i]).toBeGreaterThan(0);
      else expect(truth.distance[i]).toBeGreaterThan(0);
    }
  }, 60_000);
});

describe('sphere–box pool (seed 0x2345)', () => {
  it('has 29.7 % overlapping pairs', () => {
    const truth = sphereBoxTruth(makeSphereBoxPool());
    expect(Math.round(count(truth.overlap) / 10)).toBe(297);
  });
});

describe('hulls pool (seed 0x3456)', () => {
  it('has 30 template points on the unit sphere, all hull vertices (56 triangles, 84 edges)', () => {
    const pool = makeHullsPool(2);
    const pts: V3[] = [];
    for (let k = 0; k < 90; k += 3) {
      pts.push([pool.template[k], pool.template[k + 1], pool.template[k + 2]]);
      expect(Math.hypot(...pts[pts.length - 1])).toBeCloseTo(1, 14);
    }
    const topo = hullTopology(pts);
    expect(topo.tris.length).toBe(2 * 30 - 4);
    expect(topo.segs.length).toBe(3 * 30 - 6);
    expect(new Set(topo.tris.flat()).size).toBe(30);
  });

  it('R = 2: 40.1 % overlap, mean distance 0.2791, pair 0 distance 0.075462732318940615', () => {
    const truth = hullsTruth(makeHullsPool(2));
    expect(Math.round(count(truth.overlap) / 10)).toBe(401);
    const mean = truth.distance.reduce((s, x) => s + x, 0) / POOL_SIZE;
    expect(mean.toFixed(4)).toBe('0.2791');
    expect(Math.abs(truth.distance[0] - 0.075462732318940615)).toBeLessThan(1e-15);
  }, 120_000);

  it('R = 3: 11.5 % overlap', () => {
    const pool = makeHullsPool(3), overlap = hullsOverlap(pool);
    expect(Math.round(count(overlap) / 10)).toBe(115);
    // The bounding-ball shortcut agrees with the full scan where both run.
    const some = hullsTruth(pool, 300);
    expect([...some.overlap]).toEqual([...overlap.subarray(0, 300)]);
  }, 120_000);
});

describe('oracle building blocks', () => {
  it('point–triangle and segment–segment distances match hand-worked cases', () => {
    const a: V3 = [0, 0, 0], b: V3 = [2, 0, 0], c: V3 = [0, 2, 0];
    expect(pointTriangleDistanceSq([0.5, 0.5, 3], a, b, c)).toBeCloseTo(9, 14); // face region
    expect(pointTriangleDistanceSq([-1, -1, 0], a, b, c)).toBeCloseTo(2, 14); // vertex region
    expect(pointTriangleDistanceSq([2, 2, 0], a, b, c)).toBeCloseTo(2, 14); // edge bc region
    expect(segmentSegmentDistanceSq([0, 0, 0], [1, 0, 0], [0.5, -1, 1], [0.5, 1, 1])).toBeCloseTo(1, 14);
    expect(segmentSegmentDistanceSq([0, 0, 0], [1, 0, 0], [3, 0, 0], [4, 0, 0])).toBeCloseTo(4, 14);
  });

  it('polytope distance of two unit cubes a known gap apart, edge to edge', () => {
    const cube = (t: V3): V3[] => {
      const out: V3[] = [];
      for (const x of [-0.5, 0.5]) for (const y of [-0.5, 0.5]) for (const z of [-0.5, 0.5]) out.push([x + t[0], y + t[1], z + t[2]]);
      return out;
    };
    const topo = hullTopology(cube([0, 0, 0]));
    const A = { verts: cube([0, 0, 0]), ...topo };
    const B = { verts: cube([3, 0, 0]), ...topo };
    expect(polytopeDistance(A, B)).toBeCloseTo(2, 14);
    const C = { verts: cube([2, 2, 0]), ...topo };
    expect(polytopeDistance(A, C)).toBeCloseTo(Math.SQRT2, 14);
    const D = { verts: cube([0.5, 0.5, 0.5]), ...topo };
    expect(polytopeDistance(A, D)).toBe(0);
  });
});
