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
 * A three.js `Object3D` (a mesh) satisfies it, but its `position` and `quaternion` are relative to
 * its parent: they are world space only when the object is a direct child of the scene (or every
 * ancestor has the identity transform).
 */
export interface PoseLike {
  readonly position: Readonly<Vec3Like>;
  readonly quaternion: Readonly<QuatLike>;
}
