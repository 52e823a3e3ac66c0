/**
 * The collision-world benchmark's scenes (issue 20; bench/world.bench.ts): bodies of four kinds drifting
 * and tumbling inside a box, the same deterministic motion for every engine. Plain numbers only: each
 * engine (bench/peers/world-*.ts) builds its own shapes from the palette and reads the poses of a step
 * from a packed array.
 *
 * Shapes: a palette of 8 variants of each kind, drawn once (seed 0x2020), shared by the bodies of our
 * world and of the brute-force loop (rapier and cannon-es make a shape per collider or body):
 * - box, half-extents 3 × uni(0.25, 0.5);
 * - sphere, radius uni(0.25, 0.5);
 * - capsule along y, half-height uni(0.2, 0.4), radius uni(0.15, 0.3);
 * - 30-point hull: the template of POOLS.md's hulls pool (30 points on the unit sphere) scaled by uni(0.3, 0.55).
 *
 * Bodies (seed 0x2021 + count): body i is of kind i mod 4, its variant uni; its start position uniform in
 * the box [0, L]³, a velocity of random direction and speed uni(0.01, 0.03) per step, a random start
 * rotation and a spin of random axis at uni(0.01, 0.04) radians per step. Position at step t: each
 * coordinate of start + t · velocity folded back into [0, L] (a bounce off the walls, as a triangle wave);
 * rotation at step t: the spin's rotation by t times its rate, times the start rotation. A body's size is
 * about 0.5 to 1, so it moves a few percent of its size per step and turns by about a degree or two.
 *
 * The box side L is chosen from the count for a fixed density, DENSITY bodies per unit volume: about two
 * contacts per body (each body touches about two others; contact pairs ≈ bodies). Static bodies (the
 * 100,000-static scene) are bodies of the same kinds at the same density that never move.
 */
import { makeHullsPool, mulberry32, randomRotation, uni } from './pools.js';

export type WorldKind = 'box' | 'sphere' | 'capsule' | 'hull';
export const WORLD_KINDS: readonly WorldKind[] = ['box', 'sphere', 'capsule', 'hull'];
/** Variants per kind in the palette. */
export const VARIANTS = 8;

/** One shape of the palette, as numbers. */
export interface PaletteShape {
  kind: WorldKind;
  /** box: half-extents; sphere: [radius]; capsule: [halfHeight, radius]; hull: the scaled points, packed xyz. */
  params: Float64Array;
}

/** Bodies per unit volume: about two contacts per body with the palette's sizes (calibrated by a count at step 0). */
export const DENSITY = 0.8;

export interface WorldScene {
  name: string;
  /** Moving bodies: indices 0 … moving − 1. */
  moving: number;
  /** Static bodies: indices moving … moving + statics − 1. */
  statics: number;
  /** Box side. */
  side: number;
  palette: PaletteShape[];
  /** Each body's palette index. */
  shapeOf: Int32Array;
  // Motion, per body.
  start: Float64Array; // 3 per body
  velocity: Float64Array; // 3 per body
  rotation0: Float64Array; // 4 per body (x, y, z, w)
  spinAxis: Float64Array; // 3 per body
  spinRate: Float64Array; // 1 per body
}

function randomDirection(rnd: () => number, out: Float64Array, o: number): void {
  const z = uni(rnd, -1, 1), phi = uni(rnd, 0, 2 * Math.PI), s = Math.sqrt(1 - z * z);
  out[o] = s * Math.cos(phi); out[o + 1] = s * Math.sin(phi); out[o + 2] = z;
}

let paletteCache: PaletteShape[] | null = null;
export function makePalette(): PaletteShape[] {
  if (paletteCache) return paletteCache;
  const rnd = mulberry32(0x2020);
  const template = makeHullsPool(2, 1).template;
  const out: PaletteShape[] = [];
  for (const kind of WORLD_KINDS) {
    for (let v = 0; v < VARIANTS; v++) {
      let params: Float64Array;
      if (kind === 'box') params = Float64Array.of(uni(rnd, 0.25, 0.5), uni(rnd, 0.25, 0.5), uni(rnd, 0.25, 0.5));
      else if (kind === 'sphere') params = Float64Array.of(uni(rnd, 0.25, 0.5));
      else if (kind === 'capsule') params = Float64Array.of(uni(rnd, 0.2, 0.4), uni(rnd, 0.15, 0.3));
      else {
        const s = uni(rnd, 0.3, 0.55);
        params = template.map((x) => s * x);
      }
      out.push({ kind, params });
    }
  }
  paletteCache = out;
  return out;
}

/** A scene of `moving` moving bodies and `statics` static ones, in a box sized for DENSITY. */
export function makeWorldScene(name: string, moving: number, statics = 0): WorldScene {
  const n = moving + statics;
  const rnd = mulberry32(0x2021 + n);
  const side = Math.cbrt(n / DENSITY);
  const shapeOf = new Int32Array(n);
  const start = new Float64Array(3 * n), velocity = new Float64Array(3 * n), rotation0 = new Float64Array(4 * n);
  const spinAxis = new Float64Array(3 * n), spinRate = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    shapeOf[i] = (i % 4) * VARIANTS + Math.min(VARIANTS - 1, Math.floor(VARIANTS * rnd()));
    for (let k = 0; k < 3; k++) start[3 * i + k] = uni(rnd, 0, side);
    randomDirection(rnd, velocity, 3 * i);
    const speed = i < moving ? uni(rnd, 0.01, 0.03) : 0;
    for (let k = 0; k < 3; k++) velocity[3 * i + k] *= speed;
    randomRotation(rnd, rotation0, 4 * i);
    randomDirection(rnd, spinAxis, 3 * i);
    spinRate[i] = i < moving ? uni(rnd, 0.01, 0.04) : 0;
  }
  return { name, moving, statics, side, palette: makePalette(), shapeOf, start, velocity, rotation0, spinAxis, spinRate };
}

/** x folded into [0, L] (a triangle wave: a bounce off both walls). */
function fold(x: number, L: number): number {
  const p = 2 * L;
  let m = x % p;
  if (m < 0) m += p;
  return m <= L ? m : p - m;
}

/**
 * The poses of bodies `from` … `to − 1` at step t into `out` (7 numbers a body, at 7 · i: position x y z,
 * quaternion x y z w).
 */
export function posesAt(s: WorldScene, t: number, out: Float64Array, from = 0, to = s.moving + s.statics): void {
  const L = s.side;
  for (let i = from; i < to; i++) {
    const o = 7 * i, k = 3 * i, q = 4 * i;
    out[o] = fold(s.start[k] + t * s.velocity[k], L);
    out[o + 1] = fold(s.start[k + 1] + t * s.velocity[k + 1], L);
    out[o + 2] = fold(s.start[k + 2] + t * s.velocity[k + 2], L);
    const half = 0.5 * t * s.spinRate[i], sn = Math.sin(half);
    const ax = s.spinAxis[k] * sn, ay = s.spinAxis[k + 1] * sn, az = s.spinAxis[k + 2] * sn, aw = Math.cos(half);
    const bx = s.rotation0[q], by = s.rotation0[q + 1], bz = s.rotation0[q + 2], bw = s.rotation0[q + 3];
    out[o + 3] = aw * bx + ax * bw + ay * bz - az * by;
    out[o + 4] = aw * by - ax * bz + ay * bw + az * bx;
    out[o + 5] = aw * bz + ax * by - ay * bx + az * bw;
    out[o + 6] = aw * bw - ax * bx - ay * by - az * bz;
  }
}
