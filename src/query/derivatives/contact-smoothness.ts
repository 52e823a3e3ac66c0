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
 * (vertex–face and edge–edge are a polytope pair's generic contacts). Otherwise (face on face, edge on face, parallel edges) the
 * pair is a set, the separation has a kink under rotation, and the derivatives the witnesses give are one
 * element of its Clarke subdifferential (every witness pair of the set gives one: Clarke 1983, §2.8).
 *
 * Each shape's feature along the normal is the one the manifolds name (manifold/support-feature.ts, with
 * its alignment tolerance: a face within a sine of 1e-7 of the normal is a face). Shapes whose flat parts
 * that classification cannot see (a Minkowski sum, a scaled shape, a support map of the user's own) are
 * probed: their support at directions turned by PROBE_ANGLE either side of the normal, whose jump tells an
 * edge or a face from a curved point (a curved point moves by the angle times its radius of curvature).
 * Not seen: a tie between two feature pairs (a sphere's centre as deep below two faces of a box), where
 * the normal itself is not unique.
 */
import type { Transform } from '../../math/transform.js';
import type { Vec3Like } from '../../math/types.js';
import { vec3 } from '../../math/vec3.js';
import type { ConvexHull } from '../../shapes/convex-hull.js';
import { HALF_SPACE_KIND_INDEX, isPartedKind, type ConvexShape, type Shape } from '../../shapes/shape.js';
import { FeaturePolygon } from '../manifold/feature-polygon.js';
import { supportFeature } from '../manifold/support-feature.js';
import { MANIFOLD_ALIGNMENT_TOLERANCE } from '../../tolerance.js';
import { kindIndex } from '../pair/dispatch.js';
import type { ContactAnswer } from '../pair/query-work.js';
import { PartSlot, placePart, type PartedShape } from '../parted/parts.js';
import type { TriangleMesh } from '../parted/triangle-mesh.js';

const TOL = MANIFOLD_ALIGNMENT_TOLERANCE;
/** The angle (radians) by which a probed shape's direction is turned either side of the normal. */
const PROBE_ANGLE = 1e-6;
/**
 * A probed support that moves by more than this times the shape's bounding radius over the probe's turn
 * is on an edge or a face (a curved point moves by PROBE_ANGLE times its radius of curvature: this is a
 * radius of curvature of 1,000 bounding radii).
 */
const PROBE_JUMP = 1e3 * PROBE_ANGLE;

/** Dimensions of a feature type (feature-code.ts: NONE 0, VERTEX 1, EDGE 2, FACE 3 in the code's low bits). */
const DIMENSION = [0, 0, 1, 2];

/** The classifier's scratch: one per query work (no allocation per call). */
export class SmoothnessWork {
  readonly feature = new FeaturePolygon();
  readonly slot = new PartSlot();
  readonly dir = vec3();
  readonly probe = vec3();
  readonly p = vec3();
  readonly q = vec3();
  /** Each side's feature dimension (0, 1, 2) and, for an edge, its world direction. */
  dimA = 0;
  dimB = 0;
  readonly edgeA = new Float64Array(3);
  readonly edgeB = new Float64Array(3);
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
  classify(sw, a, tA, c.partA, c.normal, 1);
  const dimA = sw.dimA;
  classify(sw, b, tB, c.partB, c.normal, -1);
  const dimB = sw.dimB;
  if (dimA === 0 || dimB === 0) return true;
  if (dimA !== 1 || dimB !== 1) return false;
  // Two edges: one witness pair unless they are parallel (|eA × eB| within the tolerance of |eA| |eB|).
  const e = sw.edgeA, f = sw.edgeB;
  const cx = e[1] * f[2] - e[2] * f[1], cy = e[2] * f[0] - e[0] * f[2], cz = e[0] * f[1] - e[1] * f[0];
  const el = Math.sqrt(e[0] * e[0] + e[1] * e[1] + e[2] * e[2]), fl = Math.sqrt(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]);
  return Math.sqrt(cx * cx + cy * cy + cz * cz) > TOL * el * fl;
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
  } else {
    let convex = shape as ConvexShape, frame = t;
    if (isPartedKind(k)) {
      const parted = shape as PartedShape;
      const item = parted.kind === 'mesh' ? meshItem(parted, part) : part;
      convex = placePart(sw.slot, parted, t, item);
      frame = sw.slot.transform;
    }
    // The direction in the shape's frame: Rᵀ (side · n).
    const d = sw.dir, nx = side * normal.x, ny = side * normal.y, nz = side * normal.z;
    d.x = frame.m00 * nx + frame.m10 * ny + frame.m20 * nz;
    d.y = frame.m01 * nx + frame.m11 * ny + frame.m21 * nz;
    d.z = frame.m02 * nx + frame.m12 * ny + frame.m22 * nz;
    const kind = convex.kind;
    if (kind === 'minkowskiSum' || kind === 'scaled' || kind === undefined || kind === 'custom') dim = probe(sw, convex, edge);
    else dim = featureDimension(sw, convex, edge);
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

/** The dimension of the manifolds' support feature of `shape` along sw.dir, an edge's direction (local) into `edge`. */
function featureDimension(sw: SmoothnessWork, shape: ConvexShape, edge: Float64Array): number {
  const f = sw.feature;
  supportFeature(f, shape, sw.dir);
  const code = f.supportCode, dim = DIMENSION[code & 3];
  if (dim !== 1) return dim;
  // The edge among the polygon's (a box's face holds its support edge; a segment's, capsule's, cylinder's
  // or cone's polygon is the edge itself), else a hull's edge from its code.
  const p = f.points;
  for (let i = 0, n = f.count; i < n; i++) {
    if (f.edgeCodes[i] !== code) continue;
    const j = i + 1 < n ? i + 1 : 0;
    edge[0] = p[3 * j] - p[3 * i]; edge[1] = p[3 * j + 1] - p[3 * i + 1]; edge[2] = p[3 * j + 2] - p[3 * i + 2];
    return 1;
  }
  // A hull's edge from the index its code carries (support-feature.ts, hullEdgeCode): the slot j of the
  // higher vertex in the lower one's neighbours, or past every slot the pair (lo, hi) of a merged face's
  // inner corner. (Written out here: a function called this rarely runs unoptimised, and boxes its
  // numbers; CONTRIBUTING.md, "V8 rules", rule 7.)
  const hull = (shape.kind === 'rounded' ? (shape as { shape: ConvexShape }).shape : shape) as ConvexHull;
  if (hull.kind !== 'convexHull') return probe(sw, shape, edge); // (cannot happen: every edge code is a polygon's or a hull's)
  const index = code >> 3, ns = hull.neighborStart, ni = hull.neighborIndices, v = hull.vertices, count = hull.vertexCount;
  let lo = 0, hi = 0;
  if (index < ni.length) {
    // The vertex whose slots hold j: the last with neighborStart ≤ j (a binary search).
    let l = 0, h = count - 1;
    while (l < h) {
      const m = (l + h + 1) >> 1;
      if (ns[m] <= index) l = m; else h = m - 1;
    }
    lo = l; hi = ni[index];
  } else {
    const r = index - ni.length;
    lo = (r / count) | 0; hi = r - lo * count;
  }
  edge[0] = v[3 * hi] - v[3 * lo]; edge[1] = v[3 * hi + 1] - v[3 * lo + 1]; edge[2] = v[3 * hi + 2] - v[3 * lo + 2];
  return 1;
}

/**
 * The dimension of the support set of `shape` along sw.dir, probed: its support at sw.dir turned by
 * ±PROBE_ANGLE towards each of two tangent directions; a jump of more than PROBE_JUMP of the bounding
 * radius is a straight extent. One such tangent: an edge (its direction into `edge`); two: a face.
 */
function probe(sw: SmoothnessWork, shape: ConvexShape, edge: Float64Array): number {
  const d = sw.dir, dl = Math.sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
  if (!(dl > 0)) return 0;
  const ux = d.x / dl, uy = d.y / dl, uz = d.z / dl;
  // A tangent basis (t1, t2) of u: t1 from the axis u is least along.
  let ax = 0, ay = 0, az = 0;
  if (Math.abs(ux) <= Math.abs(uy) && Math.abs(ux) <= Math.abs(uz)) ax = 1; else if (Math.abs(uy) <= Math.abs(uz)) ay = 1; else az = 1;
  let t1x = uy * az - uz * ay, t1y = uz * ax - ux * az, t1z = ux * ay - uy * ax;
  const tl = Math.sqrt(t1x * t1x + t1y * t1y + t1z * t1z);
  t1x /= tl; t1y /= tl; t1z /= tl;
  const t2x = uy * t1z - uz * t1y, t2y = uz * t1x - ux * t1z, t2z = ux * t1y - uy * t1x;
  const limit = PROBE_JUMP * shape.boundingRadius;
  let dim = 0;
  for (let k = 0; k < 2; k++) {
    const tx = k === 0 ? t1x : t2x, ty = k === 0 ? t1y : t2y, tz = k === 0 ? t1z : t2z;
    const q = sw.probe, p = sw.p, r = sw.q;
    q.x = ux + PROBE_ANGLE * tx; q.y = uy + PROBE_ANGLE * ty; q.z = uz + PROBE_ANGLE * tz;
    shape.support(p, q);
    q.x = ux - PROBE_ANGLE * tx; q.y = uy - PROBE_ANGLE * ty; q.z = uz - PROBE_ANGLE * tz;
    shape.support(r, q);
    const jx = p.x - r.x, jy = p.y - r.y, jz = p.z - r.z;
    if (Math.sqrt(jx * jx + jy * jy + jz * jz) > limit) {
      dim++;
      edge[0] = jx; edge[1] = jy; edge[2] = jz;
    }
  }
  return dim;
}
