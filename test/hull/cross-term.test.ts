import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crossTerm } from '../../src/hull/face-plane.js';
import { runs, seed } from '../runs.js';

/** A finite double as m · 2^e with m and e integers (exactly). */
function exact(x: number): { m: bigint; e: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0), lo = view.getUint32(4);
  const sign = hi >>> 31 ? -1n : 1n;
  const biased = (hi >>> 20) & 0x7ff;
  const frac = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  if (biased === 0) return { m: sign * frac, e: -1074 };
  return { m: sign * (frac | (1n << 52n)), e: biased - 1075 };
}

/** a·b − c·d − r, exactly, as m · 2^e. */
function residual(a: number, b: number, c: number, d: number, r: number): { m: bigint; e: number } {
  const xa = exact(a), xb = exact(b), xc = exact(c), xd = exact(d), xr = exact(r);
  const terms = [
    { m: xa.m * xb.m, e: xa.e + xb.e },
    { m: -xc.m * xd.m, e: xc.e + xd.e },
    { m: -xr.m, e: xr.e },
  ];
  const e = Math.min(...terms.map((t) => t.e));
  return { m: terms.reduce((sum, t) => sum + (t.m << BigInt(t.e - e)), 0n), e };
}

/** |m · 2^e| ≤ 2^k, compared exactly. */
function atMostPow2(x: { m: bigint; e: number }, k: number): boolean {
  const mag = x.m < 0n ? -x.m : x.m;
  return k - x.e >= 0 ? mag <= 1n << BigInt(k - x.e) : mag === 0n || (mag << BigInt(x.e - k)) <= 1n;
}

describe('crossTerm (exact products for thin triangles)', () => {
  it('a·b − c·d within one ulp of the result and 2⁻¹⁰⁰ of the products, even when they cancel', () => {
    // Dekker's products are exact while they do not underflow (below 2^-969); hull coordinates that
    // small are zero at any tolerance, so such inputs are mapped to 0 here.
    const coord = fc.double({ min: -10, max: 10, noNaN: true, noDefaultInfinity: true }).map((x) => (Math.abs(x) < 1e-100 ? 0 : x));
    // Nearly parallel edges: (c, d) is (a, b) scaled and nudged, so a·b − c·d cancels to a few digits.
    const nudge = fc.double({ min: -1e-9, max: 1e-9, noNaN: true }).map((x) => (Math.abs(x) < 1e-100 ? 0 : x));
    fc.assert(fc.property(coord, coord, fc.double({ min: 0.5, max: 2, noNaN: true }), nudge, nudge, (a, b, s, u, v) => {
      const c = a * s + u, d = b / s + v;
      const r = crossTerm(a, b, c, d);
      const products = Math.max(Math.abs(a * b), Math.abs(c * d), Number.MIN_VALUE);
      // Tolerance: one ulp of r (2^(exponent of r − 52)) plus 2^-100 of the products, exactly.
      const ulpExp = r === 0 ? -1074 : Math.floor(Math.log2(Math.abs(r))) - 52;
      const prodExp = Math.floor(Math.log2(products)) - 100;
      const res = residual(a, b, c, d, r);
      return atMostPow2(res, Math.max(ulpExp, prodExp) + 1);
    }), { seed: seed(20261122), numRuns: runs(2000) });
  });

  it('the plain difference loses what crossTerm keeps', () => {
    // a·b and c·d both about 0.3, their difference 1e-17: the rounded products leave none of it.
    const a = 0.1 + 1e-17, b = 3, c = 0.1, d = 3;
    const plain = a * b - c * d;
    const kept = crossTerm(a, b, c, d);
    const exactValue = residual(a, b, c, d, 0);
    const relErr = (r: number): number => {
      const res = residual(a, b, c, d, r);
      return Math.abs(Number(res.m) * 2 ** res.e) / Math.abs(Number(exactValue.m) * 2 ** exactValue.e);
    };
    expect(relErr(kept)).toBeLessThan(1e-15);
    expect(relErr(plain)).toBeGreaterThan(1e-3);
  });
});
