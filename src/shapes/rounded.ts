import { requireNonNegative } from '../errors.js';
import type { Vec3Like } from '../math/types.js';
import { builtInKindIndex, type ConvexShape, KIND_INDEX, requireConvexShape, type SupportMap } from './shape.js';

const KIND = /* @__PURE__ */ builtInKindIndex('rounded');

/**
 * Every point within `radius` of `shape`: the Minkowski sum with a ball (a "collision skin").
 * The core is the inner shape's core; the swept radius adds up, so GJK still runs on the sharp core
 * and applies both radii to its result (the core-plus-radius two-step).
 */
export class Rounded implements SupportMap {
  readonly kind = 'rounded' as const;
  /** @internal The dispatcher's index of this kind. */
  readonly [KIND_INDEX] = KIND;
  readonly shape: ConvexShape;
  /** The radius added by this wrapper (the inner shape may have its own). */
  readonly radius: number;
  /** Total radius swept around the core: `shape.sweptRadius + radius`. */
  readonly sweptRadius: number;
  readonly boundingRadius: number;

  /**
   * @throws InvalidShapeError if `shape` is not a convex shape.
   * @throws InvalidRadiusError if `radius` is negative or not finite.
   */
  constructor(shape: ConvexShape, radius: number) {
    this.shape = requireConvexShape(shape, 'Rounded.shape');
    this.radius = requireNonNegative(radius, 'Rounded.radius');
    this.sweptRadius = shape.sweptRadius + this.radius;
    this.boundingRadius = shape.boundingRadius + this.radius;
  }

  support(out: Vec3Like, dir: Readonly<Vec3Like>): Vec3Like {
    return this.shape.support(out, dir);
  }
}
