/** A 3D vector. three.js `Vector3` satisfies it. */
export interface Vec3Like {
  x: number;
  y: number;
  z: number;
}

/** A rotation as a unit quaternion `x y z w`. three.js `Quaternion` satisfies it. */
export interface QuatLike {
  x: number;
  y: number;
  z: number;
  w: number;
}

/**
 * A rigid pose: rotation followed by translation, mapping a shape's local frame to world space.
 * A three.js `Object3D` (a mesh) satisfies it when its `position` and `quaternion` are world space: when
 * it has no scale and every ancestor is untransformed. Otherwise a query throws `InvalidPoseError`;
 * pass `worldPose(object, pose, scale)` instead, with the shape wrapped in `Scaled` when the scale is not 1.
 */
export interface PoseLike {
  readonly position: Readonly<Vec3Like>;
  readonly quaternion: Readonly<QuatLike>;
}
