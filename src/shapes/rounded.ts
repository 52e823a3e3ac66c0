import { InvalidShapeError, requireNonNegative } from '../errors.js';
import type { Vec3Like } from '../math/types.js';
import type { Shape, ShapeJSON } from './shape.js';

/**
 * Every point within `radius` of `shape`: the Minkowski sum with a ball (a "collision skin").
 * The core is the inner shape's core; the swept radius adds up, so GJK still runs on the sharp core
 * and applies both radii to its result (the core-plus-radius two-step).
 */
export class Rounded implements Shape {
  readonly kind = 'rounded' as const;
  readonly shape: Shape;
  /** The radius added by this wrapper (the inner shape may have its own). */
  readonly radius: number;
  /** Total radius swept around the core: `shape.sweptRadius + radius`. */
  readonly sweptRadius: number;
  readonly boundingRadius: number;

  /** @throws InvalidRadiusError if `radius` is negative or not finite. */
  constructor(shape: Shape, radius: number) {
    if (shape === null || typeof shape !== 'object' || typeof shape.support !== 'function') {
      throw new InvalidShapeError('Rounded.shape', 'is not a shape; expected a shape object with a support method');
    }
    this.shape = shape;
    this.radius = requireNonNegative(radius, 'Rounded.radius');
    this.sweptRadius = shape.sweptRadius + this.radius;
    this.boundingRadius = shape.boundingRadius + this.radius;
  }

  support(out: Vec3Like, dir: Readonly<Vec3Like>): Vec3Like {
    return this.shape.support(out, dir);
  }

  toJSON(): ShapeJSON {
    return { type: 'rounded', shape: this.shape.toJSON(), radius: this.radius };
  }
}
