import { requireNonNegative } from '../errors.js';
import type { Vec3Like } from '../math/types.js';
import type { Shape, ShapeJSON } from './shape.js';

/** An axis-aligned box (in its local frame) centred at the origin, given by half extents. */
export class Box implements Shape {
  readonly kind = 'box' as const;
  readonly sweptRadius = 0;
  readonly boundingRadius: number;
  readonly hx: number;
  readonly hy: number;
  readonly hz: number;

  /** @throws InvalidRadiusError if a half extent is negative or not finite. Zero gives a flat box. */
  constructor(hx: number, hy: number, hz: number) {
    this.hx = requireNonNegative(hx, 'Box.hx');
    this.hy = requireNonNegative(hy, 'Box.hy');
    this.hz = requireNonNegative(hz, 'Box.hz');
    this.boundingRadius = Math.hypot(this.hx, this.hy, this.hz);
  }

  support(out: Vec3Like, dir: Readonly<Vec3Like>): Vec3Like {
    out.x = dir.x >= 0 ? this.hx : -this.hx;
    out.y = dir.y >= 0 ? this.hy : -this.hy;
    out.z = dir.z >= 0 ? this.hz : -this.hz;
    return out;
  }

  toJSON(): ShapeJSON {
    return { type: 'box', halfExtents: [this.hx, this.hy, this.hz] };
  }
}
