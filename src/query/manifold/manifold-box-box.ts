/**
 * Box against box by the separating axis test (Gottschalk, Lin & Manocha 1996; Ericson §4.4; the
 * axis search of Bullet's dBoxBox2 and rapier's cuboid-cuboid manifolds): the 15 candidate axes (3 face
 * normals of each box, 9 cross products of their edges). For overlapping boxes the axis of least
 * overlap is the penetration normal and its overlap the exact depth (the minimum translation that
 * separates two convex polytopes is along a face normal or an edge-edge cross product), so the
 * manifold needs no GJK or EPA. A separation along some axis beyond the margin proves the pair farther
 * apart than it; a separated pair within the margin goes to the general path, since the distance
 * between separated boxes is not a separation along one of these axes in general.
 *
 * Writes the contact into `work.contact` as the contact query would (normal A to B, signed
 * separation, the two deepest points) and returns NEAR; FAR when beyond the margin, GENERAL when the
 * general path must answer (separated within the margin, or sizes outside the ordinary range).
 */
import { transformPoint, type Transform } from '../../math/transform.js';
import type { Box } from '../../shapes/box.js';
import { relatePair } from '../pair/pair-frame.js';
import type { QueryWork } from '../pair/query-work.js';
import { BOX_EDGES_PARALLEL_SINE } from '../../tolerance.js';

export const NEAR = 0;
export const FAR = 1;
export const GENERAL = 2;

const PARALLEL_EDGES = BOX_EDGES_PARALLEL_SINE; // V8 rule 4 (CONTRIBUTING.md); tolerance.ts says why its value

/**
 * The best axis so far (overlap, then the unit normal in A's frame, then which axis: 0 to 2 A's face
 * normal x, y, z; 3 to 5 B's; 6 + 3i + j the cross product of A's axis i and B's axis j): in a typed
 * array, not in locals that mix small-integer and double values across the branches (V8 boxed such
 * locals: 20 bytes a call). After a NEAR answer it holds that answer's axis (pairs/contact-box-box.ts reads it).
 */
export const BOX_AXIS = /* @__PURE__ */ new Float64Array(5);
const _axis = BOX_AXIS;

/** The margin is `work.maxSeparation` (a number passed to this call would be boxed: CONTRIBUTING.md, "V8 rules", rule 1). */
export function collideBoxBox(work: QueryWork, a: Box, tA: Transform, b: Box, tB: Transform): number {
  const margin = work.maxSeparation;
  const frame = relatePair(work.frame, a, tA, b, tB);
  if (frame.outOfRange) return GENERAL;
  const t = frame.bInA;
  const ax = a.hx, ay = a.hy, az = a.hz, bx = b.hx, by = b.hy, bz = b.hz;
  // R: B's axes in A's frame (columns); |R| with no epsilon: the overlaps are exact to rounding.
  const r00 = t.m00, r01 = t.m01, r02 = t.m02, r10 = t.m10, r11 = t.m11, r12 = t.m12, r20 = t.m20, r21 = t.m21, r22 = t.m22;
  const a00 = Math.abs(r00), a01 = Math.abs(r01), a02 = Math.abs(r02), a10 = Math.abs(r10), a11 = Math.abs(r11), a12 = Math.abs(r12);
  const a20 = Math.abs(r20), a21 = Math.abs(r21), a22 = Math.abs(r22);
  const px = t.tx, py = t.ty, pz = t.tz;
  // The axis of least overlap so far: (nx, ny, nz) in A's frame, unit, pointing from A to B.
  const ax4 = _axis;
  ax4[0] = Infinity;
  let o: number;
  // A's faces.
  o = ax + bx * a00 + by * a01 + bz * a02 - Math.abs(px);
  if (o < ax4[0]) { ax4[0] = o; ax4[1] = px >= 0 ? 1 : -1; ax4[2] = 0; ax4[3] = 0; ax4[4] = 0; }
  o = ay + bx * a10 + by * a11 + bz * a12 - Math.abs(py);
  if (o < ax4[0]) { ax4[0] = o; ax4[1] = 0; ax4[2] = py >= 0 ? 1 : -1; ax4[3] = 0; ax4[4] = 1; }
  o = az + bx * a20 + by * a21 + bz * a22 - Math.abs(pz);
  if (o < ax4[0]) { ax4[0] = o; ax4[1] = 0; ax4[2] = 0; ax4[3] = pz >= 0 ? 1 : -1; ax4[4] = 2; }
  // B's faces (the columns of R).
  let d = px * r00 + py * r10 + pz * r20;
  o = bx + ax * a00 + ay * a10 + az * a20 - Math.abs(d);
  if (o < ax4[0]) { ax4[0] = o; const s = d >= 0 ? 1 : -1; ax4[1] = s * r00; ax4[2] = s * r10; ax4[3] = s * r20; ax4[4] = 3; }
  d = px * r01 + py * r11 + pz * r21;
  o = by + ax * a01 + ay * a11 + az * a21 - Math.abs(d);
  if (o < ax4[0]) { ax4[0] = o; const s = d >= 0 ? 1 : -1; ax4[1] = s * r01; ax4[2] = s * r11; ax4[3] = s * r21; ax4[4] = 4; }
  d = px * r02 + py * r12 + pz * r22;
  o = bz + ax * a02 + ay * a12 + az * a22 - Math.abs(d);
  if (o < ax4[0]) { ax4[0] = o; const s = d >= 0 ? 1 : -1; ax4[1] = s * r02; ax4[2] = s * r12; ax4[3] = s * r22; ax4[4] = 5; }
  // Separated along a face axis by more than the margin: that separation bounds the distance from below.
  if (-ax4[0] > margin) { work.separationBound = -ax4[0]; return FAR; }
  // Edge pairs: A's axis i × B's axis j. Faces win ties (a face contact clips to a region).
  const faceBest = ax4[0];
  // The least cross product's length read (the edge axes' directions are off by about 2ε over it), and the
  // greatest skipped (its axis's overlap is within about 4 times it of the reach of the others').
  let shortest = Infinity, skipped = 0;
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      // e_i × (column j of R), in A's frame.
      const cx = j === 0 ? r00 : j === 1 ? r01 : r02, cy = j === 0 ? r10 : j === 1 ? r11 : r12, cz = j === 0 ? r20 : j === 1 ? r21 : r22;
      const ux = i === 0 ? 0 : i === 1 ? cz : -cy;
      const uy = i === 0 ? -cz : i === 1 ? 0 : cx;
      const uz = i === 0 ? cy : i === 1 ? -cx : 0;
      const l = Math.sqrt(ux * ux + uy * uy + uz * uz);
      if (!(l > PARALLEL_EDGES)) { if (l > skipped) skipped = l; continue; }
      if (l < shortest) shortest = l;
      // Half widths of both boxes along the axis, and the centres' distance along it.
      const ha = ax * Math.abs(ux) + ay * Math.abs(uy) + az * Math.abs(uz);
      const hb = bx * Math.abs(ux * r00 + uy * r10 + uz * r20) + by * Math.abs(ux * r01 + uy * r11 + uz * r21)
        + bz * Math.abs(ux * r02 + uy * r12 + uz * r22);
      const dc = ux * px + uy * py + uz * pz;
      o = (ha + hb - Math.abs(dc)) / l;
      if (o < ax4[0] && o < faceBest - 1e-12 * (ha + hb) / l) {
        const s = dc >= 0 ? 1 / l : -1 / l;
        ax4[0] = o; ax4[1] = s * ux; ax4[2] = s * uy; ax4[3] = s * uz; ax4[4] = 6 + 3 * i + j;
      }
    }
  }
  const best = ax4[0], nx = ax4[1], ny = ax4[2], nz = ax4[3];
  if (-best > margin) { work.separationBound = -best; return FAR; }
  if (best < 0) return GENERAL; // apart, within the margin: the exact distance is GJK's
  // Overlapping (or touching): the normal and depth are exact; the deepest points are the supports.
  const c = work.contact;
  // Two stores, not `slack ? 0 : −best`: a value that is a small integer on one branch and a double on
  // the other was boxed on every call (CONTRIBUTING.md, "V8 rules", rule 1).
  if (best <= frame.slack) c.separation = 0;
  else c.separation = -best;
  // The 15 axes are complete for two boxes, so the least overlap is the depth, to what the reading may
  // miss (tolerance.ts, BOX_EDGES_PARALLEL_SINE): an edge axis lost to a face by its 1e-12 tie margin (at
  // most that much of the widths along it, ≤ the half extents' sum); an edge axis's direction, off by about
  // 2ε over its cross product's length, whose overlap may exceed the true axis's by that angle times the
  // difference's reach (the half extents and the offset); a skipped pair of nearly parallel edges.
  const extents = ax + ay + az + bx + by + bz, reach = extents + Math.abs(px) + Math.abs(py) + Math.abs(pz);
  c.pathUpper = -best + 1e-12 * extents + (8 * Number.EPSILON / shortest + 6 * skipped) * reach;
  c.sigma = -best; c.hasSigma = true; // (the overlap along the axis from both boxes' supports: Σ h|n·axis|)
  c.status = 'converged';
  c.iterations = 0;
  // A's support along n, B's along −n (B's local axes are the columns of R). Signs as products, as in
  // Box.support: `d ≥ 0 ? h : −h` with h a small integer in its field made a boxed value every call.
  c.pointA.x = ax * (+(nx >= 0) - +(nx < 0));
  c.pointA.y = ay * (+(ny >= 0) - +(ny < 0));
  c.pointA.z = az * (+(nz >= 0) - +(nz < 0));
  const sx = -(nx * r00 + ny * r10 + nz * r20), sy = -(nx * r01 + ny * r11 + nz * r21), sz = -(nx * r02 + ny * r12 + nz * r22);
  const qx = bx * (+(sx >= 0) - +(sx < 0)), qy = by * (+(sy >= 0) - +(sy < 0)), qz = bz * (+(sz >= 0) - +(sz < 0));
  c.pointB.x = r00 * qx + r01 * qy + r02 * qz + px;
  c.pointB.y = r10 * qx + r11 * qy + r12 * qz + py;
  c.pointB.z = r20 * qx + r21 * qy + r22 * qz + pz;
  transformPoint(c.pointA, tA, c.pointA);
  transformPoint(c.pointB, tA, c.pointB);
  c.normal.x = tA.m00 * nx + tA.m01 * ny + tA.m02 * nz;
  c.normal.y = tA.m10 * nx + tA.m11 * ny + tA.m12 * nz;
  c.normal.z = tA.m20 * nx + tA.m21 * ny + tA.m22 * nz;
  return NEAR;
}
