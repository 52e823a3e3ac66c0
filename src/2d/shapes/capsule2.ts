import { requireNonNegative } from '../../errors.js';
import type { Vec2Like } from '../types.js';
import { corePolygon } from '../hull2.js';
import { markShape2, type Shape2 } from './shape2.js';

/** The points within `radius` of the segment from (0, −halfHeight) to (0, halfHeight): a stadium. */
export class Capsule2 implements Shape2 {
  /** Discriminant of the 2D shape union: always `'capsule'`. */
  readonly kind = 'capsule' as const;
  static {
    markShape2(this);
  }
  /** Half the length of the core segment, along local y (≥ 0): the capsule's total height is `2 · (halfHeight + radius)`. */
  readonly halfHeight: number;
  /** Radius swept around the core segment (≥ 0; a length). */
  readonly radius: number;
  /** Equal to `radius`: the core is swept by it. */
  readonly sweptRadius: number;
  readonly boundingRadius: number;
  /** @internal The core as a polygon (shape2.ts). */
  readonly coreVertices: Float64Array;
  /** @internal */
  readonly coreNormals: Float64Array;

  /** @throws InvalidRadiusError if a size is negative or not finite. */
  constructor(halfHeight: number, radius: number) {
    this.halfHeight = requireNonNegative(halfHeight, 'Capsule2.halfHeight');
    this.radius = requireNonNegative(radius, 'Capsule2.radius');
    this.sweptRadius = this.radius;
    this.boundingRadius = this.halfHeight + this.radius;
    const core = corePolygon([0, -this.halfHeight, 0, this.halfHeight]);
    this.coreVertices = core.vertices;
    this.coreNormals = core.normals;
  }

  /**
   * The end of the core segment further along `dir` (the lower end on a tie), by boolean arithmetic: a
   * `?:` between the field and its negation boxed the number it stored (6 bytes a query over mixed kinds).
   */
  support(out: Vec2Like, dir: Readonly<Vec2Like>): Vec2Like {
    const y = dir.y;
    out.x = 0;
    out.y = this.halfHeight * (+(y > 0) - +(y <= 0));
    return out;
  }
}
