import type { Vec3Like } from '../math/types.js';
import { readVec3 } from '../math/read-input.js';
import { builtInKindIndex, markBuiltIn, largestNorm, type SupportMap } from './shape.js';

const KIND = /* @__PURE__ */ builtInKindIndex('triangle');

/** The (flat, two-sided) triangle abc in the local frame. Degenerate triangles are allowed. */
export class Triangle implements SupportMap {
  /** Discriminant of the shape union: always `'triangle'`. */
  readonly kind = 'triangle' as const;
  static {
    markBuiltIn(this, KIND); // the dispatcher's index of this kind, on the prototype (shape.ts, KIND_INDEX)
  }
  readonly sweptRadius = 0;
  // Defined (so V8 keeps it tagged), not declared: queries read it at call sites that see every kind of
  // shape, where a field kept as a raw double is boxed by every load (16 bytes). A mesh's scratch triangle
  // takes each triangle's radius already boxed (triangle-mesh.ts, boxedRadii), so its stores box nothing.
  readonly boundingRadius: number;
  /** Vertex a (local frame; a copy of the constructor's argument). */
  readonly a: Readonly<Vec3Like>;
  /** Vertex b (local frame; a copy of the constructor's argument). */
  readonly b: Readonly<Vec3Like>;
  /** Vertex c (local frame; a copy of the constructor's argument). */
  readonly c: Readonly<Vec3Like>;

  /** @throws InvalidNumberError if a coordinate is NaN or infinite. */
  constructor(a: Readonly<Vec3Like>, b: Readonly<Vec3Like>, c: Readonly<Vec3Like>) {
    this.a = readVec3(a, 'Triangle.a');
    this.b = readVec3(b, 'Triangle.b');
    this.c = readVec3(c, 'Triangle.c');
    this.boundingRadius = largestNorm(this.a, this.b, this.c);
  }

  support(out: Vec3Like, dir: Readonly<Vec3Like>): Vec3Like {
    const a = this.a, b = this.b, c = this.c;
    const dx = dir.x, dy = dir.y, dz = dir.z;
    const da = a.x * dx + a.y * dy + a.z * dz;
    const db = b.x * dx + b.y * dy + b.z * dz;
    const dc = c.x * dx + c.y * dy + c.z * dz;
    const p = da >= db ? (da >= dc ? a : c) : db >= dc ? b : c;
    out.x = p.x;
    out.y = p.y;
    out.z = p.z;
    return out;
  }
}
