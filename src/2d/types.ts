/**
 * The 2D entry's value types. A three.js `Vector2` satisfies {@link Vec2Like}; a pose is a position and
 * an angle (radians, counter-clockwise), the form planck.js and matter-js bodies carry.
 */

/** A 2D vector. three.js `Vector2` satisfies it. */
export interface Vec2Like {
  x: number;
  y: number;
}

/** A rigid pose in the plane: rotation by `angle` (radians, counter-clockwise), then translation. */
export interface Pose2Like {
  readonly position: Readonly<Vec2Like>;
  readonly angle: number;
}

/**
 * A 2D vector of the library's scratch records (not exported). A class with number-initialised fields, so V8
 * gives every instance one hidden class and keeps its fields as doubles.
 */
export class Vec2 implements Vec2Like {
  x: number;
  y: number;
  constructor(x = 0, y = 0) {
    this.x = x;
    this.y = y;
  }
}

/** A new vector `{ x, y }` (a plain object, as the 3D entry's vectors). */
export function vec2(x = 0, y = 0): Vec2Like {
  return { x, y };
}

/** A new pose `{ position: { x, y }, angle }`. */
export function createPose2(x = 0, y = 0, angle = 0): { position: Vec2Like; angle: number } {
  return { position: { x, y }, angle };
}
