import { requireNonNegative } from '../../errors.js';
import type { Vec2Like } from '../types.js';
import { checkShape2, markShape2, type Shape2 } from './shape2.js';

/**
 * Every point within `radius` of `shape` (a rounded box, a rounded polygon). A rounded shape may round
 * any 2D shape, a rounded one included: the radii add, and the core is the innermost shape's.
 */
export class Rounded2 implements Shape2 {
  /** Discriminant of the 2D shape union: always `'rounded'`. */
  readonly kind = 'rounded' as const;
  static {
    markShape2(this);
  }
  /** The shape as given. */
  readonly shape: Shape2;
  /** The radius as given (added to the shape's own). */
  readonly radius: number;
  /** The core whose support this returns: the innermost shape of a chain of roundings. */
  readonly core: Shape2;
  readonly sweptRadius: number;
  readonly boundingRadius: number;
  /** @internal The core as a polygon (shape2.ts). */
  readonly coreVertices: Float64Array;
  /** @internal */
  readonly coreNormals: Float64Array;

  /** @throws InvalidShapeError if `shape` is not a 2D shape; InvalidRadiusError for a bad radius. */
  constructor(shape: Shape2, radius: number) {
    checkShape2(shape, 'Rounded2.shape');
    this.shape = shape;
    this.radius = requireNonNegative(radius, 'Rounded2.radius');
    this.core = shape instanceof Rounded2 ? shape.core : shape;
    this.sweptRadius = shape.sweptRadius + this.radius;
    this.boundingRadius = shape.boundingRadius + this.radius;
    this.coreVertices = this.core.coreVertices;
    this.coreNormals = this.core.coreNormals;
  }

  support(out: Vec2Like, dir: Readonly<Vec2Like>): Vec2Like {
    return this.core.support(out, dir);
  }
}
