import type { Vec3Like } from './types.js';

/**
 * Allocation-free vector kernels in the style of gl-matrix: output first, returned, and safe when
 * `out` aliases an input (every component is read before any is written).
 */

/** A new plain vector. Every vector the library creates comes from here, so they share one shape. */
export function vec3(x = 0, y = 0, z = 0): Vec3Like {
  return { x, y, z };
}

export function set(out: Vec3Like, x: number, y: number, z: number): Vec3Like {
  out.x = x;
  out.y = y;
  out.z = z;
  return out;
}

export function copy(out: Vec3Like, a: Readonly<Vec3Like>): Vec3Like {
  const x = a.x, y = a.y, z = a.z;
  out.x = x;
  out.y = y;
  out.z = z;
  return out;
}

export function add(out: Vec3Like, a: Readonly<Vec3Like>, b: Readonly<Vec3Like>): Vec3Like {
  const x = a.x + b.x, y = a.y + b.y, z = a.z + b.z;
  out.x = x;
  out.y = y;
  out.z = z;
  return out;
}

export function sub(out: Vec3Like, a: Readonly<Vec3Like>, b: Readonly<Vec3Like>): Vec3Like {
  const x = a.x - b.x, y = a.y - b.y, z = a.z - b.z;
  out.x = x;
  out.y = y;
  out.z = z;
  return out;
}

export function scale(out: Vec3Like, a: Readonly<Vec3Like>, s: number): Vec3Like {
  const x = a.x * s, y = a.y * s, z = a.z * s;
  out.x = x;
  out.y = y;
  out.z = z;
  return out;
}

/** out = a + b·s */
export function addScaled(out: Vec3Like, a: Readonly<Vec3Like>, b: Readonly<Vec3Like>, s: number): Vec3Like {
  const x = a.x + b.x * s, y = a.y + b.y * s, z = a.z + b.z * s;
  out.x = x;
  out.y = y;
  out.z = z;
  return out;
}

export function negate(out: Vec3Like, a: Readonly<Vec3Like>): Vec3Like {
  const x = -a.x, y = -a.y, z = -a.z;
  out.x = x;
  out.y = y;
  out.z = z;
  return out;
}

export function dot(a: Readonly<Vec3Like>, b: Readonly<Vec3Like>): number {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}

export function cross(out: Vec3Like, a: Readonly<Vec3Like>, b: Readonly<Vec3Like>): Vec3Like {
  const ax = a.x, ay = a.y, az = a.z, bx = b.x, by = b.y, bz = b.z;
  out.x = ay * bz - az * by;
  out.y = az * bx - ax * bz;
  out.z = ax * by - ay * bx;
  return out;
}

export function lengthSq(a: Readonly<Vec3Like>): number {
  return a.x * a.x + a.y * a.y + a.z * a.z;
}

export function length(a: Readonly<Vec3Like>): number {
  return Math.sqrt(a.x * a.x + a.y * a.y + a.z * a.z);
}

export function distance(a: Readonly<Vec3Like>, b: Readonly<Vec3Like>): number {
  const x = a.x - b.x, y = a.y - b.y, z = a.z - b.z;
  return Math.sqrt(x * x + y * y + z * z);
}

/** Unit vector along `a`; the zero vector stays zero (callers test for it where it matters). */
export function normalize(out: Vec3Like, a: Readonly<Vec3Like>): Vec3Like {
  const x = a.x, y = a.y, z = a.z;
  const l = Math.sqrt(x * x + y * y + z * z);
  const s = l > 0 ? 1 / l : 0;
  out.x = x * s;
  out.y = y * s;
  out.z = z * s;
  return out;
}

/**
 * Writes into `out` a unit vector perpendicular to `a` (any non-zero length). Uses the axis along
 * which `a` is smallest, so the cross product is never ill-conditioned.
 */
export function anyPerpendicular(out: Vec3Like, a: Readonly<Vec3Like>): Vec3Like {
  const x = a.x, y = a.y, z = a.z;
  const ax = Math.abs(x), ay = Math.abs(y), az = Math.abs(z);
  let px: number, py: number, pz: number;
  if (ax <= ay && ax <= az) {
    px = 0; py = z; pz = -y; // a × (1,0,0)
  } else if (ay <= az) {
    px = -z; py = 0; pz = x; // a × (0,1,0)
  } else {
    px = y; py = -x; pz = 0; // a × (0,0,1)
  }
  const l = Math.sqrt(px * px + py * py + pz * pz);
  if (l === 0) return set(out, 1, 0, 0);
  return set(out, px / l, py / l, pz / l);
}
