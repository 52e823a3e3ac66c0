/**
 * convex-collide/2d: the library's exact queries in the plane. Shapes `Point2`, `Segment2`, `Circle`,
 * `Box2`, `Capsule2`, `Polygon`, `Rounded2`; a pose is `{ position: {x, y}, angle }`; the queries have
 * the 3D names and conventions (normal from A to B, signed separation, `out` records). Imports nothing
 * of the 3D geometry: a 2D program bundles only this.
 */
export { createPose2, vec2, type Pose2Like, type Vec2Like } from './types.js';
export type { Shape2, Shape2Kind, SupportMap2 } from './shapes/shape2.js';
export { Point2 } from './shapes/point2.js';
export { Segment2 } from './shapes/segment2.js';
export { Circle } from './shapes/circle.js';
export { Box2 } from './shapes/box2.js';
export { Capsule2 } from './shapes/capsule2.js';
export { Polygon } from './shapes/polygon.js';
export { Rounded2 } from './shapes/rounded2.js';
export { closestPoints, contact, distance, intersects, penetration } from './pair-queries2.js';
export { CONTACT_BATCH2_STRIDE, contactBatch2, distanceBatch2, intersectsBatch2 } from './batch2.js';
export { GjkCache, type GjkOptions, type GjkTraceStep2 } from './gjk2.js';
export { createRayHit, rayCast, type RayCastOptions, type RayHit } from './ray2.js';
export { createShapeCastResult, shapeCast, type Motion2, type ShapeCastOptions, type ShapeCastResult } from './cast2.js';
export { contactManifold, createManifold, type Feature, type Manifold, type ManifoldOptions, type ManifoldPoint } from './manifold2.js';
export { ManifoldCache } from './manifold-cache2.js';
export {
  CollisionWorld2, createWorldContact2, createWorldRayHit2, createWorldShapeCastResult2,
  type Body2Options, type TreeBoxVisitor2, type World2Options, type WorldContact2, type WorldRayCastOptions2, type WorldRayHit2,
  type WorldShapeCastOptions2, type WorldShapeCastResult2,
} from './world/collision-world2.js';
export type { ContactOptions } from './options2.js';
export {
  createClosestPointsResult, createContactResult, createPenetrationResult,
  type ClosestPointsResult, type ContactResult, type PenetrationResult,
} from './results2.js';
export type { QueryStatus } from '../query/pair/results.js';
export {
  CollisionError, InvalidArgumentError, InvalidJsonError, InvalidNumberError, InvalidPoseError, InvalidRadiusError, InvalidShapeError,
  type CollisionErrorCode,
} from '../errors.js';
