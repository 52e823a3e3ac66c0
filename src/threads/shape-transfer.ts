/**
 * Shapes sent to a worker thread: plain objects and typed arrays (what `postMessage` copies), from which
 * the worker rebuilds shapes that answer every query bit for bit as the originals do. Hulls go as their
 * packed arrays (rebuilt from their points they could number their vertices differently), compounds with
 * their parts' poses as given, meshes with their triangles in the order given (a degenerate one in the
 * place of each left out, so triangle indices are unchanged). A user's own support map cannot be sent:
 * its function lives in this thread.
 */
import { Box2 } from '../2d/shapes/box2.js';
import { Capsule2 } from '../2d/shapes/capsule2.js';
import { Circle } from '../2d/shapes/circle.js';
import { Point2 } from '../2d/shapes/point2.js';
import { Polygon } from '../2d/shapes/polygon.js';
import { Rounded2 } from '../2d/shapes/rounded2.js';
import { Segment2 } from '../2d/shapes/segment2.js';
import { checkShape2, type Shape2 } from '../2d/shapes/shape2.js';
import { InvalidShapeError } from '../errors.js';
import { shapeFromJSON, shapeToJSON, type ShapeJSON } from '../format/shape-json.js';
import { meshSourceTriangles } from '../format/write-json.js';
import { HullResult, type HullDimension } from '../hull/hull.js';
import { Compound } from '../query/parted/compound.js';
import { TriangleMesh } from '../query/parted/triangle-mesh.js';
import { HalfSpace } from '../query/plane/half-space.js';
import { HeightField } from '../query/parted/height-field.js';
import { ConvexHull } from '../shapes/convex-hull.js';
import { MinkowskiSum } from '../shapes/minkowski-sum.js';
import { Rounded } from '../shapes/rounded.js';
import { Scaled } from '../shapes/scaled.js';
import type { ConvexShape, Shape } from '../shapes/shape.js';

/** A shape as sent to a worker. */
export type ShapeTransfer =
  | { readonly type: 'json'; readonly json: ShapeJSON }
  | {
    readonly type: 'hull'; readonly dimension: HullDimension; readonly vertices: Float64Array; readonly faceStart: Int32Array;
    readonly faceIndices: Int32Array; readonly faceNormals: Float64Array; readonly faceOffsets: Float64Array;
    readonly neighborStart: Int32Array; readonly neighborIndices: Int32Array;
    /** The build tolerance (the certified bounds allow for it where they read the faces). */
    readonly tolerance: number;
  }
  | { readonly type: 'rounded'; readonly shape: ShapeTransfer; readonly radius: number }
  | { readonly type: 'minkowskiSum'; readonly a: ShapeTransfer; readonly b: ShapeTransfer }
  | { readonly type: 'scaled'; readonly shape: ShapeTransfer; readonly scale: readonly [number, number, number] }
  | { readonly type: 'compound'; readonly parts: readonly ShapeTransfer[]; readonly poses: Float64Array }
  | { readonly type: 'mesh'; readonly vertices: Float64Array; readonly indices: Int32Array }
  | { readonly type: 'halfSpace' }
  | { readonly type: 'heightField'; readonly rows: number; readonly cols: number; readonly heights: Float64Array; readonly scale: readonly [number, number, number] };

/**
 * The transfer form of a 2D shape: its kind and parameters; a polygon as its hull's vertices (the hull of
 * a hull's vertices is itself, in the same order: the worker's copy answers bit for bit).
 */
export type Shape2Transfer =
  | { readonly kind: 'point' }
  | { readonly kind: 'segment'; readonly a: readonly [number, number]; readonly b: readonly [number, number] }
  | { readonly kind: 'circle'; readonly radius: number }
  | { readonly kind: 'box'; readonly hx: number; readonly hy: number }
  | { readonly kind: 'capsule'; readonly halfHeight: number; readonly radius: number }
  | { readonly kind: 'polygon'; readonly vertices: Float64Array }
  | { readonly kind: 'rounded'; readonly shape: Shape2Transfer; readonly radius: number };

/**
 * The transfer form of 2D shape `shape`. `field` names it in errors.
 * @throws InvalidShapeError for a value that is not a 2D shape.
 */
export function shape2ToTransfer(shape: Shape2, field: string): Shape2Transfer {
  checkShape2(shape, field);
  switch (shape.kind) {
    case 'point': return { kind: 'point' };
    case 'segment': { const g = shape as Segment2; return { kind: 'segment', a: [g.ax, g.ay], b: [g.bx, g.by] }; }
    case 'circle': return { kind: 'circle', radius: (shape as Circle).radius };
    case 'box': { const b = shape as Box2; return { kind: 'box', hx: b.hx, hy: b.hy }; }
    case 'capsule': { const c = shape as Capsule2; return { kind: 'capsule', halfHeight: c.halfHeight, radius: c.radius }; }
    case 'polygon': return { kind: 'polygon', vertices: (shape as Polygon).vertices };
    default: { const r = shape as Rounded2; return { kind: 'rounded', shape: shape2ToTransfer(r.shape, `${field}.shape`), radius: r.radius }; }
  }
}

/** The 2D shape a transfer form describes (in the worker). */
export function shape2FromTransfer(t: Shape2Transfer): Shape2 {
  switch (t.kind) {
    case 'point': return new Point2();
    case 'segment': return new Segment2({ x: t.a[0], y: t.a[1] }, { x: t.b[0], y: t.b[1] });
    case 'circle': return new Circle(t.radius);
    case 'box': return new Box2(t.hx, t.hy);
    case 'capsule': return new Capsule2(t.halfHeight, t.radius);
    case 'polygon': return new Polygon(t.vertices);
    case 'rounded': return new Rounded2(shape2FromTransfer(t.shape), t.radius);
  }
}

/**
 * The transfer form of `shape`. `field` names it in errors.
 * @throws InvalidShapeError for a user's own support map (or any shape this library does not define).
 */
export function shapeToTransfer(shape: Shape, field: string): ShapeTransfer {
  if (shape === null || typeof shape !== 'object') throw new InvalidShapeError(field, `is ${shape === null ? 'null' : typeof shape}; expected a shape`);
  switch (shape.kind) {
    case 'convexHull': {
      const h = shape;
      return {
        type: 'hull', dimension: h.dimension, vertices: h.vertices, faceStart: h.faceStart, faceIndices: h.faceIndices,
        faceNormals: h.faceNormals, faceOffsets: h.faceOffsets, neighborStart: h.neighborStart, neighborIndices: h.neighborIndices,
        tolerance: h.tolerance,
      };
    }
    case 'rounded': return { type: 'rounded', shape: shapeToTransfer(shape.shape, `${field}.shape`), radius: shape.radius };
    case 'minkowskiSum': return { type: 'minkowskiSum', a: shapeToTransfer(shape.a, `${field}.a`), b: shapeToTransfer(shape.b, `${field}.b`) };
    case 'scaled': return { type: 'scaled', shape: shapeToTransfer(shape.shape, `${field}.shape`), scale: [shape.scale.x, shape.scale.y, shape.scale.z] };
    case 'compound': {
      const c = shape as Compound;
      return { type: 'compound', parts: c.shapes.map((s, i) => shapeToTransfer(s, `${field}.shapes[${i}]`)), poses: c.partPoses };
    }
    case 'mesh': {
      const m = shape as TriangleMesh;
      return { type: 'mesh', vertices: m.vertices, indices: meshSourceTriangles(m) };
    }
    case 'halfSpace': return { type: 'halfSpace' };
    case 'heightField': {
      const f = shape as HeightField;
      return { type: 'heightField', rows: f.rows, cols: f.cols, heights: f.heights, scale: [f.scale.x, f.scale.y, f.scale.z] };
    }
    default:
      // Primitives by their JSON form (exact: their parameters are numbers); a user's map throws here.
      return { type: 'json', json: shapeToJSON(shape, field) };
  }
}

/** The shape a transfer form describes (in the worker). */
export function shapeFromTransfer(t: ShapeTransfer): Shape {
  switch (t.type) {
    case 'json': return shapeFromJSON(t.json);
    case 'hull': {
      const identity = new Int32Array(t.vertices.length / 3);
      for (let i = 0; i < identity.length; i++) identity[i] = i;
      return new ConvexHull(new HullResult(t.dimension, t.vertices, identity, t.faceStart, t.faceIndices, t.faceNormals, t.faceOffsets, t.neighborStart, t.neighborIndices, t.tolerance));
    }
    case 'rounded': return new Rounded(shapeFromTransfer(t.shape) as ConvexShape, t.radius);
    case 'minkowskiSum': return new MinkowskiSum(shapeFromTransfer(t.a) as ConvexShape, shapeFromTransfer(t.b) as ConvexShape);
    case 'scaled': return new Scaled(shapeFromTransfer(t.shape) as ConvexShape, { x: t.scale[0], y: t.scale[1], z: t.scale[2] });
    case 'compound': {
      const p = t.poses;
      return new Compound(t.parts.map((s, i) => ({
        shape: shapeFromTransfer(s) as ConvexShape,
        pose: { position: { x: p[7 * i], y: p[7 * i + 1], z: p[7 * i + 2] }, quaternion: { x: p[7 * i + 3], y: p[7 * i + 4], z: p[7 * i + 5], w: p[7 * i + 6] } },
      })));
    }
    case 'mesh': return new TriangleMesh(t.vertices, t.indices);
    case 'halfSpace': return new HalfSpace();
    case 'heightField': return new HeightField(t.rows, t.cols, t.heights, { x: t.scale[0], y: t.scale[1], z: t.scale[2] });
  }
}
