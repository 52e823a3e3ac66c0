/**
 * A compound: the union of convex parts, each placed in the compound's frame by a pose, with a static
 * bounding volume hierarchy over the parts' boxes (bvh/). How a concave object (a chair, a car body) is
 * given to the queries: hand-made parts, or the output of any convex decomposition tool. Every pairwise
 * query answers for the closest (or deepest) pair of parts (compound-pairs.ts). It lives in query/, not
 * shapes/, because defining it registers those pair functions.
 */
import { hypot3 } from '../../math/exact-math.js';
import { InvalidShapeError } from '../../errors.js';
import { buildBvh, type StaticBvh } from '../../bvh/static-bvh.js';
import { createAabb } from '../../math/aabb.js';
import { Transform, transformFromPose } from '../../math/transform.js';
import type { PoseLike } from '../../math/types.js';
import { shapeAabb } from '../../shapes/shape-aabb.js';
import { COMPOUND_KIND_INDEX, markBuiltIn, requireConvexShape, type ConvexShape, type CompoundShape } from '../../shapes/shape.js';
import { registerConcavePairs } from './parted-pairs.js';

/** A part of a {@link Compound}: a convex shape and its pose in the compound's frame. */
export interface CompoundPart {
  /** The part's shape: a convex shape (not a compound or a triangle mesh), in its own local frame. */
  shape: ConvexShape;
  /** The part's pose in the compound's frame (read when the compound is built, not kept). */
  pose: PoseLike;
}

/**
 * A compound shape: the union of convex parts, each at a pose in the compound's frame. Every pairwise query
 * answers for its closest (or deepest) pair of parts and reports the part's index (`partA`, `partB`).
 */
export class Compound implements CompoundShape {
  static {
    // The dispatcher learns the compound's kind, and its pair functions join the tables, when this class
    // is defined: a program that never uses compounds does not bundle them.
    markBuiltIn(Compound, COMPOUND_KIND_INDEX);
    registerConcavePairs('compound');
  }

  /** The shape kind: `'compound'`. */
  readonly kind = 'compound' as const;
  /** The parts' shapes, in the order given. */
  readonly shapes: readonly ConvexShape[];
  /** @internal Each part's pose in the compound's frame, as a transform. */
  readonly transforms: readonly Transform[];
  /** @internal Each part's box in the compound's frame (6 numbers a part: min xyz, max xyz). */
  readonly partBounds: Float64Array;
  /** @internal The hierarchy over `partBounds`. */
  readonly bvh: StaticBvh;
  /** Radius of a ball about the compound's origin that holds every part. */
  readonly boundingRadius: number;
  /** The parts' poses as given, 7 numbers each (position x y z, quaternion x y z w): a copy that rebuilds the compound exactly. */
  readonly partPoses: Float64Array;

  /**
   * @throws InvalidShapeError for an empty or missing part list, a part that is not a convex shape (a
   *   compound or a mesh cannot be a part), naming `Compound.parts[i].shape`; as the queries do for a bad
   *   pose, naming `Compound.parts[i].pose`.
   */
  constructor(parts: readonly CompoundPart[]) {
    if (!Array.isArray(parts)) throw new InvalidShapeError('Compound.parts', 'is not an array; expected [{shape, pose}, ...]');
    if (parts.length === 0) throw new InvalidShapeError('Compound.parts', 'is empty; expected at least one part {shape, pose}');
    // Holes before anything is allocated for the parts: a sparse list of length 2^32 − 1 asked for a
    // 200 GB array (a raw RangeError); its first hole now names itself at once.
    for (let i = 0; i < parts.length; i++) {
      if (!(i in parts)) throw new InvalidShapeError(`Compound.parts[${i}]`, 'is a hole in the array; expected a part {shape, pose}');
    }
    const shapes: ConvexShape[] = [], transforms: Transform[] = [];
    const bounds = new Float64Array(6 * parts.length), box = createAabb();
    const poses = new Float64Array(7 * parts.length);
    let radius = 0;
    // (A for loop, not forEach: forEach skips an array's holes, and `[, part]` lost its first part silently.)
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i], field = `Compound.parts[${i}]`;
      if (part === null || typeof part !== 'object') throw new InvalidShapeError(field, 'is not a part; expected {shape, pose}');
      const kind = (part.shape as { kind?: unknown } | null)?.kind;
      if (kind === 'compound' || kind === 'mesh' || kind === 'heightField') throw new InvalidShapeError(`${field}.shape`, `is a ${kind}; a part must be a convex shape`);
      const shape = requireConvexShape(part.shape, `${field}.shape`);
      const t = transformFromPose(new Transform(), part.pose, `${field}.pose`);
      const p = part.pose.position, q = part.pose.quaternion;
      poses[7 * i] = p.x; poses[7 * i + 1] = p.y; poses[7 * i + 2] = p.z;
      poses[7 * i + 3] = q.x; poses[7 * i + 4] = q.y; poses[7 * i + 5] = q.z; poses[7 * i + 6] = q.w;
      shapeAabb(box, shape, t);
      bounds.set([box.min.x, box.min.y, box.min.z, box.max.x, box.max.y, box.max.z], 6 * i);
      radius = Math.max(radius, hypot3(t.tx, t.ty, t.tz) + shape.boundingRadius);
      shapes.push(shape);
      transforms.push(t);
    }
    this.shapes = shapes;
    this.transforms = transforms;
    this.partBounds = bounds;
    this.partPoses = poses;
    this.bvh = buildBvh(bounds, parts.length, 'Compound.parts');
    this.boundingRadius = radius;
  }

  /** Number of parts. */
  get partCount(): number {
    return this.shapes.length;
  }
}
