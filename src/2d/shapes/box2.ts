import { hypot2 } from '../../math/exact-math.js';
import { requireNonNegative } from '../../errors.js';
import type { Vec2Like } from '../types.js';
import { corePolygon, edgeNormals } from '../hull2.js';
import { markShape2, type Shape2 } from './shape2.js';

/** A rectangle centred at the origin, given by its half extents. */
export class Box2 implements Shape2 {
  /** Discriminant of the 2D shape union: always `'box'`. */
  readonly kind = 'box' as const;
  static {
    markShape2(this);
  }
  readonly sweptRadius = 0;
  readonly boundingRadius: number;
  /** @internal The core as a polygon (shape2.ts). */
  readonly coreVertices: Float64Array;
  /** @internal */
  readonly coreNormals: Float64Array;
  /** Half the rectangle's width, along local x (≥ 0; a length). */
  readonly hx: number;
  /** Half the rectangle's height, along local y (≥ 0; a length). */
  readonly hy: number;

  /** @throws InvalidRadiusError if a half extent is negative or not finite. Zero gives a segment or a point. */
  constructor(hx: number, hy: number) {
    this.hx = requireNonNegative(hx, 'Box2.hx');
    this.hy = requireNonNegative(hy, 'Box2.hy');
    this.boundingRadius = hypot2(this.hx, this.hy);
    const x = this.hx, y = this.hy;
    if (x > 0 && y > 0) {
      // The four corners as they are, counter-clockwise from (−x, −y), as hull2 lists them: the hull's
      // tolerance would drop the corners of a box thinner than 1e-12 of its length (a Box2(1e15, 0.5)
      // became a segment, and a circle 2 above it read 2.5).
      this.coreVertices = Float64Array.of(-x, -y, x, -y, x, y, -x, y);
      this.coreNormals = edgeNormals(this.coreVertices);
    } else {
      const core = corePolygon([-x, -y, x, -y, x, y, -x, y]);
      this.coreVertices = core.vertices;
      this.coreNormals = core.normals;
    }
  }

  /**
   * The corner in the quadrant of `dir`, by boolean arithmetic (`(d ≥ 0) − (d < 0)` = ±1), which V8
   * compiles without branches: GJK's directions have random signs (as the 3D Box).
   */
  support(out: Vec2Like, dir: Readonly<Vec2Like>): Vec2Like {
    const x = dir.x, y = dir.y;
    out.x = this.hx * (+(x >= 0) - +(x < 0));
    out.y = this.hy * (+(y >= 0) - +(y < 0));
    return out;
  }
}
