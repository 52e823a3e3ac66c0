import { hypot2 } from '../math/exact-math.js';
import { requireNonNegative } from '../errors.js';
import { nearestPowerOfTwoExponent } from '../math/power-of-two.js';
import type { Vec3Like } from '../math/types.js';
import { SQUARE_SAFE_HIGH, SQUARE_SAFE_LOW } from '../math/vec3.js';
import { builtInKindIndex, markBuiltIn, type SupportMap } from './shape.js';

/** The range of safe squared lengths (vec3.ts), as constants of this module: its support reads them (CONTRIBUTING.md, "V8 rules", rule 4). */
const SQUARE_SAFE_LOW_ = SQUARE_SAFE_LOW, SQUARE_SAFE_HIGH_ = SQUARE_SAFE_HIGH;

const KIND = /* @__PURE__ */ builtInKindIndex('cone');

/** A solid cone along local Y: apex at (0, +halfHeight, 0), base disc of `radius` at y = −halfHeight. */
export class Cone implements SupportMap {
  /** Discriminant of the shape union: always `'cone'`. */
  readonly kind = 'cone' as const;
  static {
    markBuiltIn(this, KIND); // the dispatcher's index of this kind, on the prototype (shape.ts, KIND_INDEX)
  }
  /** Sharp rims: the whole body is the core. */
  readonly sweptRadius = 0;
  /** The geometric radius of the base disc. */
  readonly radius: number;
  readonly boundingRadius: number;
  /** Half the cone's height along local y (≥ 0): the apex is at y = +halfHeight, the base at y = −halfHeight. */
  readonly halfHeight: number;

  /** @throws InvalidRadiusError if `halfHeight` or `radius` is negative or not finite. */
  constructor(halfHeight: number, radius: number) {
    this.halfHeight = requireNonNegative(halfHeight, 'Cone.halfHeight');
    this.radius = requireNonNegative(radius, 'Cone.radius');
    this.boundingRadius = hypot2(this.halfHeight, this.radius);
  }

  /** The apex or the base rim point, whichever is further along `dir` (ties go to the apex). */
  support(out: Vec3Like, dir: Readonly<Vec3Like>): Vec3Like {
    const dx = dir.x, dy = dir.y, dz = dir.z;
    const h = this.halfHeight, r = this.radius;
    const rho = Math.sqrt(dx * dx + dz * dz), s = r / rho;
    // (Not along the axis, dx = dz = 0, which the inline form answers as supportFar does: the call boxed
    // its doubles. A rho of 0 alone is not that: (1e-170, 0, 1e-170)'s squares vanish.)
    if (!(rho > SQUARE_SAFE_LOW_ && rho < SQUARE_SAFE_HIGH_ && s < Infinity) && rho === rho && !(dx === 0 && dz === 0)) return this.supportFar(out, dx, dy, dz);
    // apex·d = h·dy; best rim point·d = r·rho − h·dy
    if (h * dy >= r * rho - h * dy) {
      out.x = 0;
      out.y = h;
      out.z = 0;
    } else if (rho > 0) {
      out.x = dx * s;
      out.y = -h;
      out.z = dz * s;
    } else {
      out.x = 0;
      out.y = -h;
      out.z = 0;
    }
    return out;
  }

  /**
   * The support when the squares of (dx, dz) over- or underflow or r / rho overflows (a direction of
   * 1e±170; a huge radius along a nearly vertical direction): the direction scaled by a power of two to a
   * largest component near 1, then (x, z) again to theirs, both exact, so the bits are the inline form's
   * wherever it was finite. A zero horizontal part gives the apex or the base's centre, as inline.
   */
  private supportFar(out: Vec3Like, dx: number, dy: number, dz: number): Vec3Like {
    const h = this.halfHeight, r = this.radius;
    const p = 2 ** -nearestPowerOfTwoExponent(Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dz)));
    const x = dx * p, y = dy * p, z = dz * p;
    const q = 2 ** -nearestPowerOfTwoExponent(Math.max(Math.abs(x), Math.abs(z)));
    const u = x * q, w = z * q, rhoU = Math.sqrt(u * u + w * w); // rho·q, near 1 unless (x, z) is zero
    if (rhoU === 0 || h * y >= r * (rhoU / q) - h * y) {
      out.x = 0;
      out.y = rhoU === 0 && y < 0 ? -h : h;
      out.z = 0;
    } else {
      const t = r / rhoU;
      out.x = u * t;
      out.y = -h;
      out.z = w * t;
    }
    return out;
  }
}
