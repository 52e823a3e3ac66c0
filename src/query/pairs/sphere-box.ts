/**
 * A sphere or a point against a box in closed form (Ericson, Real-Time Collision Detection §5.1.3 and
 * §5.2.5), in the box's frame: the centre's closest box point is the centre clamped to the box. A centre
 * outside the box (by more than the slack) gives the cores' closest points, answered by the core-plus-
 * radius rule (core-answer.ts); a centre inside or on it gives distance 0 at the centre, and its contact
 * goes out through the nearest face (deepInBox): a point inside a convex polytope is nearest its boundary
 * on the nearest face plane, and its projection there lies on that face (moving by less than any other
 * plane's distance crosses no other plane), so the depth is exact. That answer is written into the kernel's
 * record as a signed core distance and leaves through the same writer as the apart one (core-answer.ts).
 */
import { rotateVector, type Transform } from '../../math/transform.js';
import type { Box } from '../../shapes/box.js';
import type { ConvexShape } from '../../shapes/shape.js';
import type { QueryWork } from '../pair/query-work.js';
import type { ClosestPointsResult } from '../pair/results.js';
import { BOX_CLOSED_FORM_RELATIVE_TOLERANCE } from '../../tolerance.js';
import { RECORD, relateClosedForm, type ClosedForm } from './closed-form-families.js';

const BOX_FORM_TOLERANCE = BOX_CLOSED_FORM_RELATIVE_TOLERANCE; // (a module constant: CONTRIBUTING.md, "V8 rules", rule 4)

/** The record (closed-form-families.ts): A's centre (A's origin) and the clamped point in A's frame, their distance, the normal. */
const _c = /* @__PURE__ */ new Float64Array(RECORD);

/** The kernel: the sphere or point `a` and the box `b` related, the centre clamped to the box. */
function relateCentre(work: QueryWork, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform): Float64Array {
  const box = b as Box; // (registered for boxes only)
  const c = _c, frame = relateClosedForm(work, a, tA, b, tB, c), t = frame.bInA, scale = c[19];
  // The slack of what this form rounds: the offset and the ball, not the box's extents (tolerance.ts).
  frame.slack = BOX_FORM_TOLERANCE * (Math.abs(t.tx) + Math.abs(t.ty) + Math.abs(t.tz) + scale * a.boundingRadius) + frame.positionSlack;
  // The centre in B's frame: p_B = Rᵀ(p_A − t) with p_A = 0.
  const cx = -(t.m00 * t.tx + t.m10 * t.ty + t.m20 * t.tz);
  const cy = -(t.m01 * t.tx + t.m11 * t.ty + t.m21 * t.tz);
  const cz = -(t.m02 * t.tx + t.m12 * t.ty + t.m22 * t.tz);
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
  if (d > work.frame.slack) {
    const nx = dx / d, ny = dy / d, nz = dz / d;
    c[20] = t.m00 * nx + t.m01 * ny + t.m02 * nz;
    c[21] = t.m10 * nx + t.m11 * ny + t.m12 * nz;
    c[22] = t.m20 * nx + t.m21 * ny + t.m22 * nz;
    c[23] = 0;
  } else {
    // The centre in or on the box (within the slack): out through the nearest face (the header says why
    // exact), the first of ties in the order +x, −x, +y, −y, +z, −z; the record as a signed core answer
    // (the centre, its projection on that face, minus the distance to it, the normal from the ball into
    // the box: the face's inward normal) and c[23] = 1, which the contact family reads as an exact
    // answer (the other families see cores that meet).
    // The gap to each side's face; the nearest (an index 0..5: axis · 2 + side).
    let best = hx - cx, face = 0;
    if (hx + cx < best) { best = hx + cx; face = 1; }
    if (hy - cy < best) { best = hy - cy; face = 2; }
    if (hy + cy < best) { best = hy + cy; face = 3; }
    if (hz - cz < best) { best = hz - cz; face = 4; }
    if (hz + cz < best) { best = hz + cz; face = 5; }
    // The projection and the inward normal, in B's frame.
    let px = cx, py = cy, pz = cz, nx = 0, ny = 0, nz = 0;
    const axis = face >> 1, side = (face & 1) === 0 ? 1 : -1;
    if (axis === 0) { px = side * hx; nx = -side; } else if (axis === 1) { py = side * hy; ny = -side; } else { pz = side * hz; nz = -side; }
    c[15] = t.m00 * px + t.m01 * py + t.m02 * pz + t.tx;
    c[16] = t.m10 * px + t.m11 * py + t.m12 * pz + t.ty;
    c[17] = t.m20 * px + t.m21 * py + t.m22 * pz + t.tz;
    c[18] = -best;
    c[20] = t.m00 * nx + t.m01 * ny + t.m02 * nz;
    c[21] = t.m10 * nx + t.m11 * ny + t.m12 * nz;
    c[22] = t.m20 * nx + t.m21 * ny + t.m22 * nz;
    c[23] = 1;
  }
  // σ along the normal from the supports, for the certified bounds (query/certify/): the box's least
  // reach along it (its centre less Σ h|n·axis|) less the centre's.
  const nx = c[20], ny = c[21], nz = c[22];
  c[27] = nx * t.tx + ny * t.ty + nz * t.tz
    - (hx * Math.abs(t.m00 * nx + t.m10 * ny + t.m20 * nz) + hy * Math.abs(t.m01 * nx + t.m11 * ny + t.m21 * nz) + hz * Math.abs(t.m02 * nx + t.m12 * ny + t.m22 * nz));
  c[28] = 1;
  return c;
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

export const SPHERE_BOX: readonly ClosedForm[] = [
  { kinds: ['point', 'box'], kernel: relateCentre, meetingClosest: closestInside },
  { kinds: ['sphere', 'box'], kernel: relateCentre, meetingClosest: closestInside },
];

