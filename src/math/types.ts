/** A 3D vector. three.js `Vector3` satisfies it. */
export interface Vec3Like {
  /** The x component. */
  x: number;
  /** The y component. */
  y: number;
  /** The z component. */
  z: number;
}

/** A rotation as a unit quaternion `x y z w`. three.js `Quaternion` satisfies it. */
export interface QuatLike {
  /** The x component of the vector part: the rotation axis times sin(angle / 2). */
  x: number;
  /** The y component of the vector part. */
  y: number;
  /** The z component of the vector part. */
  z: number;
  /** The scalar part: cos(angle / 2). */
  w: number;
}

/**
 * A rigid pose: rotation followed by translation, mapping a shape's local frame to world space.
 * A three.js `Object3D` (a mesh) satisfies it when its `position` and `quaternion` are world space: when
 * it has no scale and every ancestor is untransformed. Otherwise a query throws `InvalidPoseError`;
 * pass `worldPose(object, pose, scale)` instead, with the shape wrapped in `Scaled` when the scale is not 1.
 */
export interface PoseLike {
  /** The translation: where the local origin lands, in world space (in the compound's frame for a compound part). */
  readonly position: Readonly<Vec3Like>;
  /** The rotation from the local frame, applied before the translation: a unit quaternion (length within 1e-6 of 1; normalised on read). */
  readonly quaternion: Readonly<QuatLike>;
}
