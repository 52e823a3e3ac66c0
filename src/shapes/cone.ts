import { requireNonNegative } from '../errors.js';
import type { Vec3Like } from '../math/types.js';
import { builtInKindIndex, markBuiltIn, type SupportMap } from './shape.js';

const KIND = /* @__PURE__ */ builtInKindIndex('cone');

/** A solid cone along local Y: apex at (0, +halfHeight, 0), base disc of `radius` at y = −halfHeight. */
export class Cone implements SupportMap {
  readonly kind = 'cone' as const;
  static {
    markBuiltIn(this, KIND); // the dispatcher's index of this kind, on the prototype (shape.ts, KIND_INDEX)
  }
  /** Sharp rims: the whole body is the core. */
  readonly sweptRadius = 0;
  /** The geometric radius of the base disc. */
  readonly radius: number;
  readonly boundingRadius: number;
  readonly halfHeight: number;

  /** @throws InvalidRadiusError if `halfHeight` or `radius` is negative or not finite. */
  constructor(halfHeight: number, radius: number) {
    this.halfHeight = requireNonNegative(halfHeight, 'Cone.halfHeight');
    this.radius = requireNonNegative(radius, 'Cone.radius');
    this.boundingRadius = Math.hypot(this.halfHeight, this.radius);
  }

  /** The apex or the base rim point, whichever is further along `dir` (ties go to the apex). */
  support(out: Vec3Like, dir: Readonly<Vec3Like>): Vec3Like {
    const dx = dir.x, dy = dir.y, dz = dir.z;
    const h = this.halfHeight, r = this.radius;
    const rho = Math.sqrt(dx * dx + dz * dz);
    // apex·d = h·dy; best rim point·d = r·rho − h·dy
    if (h * dy >= r * rho - h * dy) {
      out.x = 0;
      out.y = h;
      out.z = 0;
    } else if (rho > 0) {
      const s = r / rho;
      out.x = dx * s;
      out.y = -h;
      out.z = dz * s;
    } else {
      out.x = 0;
      out.y = -h;
      out.z = 0;
    }
    return out;
  }
}
