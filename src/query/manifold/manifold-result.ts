/**
 * The contact manifold record (createManifold) and its parts: the points of the contact region with
 * their separations and the features they come from.
 */
import type { Vec3Like } from '../../math/types.js';
import { vec3 } from '../../math/vec3.js';
import { MANIFOLD_MAX_POINTS } from '../../tolerance.js';
import type { QueryStatus } from '../pair/results.js';
import type { FeatureType } from './feature-code.js';

export type { FeatureType } from './feature-code.js';

/**
 * Which feature of a shape a contact point comes from: a vertex, an edge or a face of a polytope (or of a
 * flat part of a curved shape: a cylinder's caps, a cone's base and apex), with its index within the
 * shape (docs/manifolds.md lists each kind's numbering), or `'none'` (index −1) on a curved surface.
 */
export interface Feature {
  /** `'vertex'`, `'edge'` or `'face'`, or `'none'` on a curved surface. */
  type: FeatureType;
  /** The feature's index among the shape's features of that type (docs/manifolds.md, "Features and ids"); −1 for `'none'`. */
  index: number;
}

/** One point of a manifold. All vectors in world space. */
export interface ManifoldPoint {
  /** On A's surface. */
  pointA: Vec3Like;
  /** On B's surface: `pointB − pointA = separation · normal`. */
  pointB: Vec3Like;
  /** Negative where the shapes overlap at this point. */
  separation: number;
  /** The feature of A the point comes from, numbered within A (within part `partA` for a compound or a mesh). */
  featureA: Feature;
  /** The feature of B the point comes from, numbered within B (within part `partB` for a compound or a mesh). */
  featureB: Feature;
  /**
   * Made from the feature pair, so the same while the same features touch: match points across frames
   * by it (warm starting).
   */
  id: number;
}

/** Result of {@link contactManifold}. Points `0 .. count − 1` of `points` are the answer. */
export interface Manifold {
  /** Unit vector from A towards B, shared by every point (the normal `contact` gives). */
  normal: Vec3Like;
  /** Number of points in use; `points` holds more records, for reuse. */
  count: number;
  /** The point records: `points[0 .. count − 1]` are the answer, the rest are spare (createManifold makes MANIFOLD_MAX_POINTS). */
  points: ManifoldPoint[];
  /** How the contact query behind the normal ended (see QueryStatus). */
  status: QueryStatus;
  /** GJK plus EPA iterations of that query. */
  iterations: number;
  /**
   * The part of A the manifold is at (contactManifolds): a compound's part index, a mesh's triangle index in
   * the list given; 0 for a convex shape.
   */
  partA: number;
  /** The part of B the manifold is at, numbered as `partA`. */
  partB: number;
}

function createPoint(): ManifoldPoint {
  return {
    pointA: vec3(), pointB: vec3(), separation: 0,
    featureA: { type: 'none', index: -1 }, featureB: { type: 'none', index: -1 }, id: 0,
  };
}

/** A manifold record with room for MANIFOLD_MAX_POINTS points: pass it as `out`, nothing is allocated per call. */
export function createManifold(): Manifold {
  const points: ManifoldPoint[] = [];
  for (let i = 0; i < MANIFOLD_MAX_POINTS; i++) points.push(createPoint());
  return { normal: vec3(1, 0, 0), count: 0, points, status: 'converged', iterations: 0, partA: 0, partB: 0 };
}
