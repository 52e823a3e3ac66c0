/**
 * The JSON SHAPE format (docs/formats.md, "SHAPE"): `shapeFromJSON` reads it into a shape,
 * `shapeToJSON` writes a shape back. Shared by the CLI, the explorer and the pair-query reader.
 */
import { DegenerateHullError, InvalidArgumentError, InvalidJsonError, InvalidNumberError, InvalidRadiusError, InvalidShapeError } from '../errors.js';
import type { Vec3Like } from '../math/types.js';
import { SHAPE_MAX_NESTING } from '../tolerance.js';
import { Box } from '../shapes/box.js';
import { Capsule } from '../shapes/capsule.js';
import { Cone } from '../shapes/cone.js';
import { ConvexHull } from '../shapes/convex-hull.js';
import { Cylinder } from '../shapes/cylinder.js';
import { Ellipsoid } from '../shapes/ellipsoid.js';
import { MinkowskiSum } from '../shapes/minkowski-sum.js';
import { Point } from '../shapes/point.js';
import { Rounded } from '../shapes/rounded.js';
import { Scaled } from '../shapes/scaled.js';
import { KIND_INDEX, type ConvexShape, type Shape } from '../shapes/shape.js';
import { Segment } from '../shapes/segment.js';
import { Sphere } from '../shapes/sphere.js';
import { Triangle } from '../shapes/triangle.js';

/** The JSON SHAPE format: a `type` and its fields, coordinates as `[x, y, z]`. */
export type ShapeJSON =
  | {
    /** A point at the local origin. */
    type: 'point';
  }
  | {
    /** A segment between two points. */
    type: 'segment';
    /** One end, `[x, y, z]` in the shape's frame. */
    a: number[];
    /** The other end, `[x, y, z]`. */
    b: number[];
  }
  | {
    /** A triangle of three corners (flat, two-sided). */
    type: 'triangle';
    /** First corner, `[x, y, z]` in the shape's frame. */
    a: number[];
    /** Second corner, `[x, y, z]`. */
    b: number[];
    /** Third corner, `[x, y, z]`. */
    c: number[];
  }
  | {
    /** A ball about the local origin. */
    type: 'sphere';
    /** Its radius, a finite number ≥ 0. */
    radius: number;
  }
  | {
    /** A box about the local origin, its faces on the axes. */
    type: 'box';
    /** Half its size along x, y and z, `[hx, hy, hz]`, each ≥ 0. */
    halfExtents: number[];
  }
  | {
    /** A capsule along y: a segment from −halfHeight to +halfHeight swept by a ball. */
    type: 'capsule';
    /** Half the length of its core segment along y, ≥ 0. */
    halfHeight: number;
    /** The radius of the swept ball, ≥ 0. */
    radius: number;
  }
  | {
    /** A cylinder along y, from −halfHeight to +halfHeight. */
    type: 'cylinder';
    /** Half its height along y, ≥ 0. */
    halfHeight: number;
    /** The radius of its discs, ≥ 0. */
    radius: number;
  }
  | {
    /** A cone along y: its base disc at y = −halfHeight, its apex at +halfHeight. */
    type: 'cone';
    /** Half its height along y, ≥ 0. */
    halfHeight: number;
    /** The radius of its base, ≥ 0. */
    radius: number;
  }
  | {
    /** An ellipsoid about the local origin, its axes on x, y and z. */
    type: 'ellipsoid';
    /** Its semi-axes `[rx, ry, rz]`, each ≥ 0. */
    radii: number[];
  }
  | {
    /** The convex hull of a point cloud (quickhull, docs/hulls.md). */
    type: 'convexHull';
    /** The points `[[x, y, z], ...]`, in the shape's frame; duplicates and inner points are allowed. */
    points: number[][];
  }
  | {
    /** A shape with every point pushed out by `radius` (its Minkowski sum with a ball). */
    type: 'rounded';
    /** The shape rounded (convex). */
    shape: ShapeJSON;
    /** The rounding radius, ≥ 0. */
    radius: number;
  }
  | {
    /** The Minkowski sum of two convex shapes, both about the local origin. */
    type: 'minkowskiSum';
    /** The first shape. */
    a: ShapeJSON;
    /** The second shape. */
    b: ShapeJSON;
  }
  | {
    /** A convex shape scaled along its local axes. */
    type: 'scaled';
    /** The shape scaled. */
    shape: ShapeJSON;
    /** The factors `[sx, sy, sz]` along x, y and z, each finite and non-zero (a negative one mirrors). */
    scale: number[];
  };

const SHAPE_TYPES = 'point, segment, triangle, sphere, box, capsule, cylinder, cone, ellipsoid, convexHull, rounded, minkowskiSum, scaled';

/** Nesting limit for rounded / minkowskiSum / scaled, so hostile input cannot exhaust the stack. */
const MAX_SHAPE_DEPTH = SHAPE_MAX_NESTING;

/** Reads `[x, y, z]` at `field`, naming the field in every error. */
export function readVec3Json(value: unknown, field: string): Vec3Like {
  if (!Array.isArray(value) || value.length !== 3) {
    throw new InvalidJsonError(field, `is ${describe(value)}; expected an array of 3 finite numbers [x, y, z]`);
  }
  for (let i = 0; i < 3; i++) {
    const v = value[i];
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new InvalidNumberError(`${field}[${i}]`, v);
  }
  return { x: value[0], y: value[1], z: value[2] };
}

/** Reads a scale `[x, y, z]` at `field`: three finite non-zero numbers (negative ones mirror). */
function readScale(value: unknown, field: string): Vec3Like {
  const v = readVec3Json(value, field);
  const c = [v.x, v.y, v.z];
  for (let i = 0; i < 3; i++) if (c[i] === 0) throw new InvalidNumberError(`${field}[${i}]`, 0, 'a finite non-zero number');
  return v;
}

function readLength(obj: Record<string, unknown>, key: string, field: string): number {
  const v = obj[key];
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new InvalidRadiusError(`${field}.${key}`, v);
  return v;
}

/** Reads `[x, y, z]` of three lengths (finite, ≥ 0) at `field.key`. */
function readLengths3(obj: Record<string, unknown>, key: string, field: string): number[] {
  const v = obj[key];
  if (!Array.isArray(v) || v.length !== 3) throw new InvalidJsonError(`${field}.${key}`, `is ${describe(v)}; expected an array of 3 numbers >= 0`);
  for (let i = 0; i < 3; i++) {
    if (typeof v[i] !== 'number' || !Number.isFinite(v[i]) || v[i] < 0) throw new InvalidRadiusError(`${field}.${key}[${i}]`, v[i]);
  }
  return v as number[];
}

/**
 * Builds a shape from the JSON SHAPE format (docs/formats.md, "SHAPE"). `field` names the
 * shape in error messages (e.g. `pairs[3].a`).
 * @throws InvalidShapeError for an unknown type or a missing field; InvalidNumberError and
 *   InvalidRadiusError for bad numbers; DegenerateHullError for an empty point list.
 */
export function shapeFromJSON(json: unknown, field = 'shape'): ConvexShape {
  return readShape(json, requireFieldName(field), 0);
}

/**
 * The name a reader gives its shape in messages, checked: a string (an object whose toString is null
 * made the message itself throw a raw TypeError).
 * @throws InvalidArgumentError naming `field` otherwise.
 */
export function requireFieldName(field: unknown): string {
  if (typeof field !== 'string') throw new InvalidArgumentError('field', `is ${describe(field)}; expected a string naming the shape in messages`);
  return field;
}

function readShape(json: unknown, field: string, depth: number): ConvexShape {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw new InvalidShapeError(field, `is ${describe(json)}; expected a shape object with a "type" (${SHAPE_TYPES})`);
  }
  if (depth > MAX_SHAPE_DEPTH) throw new InvalidShapeError(field, `nests shapes deeper than ${MAX_SHAPE_DEPTH} levels`);
  const o = json as Record<string, unknown>;
  switch (o.type) {
    case 'point':
      return new Point();
    case 'segment':
      return new Segment(readVec3Json(o.a, `${field}.a`), readVec3Json(o.b, `${field}.b`));
    case 'triangle':
      return new Triangle(readVec3Json(o.a, `${field}.a`), readVec3Json(o.b, `${field}.b`), readVec3Json(o.c, `${field}.c`));
    case 'sphere':
      return new Sphere(readLength(o, 'radius', field));
    case 'box': {
      const h = readLengths3(o, 'halfExtents', field);
      return new Box(h[0], h[1], h[2]);
    }
    case 'capsule':
      return new Capsule(readLength(o, 'halfHeight', field), readLength(o, 'radius', field));
    case 'cylinder':
      return new Cylinder(readLength(o, 'halfHeight', field), readLength(o, 'radius', field));
    case 'cone':
      return new Cone(readLength(o, 'halfHeight', field), readLength(o, 'radius', field));
    case 'ellipsoid': {
      const r = readLengths3(o, 'radii', field);
      return new Ellipsoid(r[0], r[1], r[2]);
    }
    case 'convexHull': {
      const pts = o.points;
      if (!Array.isArray(pts)) throw new InvalidJsonError(`${field}.points`, `is ${describe(pts)}; expected an array of [x, y, z] points`);
      if (pts.length === 0) throw new DegenerateHullError('too-few-points', `${field}.points is empty; need at least 1 point [x, y, z]`);
      const list: Vec3Like[] = [];
      for (let i = 0; i < pts.length; i++) list.push(readVec3Json(pts[i], `${field}.points[${i}]`));
      return new ConvexHull(list);
    }
    case 'rounded':
      return new Rounded(readShape(o.shape, `${field}.shape`, depth + 1), readLength(o, 'radius', field));
    case 'minkowskiSum':
      return new MinkowskiSum(readShape(o.a, `${field}.a`, depth + 1), readShape(o.b, `${field}.b`, depth + 1));
    case 'scaled':
      return new Scaled(readShape(o.shape, `${field}.shape`, depth + 1), readScale(o.scale, `${field}.scale`));
    default:
      throw new InvalidShapeError(`${field}.type`, `is ${describe(o.type)}; expected one of ${SHAPE_TYPES}`);
  }
}

/**
 * The JSON SHAPE form of a built-in shape: the inverse of {@link shapeFromJSON} (a convex hull writes
 * its vertices as `points`). `field` names the shape in error messages.
 * @throws InvalidShapeError for a user's own support map (kind `'custom'` or none), which has no JSON form,
 *   and for a value that is not a shape.
 */
export function shapeToJSON(shape: Shape, field = 'shape'): ShapeJSON {
  return writeShape(shape, requireFieldName(field), 0);
}

function writeShape(shape: Shape, field: string, depth: number): ShapeJSON {
  if (shape === null || typeof shape !== 'object') throw new InvalidShapeError(field, `is ${describe(shape)}; expected a shape`);
  if (depth > MAX_SHAPE_DEPTH) throw new InvalidShapeError(field, `nests shapes deeper than ${MAX_SHAPE_DEPTH} levels`);
  // Only the library's own shapes: their fields were checked when they were made. An object that merely
  // says `kind: 'sphere'` wrote its radius "x" into the JSON; a 2D Box2 (kind 'box') wrote [1, 1, null].
  if (!(KIND_INDEX in shape)) {
    const s = shape as { kind?: unknown; support?: unknown; coreVertices?: unknown };
    if (s.coreVertices instanceof Float64Array) throw new InvalidShapeError(field, `is a 2D shape (kind ${describe(s.kind)}); shapeToJSON writes the 3D shapes`);
    if (typeof s.support !== 'function') throw new InvalidShapeError(field, `is an object of kind ${describe(s.kind)}, not a shape of this library; expected a built-in shape`);
  }
  const xyz = (v: Readonly<Vec3Like>): number[] => [v.x, v.y, v.z];
  switch (shape.kind) {
    case 'point': return { type: 'point' };
    case 'segment': return { type: 'segment', a: xyz(shape.a), b: xyz(shape.b) };
    case 'triangle': return { type: 'triangle', a: xyz(shape.a), b: xyz(shape.b), c: xyz(shape.c) };
    case 'sphere': return { type: 'sphere', radius: shape.radius };
    case 'box': return { type: 'box', halfExtents: [shape.hx, shape.hy, shape.hz] };
    case 'capsule': return { type: 'capsule', halfHeight: shape.halfHeight, radius: shape.radius };
    case 'cylinder': return { type: 'cylinder', halfHeight: shape.halfHeight, radius: shape.radius };
    case 'cone': return { type: 'cone', halfHeight: shape.halfHeight, radius: shape.radius };
    case 'ellipsoid': return { type: 'ellipsoid', radii: [shape.rx, shape.ry, shape.rz] };
    case 'convexHull': {
      const points: number[][] = [];
      const v = shape.vertices;
      for (let i = 0; i < v.length; i += 3) points.push([v[i], v[i + 1], v[i + 2]]);
      return { type: 'convexHull', points };
    }
    case 'rounded': return { type: 'rounded', shape: writeShape(shape.shape, `${field}.shape`, depth + 1), radius: shape.radius };
    case 'minkowskiSum':
      return { type: 'minkowskiSum', a: writeShape(shape.a, `${field}.a`, depth + 1), b: writeShape(shape.b, `${field}.b`, depth + 1) };
    case 'scaled': return { type: 'scaled', shape: writeShape(shape.shape, `${field}.shape`, depth + 1), scale: xyz(shape.scale) };
    default:
      throw new InvalidShapeError(field, `is a shape of kind ${describe(shape.kind ?? 'custom')}, which has no JSON form; expected one of ${SHAPE_TYPES}`);
  }
}

/**
 * A value for a message: a short string quoted as JSON (the shape reader's form: `type is "teapot"`), a long
 * one by its length, anything else by its type; never a whole array or object.
 */
function describe(v: unknown): string {
  if (v === undefined) return 'missing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return `an array of length ${v.length}`;
  if (typeof v === 'string') return v.length <= 40 ? JSON.stringify(v) : `a string of length ${v.length}`;
  if (typeof v === 'object') return 'an object';
  return `${typeof v} ${String(v)}`;
}
