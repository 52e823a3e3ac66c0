/**
 * The 2D entry's value types. A three.js `Vector2` satisfies {@link Vec2Like}; a pose is a position and
 * an angle (radians, counter-clockwise), the form planck.js and matter-js bodies carry.
 */

/** A 2D vector. three.js `Vector2` satisfies it. */
export interface Vec2Like {
  /** The x component. */
  x: number;
  /** The y component. */
  y: number;
}

/** A rigid pose in the plane: rotation by `angle` (radians, counter-clockwise), then translation. */
export interface Pose2Like {
  /** Where the shape's local origin is, in world space. */
  readonly position: Readonly<Vec2Like>;
  /** Rotation of the shape about its local origin: radians, counter-clockwise, any finite number. */
  readonly angle: number;
}

/**
 * A 2D vector of the library's scratch records (not exported). Its fields have initialisers: a field only
 * declared (and set in a constructor) starts as `undefined`, V8 then keeps it as a tagged value, and
 * every double stored into it allocates a heap number (16 bytes a store; CONTRIBUTING.md, "V8 rules").
 */
export class Vec2 implements Vec2Like {
  x = 0;
  y = 0;
}

/** A new vector `{ x, y }` (a plain object, as the 3D entry's vectors). */
export function vec2(x = 0, y = 0): Vec2Like {
  return { x, y };
}

/** A new pose `{ position: { x, y }, angle }`. */
export function createPose2(x = 0, y = 0, angle = 0): {
  /** The position `{ x, y }` (a new object). */
  position: Vec2Like;
  /** The angle in radians, counter-clockwise. */
  angle: number;
} {
  return { position: { x, y }, angle };
}
