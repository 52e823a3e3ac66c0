/**
 * Seeded numbers for tests and benchmarks. A module of its own, since a test file that imports another
 * test file runs that file's tests again. bench/pools.ts draws the pools of POOLS.md from mulberry32.
 */

/** The mulberry32 generator (Tommy Ettinger, 2017), with a 32-bit state. Returns draws in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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

/** n points on the unit sphere, seeded (mulberry32): every one a hull vertex. */
export function spherePoints(n: number, seed: number): number[] {
  const rnd = mulberry32(seed);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const z = 2 * rnd() - 1, f = 2 * Math.PI * rnd(), r = Math.sqrt(1 - z * z);
    out.push(r * Math.cos(f), r * Math.sin(f), z);
  }
  return out;
}
