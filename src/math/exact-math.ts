/**
 * Sine, cosine, arctangent and Euclidean lengths with the same bits in every JavaScript engine.
 *
 * `Math.sin`, `Math.cos`, `Math.atan2` and `Math.hypot` are not required to be correctly rounded, and V8
 * (Node) and Chromium's builds, Firefox and Safari return different last bits for some arguments: 235 of
 * 14,100 answers of a seeded mix differed between Node 20 and Chromium 147. A lockstep game, a replay or a
 * server checking a client needs the same bits everywhere, so every answer path uses these instead. They
 * use only +, −, ×, ÷ and `Math.sqrt`, which IEEE 754 rounds correctly (so every engine agrees), and
 * `Math.round`/`Math.abs`/`Math.max` (exact).
 *
 * Method (Muller, "Elementary Functions", ch. 11): the argument reduced by the nearest multiple of π/2 in
 * three parts (Cody and Waite), each with 33 significant bits so that k·part is exact for |k| < 2^20, then
 * the Taylor series of sine and cosine on [−π/4, π/4] (the first neglected term is below 2^-57 there), by
 * Horner's rule: within 3 ulps of the exact value for |x| up to 2^20 (tested against V8's, which is within
 * 1). Beyond, the reduction is exact by the bits of 2/π (reduceFar) and the reduced argument is rounded
 * once more: within 8 ulps. The bits are the same everywhere either way.
 */

// π/2 split in three: each part holds 33 significant bits (the rest zero), the three sum to π/2 to about
// 2^-100. Products k·part are then exact for |k| < 2^20.
const PIO2_HI = 1.5707963267341256;
const PIO2_MID = 6.077100506303966e-11;
const PIO2_LO = 2.0222662487959506e-21;
const TWO_OVER_PI = 0.6366197723675814;
/** tan(π/16): atan2's series is summed on t at most this (its first neglected term below 2^-56 there). */
const TAN_PI_16 = 0.198912367379658;

/**
 * sin(r) for |r| ≤ π/4 + a hair: r − r³/3! + … − r¹⁵/15!. (The same series as sinCosInto's: the plain sin
 * and cos are not written over sinCosInto because routing them through it, shared with the module's
 * start-up tables, made a turning cast allocate 208 bytes a query again: V8's feedback, measured.)
 */
function sinKernel(r: number): number {
  const z = r * r;
  const p = -1 / 6 + z * (1 / 120 + z * (-1 / 5040 + z * (1 / 362880 + z * (-1 / 39916800 + z * (1 / 6227020800 + z * (-1 / 1307674368000))))));
  return r + r * z * p;
}

/** cos(r) for |r| ≤ π/4 + a hair: 1 − r²/2! + … + r¹⁶/16!. */
function cosKernel(r: number): number {
  const z = r * r;
  const p = 1 / 24 + z * (-1 / 720 + z * (1 / 40320 + z * (-1 / 3628800 + z * (1 / 479001600 + z * (-1 / 87178291200 + z * (1 / 20922789888000))))));
  // (1 − z/2 first: exact for small z, so cos of a tiny angle is 1 to the bit.)
  return (1 - 0.5 * z) + z * z * p;
}

/**
 * The quadrant (0..3) and the reduced argument of x = _reduced[1], into _reduced[0] and _reduced[1]. (The
 * argument through the array, not as a parameter: a double passed to a call V8 does not inline is boxed.)
 */
const _reduced = /* @__PURE__ */ new Float64Array(2);
function reduce(): void {
  const x = _reduced[1];
  if (Math.abs(x) > REDUCE_FAR) { reduceFar(x); return; }
  const k = Math.round(x * TWO_OVER_PI);
  const r = ((x - k * PIO2_HI) - k * PIO2_MID) - k * PIO2_LO;
  _reduced[0] = k - 4 * Math.floor(k / 4);
  _reduced[1] = r;
}

/** Beyond this the three-part reduction's k·part products are no longer exact (|k| ≥ 2^20). */
const REDUCE_FAR = 2 ** 20;
/** ⌊(2/π)·2^1280⌋: the bits of 2/π, for reduceFar. */
const TWO_OVER_PI_BITS = 'a2f9836e4e441529fc2757d1f534ddc0db6295993c439041fe5163abdebbc561b7246e3a424dd2e006492eea09d1921cfe1deb1cb129a73ee88235f52ebb4484e99c7026b45f7e413991d639835339f49c845f8bbdf9283b1ff897ffde05980fef2f118b5a0a6d1f6d367ecf27cb09b74f463f669e5fea2d7527bac7ebe5f17b3d0739f78a5292ea6bfb5fb11f8d5d0856033046fc7b6babf0cfbc209af4361d';
let _twoOverPi: bigint | null = null;

/**
 * The reduction of a large |x| exactly, by the bits of 2/π (Payne and Hanek's method, in BigInt
 * arithmetic, which is exact and the same in every engine): x = M·2^E with M an integer, so x·(2/π) is
 * M·⌊(2/π)·2^1280⌋·2^(E−1280) to within 2^(E−1280)·M; its integer part mod 4 is the quadrant and its
 * fraction (to 64 bits) times π/2 the reduced argument. Rare (angles of a million radians and more), so it
 * may allocate.
 */
function reduceFar(x: number): void {
  const twoOverPi = _twoOverPi ?? (_twoOverPi = BigInt('0x' + TWO_OVER_PI_BITS));
  const ax = Math.abs(x);
  // x = M · 2^E, M < 2^53.
  let E = Math.floor(Math.log2(ax)) - 52;
  let M = ax / 2 ** E;
  if (M >= 2 ** 53) { M /= 2; E += 1; } else if (M < 2 ** 52) { M *= 2; E -= 1; }
  const product = BigInt(M) * twoOverPi; // x·(2/π) = product · 2^(E − 1280)
  const shift = BigInt(1280 - E);
  const whole = product >> shift;
  let frac = product - (whole << shift), q = Number(whole & 3n);
  // To the nearest integer, in BigInt (exactly: a fraction near 1 made a number near 1 minus 1, whose
  // digits cancelled), then its leading 128 bits as a number in [−1/2, 1/2).
  if (frac >= 1n << (shift - 1n)) { frac -= 1n << shift; q = (q + 1) & 3; }
  const f = Number(frac >> (shift - 128n)) / 2 ** 128;
  const r = f * (PIO2_HI + PIO2_MID);
  if (x < 0) { _reduced[0] = (4 - q) & 3; _reduced[1] = -r; } else { _reduced[0] = q; _reduced[1] = r; }
}

/**
 * sin and cos of `io[0]` into io[0] and io[1], the same bits as {@link sin} and {@link cos}: for hot paths,
 * whose numbers must not pass through calls V8 may not inline (a double returned or passed is boxed: a
 * turning cast allocated 415 bytes a query with sin and cos returned; CONTRIBUTING.md, "V8 rules", rule 1).
 */
export function sinCosInto(io: Float64Array): void {
  const x = io[0];
  if (x === 0) { io[1] = 1; return; } // (sin ±0 = ±0, as given: the series would turn −0 into +0)
  if (!(Math.abs(x) < Infinity)) { io[0] = NaN; io[1] = NaN; return; }
  let q = 0, r = x;
  if (Math.abs(x) > 0.7853981633974483) {
    _reduced[1] = x;
    reduce();
    q = _reduced[0]; r = _reduced[1];
  }
  const z = r * r;
  const ps = -1 / 6 + z * (1 / 120 + z * (-1 / 5040 + z * (1 / 362880 + z * (-1 / 39916800 + z * (1 / 6227020800 + z * (-1 / 1307674368000))))));
  const pc = 1 / 24 + z * (-1 / 720 + z * (1 / 40320 + z * (-1 / 3628800 + z * (1 / 479001600 + z * (-1 / 87178291200 + z * (1 / 20922789888000))))));
  // (1 − z/2 first: exact for small z, so the cosine of a tiny angle is 1 to the bit.)
  const s = r + r * z * ps, c = (1 - 0.5 * z) + z * z * pc;
  io[0] = q === 0 ? s : q === 1 ? c : q === 2 ? -s : -c;
  io[1] = q === 0 ? c : q === 1 ? -s : q === 2 ? -c : s;
}

/** The argument and answer of atan2 (atan2Into). */
const _io = /* @__PURE__ */ new Float64Array(2);

/** sin(x), the same bits in every engine (see the header). NaN and ±Infinity give NaN. */
export function sin(x: number): number {
  if (x === 0) return x; // (±0 as given: the series would turn −0 into +0)
  if (!(Math.abs(x) < Infinity)) return NaN;
  if (Math.abs(x) <= 0.7853981633974483) return sinKernel(x);
  _reduced[1] = x;
  reduce();
  const q = _reduced[0], r = _reduced[1];
  return q === 0 ? sinKernel(r) : q === 1 ? cosKernel(r) : q === 2 ? -sinKernel(r) : -cosKernel(r);
}

/** cos(x), the same bits in every engine (see the header). NaN and ±Infinity give NaN. */
export function cos(x: number): number {
  if (!(Math.abs(x) < Infinity)) return NaN;
  if (Math.abs(x) <= 0.7853981633974483) return cosKernel(x);
  _reduced[1] = x;
  reduce();
  const q = _reduced[0], r = _reduced[1];
  return q === 0 ? cosKernel(r) : q === 1 ? -sinKernel(r) : q === 2 ? -cosKernel(r) : sinKernel(r);
}

/**
 * atan2(io[0], io[1]) (y, x) into io[0], the same bits in every engine: the angle of (x, y) in (−π, π].
 * atan(t) for t ≤ 1 (the smaller coordinate over the larger) is halved by atan(t) = 2·atan(t / (1 +
 * √(1 + t²))) while above tan(π/16) ≈ 0.199 (twice at most), then summed by its Taylor series to t²³ (the
 * first neglected term is below 2^-56 there). Written out, with no number through a call (see sinCosInto: with a kernel called
 * here a turning 2D cast allocated 39 bytes a query).
 */
export function atan2Into(io: Float64Array): void {
  const y = io[0], x = io[1], ax = Math.abs(x), ay = Math.abs(y);
  if (y !== y || x !== x) { io[0] = NaN; return; }
  let a: number;
  if (ax === 0 && ay === 0) {
    // The signed zeros' angles, as Math.atan2 defines them.
    a = x < 0 || Object.is(x, -0) ? Math.PI : 0;
  } else if (ax === Infinity || ay === Infinity) {
    // The directions of the infinite cases (as Math.atan2 defines them).
    a = ax === Infinity && ay === Infinity ? Math.PI / 4 : ay === Infinity ? Math.PI / 2 : 0;
    if (x < 0) a = Math.PI - a;
  } else {
    const t = ay <= ax ? ay / ax : ax / ay;
    // Halved only while above tan(π/16): each halving rounds, and small t needs none (a t of 5.6e-5 halved
    // twice came out 3.5 ulps off: FC_SEED=random counterexample, exact-math.test.ts).
    let u = t, m = 1;
    if (u > TAN_PI_16) { u = u / (1 + Math.sqrt(1 + u * u)); m = 2; }
    if (u > TAN_PI_16) { u = u / (1 + Math.sqrt(1 + u * u)); m = 4; }
    const z = u * u;
    let p = -1 / 23;
    p = 1 / 21 + z * p; p = -1 / 19 + z * p; p = 1 / 17 + z * p; p = -1 / 15 + z * p; p = 1 / 13 + z * p;
    p = -1 / 11 + z * p; p = 1 / 9 + z * p; p = -1 / 7 + z * p; p = 1 / 5 + z * p; p = -1 / 3 + z * p;
    const k = m * (u + u * z * p);
    a = ay <= ax ? k : Math.PI / 2 - k;
    if (x < 0) a = Math.PI - a;
  }
  io[0] = y < 0 || Object.is(y, -0) ? -a : a;
}

/** atan2(y, x), the same bits in every engine (atan2Into). For cold paths. */
export function atan2(y: number, x: number): number {
  _io[0] = y; _io[1] = x;
  atan2Into(_io);
  return _io[0];
}

/** √(x² + y²) without overflow or underflow in the squares, the same bits in every engine. */
export function hypot2(x: number, y: number): number {
  const m = Math.max(Math.abs(x), Math.abs(y));
  if (m === 0 || !(m < Infinity)) return Math.abs(x) === Infinity || Math.abs(y) === Infinity ? Infinity : m;
  if (m > 1e-150 && m < 1e150) return Math.sqrt(x * x + y * y);
  const a = x / m, b = y / m;
  return m * Math.sqrt(a * a + b * b);
}

/** √(x² + y² + z²) without overflow or underflow in the squares, the same bits in every engine. */
export function hypot3(x: number, y: number, z: number): number {
  const m = Math.max(Math.abs(x), Math.abs(y), Math.abs(z));
  if (m === 0 || !(m < Infinity)) return Math.abs(x) === Infinity || Math.abs(y) === Infinity || Math.abs(z) === Infinity ? Infinity : m;
  if (m > 1e-150 && m < 1e150) return Math.sqrt(x * x + y * y + z * z);
  const a = x / m, b = y / m, c = z / m;
  return m * Math.sqrt(a * a + b * b + c * c);
}
