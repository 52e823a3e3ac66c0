import { requireNonNegative } from '../errors.js';
import type { Vec3Like } from '../math/types.js';
import { builtInKindIndex, markBuiltIn, type SupportMap } from './shape.js';

const KIND = /* @__PURE__ */ builtInKindIndex('sphere');

/** A ball of `radius` about the local origin: a point core plus a radius. */
export class Sphere implements SupportMap {
  /** Discriminant of the shape union: always `'sphere'`. */
  readonly kind = 'sphere' as const;
  static {
    markBuiltIn(this, KIND); // the dispatcher's index of this kind, on the prototype (shape.ts, KIND_INDEX)
  }
  /** Radius of the ball (≥ 0; a length). */
  readonly radius: number;
  /** Equal to `radius`: the core is swept by it. */
  readonly sweptRadius: number;
  readonly boundingRadius: number;

  /** @throws InvalidRadiusError if `radius` is negative or not finite. */
  constructor(radius: number) {
    this.radius = this.sweptRadius = requireNonNegative(radius, 'Sphere.radius');
    this.boundingRadius = this.radius;
  }

  /** The core is the centre. */
  support(out: Vec3Like, _dir: Readonly<Vec3Like>): Vec3Like {
    out.x = 0;
    out.y = 0;
    out.z = 0;
    return out;
  }
}
