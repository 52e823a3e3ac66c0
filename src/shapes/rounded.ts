import { requireNonNegative } from '../errors.js';
import type { Vec3Like } from '../math/types.js';
import { builtInKindIndex, type ConvexShape, markBuiltIn, markUserCode, NESTING, wrapperNesting, requireConvexShape, type SupportMap } from './shape.js';

const KIND = /* @__PURE__ */ builtInKindIndex('rounded');

/**
 * Every point within `radius` of `shape`: the Minkowski sum with a ball (a "collision skin").
 * The core is the inner shape's core; the swept radius adds up, so GJK still runs on the sharp core
 * and applies both radii to its result (the core-plus-radius two-step).
 */
export class Rounded implements SupportMap {
  /** Discriminant of the shape union: always `'rounded'`. */
  readonly kind = 'rounded' as const;
  static {
    markBuiltIn(this, KIND); // the dispatcher's index of this kind, on the prototype (shape.ts, KIND_INDEX)
  }
  /** The inner shape, as given (kept, not copied). */
  readonly shape: ConvexShape;
  /** The radius added by this wrapper (the inner shape may have its own). */
  readonly radius: number;
  /** Total radius swept around the core: `shape.sweptRadius + radius`. */
  readonly sweptRadius: number;
  readonly boundingRadius: number;
  /** @internal Nesting depth (shape.ts, NESTING). */
  readonly [NESTING]: number;

  /**
   * @throws InvalidShapeError if `shape` is not a convex shape.
   * @throws InvalidRadiusError if `radius` is negative or not finite.
   */
  constructor(shape: ConvexShape, radius: number) {
    this.shape = requireConvexShape(shape, 'Rounded.shape');
    this[NESTING] = wrapperNesting('Rounded', this.shape);
    markUserCode(this, this.shape);
    this.radius = requireNonNegative(radius, 'Rounded.radius');
    this.sweptRadius = shape.sweptRadius + this.radius;
    this.boundingRadius = shape.boundingRadius + this.radius;
  }

  support(out: Vec3Like, dir: Readonly<Vec3Like>): Vec3Like {
    return this.shape.support(out, dir);
  }
}
