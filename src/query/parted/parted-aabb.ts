/**
 * The world bounding box of a compound, a triangle mesh or a height field, tight as every kind's is (shapes/shape-aabb.ts):
 * a compound's is the union of its parts' boxes, each tight; a mesh's is the extremes of its triangles'
 * vertices along the world axes (its hierarchy's root box when the pose does not rotate it, else one pass
 * over the vertices its triangles use).
 */
import { createAabb, type Aabb } from '../../math/aabb.js';
import { composeTransform, Transform } from '../../math/transform.js';
import { shapeAabb } from '../../shapes/shape-aabb.js';
import type { PartedShape } from './parts.js';
import { partsBox } from './part-search.js';

const _part = /* @__PURE__ */ new Transform();
const _box = /* @__PURE__ */ createAabb();

/** Writes into `out` the world box of `shape` placed by `t`, and returns `out`. Allocates nothing. */
export function concaveAabb(out: Aabb, shape: PartedShape, t: Readonly<Transform>): Aabb {
  let lx = Infinity, ly = Infinity, lz = Infinity, hx = -Infinity, hy = -Infinity, hz = -Infinity;
  if (shape.kind === 'compound') {
    for (let p = 0, n = shape.shapes.length; p < n; p++) {
      composeTransform(_part, t, shape.transforms[p]);
      const b = shapeAabb(_box, shape.shapes[p], _part);
      if (b.min.x < lx) lx = b.min.x; if (b.min.y < ly) ly = b.min.y; if (b.min.z < lz) lz = b.min.z;
      if (b.max.x > hx) hx = b.max.x; if (b.max.y > hy) hy = b.max.y; if (b.max.z > hz) hz = b.max.z;
    }
  } else if (t.m00 === 1 && t.m11 === 1 && t.m22 === 1 || shape.kind === 'heightField') {
    // No rotation (a unit diagonal forces the rest of a rotation to 0): the root box, translated. A height
    // field's turned: its box's corners (a pass over its samples on every move would cost what a mesh's
    // pass over its vertices does, for a shape that rarely turns; the box is tight unless it is turned).
    const b = partsBox(shape);
    if (shape.kind === 'heightField' && !(t.m00 === 1 && t.m11 === 1 && t.m22 === 1)) {
      const cx = 0.5 * (b[0] + b[3]), cy = 0.5 * (b[1] + b[4]), cz = 0.5 * (b[2] + b[5]), ex = 0.5 * (b[3] - b[0]), ey = 0.5 * (b[4] - b[1]), ez = 0.5 * (b[5] - b[2]);
      const x = t.m00 * cx + t.m01 * cy + t.m02 * cz + t.tx, y = t.m10 * cx + t.m11 * cy + t.m12 * cz + t.ty, z = t.m20 * cx + t.m21 * cy + t.m22 * cz + t.tz;
      const hx = Math.abs(t.m00) * ex + Math.abs(t.m01) * ey + Math.abs(t.m02) * ez, hy = Math.abs(t.m10) * ex + Math.abs(t.m11) * ey + Math.abs(t.m12) * ez, hz = Math.abs(t.m20) * ex + Math.abs(t.m21) * ey + Math.abs(t.m22) * ez;
      // (Widened by a few ulps: rounding must not carry the box off the field.)
      const sx = hx + 4 * Number.EPSILON * (Math.abs(x) + hx), sy = hy + 4 * Number.EPSILON * (Math.abs(y) + hy), sz = hz + 4 * Number.EPSILON * (Math.abs(z) + hz);
      out.min.x = x - sx; out.min.y = y - sy; out.min.z = z - sz; out.max.x = x + sx; out.max.y = y + sy; out.max.z = z + sz;
      return out;
    }
    lx = b[0] + t.tx; ly = b[1] + t.ty; lz = b[2] + t.tz; hx = b[3] + t.tx; hy = b[4] + t.ty; hz = b[5] + t.tz;
  } else {
    const v = shape.vertices, used = shape.usedVertices;
    for (let k = 0, n = used.length; k < n; k++) {
      const i = 3 * used[k], x = v[i], y = v[i + 1], z = v[i + 2];
      const wx = t.m00 * x + t.m01 * y + t.m02 * z, wy = t.m10 * x + t.m11 * y + t.m12 * z, wz = t.m20 * x + t.m21 * y + t.m22 * z;
      if (wx < lx) lx = wx; if (wy < ly) ly = wy; if (wz < lz) lz = wz;
      if (wx > hx) hx = wx; if (wy > hy) hy = wy; if (wz > hz) hz = wz;
    }
    lx += t.tx; ly += t.ty; lz += t.tz; hx += t.tx; hy += t.ty; hz += t.tz;
  }
  out.min.x = lx; out.min.y = ly; out.min.z = lz;
  out.max.x = hx; out.max.y = hy; out.max.z = hz;
  return out;
}
