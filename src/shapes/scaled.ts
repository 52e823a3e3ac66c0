import { InvalidNumberError } from '../errors.js';
import type { Vec3Like } from '../math/types.js';
import { addAlongFar, SQUARE_SAFE_HIGH, SQUARE_SAFE_LOW, vec3 } from '../math/vec3.js';
import { UNIFORM_SCALE_TOLERANCE } from '../tolerance.js';
import { builtInKindIndex, type ConvexShape, markBuiltIn, markUserCode, NESTING, wrapperNesting, requireConvexShape, type SupportMap } from './shape.js';

/** The range of safe squared lengths (vec3.ts), as constants of this module: its support reads them (CONTRIBUTING.md, "V8 rules", rule 4). */
const SQUARE_SAFE_LOW_ = SQUARE_SAFE_LOW, SQUARE_SAFE_HIGH_ = SQUARE_SAFE_HIGH;

const KIND = /* @__PURE__ */ builtInKindIndex('scaled');

/**
 * A convex shape scaled per local axis: { S·p : p ∈ shape } with S = diag(scale), as a three.js mesh
 * with a `scale` draws its geometry. Any non-zero scale is accepted, negative (a mirror) included; the
 * result is convex, so every query answers it as it answers any convex shape (exact for polytopes, to
 * the stated tolerance for curved ones).
 *
 * Support (van den Bergen 2003, Collision Detection in Interactive 3D Environments, ch. 4: the support
 * of a linear image T·K along d is T times K's support along Tᵀ·d): s(d) = S·s_K(S·d), since S is
 * diagonal. A radius swept around the core stays a radius only under a uniform scale (|sx| = |sy| =
 * |sz| = k, within UNIFORM_SCALE_TOLERANCE: S·(core ⊕ ball r) = S·core ⊕ ball k·r); under any other the ball becomes an ellipsoid, so
 * the scaled shape has no swept radius and its support includes the inner radius, which GJK then
 * treats as a smooth shape like an ellipsoid.
 */
export class Scaled implements SupportMap {
  /** Discriminant of the shape union: always `'scaled'`. */
  readonly kind = 'scaled' as const;
  static {
    markBuiltIn(this, KIND); // the dispatcher's index of this kind, on the prototype (shape.ts, KIND_INDEX)
  }
  /** The inner shape, as given (kept, not copied), before the scale is applied. */
  readonly shape: ConvexShape;
  /** The scale per local axis (a copy of the constructor's argument). */
  readonly scale: Readonly<Vec3Like>;
  readonly sweptRadius: number;
  readonly boundingRadius: number;
  /** @internal Nesting depth (shape.ts, NESTING). */
  readonly [NESTING]: number;
  private readonly sx: number;
  private readonly sy: number;
  private readonly sz: number;
  /** The inner shape's swept radius when it must be folded into the support (non-uniform scale), else 0. */
  private readonly innerRadius: number;
  /** Per-instance scratch for S·d: a scaled shape is re-entrant across instances (scaled of scaled works). */
  private readonly _dir = vec3();

  /**
   * @throws InvalidShapeError if `shape` is not a convex shape.
   * @throws InvalidNumberError if a component of `scale` is zero, NaN or infinite.
   */
  constructor(shape: ConvexShape, scale: Readonly<Vec3Like>) {
    this.shape = requireConvexShape(shape, 'Scaled.shape');
    this[NESTING] = wrapperNesting('Scaled', this.shape);
    markUserCode(this, this.shape);
    if (scale === null || typeof scale !== 'object') throw new InvalidNumberError('Scaled.scale', scale, 'an {x, y, z} of finite non-zero numbers');
    const sx = requireScale(scale.x, 'Scaled.scale.x');
    const sy = requireScale(scale.y, 'Scaled.scale.y');
    const sz = requireScale(scale.z, 'Scaled.scale.z');
    this.sx = sx; this.sy = sy; this.sz = sz;
    this.scale = Object.freeze(vec3(sx, sy, sz));
    const ax = Math.abs(sx), ay = Math.abs(sy), az = Math.abs(sz);
    const largest = Math.max(ax, ay, az);
    // Uniform up to rounding (a scale read back from a world matrix): the radius swept by the largest.
    const uniform = largest - Math.min(ax, ay, az) <= UNIFORM_SCALE_TOLERANCE * largest;
    this.sweptRadius = uniform ? largest * shape.sweptRadius : 0;
    this.innerRadius = uniform ? 0 : shape.sweptRadius;
    // The inner shape lies in a ball of its bounding radius; S stretches that ball by at most max |s|.
    this.boundingRadius = largest * shape.boundingRadius;
  }

  support(out: Vec3Like, dir: Readonly<Vec3Like>): Vec3Like {
    const sx = this.sx, sy = this.sy, sz = this.sz;
    const d = this._dir;
    const dx = sx * dir.x, dy = sy * dir.y, dz = sz * dir.z;
    d.x = dx; d.y = dy; d.z = dz;
    this.shape.support(out, d);
    let px = out.x, py = out.y, pz = out.z;
    const r = this.innerRadius;
    if (r > 0) {
      // The inner shape's whole support (core plus radius) along S·d, before S is applied.
      const l = Math.sqrt(dx * dx + dy * dy + dz * dz), k = r / l;
      if (l > SQUARE_SAFE_LOW_ && l < SQUARE_SAFE_HIGH_ && k < Infinity) {
        px += dx * k; py += dy * k; pz += dz * k;
      } else {
        addAlongFar(out, dx, dy, dz, r); // (squares or r / l out of range: vec3.ts)
        px = out.x; py = out.y; pz = out.z;
      }
    }
    out.x = sx * px;
    out.y = sy * py;
    out.z = sz * pz;
    return out;
  }
}

function requireScale(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value === 0) {
    throw new InvalidNumberError(field, value, 'a finite non-zero number');
  }
  return value;
}
