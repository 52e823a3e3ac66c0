/**
 * `computeAabb`: the world axis-aligned bounding box of a shape at a pose, the input of every bounding
 * volume hierarchy and broad phase. The geometry is in shapes/shape-aabb.ts (convex shapes) and
 * query/parted/parted-aabb.ts (compounds and meshes).
 */
import { isUnwritable } from '../pair/out-record.js';
import { InvalidArgumentError, InvalidShapeError } from '../../errors.js';
import { createAabb, type Aabb } from '../../math/aabb.js';
import { Transform, transformFromPose } from '../../math/transform.js';
import type { PoseLike } from '../../math/types.js';
import { shapeAabb } from '../../shapes/shape-aabb.js';
import { HALF_SPACE_KIND_INDEX, type ConvexShape, type Shape, isPartedKind } from '../../shapes/shape.js';
import { concaveAabb } from '../parted/parted-aabb.js';
import type { PartedShape } from '../parted/parts.js';
import { explainNotShape, isConvexShape, kindIndex } from '../pair/dispatch.js';

const _pose = /* @__PURE__ */ new Transform();

/**
 * Writes into `out` the smallest world axis-aligned box containing `shape` at `pose` (its radius
 * included), and returns `out`: every face of the box touches the shape, up to rounding. `out` may be a
 * three.js `Box3`. Allocates nothing when `out` is given.
 * @throws InvalidNumberError / InvalidQuaternionError for a pose with NaN, infinite or non-unit parts.
 * @throws InvalidPoseError for a three.js object whose local pose is not its world pose (see worldPose).
 * @throws InvalidShapeError for a value that is not a shape (no kind this version knows, no support method).
 */
export function computeAabb(shape: Shape, pose: PoseLike, out?: Aabb | null): Aabb {
  if (out == null) out = createAabb();
  else if (typeof out !== 'object' || out.min === null || typeof out.min !== 'object' || out.max === null || typeof out.max !== 'object'
    || Object.isFrozen(out.min) || Object.isFrozen(out.max)) {
    throw new InvalidArgumentError('out', 'is not a writable box; expected one from createAabb(), a three.js Box3, or undefined');
  }
  const k = kindIndex(shape), concave = isPartedKind(k);
  if (k === HALF_SPACE_KIND_INDEX) return halfSpaceAabb(out, transformFromPose(_pose, pose, 'pose'));
  if (!concave && !isConvexShape(shape)) {
    explainNotShape('shape', shape);
    throw new InvalidShapeError('shape', 'is not a shape; expected a built-in shape or a convex shape of your own with a support method');
  }
  // The bounds use module scratch: a user's support function must not compute a box inside one.
  if (_running) throw new InvalidArgumentError('computeAabb', 'was called from inside computeAabb (a support function that computes a box); not supported');
  _running = true;
  try {
    const t = transformFromPose(_pose, pose, 'pose');
    return concave ? concaveAabb(out, shape as PartedShape, t) : shapeAabb(out, shape as ConvexShape, t);
  } catch (error) {
    // (A box whose corners have read-only fields or getters only passes the checks above and fails here.)
    if (error instanceof TypeError && isUnwritable(out, 2)) {
      throw new InvalidArgumentError('out', 'is not a writable box; expected one from createAabb(), a three.js Box3, or undefined');
    }
    throw error;
  } finally {
    _running = false;
  }
}

let _running = false;

/**
 * A half-space's box: unbounded along every axis but one the plane faces exactly, where it ends at the
 * plane (n = +e_i bounds x_i above by the plane's x_i, n = −e_i below); a tilted plane reaches every point
 * of an axis.
 */
export function halfSpaceAabb(out: Aabb, t: Readonly<Transform>): Aabb {
  const nx = t.m01, ny = t.m11, nz = t.m21;
  const min = out.min as { x: number; y: number; z: number }, max = out.max as { x: number; y: number; z: number };
  const onX = ny === 0 && nz === 0, onY = nx === 0 && nz === 0, onZ = nx === 0 && ny === 0;
  min.x = onX && nx < 0 ? t.tx : -Infinity; max.x = onX && nx > 0 ? t.tx : Infinity;
  min.y = onY && ny < 0 ? t.ty : -Infinity; max.y = onY && ny > 0 ? t.ty : Infinity;
  min.z = onZ && nz < 0 ? t.tz : -Infinity; max.z = onZ && nz > 0 ? t.tz : Infinity;
  return out;
}
