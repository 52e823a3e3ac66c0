import type { Vec3Like } from './types.js';
import { nearestPowerOfTwoExponent } from './power-of-two.js';

/**
 * The vectors the library makes, and the one kernel its queries need beyond inline arithmetic (hot
 * paths write components out by hand: see gjk.ts). Output first, returned, safe when `out` aliases
 * the input.
 */

/** A new plain vector. Every vector the library creates comes from here, so they share one shape. */
export function vec3(x = 0, y = 0, z = 0): Vec3Like {
  return { x, y, z };
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
  if (l === 0) { px = 1; py = 0; pz = 0; } else { px /= l; py /= l; pz /= l; }
  out.x = px; out.y = py; out.z = pz;
  return out;
}

/**
 * |v| without overflow or underflow in the squares (a vector of 1e200 has a length; its squares are
 * infinite): scaled by the largest magnitude first. Written to `out[0]` rather than returned, and given
 * the vector rather than its numbers: a number through a call V8 does not inline is boxed
 * (CONTRIBUTING.md, "V8 rules", rule 1). Not Math.hypot, a variadic builtin that allocates.
 */
export function safeLength(v: Readonly<Vec3Like>, out: Float64Array): void {
  const x = v.x, y = v.y, z = v.z;
  const m = Math.max(Math.abs(x), Math.abs(y), Math.abs(z));
  if (m === 0 || !(m < Infinity)) { out[0] = m; return; }
  const a = x / m, b = y / m, c = z / m;
  out[0] = m * Math.sqrt(a * a + b * b + c * c);
}

/**
 * The far path of a radius along a direction, `out += r·(x, y, z)/|(x, y, z)|`, for when the callers'
 * inline form `s = r / √(x² + y² + z²)` over- or underflows: a direction of 1e±170 (squares lost), or a
 * huge radius over a short direction (r / l infinite: a cylinder of radius 2^988 gave an infinite support
 * point). The direction is first scaled by a power of two to a largest component near 1, which is exact
 * and leaves the answer's bits those of the inline form wherever that form was finite. A zero direction
 * adds nothing. Rare, so its numbers may be boxed (CONTRIBUTING.md, "V8 rules", rule 1).
 */
export function addAlongFar(out: Vec3Like, x: number, y: number, z: number, r: number): void {
  const m = Math.max(Math.abs(x), Math.abs(y), Math.abs(z));
  if (!(m > 0 && m < Infinity)) return;
  const p = 2 ** -nearestPowerOfTwoExponent(m);
  const a = x * p, b = y * p, c = z * p;
  const s = r / Math.sqrt(a * a + b * b + c * c);
  out.x += a * s; out.y += b * s; out.z += c * s;
}

/** A length whose square lies outside these bounds lost precision or range (the callers of addAlongFar). */
export const SQUARE_SAFE_LOW = 1e-150, SQUARE_SAFE_HIGH = 1e150;

/**
 * Whether x, y and z of `v` can be set: own data fields that are writable, setters, or fields an
 * extensible object can add (a three.js Vector3, whose fields are plain). Not on a query's hot path.
 */
export function isWritableVector(v: object): boolean {
  for (const key of ['x', 'y', 'z']) {
    let o: object | null = v, d: PropertyDescriptor | undefined;
    while (o !== null && (d = Object.getOwnPropertyDescriptor(o, key)) === undefined) o = Object.getPrototypeOf(o) as object | null;
    if (d === undefined) { if (!Object.isExtensible(v)) return false; continue; }
    if (d.get !== undefined || d.set !== undefined) { if (d.set === undefined) return false; continue; }
    if (d.writable !== true || (o !== v && !Object.isExtensible(v))) return false;
  }
  return true;
}
