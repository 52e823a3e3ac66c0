/**
 * A sphere or a point against a convex hull in closed form (every family), exactly, without GJK or EPA,
 * from the hull's faces and edges (the polytope's half-space form; Ericson, Real-Time Collision Detection §5.1.3):
 * - a centre inside the hull: through the nearest face plane. A point inside a convex polytope is nearest
 *   its boundary on the nearest face plane, and its projection there lies on that face (moving by less than
 *   any other plane's distance crosses no other plane): the depth is that distance plus the radius, along
 *   the face's inward normal; a centre within the pair's slack outside counts as on that face;
 * - a centre outside: its closest hull point is its projection on a face it is outside of, when that
 *   projection lies in the face (the face's normal is then the exact normal: GJK's, read off closest points,
 *   missed by 3e-8 for a centre 1e-8 from the hull, specialised-pairs.test.ts), else the closest point of
 *   the nearest edge (its ends the vertices).
 * One pass over the face planes, and only for a centre outside near an edge or a vertex one over the edges.
 * A flat or smaller hull (no inside: the kernel declines, c[23] = −1) and a traced query take the general
 * path; outside the ordinary range of sizes, a copy scaled by a power of two answers (closed-form-families.ts),
 * so every length scales exactly. The radius is applied by the core-plus-radius rule (core-answer.ts).
 */
import type { Transform } from '../../math/transform.js';
import type { ConvexHull } from '../../shapes/convex-hull.js';
import type { ConvexShape } from '../../shapes/shape.js';
import type { QueryWork } from '../pair/query-work.js';
import { BOX_CLOSED_FORM_RELATIVE_TOLERANCE, HULL_COVER_FACTOR } from '../../tolerance.js';
import { RECORD, relateClosedForm, type ClosedForm } from './closed-form-families.js';
import { hullPolytope } from './polytope-edges.js';

const HULL_FORM_TOLERANCE = BOX_CLOSED_FORM_RELATIVE_TOLERANCE; // (a module constant: CONTRIBUTING.md, "V8 rules", rule 4)

/** The record core-answer.ts reads (closed-form-families.ts says its layout). */
const _c = /* @__PURE__ */ new Float64Array(RECORD);
/**
 * A point for inFace and nearestEdgePoint (0..2), the nearest edge point (3..5) and its distance (6), and
 * the scale the hull's lengths are read at (7: 1 in the ordinary range).
 * (Numbers through a call V8 may not inline are boxed: CONTRIBUTING.md, "V8 rules", rule 1.)
 */
const _e = /* @__PURE__ */ new Float64Array(9);
/** Each face's signed distance from the centre (ballHull's first pass), grown to the largest hull seen. */
let _s = /* @__PURE__ */ new Float64Array(64);

/** The kernel (closed-form-families.ts): the record of the centre against the hull, or c[23] = −1 for the general path. */
function relateBallHull(work: QueryWork, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform): Float64Array {
  if (!ballHull(work, a, tA, b as ConvexHull, tB)) _c[23] = -1;
  return _c;
}

export const SPHERE_HULL: readonly ClosedForm[] = [
  { kinds: ['point', 'convexHull'], kernel: relateBallHull },
  { kinds: ['sphere', 'convexHull'], kernel: relateBallHull },
];

/**
 * The contact record of A's centre against hull B: the centre (A's frame origin) and B's closest (or, the
 * centre inside, nearest-face) point, their signed distance, the normal from A into B, the radii. False
 * for a flat hull or a pair outside the ordinary sizes.
 */
function ballHull(work: QueryWork, a: ConvexShape, tA: Transform, hull: ConvexHull, tB: Transform): boolean {
  if (hull.dimension !== 3) return false;
  // (Outside the ordinary sizes, a copy scaled by a power of two: its lengths are the hull's times c[19].)
  const c = _c, frame = relateClosedForm(work, a, tA, hull, tB, c), t = frame.bInA, scale = c[19];
  c[29] = HULL_COVER_FACTOR * hull.tolerance * scale; // (its faces read: the certified bounds' margin)
  _e[7] = scale;
  // The centre in B's frame: p_B = Rᵀ(p_A − t) with p_A = 0.
  const px = -(t.m00 * t.tx + t.m10 * t.ty + t.m20 * t.tz);
  const py = -(t.m01 * t.tx + t.m11 * t.ty + t.m21 * t.tz);
  const pz = -(t.m02 * t.tx + t.m12 * t.ty + t.m22 * t.tz);
  const n = hull.faceNormals, d = hull.faceOffsets, faces = hull.faceCount;
  if (_s.length < faces) _s = new Float64Array(2 * faces);
  const sf = _s;
  let best = -Infinity, face = 0;
  for (let f = 0; f < faces; f++) {
    const s = n[3 * f] * px + n[3 * f + 1] * py + n[3 * f + 2] * pz - d[f] * scale;
    sf[f] = s;
    if (s > best) { best = s; face = f; }
  }
  // The slack of what this form rounds: the centre in the hull's frame, the ball's radius and the nearest
  // face's offset, not the hull's extent (tolerance.ts, BOX_CLOSED_FORM_RELATIVE_TOLERANCE: a ball 2 above
  // a hull 1e15 long touched it).
  frame.slack = HULL_FORM_TOLERANCE * (Math.abs(px) + Math.abs(py) + Math.abs(pz) + scale * (a.sweptRadius + Math.abs(d[face])))
    + frame.positionSlack;
  let qx = 0, qy = 0, qz = 0, nx = 0, ny = 0, nz = 0, dist = best;
  const e = _e;
  e[0] = px - best * n[3 * face]; e[1] = py - best * n[3 * face + 1]; e[2] = pz - best * n[3 * face + 2];
  if (best <= frame.slack || inFace(hull, face)) {
    // Inside (to the slack), or outside over the face of greatest distance: the projection, the face's normal.
    // (Inside, the contact family's exact answer for cores that meet: c[23] = 1.)
    c[23] = best <= frame.slack ? 1 : 0;
    nx = n[3 * face]; ny = n[3 * face + 1]; nz = n[3 * face + 2];
    qx = px - best * nx; qy = py - best * ny; qz = pz - best * nz;
  } else {
    // Outside, over no face: another face may hold its projection where rounding made that face's distance
    // a hair below the greatest (a face holding the closest point is a greatest: every other face's plane
    // supports the hull, so its distance is at most the hull's), within the slack; else an edge.
    c[23] = 0;
    let found = false;
    const tie = best - frame.slack;
    for (let f = 0; f < faces && !found; f++) {
      const s = sf[f];
      if (!(s > 0) || f === face || s < tie) continue;
      const fx = n[3 * f], fy = n[3 * f + 1], fz = n[3 * f + 2];
      e[0] = px - s * fx; e[1] = py - s * fy; e[2] = pz - s * fz;
      if (inFace(hull, f)) { found = true; dist = s; nx = fx; ny = fy; nz = fz; qx = px - s * fx; qy = py - s * fy; qz = pz - s * fz; }
    }
    if (!found) {
      e[0] = px; e[1] = py; e[2] = pz; e[8] = -frame.slack;
      nearestEdgePoint(hull);
      qx = e[3]; qy = e[4]; qz = e[5]; dist = e[6];
      if (!(dist > 0)) return false;
      // From the hull's point out to the centre (the outward direction), as the face's normal is.
      nx = (px - qx) / dist; ny = (py - qy) / dist; nz = (pz - qz) / dist;
    }
  }
  c[12] = 0; c[13] = 0; c[14] = 0;
  c[15] = t.m00 * qx + t.m01 * qy + t.m02 * qz + t.tx;
  c[16] = t.m10 * qx + t.m11 * qy + t.m12 * qz + t.ty;
  c[17] = t.m20 * qx + t.m21 * qy + t.m22 * qz + t.tz;
  c[18] = dist;
  // The normal from A into B: against the hull's outward direction.
  c[20] = -(t.m00 * nx + t.m01 * ny + t.m02 * nz);
  c[21] = -(t.m10 * nx + t.m11 * ny + t.m12 * nz);
  c[22] = -(t.m20 * nx + t.m21 * ny + t.m22 * nz);
  return true;
}

/** Whether point _e[0..2] (B's frame, on face f's plane) lies in face f: behind each of its edges' side planes. */
function inFace(hull: ConvexHull, f: number): boolean {
  const qx = _e[0], qy = _e[1], qz = _e[2], k0 = _e[7], v = hull.vertices, loops = hull.faceIndices, start = hull.faceStart, n = hull.faceNormals;
  const nx = n[3 * f], ny = n[3 * f + 1], nz = n[3 * f + 2];
  for (let k = start[f], end = start[f + 1]; k < end; k++) {
    const i = 3 * loops[k], j = 3 * loops[k + 1 < end ? k + 1 : start[f]];
    const ex = v[j] - v[i], ey = v[j + 1] - v[i + 1], ez = v[j + 2] - v[i + 2];
    // The side plane through the edge, facing out of the face (loops run counter-clockwise seen from outside).
    const mx = ey * nz - ez * ny, my = ez * nx - ex * nz, mz = ex * ny - ey * nx;
    if (mx * (qx - k0 * v[i]) + my * (qy - k0 * v[i + 1]) + mz * (qz - k0 * v[i + 2]) > 0) return false;
  }
  return true;
}

/**
 * The point of the hull's edges nearest p = _e[0..2] (B's frame) into _e[3..5], its distance into _e[6].
 * Only edges with a face p is outside of (_s above −_e[8]'s slack): p − q lies in the normal cone of the
 * nearest feature, so for an edge's inside point s0 + s1 = |p − q|(α + β)(1 + n0·n1) > 0 over its faces,
 * and for a corner Σ αⱼ sⱼ = |p − q|² > 0 over the faces that meet there, one of them holding an edge that
 * ends at it.
 */
function nearestEdgePoint(hull: ConvexHull): void {
  const e = _e, px = e[0], py = e[1], pz = e[2], k0 = e[7], least = e[8], v = hull.vertices, edges = hullPolytope(hull).edges, sf = _s;
  let best = Infinity;
  for (let k = 0, E = edges.length; k < E; k += 4) {
    const f1 = edges[k + 3];
    if (!(sf[edges[k + 2]] > least) && !(f1 >= 0 && sf[f1] > least)) continue;
    const i = 3 * edges[k], j = 3 * edges[k + 1];
    const ax = k0 * v[i], ay = k0 * v[i + 1], az = k0 * v[i + 2];
    const ex = k0 * v[j] - ax, ey = k0 * v[j + 1] - ay, ez = k0 * v[j + 2] - az;
    const wx = px - ax, wy = py - ay, wz = pz - az;
    const ee = ex * ex + ey * ey + ez * ez;
    const u = Math.min(Math.max(ee > 0 ? (wx * ex + wy * ey + wz * ez) / ee : 0.5, 0), 1);
    const qx = ax + u * ex, qy = ay + u * ey, qz = az + u * ez;
    const dx = px - qx, dy = py - qy, dz = pz - qz, d2 = dx * dx + dy * dy + dz * dz;
    if (d2 < best) { best = d2; e[3] = qx; e[4] = qy; e[5] = qz; }
  }
  e[6] = Math.sqrt(best);
}
