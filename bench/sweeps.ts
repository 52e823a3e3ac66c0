/**
 * Rays and moving shapes derived from the POOLS.md pools, for the ray-cast and shape-cast benchmarks.
 * Plain numbers, like bench/pools.ts: every adapter builds its own shapes, rays and motions from them up
 * front, outside the timing. Everything is deterministic (the pools' seeds, and two seeds of our own).
 *
 * Rays (pair i): the shape sits at the origin with the pool's A rotation; the ray starts at
 * `ORIGIN_SCALE` times the pool's B position (outside the shape on all but about 0.5 % of the pairs)
 * and is aimed at the point `RAY_AIM_RADIUS · u_i`, where u_i are seeded unit vectors (`AIM_SEED`). Its
 * direction is aim − origin, unnormalised: t = 1 at the aim point. Aiming at points about the shape's
 * size from its centre gives a mix of hits (some of them grazing) and misses. Every ray group but the
 * hull's casts the same rays (those of the boxes pool) at shapes of the same sizes and rotations.
 *
 * Shape casts (pair i): A at the origin, still; B starts at `ORIGIN_SCALE` times its pool position with
 * its pool rotation and moves at the constant velocity aim − start, aim = `CAST_AIM_RADIUS · u_i`, so
 * that over the cast's time [0, 1] its centre travels to the aim point; the rotating cast also turns B at
 * a seeded angular velocity (`SPIN_SEED`).
 */
import { makeBoxesPool, makeHullsPool, makeSphereBoxPool, mulberry32, POOL_SIZE, type BoxesPool, type HullsPool, type Pool } from './pools.js';

/** Ray origins and cast starts: the pool's B position times this. */
export const ORIGIN_SCALE = 2;
/**
 * Rays aim at points on the sphere of this radius about the shape's centre: about as large as the
 * shapes (half-extents 0.5 to 1), so that 30 to 80 % of the rays hit a solid shape (11 % the triangle).
 */
export const RAY_AIM_RADIUS = 1;
/**
 * Cast shapes aim their centre at points on the sphere of this radius about A's centre: about the sum
 * of the two shapes' sizes, so that about half the casts (84 % of the box pairs) make contact by time 1.
 */
export const CAST_AIM_RADIUS = 2;
/** Seed of the aim directions u_i (drawn as the hull template's points: z = uni(−1, 1), φ = uni(0, 2π)). */
export const AIM_SEED = 0x789a;
/** Seed of the rotating cast's angular velocities: an axis drawn as the aim directions, then |ω| = uni(0, 2π). */
export const SPIN_SEED = 0x89ab;

/** Seeded unit vectors on the sphere, packed xyz, drawn as POOLS.md draws the hull template. */
function unitVectors(seed: number, size: number, extra?: (rnd: () => number) => number): { dirs: Float64Array; scales: Float64Array } {
  const rnd = mulberry32(seed);
  const dirs = new Float64Array(3 * size), scales = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    const z = -1 + 2 * rnd(), phi = 2 * Math.PI * rnd(), s = Math.sqrt(1 - z * z);
    dirs[3 * i] = s * Math.cos(phi); dirs[3 * i + 1] = s * Math.sin(phi); dirs[3 * i + 2] = z;
    scales[i] = extra ? extra(rnd) : 1;
  }
  return { dirs, scales };
}

/** Aim points radius · u_i, packed xyz. */
export function aimPoints(size: number, radius: number): Float64Array {
  const { dirs } = unitVectors(AIM_SEED, size);
  for (let k = 0; k < dirs.length; k++) dirs[k] *= radius;
  return dirs;
}

/** Angular velocities of the rotating cast (radians per unit time, world axes), packed xyz. */
export function spins(size: number): Float64Array {
  const { dirs, scales } = unitVectors(SPIN_SEED, size, (rnd) => 2 * Math.PI * rnd());
  for (let i = 0; i < size; i++) for (let k = 0; k < 3; k++) dirs[3 * i + k] *= scales[i];
  return dirs;
}

/** The shape kinds the ray benchmark covers. */
export type RayShapeKind = 'sphere' | 'box' | 'capsule' | 'cylinder' | 'cone' | 'hull' | 'triangle' | 'ellipsoid' | 'rounded box';

/**
 * Rays against one shape kind. The shape of pair i is at the origin, rotated by quat[4i..4i+3]; its
 * size comes from `dims` (see `makeRayPool` for what the three numbers mean per kind). The ray is
 * origin[3i..] + t · dir[3i..].
 */
export interface RayPool {
  readonly shape: RayShapeKind;
  readonly size: number;
  /** Per pair, three numbers whose meaning depends on the kind (makeRayPool). */
  readonly dims: Float64Array;
  /** Per pair, the rounded box's radius (0 for the other kinds). */
  readonly radius: Float64Array;
  readonly quat: Float64Array;
  readonly origin: Float64Array;
  readonly dir: Float64Array;
  /** The 30-point template (hull kind only). */
  readonly template: Float64Array | null;
  /** The POOLS.md pool the shapes and origins come from. */
  readonly source: BoxesPool | HullsPool;
}

/**
 * What the shape of each kind is, from the boxes pool's A half-extents (hx, hy, hz) of pair i (each in
 * [0.5, 1]); the hull is the hulls pool's template (R = 2 pool: its A rotations and B positions):
 *
 * - sphere: radius hx;  box: half-extents (hx, hy, hz);  ellipsoid: semi-axes (hx, hy, hz);
 * - capsule: half-height hy, radius hx / 2 (along y);  cylinder and cone: half-height hy, radius hx
 *   (along y, the cone's apex at +y, as rapier's);
 * - rounded box: the box's outer size, its edges rounded by r = 0.2 · min(hx, hy, hz): a core of
 *   half-extents (h − r) and radius r: `dims` the core's half-extents, `radius` r;
 * - triangle: (−hx, −hy, 0), (hx, −hy, 0), (0, hy, 0) in its own frame.
 */
export function makeRayPool(shape: RayShapeKind, size = POOL_SIZE): RayPool {
  const source = shape === 'hull' ? makeHullsPool(2, size) : makeBoxesPool(size);
  const aim = aimPoints(size, RAY_AIM_RADIUS);
  const origin = new Float64Array(3 * size), dir = new Float64Array(3 * size);
  for (let k = 0; k < 3 * size; k++) {
    origin[k] = ORIGIN_SCALE * source.posB[k];
    dir[k] = aim[k] - origin[k];
  }
  const dims = new Float64Array(3 * size), radius = new Float64Array(size);
  if (source.kind === 'boxes') {
    for (let i = 0; i < size; i++) {
      const hx = source.halfA[3 * i], hy = source.halfA[3 * i + 1], hz = source.halfA[3 * i + 2];
      const d = shapeDims(shape, hx, hy, hz);
      dims[3 * i] = d[0]; dims[3 * i + 1] = d[1]; dims[3 * i + 2] = d[2];
      if (shape === 'rounded box') radius[i] = roundedRadius(hx, hy, hz);
    }
  }
  return { shape, size, dims, radius, quat: source.quatA, origin, dir, template: source.kind === 'hulls' ? source.template : null, source };
}

/** The rounded box's radius for outer half-extents h. */
function roundedRadius(hx: number, hy: number, hz: number): number {
  return 0.2 * Math.min(hx, hy, hz);
}

function shapeDims(shape: RayShapeKind, hx: number, hy: number, hz: number): [number, number, number] {
  switch (shape) {
    case 'sphere': return [hx, 0, 0];
    case 'box': case 'ellipsoid': case 'triangle': return [hx, hy, hz];
    case 'capsule': return [hy, hx / 2, 0];
    case 'cylinder': case 'cone': return [hy, hx, 0];
    case 'rounded box': {
      const r = roundedRadius(hx, hy, hz);
      return [hx - r, hy - r, hz - r];
    }
    case 'hull': return [0, 0, 0];
  }
}

/** The triangle of pair i of a triangle pool, in its own frame. */
export function triangleVertices(p: RayPool, i: number): [[number, number, number], [number, number, number], [number, number, number]] {
  const hx = p.dims[3 * i], hy = p.dims[3 * i + 1];
  return [[-hx, -hy, 0], [hx, -hy, 0], [0, hy, 0]];
}

/** The shape pairs the shape-cast benchmark covers. */
export type CastPairKind = 'box-box' | 'sphere-box' | 'hull-hull';

/**
 * B moving against A still at the origin: B starts at start[3i..] with the pool's B rotation (none
 * for the sphere) and moves at linear[3i..] (and turns at angular[3i..] when not null) for time [0, 1].
 */
export interface CastPool {
  readonly pair: CastPairKind;
  readonly pool: Pool;
  readonly size: number;
  readonly start: Float64Array;
  readonly linear: Float64Array;
  readonly angular: Float64Array | null;
}

/**
 * The cast pools: box–box on the boxes pool, sphere–box on the sphere–box pool, hull–hull on the
 * hulls pool with R = 3 (positions 1.5 times the R = 2 pool's, same rotations; starting at
 * ORIGIN_SCALE times that), each B starting at ORIGIN_SCALE times its pool position and moving to the
 * aim point at time 1; `rotating` adds the seeded angular velocities of `spins`.
 */
export function makeCastPool(pair: CastPairKind, rotating: boolean, size = POOL_SIZE): CastPool {
  const pool = pair === 'box-box' ? makeBoxesPool(size) : pair === 'sphere-box' ? makeSphereBoxPool(size) : makeHullsPool(3, size);
  const aim = aimPoints(size, CAST_AIM_RADIUS);
  const start = new Float64Array(3 * size), linear = new Float64Array(3 * size);
  for (let k = 0; k < 3 * size; k++) {
    start[k] = ORIGIN_SCALE * pool.posB[k];
    linear[k] = aim[k] - start[k];
  }
  return { pair, pool, size, start, linear, angular: rotating ? spins(size) : null };
}
