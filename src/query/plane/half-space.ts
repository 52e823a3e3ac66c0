/**
 * The half-space: the solid y ≤ 0 of its local frame (a ground plane, a wall, a kill floor), of any extent.
 * It is not a support map (its support is infinite along most directions), so GJK and EPA never see it:
 * every pair with a convex shape, a compound or a mesh is a closed form (half-space-pairs.ts), as are rays
 * and shape casts against it. It lives in query/, not shapes/, because defining the class registers those
 * pair functions (as Compound and TriangleMesh do).
 */
import { HALF_SPACE_KIND_INDEX, markBuiltIn, type HalfSpaceShape } from '../../shapes/shape.js';
import { registerHalfSpacePairs } from './half-space-pairs.js';

/**
 * The solid y ≤ 0 of its local frame: its boundary is the plane y = 0 and its outward normal +y. Place it
 * with a pose like any shape (the pose's rotation turns the normal, its position lies on the plane). Every
 * pairwise query takes it against a convex shape, a compound or a mesh; rays and shape casts meet it; a
 * collision world takes it as a static body.
 */
export class HalfSpace implements HalfSpaceShape {
  static {
    markBuiltIn(HalfSpace, HALF_SPACE_KIND_INDEX);
    registerHalfSpacePairs();
  }

  /** The shape kind: `'halfSpace'`. */
  readonly kind = 'halfSpace' as const;
  /** Infinity: no ball holds a half-space. */
  readonly boundingRadius = Infinity;
}
