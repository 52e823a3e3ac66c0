import { hypot2 } from '../../math/exact-math.js';
import { requireFinite } from '../../errors.js';
import type { Vec2Like } from '../types.js';
import { corePolygon } from '../hull2.js';
import { markShape2, type Shape2 } from './shape2.js';

/** The segment from `a` to `b` (local frame). A zero-length segment is a point. */
export class Segment2 implements Shape2 {
  /** Discriminant of the 2D shape union: always `'segment'`. */
  readonly kind = 'segment' as const;
  static {
    markShape2(this);
  }
  readonly sweptRadius = 0;
  readonly boundingRadius: number;
  /** @internal The core as a polygon (shape2.ts). */
  readonly coreVertices: Float64Array;
  /** @internal */
  readonly coreNormals: Float64Array;
  /** x of the end `a` (local frame). */
  readonly ax: number;
  /** y of the end `a` (local frame). */
  readonly ay: number;
  /** x of the end `b` (local frame). */
  readonly bx: number;
  /** y of the end `b` (local frame). */
  readonly by: number;

  /** @throws InvalidNumberError naming the coordinate that is not a finite number. */
  constructor(a: Readonly<Vec2Like>, b: Readonly<Vec2Like>) {
    this.ax = requireFinite(a?.x, 'Segment2.a.x');
    this.ay = requireFinite(a?.y, 'Segment2.a.y');
    this.bx = requireFinite(b?.x, 'Segment2.b.x');
    this.by = requireFinite(b?.y, 'Segment2.b.y');
    this.boundingRadius = Math.max(hypot2(this.ax, this.ay), hypot2(this.bx, this.by));
    const core = corePolygon([this.ax, this.ay, this.bx, this.by]);
    this.coreVertices = core.vertices;
    this.coreNormals = core.normals;
  }

  /** The end further along `dir` (`a` on a tie). */
  support(out: Vec2Like, dir: Readonly<Vec2Like>): Vec2Like {
    const dx = dir.x, dy = dir.y;
    if (this.bx * dx + this.by * dy > this.ax * dx + this.ay * dy) {
      out.x = this.bx; out.y = this.by;
    } else {
      out.x = this.ax; out.y = this.ay;
    }
    return out;
  }
}
