import { requireNonNegative } from '../../errors.js';
import type { Vec2Like } from '../types.js';
import { markShape2, type Shape2 } from './shape2.js';

/** A disc of `radius` about the origin: a point core with the radius swept around it. */
export class Circle implements Shape2 {
  readonly kind = 'circle' as const;
  static {
    markShape2(this);
  }
  readonly radius: number;
  readonly sweptRadius: number;
  readonly boundingRadius: number;

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
