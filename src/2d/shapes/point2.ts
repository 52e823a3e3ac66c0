import type { Vec2Like } from '../types.js';
import { markShape2, NO_EDGES, POINT_CORE, type Shape2 } from './shape2.js';

/** The origin of its frame: a point. */
export class Point2 implements Shape2 {
  /** Discriminant of the 2D shape union: always `'point'`. */
  readonly kind = 'point' as const;
  static {
    markShape2(this);
  }
  readonly sweptRadius = 0;
  readonly boundingRadius = 0;
  /** @internal The core as a polygon (shape2.ts): the origin. */
  readonly coreVertices = POINT_CORE;
  /** @internal */
  readonly coreNormals = NO_EDGES;

  support(out: Vec2Like, _dir: Readonly<Vec2Like>): Vec2Like {
    out.x = 0;
    out.y = 0;
    return out;
  }
}
