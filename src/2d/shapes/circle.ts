import { requireNonNegative } from '../../errors.js';
import type { Vec2Like } from '../types.js';
import { markShape2, NO_EDGES, POINT_CORE, type Shape2 } from './shape2.js';

/** A disc of `radius` about the origin: a point core with the radius swept around it. */
export class Circle implements Shape2 {
  /** Discriminant of the 2D shape union: always `'circle'`. */
  readonly kind = 'circle' as const;
  static {
    markShape2(this);
  }
  /** Radius of the disc (≥ 0; a length). */
  readonly radius: number;
  /** Equal to `radius`: the core is swept by it. */
  readonly sweptRadius: number;
  readonly boundingRadius: number;
  /** @internal The core as a polygon (shape2.ts): the centre. */
  readonly coreVertices = POINT_CORE;
  /** @internal */
  readonly coreNormals = NO_EDGES;

  /** @throws InvalidRadiusError if the radius is negative or not finite. Zero gives a point. */
  constructor(radius: number) {
    this.radius = requireNonNegative(radius, 'Circle.radius');
    this.sweptRadius = this.radius;
    this.boundingRadius = this.radius;
  }

  support(out: Vec2Like, _dir: Readonly<Vec2Like>): Vec2Like {
    out.x = 0;
    out.y = 0;
    return out;
  }
}
