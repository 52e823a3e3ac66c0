/**
 * A sphere or a point against a convex hull in the contact family: a centre inside the hull is answered
 * through the hull's nearest face plane, exactly, without EPA. A point inside a convex polytope is nearest
 * its boundary on the nearest face plane, and its projection there lies on that face (moving by less than
 * any other plane's distance crosses no other plane): the penetration of the centre is that distance, the
 * ball's the distance plus its radius, along the face's inward normal (Ericson, Real-Time Collision
 * Detection §5.1.3, the polytope's half-space form). One pass over the hull's face planes, which the
 * query needed anyway to know the centre is inside.
 *
 * A centre outside (any face plane's distance above the pair's slack), a hull that is flat or smaller (no inside), a pair
 * outside the ordinary range of sizes and a traced query take the general path (GJK, which the distance of
 * a point to a polytope needs; EPA only where the centre is within the slack of the surface).
 */
import type { Transform } from '../../math/transform.js';
import type { ConvexHull } from '../../shapes/convex-hull.js';
import type { ConvexShape } from '../../shapes/shape.js';
import { contactConvex } from '../contact/convex-contact.js';
import type { ContactPairFunction } from '../pair/dispatch.js';
import { relatePair } from '../pair/pair-frame.js';
import type { QueryWork } from '../pair/query-work.js';
import { RECORD } from './closed-form-families.js';
import { contactFromCores } from './core-answer.js';

/** The record core-answer.ts reads (closed-form-families.ts says its layout). */
const _c = /* @__PURE__ */ new Float64Array(RECORD);

export const contactSphereHull: ContactPairFunction = (work, a, tA, b, tB, options) => {
  if (options?.trace === undefined && centreInside(work, a as ConvexShape, tA, b as ConvexHull, tB)) return contactFromCores(work, tA, _c);
  return contactConvex(work, a as ConvexShape, tA, b as ConvexShape, tB, options);
};

/**
 * Whether A's centre is inside hull B (on or below every face plane, to the pair's slack), and then the record of the answer
 * (core-answer.ts): the centre and its projection on the nearest face plane (A's frame), minus the
 * distance to it, the normal from A into B (that face's inward normal), the radii. The first of ties in
 * face order.
 */
function centreInside(work: QueryWork, a: ConvexShape, tA: Transform, hull: ConvexHull, tB: Transform): boolean {
  if (hull.dimension !== 3) return false;
  const frame = relatePair(work.frame, a, tA, hull, tB);
  if (frame.outOfRange) return false;
  const t = frame.bInA;
  // The centre in B's frame: p_B = Rᵀ(p_A − t) with p_A = 0.
  const px = -(t.m00 * t.tx + t.m10 * t.ty + t.m20 * t.tz);
  const py = -(t.m01 * t.tx + t.m11 * t.ty + t.m21 * t.tz);
  const pz = -(t.m02 * t.tx + t.m12 * t.ty + t.m22 * t.tz);
  const n = hull.faceNormals, d = hull.faceOffsets, faces = hull.faceCount, slack = frame.slack;
  let best = -Infinity, face = 0;
  for (let f = 0; f < faces; f++) {
    const s = n[3 * f] * px + n[3 * f + 1] * py + n[3 * f + 2] * pz - d[f];
    if (s > best) {
      // Outside a face plane beyond the slack: not inside (the general path measures how far). Within it,
      // on the surface: the face's plane gives the exact normal, where GJK would read one off closest points
      // a rounding apart (the certificate then missed by 3e-8, FC_SEED=random, specialised-pairs.test.ts).
      if (s > slack) return false;
      best = s;
      face = f;
    }
  }
  const nx = n[3 * face], ny = n[3 * face + 1], nz = n[3 * face + 2];
  // The projection on the face plane, in B's frame, then A's; the normal (inward: −n) in A's frame.
  const qx = px - best * nx, qy = py - best * ny, qz = pz - best * nz;
  const c = _c;
  c[12] = 0; c[13] = 0; c[14] = 0;
  c[15] = t.m00 * qx + t.m01 * qy + t.m02 * qz + t.tx;
  c[16] = t.m10 * qx + t.m11 * qy + t.m12 * qz + t.ty;
  c[17] = t.m20 * qx + t.m21 * qy + t.m22 * qz + t.tz;
  c[18] = best;
  c[20] = -(t.m00 * nx + t.m01 * ny + t.m02 * nz);
  c[21] = -(t.m10 * nx + t.m11 * ny + t.m12 * nz);
  c[22] = -(t.m20 * nx + t.m21 * ny + t.m22 * nz);
  c[24] = 1; c[25] = a.sweptRadius; c[26] = 0;
  return true;
}
