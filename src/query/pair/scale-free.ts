/**
 * Scale-free pairs: a pair whose size (bounding radii plus the offset between the frames, relatePair)
 * lies outside [2^-SCALE_FREE_EXPONENT, 2^SCALE_FREE_EXPONENT] is answered by the pair functions
 * (convex-distance.ts, convex-contact.ts) on a copy scaled by a power of two to a size near 1, with A's
 * position moved to the origin, and the answer scaled back. This module holds that copy. Multiplying by a power of
 * two is exact in floating point, so the scaled pair is the same geometry; but GJK and EPA square and
 * multiply lengths (up to their fourth power), which overflow past about 1e76 and underflow below 1e-75.
 * Pairs of ordinary sizes never come here: they pay one range test.
 */
import { InvalidArgumentError } from '../../errors.js';
import { nearestPowerOfTwoExponent } from '../../math/power-of-two.js';
import { Transform } from '../../math/transform.js';
import type { Vec3Like } from '../../math/types.js';
import type { ConvexShape, SupportMap } from '../../shapes/shape.js';
import type { PairFrame } from './pair-frame.js';
import type { QueryWork } from './query-work.js';

/** A shape seen at `scale` times its size (a power of two): its support points scaled, exactly. */
export class ScaleView implements SupportMap {
  shape: ConvexShape = null as unknown as ConvexShape;
  scale = 1;
  sweptRadius = 0;
  boundingRadius = 0;
  set(shape: ConvexShape, scale: number): this {
    this.shape = shape;
    this.scale = scale;
    this.sweptRadius = shape.sweptRadius * scale;
    this.boundingRadius = shape.boundingRadius * scale;
    return this;
  }
  support(out: Vec3Like, dir: Readonly<Vec3Like>): Vec3Like {
    this.shape.support(out, dir);
    const s = this.scale;
    out.x *= s; out.y *= s; out.z *= s;
    return out;
  }
}

/** Scratch of the scaled path, one per work record (a user's support function may query: query-work.ts). */
export class ScaledPair {
  readonly viewA = new ScaleView();
  readonly viewB = new ScaleView();
  readonly tA = new Transform();
  readonly tB = new Transform();
  /** 2^k: the factor back to the pair's own units. */
  back = 1;
}

/** Sets up `p` for the pair: the views, A at the origin, B at its scaled offset. */
export function prepare(p: ScaledPair, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform, frame: PairFrame): void {
  // Half the offset, which cannot overflow even when the offset itself would (poses at ±1.5e308).
  const hx = 0.5 * tB.tx - 0.5 * tA.tx, hy = 0.5 * tB.ty - 0.5 * tA.ty, hz = 0.5 * tB.tz - 0.5 * tA.tz;
  const m = Math.max(a.boundingRadius, b.boundingRadius, 2 * Math.max(Math.abs(hx), Math.abs(hy), Math.abs(hz)));
  // 2^-k with 2^k the power of two nearest m's size: exact, and keeps the scaled sizes near 1.
  const k = nearestPowerOfTwoExponent(m);
  const s = 2 ** -k;
  p.back = 2 ** k;
  p.viewA.set(a, s);
  p.viewB.set(b, s);
  copyRotation(p.tA, tA);
  p.tA.tx = 0; p.tA.ty = 0; p.tA.tz = 0;
  copyRotation(p.tB, tB);
  p.tB.tx = hx * (2 * s); p.tB.ty = hy * (2 * s); p.tB.tz = hz * (2 * s);
  // A's position leaves the copy but not the slack (each term scaled first: the sum may not fit).
  frame.positionBias = Math.abs(tA.tx) * s + Math.abs(tA.ty) * s + Math.abs(tA.tz) * s;
}

function copyRotation(out: Transform, t: Transform): void {
  out.m00 = t.m00; out.m01 = t.m01; out.m02 = t.m02;
  out.m10 = t.m10; out.m11 = t.m11; out.m12 = t.m12;
  out.m20 = t.m20; out.m21 = t.m21; out.m22 = t.m22;
}

/**
 * A point of the scaled answer (world orientation, A at the origin) back in world space.
 * @throws InvalidArgumentError when it is beyond float64's range.
 */
export function unscalePoint(p: Vec3Like, back: number, tA: Transform): void {
  p.x = requireRepresentable(p.x * back + tA.tx, 'witness point');
  p.y = requireRepresentable(p.y * back + tA.ty, 'witness point');
  p.z = requireRepresentable(p.z * back + tA.tz, 'witness point');
}

export function requireRepresentable(value: number, what: string): number {
  if (!(Math.abs(value) < Infinity)) throw new InvalidArgumentError('pair', `has a ${what} too large for float64`);
  return value;
}

export function scratch(work: QueryWork): ScaledPair {
  return work.scaled ?? (work.scaled = new ScaledPair());
}
