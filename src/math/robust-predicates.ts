/**
 * The orientation of three points in the plane, with an exact sign for any float64 coordinates.
 *
 * Source: J. R. Shewchuk, "Adaptive precision floating-point arithmetic and fast robust geometric
 * predicates", Discrete & Computational Geometry 18 (1997) 305–363. From it: the floating-point filter of
 * §4.3 with its error bound ccwerrboundA = (3 + 16ε)ε (so the sign of the rounded determinant is returned
 * whenever it is certain); Two-Sum and Two-Diff (§2.2, Knuth and Dekker: a rounded sum and its exact
 * error), Two-Product by Veltkamp's split (§2.3, Dekker 1971), and Grow-Expansion with zero elimination
 * (§2.3, Figure 6, Theorem 10), which sums doubles into a nonoverlapping expansion whose largest component
 * carries the sign of the exact sum.
 *
 * Where this departs from the paper, and why:
 * - After the filter, no adaptive stages B–D. When the four coordinate differences are exact (their Two-Diff
 *   tails are zero: integer and grid data, collinear runs, every exactly degenerate case met so far), the
 *   determinant is two exact products, four components. Otherwise it is expanded into its six coordinate
 *   products (ax·by − ax·cy − cx·by − ay·bx + ay·cx + cy·bx), each split exactly, twelve components. Both
 *   are summed by Grow-Expansion. This is slower than Shewchuk's stage C on the inputs that reach it, but
 *   those are rare (the filter answers every triple that is not within a few ulps of collinear) and the
 *   code is short enough to check by hand.
 * - Shewchuk assumes that nothing underflows or overflows. The filter here answers only when both products
 *   are normal (or exactly zero because a factor is zero) and their sum is below 2^1000; the exact stage
 *   runs on coordinates in [2^-450, 2^450] (or zero), where every split, product and error term is a normal
 *   number or zero. Anything else (1e-300 next to 1e300, subnormals, 1e308) takes a wide path: each
 *   coordinate is written as m·2^e with m in [1, 2), each product as an exact 106-bit mantissa product times
 *   2^E, and the six products are summed in groups of close exponents, largest first; a group whose sum is
 *   not zero outweighs everything below it (the gap argument at WIDE_GAP). The wide path returns ±1 or 0.
 *
 * Allocation: none. The slow paths read their inputs from and write their answer to module scratch arrays
 * (CONTRIBUTING.md, "V8 rules", rule 1: no doubles through calls that may not be inlined), so orient2d
 * itself stays small enough for V8 to inline.
 */
import { InvalidNumberError } from '../errors.js';

/** Shewchuk's ε: half an ulp of 1, 2^-53, the relative error of one rounded operation. */
const EPSILON = Number.EPSILON / 2;
/** Shewchuk's ccwerrboundA: |det − exact| ≤ CCW_ERRBOUND_A·(|detLeft| + |detRight|) without under- or overflow. */
const CCW_ERRBOUND_A = (3 + 16 * EPSILON) * EPSILON;
/** Veltkamp's splitter 2^27 + 1: a·SPLITTER splits a into two halves of 26 significant bits or fewer. */
const SPLITTER = 134217729;
/** 2^-1022, the smallest normal double: a product at least this large is rounded with relative error ≤ ε. */
const MIN_NORMAL = 2.2250738585072014e-308;
/** 2^1000: the filter answers below it, so det and its bound are finite and exact to within ε. */
const FILTER_MAX = 1.0715086071862673e+301;
/** 2^-450 and 2^450: coordinates in this range (or 0) have exact products and splits (see the header). */
const SAFE_MIN = 3.4395525670743494e-136;
const SAFE_MAX = 2.9073548971824276e+135;
/**
 * 2^k for k = 512, 256, …, 1 and their inverses, written as their shortest decimals (which parse to the
 * powers exactly): scaling by them is exact. The wide path's tests at 1e±300 and subnormals pin them.
 */
const POW2_UP = /* @__PURE__ */ new Float64Array([1.3407807929942597e+154, 1.157920892373162e+77, 3.402823669209385e+38, 18446744073709552000, 4294967296, 65536, 256, 16, 4, 2]);
const POW2_DOWN = /* @__PURE__ */ new Float64Array([7.458340731200207e-155, 8.636168555094445e-78, 2.938735877055719e-39, 5.421010862427522e-20, 2.3283064365386963e-10, 0.0000152587890625, 0.00390625, 0.0625, 0.25, 0.5]);
/** The exponents of POW2_UP, for the wide path's bookkeeping. */
const POW2_EXPONENTS = /* @__PURE__ */ new Int32Array([512, 256, 128, 64, 32, 16, 8, 4, 2, 1]);
/** 2^128 and 2^-960: a coordinate below 2^-960 (a subnormal one too) is scaled by 2^128 before its exponent is read. */
const TWO_128 = 3.402823669209385e+38;
const TWO_MINUS_960 = 1.0261342003245941e-289;
/**
 * The wide path's grouping: products whose exponents (sorted) are at most WIDE_GAP apart share a group.
 * Each product is (an exact multiple of 2^-104 in [1, 4))·2^E, so a group whose smallest exponent is F sums
 * to a multiple of 2^(F−104): if not zero, at least 2^(F−104). Everything below the group (at most five
 * products with E ≤ F − WIDE_GAP − 1, each under 4·2^E) sums to less than 20·2^(F−129) < 2^(F−124). So the
 * first group with a non-zero sum has the sign of the whole. Any gap ≥ 109 works; 128 keeps a margin, and a
 * group spans at most 5·128 = 640 binades, so its members scale to a common exponent without underflow.
 */
const WIDE_GAP = 128;

/** The six products of the determinant's expansion: coordinate indices (ax ay bx by cx cy = 0…5) and signs. */
const PRODUCT_LEFT = /* @__PURE__ */ new Int32Array([0, 0, 4, 1, 1, 5]);
const PRODUCT_RIGHT = /* @__PURE__ */ new Int32Array([3, 5, 3, 2, 4, 2]);
const PRODUCT_SIGN = /* @__PURE__ */ new Float64Array([1, -1, -1, -1, 1, 1]);
const ARGUMENT_NAMES = ['orient2d.ax', 'orient2d.ay', 'orient2d.bx', 'orient2d.by', 'orient2d.cx', 'orient2d.cy'];

/** The slow paths' inputs (ax ay bx by cx cy) and answer. */
const _coords = /* @__PURE__ */ new Float64Array(6);
const _answer = /* @__PURE__ */ new Float64Array(1);
/** Components to sum, and the expansion Grow-Expansion builds from them. */
const _terms = /* @__PURE__ */ new Float64Array(12);
const _expansion = /* @__PURE__ */ new Float64Array(12);
/** The wide path: each coordinate's mantissa and exponent, each product's mantissa (hi + lo) and exponent, their order. */
const _mantissa = /* @__PURE__ */ new Float64Array(6);
const _exponent = /* @__PURE__ */ new Int32Array(6);
const _productHi = /* @__PURE__ */ new Float64Array(6);
const _productLo = /* @__PURE__ */ new Float64Array(6);
const _productExponent = /* @__PURE__ */ new Int32Array(6);
const _order = /* @__PURE__ */ new Int32Array(6);

/**
 * The orientation of the points a, b, c: positive when they turn counter-clockwise (c lies to the left of
 * the directed line from a to b), negative when clockwise, zero exactly when the three are collinear
 * (coincident points included). The SIGN is exact for every finite float64 input. The value approximates
 * twice the signed area of the triangle (a, b, c): the rounded determinant when the filter answers, the
 * largest component of the exact expansion otherwise; for coordinates beyond [2^-450, 2^450] that the
 * filter cannot answer it is ±1 or 0. Reads nothing but its arguments and writes nothing the caller sees.
 * Throws InvalidNumberError (naming the argument, e.g. `orient2d.bx`) for NaN or ±Infinity.
 */
export function orient2d(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const acx = ax - cx, bcx = bx - cx, acy = ay - cy, bcy = by - cy;
  const detLeft = acx * bcy, detRight = acy * bcx;
  const det = detLeft - detRight;
  const detSum = Math.abs(detLeft) + Math.abs(detRight);
  // Shewchuk's filter (§4.3), trusted only where his model holds: each product normal or exactly zero
  // (a zero factor), and no overflow. A NaN or an infinity fails `detSum <= FILTER_MAX`.
  if (Math.abs(det) >= CCW_ERRBOUND_A * detSum && detSum <= FILTER_MAX
    && (Math.abs(detLeft) >= MIN_NORMAL || acx === 0 || bcy === 0)
    && (Math.abs(detRight) >= MIN_NORMAL || acy === 0 || bcx === 0)) return det;
  _coords[0] = ax; _coords[1] = ay; _coords[2] = bx; _coords[3] = by; _coords[4] = cx; _coords[5] = cy;
  orient2dExact();
  return _answer[0];
}

/** Whether a coordinate is zero or in [SAFE_MIN, SAFE_MAX] (NaN is not). */
function inSafeRange(v: number): boolean {
  const a = Math.abs(v);
  return v === 0 || (a >= SAFE_MIN && a <= SAFE_MAX);
}

/** The exact sign of the determinant of _coords, into _answer[0] (see the header for the two cases). */
function orient2dExact(): void {
  const ax = _coords[0], ay = _coords[1], bx = _coords[2], by = _coords[3], cx = _coords[4], cy = _coords[5];
  if (!(inSafeRange(ax) && inSafeRange(ay) && inSafeRange(bx) && inSafeRange(by) && inSafeRange(cx) && inSafeRange(cy))) {
    orient2dWide();
    return;
  }
  // Two-Diff (Shewchuk §2.2): each difference and the error of its rounding.
  const acx = ax - cx, bcx = bx - cx, acy = ay - cy, bcy = by - cy;
  let v = ax - acx;
  const acxTail = (ax - (acx + v)) + (v - cx);
  v = bx - bcx;
  const bcxTail = (bx - (bcx + v)) + (v - cx);
  v = ay - acy;
  const acyTail = (ay - (acy + v)) + (v - cy);
  v = by - bcy;
  const bcyTail = (by - (bcy + v)) + (v - cy);
  if (acxTail === 0 && bcxTail === 0 && acyTail === 0 && bcyTail === 0) {
    // The differences are exact: det = acx·bcy − acy·bcx, two exact products.
    twoProductInto(acx, bcy, 1, 0);
    twoProductInto(acy, bcx, -1, 2);
    sumTerms(4);
    return;
  }
  for (let k = 0; k < 6; k++) twoProductInto(_coords[PRODUCT_LEFT[k]], _coords[PRODUCT_RIGHT[k]], PRODUCT_SIGN[k], 2 * k);
  sumTerms(12);
}

/**
 * Two-Product (Shewchuk §2.3, Dekker's algorithm with Veltkamp's split): sign·a·b exactly as the rounded
 * product and its error, into _terms[at] (error) and _terms[at + 1] (product). Exact when a and b are in
 * the safe range (or are mantissas in [1, 2)): no split or partial product overflows or underflows.
 */
function twoProductInto(a: number, b: number, sign: number, at: number): void {
  const p = a * b;
  let c = SPLITTER * a;
  const aHi = c - (c - a), aLo = a - aHi;
  c = SPLITTER * b;
  const bHi = c - (c - b), bLo = b - bHi;
  const err = aLo * bLo - (((p - aHi * bHi) - aLo * bHi) - aHi * bLo);
  _terms[at] = sign * err;
  _terms[at + 1] = sign * p;
}

/**
 * Sums _terms[0..count) exactly by Grow-Expansion with zero elimination (Shewchuk Figure 6, Theorem 10: the
 * result is nonoverlapping and ordered by magnitude, so its largest component has the sign of the exact
 * sum and exceeds the rest together), and writes that component (or 0) to _answer[0].
 */
function sumTerms(count: number): void {
  let length = 0;
  for (let t = 0; t < count; t++) {
    let q = _terms[t];
    if (q === 0) continue;
    let kept = 0;
    for (let i = 0; i < length; i++) {
      // Two-Sum (q, e): s and its rounding error; kept ≤ i, so the write never overtakes the read.
      const e = _expansion[i];
      const s = q + e;
      const bVirtual = s - q;
      const err = (q - (s - bVirtual)) + (e - bVirtual);
      if (err !== 0) _expansion[kept++] = err;
      q = s;
    }
    if (q !== 0) _expansion[kept++] = q;
    length = kept;
  }
  _answer[0] = length === 0 ? 0 : _expansion[length - 1];
}

/**
 * The wide path (coordinates outside the safe range): each nonzero product sign·x·y written as
 * (hi + lo)·2^E, with hi + lo = mx·my exact for mantissas mx, my in [1, 2); the products sorted by E and
 * summed group by group (WIDE_GAP), largest first. Writes ±1 or 0 to _answer[0]. Throws on NaN or ±Infinity.
 */
function orient2dWide(): void {
  for (let i = 0; i < 6; i++) {
    const v = _coords[i];
    if (!Number.isFinite(v)) throw new InvalidNumberError(ARGUMENT_NAMES[i], v);
    if (v !== 0) splitExponent(i);
  }
  let count = 0;
  for (let k = 0; k < 6; k++) {
    const i = PRODUCT_LEFT[k], j = PRODUCT_RIGHT[k];
    if (_coords[i] === 0 || _coords[j] === 0) continue;
    twoProductInto(_mantissa[i], _mantissa[j], PRODUCT_SIGN[k], 0);
    _productLo[count] = _terms[0];
    _productHi[count] = _terms[1];
    _productExponent[count] = _exponent[i] + _exponent[j];
    // Insertion by exponent, largest first (six entries at most).
    let at = count++;
    while (at > 0 && _productExponent[_order[at - 1]] < _productExponent[count - 1]) {
      _order[at] = _order[at - 1];
      at--;
    }
    _order[at] = count - 1;
  }
  let first = 0;
  while (first < count) {
    const top = _productExponent[_order[first]];
    let end = first + 1;
    while (end < count && _productExponent[_order[end - 1]] - _productExponent[_order[end]] <= WIDE_GAP) end++;
    for (let g = first; g < end; g++) {
      const k = _order[g];
      const shift = top - _productExponent[k];
      let hi = _productHi[k], lo = _productLo[k];
      // 2^-shift by its binary digits: exact, since shift ≤ 640 and lo ≥ 2^-104 when not zero.
      for (let bit = 0; bit < POW2_EXPONENTS.length; bit++) {
        if ((shift & POW2_EXPONENTS[bit]) !== 0) {
          hi *= POW2_DOWN[bit];
          lo *= POW2_DOWN[bit];
        }
      }
      _terms[2 * (g - first)] = lo;
      _terms[2 * (g - first) + 1] = hi;
    }
    sumTerms(2 * (end - first));
    if (_answer[0] !== 0) {
      _answer[0] = _answer[0] > 0 ? 1 : -1;
      return;
    }
    first = end;
  }
  _answer[0] = 0;
}

/**
 * _coords[i] (finite, not zero) as _mantissa[i]·2^_exponent[i] with |_mantissa[i]| in [1, 2), by exact
 * scalings with powers of two: the largest 2^k not above |v| taken out digit by digit (or put in, below 1).
 */
function splitExponent(i: number): void {
  const v = _coords[i];
  let a = Math.abs(v), e = 0;
  if (a < TWO_MINUS_960) {
    a *= TWO_128;
    e = -128;
  }
  if (a >= 1) {
    for (let bit = 0; bit < POW2_EXPONENTS.length; bit++) {
      if (a >= POW2_UP[bit]) {
        a *= POW2_DOWN[bit];
        e += POW2_EXPONENTS[bit];
      }
    }
  } else {
    for (let bit = 0; bit < POW2_EXPONENTS.length; bit++) {
      if (a * POW2_UP[bit] < 2) {
        a *= POW2_UP[bit];
        e -= POW2_EXPONENTS[bit];
      }
    }
  }
  _mantissa[i] = v < 0 ? -a : a;
  _exponent[i] = e;
}
