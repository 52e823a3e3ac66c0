/**
 * The 2D shapes as support mappings: a core (a point, a segment or a convex polygon) and a radius swept
 * around it. Every 2D core is a polygon in the wide sense, so GJK and EPA end on exact vertices, and the
 * radius is added to their answer as in 3D.
 */
import { InvalidShapeError, describeValue } from '../../errors.js';
import type { Vec2Like } from '../types.js';

/** The core polygon of a point or a circle: the origin, no edges. */
export const POINT_CORE = /* @__PURE__ */ new Float64Array(2);
export const NO_EDGES = /* @__PURE__ */ new Float64Array(0);

/** What GJK and EPA read of a 2D shape. */
export interface SupportMap2 {
  /**
   * Writes into `out` the point of the core furthest along `dir` (local frame, any non-zero length; for
   * the zero vector any point of the core) and returns `out`. Must not allocate.
   */
  support(out: Vec2Like, dir: Readonly<Vec2Like>): Vec2Like;
  /** Radius swept around the core: 0 for polygons, segments and points, r for circles and capsules. */
  readonly sweptRadius: number;
  /** Radius of a disc about the local origin that holds the whole shape, radius included. */
  readonly boundingRadius: number;
}

/** The kind of a 2D shape. */
export type Shape2Kind = 'point' | 'segment' | 'circle' | 'box' | 'capsule' | 'polygon' | 'rounded';

/** A 2D shape: one of the classes of `convex-collide/2d`. */
export interface Shape2 extends SupportMap2 {
  /** Which class the shape is, to narrow a `Shape2` by. */
  readonly kind: Shape2Kind;
  /**
   * @internal The core as a convex polygon in the wide sense, counter-clockwise, flat x y pairs: 1 vertex
   * for a point core, 2 for a segment, more for a polygon (sat2.ts reads it).
   */
  readonly coreVertices: Float64Array;
  /** @internal The outward normal of each edge of the core: as many as vertices, 2 for a segment, none for a point. */
  readonly coreNormals: Float64Array;
}

/**
 * @internal Whether turning the shape about its origin changes it: not when its core is a point at the
 * origin (Point2, Circle, and their roundings share POINT_CORE), whose queries then skip the rotation.
 */
export function turns(shape: Shape2): boolean {
  return shape.coreVertices !== POINT_CORE;
}

const SHAPE2: unique symbol = Symbol('convex-collide 2d shape');

/**
 * Marks the 2D shape classes: a query accepts an object whose class was marked (a plain copy of a shape,
 * `{...circle}`, has its fields but not its support method, and is refused with a clear error).
 */
export function markShape2(cls: { prototype: object }): void {
  Object.defineProperty(cls.prototype, SHAPE2, { value: true });
}

/**
 * Throws InvalidShapeError naming `field` unless `shape` is a 2D shape of this library. The test is one
 * property load on the good path.
 */
/** Whether `shape` is one of the 2D shapes (a check that builds no field name: batch2.ts names it on failure). */
export function isShape2(shape: unknown): boolean {
  return shape !== null && typeof shape === 'object' && (shape as Record<symbol, unknown>)[SHAPE2] === true;
}

export function checkShape2(shape: unknown, field: string): void {
  // The error's text is built in a function of its own: this check is inlined into every query, and its
  // size counts against the query's own inlining into its caller (CONTRIBUTING.md, "V8 rules", rule 2).
  if (shape === null || typeof shape !== 'object' || (shape as Record<symbol, unknown>)[SHAPE2] !== true) throwNotShape2(shape, field);
}

function throwNotShape2(shape: unknown, field: string): never {
  const hint = shape !== null && typeof shape === 'object' && typeof (shape as { support?: unknown }).support === 'function'
    ? 'a 3D shape or a support map of your own; the 2D queries take the 2D shapes (Point2, Segment2, Circle, Box2, Capsule2, Polygon, Rounded2)'
    : 'expected a 2D shape (Point2, Segment2, Circle, Box2, Capsule2, Polygon, Rounded2)';
  throw new InvalidShapeError(field, `is ${describeValue(shape)}: ${hint}`);
}
