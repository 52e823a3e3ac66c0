/**
 * World poses of scene-graph objects. A three.js object's `position` and `quaternion` are relative to its
 * parent, and its `scale` stretches its geometry; a query needs the world pose, and the scale belongs to
 * the shape (a `Scaled` shape). `worldPose` reads both from the object's world matrix, which
 * three.js keeps up to date on every render (or on `updateMatrixWorld()`), without importing three.
 */
import { hypot3 } from './exact-math.js';
import { InvalidNumberError, InvalidPoseError } from '../errors.js';
import { MATRIX_ORTHOGONAL_TOLERANCE, UNIFORM_SCALE_TOLERANCE } from '../tolerance.js';
import type { QuatLike, Vec3Like } from './types.js';
import { isWritableVector } from './vec3.js';

/** A pose the library writes: a position and a unit quaternion, both mutable. */
export interface Pose {
  /** The translation: where the local origin lands, in world space. */
  position: Vec3Like;
  /** The rotation from the local frame, applied before the translation: a unit quaternion. */
  quaternion: QuatLike;
}

/** Anything with a three.js-style world matrix: 16 numbers, column-major (a three.js `Object3D`). */
export interface Object3DLike {
  /** The object's local-to-world matrix. */
  readonly matrixWorld: {
    /** Its 16 elements, column-major (translation in elements 12, 13, 14), as in a three.js `Matrix4`. */
    readonly elements: ArrayLike<number>;
  };
}

/** A new pose at the origin, unrotated: the out parameter of {@link worldPose} and {@link poseFromMatrix}. */
export function createPose(): Pose {
  return { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } };
}

/**
 * Writes the world pose of `object` (a three.js `Object3D`, or anything with `matrixWorld.elements`)
 * into `out`, and its world scale into `outScale` when given; returns `out`. Pass the pose to a query,
 * and the scale to a `Scaled` shape when it is not 1. Reads the world matrix as it is: three.js
 * updates it when it renders, so after moving objects and before the first render call
 * `scene.updateMatrixWorld()`.
 * @throws InvalidPoseError if the matrix is not a rotation, a scale per axis and a translation (a shear,
 *   from a non-uniformly scaled parent of a rotated child; a zero scale; a projective last row).
 * @throws InvalidNumberError if an element is NaN or infinite.
 */
export function worldPose(object: Object3DLike, out: Pose = createPose(), outScale?: Vec3Like): Pose {
  const m = object === null || typeof object !== 'object' ? undefined : object.matrixWorld;
  if (m === null || typeof m !== 'object') {
    throw new InvalidPoseError('object.matrixWorld', 'is missing; expected a three.js Object3D or an object with matrixWorld.elements (16 numbers, column-major)');
  }
  return readMatrix(m.elements, out, outScale, 'object.matrixWorld.elements');
}

/**
 * Writes the pose of a column-major 4×4 affine matrix (a three.js `Matrix4`'s `elements`, or 16 numbers
 * in that order) into `out`, and its per-axis scale into `outScale` when given; returns `out`. The
 * matrix must be T·R·S: a translation, a rotation and a scale per axis (a negative determinant is read as
 * a mirror along x, as three.js's `decompose` does).
 * @throws InvalidPoseError if it is not (a shear, a zero scale, a projective last row).
 * @throws InvalidNumberError if an element is NaN or infinite.
 */
export function poseFromMatrix(elements: ArrayLike<number>, out: Pose = createPose(), outScale?: Vec3Like): Pose {
  return readMatrix(elements, out, outScale, 'elements');
}

function readMatrix(e: ArrayLike<number>, out: Pose, outScale: Vec3Like | undefined, field: string): Pose {
  if (out === null || typeof out !== 'object' || out.position === null || typeof out.position !== 'object'
    || out.quaternion === null || typeof out.quaternion !== 'object') {
    throw new InvalidPoseError('out', 'is not a pose to write into; expected one from createPose()');
  }
  if (outScale !== undefined && (outScale === null || typeof outScale !== 'object')) {
    throw new InvalidPoseError('outScale', 'is not a vector to write into; expected an {x, y, z} object');
  }
  if (e === null || typeof e !== 'object' || matrixLength(e) !== 16) {
    throw new InvalidPoseError(field, 'is not 16 numbers; expected a column-major 4×4 matrix');
  }
  for (let i = 0; i < 16; i++) {
    const v = e[i];
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new InvalidNumberError(`${field}[${i}]`, v);
  }
  const tol = MATRIX_ORTHOGONAL_TOLERANCE;
  if (Math.abs(e[3]) > tol || Math.abs(e[7]) > tol || Math.abs(e[11]) > tol || Math.abs(e[15] - 1) > tol) {
    throw new InvalidPoseError(field, `has the last row (${e[3]}, ${e[7]}, ${e[11]}, ${e[15]}); expected (0, 0, 0, 1), an affine matrix`);
  }
  // Columns 0–2 are R's columns times the scale per axis.
  const ax = e[0], ay = e[1], az = e[2];
  const bx = e[4], by = e[5], bz = e[6];
  const cx = e[8], cy = e[9], cz = e[10];
  let sx = hypot3(ax, ay, az);
  const sy = hypot3(bx, by, bz), sz = hypot3(cx, cy, cz);
  if (sx === 0 || sy === 0 || sz === 0) {
    throw new InvalidPoseError(field, `has a zero scale (${sx}, ${sy}, ${sz}); expected a non-zero scale on every axis`);
  }
  const det = ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
  if (det < 0) sx = -sx;
  const m00 = ax / sx, m10 = ay / sx, m20 = az / sx;
  const m01 = bx / sy, m11 = by / sy, m21 = bz / sy;
  const m02 = cx / sz, m12 = cy / sz, m22 = cz / sz;
  checkOrthogonal(m00 * m01 + m10 * m11 + m20 * m21, 0, 1, field);
  checkOrthogonal(m00 * m02 + m10 * m12 + m20 * m22, 0, 2, field);
  checkOrthogonal(m01 * m02 + m11 * m12 + m21 * m22, 1, 2, field);

  // The quaternion of R (Shepperd 1978, as in Shoemake 1985): from the trace when it is positive (then
  // w² > 1/4), else from the largest diagonal entry, so the divisor is never small; then normalised,
  // since R is orthogonal only to within the tolerance.
  let x: number, y: number, z: number, w: number;
  const trace = m00 + m11 + m22;
  if (trace > 0) {
    const s = 0.5 / Math.sqrt(trace + 1);
    w = 0.25 / s; x = (m21 - m12) * s; y = (m02 - m20) * s; z = (m10 - m01) * s;
  } else if (m00 > m11 && m00 > m22) {
    const s = 2 * Math.sqrt(1 + m00 - m11 - m22);
    w = (m21 - m12) / s; x = 0.25 * s; y = (m01 + m10) / s; z = (m02 + m20) / s;
  } else if (m11 > m22) {
    const s = 2 * Math.sqrt(1 + m11 - m00 - m22);
    w = (m02 - m20) / s; x = (m01 + m10) / s; y = 0.25 * s; z = (m12 + m21) / s;
  } else {
    const s = 2 * Math.sqrt(1 + m22 - m00 - m11);
    w = (m10 - m01) / s; x = (m02 + m20) / s; y = (m12 + m21) / s; z = 0.25 * s;
  }
  const n = Math.sqrt(x * x + y * y + z * z + w * w);
  const q = out.quaternion, p = out.position;
  try {
    q.x = x / n; q.y = y / n; q.z = z / n; q.w = w / n;
    p.x = e[12]; p.y = e[13]; p.z = e[14];
    if (outScale !== undefined) {
      outScale.x = snapUnit(sx); outScale.y = snapUnit(sy); outScale.z = snapUnit(sz);
    }
  } catch (error) {
    // (Frozen or read-only records failed with a raw TypeError.)
    if (!(error instanceof TypeError)) throw error;
    if (outScale !== undefined && !isWritableVector(outScale)) throw new InvalidPoseError('outScale', 'is not a writable vector; expected an {x, y, z} object whose fields can be set');
    throw new InvalidPoseError('out', 'is not a writable pose; expected one from createPose()');
  }
  return out;
}

/** `e.length`, or −1 when reading it throws (a Proxy of a typed array: the getter refuses the proxy). */
function matrixLength(e: ArrayLike<number>): number {
  try {
    return e.length;
  } catch (error) {
    if (error instanceof TypeError) return -1;
    throw error;
  }
}

/** ±1 for a scale within UNIFORM_SCALE_TOLERANCE of it (rounding of the column lengths), else the scale. */
function snapUnit(s: number): number {
  return Math.abs(Math.abs(s) - 1) <= UNIFORM_SCALE_TOLERANCE ? Math.sign(s) : s;
}

function checkOrthogonal(cosine: number, i: number, j: number, field: string): void {
  if (Math.abs(cosine) > MATRIX_ORTHOGONAL_TOLERANCE) {
    const degrees = (Math.acos(Math.max(-1, Math.min(1, cosine))) * 180) / Math.PI;
    throw new InvalidPoseError(field, `has a shear: its columns ${i} and ${j} meet at ${degrees.toFixed(4)}° (cosine ${cosine}); `
      + 'expected a rotation times a scale per axis. A non-uniformly scaled parent of a rotated child shears its children; '
      + 'give the scale to the child instead');
  }
}
