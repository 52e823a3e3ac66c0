/**
 * Writing the JSON formats (docs/formats.md): a POSE, and a pair-query document whose shapes may be
 * compounds and meshes, the inverse of parsePairQueryDocument: its text read back gives the same shapes and
 * poses, so the same answers, bit for bit (numbers are written in the shortest form that reads back to the
 * same float64). The convex SHAPE is written by shape-json.ts.
 */
import { InvalidArgumentError } from '../errors.js';
import { transformFromPose, Transform } from '../math/transform.js';
import type { PoseLike } from '../math/types.js';
import type { Compound } from '../query/parted/compound.js';
import type { TriangleMesh } from '../query/parted/triangle-mesh.js';
import type { HeightField } from '../query/parted/height-field.js';
import type { Shape } from '../shapes/shape.js';
import type { PairId } from './pair-document.js';
import { describe, isPlainObject } from './read-json.js';
import { requireFieldName, shapeToJSON, type ShapeJSON } from './shape-json.js';

/** A POSE as JSON: `{"position": [x, y, z], "quaternion": [x, y, z, w]}`. */
export interface PoseJSON {
  /** The position `[x, y, z]`. */
  position: [number, number, number];
  /** The orientation `[x, y, z, w]`, a unit quaternion. */
  quaternion: [number, number, number, number];
}

/** A compound, a mesh, a height field or a half-space as JSON (the pair document's SHAPE beside the convex ones of {@link ShapeJSON}). */
export type NonConvexShapeJSON =
  | {
    /** A half-space: the solid y ≤ 0 of its frame. */
    type: 'halfSpace';
  }
  | {
    /** A compound of convex parts. */
    type: 'compound';
    /** Its parts, each a convex SHAPE at a POSE in the compound's frame. */
    parts: {
      /** The part's convex shape. */
      shape: ShapeJSON;
      /** Where the part is in the compound's frame. */
      pose: PoseJSON;
    }[];
  }
  | {
    /** A triangle mesh. */
    type: 'mesh';
    /** Its vertices `[[x, y, z], ...]`. */
    vertices: [number, number, number][];
    /** Its triangles `[[i, j, k], ...]`, vertex indices. */
    triangles: [number, number, number][];
  }
  | {
    /** A height field. */
    type: 'heightField';
    /** Samples along z. */
    rows: number;
    /** Samples along x. */
    cols: number;
    /** `rows · cols` heights, row-major; null for a hole. */
    heights: (number | null)[];
    /** `[x, y, z]`: the extent along x and z, the heights' factor along y. */
    scale: [number, number, number];
  };

/** One pair for {@link pairQueryToJSON}: what a {@link ParsedPair} holds, or any shapes and poses of yours. */
export interface PairToWrite {
  /** The pair's id: a string or a finite number. */
  readonly id: PairId;
  /** The first shape: a built-in convex shape, a compound or a mesh. */
  readonly a: Shape;
  /** Where `a` is. */
  readonly poseA: PoseLike;
  /** The second shape. */
  readonly b: Shape;
  /** Where `b` is. */
  readonly poseB: PoseLike;
}

/** A pair-query document as JSON: `{"pairs": [{"id", "a", "poseA", "b", "poseB"}, ...]}`. */
export interface PairQueryJSON {
  /** The pairs, in order. */
  pairs: {
    /** The pair's id. */
    id: PairId;
    /** The first shape. */
    a: ShapeJSON | NonConvexShapeJSON;
    /** Where `a` is. */
    poseA: PoseJSON;
    /** The second shape. */
    b: ShapeJSON | NonConvexShapeJSON;
    /** Where `b` is. */
    poseB: PoseJSON;
  }[];
}

const _check = /* @__PURE__ */ new Transform();

/**
 * A pose as JSON, its numbers as given.
 * @throws InvalidPoseError, InvalidNumberError or InvalidQuaternionError naming `field` when the pose is not
 *   one every query accepts (a missing member, a non-finite number, a quaternion not of unit length).
 */
export function poseToJSON(pose: PoseLike, field = 'pose'): PoseJSON {
  requireFieldName(field);
  transformFromPose(_check, pose, field);
  const p = pose.position, q = pose.quaternion;
  return { position: [p.x, p.y, p.z], quaternion: [q.x, q.y, q.z, q.w] };
}

/**
 * A pair-query document as JSON (give it to `JSON.stringify`): each pair's shapes (built-in convex shapes,
 * compounds of them, meshes and half-spaces) and poses, in order. A mesh's triangles are written in the order given, a
 * degenerate one it left out as `[0, 0, 0]` (left out again when read), so triangle indices are kept.
 * @throws InvalidArgumentError naming `pairs[i]` for a pair that is not an object or has no valid id;
 *   InvalidShapeError for a shape of your own (it has no JSON form); the pose errors of {@link poseToJSON}.
 */
export function pairQueryToJSON(pairs: readonly PairToWrite[]): PairQueryJSON {
  if (!Array.isArray(pairs)) throw new InvalidArgumentError('pairs', `is ${describe(pairs)}; expected an array of {id, a, poseA, b, poseB}`);
  const out: PairQueryJSON['pairs'] = [];
  for (let i = 0; i < pairs.length; i++) {
    const field = `pairs[${i}]`, pair: unknown = pairs[i];
    if (!isPlainObject(pair)) throw new InvalidArgumentError(field, `is ${describe(pair)}; expected {id, a, poseA, b, poseB}`);
    const id = pair.id;
    if (!(typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)))) {
      throw new InvalidArgumentError(`${field}.id`, `is ${describe(id)}; expected a string or a finite number`);
    }
    out.push({
      id,
      a: anyShapeToJSON(pair.a as Shape, `${field}.a`), poseA: poseToJSON(pair.poseA as PoseLike, `${field}.poseA`),
      b: anyShapeToJSON(pair.b as Shape, `${field}.b`), poseB: poseToJSON(pair.poseB as PoseLike, `${field}.poseB`),
    });
  }
  return { pairs: out };
}

function anyShapeToJSON(shape: Shape, field: string): ShapeJSON | NonConvexShapeJSON {
  if (shape !== null && typeof shape === 'object') {
    if (shape.kind === 'compound') return compoundToJSON(shape as Compound);
    if (shape.kind === 'mesh') return meshToJSON(shape as TriangleMesh);
    if (shape.kind === 'halfSpace') return { type: 'halfSpace' };
    if (shape.kind === 'heightField') {
      const f = shape as HeightField;
      return { type: 'heightField', rows: f.rows, cols: f.cols, heights: Array.from(f.heights, (h) => (h === h ? h : null)), scale: [f.scale.x, f.scale.y, f.scale.z] };
    }
  }
  return shapeToJSON(shape, field);
}

function compoundToJSON(c: Compound): NonConvexShapeJSON {
  const p = c.partPoses;
  return {
    type: 'compound',
    parts: c.shapes.map((shape, i) => ({
      shape: shapeToJSON(shape, `Compound.parts[${i}].shape`),
      pose: { position: [p[7 * i], p[7 * i + 1], p[7 * i + 2]], quaternion: [p[7 * i + 3], p[7 * i + 4], p[7 * i + 5], p[7 * i + 6]] },
    })),
  };
}

/**
 * A mesh's triangle list as given, 3 vertex indices a triangle: each kept triangle at its index in the list
 * (the hierarchy keeps them in its leaf order), a degenerate one it left out as (0, 0, 0), which a mesh
 * leaves out again, so that the triangle indices results report are the same in the copy.
 */
export function meshSourceTriangles(m: TriangleMesh): Int32Array {
  const out = new Int32Array(3 * (m.sourceIndex.length + m.degenerateCount));
  for (let j = 0; j < m.sourceIndex.length; j++) out.set(m.triangles.subarray(3 * j, 3 * j + 3), 3 * m.sourceIndex[j]);
  return out;
}

function meshToJSON(m: TriangleMesh): NonConvexShapeJSON {
  const v = m.vertices, t = meshSourceTriangles(m);
  const vertices: [number, number, number][] = [], triangles: [number, number, number][] = [];
  for (let i = 0; i < v.length; i += 3) vertices.push([v[i], v[i + 1], v[i + 2]]);
  for (let i = 0; i < t.length; i += 3) triangles.push([t[i], t[i + 1], t[i + 2]]);
  return { type: 'mesh', vertices, triangles };
}
