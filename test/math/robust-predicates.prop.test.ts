/**
 * orient2d's sign against the exact sign from BigInt rationals (test/math/dyadic.ts) on random triples:
 * well-spread points, points on a line nudged by a few ulps, and points of any magnitude (subnormals to
 * 1e308, mixed). Each suite also counts its hard cases, so it cannot pass on easy ones only.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orient2d } from '../../src/math/robust-predicates.js';
import { same } from '../check.js';
import { runs, seed } from '../runs.js';
import { exactOrientSign } from './dyadic.js';

const sign = (v: number): number => (v > 0 ? 1 : v < 0 ? -1 : 0);
const view = new DataView(new ArrayBuffer(8));
/** x moved by |k| ulps away from zero (k > 0) or towards it (k < 0), through its bits; x itself if that leaves the finite doubles of its sign. */
function nudge(x: number, k: number): number {
  if (k === 0 || x === 0) return x;
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0) + BigInt(k);
  if ((bits & 0x7fffffffffffffffn) === 0n || bits >> 63n !== view.getBigUint64(0) >> 63n) return x;
  view.setBigUint64(0, bits);
  const y = view.getFloat64(0);
  return Number.isFinite(y) ? y : x;
}

const checkOne = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number => {
  const exact = exactOrientSign(ax, ay, bx, by, cx, cy);
  same(sign(orient2d(ax, ay, bx, by, cx, cy)), exact, `orient2d(${ax}, ${ay}, ${bx}, ${by}, ${cx}, ${cy})`);
  // The sign is antisymmetric in a swap and invariant under a cyclic shift.
  same(sign(orient2d(bx, by, ax, ay, cx, cy)), -exact || 0, 'swapped');
  same(sign(orient2d(bx, by, cx, cy, ax, ay)), exact, 'rotated');
  return exact;
};

describe('orient2d properties', () => {
  it('random points: the exact sign', () => {
    const c = fc.double({ min: -1e3, max: 1e3, noNaN: true });
    fc.assert(fc.property(c, c, c, c, c, c, (ax, ay, bx, by, cx, cy) => {
      checkOne(ax, ay, bx, by, cx, cy);
    }), { seed: seed(71), numRuns: runs(3000) });
  });

  it('nearly collinear: points on a line, rounded, then nudged by up to 3 ulps', () => {
    let hard = 0, zeros = 0, total = 0;
    const c = fc.double({ min: -100, max: 100, noNaN: true });
    const t = fc.double({ min: -3, max: 3, noNaN: true });
    const k = fc.integer({ min: -3, max: 3 });
    fc.assert(fc.property(c, c, c, c, t, k, k, (ax, ay, bx, by, s, kx, ky) => {
      const cx = nudge(ax + s * (bx - ax), kx), cy = nudge(ay + s * (by - ay), ky);
      const exact = checkOne(ax, ay, bx, by, cx, cy);
      const rounded = (ax - cx) * (by - cy) - (ay - cy) * (bx - cx);
      total++;
      if (sign(rounded) !== exact) hard++;
      if (exact === 0) zeros++;
    }), { seed: seed(72), numRuns: runs(3000) });
    // A share of the cases fool the rounded determinant, and some are exactly collinear.
    expect(hard / total).toBeGreaterThan(0.05);
    expect(zeros).toBeGreaterThan(0);
  });

  it('nearly collinear on integer lines and grids: exact zeros and one-ulp turns', () => {
    const i = fc.integer({ min: -(2 ** 26), max: 2 ** 26 });
    const k = fc.integer({ min: -2, max: 2 });
    fc.assert(fc.property(i, i, i, i, fc.integer({ min: -5, max: 5 }), k, (ax, ay, dx, dy, m, kx) => {
      // a, a + d, a + m·d: collinear in integers, then the third nudged.
      checkOne(ax, ay, ax + dx, ay + dy, nudge(ax + m * dx, kx), ay + m * dy);
    }), { seed: seed(73), numRuns: runs(2000) });
  });

  it('any magnitude: subnormals, 1e±300 and mixed scales take the wide path and stay exact', () => {
    const any = fc.double({ noNaN: true, noDefaultInfinity: true });
    const scaled = fc.tuple(fc.double({ min: -2, max: 2, noNaN: true }), fc.integer({ min: -1074, max: 1020 }))
      .map(([m, e]) => m * 2 ** e).filter((v) => Number.isFinite(v));
    const coord = fc.oneof(any, scaled, fc.constant(0));
    fc.assert(fc.property(coord, coord, coord, coord, coord, coord, (ax, ay, bx, by, cx, cy) => {
      checkOne(ax, ay, bx, by, cx, cy);
    }), { seed: seed(74), numRuns: runs(3000) });
  });

  it('nearly collinear at huge and tiny scales: a line through points of one magnitude, nudged', () => {
    const e = fc.integer({ min: -1070, max: 1000 });
    const c = fc.double({ min: -4, max: 4, noNaN: true });
    fc.assert(fc.property(e, c, c, c, c, fc.double({ min: -2, max: 2, noNaN: true }), fc.integer({ min: -2, max: 2 }), (ex, ax, ay, bx, by, s, kx) => {
      const f = 2 ** ex;
      const px = ax * f, py = ay * f, qx = bx * f, qy = by * f;
      const rx = nudge(px + s * (qx - px), kx), ry = py + s * (qy - py);
      if (![px, py, qx, qy, rx, ry].every(Number.isFinite)) return;
      checkOne(px, py, qx, qy, rx, ry);
    }), { seed: seed(75), numRuns: runs(2000) });
  });
});
