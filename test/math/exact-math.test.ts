/**
 * The engine-independent sine, cosine, arctangent and lengths (src/math/exact-math.ts). Their point is the
 * same bits in every engine, which only a run in another engine shows (the browser test compares a seeded
 * mix of answers with Node's); here: accuracy against V8's Math functions (within 1 ulp of the exact value
 * there) and against exact values, the symmetries that hold to the bit, and sinCosInto (written apart from
 * sin and cos) giving their bits; atan2 is atan2Into behind a scratch array, so its tests are that form's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { atan2, cos, hypot2, hypot3, sin, sinCosInto } from '../../src/math/exact-math.js';
import { runs, seed } from '../runs.js';

/** The spacing of doubles at |x|. */
const ulp = (x: number): number => (x === 0 ? Number.MIN_VALUE : 2 ** (Math.floor(Math.log2(Math.abs(x))) - 52));
const angle = fc.oneof(fc.double({ min: -4, max: 4, noNaN: true }), fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.double({ min: -1e300, max: 1e300, noNaN: true }));

describe('sin, cos and atan2 without the engine\'s Math', () => {
  it('within 3 ulps of V8\'s Math.sin and Math.cos (themselves within 1 of exact), 8 past 2^20', () => {
    fc.assert(fc.property(angle, (x) => {
      // (Past 2^20 the reduced argument is rounded once more: exact-math.ts.)
      const n = Math.abs(x) > 2 ** 20 ? 8 : 3;
      expect(Math.abs(sin(x) - Math.sin(x))).toBeLessThanOrEqual(n * ulp(Math.sin(x)) + 1e-300);
      expect(Math.abs(cos(x) - Math.cos(x))).toBeLessThanOrEqual(n * ulp(Math.cos(x)) + 1e-300);
    }), { seed: seed(3340), numRuns: runs(3000) });
  });

  it('odd and even to the bit, and sinCosInto (the hot paths\' form, written apart) the same bits as sin and cos', () => {
    const io = new Float64Array(2);
    fc.assert(fc.property(angle, (x) => {
      expect(sin(-x)).toBe(-sin(x));
      expect(cos(-x)).toBe(cos(x));
      io[0] = x;
      sinCosInto(io);
      expect(io[0]).toBe(sin(x));
      expect(io[1]).toBe(cos(x));
    }), { seed: seed(3341), numRuns: runs(2000) });
  });

  it('exact values and the edges', () => {
    expect(sin(0)).toBe(0);
    expect(Object.is(sin(-0), -0)).toBe(true);
    expect(cos(0)).toBe(1);
    expect(sin(Math.PI / 6)).toBeCloseTo(0.5, 15);
    expect(cos(Math.PI / 3)).toBeCloseTo(0.5, 15);
    expect(sin(1e-300)).toBe(1e-300);
    expect(cos(1e-9)).toBe(1 - 5e-19);
    for (const v of [NaN, Infinity, -Infinity]) { expect(sin(v)).toBeNaN(); expect(cos(v)).toBeNaN(); }
    // Past 2^20 the reduction is exact by the bits of 2/π: 1e22 (a classic test argument).
    expect(Math.abs(sin(1e22) - -0.8522008497671888)).toBeLessThanOrEqual(2 * ulp(0.85));
  });

  it('atan2 within 3 ulps of Math.atan2, its quadrants and signed zeros', () => {
    const coordinate = fc.oneof(fc.double({ min: -10, max: 10, noNaN: true }), fc.double({ noNaN: true }));
    fc.assert(fc.property(coordinate, coordinate, (y, x) => {
      const a = atan2(y, x), m = Math.atan2(y, x);
      expect(Math.abs(a - m)).toBeLessThanOrEqual(3 * ulp(m) + 1e-300);
    }), { seed: seed(3342), numRuns: runs(3000) });
    // FC_SEED=random: a small ratio (5.6e-5) halved twice came out 3.5 ulps from the exact
    // 5.648422148286769036074594e-5 (200-bit arithmetic); summed directly, it is the nearest double.
    expect(Math.abs(atan2(9.019554949452934e-253, 1.596827344534875e-248) - 5.648422148286769036074594e-5)).toBeLessThanOrEqual(0.5 * ulp(5.6e-5));
    expect(atan2(0, -1)).toBe(Math.PI);
    expect(atan2(-0, -1)).toBe(-Math.PI);
    expect(Object.is(atan2(-0, 1), -0)).toBe(true);
    expect(atan2(1, 0)).toBe(Math.PI / 2);
    expect(Object.is(atan2(-0, 0), -0)).toBe(true);
    expect(atan2(-0, -0)).toBe(-Math.PI);
    expect(atan2(NaN, 1)).toBeNaN();
    expect(atan2(Infinity, -Infinity)).toBeCloseTo(3 * Math.PI / 4, 15);
  });

  it('hypot2 and hypot3: exact on integers, no overflow or underflow in the squares', () => {
    expect(hypot3(3, 4, 12)).toBe(13);
    expect(hypot2(3, 4)).toBe(5);
    expect(hypot3(1e200, 1e200, 0)).toBeCloseTo(Math.SQRT2 * 1e200, -186);
    expect(hypot2(3e-200, 4e-200)).toBeCloseTo(5e-200, 214);
    expect(hypot3(0, 0, 0)).toBe(0);
    expect(hypot3(Infinity, 1, NaN)).toBe(Infinity);
    expect(hypot2(NaN, 1)).toBeNaN();
  });
});
