import type { Vec3Like } from '../../math/types.js';
import { vec3 } from '../../math/vec3.js';

/** Result of {@link rayCast}: where the ray first meets the shape. All vectors in world space. */
export interface RayHit {
  /** The ray's parameter at the hit: `point = origin + t · direction` (in the direction's own units). */
  t: number;
  /** The hit point, `origin + t · direction`: on the surface, or the origin itself for an origin inside a solid shape. */
  point: Vec3Like;
  /**
   * The shape's outward unit normal at `point` (any unit vector of the normal cone at an edge or a
   * vertex); for an origin inside a solid shape, `−direction` normalised.
   */
  normal: Vec3Like;
  /** GJK ray-cast iterations (0 for a closed form); for a compound, those of the part hit. */
  iterations: number;
  /**
   * The part hit: 0 for a convex shape; a compound's part index (into its parts as given); a triangle
   * mesh's triangle, as its index in the triangle list given (`TriangleMesh.sourceIndex`).
   */
  part: number;
}

/** A ray hit record to pass as `out`: nothing is allocated per call. */
export function createRayHit(): RayHit {
  return { t: 0, point: vec3(), normal: vec3(1, 0, 0), iterations: 0, part: 0 };
}
