/**
 * orient2d (src/math/robust-predicates.ts) on worked and classic hard cases, each against the exact sign
 * from BigInt rationals (test/math/dyadic.ts). The fast-check properties are in robust-predicates.prop.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { InvalidNumberError } from '../../src/errors.js';
import { orient2d } from '../../src/math/robust-predicates.js';
import { same } from '../check.js';
import { exactOrientSign } from './dyadic.js';

const sign = (v: number): number => (v > 0 ? 1 : v < 0 ? -1 : 0);
/** The naive rounded determinant, to show that a case is hard. */
const naive = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number =>
  (ax - cx) * (by - cy) - (ay - cy) * (bx - cx);

describe('orient2d: worked cases', () => {
  it('counter-clockwise is positive, clockwise negative, collinear and coincident zero', () => {
    expect(orient2d(0, 0, 1, 0, 0, 1)).toBe(1);
    expect(orient2d(0, 0, 0, 1, 1, 0)).toBe(-1);
    expect(orient2d(0, 0, 1, 1, 2, 2)).toBe(0);
    expect(orient2d(0, 0, 1, 1, 3, 3)).toBe(0);
    expect(orient2d(1, 2, 1, 2, 5, 7)).toBe(0);
    expect(orient2d(3, 3, 3, 3, 3, 3)).toBe(0);
    // Twice the signed area where the filter answers.
    expect(orient2d(0, 0, 4, 0, 0, 3)).toBe(12);
  });

  it('exactly collinear points the rounded determinant calls turning', () => {
    // c on the line through a and b by construction in rationals, not representable as a rounded product.
    const ax = 0.1, ay = 0.1, bx = 0.3, by = 0.3, cx = 0.7, cy = 0.7;
    expect(sign(orient2d(ax, ay, bx, by, cx, cy))).toBe(exactOrientSign(ax, ay, bx, by, cx, cy));
    // Points one ulp off a line of slope one.
    const x = 1 + 2 ** -52;
    expect(sign(orient2d(0, 0, 1, 1, x, 1))).toBe(exactOrientSign(0, 0, 1, 1, x, 1));
    expect(sign(orient2d(0, 0, 1, 1, x, 1))).toBe(-1);
    expect(sign(orient2d(0, 0, 1, 1, 1, x))).toBe(1);
  });

  it('the classic near-degenerate grid (Kettner et al. 2008): p = (0.5 + i·2^-53, 0.5 + j·2^-53), q = (12, 12), r = (24, 24)', () => {
    // The rounded determinant's signs form a chaotic pattern over this 256 × 256 grid; the exact ones are a
    // clean split by the diagonal.
    const u = 2 ** -53;
    let naiveWrong = 0, zeros = 0;
    for (let i = 0; i < 256; i++) {
      for (let j = 0; j < 256; j++) {
        const px = 0.5 + i * u, py = 0.5 + j * u;
        const exact = exactOrientSign(px, py, 12, 12, 24, 24);
        same(sign(orient2d(px, py, 12, 12, 24, 24)), exact, `(${i}, ${j})`);
        same(sign(orient2d(12, 12, 24, 24, px, py)), exact, `(${i}, ${j}) rotated`);
        if (sign(naive(px, py, 12, 12, 24, 24)) !== exact) naiveWrong++;
        if (exact === 0) zeros++;
      }
    }
    // The grid is hard: the rounded determinant is wrong on a large share of it.
    expect(naiveWrong).toBeGreaterThan(1000);
    expect(zeros).toBeGreaterThan(0);
  });

  it('the same grid shifted to huge and tiny magnitudes (the wide path) keeps the exact signs', () => {
    for (const scale of [2 ** 600, 2 ** 1000, 2 ** -600, 2 ** -1000, 2 ** -1070]) {
      const u = 2 ** -53;
      for (let i = 0; i < 32; i++) {
        for (let j = 0; j < 32; j++) {
          const px = (0.5 + i * u) * scale, py = (0.5 + j * u) * scale;
          // (At 2^-1070 the grid's steps are below the smallest subnormal: the points collapse, still exact.)
          same(sign(orient2d(px, py, 12 * scale, 12 * scale, 24 * scale, 24 * scale)),
            exactOrientSign(px, py, 12 * scale, 12 * scale, 24 * scale, 24 * scale), `scale ${scale}, (${i}, ${j})`);
        }
      }
    }
  });

  it('mixed magnitudes: huge coordinates whose products cancel, tiny ones deciding the sign', () => {
    const H = 2 ** 1000, t = 2 ** -1000;
    // a = (H, t1), b = (H, t2), c = (0, 0): det = H·(t2 − t1).
    expect(sign(orient2d(H, 3 * t, H, 5 * t, 0, 0))).toBe(1);
    expect(sign(orient2d(H, 5 * t, H, 3 * t, 0, 0))).toBe(-1);
    // The same with a third point: products of 2^2000 and of 1 in one determinant.
    expect(sign(orient2d(H, 3 * t, H, 5 * t, H, 4 * t))).toBe(exactOrientSign(H, 3 * t, H, 5 * t, H, 4 * t));
    expect(sign(orient2d(H, 3 * t, 2 * H, 5 * t, 3 * H, 7 * t))).toBe(0);
    const above = 7 * t * (1 + Number.EPSILON);
    expect(above).toBeGreaterThan(7 * t);
    expect(sign(orient2d(H, 3 * t, 2 * H, 5 * t, 3 * H, above))).toBe(1);
    expect(orient2d(H, 5 * t, H, 5 * t, 0, 0)).toBe(0);
    // Overflowing differences: 1e308 − (−1e308).
    expect(sign(orient2d(1e308, 0, -1e308, 1e-300, 0, 0))).toBe(exactOrientSign(1e308, 0, -1e308, 1e-300, 0, 0));
    expect(sign(orient2d(-1.7e308, -1.7e308, 1.7e308, 1.7e308, 0, 0))).toBe(0);
    expect(sign(orient2d(-1.7e308, -1.7e308, 1.7e308, 1.7e308, 0, 5e-324))).toBe(1);
    // Subnormals only: every product underflows to zero in floating point.
    expect(orient2d(0, 0, 5e-324, 0, 0, 5e-324)).toBe(1);
    expect(orient2d(0, 0, 1e-320, 1e-320, 2e-320, 2e-320)).toBe(0);
    expect(orient2d(0, 0, 1e-320, 1e-320, 2e-320, 2.0000000000000005e-320)).toBe(exactOrientSign(0, 0, 1e-320, 1e-320, 2e-320, 2.0000000000000005e-320));
    // Products just below the normal range, where Shewchuk's filter bound would not hold.
    const s = 2 ** -520;
    for (const [ax, ay, bx, by, cx, cy] of [[s, 3 * s, 2 * s, 5 * s, 0, 0], [s, s, 3 * s, 3 * s, 7 * s, 7 * s], [1e-160, 1e-160, 3e-160, 2.9999999999999997e-160, 0, 0]]) {
      expect(sign(orient2d(ax, ay, bx, by, cx, cy))).toBe(exactOrientSign(ax, ay, bx, by, cx, cy));
    }
  });

  it('throws InvalidNumberError naming the argument for NaN or an infinity', () => {
    expect(() => orient2d(0, 0, NaN, 0, 1, 1)).toThrow(InvalidNumberError);
    expect(() => orient2d(0, 0, NaN, 0, 1, 1)).toThrow(/orient2d\.bx/);
    expect(() => orient2d(0, 0, 1, 0, 1, Infinity)).toThrow(/orient2d\.cy/);
    expect(() => orient2d(-Infinity, 0, 1, 0, 1, 1)).toThrow(/orient2d\.ax/);
  });
});
