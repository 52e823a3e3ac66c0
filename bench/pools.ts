/**
 * The seeded benchmark pools of ../shared/bench/POOLS.md, reproduced draw for draw, so that our
 * figures sit beside the native C figures recorded there. Each pool is plain numbers (no library
 * objects): every adapter builds its own shapes and poses from them up front, outside the timing.
 *
 * Layout: per pair i, a 3-vector field `f` lives at f[3i..3i+2] and a quaternion at q[4i..4i+3]
 * (x, y, z, w). Shape A always sits at the origin.
 */
import { mulberry32 } from '../test/random.js';

/** POOLS.md: P = 10,000 pairs per pool; query q uses pair q mod P. */
export const POOL_SIZE = 10_000;

/** The mulberry32 generator of POOLS.md (test/random.ts), re-exported for the benchmark's adapters. */
export { mulberry32 };

/** A draw uniform in [lo, hi). */
export function uni(rnd: () => number, lo: number, hi: number): number {
  return lo + (hi - lo) * rnd();
}

/** Writes a random unit quaternion from three draws u1, u2, u3 (in this order) at q[o..o+3]. */
export function randomRotation(rnd: () => number, q: Float64Array, o: number): void {
  const u1 = rnd(), u2 = rnd(), u3 = rnd();
  const s1 = Math.sqrt(1 - u1), s2 = Math.sqrt(u1);
  q[o] = s1 * Math.sin(2 * Math.PI * u2);
  q[o + 1] = s1 * Math.cos(2 * Math.PI * u2);
  q[o + 2] = s2 * Math.sin(2 * Math.PI * u3);
  q[o + 3] = s2 * Math.cos(2 * Math.PI * u3);
}

function draw3(rnd: () => number, f: Float64Array, o: number, lo: number, hi: number): void {
  f[o] = uni(rnd, lo, hi);
  f[o + 1] = uni(rnd, lo, hi);
  f[o + 2] = uni(rnd, lo, hi);
}

/** Box A (half extents, rotation) at the origin; box B (half extents, rotation, position). */
export interface BoxesPool {
  readonly kind: 'boxes';
  readonly size: number;
  readonly halfA: Float64Array;
  readonly quatA: Float64Array;
  readonly halfB: Float64Array;
  readonly quatB: Float64Array;
  readonly posB: Float64Array;
}

/** Box A (half extents, rotation) at the origin; sphere B (radius, centre). */
export interface SphereBoxPool {
  readonly kind: 'sphere-box';
  readonly size: number;
  readonly halfA: Float64Array;
  readonly quatA: Float64Array;
  readonly radiusB: Float64Array;
  readonly posB: Float64Array;
}

/** Two copies of one 30-point hull: A (rotation) at the origin; B (rotation, position). */
export interface HullsPool {
  readonly kind: 'hulls';
  readonly size: number;
  readonly range: number;
  /** The 30 template points, packed xyz, all on the unit sphere and all hull vertices. */
  readonly template: Float64Array;
  readonly quatA: Float64Array;
  readonly quatB: Float64Array;
  readonly posB: Float64Array;
}

export type Pool = BoxesPool | SphereBoxPool | HullsPool;

/** POOLS.md "boxes" (seed 0x1234). */
export function makeBoxesPool(size = POOL_SIZE): BoxesPool {
  const rnd = mulberry32(0x1234);
  const halfA = new Float64Array(3 * size), quatA = new Float64Array(4 * size);
  const halfB = new Float64Array(3 * size), quatB = new Float64Array(4 * size);
  const posB = new Float64Array(3 * size);
  for (let i = 0; i < size; i++) {
    draw3(rnd, halfA, 3 * i, 0.5, 1);
    randomRotation(rnd, quatA, 4 * i);
    draw3(rnd, halfB, 3 * i, 0.5, 1);
    randomRotation(rnd, quatB, 4 * i);
    draw3(rnd, posB, 3 * i, -2, 2);
  }
  return { kind: 'boxes', size, halfA, quatA, halfB, quatB, posB };
}

/** POOLS.md "sphere–box" (seed 0x2345). */
export function makeSphereBoxPool(size = POOL_SIZE): SphereBoxPool {
  const rnd = mulberry32(0x2345);
  const halfA = new Float64Array(3 * size), quatA = new Float64Array(4 * size);
  const radiusB = new Float64Array(size), posB = new Float64Array(3 * size);
  for (let i = 0; i < size; i++) {
    draw3(rnd, halfA, 3 * i, 0.5, 1);
    randomRotation(rnd, quatA, 4 * i);
    radiusB[i] = uni(rnd, 0.25, 1);
    draw3(rnd, posB, 3 * i, -2, 2);
  }
  return { kind: 'sphere-box', size, halfA, quatA, radiusB, posB };
}

/** POOLS.md "hulls" (seed 0x3456) with B's position drawn in [−R, R]³. */
export function makeHullsPool(range: number, size = POOL_SIZE): HullsPool {
  const rnd = mulberry32(0x3456);
  const template = new Float64Array(90);
  for (let k = 0; k < 30; k++) {
    const z = uni(rnd, -1, 1);
    const phi = uni(rnd, 0, 2 * Math.PI);
    const s = Math.sqrt(1 - z * z);
    template[3 * k] = s * Math.cos(phi);
    template[3 * k + 1] = s * Math.sin(phi);
    template[3 * k + 2] = z;
  }
  const quatA = new Float64Array(4 * size), quatB = new Float64Array(4 * size);
  const posB = new Float64Array(3 * size);
  for (let i = 0; i < size; i++) {
    randomRotation(rnd, quatA, 4 * i);
    randomRotation(rnd, quatB, 4 * i);
    draw3(rnd, posB, 3 * i, -range, range);
  }
  return { kind: 'hulls', size, range, template, quatA, quatB, posB };
}

/** Points for hull-building benchmarks: n points uniform in the unit ball (seeded rejection sampling). */
export function makeBallPoints(n: number, seed = 0x4567): Float64Array {
  const rnd = mulberry32(seed);
  const out = new Float64Array(3 * n);
  for (let i = 0; i < n;) {
    const x = uni(rnd, -1, 1), y = uni(rnd, -1, 1), z = uni(rnd, -1, 1);
    if (x * x + y * y + z * z > 1) continue;
    out[3 * i] = x; out[3 * i + 1] = y; out[3 * i + 2] = z;
    i++;
  }
  return out;
}

/** Points for support-query benchmarks: n points on the unit sphere (all hull vertices). */
export function makeSpherePoints(n: number, seed = 0x5678): Float64Array {
  const rnd = mulberry32(seed);
  const out = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) {
    const z = uni(rnd, -1, 1), phi = uni(rnd, 0, 2 * Math.PI), s = Math.sqrt(1 - z * z);
    out[3 * i] = s * Math.cos(phi); out[3 * i + 1] = s * Math.sin(phi); out[3 * i + 2] = z;
  }
  return out;
}

export interface PlainPose {
  position: { x: number; y: number; z: number };
  quaternion: { x: number; y: number; z: number; w: number };
}

/** Plain pose object `{ position, quaternion }` for pair i of a pool: A's when `b` is false, else B's. */
export function poseOf(pool: Pool, i: number, b: boolean): PlainPose {
  if (!b) {
    const q = pool.quatA;
    return { position: { x: 0, y: 0, z: 0 }, quaternion: { x: q[4 * i], y: q[4 * i + 1], z: q[4 * i + 2], w: q[4 * i + 3] } };
  }
  const position = { x: pool.posB[3 * i], y: pool.posB[3 * i + 1], z: pool.posB[3 * i + 2] };
  if (pool.kind === 'sphere-box') return { position, quaternion: { x: 0, y: 0, z: 0, w: 1 } };
  const q = pool.quatB;
  return { position, quaternion: { x: q[4 * i], y: q[4 * i + 1], z: q[4 * i + 2], w: q[4 * i + 3] } };
}
