/**
 * Exact rational arithmetic on float64 values for the tests' oracles: every finite double is a dyadic
 * rational m·2^e, so x·2^1074 is an integer, held here as a BigInt. Nothing here shares code with
 * src/math/robust-predicates.ts: it reads the IEEE 754 bits and multiplies integers.
 */

const view = new DataView(new ArrayBuffer(8));

/** x·2^1074 exactly, as a BigInt (x finite). */
export function scaledBigInt(x: number): bigint {
  if (!Number.isFinite(x)) throw new Error(`scaledBigInt: ${x} is not finite`);
  view.setFloat64(0, x);
  const hi = view.getUint32(0), lo = view.getUint32(4);
  const negative = hi >>> 31 === 1;
  const biased = (hi >>> 20) & 0x7ff;
  const fraction = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  // Normal: (2^52 + f)·2^(biased − 1075), times 2^1074. Subnormal: f·2^-1074, times 2^1074.
  const scaled = biased === 0 ? fraction : (fraction | (1n << 52n)) << BigInt(biased - 1);
  return negative ? -scaled : scaled;
}

/** The exact sign of (ax − cx)(by − cy) − (ay − cy)(bx − cx): 1 counter-clockwise, −1 clockwise, 0 collinear. */
export function exactOrientSign(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const Ax = scaledBigInt(ax), Ay = scaledBigInt(ay), Bx = scaledBigInt(bx), By = scaledBigInt(by), Cx = scaledBigInt(cx), Cy = scaledBigInt(cy);
  const det = (Ax - Cx) * (By - Cy) - (Ay - Cy) * (Bx - Cx);
  return det > 0n ? 1 : det < 0n ? -1 : 0;
}

/** The same for BigInt coordinates already scaled. */
export function exactOrientSignBig(ax: bigint, ay: bigint, bx: bigint, by: bigint, cx: bigint, cy: bigint): number {
  const det = (ax - cx) * (by - cy) - (ay - cy) * (bx - cx);
  return det > 0n ? 1 : det < 0n ? -1 : 0;
}
