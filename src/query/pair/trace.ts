import type { Vec3Like } from '../../math/types.js';

/**
 * One step of a traced query, handed to `options.trace`. Points are Minkowski-difference points
 * `a − b` expressed in A's local frame (the frame every query runs in); rotate them by A's pose to see
 * them in world orientation. Arrays and vectors are fresh copies the callback may keep.
 */
export type TraceStep = GjkTraceStep | EpaTraceStep;

/** One GJK step: the support point found, and the simplex and closest point after it. */
export interface GjkTraceStep {
  /** Which algorithm the step is of: always `'gjk'` here (the discriminant of {@link TraceStep}). */
  readonly algorithm: 'gjk';
  /** GJK's iteration count at this step: 0 for the starting simplex (one support point), then 1, 2, … */
  readonly iteration: number;
  /** Search direction used for this step's support query. */
  readonly direction: Vec3Like;
  /** The new support point w = s_A(d) − s_B(−d) on the cores. */
  readonly support: Vec3Like;
  /** The simplex after the sub-algorithm reduced it (1 to 4 points). */
  readonly simplex: Vec3Like[];
  /** Closest point of the simplex to the origin, v. */
  readonly closest: Vec3Like;
  /** |v|, an upper bound on the core distance. */
  readonly distance: number;
}

/** One EPA step: the polytope, its face closest to the origin, and the support point found along that face's normal. */
export interface EpaTraceStep {
  /** Which algorithm the step is of: always `'epa'` here (the discriminant of {@link TraceStep}). */
  readonly algorithm: 'epa';
  /** EPA's iteration count at this step, from 0 (counted apart from GJK's). */
  readonly iteration: number;
  /** Every live face of the polytope as a triangle of three points. */
  readonly faces: [Vec3Like, Vec3Like, Vec3Like][];
  /** Index into `faces` of the face closest to the origin. */
  readonly closestFace: number;
  /** Outward unit normal of the closest face. */
  readonly normal: Vec3Like;
  /** Distance of the closest face's plane from the origin (a lower bound on the core depth). */
  readonly distance: number;
  /** Support point along `normal` found this step (the polytope grows by it unless converged). */
  readonly support: Vec3Like;
}

/** A trace callback. */
export type TraceCallback = (step: TraceStep) => void;
