/**
 * The dimension of a convex shape's support set along a direction: 0 (a vertex, or a point of a curved
 * surface), 1 (an edge, or a straight line of a curved side: its direction is written out) or 2 (a face),
 * decided with the manifolds' alignment tolerance (MANIFOLD_ALIGNMENT_TOLERANCE: a face only when its
 * normal is the direction within a sine of 1e-7, an edge only when it is that perpendicular to it), as
 * manifold/support-feature.ts names the features, without building the feature's polygon:
 * - box: the direction's components within the tolerance of 0 on axes of non-zero extent (one: an edge
 *   along that axis; two: a face); an ellipsoid with a zero semi-axis likewise (a disc's face, a needle);
 * - hull: the edges from the support vertex perpendicular to the direction (one: that edge; two or more:
 *   a face, when one holding the vertex has the direction for its normal), a walk of the vertex's
 *   neighbours, and of the faces only where two edges qualify;
 * - triangle, segment, capsule, cylinder, cone: their closed forms; a rounded shape: its inner shape's;
 * - a Minkowski sum, a scaled shape or a support map of the user's own, whose flat parts no closed form
 *   sees: probed, its support at the direction turned by PROBE_ANGLE either way along two tangents (a
 *   curved point moves by the angle times its radius of curvature, an edge or a face jumps: along one
 *   line for an edge, two for a face).
 */
import { hypot3 } from '../../math/exact-math.js';
import { SQUARE_SAFE_HIGH, SQUARE_SAFE_LOW } from '../../math/vec3.js';
import type { Capsule } from '../../shapes/capsule.js';
import type { Cone } from '../../shapes/cone.js';
import type { Box } from '../../shapes/box.js';
import type { ConvexHull } from '../../shapes/convex-hull.js';
import type { Cylinder } from '../../shapes/cylinder.js';
import type { Ellipsoid } from '../../shapes/ellipsoid.js';
import type { Rounded } from '../../shapes/rounded.js';
import type { Segment } from '../../shapes/segment.js';
import type { ConvexShape } from '../../shapes/shape.js';
import type { Triangle } from '../../shapes/triangle.js';
import { MANIFOLD_ALIGNMENT_TOLERANCE } from '../../tolerance.js';

// Module constants (CONTRIBUTING.md, "V8 rules", rule 4).
const TOL = MANIFOLD_ALIGNMENT_TOLERANCE;
const LOW = SQUARE_SAFE_LOW, HIGH = SQUARE_SAFE_HIGH;
/** The angle (radians) by which a probed shape's direction is turned either side. */
const PROBE_ANGLE = 1e-9;
/**
 * A probed support that moves by more than this times the shape's bounding radius over the probe's turn
 * lies on an edge or a face: a curved point moves by the angle times its radius of curvature, so this
 * takes radii of curvature up to 1,000 bounding radii as curved, and faces down to a millionth of the
 * bounding radius across as flat.
 */
const PROBE_JUMP = 1e3 * PROBE_ANGLE;
/** Two probe jumps whose directions' sine is below this are along one line (an edge). */
const PARALLEL = 1e-3;

/** The direction in (unit), the probe's scratch. */
export class DimensionWork {
  /** Input: the direction, local frame, of unit length (a unit normal turned into the shape's frame). */
  readonly dir = { x: 0, y: 0, z: 0 };
  readonly probe = { x: 0, y: 0, z: 0 };
  readonly p = { x: 0, y: 0, z: 0 };
  readonly q = { x: 0, y: 0, z: 0 };
  /** The probe's jumps (scaled), two at most. */
  readonly jumps = new Float64Array(6);
}

/**
 * The dimension (0, 1 or 2) of the support set of `shape` along `w.dir` (local frame, unit length); an
 * edge's direction (local, any length) into `edge`.
 */
export function supportDimension(w: DimensionWork, shape: ConvexShape, edge: Float64Array): number {
  const d = w.dir, dx = d.x, dy = d.y, dz = d.z;
  let s = shape;
  // (A rounded shape's support set is its inner shape's, grown.)
  while (s.kind === 'rounded') s = (s as Rounded).shape;
  switch (s.kind) {
    case 'point': case 'sphere': return 0;
    case 'box': {
      // Each axis of non-zero extent along which the direction has no component (within the tolerance) is
      // a straight extent of the support set: one an edge, two a face. (A flat box's zero axis is none.)
      const b = s as Box;
      return extents(Math.abs(dx) <= TOL && b.hx > 0, Math.abs(dy) <= TOL && b.hy > 0, Math.abs(dz) <= TOL && b.hz > 0, edge);
    }
    case 'ellipsoid': {
      // Strictly convex unless a semi-axis is 0: a disc (one zero: its face along that axis) or a needle
      // (two: its length, perpendicular to the direction, an edge).
      const e = s as Ellipsoid, zeros = +(e.rx === 0) + +(e.ry === 0) + +(e.rz === 0);
      if (zeros === 0 || zeros === 3) return 0;
      if (zeros === 1) {
        const along = e.rx === 0 ? dx : e.ry === 0 ? dy : dz;
        return 1 - along * along <= TOL * TOL ? 2 : 0; // (sin² of the angle to the disc's axis)
      }
      return extents(e.rx > 0 && Math.abs(dx) <= TOL, e.ry > 0 && Math.abs(dy) <= TOL, e.rz > 0 && Math.abs(dz) <= TOL, edge);
    }
    case 'capsule': {
      if (!(Math.abs(dy) <= TOL) || !((s as Capsule).halfHeight > 0)) return 0;
      edge[0] = 0; edge[1] = 1; edge[2] = 0;
      return 1;
    }
    case 'cylinder': {
      const p = Math.sqrt(dx * dx + dz * dz);
      if (p <= TOL) return (s as Cylinder).radius > 0 ? 2 : 0;
      if (!(Math.abs(dy) <= TOL) || !((s as Cylinder).halfHeight > 0)) return 0;
      edge[0] = 0; edge[1] = 1; edge[2] = 0;
      return 1;
    }
    case 'cone': {
      const c = s as Cone, h = c.halfHeight, r = c.radius, p = Math.sqrt(dx * dx + dz * dz);
      if (p <= TOL) return dy < 0 && r > 0 ? 2 : 0;
      // The side's outward normal in the (radial, y) plane is (2h, r): the direction on it is a side line,
      // from the apex (0, h, 0) to the rim point below the direction.
      let sl = Math.sqrt(4 * h * h + r * r);
      if (!(sl >= LOW && sl <= HIGH)) sl = hypot3(2 * h, r, 0);
      if (!(Math.abs(dy * 2 * h - p * r) <= TOL * sl)) return 0;
      edge[0] = (r * dx) / p; edge[1] = -2 * h; edge[2] = (r * dz) / p;
      return 1;
    }
    case 'segment': {
      const g = s as Segment, ex = g.b.x - g.a.x, ey = g.b.y - g.a.y, ez = g.b.z - g.a.z;
      let el = Math.sqrt(ex * ex + ey * ey + ez * ez);
      if (!(el >= LOW && el <= HIGH)) el = hypot3(ex, ey, ez);
      if (!(el > 0) || !(Math.abs(ex * dx + ey * dy + ez * dz) <= TOL * el)) return 0;
      edge[0] = ex; edge[1] = ey; edge[2] = ez;
      return 1;
    }
    case 'triangle': return triangleDimension(s as Triangle, dx, dy, dz, edge);
    case 'convexHull': return hullDimension(w, s as ConvexHull, edge);
    default: return probe(w, s, edge);
  }
}

/** The support set's dimension from the axes it extends along (a box's, a needle's), an edge's axis into `edge`. */
function extents(x: boolean, y: boolean, z: boolean, edge: Float64Array): number {
  const count = +x + +y + +z;
  if (count === 1) { edge[0] = +x; edge[1] = +y; edge[2] = +z; }
  return count > 2 ? 2 : count;
}

/** A triangle: its face when the direction is its normal, else an edge at the top corner perpendicular to it. */
function triangleDimension(t: Triangle, dx: number, dy: number, dz: number, edge: Float64Array): number {
  const a = t.a, b = t.b, c = t.c;
  // The edges scaled by a power-free factor first (their largest component 1): the cross product of edges
  // 1e-200 long underflows, of edges 1e200 long overflows.
  let abx = b.x - a.x, aby = b.y - a.y, abz = b.z - a.z, acx = c.x - a.x, acy = c.y - a.y, acz = c.z - a.z;
  const m = Math.max(Math.abs(abx), Math.abs(aby), Math.abs(abz), Math.abs(acx), Math.abs(acy), Math.abs(acz));
  if (m > 0 && m < Infinity) { abx /= m; aby /= m; abz /= m; acx /= m; acy /= m; acz /= m; }
  const nx = aby * acz - abz * acy, ny = abz * acx - abx * acz, nz = abx * acy - aby * acx;
  let nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (!(nl >= LOW && nl <= HIGH)) nl = hypot3(nx, ny, nz);
  if (nl > 0) {
    const cx = ny * dz - nz * dy, cy = nz * dx - nx * dz, cz = nx * dy - ny * dx;
    let cl = Math.sqrt(cx * cx + cy * cy + cz * cz);
    if (!(cl >= LOW && cl <= HIGH)) cl = hypot3(cx, cy, cz);
    if (cl <= TOL * nl) return 2;
  }
  // The edges: each perpendicular to the direction within the tolerance, and at the top.
  const da = a.x * dx + a.y * dy + a.z * dz, db = b.x * dx + b.y * dy + b.z * dz, dc = c.x * dx + c.y * dy + c.z * dz;
  const top = da >= db && da >= dc ? 0 : db >= dc ? 1 : 2;
  for (let k = 0; k < 3; k++) {
    // Edge k from corner k to corner k + 1; it holds the top unless it is the edge opposite it.
    if (k === (top + 1) % 3) continue;
    const p = k === 0 ? a : k === 1 ? b : c, q = k === 0 ? b : k === 1 ? c : a;
    const ex = q.x - p.x, ey = q.y - p.y, ez = q.z - p.z;
    let el = Math.sqrt(ex * ex + ey * ey + ez * ez);
    if (!(el >= LOW && el <= HIGH)) el = hypot3(ex, ey, ez);
    if (el > 0 && Math.abs(ex * dx + ey * dy + ez * dz) <= TOL * el) { edge[0] = ex; edge[1] = ey; edge[2] = ez; return 1; }
  }
  return 0;
}

/**
 * A hull: the edges from its support vertex perpendicular to the direction. (A segment-like hull's one
 * edge likewise; a single point: 0.)
 */
function hullDimension(w: DimensionWork, hull: ConvexHull, edge: Float64Array): number {
  if (hull.dimension === 0) return 0;
  const d = w.dir, v = hull.vertices, ns = hull.neighborStart, ni = hull.neighborIndices;
  const top = hull.supportIndex(d);
  const tx = v[3 * top], ty = v[3 * top + 1], tz = v[3 * top + 2];
  let count = 0;
  for (let j = ns[top], e = ns[top + 1]; j < e; j++) {
    const u = ni[j];
    const ex = v[3 * u] - tx, ey = v[3 * u + 1] - ty, ez = v[3 * u + 2] - tz;
    let el = Math.sqrt(ex * ex + ey * ey + ez * ez);
    if (!(el >= LOW && el <= HIGH)) el = hypot3(ex, ey, ez);
    if (!(el > 0 && Math.abs(ex * d.x + ey * d.y + ez * d.z) <= TOL * el)) continue;
    if (count === 0) { edge[0] = ex; edge[1] = ey; edge[2] = ez; }
    count++;
  }
  if (count === 0) return 0;
  if (count === 1 || hull.dimension === 1) return 1;
  // Two or more such edges: a face, if one holding the vertex has the direction for its normal within the
  // tolerance (as the manifolds decide a face); else the edges are a sliver's, nearly parallel: an edge.
  // (A walk of the faces, written out here: faces are the rare case, and a function called this rarely
  // runs unoptimised and boxes its numbers; CONTRIBUTING.md, "V8 rules", rule 7.)
  const fs = hull.faceStart, fi = hull.faceIndices, fn = hull.faceNormals;
  for (let f = 0, F = hull.faceCount; f < F; f++) {
    const nx = fn[3 * f], ny = fn[3 * f + 1], nz = fn[3 * f + 2];
    const cx = ny * d.z - nz * d.y, cy = nz * d.x - nx * d.z, cz = nx * d.y - ny * d.x;
    if (!(nx * d.x + ny * d.y + nz * d.z > 0 && Math.sqrt(cx * cx + cy * cy + cz * cz) <= TOL)) continue;
    for (let k = fs[f], e = fs[f + 1]; k < e; k++) if (fi[k] === top) return 2;
  }
  return 1;
}

/**
 * A shape whose flat parts no closed form sees, probed: its support along w.dir turned by ±PROBE_ANGLE
 * towards each of two tangents; a jump of more than PROBE_JUMP of its bounding radius is a straight extent.
 * A generic edge makes both turns jump, along the edge both times: jumps all along one line are an edge;
 * jumps along two directions, a face.
 */
function probe(w: DimensionWork, shape: ConvexShape, edge: Float64Array): number {
  const d = w.dir, ux = d.x, uy = d.y, uz = d.z;
  // A tangent basis (t1, t2) of u: t1 from the axis u is least along.
  let ax = 0, ay = 0, az = 0;
  if (Math.abs(ux) <= Math.abs(uy) && Math.abs(ux) <= Math.abs(uz)) ax = 1; else if (Math.abs(uy) <= Math.abs(uz)) ay = 1; else az = 1;
  let t1x = uy * az - uz * ay, t1y = uz * ax - ux * az, t1z = ux * ay - uy * ax;
  const tl = Math.sqrt(t1x * t1x + t1y * t1y + t1z * t1z);
  t1x /= tl; t1y /= tl; t1z /= tl;
  const t2x = uy * t1z - uz * t1y, t2y = uz * t1x - ux * t1z, t2z = ux * t1y - uy * t1x;
  const limit = PROBE_JUMP * shape.boundingRadius, j = w.jumps;
  let count = 0;
  for (let k = 0; k < 2; k++) {
    const tx = k === 0 ? t1x : t2x, ty = k === 0 ? t1y : t2y, tz = k === 0 ? t1z : t2z;
    const q = w.probe, p = w.p, r = w.q;
    q.x = ux + PROBE_ANGLE * tx; q.y = uy + PROBE_ANGLE * ty; q.z = uz + PROBE_ANGLE * tz;
    shape.support(p, q);
    q.x = ux - PROBE_ANGLE * tx; q.y = uy - PROBE_ANGLE * ty; q.z = uz - PROBE_ANGLE * tz;
    shape.support(r, q);
    const jx = p.x - r.x, jy = p.y - r.y, jz = p.z - r.z, m = Math.max(Math.abs(jx), Math.abs(jy), Math.abs(jz));
    // (Its largest component against the limit: a length from squares under- or overflows at extreme sizes.)
    if (!(m > limit)) continue;
    j[3 * count] = jx / m; j[3 * count + 1] = jy / m; j[3 * count + 2] = jz / m;
    count++;
  }
  if (count === 0) return 0;
  edge[0] = j[0]; edge[1] = j[1]; edge[2] = j[2];
  if (count === 1) return 1;
  // Two jumps: along one line (an edge crossed by both turns) or two (a face).
  const cx = j[1] * j[5] - j[2] * j[4], cy = j[2] * j[3] - j[0] * j[5], cz = j[0] * j[4] - j[1] * j[3];
  const l1 = Math.sqrt(j[0] * j[0] + j[1] * j[1] + j[2] * j[2]), l2 = Math.sqrt(j[3] * j[3] + j[4] * j[4] + j[5] * j[5]);
  return Math.sqrt(cx * cx + cy * cy + cz * cz) <= PARALLEL * l1 * l2 ? 1 : 2;
}
