import { SCALE_FREE_EXPONENT } from '../tolerance.js';

/**
 * The exponent k of the power of two nearest to `m` in size (2^k ≈ m), clamped to ±1000 so that 2^k and
 * 2^-k are both normal numbers (an infinite or zero `m` gives the clamp). Multiplying by 2^±k is exact in
 * floating point: the scale-free paths (query/pair/scale-free.ts, hull/build-hull.ts, the ellipsoid's
 * far support) rescale by it and back without changing the geometry.
 */
export function nearestPowerOfTwoExponent(m: number): number {
  return Math.max(-1000, Math.min(1000, Math.round(Math.log2(m))));
}

/**
 * Sizes answered as they are (2^±SCALE_FREE_EXPONENT, tolerance.ts: their fourth powers are normal
 * numbers); outside, scaled by a power of two: a triangle's edges (edgeScaleFar), a manifold's features,
 * the 2D queries and hulls (2d/scaled2.ts, 2d/hull2.ts).
 */
export const PLAIN_EDGE_MIN = 2 ** -SCALE_FREE_EXPONENT, PLAIN_EDGE_MAX = 2 ** SCALE_FREE_EXPONENT;

/**
 * 2^-k for the power of two 2^k nearest `m` (the largest component of a triangle's edges), for an `m`
 * outside [PLAIN_EDGE_MIN, PLAIN_EDGE_MAX]: the factor that brings the edges to a size near 1, exactly, so
 * that their cross product and its length squared (fourth powers of the size) neither overflow nor
 * underflow. 1 for a zero `m`. Callers test the range inline and come here only outside it: rare, so the
 * returned number may be boxed (CONTRIBUTING.md, "V8 rules", rule 1).
 */
export function edgeScaleFar(m: number): number {
  return m > 0 ? 2 ** -nearestPowerOfTwoExponent(m) : 1;
}
