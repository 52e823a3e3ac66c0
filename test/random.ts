/**
 * Seeded numbers for tests. A module of its own, since a test file that imports another test file
 * runs that file's tests again.
 */
export { mulberry32 } from '../bench/pools.js';

/**
 * The linear congruential generator of the hull tests' perturbations and golden inputs: draws in
 * [−0.5, 0.5) from the high 24 bits of a 32-bit state. Golden cases depend on it draw for draw.
 */
export function centredLcg(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (Math.imul(a, 1103515245) + 12345) | 0;
    return (a >>> 8) / (1 << 24) - 0.5;
  };
}
