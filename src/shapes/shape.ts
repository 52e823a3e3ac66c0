/**
 * The shape taxonomy. A {@link SupportMap} is what GJK and EPA read; a {@link ConvexShape} is a support
 * map with a `kind` (the built-in shapes, and a user's own support map, whose kind is `'custom'` or
 * absent); {@link Shape} is what every public query takes. Today every shape is convex; compounds and
 * triangle meshes, which are not support maps, join `Shape` as kinds of their own, and the dispatcher
 * (query/pair/dispatch.ts) sends each pair by its two kinds.
 */
import { hypot3 } from '../math/exact-math.js';
import { describeValue, InvalidShapeError } from '../errors.js';
import { SHAPE_MAX_NESTING } from '../tolerance.js';
import type { Vec3Like } from '../math/types.js';
import { addAlongFar, isWritableVector, SQUARE_SAFE_HIGH, SQUARE_SAFE_LOW } from '../math/vec3.js';
import type { Box } from './box.js';
import type { Capsule } from './capsule.js';
import type { Cone } from './cone.js';
import type { ConvexHull } from './convex-hull.js';
import type { Cylinder } from './cylinder.js';
import type { Ellipsoid } from './ellipsoid.js';
import type { MinkowskiSum } from './minkowski-sum.js';
import type { Point } from './point.js';
import type { Rounded } from './rounded.js';
import type { Scaled } from './scaled.js';
import type { Segment } from './segment.js';
import type { Sphere } from './sphere.js';
import type { Triangle } from './triangle.js';

/** The range of safe squared lengths (vec3.ts), as constants of this module: its support reads them (CONTRIBUTING.md, "V8 rules", rule 4). */
const SQUARE_SAFE_LOW_ = SQUARE_SAFE_LOW, SQUARE_SAFE_HIGH_ = SQUARE_SAFE_HIGH;

/**
 * A convex shape as a support mapping: a core shape plus a radius swept around it. GJK and EPA need
 * nothing else. Implement it (with `kind: 'custom'`, or no kind) to query a convex shape of your own.
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

/** The kind of a built-in convex shape. */
export type BuiltInConvexKind =
  | 'point' | 'segment' | 'triangle' | 'sphere' | 'box' | 'capsule' | 'cylinder' | 'cone' | 'ellipsoid' | 'convexHull'
  | 'rounded' | 'minkowskiSum' | 'scaled';

/** The kinds of the built-in convex shapes, in the dispatcher's canonical order (query/pair/dispatch.ts). */
export const BUILT_IN_KINDS = [
  'point', 'segment', 'triangle', 'sphere', 'box', 'capsule', 'cylinder', 'cone', 'ellipsoid', 'convexHull',
  'rounded', 'minkowskiSum', 'scaled',
] as const satisfies readonly BuiltInConvexKind[];

/** A compile-time check that BUILT_IN_KINDS lists every kind: the type is `never` when one is missing. */
type EveryKindListed = [Exclude<BuiltInConvexKind, (typeof BUILT_IN_KINDS)[number]>] extends [never] ? true : never;
export const EVERY_KIND_LISTED: EveryKindListed = true;

/**
 * Each built-in shape class holds its kind's index in BUILT_IN_KINDS under this symbol (not part of the
 * public API): the dispatcher reads it with one property load, where looking the `kind` string up would
 * take two (about 3 % of a box–box distance query; bench/ab.ts). It sits on the class's prototype, not
 * on each instance: a copy of a shape (`{...box}`, structuredClone) has the fields but not the
 * methods, and must not pass for a built-in shape.
 */
export const KIND_INDEX: unique symbol = Symbol('convex-collide kind index');

/** The index of the compound kind: after the built-in convex kinds and 'custom' (query/parted/compound.ts). */
export const COMPOUND_KIND_INDEX = BUILT_IN_KINDS.length + 1;
/** The index of the triangle mesh kind, after the compound's (query/parted/triangle-mesh.ts). */
export const MESH_KIND_INDEX = BUILT_IN_KINDS.length + 2;
/** The index of the height field kind, after the mesh's (query/parted/height-field.ts). */
export const HEIGHT_FIELD_KIND_INDEX = BUILT_IN_KINDS.length + 3;
/** The index of the half-space kind, last: every other kind comes before it in a pair (query/plane/half-space.ts). */
export const HALF_SPACE_KIND_INDEX = BUILT_IN_KINDS.length + 4;

/** Whether kind index `k` is a shape with parts found through a hierarchy or grid: a compound, a mesh, a height field. */
export function isPartedKind(k: number): boolean {
  return k === COMPOUND_KIND_INDEX || k === MESH_KIND_INDEX || k === HEIGHT_FIELD_KIND_INDEX;
}

/**
 * The index the dispatcher gives a shape of the user's own ('custom', after the built-in kinds). A wrapper
 * around one carries it too (markUserCode), since its support runs the user's code.
 */
export const USER_KIND_INDEX = BUILT_IN_KINDS.length;

/** Whether `shape`'s support runs a user's code: a shape of the user's own, or a wrapper around one. */
export function runsUserCode(shape: ConvexShape): boolean {
  const k = (shape as { [KIND_INDEX]?: number })[KIND_INDEX];
  return k === undefined || k === USER_KIND_INDEX;
}

/**
 * Gives a wrapper instance whose inner shapes run user code the user kind's index (shadowing its class's),
 * so the dispatcher sends its pairs through the guarded general path (query-work.ts, enterUserCode).
 */
export function markUserCode(wrapper: object, ...inner: ConvexShape[]): void {
  if (inner.some(runsUserCode)) Object.defineProperty(wrapper, KIND_INDEX, { value: USER_KIND_INDEX, enumerable: false });
}

/** Marks a built-in shape class with its kind's index (a class's static block calls it). */
export function markBuiltIn(cls: { readonly prototype: object }, index: number): void {
  Object.defineProperty(cls.prototype, KIND_INDEX, { value: index, enumerable: false, writable: false, configurable: false });
}

/** The index of a built-in kind in BUILT_IN_KINDS, for a class's KIND_INDEX field. */
export function builtInKindIndex(kind: BuiltInConvexKind): number {
  return BUILT_IN_KINDS.indexOf(kind);
}

/** Discriminant of every shape: a built-in kind, or `'custom'` for a user's own support map. */
export type ShapeKind = BuiltInConvexKind | 'custom' | 'compound' | 'mesh' | 'halfSpace' | 'heightField';

/**
 * A user's own convex shape: any {@link SupportMap}. Its kind is `'custom'`, or absent, and its pairs
 * take the general GJK/EPA path (so does any object with a support method that is not a built-in shape).
 */
export interface CustomShape extends SupportMap {
  /** `'custom'`, or absent: either way the shape takes the general GJK/EPA path. */
  readonly kind?: 'custom';
}

/** A convex shape: a built-in one, narrowed by its `kind`, or a user's own support map. */
export type ConvexShape =
  | Point | Segment | Triangle | Sphere | Box | Capsule | Cylinder | Cone | Ellipsoid | ConvexHull
  | Rounded | MinkowskiSum | Scaled | CustomShape;

/**
 * A shape that is not a support map: a compound of convex parts or a triangle mesh (query/parted/). The
 * queries find its parts (a mesh's are its triangles) through its hierarchy and answer for the closest or
 * deepest pair of parts. Narrowed by `kind` to the public face of `Compound` or `TriangleMesh` (the
 * classes live above this layer: defining them registers their pair functions).
 */
export type ConcaveShape = CompoundShape | MeshShape | HeightFieldShape;

/** What every `Compound` is (query/parted/compound.ts). */
export interface CompoundShape {
  /** Discriminant of the shape union: always `'compound'`. */
  readonly kind: 'compound';
  /** The parts' shapes, in the order given. */
  readonly shapes: readonly ConvexShape[];
  /** Number of parts (`shapes.length`); part indices in results run from 0 to `partCount − 1`. */
  readonly partCount: number;
  /** Radius of a ball about the compound's local origin that holds every part (a length). */
  readonly boundingRadius: number;
}

/** What every `TriangleMesh` is (query/parted/triangle-mesh.ts). */
export interface MeshShape {
  /** Discriminant of the shape union: always `'mesh'`. */
  readonly kind: 'mesh';
  /** Vertices, 3 numbers each. */
  readonly vertices: Float64Array;
  /** The triangles kept (not degenerate), 3 vertex indices each, in the hierarchy's leaf order. */
  readonly triangles: Int32Array;
  /** For each kept triangle, its index in the triangle list given. */
  readonly sourceIndex: Int32Array;
  /** Number of triangles kept (`triangles.length / 3`), degenerate ones not counted. */
  readonly triangleCount: number;
  /** How many of the triangles given were degenerate (zero area) and left out. */
  readonly degenerateCount: number;
  /** Radius of a ball about the mesh's local origin that holds every vertex (a length). */
  readonly boundingRadius: number;
}

/** What every `HeightField` is (query/parted/height-field.ts). */
export interface HeightFieldShape {
  /** Discriminant of the shape union: always `'heightField'`. */
  readonly kind: 'heightField';
  /** Samples along z. */
  readonly rows: number;
  /** Samples along x. */
  readonly cols: number;
  /** The heights, row-major, before `scale.y` (NaN: a hole). */
  readonly heights: Float64Array;
  /** The field's extent along x and z and its heights' factor. */
  readonly scale: Readonly<Vec3Like>;
  /** Number of triangles (two a cell without a hole). */
  readonly triangleCount: number;
  /** Radius of a ball about the field's local origin that holds every triangle (a length). */
  readonly boundingRadius: number;
}

/**
 * What every `HalfSpace` is (query/plane/half-space.ts): the solid y ≤ 0 of its local frame, unbounded, so
 * not a support map; its pairs with convex shapes, compounds and meshes are closed forms.
 */
export interface HalfSpaceShape {
  /** Discriminant of the shape union: always `'halfSpace'`. */
  readonly kind: 'halfSpace';
  /** Infinity: no ball holds a half-space. */
  readonly boundingRadius: number;
}

/** Any shape a query takes: a convex shape, a compound of convex parts, a triangle mesh, or a half-space. */
export type Shape = ConvexShape | ConcaveShape | HalfSpaceShape;

/**
 * Writes into `out` the point of the whole shape (core plus radius) furthest along `dir`, and returns it.
 * `dir` must be non-zero when the shape has a radius.
 */
export function supportWithRadius(out: Vec3Like, shape: SupportMap, dir: Readonly<Vec3Like>): Vec3Like {
  requireConvexShape(shape, 'shape');
  if (out === null || typeof out !== 'object') throw new InvalidShapeError('out', 'is not a vector to write into; expected an {x, y, z} object');
  if (dir === null || typeof dir !== 'object') throw new InvalidShapeError('dir', 'is not a vector; expected {x, y, z}');
  const dx = dir.x, dy = dir.y, dz = dir.z;
  if (typeof dx !== 'number' || typeof dy !== 'number' || typeof dz !== 'number' || !Number.isFinite(dx + dy + dz)) {
    throw new InvalidShapeError('dir', 'has a component that is not a finite number; expected {x, y, z} of finite numbers');
  }
  try {
    shape.support(out, dir);
    const r = shape.sweptRadius;
    if (r > 0) {
      const l = Math.sqrt(dx * dx + dy * dy + dz * dz), s = r / l;
      if (l > SQUARE_SAFE_LOW_ && l < SQUARE_SAFE_HIGH_ && s < Infinity) {
        out.x += dx * s;
        out.y += dy * s;
        out.z += dz * s;
      } else addAlongFar(out, dx, dy, dz, r); // (squares or r / l out of range: vec3.ts)
    }
  } catch (error) {
    // (A frozen or read-only `out` failed in the shape's support with a raw TypeError.)
    if (error instanceof TypeError && !isWritableVector(out)) throw new InvalidShapeError('out', 'is not a writable vector; expected an {x, y, z} object whose fields can be set');
    throw error;
  }
  return out;
}

/**
 * The constructor check of a wrapper's inner shape (Rounded, MinkowskiSum, Scaled): an object with a support
 * method. Returns it typed.
 * @throws InvalidShapeError naming `field`.
 */
export function requireConvexShape(value: unknown, field: string): ConvexShape {
  if (value === null || typeof value !== 'object' || typeof (value as SupportMap).support !== 'function') {
    throw new InvalidShapeError(field, 'is not a shape; expected a convex shape object with a support method');
  }
  if (isPlaneShape(value)) throwPlaneShape(field, value);
  if ((value as { [KIND_INDEX]?: number })[KIND_INDEX] === undefined) {
    // A user's own support map: its radii are added up by the wrapper, so they must be lengths.
    for (const key of ['sweptRadius', 'boundingRadius'] as const) {
      const r: unknown = (value as SupportMap)[key];
      if (!isLength(r)) {
        throw new InvalidShapeError(`${field}.${key}`, `is ${typeof r === 'number' ? String(r) : r === undefined ? 'missing' : typeof r}; expected a finite number >= 0`);
      }
    }
  }
  return value as ConvexShape;
}

/**
 * Whether `value` is a shape of convex-collide/2d (its classes keep their core's vertices in a Float64Array
 * `coreVertices`): a support map in the plane, whose support writes x and y only, so a 3D query would read
 * a z it never wrote.
 */
export function isPlaneShape(value: unknown): boolean {
  return (value as { coreVertices?: unknown }).coreVertices instanceof Float64Array && (value as { [KIND_INDEX]?: number })[KIND_INDEX] === undefined;
}

/** @throws InvalidShapeError naming `field`: a 2D shape given where a 3D one goes. */
export function throwPlaneShape(field: string, value: unknown): never {
  const kind = (value as { kind?: unknown }).kind;
  throw new InvalidShapeError(field, `is a 2D shape (${typeof kind === 'string' ? `"${kind.slice(0, 40)}"` : describeValue(kind)}) of convex-collide/2d; the 3D queries take 3D shapes`);
}

/** Whether `r` is a finite number >= 0: what a user's `sweptRadius` and `boundingRadius` must be. */
export function isLength(r: unknown): r is number {
  return typeof r === 'number' && r >= 0 && r < Infinity;
}

/** A wrapper shape's nesting depth (Rounded, MinkowskiSum, Scaled: 1 + their inner shapes'); absent on leaves. */
export const NESTING: unique symbol = Symbol('convex-collide nesting');

/**
 * The nesting depth of a wrapper around `inner` shapes: one more than the deepest of them.
 * @throws InvalidShapeError naming `field` beyond SHAPE_MAX_NESTING.
 */
export function wrapperNesting(field: string, ...inner: ConvexShape[]): number {
  let depth = 0;
  for (const s of inner) depth = Math.max(depth, (s as { [NESTING]?: number })[NESTING] ?? 0);
  if (depth + 1 > SHAPE_MAX_NESTING) {
    throw new InvalidShapeError(field, `nests shapes ${depth + 1} levels deep; at most ${SHAPE_MAX_NESTING} (each level is a recursion in every support call)`);
  }
  return depth + 1;
}

/** Largest distance from the local origin of any of `points`: the bounding radius of a point set. */
export function largestNorm(...points: Readonly<Vec3Like>[]): number {
  let r = 0;
  for (const p of points) r = Math.max(r, hypot3(p.x, p.y, p.z));
  return r;
}

/** The error for a support function of the user's that returned something other than the `out` it was given. */
export function throwSupportNotOut(shape: Pick<SupportMap, 'support'>, returned: unknown): never {
  const kind = (shape as { kind?: unknown }).kind;
  throw new InvalidShapeError(`${typeof kind === 'string' ? kind : 'custom'} shape's support`,
    `returned ${describeValue(returned)}, not the vector it was given; a support writes its point into \`out\` and returns \`out\``);
}

/**
 * Throws for a support point that is not finite (a support function of the user's own that wrote NaN or
 * an infinity), naming the shape's kind and the direction: with such a point GJK's comparisons all fail and
 * its answer (distance 0, no intersection) would be wrong without a word. Callers test inline and call
 * this only to throw.
 */
export function throwNonFiniteSupport(shape: Pick<SupportMap, 'support'>, p: Readonly<Vec3Like>, d: Readonly<Vec3Like>): never {
  const kind = (shape as { kind?: unknown }).kind;
  throw new InvalidShapeError(`${typeof kind === 'string' ? kind : 'custom'} shape's support`,
    `returned (${p.x}, ${p.y}, ${p.z}) for the direction (${d.x}, ${d.y}, ${d.z}); expected a finite point`);
}

