/**
 * A point, segment, sphere or capsule against a triangle in closed form: the closest points of a segment
 * (a point is one twice) and a triangle (Ericson, Real-Time Collision Detection §5.1.5 for a point and a
 * triangle, §5.1.10's candidates for a segment): each end of the segment against the triangle, and the
 * segment against each edge (closest-segments.ts); a segment that crosses the triangle meets it. The radii
 * are applied by the core-plus-radius rule (core-answer.ts); cores that meet take the general path. The
 * triangle meshes' parts are triangles, so these serve balls and capsules against meshes too.
 *
 * The normal, where the closest point of the triangle is inside its face, is the face's normal (toward the
 * other core), not the points' difference, which carries their rounding (closest-segments.ts says why).
 */
import type { Transform } from '../../math/transform.js';
import type { ConvexShape } from '../../shapes/shape.js';
import type { Triangle } from '../../shapes/triangle.js';
import type { QueryWork } from '../pair/query-work.js';
import { RECORD, relateClosedForm, type ClosedForm } from './closed-form-families.js';
import { closestSegments } from './closest-segments.js';
import { writeCore } from './swept-segments.js';

/** The answer's record (closed-form-families.ts). */
const _c = /* @__PURE__ */ new Float64Array(RECORD);
/** The segment (0..5) and the triangle's corners (6..14), in A's frame. */
const _in = /* @__PURE__ */ new Float64Array(15);
/**
 * A point against the triangle: the point in (0..2), its closest point out (0..2) and whether that lies in
 * the face (3). (Numbers through a call V8 may not inline are boxed: CONTRIBUTING.md, "V8 rules", rule 1;
 * as three arguments they cost 1.8 bytes a query over every pair of kinds, allocation.ts.)
 */
const _q = /* @__PURE__ */ new Float64Array(4);
/** closestSegments' record, for the segment against an edge. */
const _e = /* @__PURE__ */ new Float64Array(RECORD);

/** The kernel: the pair related, the closest points of the segment core and the triangle in A's frame. */
function relateSegmentTriangle(work: QueryWork, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform): Float64Array {
  const c = _c, t = relateClosedForm(work, a, tA, b, tB, c).bInA, scale = c[19], s = _in;
  const triangleFirst = a.kind === 'triangle';
  const tri = (triangleFirst ? a : b) as Triangle;
  writeCore(s, 0, triangleFirst ? b : a, scale);
  s[6] = tri.a.x * scale; s[7] = tri.a.y * scale; s[8] = tri.a.z * scale;
  s[9] = tri.b.x * scale; s[10] = tri.b.y * scale; s[11] = tri.b.z * scale;
  s[12] = tri.c.x * scale; s[13] = tri.c.y * scale; s[14] = tri.c.z * scale;
  // B's points into A's frame (x = R x_B + t).
  for (let o = triangleFirst ? 0 : 6, end = triangleFirst ? 6 : 15; o < end; o += 3) {
    const x = s[o], y = s[o + 1], z = s[o + 2];
    s[o] = t.m00 * x + t.m01 * y + t.m02 * z + t.tx;
    s[o + 1] = t.m10 * x + t.m11 * y + t.m12 * z + t.ty;
    s[o + 2] = t.m20 * x + t.m21 * y + t.m22 * z + t.tz;
  }
  closestSegmentTriangle(c, triangleFirst);
  return c;
}

/**
 * The closest points of segment _in[0..5] and triangle _in[6..14] into the record (c[12..14] A's core
 * point, c[15..17] B's: the triangle's first when `triangleFirst`), their distance c[18] and the unit
 * normal from A's to B's c[20..22] (0 when they meet).
 */
function closestSegmentTriangle(c: Float64Array, triangleFirst: boolean): void {
  const s = _in, e = _e, q = _q;
  // The face's normal (unnormalised) and the segment's ends' heights over its plane.
  const ux = s[9] - s[6], uy = s[10] - s[7], uz = s[11] - s[8], vx = s[12] - s[6], vy = s[13] - s[7], vz = s[14] - s[8];
  const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  const h0 = nx * (s[0] - s[6]) + ny * (s[1] - s[7]) + nz * (s[2] - s[8]);
  const h1 = nx * (s[3] - s[6]) + ny * (s[4] - s[7]) + nz * (s[5] - s[8]);
  let best = Infinity, face = false, sx = 0, sy = 0, sz = 0, tx = 0, ty = 0, tz = 0;
  // A segment that crosses the plane inside the triangle meets it.
  if ((h0 <= 0 && h1 >= 0) || (h0 >= 0 && h1 <= 0)) {
    // (Doubles on both branches: a small integer on one and a double on the other is boxed, V8 rule 1.)
    let k = 0.5;
    if (h0 !== h1) k = h0 / (h0 - h1);
    const px = s[0] + k * (s[3] - s[0]), py = s[1] + k * (s[4] - s[1]), pz = s[2] + k * (s[5] - s[2]);
    q[0] = px; q[1] = py; q[2] = pz;
    if (closestOnTriangle() && q[3] === 1) { best = -0; sx = px; sy = py; sz = pz; tx = px; ty = py; tz = pz; }
  }
  if (best > 0) {
    // Each end against the triangle.
    for (let o = 0; o <= 3; o += 3) {
      const px = s[o], py = s[o + 1], pz = s[o + 2];
      q[0] = px; q[1] = py; q[2] = pz;
      closestOnTriangle();
      const dx = q[0] - px, dy = q[1] - py, dz = q[2] - pz, d2 = dx * dx + dy * dy + dz * dz;
      if (d2 < best) { best = d2; face = q[3] === 1; sx = px; sy = py; sz = pz; tx = q[0]; ty = q[1]; tz = q[2]; }
    }
    // The segment against each edge.
    for (let i = 0; i < 3; i++) {
      const p = 6 + 3 * i, r = 6 + 3 * ((i + 1) % 3);
      e[0] = s[0]; e[1] = s[1]; e[2] = s[2]; e[3] = s[3]; e[4] = s[4]; e[5] = s[5];
      e[6] = s[p]; e[7] = s[p + 1]; e[8] = s[p + 2]; e[9] = s[r]; e[10] = s[r + 1]; e[11] = s[r + 2];
      closestSegments(e);
      const d2 = e[18] * e[18];
      if (d2 < best) { best = d2; face = false; sx = e[12]; sy = e[13]; sz = e[14]; tx = e[15]; ty = e[16]; tz = e[17]; }
    }
  }
  const d = Math.sqrt(best);
  // Segment first, then the triangle's point; swapped when the triangle is A.
  const ao = triangleFirst ? 15 : 12, bo = triangleFirst ? 12 : 15;
  c[ao] = sx; c[ao + 1] = sy; c[ao + 2] = sz; c[bo] = tx; c[bo + 1] = ty; c[bo + 2] = tz;
  c[18] = d;
  if (!(d > 0)) { c[20] = 0; c[21] = 0; c[22] = 0; return; }
  // From the segment's point to the triangle's: the face's normal towards the triangle, or the difference.
  let mx = tx - sx, my = ty - sy, mz = tz - sz;
  if (face) {
    const ln = Math.sqrt(nx * nx + ny * ny + nz * nz), sign = nx * mx + ny * my + nz * mz < 0 ? -1 / ln : 1 / ln;
    mx = nx * sign; my = ny * sign; mz = nz * sign;
  } else { mx /= d; my /= d; mz /= d; }
  // The record's normal runs from A's core to B's.
  if (triangleFirst) { mx = -mx; my = -my; mz = -mz; }
  c[20] = mx; c[21] = my; c[22] = mz;
}

/**
 * The point of triangle _in[6..14] closest to p = _q[0..2] into _q[0..2], and _q[3] = 1 when it lies inside
 * the face (not on an edge or a corner); by the point's Voronoi region (Ericson §5.1.5). Returns true.
 */
function closestOnTriangle(): boolean {
  const s = _in, q = _q, px = q[0], py = q[1], pz = q[2];
  const ax = s[6], ay = s[7], az = s[8];
  const abx = s[9] - ax, aby = s[10] - ay, abz = s[11] - az, acx = s[12] - ax, acy = s[13] - ay, acz = s[14] - az;
  const apx = px - ax, apy = py - ay, apz = pz - az;
  const d1 = abx * apx + aby * apy + abz * apz, d2 = acx * apx + acy * apy + acz * apz;
  q[3] = 0;
  if (d1 <= 0 && d2 <= 0) { q[0] = ax; q[1] = ay; q[2] = az; return true; }
  const bpx = px - s[9], bpy = py - s[10], bpz = pz - s[11];
  const d3 = abx * bpx + aby * bpy + abz * bpz, d4 = acx * bpx + acy * bpy + acz * bpz;
  if (d3 >= 0 && d4 <= d3) { q[0] = s[9]; q[1] = s[10]; q[2] = s[11]; return true; }
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    const v = d1 / (d1 - d3);
    q[0] = ax + v * abx; q[1] = ay + v * aby; q[2] = az + v * abz; return true;
  }
  const cpx = px - s[12], cpy = py - s[13], cpz = pz - s[14];
  const d5 = abx * cpx + aby * cpy + abz * cpz, d6 = acx * cpx + acy * cpy + acz * cpz;
  if (d6 >= 0 && d5 <= d6) { q[0] = s[12]; q[1] = s[13]; q[2] = s[14]; return true; }
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    const w = d2 / (d2 - d6);
    q[0] = ax + w * acx; q[1] = ay + w * acy; q[2] = az + w * acz; return true;
  }
  const va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    const w = (d4 - d3) / (d4 - d3 + (d5 - d6));
    q[0] = s[9] + w * (s[12] - s[9]); q[1] = s[10] + w * (s[13] - s[10]); q[2] = s[11] + w * (s[14] - s[11]); return true;
  }
  const den = 1 / (va + vb + vc);
  // Inside the face; a degenerate triangle (no area) has no face: its closest points are on its edges.
  if (!(den < Infinity && den > -Infinity)) { q[0] = ax; q[1] = ay; q[2] = az; return true; }
  const v = vb * den, w = vc * den;
  q[0] = ax + abx * v + acx * w; q[1] = ay + aby * v + acy * w; q[2] = az + abz * v + acz * w;
  q[3] = 1;
  return true;
}

/** The pairs in the tables' canonical order (point, segment, triangle, sphere, box, capsule, …). */
export const SEGMENT_TRIANGLE: readonly ClosedForm[] = [
  { kinds: ['point', 'triangle'], kernel: relateSegmentTriangle },
  { kinds: ['segment', 'triangle'], kernel: relateSegmentTriangle },
  { kinds: ['triangle', 'sphere'], kernel: relateSegmentTriangle },
  { kinds: ['triangle', 'capsule'], kernel: relateSegmentTriangle },
];
