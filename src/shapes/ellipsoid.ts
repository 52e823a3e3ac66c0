import { requireNonNegative } from '../errors.js';
import type { Vec3Like } from '../math/types.js';
import { builtInKindIndex, markBuiltIn, type SupportMap } from './shape.js';

const KIND = /* @__PURE__ */ builtInKindIndex('ellipsoid');

/** An axis-aligned ellipsoid (in its local frame) with semi-axes `rx`, `ry`, `rz`. */
export class Ellipsoid implements SupportMap {
  readonly kind = 'ellipsoid' as const;
  static {
    markBuiltIn(this, KIND); // the dispatcher's index of this kind, on the prototype (shape.ts, KIND_INDEX)
  }
  readonly sweptRadius = 0;
  readonly boundingRadius: number;
  readonly rx: number;
  readonly ry: number;
  readonly rz: number;

  /** @throws InvalidRadiusError if a semi-axis is negative or not finite. */
  constructor(rx: number, ry: number, rz: number) {
    this.rx = requireNonNegative(rx, 'Ellipsoid.rx');
    this.ry = requireNonNegative(ry, 'Ellipsoid.ry');
    this.rz = requireNonNegative(rz, 'Ellipsoid.rz');
    this.boundingRadius = Math.max(this.rx, this.ry, this.rz);
  }

  /** For E = diag(r)·unit ball: s(d) = diag(r)² d / |diag(r) d|. */
  support(out: Vec3Like, dir: Readonly<Vec3Like>): Vec3Like {
    const rx = this.rx, ry = this.ry, rz = this.rz;
    const ex = rx * dir.x, ey = ry * dir.y, ez = rz * dir.z;
    const n = Math.sqrt(ex * ex + ey * ey + ez * ez);
    if (n > 0) {
      const s = 1 / n;
      out.x = rx * ex * s;
      out.y = ry * ey * s;
      out.z = rz * ez * s;
    } else {
      out.x = 0;
      out.y = 0;
      out.z = 0;
    }
    return out;
  }
}
