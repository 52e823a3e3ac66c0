import { describeValue, InvalidNumberError, InvalidPoseError, InvalidQuaternionError } from '../errors.js';
import { QUATERNION_UNIT_TOLERANCE, SCENE_GRAPH_MAX_DEPTH } from '../tolerance.js';
import type { PoseLike, QuatLike, Vec3Like } from './types.js';

/**
 * A rigid transform as a row-major 3×3 rotation matrix plus a translation: `p' = R·p + t`.
 * Queries convert each caller's pose (quaternion form) once into this form, because a matrix
 * rotates a vector in 9 multiplies where a quaternion needs about 18.
 */
export class Transform {
  m00 = 1; m01 = 0; m02 = 0;
  m10 = 0; m11 = 1; m12 = 0;
  m20 = 0; m21 = 0; m22 = 1;
  tx = 0; ty = 0; tz = 0;
}

/**
 * Writes the transform of `pose` into `out` and returns it. Reads every component of the pose
 * exactly once (three.js serves quaternion fields through accessors). The quaternion is normalised;
 * `field` names the pose in error messages.
 * @throws InvalidNumberError if a component is NaN or infinite.
 * @throws InvalidQuaternionError if the quaternion's length is not within 1e-6 of 1.
 * @throws InvalidPoseError if the pose is a three.js object whose local pose is not its world pose.
 */
export function transformFromPose(out: Transform, pose: PoseLike, field = 'pose'): Transform {
  if (pose === null || typeof pose !== 'object') throwPoseShape(field, pose);
  const p = pose.position, q = pose.quaternion;
  if (p === null || typeof p !== 'object' || q === null || typeof q !== 'object') throwPoseParts(field, p, q);
  // three.js marks every Object3D; on a plain pose this is one missed load.
  if ((pose as SceneNodeLike).isObject3D === true) checkSceneNode(pose as SceneNodeLike, field);
  const px = p.x, py = p.y, pz = p.z;
  let x = q.x, y = q.y, z = q.z, w = q.w;
  // Numbers only: a string, boolean, null or object would be coerced by the arithmetic below (a string
  // position came back concatenated in a result). Then one test catches NaN and ±Infinity in all seven:
  // any of them makes the sum non-finite.
  if (typeof px !== 'number' || typeof py !== 'number' || typeof pz !== 'number' || typeof x !== 'number'
    || typeof y !== 'number' || typeof z !== 'number' || typeof w !== 'number') {
    throwPoseNumber(field, [px, py, pz, x, y, z, w]);
  }
  const sum = px + py + pz + x + y + z + w;
  if (sum - sum !== 0) checkPoseFinite(field, [px, py, pz, x, y, z, w]);
  const n2 = x * x + y * y + z * z + w * w;
  if (Math.abs(n2 - 1) > 2 * QUATERNION_UNIT_TOLERANCE) {
    const n = Math.sqrt(n2);
    if (!(Math.abs(n - 1) <= QUATERNION_UNIT_TOLERANCE)) {
      throw new InvalidQuaternionError(`${field}.quaternion`, `has length ${n}; expected a unit quaternion (length within 1e-6 of 1)`);
    }
  }
  const s = 2 / n2; // normalises in passing: R(q) / |q|² is the rotation of q / |q|
  const xs = x * s, ys = y * s, zs = z * s;
  const wx = w * xs, wy = w * ys, wz = w * zs;
  const xx = x * xs, xy = x * ys, xz = x * zs;
  const yy = y * ys, yz = y * zs, zz = z * zs;
  out.m00 = 1 - (yy + zz); out.m01 = xy - wz; out.m02 = xz + wy;
  out.m10 = xy + wz; out.m11 = 1 - (xx + zz); out.m12 = yz - wx;
  out.m20 = xz - wy; out.m21 = yz + wx; out.m22 = 1 - (xx + yy);
  out.tx = px; out.ty = py; out.tz = pz;
  return out;
}

/**
 * Writes into `out` the transform of the pose at `poses[7 · body .. 7 · body + 6]` (position x y z, then
 * quaternion x y z w), with the same checks and the same arithmetic as {@link transformFromPose}, so a
 * query gets the same transform bit for bit from either. `field` names the array in error messages.
 * @throws InvalidNumberError for a NaN or infinite component; InvalidQuaternionError for a quaternion
 *   whose length is not within 1e-6 of 1.
 */
export function transformFromArray(out: Transform, poses: Float64Array, body: number, field: string): Transform {
  const o = 7 * body;
  const px = poses[o], py = poses[o + 1], pz = poses[o + 2];
  const x = poses[o + 3], y = poses[o + 4], z = poses[o + 5], w = poses[o + 6];
  const sum = px + py + pz + x + y + z + w;
  if (sum - sum !== 0) {
    for (let k = 0; k < 7; k++) {
      if (!Number.isFinite(poses[o + k])) throw new InvalidNumberError(`${field}[${o + k}]`, poses[o + k], `a finite number (body ${body}'s ${POSE_COMPONENTS[k]})`);
    }
  }
  const n2 = x * x + y * y + z * z + w * w;
  if (Math.abs(n2 - 1) > 2 * QUATERNION_UNIT_TOLERANCE) {
    const n = Math.sqrt(n2);
    if (!(Math.abs(n - 1) <= QUATERNION_UNIT_TOLERANCE)) {
      throw new InvalidQuaternionError(`${field}[${o + 3}..${o + 6}]`, `(body ${body}'s quaternion) has length ${n}; expected a unit quaternion (length within 1e-6 of 1)`);
    }
  }
  const s = 2 / n2;
  const xs = x * s, ys = y * s, zs = z * s;
  const wx = w * xs, wy = w * ys, wz = w * zs;
  const xx = x * xs, xy = x * ys, xz = x * zs;
  const yy = y * ys, yz = y * zs, zz = z * zs;
  out.m00 = 1 - (yy + zz); out.m01 = xy - wz; out.m02 = xz + wy;
  out.m10 = xy + wz; out.m11 = 1 - (xx + zz); out.m12 = yz - wx;
  out.m20 = xz - wy; out.m21 = yz + wx; out.m22 = 1 - (xx + yy);
  out.tx = px; out.ty = py; out.tz = pz;
  return out;
}

/** What a query reads of a scene-graph object (a three.js Object3D) passed as a pose. */
interface SceneNodeLike {
  readonly isObject3D?: boolean;
  readonly position?: Readonly<Vec3Like>;
  readonly quaternion?: Readonly<QuatLike>;
  readonly scale?: Readonly<Vec3Like>;
  /** false when the object's `matrix` is set by hand, and its position, quaternion and scale not read. */
  readonly matrixAutoUpdate?: boolean;
  readonly matrix?: { readonly elements: ArrayLike<number> };
  readonly parent?: SceneNodeLike | null;
}

const WORLD_POSE_HINT = 'pass worldPose(object) as the pose';

/**
 * A three.js object passed as a pose gives its local `position` and `quaternion`: they are its world pose
 * only when it has no scale and every ancestor is untransformed. Anything else would be a silently
 * wrong answer, so it is an error that says what to do instead. Ancestors are checked by their own
 * local transforms (or their hand-set `matrix`), not their world matrices, which are stale until
 * three.js next renders.
 */
function checkSceneNode(node: SceneNodeLike, field: string): void {
  if (node.matrixAutoUpdate === false) {
    throw new InvalidPoseError(field, `has matrixAutoUpdate false; ${WORLD_POSE_HINT}`);
  }
  const s = node.scale;
  if (s !== undefined && s !== null && (s.x !== 1 || s.y !== 1 || s.z !== 1)) {
    throw new InvalidPoseError(`${field}.scale`, `is (${s.x}, ${s.y}, ${s.z}); a pose is a rotation and a translation: `
      + 'read it with worldPose(object, pose, scale) and wrap the shape in new Scaled(shape, scale)');
  }
  let ancestor = node.parent;
  for (let depth = 1; ancestor !== undefined && ancestor !== null; depth++) {
    if (depth > SCENE_GRAPH_MAX_DEPTH) {
      throw new InvalidPoseError(`${field}.parent`, `chain is deeper than ${SCENE_GRAPH_MAX_DEPTH} levels (or cyclic)`);
    }
    if (!isIdentityNode(ancestor)) {
      throw new InvalidPoseError(field, `is inside a transformed object (${depth} level${depth > 1 ? 's' : ''} up): its pose is not `
        + `world space; ${WORLD_POSE_HINT}`);
    }
    ancestor = ancestor.parent;
  }
}

function isIdentityNode(n: SceneNodeLike): boolean {
  if (n.matrixAutoUpdate === false) {
    // A hand-set matrix: it alone places the children.
    const e = n.matrix?.elements;
    if (e === undefined || e.length !== 16) return false;
    for (let i = 0; i < 16; i++) if (e[i] !== (i % 5 === 0 ? 1 : 0)) return false;
    return true;
  }
  const p = n.position, q = n.quaternion, s = n.scale;
  if (p !== undefined && p !== null && (p.x !== 0 || p.y !== 0 || p.z !== 0)) return false;
  // (0, 0, 0, ±1) are both the identity rotation.
  if (q !== undefined && q !== null && (q.x !== 0 || q.y !== 0 || q.z !== 0 || Math.abs(q.w) !== 1)) return false;
  if (s !== undefined && s !== null && (s.x !== 1 || s.y !== 1 || s.z !== 1)) return false;
  return true;
}

const POSE_COMPONENTS = ['position.x', 'position.y', 'position.z', 'quaternion.x', 'quaternion.y', 'quaternion.z', 'quaternion.w'];
const POSE_FORM = 'expected a pose {position: {x, y, z}, quaternion: {x, y, z, w}}';

/**
 * Throws for the first pose component that is not a finite number (the values as read, each read once);
 * returns when all are finite (their sum overflowed: positions near 1e308).
 */
function checkPoseFinite(field: string, values: unknown[]): void {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new InvalidNumberError(`${field}.${POSE_COMPONENTS[i]}`, v);
  }
}

function throwPoseNumber(field: string, values: unknown[]): never {
  checkPoseFinite(field, values);
  throw new InvalidNumberError(field, NaN);
}

function throwPoseShape(field: string, v: unknown): never {
  throw new InvalidPoseError(field, `is ${describeValue(v)}; ${POSE_FORM}`);
}

function throwPoseParts(field: string, p: unknown, q: unknown): never {
  if (p === null || typeof p !== 'object') throwPoseShape(`${field}.position`, p);
  throwPoseShape(`${field}.quaternion`, q);
}

/** out = A⁻¹·B: the transform of B's frame expressed in A's frame. Safe when `out` aliases `a` or `b`. */
export function relativeTransform(out: Transform, a: Transform, b: Transform): Transform {
  const dx = b.tx - a.tx, dy = b.ty - a.ty, dz = b.tz - a.tz;
  const a00 = a.m00, a01 = a.m01, a02 = a.m02, a10 = a.m10, a11 = a.m11, a12 = a.m12, a20 = a.m20, a21 = a.m21, a22 = a.m22;
  const b00 = b.m00, b01 = b.m01, b02 = b.m02, b10 = b.m10, b11 = b.m11, b12 = b.m12, b20 = b.m20, b21 = b.m21, b22 = b.m22;
  // Rᵀ_A · R_B
  out.m00 = a00 * b00 + a10 * b10 + a20 * b20;
  out.m01 = a00 * b01 + a10 * b11 + a20 * b21;
  out.m02 = a00 * b02 + a10 * b12 + a20 * b22;
  out.m10 = a01 * b00 + a11 * b10 + a21 * b20;
  out.m11 = a01 * b01 + a11 * b11 + a21 * b21;
  out.m12 = a01 * b02 + a11 * b12 + a21 * b22;
  out.m20 = a02 * b00 + a12 * b10 + a22 * b20;
  out.m21 = a02 * b01 + a12 * b11 + a22 * b21;
  out.m22 = a02 * b02 + a12 * b12 + a22 * b22;
  out.tx = a00 * dx + a10 * dy + a20 * dz;
  out.ty = a01 * dx + a11 * dy + a21 * dz;
  out.tz = a02 * dx + a12 * dy + a22 * dz;
  return out;
}

/** out = R·p + t. Safe when `out === p`. */
export function transformPoint(out: Vec3Like, t: Transform, p: Readonly<Vec3Like>): Vec3Like {
  const x = p.x, y = p.y, z = p.z;
  out.x = t.m00 * x + t.m01 * y + t.m02 * z + t.tx;
  out.y = t.m10 * x + t.m11 * y + t.m12 * z + t.ty;
  out.z = t.m20 * x + t.m21 * y + t.m22 * z + t.tz;
  return out;
}

/** out = R·v (no translation). Safe when `out === v`. */
export function rotateVector(out: Vec3Like, t: Transform, v: Readonly<Vec3Like>): Vec3Like {
  const x = v.x, y = v.y, z = v.z;
  out.x = t.m00 * x + t.m01 * y + t.m02 * z;
  out.y = t.m10 * x + t.m11 * y + t.m12 * z;
  out.z = t.m20 * x + t.m21 * y + t.m22 * z;
  return out;
}

/** out = a ∘ b: the transform that applies b, then a (a part's pose b inside a body placed by a). Safe when out aliases neither. */
export function composeTransform(out: Transform, a: Readonly<Transform>, b: Readonly<Transform>): Transform {
  const a00 = a.m00, a01 = a.m01, a02 = a.m02, a10 = a.m10, a11 = a.m11, a12 = a.m12, a20 = a.m20, a21 = a.m21, a22 = a.m22;
  const b00 = b.m00, b01 = b.m01, b02 = b.m02, b10 = b.m10, b11 = b.m11, b12 = b.m12, b20 = b.m20, b21 = b.m21, b22 = b.m22;
  out.m00 = a00 * b00 + a01 * b10 + a02 * b20; out.m01 = a00 * b01 + a01 * b11 + a02 * b21; out.m02 = a00 * b02 + a01 * b12 + a02 * b22;
  out.m10 = a10 * b00 + a11 * b10 + a12 * b20; out.m11 = a10 * b01 + a11 * b11 + a12 * b21; out.m12 = a10 * b02 + a11 * b12 + a12 * b22;
  out.m20 = a20 * b00 + a21 * b10 + a22 * b20; out.m21 = a20 * b01 + a21 * b11 + a22 * b21; out.m22 = a20 * b02 + a21 * b12 + a22 * b22;
  const tx = b.tx, ty = b.ty, tz = b.tz;
  out.tx = a00 * tx + a01 * ty + a02 * tz + a.tx;
  out.ty = a10 * tx + a11 * ty + a12 * tz + a.ty;
  out.tz = a20 * tx + a21 * ty + a22 * tz + a.tz;
  return out;
}
