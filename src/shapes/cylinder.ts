import { hypot2 } from '../math/exact-math.js';
import { requireNonNegative } from '../errors.js';
import type { Vec3Like } from '../math/types.js';
import { addAlongFar, SQUARE_SAFE_HIGH, SQUARE_SAFE_LOW } from '../math/vec3.js';
import { builtInKindIndex, markBuiltIn, type SupportMap } from './shape.js';

/** The range of safe squared lengths (vec3.ts), as constants of this module: its support reads them (CONTRIBUTING.md, "V8 rules", rule 4). */
const SQUARE_SAFE_LOW_ = SQUARE_SAFE_LOW, SQUARE_SAFE_HIGH_ = SQUARE_SAFE_HIGH;

const KIND = /* @__PURE__ */ builtInKindIndex('cylinder');

/** A solid cylinder along local Y, from y = −halfHeight to +halfHeight, of `radius`. */
export class Cylinder implements SupportMap {
  /** Discriminant of the shape union: always `'cylinder'`. */
  readonly kind = 'cylinder' as const;
  static {
    markBuiltIn(this, KIND); // the dispatcher's index of this kind, on the prototype (shape.ts, KIND_INDEX)
  }
  /** Sharp rims: the whole body is the core. */
  readonly sweptRadius = 0;
  /** The geometric radius of the cylinder. */
  readonly radius: number;
  readonly boundingRadius: number;
  /** Half the cylinder's height along local y (≥ 0): the caps are at y = ±halfHeight. */
  readonly halfHeight: number;

  /** @throws InvalidRadiusError if `halfHeight` or `radius` is negative or not finite. */
  constructor(halfHeight: number, radius: number) {
    this.halfHeight = requireNonNegative(halfHeight, 'Cylinder.halfHeight');
    this.radius = requireNonNegative(radius, 'Cylinder.radius');
    this.boundingRadius = hypot2(this.halfHeight, this.radius);
  }

  support(out: Vec3Like, dir: Readonly<Vec3Like>): Vec3Like {
    const dx = dir.x, dz = dir.z;
    const rho = Math.sqrt(dx * dx + dz * dz);
    // ±halfHeight as a product, as Box does: `y >= 0 ? h : -h` merges the field's boxed number with a
    // computed one, and V8 then boxed the negated value, 16 bytes every other call.
    out.y = this.halfHeight * (+(dir.y >= 0) - +(dir.y < 0));
    const s = this.radius / rho;
    if (rho > SQUARE_SAFE_LOW_ && rho < SQUARE_SAFE_HIGH_ && s < Infinity) {
      out.x = dx * s;
      out.z = dz * s;
    } else if (dx === 0 && dz === 0) {
      // Along the axis (EPA's and the manifolds' axis-aligned normals): the cap's centre, as addAlongFar
      // gives for a zero vector, but inline: its doubles through the call were boxed (3 B a query on average).
      out.x = 0;
      out.z = 0;
    } else {
      // Squares past 1e±150, or r / rho overflowing (radius 2^988 along a nearly vertical direction gave an
      // infinite support point): the rim point from the direction rescaled (vec3.ts).
      out.x = 0;
      out.z = 0;
      addAlongFar(out, dx, 0, dz, this.radius);
    }
    return out;
  }
}
