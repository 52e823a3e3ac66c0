import type { Vec3Like } from '../../math/types.js';
import { vec3 } from '../../math/vec3.js';

/**
 * How an iterative query ended. `converged`: within tolerance. `max-iterations`: the iteration cap was
 * hit; the answer is the best one found (still a valid bound). `degenerate`: the numerics could not make
 * progress (for example a support mapping that is not convex); the answer is the best one found.
 */
export type QueryStatus = 'converged' | 'max-iterations' | 'degenerate';

/** Result of {@link closestPoints}. All vectors in world space. */
export interface ClosestPointsResult {
  /** Euclidean distance between the shapes; 0 when they touch or overlap. */
  distance: number;
  /** Closest point on A (a shared point when the shapes intersect). */
  pointA: Vec3Like;
  /** Closest point on B (equal to `pointA` when the shapes intersect). */
  pointB: Vec3Like;
  /**
   * Unit vector from A towards B: `pointB − pointA = distance · normal` when apart. When the shapes
   * intersect it is the best separating direction GJK knew (not a penetration normal; use `contact`).
   */
  normal: Vec3Like;
  /** How GJK ended (`'converged'` for a closed form). */
  status: QueryStatus;
  /** GJK iterations used (0 for a closed form); for a compound or a mesh, those of the part pair reported. */
  iterations: number;
  /**
   * For a compound, the index of the part of A the answer is at; for a mesh, of the triangle (in the list
   * given); 0 for a convex shape.
   */
  partA: number;
  /** The part of B the answer is at, numbered as `partA`. */
  partB: number;
  /**
   * A certified lower bound on the exact distance: the separation along `normal` read from both shapes'
   * own supports (no distance is below a separating plane's gap), less the rounding of that reading;
   * for a compound or a mesh the least over the parts it visited. See docs/derivatives.md, "Bounds".
   */
  lower: number;
  /**
   * A certified upper bound on the exact distance: `|pointB − pointA|` (two points on the shapes) plus
   * the rounding of the points; for a compound or a mesh the least over the parts it visited.
   */
  upper: number;
}

/** Result of {@link penetration}. All vectors in world space. */
export interface PenetrationResult {
  /** Length of the shortest translation of B that separates the shapes; 0 when they only touch. */
  depth: number;
  /** Unit vector from A towards B: translating B by `depth · normal` makes the shapes touch. */
  normal: Vec3Like;
  /** A's deepest point along `normal`. */
  pointA: Vec3Like;
  /** B's deepest point along `−normal`; `(pointA − pointB) · normal = depth`. */
  pointB: Vec3Like;
  /** How EPA ended, or GJK when EPA did not run (only the radii overlap); `'converged'` for a closed form. */
  status: QueryStatus;
  /** GJK plus EPA iterations used. */
  iterations: number;
}

/** Result of {@link contact}: a signed separation for every pair. All vectors in world space. */
export interface ContactResult {
  /** Distance when apart, minus the penetration depth when overlapping, 0 when touching. */
  separation: number;
  /** Unit vector from A towards B (see {@link ClosestPointsResult.normal} and {@link PenetrationResult.normal}). */
  normal: Vec3Like;
  /** Apart: the closest point on A. Overlapping: A's deepest point along `normal`. */
  pointA: Vec3Like;
  /** Apart: the closest point on B. Overlapping: B's deepest point along `−normal`. */
  pointB: Vec3Like;
  /** How GJK ended, or EPA when it ran (the cores overlap); `'converged'` for a closed form. */
  status: QueryStatus;
  /** GJK iterations, plus EPA's when it ran (0 for a closed form); for a compound or a mesh, those of the part pair reported. */
  iterations: number;
  /**
   * For a compound, the index of the part of A the answer is at; for a mesh, of the triangle (in the list
   * given); 0 for a convex shape.
   */
  partA: number;
  /** The part of B the answer is at, numbered as `partA`. */
  partB: number;
  /**
   * A certified lower bound on the exact separation: the separation along `normal` read from both
   * shapes' own supports (the separation is the greatest such over every direction), less the rounding
   * of that reading; for a compound or a mesh the least over the parts it visited.
   */
  lower: number;
  /**
   * A certified upper bound on the exact separation: apart, the distance of two points on the shapes;
   * overlapping, minus a lower bound on the depth from the path's global certificate (EPA's final
   * polytope inside the Minkowski difference, a complete set of separating axes, a closed form), plus
   * rounding. `lower ≤ exact separation ≤ upper`; see docs/derivatives.md, "Bounds".
   */
  upper: number;
}

/** A closest-points result record to pass as `out`: nothing is allocated per call. */
export function createClosestPointsResult(): ClosestPointsResult {
  return { distance: 0, pointA: vec3(), pointB: vec3(), normal: vec3(1, 0, 0), status: 'converged', iterations: 0, partA: 0, partB: 0, lower: 0, upper: 0 };
}

/** A penetration result record to pass as `out`: nothing is allocated per call. */
export function createPenetrationResult(): PenetrationResult {
  return { depth: 0, normal: vec3(1, 0, 0), pointA: vec3(), pointB: vec3(), status: 'converged', iterations: 0 };
}

/** A contact result record to pass as `out`: nothing is allocated per call. */
export function createContactResult(): ContactResult {
  return { separation: 0, normal: vec3(1, 0, 0), pointA: vec3(), pointB: vec3(), status: 'converged', iterations: 0, partA: 0, partB: 0, lower: 0, upper: 0 };
}
