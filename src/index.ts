/**
 * convex-collide: exact, allocation-free collision detection: distances, depths, contact manifolds, rays and
 * shape casts between convex shapes, compounds and triangle meshes, and a collision world.
 * The main entry (3D): geometry and queries, exported by name; the plane is `convex-collide/2d`. The JSON formats are the second entry,
 * `convex-collide/format` (src/format/index.ts). CONTRIBUTING.md ("Public entries") lists and explains
 * every export; test/public-api.test.ts keeps the list honest.
 */
export type { PoseLike, QuatLike, Vec3Like } from './math/types.js';
export { createAabb, type Aabb } from './math/aabb.js';
export { createPose, poseFromMatrix, worldPose, type Object3DLike, type Pose } from './math/world-pose.js';

// Shapes
export type { BuiltInConvexKind, CompoundShape, ConcaveShape, ConvexShape, CustomShape, HalfSpaceShape, HeightFieldShape, MeshShape, Shape, ShapeKind, SupportMap } from './shapes/shape.js';
export { supportWithRadius } from './shapes/shape.js';
export { Point } from './shapes/point.js';
export { Segment } from './shapes/segment.js';
export { Triangle } from './shapes/triangle.js';
export { Sphere } from './shapes/sphere.js';
export { Box } from './shapes/box.js';
export { Capsule } from './shapes/capsule.js';
export { Cylinder } from './shapes/cylinder.js';
export { Cone } from './shapes/cone.js';
export { Ellipsoid } from './shapes/ellipsoid.js';
export { ConvexHull, createHullFace, type HullFace } from './shapes/convex-hull.js';
export { Compound, type CompoundPart } from './query/parted/compound.js';
export { TriangleMesh, type GeometryLike } from './query/parted/triangle-mesh.js';
export { HalfSpace } from './query/plane/half-space.js';
export { HeightField } from './query/parted/height-field.js';
export { Rounded } from './shapes/rounded.js';
export { MinkowskiSum } from './shapes/minkowski-sum.js';
export { Scaled } from './shapes/scaled.js';

// Hulls
export { buildHull } from './hull/build-hull.js';
export { decompose, decomposeToHulls, type Decomposition } from './decompose/decompose.js';
export type { DecomposeOptions } from './decompose/decompose-options.js';
export type { DecomposeInput, MeshArrays, MeshLike } from './decompose/solid-input.js';
export type { BuildHullOptions, Hull, HullDimension } from './hull/hull.js';
export { validateHull, type HullValidation, type ValidateHullOptions } from './hull/validate-hull.js';

// Queries
export { intersects, distance, closestPoints } from './query/distance/closest-points.js';
export { penetration, contact, type ContactOptions } from './query/contact/contact.js';
export {
  contactDerivatives, createContactDerivatives, MAX_SMOOTHING_SAMPLES,
  type ContactDerivatives, type ContactDerivativesOptions, type SmoothingOptions,
} from './query/derivatives/contact-derivatives.js';
export { computeAabb } from './query/aabb/compute-aabb.js';
export { CONTACT_BATCH_STRIDE, contactBatch, distanceBatch, intersectsBatch } from './batch/batch-queries.js';
export { CONTACT_DERIVATIVES_BATCH_STRIDE, contactDerivativesBatch } from './batch/derivatives-batch.js';
export { contactManifold, type ManifoldOptions } from './query/manifold/contact-manifold.js';
export { contactManifolds, createManifoldList, type ManifoldList, type ManifoldsOptions } from './query/manifold/contact-manifolds.js';
export { ManifoldCache } from './query/manifold/manifold-cache.js';
export { contactFeatures, createContactFeatures, type ContactFeatures } from './query/manifold/contact-features.js';
export { rayCast, type RayCastOptions } from './query/cast/ray-cast.js';
export { createRayHit, type RayHit } from './query/cast/ray-hit.js';
export { createShapeCastResult, shapeCast, type Motion, type ShapeCastOptions, type ShapeCastResult } from './query/cast/shape-cast.js';
export { createManifold, type Feature, type FeatureType, type Manifold, type ManifoldPoint } from './query/manifold/manifold-result.js';
export { GjkCache, type GjkOptions } from './query/gjk/gjk.js';
export type { EpaOptions } from './query/epa/epa.js';
export {
  createClosestPointsResult, createContactResult, createPenetrationResult,
  type ClosestPointsResult, type ContactResult, type PenetrationResult, type QueryStatus,
} from './query/pair/results.js';

// The world: many bodies, a broad phase, persistent pairs
export {
  CollisionWorld, createWorldContact, createWorldRayHit, createWorldShapeCastResult, type BodyOptions, type TreeBoxVisitor, type WorldContact, type WorldOptions, type WorldRayCastOptions,
  type WorldRayHit, type WorldShapeCastOptions, type WorldShapeCastResult, type WorldThreads,
} from './world/collision-world.js';
export {
  CharacterController, createCharacterCollision, createCharacterMove,
  type AutostepOptions, type CharacterCollision, type CharacterControllerOptions, type CharacterMove,
} from './world/character-controller.js';

export type { TraceStep, GjkTraceStep, EpaTraceStep, TraceCallback } from './query/pair/trace.js';

// Errors and tolerances
export {
  CollisionError, DegenerateHullError, InvalidArgumentError, InvalidJsonError, InvalidNumberError, InvalidPoseError, InvalidQuaternionError, InvalidRadiusError,
  InvalidShapeError, UnsupportedPairError, type CollisionErrorCode, type DegenerateHullReason,
} from './errors.js';
export * as tolerance from './tolerance.js';
