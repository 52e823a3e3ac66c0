/**
 * The exponent k of the power of two nearest to `m` in size (2^k ≈ m), clamped to ±1000 so that 2^k and
 * 2^-k are both normal numbers (an infinite or zero `m` gives the clamp). Multiplying by 2^±k is exact in
 * floating point: the scale-free paths (query/pair/scale-free.ts, hull/build-hull.ts, the ellipsoid's
 * far support) rescale by it and back without changing the geometry.
 */
export function nearestPowerOfTwoExponent(m: number): number {
  return Math.max(-1000, Math.min(1000, Math.round(Math.log2(m))));
}
