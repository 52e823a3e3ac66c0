import type { Vec3Like } from '../math/types.js';

/** Discriminant of every built-in shape. */
export type ShapeKind =
  | 'point' | 'segment' | 'triangle' | 'sphere' | 'box' | 'capsule' | 'cylinder' | 'cone'
  | 'ellipsoid' | 'convexHull' | 'rounded' | 'minkowskiSum';

/**
 * A convex shape as a support mapping: a core shape plus a radius swept around it.
 * Users can add their own shapes by implementing this interface.
 */
export interface SupportMap {
  /**
   * Writes into `out` the point of the core shape furthest along `dir` (local frame; `dir` has any
   * non-zero length; for the zero vector any point of the core is allowed) and returns `out`.
   * Must not allocate, and must not keep `out` or `dir`.
   */
  support(out: Vec3Like, dir: Readonly<Vec3Like>): Vec3Like;
  /**
   * Radius swept around the core: 0 for polytopes and other sharp shapes, r for spheres and capsules.
   * (Named apart from a shape's own `radius` field, which for a cylinder or cone is its geometric radius.)
   */
  readonly sweptRadius: number;
  /** Radius of a ball about the local origin that contains the whole shape, radius included. */
  readonly boundingRadius: number;
}

/** A built-in shape: a support mapping with a kind and a JSON form. */
export interface Shape extends SupportMap {
  readonly kind: ShapeKind;
  /** The shape in the JSON SHAPE format of the pair-query files. */
  toJSON(): ShapeJSON;
}

/** The JSON SHAPE format (see the README): a `type` and its fields, coordinates as `[x, y, z]`. */
export type ShapeJSON =
  | { type: 'point' }
  | { type: 'segment'; a: number[]; b: number[] }
  | { type: 'triangle'; a: number[]; b: number[]; c: number[] }
  | { type: 'sphere'; radius: number }
  | { type: 'box'; halfExtents: number[] }
  | { type: 'capsule'; halfHeight: number; radius: number }
  | { type: 'cylinder'; halfHeight: number; radius: number }
  | { type: 'cone'; halfHeight: number; radius: number }
  | { type: 'ellipsoid'; radii: number[] }
  | { type: 'convexHull'; points: number[][] }
  | { type: 'rounded'; shape: ShapeJSON; radius: number }
  | { type: 'minkowskiSum'; a: ShapeJSON; b: ShapeJSON };

/**
 * Writes into `out` the point of the whole shape (core plus radius) furthest along `dir`, and returns it.
 * `dir` must be non-zero when the shape has a radius.
 */
export function supportWithRadius(out: Vec3Like, shape: SupportMap, dir: Readonly<Vec3Like>): Vec3Like {
  const dx = dir.x, dy = dir.y, dz = dir.z;
  shape.support(out, dir);
  const r = shape.sweptRadius;
  if (r > 0) {
    const l = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (l > 0) {
      const s = r / l;
      out.x += dx * s;
      out.y += dy * s;
      out.z += dz * s;
    }
  }
  return out;
}
