import { hypot3 } from '../math/exact-math.js';
import { requireNonNegative } from '../errors.js';
import type { Vec3Like } from '../math/types.js';
import { builtInKindIndex, markBuiltIn, type SupportMap } from './shape.js';

const KIND = /* @__PURE__ */ builtInKindIndex('box');

/** What a Box's arguments are, for its errors. */
const HALF_EXTENT = 'a half extent, a finite number >= 0 (new Box(hx, hy, hz) takes half the size along x, y and z)';

/** An axis-aligned box (in its local frame) centred at the origin, given by half extents. */
export class Box implements SupportMap {
  /** Discriminant of the shape union: always `'box'`. */
  readonly kind = 'box' as const;
  static {
    markBuiltIn(this, KIND); // the dispatcher's index of this kind, on the prototype (shape.ts, KIND_INDEX)
  }
  readonly sweptRadius = 0;
  readonly boundingRadius: number;
  /** Half the box's size along local x (≥ 0; a length). */
  readonly hx: number;
  /** Half the box's size along local y (≥ 0; a length). */
  readonly hy: number;
  /** Half the box's size along local z (≥ 0; a length). */
  readonly hz: number;

  /** @throws InvalidRadiusError if a half extent is negative or not finite. Zero gives a flat box. */
  constructor(hx: number, hy: number, hz: number) {
    // (Named as half extents: `new Box(1)` said only "Box.hy is missing".)
    this.hx = requireNonNegative(hx, 'Box.hx', HALF_EXTENT);
    this.hy = requireNonNegative(hy, 'Box.hy', HALF_EXTENT);
    this.hz = requireNonNegative(hz, 'Box.hz', HALF_EXTENT);
    this.boundingRadius = hypot3(this.hx, this.hy, this.hz);
  }

  /**
   * The corner in the octant of `dir`. Written with boolean arithmetic, `(d ≥ 0) − (d < 0)` = ±1,
   * because V8 compiles it without branches: GJK's directions have random signs, and three
   * mispredicted branches per call cost more than the rest of the call (bench: box–box distance).
   */
  support(out: Vec3Like, dir: Readonly<Vec3Like>): Vec3Like {
    const x = dir.x, y = dir.y, z = dir.z;
    out.x = this.hx * (+(x >= 0) - +(x < 0));
    out.y = this.hy * (+(y >= 0) - +(y < 0));
    out.z = this.hz * (+(z >= 0) - +(z < 0));
    return out;
  }
}
