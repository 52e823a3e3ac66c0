import type { Vec2Like } from '../types.js';
import { markShape2, type Shape2 } from './shape2.js';

/** The origin of its frame: a point. */
export class Point2 implements Shape2 {
  readonly kind = 'point' as const;
  static {
    markShape2(this);
  }
  readonly sweptRadius = 0;
  readonly boundingRadius = 0;

  support(out: Vec2Like, _dir: Readonly<Vec2Like>): Vec2Like {
    out.x = 0;
    out.y = 0;
    return out;
  }
}
