import type { QueryStatus } from '../query/pair/results.js';
import { vec2, type Vec2Like } from './types.js';

/** Result of {@link closestPoints} (2D). All vectors in world space. */
export interface ClosestPointsResult {
  /** Euclidean distance between the shapes; 0 when they touch or overlap. */
  distance: number;
  /** Closest point on A (a shared point when the shapes intersect). */
  pointA: Vec2Like;
  /** Closest point on B (equal to `pointA` when the shapes intersect). */
  pointB: Vec2Like;
  /** Unit vector from A towards B: `pointB − pointA = distance · normal` when apart. */
  normal: Vec2Like;
  /** How GJK ended (see {@link QueryStatus}): `'max-iterations'` when its cap stopped it, the answer then the best found. */
  status: QueryStatus;
  /** GJK iterations used. */
  iterations: number;
}

/** Result of {@link penetration} (2D). All vectors in world space. */
export interface PenetrationResult {
  /** Length of the shortest translation of B that separates the shapes; 0 when they only touch. */
  depth: number;
  /** Unit vector from A towards B: translating B by `depth · normal` makes the shapes touch. */
  normal: Vec2Like;
  /** A's deepest point along `normal`. */
  pointA: Vec2Like;
  /** B's deepest point along `−normal`; `(pointA − pointB) · normal = depth`. */
  pointB: Vec2Like;
  /**
   * How the query ended (see {@link QueryStatus}): GJK's status, or EPA's when the shapes overlap; `'max-iterations'`
   * when a cap stopped it, the answer then the best found.
   */
  status: QueryStatus;
  /** GJK's iterations, plus EPA's when it ran (0 when a closed form, or separating axes tried before GJK, answered). */
  iterations: number;
}

/** Result of {@link contact} (2D): a signed separation for every pair. All vectors in world space. */
export interface ContactResult {
  /** Distance when apart, minus the penetration depth when overlapping, 0 when touching. */
  separation: number;
  /** Unit vector from A towards B. */
  normal: Vec2Like;
  /** Apart: the closest point on A. Overlapping: A's deepest point along `normal`. */
  pointA: Vec2Like;
  /** Apart: the closest point on B. Overlapping: B's deepest point along `−normal`. */
  pointB: Vec2Like;
  /**
   * How the query ended (see {@link QueryStatus}): GJK's status, or EPA's when the shapes overlap; `'max-iterations'`
   * when a cap stopped it, the answer then the best found.
   */
  status: QueryStatus;
  /** GJK's iterations, plus EPA's when it ran (0 when a closed form, or separating axes tried before GJK, answered). */
  iterations: number;
}

/** A new {@link ClosestPointsResult} to pass as `out` to {@link closestPoints}: nothing is allocated per call. */
export function createClosestPointsResult(): ClosestPointsResult {
  return { distance: 0, pointA: vec2(), pointB: vec2(), normal: vec2(1, 0), status: 'converged', iterations: 0 };
}

/** A new {@link PenetrationResult} to pass as `out` to {@link penetration}: nothing is allocated per call. */
export function createPenetrationResult(): PenetrationResult {
  return { depth: 0, normal: vec2(1, 0), pointA: vec2(), pointB: vec2(), status: 'converged', iterations: 0 };
}

/** A new {@link ContactResult} to pass as `out` to {@link contact}: nothing is allocated per call. */
export function createContactResult(): ContactResult {
  return { separation: 0, normal: vec2(1, 0), pointA: vec2(), pointB: vec2(), status: 'converged', iterations: 0 };
}
