import { vec3 } from '../math/vec3.js';
import type { Vec3Like } from '../math/types.js';
import { builtInKindIndex, type ConvexShape, markBuiltIn, markUserCode, NESTING, wrapperNesting, requireConvexShape, type SupportMap } from './shape.js';

const KIND = /* @__PURE__ */ builtInKindIndex('minkowskiSum');

/**
 * { p + q : p ∈ a, q ∈ b }. Support functions add: s(d) = s_a(d) + s_b(d); so do the swept radii,
 * so the core is the sum of the cores.
 */
export class MinkowskiSum implements SupportMap {
  /** Discriminant of the shape union: always `'minkowskiSum'`. */
  readonly kind = 'minkowskiSum' as const;
  static {
    markBuiltIn(this, KIND); // the dispatcher's index of this kind, on the prototype (shape.ts, KIND_INDEX)
  }
  /** The first summand, as given (kept, not copied; both summands in this shape's local frame). */
  readonly a: ConvexShape;
  /** The second summand, as given (kept, not copied). */
  readonly b: ConvexShape;
  readonly sweptRadius: number;
  readonly boundingRadius: number;
  /** @internal Nesting depth (shape.ts, NESTING). */
  readonly [NESTING]: number;
  /** Per-instance scratch: the sum is re-entrant across instances (a sum of sums works). */
  private readonly _scratch = vec3();

  /** @throws InvalidShapeError if `a` or `b` is not a convex shape. */
  constructor(a: ConvexShape, b: ConvexShape) {
    this.a = requireConvexShape(a, 'MinkowskiSum.a');
    this.b = requireConvexShape(b, 'MinkowskiSum.b');
    this[NESTING] = wrapperNesting('MinkowskiSum', this.a, this.b);
    markUserCode(this, this.a, this.b);
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
}
