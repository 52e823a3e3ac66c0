import { InvalidShapeError } from '../errors.js';
import { vec3 } from '../math/vec3.js';
import type { Vec3Like } from '../math/types.js';
import type { Shape, ShapeJSON } from './shape.js';

/**
 * { p + q : p ∈ a, q ∈ b }. Support functions add: s(d) = s_a(d) + s_b(d); so do the swept radii,
 * so the core is the sum of the cores.
 */
export class MinkowskiSum implements Shape {
  readonly kind = 'minkowskiSum' as const;
  readonly a: Shape;
  readonly b: Shape;
  readonly sweptRadius: number;
  readonly boundingRadius: number;
  /** Per-instance scratch: the sum is re-entrant across instances (a sum of sums works). */
  private readonly _scratch = vec3();

  constructor(a: Shape, b: Shape) {
    for (const [name, s] of [['a', a], ['b', b]] as const) {
      if (s === null || typeof s !== 'object' || typeof s.support !== 'function') {
        throw new InvalidShapeError(`MinkowskiSum.${name}`, 'is not a shape; expected a shape object with a support method');
      }
    }
    this.a = a;
    this.b = b;
    this.sweptRadius = a.sweptRadius + b.sweptRadius;
    this.boundingRadius = a.boundingRadius + b.boundingRadius;
  }

  support(out: Vec3Like, dir: Readonly<Vec3Like>): Vec3Like {
    const s = this._scratch;
    this.b.support(s, dir);
    this.a.support(out, dir);
    out.x += s.x;
    out.y += s.y;
    out.z += s.z;
    return out;
  }

  toJSON(): ShapeJSON {
    return { type: 'minkowskiSum', a: this.a.toJSON(), b: this.b.toJSON() };
  }
}
