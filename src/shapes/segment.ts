import type { Vec3Like } from '../math/types.js';
import { readVec3 } from '../math/read-input.js';
import { builtInKindIndex, markBuiltIn, largestNorm, type SupportMap } from './shape.js';

const KIND = /* @__PURE__ */ builtInKindIndex('segment');

/** The line segment from `a` to `b` (local frame). `a` may equal `b`. */
export class Segment implements SupportMap {
  /** Discriminant of the shape union: always `'segment'`. */
  readonly kind = 'segment' as const;
  static {
    markBuiltIn(this, KIND); // the dispatcher's index of this kind, on the prototype (shape.ts, KIND_INDEX)
  }
  readonly sweptRadius = 0;
  readonly boundingRadius: number;
  /** First end (local frame; a copy of the constructor's argument). */
  readonly a: Readonly<Vec3Like>;
  /** Second end (local frame; a copy of the constructor's argument). */
  readonly b: Readonly<Vec3Like>;

  /** @throws InvalidNumberError if a coordinate is NaN or infinite. */
  constructor(a: Readonly<Vec3Like>, b: Readonly<Vec3Like>) {
    this.a = readVec3(a, 'Segment.a');
    this.b = readVec3(b, 'Segment.b');
    this.boundingRadius = largestNorm(this.a, this.b);
  }

  support(out: Vec3Like, dir: Readonly<Vec3Like>): Vec3Like {
    const a = this.a, b = this.b;
    const dx = dir.x, dy = dir.y, dz = dir.z;
    const p = a.x * dx + a.y * dy + a.z * dz >= b.x * dx + b.y * dy + b.z * dz ? a : b;
    out.x = p.x;
    out.y = p.y;
    out.z = p.z;
    return out;
  }
}
