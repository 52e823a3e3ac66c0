/**
 * A sphere or a point against a box in closed form (Ericson, Real-Time Collision Detection §5.1.3 and
 * §5.2.5), in the box's frame: the centre's closest box point is the centre clamped to the box. A centre
 * outside the box (by more than the slack) gives the cores' closest points, answered by the core-plus-
 * radius rule (core-answer.ts); a centre inside or on it gives the contact through the face it is
 * nearest, whose overlap h_k − |c_k| plus the radius is the exact depth (the least overlap of a ball
 * and a box is along a face normal), and for the distance family 0, as the general path says. Pairs
 * outside the ordinary range of sizes take the general path, also the oracle of the tests.
 */
import { rotateVector, transformPoint, type Transform } from '../../math/transform.js';
import type { Box } from '../../shapes/box.js';
import type { ConvexShape, SupportMap } from '../../shapes/shape.js';
import type { PairFrame } from '../pair-frame.js';
import type { QueryWork } from '../query-work.js';
import type { ClosestPointsResult } from '../results.js';
import { closedFormFamilies, type PairFunctions } from './closed-form-families.js';
import { SEGMENTS } from './closest-segments.js';

/**
 * The centre in the box's frame (c[0..2]), and in A's frame the core points as core-answer.ts reads
 * them: A's centre (the origin) at c[12..14], the clamped point at c[15..17], their distance at c[18],
 * the scale at c[19], the unit normal at c[20..22].
 */
const _c = /* @__PURE__ */ new Float64Array(SEGMENTS);

/** Fills _c for the sphere or point `a` (A's frame) and the box `b` at frame.bInA, lengths times `scale`. */
function relateCentre(frame: PairFrame, _a: ConvexShape, b: ConvexShape, scale: number): Float64Array {
  const box = b as Box; // (registered for boxes only)
  const c = _c, t = frame.bInA;
  // The centre in B's frame: p_B = Rᵀ(p_A − t) with p_A = 0.
  const cx = -(t.m00 * t.tx + t.m10 * t.ty + t.m20 * t.tz);
  const cy = -(t.m01 * t.tx + t.m11 * t.ty + t.m21 * t.tz);
  const cz = -(t.m02 * t.tx + t.m12 * t.ty + t.m22 * t.tz);
  c[0] = cx; c[1] = cy; c[2] = cz;
  const hx = box.hx * scale, hy = box.hy * scale, hz = box.hz * scale;
  const qx = cx < -hx ? -hx : cx > hx ? hx : cx, qy = cy < -hy ? -hy : cy > hy ? hy : cy, qz = cz < -hz ? -hz : cz > hz ? hz : cz;
  // The clamped point back in A's frame.
  c[12] = 0; c[13] = 0; c[14] = 0;
  c[15] = t.m00 * qx + t.m01 * qy + t.m02 * qz + t.tx;
  c[16] = t.m10 * qx + t.m11 * qy + t.m12 * qz + t.ty;
  c[17] = t.m20 * qx + t.m21 * qy + t.m22 * qz + t.tz;
  // Distance and normal in B's frame, where the difference is exactly 0 along every axis whose slab holds
  // the centre (a face's normal comes out exact; closest-segments.ts says why it matters), then rotated.
  const dx = qx - cx, dy = qy - cy, dz = qz - cz;
  const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
  c[18] = d;
  c[19] = scale;
  if (d > 0) {
    const nx = dx / d, ny = dy / d, nz = dz / d;
    c[20] = t.m00 * nx + t.m01 * ny + t.m02 * nz;
    c[21] = t.m10 * nx + t.m11 * ny + t.m12 * nz;
    c[22] = t.m20 * nx + t.m21 * ny + t.m22 * nz;
  } else { c[20] = 0; c[21] = 0; c[22] = 0; }
  return c;
}

/**
 * The centre in or on the box: out through the face of least overlap h_k − |c_k| (first of ties). In
 * B's frame the normal from A to B is −sign(c_k)·e_k; A's deepest point is the centre moved by its
 * radius along it, B's the centre moved onto that face.
 */
function contactInside(work: QueryWork, _a: ConvexShape, b: ConvexShape, tB: Transform, radiusA: SupportMap, c: Float64Array): boolean {
  const box = b as Box, scale = c[19], hx = box.hx * scale, hy = box.hy * scale, hz = box.hz * scale;
  const cx = c[0], cy = c[1], cz = c[2];
  const ox = hx - Math.abs(cx), oy = hy - Math.abs(cy), oz = hz - Math.abs(cz);
  const k = ox <= oy && ox <= oz ? 0 : oy <= oz ? 1 : 2;
  const s = (k === 0 ? cx : k === 1 ? cy : cz) >= 0 ? 1 : -1;
  const r = work.contact, n = r.normal, rA = radiusA.sweptRadius;
  n.x = k === 0 ? -s : 0; n.y = k === 1 ? -s : 0; n.z = k === 2 ? -s : 0;
  r.pointA.x = cx + n.x * rA; r.pointA.y = cy + n.y * rA; r.pointA.z = cz + n.z * rA;
  r.pointB.x = k === 0 ? s * hx : cx; r.pointB.y = k === 1 ? s * hy : cy; r.pointB.z = k === 2 ? s * hz : cz;
  const depth = (k === 0 ? ox : k === 1 ? oy : oz) + rA;
  r.separation = depth <= work.frame.slack ? 0 : -depth;
  r.status = 'converged';
  r.iterations = 0;
  transformPoint(r.pointA, tB, r.pointA);
  transformPoint(r.pointB, tB, r.pointB);
  rotateVector(n, tB, n);
  return true;
}

/**
 * The centre in or on the box: distance 0 at the centre, and the general path's normal for cores that
 * meet (closestPointsConvex: from A's origin towards B's, or +x when they coincide).
 */
function closestInside(work: QueryWork, tA: Transform, out: ClosestPointsResult): boolean {
  const t = work.frame.bInA, n = out.normal;
  const l = Math.sqrt(t.tx * t.tx + t.ty * t.ty + t.tz * t.tz);
  if (l > 0) { n.x = t.tx / l; n.y = t.ty / l; n.z = t.tz / l; } else { n.x = 1; n.y = 0; n.z = 0; }
  rotateVector(n, tA, n);
  out.pointA.x = tA.tx; out.pointA.y = tA.ty; out.pointA.z = tA.tz;
  out.pointB.x = tA.tx; out.pointB.y = tA.ty; out.pointB.z = tA.tz;
  out.distance = 0;
  out.status = 'converged';
  out.iterations = 0;
  return true;
}

export const SPHERE_BOX: PairFunctions = /* @__PURE__ */ closedFormFamilies(relateCentre, contactInside, closestInside);

