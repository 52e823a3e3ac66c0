import { requireNonNegative } from '../errors.js';
import type { Vec3Like } from '../math/types.js';
import { builtInKindIndex, markBuiltIn, type SupportMap } from './shape.js';

const KIND = /* @__PURE__ */ builtInKindIndex('capsule');

/** Points within `radius` of the segment from (0, −halfHeight, 0) to (0, halfHeight, 0): a segment core plus a radius. */
export class Capsule implements SupportMap {
  /** Discriminant of the shape union: always `'capsule'`. */
  readonly kind = 'capsule' as const;
  static {
    markBuiltIn(this, KIND); // the dispatcher's index of this kind, on the prototype (shape.ts, KIND_INDEX)
  }
  /** Radius swept around the axis segment (≥ 0; a length). */
  readonly radius: number;
  /** Equal to `radius`: the core is swept by it. */
  readonly sweptRadius: number;
  readonly boundingRadius: number;
  /** Half the length of the axis segment, along local y (≥ 0): the capsule's total height is `2 · (halfHeight + radius)`. */
  readonly halfHeight: number;

  /** @throws InvalidRadiusError if `halfHeight` or `radius` is negative or not finite. */
  constructor(halfHeight: number, radius: number) {
    this.halfHeight = requireNonNegative(halfHeight, 'Capsule.halfHeight');
    this.radius = this.sweptRadius = requireNonNegative(radius, 'Capsule.radius');
    this.boundingRadius = this.halfHeight + this.radius;
  }

  /** The core is the axis segment. */
  support(out: Vec3Like, dir: Readonly<Vec3Like>): Vec3Like {
    const y = dir.y;
    out.x = 0;
    out.y = this.halfHeight * (+(y >= 0) - +(y < 0)); // branch-free ±1, as in Box.support
    out.z = 0;
    return out;
  }
}
