/**
 * The manifolds of any pair, compounds and meshes included: one manifold for each pair of parts (a mesh's
 * parts are its triangles) within the margin, each the convex manifold of that pair of parts (contact-
 * manifold.ts), with the parts' indices. A concave shape's parts are found through its hierarchy: those
 * whose boxes come within the margin of the other shape's box (for two concave shapes, each part of the one
 * with fewer parts against the other's hierarchy). A convex pair gives at most one manifold.
 */
import { describeValue, InvalidArgumentError, UnsupportedPairError } from '../../errors.js';
import { createAabb } from '../../math/aabb.js';
import { edgeScaleFar, PLAIN_EDGE_MAX, PLAIN_EDGE_MIN } from '../../math/power-of-two.js';
import { relativeTransform, Transform, transformFromPose, transformPoint } from '../../math/transform.js';
import type { PoseLike, Vec3Like } from '../../math/types.js';
import { shapeAabb } from '../../shapes/shape-aabb.js';
import type { ConvexShape, Shape } from '../../shapes/shape.js';
import { copyTransform, loadCorners, neighbourTriangle, PartSlot, placePart, reportedPart, rootBoxIn, type PartedShape, type TriangleSurface } from '../parted/parts.js';
import { overlapParts, partCount } from '../parted/part-search.js';
import { isHole } from '../parted/height-field-grid.js';
import { checkManifoldOptions, contactWithin, innerOptions, type InnerOptions, type ManifoldOptions } from './contact-manifold.js';
import { isConvexShape, kindIndex, throwNoPairFunction } from '../pair/dispatch.js';
import { manifoldConvex, ManifoldWork } from './convex-manifold.js';
import { createManifold, type Manifold } from './manifold-result.js';
import { MANIFOLDS_OPTION_KEYS, outNotWritable } from '../pair/options.js';
import { isUnwritable } from '../pair/out-record.js';
import { acquireWork, ContactAnswer, type QueryWork } from '../pair/query-work.js';
import { Triangle } from '../../shapes/triangle.js';
import { HALF_SPACE_KIND_INDEX, isPartedKind } from '../../shapes/shape.js';
import { halfSpaceManifold } from '../plane/half-space-manifold.js';
import { MESH_FEATURE_TOLERANCE } from '../../tolerance.js';

const FEATURE_TOLERANCE = MESH_FEATURE_TOLERANCE; // V8 rule 4 (CONTRIBUTING.md)
const EDGE_MIN = PLAIN_EDGE_MIN, EDGE_MAX = PLAIN_EDGE_MAX;

/** Options of {@link contactManifolds}: those of {@link contactManifold} (but `cache`), and how a mesh's inner edges are met. */
export interface ManifoldsOptions extends Omit<ManifoldOptions, 'cache'> {
  /**
   * `'smooth'` (default): a contact that leaves a mesh triangle through an inner edge or vertex (one shared
   * with a coplanar neighbour, or with one that bends towards the other shape) takes the triangle's face
   * normal, as the faces around it do, so a shape sliding over a flat mesh never catches on the edges
   * between its triangles (what Jolt's active edges do); points that fall off the triangle then belong to
   * its neighbour's manifold. `'exact'`: each triangle's own manifold, as for a lone triangle.
   */
  meshEdges?: 'smooth' | 'exact';
  /** Not taken: a cache holds one pair's manifold (use contactManifold's). */
  cache?: undefined;
}

/** Result of {@link contactManifolds}: `manifolds[0 .. count − 1]` are the answer. */
export interface ManifoldList {
  /** Number of manifolds in use; `manifolds` may hold more records, for reuse. */
  count: number;
  /** The manifold records: `manifolds[0 .. count − 1]` are the answer, one per pair of parts that touch (the rest are spare). */
  manifolds: Manifold[];
}

/** An empty manifold list: pass it as `out`, and once it has grown to a pair's number of manifolds nothing is allocated. */
export function createManifoldList(): ManifoldList {
  return { count: 0, manifolds: [] };
}

class Vector { x = 0; y = 0; z = 0; }

/** One level of the traversal (a concave pair nests two): the shape whose parts are visited, and the other. */
class Level {
  parted: PartedShape | null = null;
  readonly tParted = new Transform();
  other: Shape | null = null;
  readonly tOther = new Transform();
  partedIsA = false;
  readonly slot = new PartSlot();
  readonly relative = new Transform();
  readonly box = createAabb();
  readonly query = new Float64Array(6);
  /** The part of the level above (its A side and B side), carried into each manifold. */
  partA = 0;
  partB = 0;
}

class ManifoldsWork {
  readonly levels = [new Level(), new Level()];
  /** The mesh whose triangle is A's (B's) part in the pair being answered, and its item; null for none. */
  meshA: TriangleSurface | null = null;
  itemA = -1;
  meshB: TriangleSurface | null = null;
  itemB = -1;
  /** Whether inner edges take the face's contact (ManifoldsOptions.meshEdges 'face'). */
  faces = true;
  /** The corrected contact of an inner edge (see faceContact), and scratch vectors. */
  readonly face = new ContactAnswer();
  readonly dir = new Vector();
  readonly point = new Vector();
  /**
   * Inputs of worldSupport (the world direction) and innerEdge (the triangle's unit face normal, mesh frame,
   * and its unitScale): fields, not arguments, because doubles passed to a call V8 does not inline are
   * boxed (16 bytes each; CONTRIBUTING.md, "V8 rules", rule 1: a mesh manifold allocated 1 KB a query).
   */
  readonly along = new Vector();
  readonly faceNormal = new Vector();
  edgeScale = 1;
  work: QueryWork | null = null;
  inner: InnerOptions | undefined = undefined;
  maxPoints = 4;
  list: ManifoldList | null = null;
}

const _mw = /* @__PURE__ */ new ManifoldsWork();
let _running = false;

/**
 * Every manifold of `a` and `b` (world space): for convex shapes, {@link contactManifold}'s one (or none);
 * for a compound or a mesh, one for each pair of parts within `options.margin`, each with `partA` and
 * `partB` (a compound's part index, a mesh's triangle index in the list given; 0 for a convex shape), in
 * the order the hierarchies visit them. Each is that pair of parts' {@link contactManifold}, but at a
 * mesh's inner edges (see `options.meshEdges`). With `out`
 * from {@link createManifoldList}, nothing is allocated once the list has grown to the pair's count.
 * @throws as {@link contactManifold}; InvalidArgumentError for `options.cache` (a cache holds one pair's
 *   manifold) or a bad `out`.
 */
export function contactManifolds(
  a: Shape, poseA: PoseLike, b: Shape, poseB: PoseLike, out?: ManifoldList | null, options?: ManifoldsOptions | null,
): ManifoldList {
  let margin = 0, maxPoints = 4, faces = true;
  if (options != null) {
    checkManifoldOptions(options, MANIFOLDS_OPTION_KEYS);
    const e = options.meshEdges;
    if (e !== undefined && e !== 'smooth' && e !== 'exact') {
      throw new InvalidArgumentError('options.meshEdges', `is ${describeValue(e)}; expected 'smooth' or 'exact'`);
    }
    faces = e !== 'exact';
    const m = options.margin, k = options.maxPoints;
    if (typeof m === 'number') margin = m;
    if (typeof k === 'number') maxPoints = k;
    if (options.cache !== undefined) {
      throw new InvalidArgumentError('options.cache', 'is for one pair\'s manifold (contactManifold); contactManifolds keeps none');
    }
  }
  if (out != null && !(typeof out === 'object' && Array.isArray(out.manifolds) && !Object.isFrozen(out) && !Object.isFrozen(out.manifolds))) {
    throw outNotWritableList();
  }
  // A shape this query takes: convex, a compound or a mesh (an object that only names a kind is none).
  if (!isTaken(a) || !isTaken(b)) throwNoPairFunction('contactManifolds', a, b);
  // The traversal's state is the module's: a support function of the user's own that asks for manifolds
  // while manifolds are found would overwrite it.
  if (_running) throw new InvalidArgumentError('contactManifolds', 'was called from inside contactManifolds (by a support function of your own); not supported');
  _running = true;
  try {
    const list = out ?? createManifoldList();
    const work = acquireWork(options?.trace !== undefined);
    work.wantBounds = false;
    const mw = work.manifold ?? (work.manifold = new ManifoldWork());
    const w = _mw;
    w.work = work;
    w.inner = options != null ? innerOptions(mw, options, undefined) : undefined;
    w.maxPoints = maxPoints;
    w.faces = faces;
    w.list = list;
    work.touchingOnly = false;
    work.maxSeparation = margin;
    mw.margin = margin;
    const tA = transformFromPose(work.poseA, poseA, 'poseA');
    const tB = transformFromPose(work.poseB, poseB, 'poseB');
    list.count = 0;
    w.meshA = null; w.meshB = null;
    collect(w, 0, a, tA, b, tB, 0, 0);
    return list;
  } catch (error) {
    throw error instanceof TypeError && out != null && isUnwritable(out, 1) ? outNotWritableList() : error;
  } finally {
    _running = false;
    _mw.list = null; _mw.work = null;
  }
}

/** The manifolds of `a` at `tA` and `b` at `tB` into the list, at traversal depth `depth`. */
function collect(w: ManifoldsWork, depth: number, a: Shape, tA: Transform, b: Shape, tB: Transform, partA: number, partB: number): void {
  if (kindIndex(a) === HALF_SPACE_KIND_INDEX || kindIndex(b) === HALF_SPACE_KIND_INDEX) { planePairs(w, a, tA, b, tB); return; }
  const concaveA = !isConvexShape(a), concaveB = !isConvexShape(b);
  if (!concaveA && !concaveB) { convexPair(w, a as ConvexShape, tA, b as ConvexShape, tB, partA, partB); return; }
  // Visit the parts of the concave one (of the one with fewer parts when both are).
  const partedIsA = concaveA && (!concaveB || partCount(a as PartedShape) <= partCount(b as PartedShape));
  const level = w.levels[depth];
  level.parted = (partedIsA ? a : b) as PartedShape;
  level.other = partedIsA ? b : a;
  copyTransform(level.tParted, partedIsA ? tA : tB);
  copyTransform(level.tOther, partedIsA ? tB : tA);
  level.partedIsA = partedIsA;
  level.partA = partA; level.partB = partB;
  const rel = relativeTransform(level.relative, level.tParted, level.tOther), q = level.query;
  const other = level.other;
  if (isConvexShape(other)) {
    const box = shapeAabb(level.box, other, rel);
    q[0] = box.min.x; q[1] = box.min.y; q[2] = box.min.z; q[3] = box.max.x; q[4] = box.max.y; q[5] = box.max.z;
  } else {
    rootBoxIn(q, other as PartedShape, rel);
  }
  // Parts within the margin of the box: the box grown by it (a superset of the boxes that near).
  const m = w.work!.maxSeparation;
  q[0] -= m; q[1] -= m; q[2] -= m; q[3] += m; q[4] += m; q[5] += m;
  overlapParts(level.parted, q, depth === 0 ? visitTop : visitNested, w);
}

/**
 * A shape on a half-space: a convex shape's one manifold, or one for each part of a compound or triangle of
 * a mesh within the margin (every part visited: the plane's box is unbounded), in closed form
 * (query/plane/half-space-manifold.ts).
 */
function planePairs(w: ManifoldsWork, a: Shape, tA: Transform, b: Shape, tB: Transform): void {
  const solidIsA = kindIndex(b) === HALF_SPACE_KIND_INDEX, solid = solidIsA ? a : b, tSolid = solidIsA ? tA : tB, tPlane = solidIsA ? tB : tA;
  if (kindIndex(solid) === HALF_SPACE_KIND_INDEX) {
    throw new UnsupportedPairError('contactManifolds: two half-spaces have no manifold (their planes meet along a line or never); give one a shape');
  }
  if (isConvexShape(solid)) { planeManifold(w, solid, tSolid, tPlane, solidIsA, 0); return; }
  const parted = solid as PartedShape;
  for (let p = 0, n = partCount(parted); p < n; p++) {
    if (parted.kind === 'heightField' && isHole(parted, p >> 1)) continue;
    const part = placePart(_planeSlot, parted, tSolid, p);
    planeManifold(w, part, _planeSlot.transform, tPlane, solidIsA, reportedPart(parted, p));
  }
}

const _planeSlot = /* @__PURE__ */ new PartSlot();

function planeManifold(w: ManifoldsWork, s: ConvexShape, tS: Transform, tH: Transform, solidIsA: boolean, part: number): void {
  const list = w.list!;
  if (list.count === list.manifolds.length) list.manifolds.push(createManifold());
  const m = list.manifolds[list.count];
  try {
    if (!halfSpaceManifold(s, tS, tH, w.work!.maxSeparation, w.maxPoints, m, solidIsA)) return;
  } catch (error) {
    throw error instanceof TypeError ? outNotWritable('createManifoldList') : error;
  }
  m.partA = solidIsA ? part : 0; m.partB = solidIsA ? 0 : part;
  list.count++;
}

function visit(w: ManifoldsWork, depth: number, p: number): boolean {
  const level = w.levels[depth];
  const part = placePart(level.slot, level.parted!, level.tParted, p), index = reportedPart(level.parted!, p);
  const tPart = level.slot.transform, other = level.other!;
  const mesh = level.parted!.kind !== 'compound' ? level.parted as TriangleSurface : null;
  if (level.partedIsA) {
    w.meshA = mesh; w.itemA = p;
    collect(w, depth + 1, part, tPart, other, level.tOther, index, level.partB);
  } else {
    w.meshB = mesh; w.itemB = p;
    collect(w, depth + 1, other, level.tOther, part, tPart, level.partA, index);
  }
  return false;
}

const visitTop = (p: number, w: ManifoldsWork): boolean => visit(w, 0, p);
const visitNested = (p: number, w: ManifoldsWork): boolean => visit(w, 1, p);

/** The manifold of two convex shapes (parts), appended to the list when within the margin. */
function convexPair(w: ManifoldsWork, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform, partA: number, partB: number): void {
  const work = w.work!, list = w.list!;
  if (!contactWithin(work, a, tA, b, tB, w.inner)) return;
  let c = work.contact, faceOf: Triangle | null = null, tFace: Transform | null = null, faceIsA = false;
  // A mesh triangle touched at an inner edge or vertex: the face's contact instead (faceContact).
  if (w.faces) {
    if (w.meshA !== null && onInnerFeature(w, c, w.meshA, w.itemA, a as Triangle, tA, true, b, tB)) { faceOf = a as Triangle; tFace = tA; faceIsA = true; }
    else if (w.meshB !== null && onInnerFeature(w, c, w.meshB, w.itemB, b as Triangle, tB, false, a, tA)) { faceOf = b as Triangle; tFace = tB; }
  }
  if (faceOf !== null) {
    c = w.face;
    faceContact(w, a, tA, b, tB);
    if (c.separation > work.maxSeparation) return;
  }
  if (list.count === list.manifolds.length) list.manifolds.push(createManifold());
  const m = list.manifolds[list.count];
  try {
    manifoldConvex(work.manifold!, c, a, tA, b, tB, m, w.maxPoints, undefined);
  } catch (error) {
    throw error instanceof TypeError ? outNotWritable('createManifoldList') : error;
  }
  // A face contact whose points fall off the triangle belongs to the neighbouring face (whose own manifold
  // has it): keep the points on this triangle, and the manifold only if any are.
  if (faceOf !== null && keepOnTriangle(m, faceOf, tFace!, faceIsA) === 0) return;
  m.partA = partA; m.partB = partB;
  list.count++;
}

// ---------------------------------------------------------------------------------------------------
// Inner edges of a mesh (Jolt's active edges, Box2D's chain shapes; Catto, "Ghost collisions", 2013): a
// box sliding over a flat mesh overlaps the triangle ahead by a sliver, and that triangle's own contact is
// the sliver's, along the shared edge (horizontal): a manifold that stops the box. An edge is inner, seen
// from the side the other shape is on, when the triangle across it is coplanar or bends towards that side
// (concave there); a vertex is inner when both of the triangle's edges at it are. A contact whose normal
// leaves the triangle through an inner edge or vertex is replaced by the contact along the triangle's
// face normal (that side's), which the neighbouring faces share: the separating-axis separation along it
// and each shape's deepest point, from which the manifold is clipped as for any contact. A boundary edge
// (no neighbour, or more than one) and an edge convex on that side keep their own normal. A contact on the
// whole face (to the tolerance) takes the face normal too: a normal a hair off it is rounding.



/**
 * Whether contact `c` (normal from A to B) leaves the triangle `tri` (item `item` of `mesh`, at `t`; the
 * pair's A when `isA`; the other shape `other` at `tOther`) through an inner edge or vertex. Sets `w.dir`
 * to the triangle's unit face normal on the other shape's side (world, from A towards B) when it does.
 */
function onInnerFeature(
  w: ManifoldsWork, c: ContactAnswer, mesh: TriangleSurface, item: number, tri: Triangle, t: Transform, isA: boolean, other: ConvexShape, tOther: Transform,
): boolean {
  // The normal out of the triangle, towards the other shape, in the mesh's frame.
  const s = isA ? 1 : -1;
  const wx = s * c.normal.x, wy = s * c.normal.y, wz = s * c.normal.z;
  const nx = t.m00 * wx + t.m10 * wy + t.m20 * wz, ny = t.m01 * wx + t.m11 * wy + t.m21 * wz, nz = t.m02 * wx + t.m12 * wy + t.m22 * wz;
  const a = tri.a, b = tri.b, cc = tri.c, k = unitScale(tri);
  // The edges at the triangle's size near 1 (times a power of two, exactly): their cross product squared
  // overflows past about 2^256 of size and underflows below 2^-256.
  const ux = k * (b.x - a.x), uy = k * (b.y - a.y), uz = k * (b.z - a.z), vx = k * (cc.x - a.x), vy = k * (cc.y - a.y), vz = k * (cc.z - a.z);
  let fx = uy * vz - uz * vy, fy = uz * vx - ux * vz, fz = ux * vy - uy * vx;
  const fl = Math.sqrt(fx * fx + fy * fy + fz * fz);
  fx /= fl; fy /= fl; fz /= fl;
  // The side of the plane the other shape is on: the one along which it overlaps the triangle less (the
  // sign of f · n alone is arbitrary for a normal along the plane, as a sliver's is).
  const d = w.point;
  d.x = t.m00 * fx + t.m01 * fy + t.m02 * fz; d.y = t.m10 * fx + t.m11 * fy + t.m12 * fz; d.z = t.m20 * fx + t.m21 * fy + t.m22 * fz;
  const fwx = d.x, fwy = d.y, fwz = d.z;
  const planeW = (t.m00 * a.x + t.m01 * a.y + t.m02 * a.z + t.tx) * fwx + (t.m10 * a.x + t.m11 * a.y + t.m12 * a.z + t.ty) * fwy + (t.m20 * a.x + t.m21 * a.y + t.m22 * a.z + t.tz) * fwz;
  const o = w.face.pointB, along = w.along;
  along.x = -fwx; along.y = -fwy; along.z = -fwz;
  worldSupport(o, other, tOther, w);
  const above = o.x * fwx + o.y * fwy + o.z * fwz - planeW; // the other's lowest point over the plane, along +f
  along.x = fwx; along.y = fwy; along.z = fwz;
  worldSupport(o, other, tOther, w);
  const below = planeW - (o.x * fwx + o.y * fwy + o.z * fwz); // its highest under the plane, along −f
  if (below > above) { fx = -fx; fy = -fy; fz = -fz; }
  // Along the face normal already: nothing to do.
  const cx = fy * nz - fz * ny, cy = fz * nx - fx * nz, cz = fx * ny - fy * nx;
  if (cx === 0 && cy === 0 && cz === 0) return false;
  // The triangle's support feature along the normal: the vertices within tolerance of the highest.
  const da = a.x * nx + a.y * ny + a.z * nz, db = b.x * nx + b.y * ny + b.z * nz, dc = cc.x * nx + cc.y * ny + cc.z * nz;
  const top = Math.max(da, db, dc), tol = FEATURE_TOLERANCE * tri.boundingRadius;
  const onA = da >= top - tol, onB = db >= top - tol, onC = dc >= top - tol;
  // Edge k runs from vertex k to vertex k + 1: 0 = ab, 1 = bc, 2 = ca.
  const fn = w.faceNormal;
  fn.x = fx; fn.y = fy; fn.z = fz;
  w.edgeScale = k;
  const inner0 = innerEdge(w, mesh, item, 0), inner1 = innerEdge(w, mesh, item, 1), inner2 = innerEdge(w, mesh, item, 2);
  let inner: boolean;
  if (onA && onB && !onC) inner = inner0;
  else if (onB && onC && !onA) inner = inner1;
  else if (onC && onA && !onB) inner = inner2;
  else if (onA && !onB && !onC) inner = inner2 && inner0;
  else if (onB && !onA && !onC) inner = inner0 && inner1;
  else if (onC && !onA && !onB) inner = inner1 && inner2;
  else inner = true; // (the whole face, to the tolerance: its contact is along its normal, exactly)
  if (!inner) return false;
  // The face normal, world.
  w.dir.x = t.m00 * fx + t.m01 * fy + t.m02 * fz;
  w.dir.y = t.m10 * fx + t.m11 * fy + t.m12 * fz;
  w.dir.z = t.m20 * fx + t.m21 * fy + t.m22 * fz;
  if (!isA) { w.dir.x = -w.dir.x; w.dir.y = -w.dir.y; w.dir.z = -w.dir.z; }
  return true;
}

/**
 * Whether edge `k` of triangle `item` is inner seen from the side of the unit face normal `w.faceNormal` (mesh
 * frame): it has one neighbour, whose vertex off the edge is not below the triangle's plane on that side by
 * more than the tolerance (coplanar, or bent towards that side). `w.edgeScale` is the triangle's unitScale.
 */
function innerEdge(w: ManifoldsWork, mesh: TriangleSurface, item: number, k: number): boolean {
  const fx = w.faceNormal.x, fy = w.faceNormal.y, fz = w.faceNormal.z, scale = w.edgeScale;
  const other = neighbourTriangle(mesh, item, k);
  if (other < 0) return false;
  const t = loadCorners(_edgeTriangle, mesh, item), n = loadCorners(_neighbour, mesh, other);
  const e0 = k === 0 ? t.a : k === 1 ? t.b : t.c, e1 = k === 0 ? t.b : k === 1 ? t.c : t.a;
  // The neighbour's vertex that is on neither end of the edge (by position: a soup repeats its vertices,
  // and the mesh matched its edges by position too).
  let o = n.a;
  if (samePoint(o, e0) || samePoint(o, e1)) o = n.b;
  if (samePoint(o, e0) || samePoint(o, e1)) o = n.c;
  const ex = scale * (o.x - e0.x), ey = scale * (o.y - e0.y), ez = scale * (o.z - e0.z);
  const h = ex * fx + ey * fy + ez * fz, l = Math.sqrt(ex * ex + ey * ey + ez * ez);
  return h >= -FEATURE_TOLERANCE * l;
}

/** Scratch triangles of innerEdge: the triangle's corners (its frame) and its neighbour's. */
const _edgeTriangle = /* @__PURE__ */ new Triangle({ x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 0 });
const _neighbour = /* @__PURE__ */ new Triangle({ x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 0 });

/** Whether two points are at one position. */
function samePoint(a: Readonly<Vec3Like>, b: Readonly<Vec3Like>): boolean {
  return a.x === b.x && a.y === b.y && a.z === b.z;
}

/**
 * The contact along `w.dir` (unit, A towards B, world) into `w.face`: the separating-axis separation
 * −(h_A(n) + h_B(−n)) and each shape's deepest point along it (radius included).
 */
function faceContact(w: ManifoldsWork, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform): void {
  const f = w.face, n = w.dir, along = w.along;
  f.normal.x = n.x; f.normal.y = n.y; f.normal.z = n.z;
  along.x = n.x; along.y = n.y; along.z = n.z;
  worldSupport(f.pointA, a, tA, w);
  along.x = -n.x; along.y = -n.y; along.z = -n.z;
  worldSupport(f.pointB, b, tB, w);
  f.separation = (f.pointB.x - f.pointA.x) * n.x + (f.pointB.y - f.pointA.y) * n.y + (f.pointB.z - f.pointA.z) * n.z;
  f.status = w.work!.contact.status;
  f.iterations = w.work!.contact.iterations;
}

/** `shape`'s point furthest along the world direction `w.along`, radius included, world space, into `out`. */
function worldSupport(out: Vec3Like, shape: ConvexShape, t: Transform, w: ManifoldsWork): void {
  const d = w.point, dx = w.along.x, dy = w.along.y, dz = w.along.z;
  d.x = t.m00 * dx + t.m10 * dy + t.m20 * dz; d.y = t.m01 * dx + t.m11 * dy + t.m21 * dz; d.z = t.m02 * dx + t.m12 * dy + t.m22 * dz;
  shape.support(out, d);
  const r = shape.sweptRadius;
  if (r > 0) {
    const l = Math.sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
    out.x += (r * d.x) / l; out.y += (r * d.y) / l; out.z += (r * d.z) / l;
  }
  transformPoint(out, t, out);
}


/**
 * Keeps the points of `m` whose point on the triangle (A's when `isA`) lies on it, to the tolerance of its
 * size (in its plane, within its edges), compacting them in order; returns how many are kept.
 */
function keepOnTriangle(m: Manifold, tri: Triangle, t: Transform, isA: boolean): number {
  // At the triangle's size near 1, as in onInnerFeature (the normal's length squared is a fourth power).
  const a = tri.a, b = tri.b, c = tri.c, k = unitScale(tri);
  const ux = k * (b.x - a.x), uy = k * (b.y - a.y), uz = k * (b.z - a.z), vx = k * (c.x - a.x), vy = k * (c.y - a.y), vz = k * (c.z - a.z);
  const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  const nn = nx * nx + ny * ny + nz * nz, tol = FEATURE_TOLERANCE * k * tri.boundingRadius;
  let kept = 0;
  for (let i = 0; i < m.count; i++) {
    const p = isA ? m.points[i].pointA : m.points[i].pointB;
    // The point in the mesh's frame, relative to vertex a.
    const qx = p.x - t.tx, qy = p.y - t.ty, qz = p.z - t.tz;
    const x = k * (t.m00 * qx + t.m10 * qy + t.m20 * qz - a.x), y = k * (t.m01 * qx + t.m11 * qy + t.m21 * qz - a.y), z = k * (t.m02 * qx + t.m12 * qy + t.m22 * qz - a.z);
    // Signed distances to the plane and, inwards, to each edge's line (each edge's normal in the plane).
    const plane = (x * nx + y * ny + z * nz) / Math.sqrt(nn);
    const e0 = edgeSide(x, y, z, 0, 0, 0, ux, uy, uz, nx, ny, nz);
    const e1 = edgeSide(x, y, z, ux, uy, uz, vx - ux, vy - uy, vz - uz, nx, ny, nz);
    const e2 = edgeSide(x, y, z, vx, vy, vz, -vx, -vy, -vz, nx, ny, nz);
    if (Math.abs(plane) <= tol && e0 >= -tol && e1 >= -tol && e2 >= -tol) {
      if (kept !== i) swapPoints(m, kept, i);
      kept++;
    }
  }
  m.count = kept;
  return kept;
}

/** The power of two that brings the triangle's edges to a size near 1 (edgeScaleFar): multiplying by it is exact. */
function unitScale(tri: Triangle): number {
  const a = tri.a, b = tri.b, c = tri.c;
  const m = Math.max(
    Math.abs(b.x - a.x), Math.abs(b.y - a.y), Math.abs(b.z - a.z), Math.abs(c.x - a.x), Math.abs(c.y - a.y), Math.abs(c.z - a.z));
  return m >= EDGE_MIN && m <= EDGE_MAX ? 1 : edgeScaleFar(m);
}

/** How far (x, y, z) is inside the line through o along edge e (in the plane of normal n): (n × e) · (p − o) / |e|. */
function edgeSide(x: number, y: number, z: number, ox: number, oy: number, oz: number, ex: number, ey: number, ez: number, nx: number, ny: number, nz: number): number {
  const ix = ny * ez - nz * ey, iy = nz * ex - nx * ez, iz = nx * ey - ny * ex;
  const il = Math.sqrt(ix * ix + iy * iy + iz * iz);
  return ((x - ox) * ix + (y - oy) * iy + (z - oz) * iz) / il;
}

/** Swaps points i and j of `m` (the records, so nothing is allocated). */
function swapPoints(m: Manifold, i: number, j: number): void {
  const p = m.points[i];
  m.points[i] = m.points[j];
  m.points[j] = p;
}

/** The error for a manifold list the query cannot write into. */
function outNotWritableList(): InvalidArgumentError {
  return new InvalidArgumentError('out', 'is not a writable manifold list; expected one from createManifoldList()');
}

/** Whether `s` is a shape contactManifolds takes: a convex shape, a compound or a mesh. */
function isTaken(s: Shape): boolean {
  const k = kindIndex(s);
  return isPartedKind(k) || k === HALF_SPACE_KIND_INDEX || isConvexShape(s);
}
