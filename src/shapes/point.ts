import type { Vec3Like } from '../math/types.js';
import { builtInKindIndex, markBuiltIn, type SupportMap } from './shape.js';

const KIND = /* @__PURE__ */ builtInKindIndex('point');

/** The single point at the local origin. Useful as a probe, and rounded into a sphere. */
export class Point implements SupportMap {
  /** Discriminant of the shape union: always `'point'`. */
  readonly kind = 'point' as const;
  static {
    markBuiltIn(this, KIND); // the dispatcher's index of this kind, on the prototype (shape.ts, KIND_INDEX)
  }
  readonly sweptRadius = 0;
  readonly boundingRadius = 0;

  support(out: Vec3Like, _dir: Readonly<Vec3Like>): Vec3Like {
    out.x = 0;
    out.y = 0;
    out.z = 0;
    return out;
  }
}
