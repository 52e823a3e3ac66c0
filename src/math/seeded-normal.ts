/**
 * Standard normal numbers from a seed, the same bits in every JavaScript engine (randomized smoothing
 * draws its perturbations here, so that a given query and seed answer alike everywhere, and twice alike).
 *
 * Uniforms from Marsaglia's xorshift32 ("Xorshift RNGs", 2003: shifts 13, 17, 5, period 2^32 − 1), two a
 * pair of normals by the Box–Muller transform (1958), r = √(−2 ln u₁), θ uniform in a turn, with exact-math's sine
 * and cosine and a logarithm written out below: only +, −, ×, ÷ and √, which IEEE 754 rounds correctly.
 * Numbers are written into arrays, never returned (CONTRIBUTING.md, "V8 rules", rule 1).
 */
import { sinCosInto } from './exact-math.js';

const _word = /* @__PURE__ */ new Float64Array(1);
const _bits = /* @__PURE__ */ new Uint32Array(_word.buffer);
/** The angle in, its sine and cosine out (sinCosInto). */
const _angle = /* @__PURE__ */ new Float64Array(2);
const SQRT2 = Math.SQRT2;
// ln 2 in two parts (fdlibm's): the high part has 32 significant bits, so that e · LN2_HI is exact for
// every exponent e of a double.
const LN2_HI = 0.6931471803691238;
const LN2_LO = 1.9082149292705877e-10;

/** A seeded stream of standard normal numbers. */
export class SeededNormal {
  /** The generator's state (never 0). */
  private readonly state = new Uint32Array(1);

  constructor(seed = 1) {
    this.reset(seed);
  }

  /** Starts the stream again from `seed` (an integer; its low 32 bits are used, and 0 is taken as 1). */
  reset(seed: number): void {
    // (A zero state would stay zero: its one fixed point.)
    this.state[0] = (seed >>> 0) === 0 ? 0x9e3779b9 : seed >>> 0;
  }

  /** Writes the next `n` (even) standard normal numbers into out[0..n − 1]. */
  fill(out: Float64Array, n: number): void {
    let x = this.state[0];
    for (let k = 0; k < n; k += 2) {
      // Two uniforms in (0, 1): a 32-bit output plus one half, over 2^32.
      x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
      const u1 = (x + 0.5) / 4294967296;
      x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
      // θ = q·π/2 + r, uniform: the quadrant q from the top two bits, r in (−π/4, π/4) from the rest, so
      // that sinCosInto needs no argument reduction (the turning casts' angles never take that branch, and
      // its feedback here cost them 200 bytes a query), and the quadrant is exact swaps and signs.
      const quadrant = x >>> 30, r0 = (((x & 0x3fffffff) + 0.5) / 1073741824 - 0.5) * (Math.PI / 2);
      // ln u₁: u₁ = m · 2^e with m in [√½, √2), ln m = 2 atanh s, s = (m − 1)/(m + 1), |s| ≤ 0.172, summed to
      // s²³ (the first term left out is below 2^-60 of the sum). Within a few ulps.
      _word[0] = u1;
      const hi = _bits[1];
      let e = (hi >>> 20) - 1023;
      _bits[1] = (hi & 0x000fffff) | 0x3ff00000;
      let m = _word[0];
      if (m > SQRT2) { m *= 0.5; e++; }
      const s = (m - 1) / (m + 1), s2 = s * s;
      let p = 1 / 23;
      for (let j = 21; j >= 1; j -= 2) p = p * s2 + 1 / j;
      const ln = e * LN2_HI + (e * LN2_LO + 2 * s * p);
      const r = Math.sqrt(-2 * ln);
      _angle[0] = r0;
      sinCosInto(_angle);
      const sr = _angle[0], cr = _angle[1];
      const c = quadrant === 0 ? cr : quadrant === 1 ? -sr : quadrant === 2 ? -cr : sr;
      const si = quadrant === 0 ? sr : quadrant === 1 ? cr : quadrant === 2 ? -sr : -cr;
      out[k] = r * c;
      if (k + 1 < n) out[k + 1] = r * si;
    }
    this.state[0] = x;
  }
}
