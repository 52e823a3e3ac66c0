/**
 * Whether a contact's separation is differentiable in the two poses, from the features that hold it.
 *
 * The separation is s = max over unit n of σ(n) = −h_A(n) − h_B(−n) (h the support function: the
 * separating-axis value, van den Bergen 2003 §4.3; its maximum is the distance when apart and minus the
 * depth when overlapping). With the contact's witness points pA, pB and normal n, its derivative along a
 * motion of either body is σ's at n (Danskin's theorem), exact when the witness pair is the only one: the
 * support sets of A along n and of B along −n (a vertex or a point of a curved surface: dimension 0; an
 * edge or a straight line of a curved side: 1; a face: 2) meet in a single pair of points when one is a
 * point (a vertex on a face, a sphere on anything), or when both are edges that are not parallel
 * (vertex–face and edge–edge are a polytope pair's generic contacts). Otherwise (face on face, edge on
 * face, parallel edges) the pair is a set, the separation has a kink under rotation, and the derivatives
 * the witnesses give are one element of its Clarke subdifferential (every witness pair of the set gives
 * one: Clarke 1983, §2.8).
 *
 * The normal itself must be unique too. With swept radii (a sphere is a point swept, a capsule a segment),
 * s is the cores' signed distance less the radii, and the cores' signed distance has a kink where the
 * cores touch at anything but a point on a face or crossed edges (two points, a point on an edge: the
 * direction between them turns through every angle), and wherever their Minkowski difference is flat
 * (dimensions summing to less than 3: two segments, a point and a triangle), whose signed distance is
 * |height| across it, if they touch or overlap: two capsules whose axes cross, concentric spheres.
 *
 * Each shape's feature along the normal is found by support-dimension.ts, as the manifolds name it (a
 * face within a sine of 1e-7 of the normal is a face). Not seen: a tie between two feature pairs of
 * full-dimensional cores (a sphere's centre as deep below two faces of a box).
 */
import { Transform } from '../../math/transform.js';
import type { Vec3Like } from '../../math/types.js';
import { BUILT_IN_KINDS, HALF_SPACE_KIND_INDEX, isPartedKind, USER_KIND_INDEX, type ConvexShape, type Shape } from '../../shapes/shape.js';
import { MANIFOLD_ALIGNMENT_TOLERANCE } from '../../tolerance.js';
import { kindIndex } from '../pair/dispatch.js';
import type { Box } from '../../shapes/box.js';
import type { Cone } from '../../shapes/cone.js';
import type { ConvexHull } from '../../shapes/convex-hull.js';
import type { Cylinder } from '../../shapes/cylinder.js';
import type { Ellipsoid } from '../../shapes/ellipsoid.js';
import type { Rounded } from '../../shapes/rounded.js';
import type { ContactAnswer } from '../pair/query-work.js';
import { PartSlot, placePart, type PartedShape } from '../parted/parts.js';
import type { TriangleMesh } from '../parted/triangle-mesh.js';
import { DimensionWork, supportDimension } from './support-dimension.js';

const TOL = MANIFOLD_ALIGNMENT_TOLERANCE;
const IDENTITY = /* @__PURE__ */ new Transform();
// Kind indices (shape.ts's BUILT_IN_KINDS order; a user's support map is the last convex one).
const POINT = BUILT_IN_KINDS.indexOf('point'), SPHERE = BUILT_IN_KINDS.indexOf('sphere'), ELLIPSOID = BUILT_IN_KINDS.indexOf('ellipsoid');
const CONVEX_KINDS = USER_KIND_INDEX + 1;

/** The classifier's scratch: one per query work (no allocation per call). */
export class SmoothnessWork {
  readonly dimension = new DimensionWork();
  /** Each side's part (a compound's or a mesh's), placed. */
  readonly slotA = new PartSlot();
  readonly slotB = new PartSlot();
  /** Each side's feature dimension (0, 1, 2) and, for an edge, its world direction. */
  dimA = 0;
  dimB = 0;
  readonly edgeA = new Float64Array(3);
  readonly edgeB = new Float64Array(3);
  /**
   * Each side's convex shape (a compound's or a mesh's part; null for a half-space) and its world frame,
   * as classified (second-order.ts reads them). Not set when a sphere, ellipsoid or point decided at once.
   */
  convexA: ConvexShape | null = null;
  convexB: ConvexShape | null = null;
  /** (References, not copies: the poses' transforms, or this work's part slots', unchanged until the next call.) */
  frameA: Transform = IDENTITY;
  frameB: Transform = IDENTITY;
}

/** A mesh's hierarchy item of each triangle in its input (the inverse of sourceIndex), made on first use. */
const _items = new WeakMap<TriangleMesh, Int32Array>();

function meshItem(mesh: TriangleMesh, reported: number): number {
  let items = _items.get(mesh);
  if (items === undefined) {
    const source = mesh.sourceIndex;
    let n = 0;
    for (let k = 0; k < source.length; k++) if (source[k] >= n) n = source[k] + 1;
    items = new Int32Array(n).fill(-1);
    for (let k = 0; k < source.length; k++) items[source[k]] = k;
    _items.set(mesh, items);
  }
  return items[reported];
}

/**
 * Whether the contact `c` (world space) between `a` at `tA` and `b` at `tB` is smooth in the poses: its
 * witness pair the only one (see the header). Leaves each side's feature dimension in `sw`.
 */
export function contactIsSmooth(sw: SmoothnessWork, a: Shape, tA: Transform, b: Shape, tB: Transform, c: ContactAnswer): boolean {
  // A sphere, a point or a strictly convex ellipsoid against a convex shape: its support set is a point
  // (dimension 0). Cores apart, the normal is the direction between them; cores overlapping, the rule below
  // reads smooth exactly when the two cores' difference is solid. Only cores touching need the other
  // side's feature (no classification otherwise: on a ball in a box it was a fifth of the query).
  const ka = kindIndex(a), kb = kindIndex(b);
  if ((pointLike(a, ka) || pointLike(b, kb)) && ka < CONVEX_KINDS && kb < CONVEX_KINDS) {
    const ca = a as ConvexShape, cb = b as ConvexShape;
    const gap = c.separation + ca.sweptRadius + cb.sweptRadius, slack = TOUCH * (ca.boundingRadius + cb.boundingRadius);
    if (gap > slack) { sw.dimA = -1; sw.dimB = -1; return true; }
    if (gap < -slack) { sw.dimA = -1; sw.dimB = -1; sw.convexA = ca; sw.convexB = cb; return coreDimension(ca) + coreDimension(cb) >= 3; }
  }
  classifyContact(sw, a, tA, b, tB, c);
  const dimA = sw.dimA, dimB = sw.dimB, crossed = dimA === 1 && dimB === 1 && crossing(sw.edgeA, sw.edgeB);
  // The cores' signed distance, against the pair's size.
  const rA = sw.convexA === null ? 0 : sw.convexA.sweptRadius, rB = sw.convexB === null ? 0 : sw.convexB.sweptRadius;
  const size = (sw.convexA === null ? 0 : sw.convexA.boundingRadius) + (sw.convexB === null ? 0 : sw.convexB.boundingRadius);
  const gap = c.separation + rA + rB, slack = TOUCH * size;
  if (gap > slack) return dimA === 0 || dimB === 0 || crossed;
  // Cores touching or overlapping: their Minkowski difference must be solid, and touching they must meet
  // as a point on a face or crossed edges.
  if (coreDimension(sw.convexA) + coreDimension(sw.convexB) < 3) return false;
  if (gap >= -slack) return (dimA === 0 && dimB === 2) || (dimA === 2 && dimB === 0) || crossed;
  return dimA === 0 || dimB === 0 || crossed;
}

/** Cores within this fraction of the pair's size of each other touch. */
const TOUCH = 1e-9;

/** Whether a shape (of kind index k) has a point for every support set: a sphere, a point, an ellipsoid of three positive semi-axes. */
function pointLike(s: Shape, k: number): boolean {
  if (k === SPHERE || k === POINT) return true;
  if (k !== ELLIPSOID) return false;
  const e = s as Ellipsoid;
  return e.rx > 0 && e.ry > 0 && e.rz > 0;
}

/** Two edges not parallel: |e × f| beyond the tolerance of |e| |f| (each scaled first: no square over- or underflows). */
function crossing(e: Float64Array, f: Float64Array): boolean {
  const me = Math.max(Math.abs(e[0]), Math.abs(e[1]), Math.abs(e[2])), mf = Math.max(Math.abs(f[0]), Math.abs(f[1]), Math.abs(f[2]));
  if (!(me > 0 && mf > 0 && me < Infinity && mf < Infinity)) return false;
  const ex = e[0] / me, ey = e[1] / me, ez = e[2] / me, fx = f[0] / mf, fy = f[1] / mf, fz = f[2] / mf;
  const cx = ey * fz - ez * fy, cy = ez * fx - ex * fz, cz = ex * fy - ey * fx;
  return Math.sqrt(cx * cx + cy * cy + cz * cz) > TOL * Math.sqrt(ex * ex + ey * ey + ez * ez) * Math.sqrt(fx * fx + fy * fy + fz * fz);
}

/**
 * The dimension of a convex shape's core (the set its swept radius is swept around): a point 0, a segment
 * or a capsule 1, a triangle or a flat hull 2, a solid 3; a half-space (null) 3; a Minkowski sum, a scaled
 * shape or a support map of the user's own taken as solid.
 */
function coreDimension(s: ConvexShape | null): number {
  if (s === null) return 3;
  while (s.kind === 'rounded') s = (s as Rounded).shape;
  switch (s.kind) {
    case 'point': case 'sphere': return 0;
    case 'segment': case 'capsule': return 1;
    case 'triangle': return 2;
    case 'box': { const b = s as Box; return +(b.hx > 0) + +(b.hy > 0) + +(b.hz > 0); }
    case 'ellipsoid': { const e = s as Ellipsoid; return +(e.rx > 0) + +(e.ry > 0) + +(e.rz > 0); }
    case 'cylinder': case 'cone': { const c = s as Cylinder | Cone; return (c.radius > 0 ? 2 : 0) + (c.halfHeight > 0 ? 1 : 0); }
    case 'convexHull': return (s as ConvexHull).dimension;
    default: return 3;
  }
}

/** Each side's support set along the contact's normal (A's along it, B's against it) into `sw`. */
export function classifyContact(sw: SmoothnessWork, a: Shape, tA: Transform, b: Shape, tB: Transform, c: ContactAnswer): void {
  classify(sw, a, tA, c.partA, c.normal, 1);
  classify(sw, b, tB, c.partB, c.normal, -1);
}

/**
 * The feature of `shape` (at `t`; `part` the contact's part of a compound, mesh or field) along
 * `side · normal`: its dimension into sw.dimA (side 1) or sw.dimB (side −1), an edge's world direction
 * into sw.edgeA or sw.edgeB.
 */
function classify(sw: SmoothnessWork, shape: Shape, t: Transform, part: number, normal: Readonly<Vec3Like>, side: number): void {
  const k = kindIndex(shape);
  let dim = 0;
  const edge = side > 0 ? sw.edgeA : sw.edgeB;
  if (k === HALF_SPACE_KIND_INDEX) {
    dim = 2; // (its plane: a face along its normal, the only direction a contact with it has)
    if (side > 0) { sw.convexA = null; sw.frameA = t; } else { sw.convexB = null; sw.frameB = t; }
  } else {
    let convex = shape as ConvexShape, frame = t;
    if (isPartedKind(k)) {
      const parted = shape as PartedShape;
      const item = parted.kind === 'mesh' ? meshItem(parted, part) : part;
      const slot = side > 0 ? sw.slotA : sw.slotB;
      convex = placePart(slot, parted, t, item);
      frame = slot.transform;
    }
    // The direction in the shape's frame: Rᵀ (side · n).
    const d = sw.dimension.dir, nx = side * normal.x, ny = side * normal.y, nz = side * normal.z;
    d.x = frame.m00 * nx + frame.m10 * ny + frame.m20 * nz;
    d.y = frame.m01 * nx + frame.m11 * ny + frame.m21 * nz;
    d.z = frame.m02 * nx + frame.m12 * ny + frame.m22 * nz;
    dim = supportDimension(sw.dimension, convex, edge);
    if (side > 0) { sw.convexA = convex; sw.frameA = frame; } else { sw.convexB = convex; sw.frameB = frame; }
    if (dim === 1) {
      // The edge's direction to world space: R e.
      const x = edge[0], y = edge[1], z = edge[2];
      edge[0] = frame.m00 * x + frame.m01 * y + frame.m02 * z;
      edge[1] = frame.m10 * x + frame.m11 * y + frame.m12 * z;
      edge[2] = frame.m20 * x + frame.m21 * y + frame.m22 * z;
    }
  }
  if (side > 0) sw.dimA = dim; else sw.dimB = dim;
}
