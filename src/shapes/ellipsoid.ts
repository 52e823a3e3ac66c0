import { requireNonNegative } from '../errors.js';
import { nearestPowerOfTwoExponent } from '../math/power-of-two.js';
import type { Vec3Like } from '../math/types.js';
import { SQUARE_SAFE_HIGH, SQUARE_SAFE_LOW } from '../math/vec3.js';
import { builtInKindIndex, markBuiltIn, type SupportMap } from './shape.js';

/** The range of safe squared lengths (vec3.ts), as constants of this module: its support reads them (CONTRIBUTING.md, "V8 rules", rule 4). */
const SQUARE_SAFE_LOW_ = SQUARE_SAFE_LOW, SQUARE_SAFE_HIGH_ = SQUARE_SAFE_HIGH;

const KIND = /* @__PURE__ */ builtInKindIndex('ellipsoid');

/** An axis-aligned ellipsoid (in its local frame) with semi-axes `rx`, `ry`, `rz`. */
export class Ellipsoid implements SupportMap {
  /** Discriminant of the shape union: always `'ellipsoid'`. */
  readonly kind = 'ellipsoid' as const;
  static {
    markBuiltIn(this, KIND); // the dispatcher's index of this kind, on the prototype (shape.ts, KIND_INDEX)
  }
  readonly sweptRadius = 0;
  readonly boundingRadius: number;
  /** Semi-axis along local x (≥ 0; a length). */
  readonly rx: number;
  /** Semi-axis along local y (≥ 0; a length). */
  readonly ry: number;
  /** Semi-axis along local z (≥ 0; a length). */
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
    // Squares beyond about 1e±150 overflow or underflow (and a zero direction gives n = 0): see supportFar.
    if (!(n > SQUARE_SAFE_LOW_ && n < SQUARE_SAFE_HIGH_)) return this.supportFar(out, ex, ey, ez);
    const s = 1 / n;
    out.x = rx * ex * s;
    out.y = ry * ey * s;
    out.z = rz * ez * s;
    return out;
  }

  /**
   * The support for |diag(r)·d| outside 1e±150: the same formula on diag(r)·d scaled by a power of two
   * near its largest component, which is exact, so the answer is the one the formula would give at that
   * scale (scale-free.test.ts checks that every length times 2^k gives exactly 2^k times the answer).
   */
  private supportFar(out: Vec3Like, ex: number, ey: number, ez: number): Vec3Like {
    const m = Math.max(Math.abs(ex), Math.abs(ey), Math.abs(ez));
    if (!(m > 0 && m < Infinity)) {
      out.x = 0; out.y = 0; out.z = 0;
      return out;
    }
    const p = 2 ** -nearestPowerOfTwoExponent(m);
    const fx = ex * p, fy = ey * p, fz = ez * p;
    const s = 1 / Math.sqrt(fx * fx + fy * fy + fz * fz);
    out.x = this.rx * fx * s;
    out.y = this.ry * fy * s;
    out.z = this.rz * fz * s;
    return out;
  }

}
