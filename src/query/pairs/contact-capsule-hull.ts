/**
 * A capsule or a segment against a convex hull in the contact family (and against a box, for the
 * segment–box closed form's contact, segment-box.ts), when the core segment enters the polytope: the exact
 * depth by separating axes, without EPA. The Minkowski difference of a
 * polytope P and a segment S has two kinds of facets (Gregorius, GDC 2013 and 2015): P's faces, and for
 * each edge of P whose arc on the Gauss map (between its two faces' normals) crosses the great circle
 * perpendicular to S, the facet along edge × S. The origin is inside the difference exactly when every
 * facet's support value is at least 0, and its depth is the least of them; so one pass over P's faces and
 * edges (an edge's test is a sign check, its value one dot product) gives the depth and the facet, and
 * the witness pair is the segment's deepest point over that face (clipped to the face) or the closest
 * points of the segment and that edge. The capsule's radius is added by the core-plus-radius rule
 * (core-answer.ts).
 *
 * A core that misses the polytope (some facet's value below 0: GJK then measures the distance), a flat
 * or smaller polytope, a traced query, and a witness that rounding leaves off its facet take the general
 * path; outside the ordinary range of sizes a copy scaled by a power of two answers (closed-form-families.ts),
 * so every length scales exactly.
 */
import type { Transform } from '../../math/transform.js';
import type { Capsule } from '../../shapes/capsule.js';
import type { ConvexHull } from '../../shapes/convex-hull.js';
import type { Segment } from '../../shapes/segment.js';
import type { ConvexShape } from '../../shapes/shape.js';
import { contactConvex } from '../contact/convex-contact.js';
import type { ContactPairFunction } from '../pair/dispatch.js';
import type { QueryWork } from '../pair/query-work.js';
import { CAPSULE_WITNESS_AGREEMENT } from '../../tolerance.js';
import { closestSegments } from './closest-segments.js';
import { contactFromRecord, RECORD, relateClosedForm } from './closed-form-families.js';
import { hullPolytope, type Polytope } from './polytope-edges.js';

/** (tolerance.ts says why its value; copied: V8 rule 4, CONTRIBUTING.md.) */
const AGREEMENT = CAPSULE_WITNESS_AGREEMENT;
/** The answer's record (core-answer.ts reads it; closed-form-families.ts says its layout). */
const _c = /* @__PURE__ */ new Float64Array(RECORD);
/** The segment and an edge for closestSegments, in B's frame (its record's layout). */
const _e = /* @__PURE__ */ new Float64Array(RECORD);
/**
 * The segment in B's frame: p0 (0..2), p1 (3..5); the facet found: its normal u (6..8, B's frame); the
 * scale the polytope's lengths are read at (10: 1 in the ordinary range, else a scaled copy's power of two);
 * the polytope's bounding radius (9), for the witnesses' agreement (a number in a field of the box's polytope,
 * read where a hull's is read too, was boxed: 3 bytes a query over every pair of kinds, allocation.ts).
 */
const _s = /* @__PURE__ */ new Float64Array(11);

/**
 * The contact family's function for a capsule or segment (A) and a convex hull (B); a core that misses the
 * hull takes GJK. (A box's pairs are the segment–box closed form's, segment-box.ts, which answers a core
 * entering the box by segmentEntersPolytope below.)
 */
export const contactCapsuleHull: ContactPairFunction = (work, a, tA, b, tB, options) => {
  if (options?.trace !== undefined || !coreInside(work, a as Capsule | Segment, tA, b as ConvexHull, tB)) return contactConvex(work, a as ConvexShape, tA, b as ConvexShape, tB, options);
  return contactFromRecord(work, tA, _c);
};

/**
 * Whether A's core segment enters hull B, and then the answer's record: the core points (A's frame), minus
 * the depth, the normal from A into B, the radii (outside the ordinary sizes, a scaled copy's: every length
 * times a power of two, so the answer scales exactly).
 */
function coreInside(work: QueryWork, a: Capsule | Segment, tA: Transform, b: ConvexHull, tB: Transform): boolean {
  if (b.dimension !== 3) return false;
  const c = _c, frame = relateClosedForm(work, a, tA, b, tB, c), t = frame.bInA, s = _s, scale = c[19];
  s[9] = b.boundingRadius * scale; s[10] = scale;
  // The core's ends in A's frame, then in B's: p = Rᵀ(x − t).
  let ax = 0, ay = 0, az = 0, bx = 0, by = 0, bz = 0;
  if (a.kind === 'capsule') { ay = -a.halfHeight * scale; by = a.halfHeight * scale; } else { ax = a.a.x * scale; ay = a.a.y * scale; az = a.a.z * scale; bx = a.b.x * scale; by = a.b.y * scale; bz = a.b.z * scale; }
  ax -= t.tx; ay -= t.ty; az -= t.tz; bx -= t.tx; by -= t.ty; bz -= t.tz;
  s[0] = t.m00 * ax + t.m10 * ay + t.m20 * az; s[1] = t.m01 * ax + t.m11 * ay + t.m21 * az; s[2] = t.m02 * ax + t.m12 * ay + t.m22 * az;
  s[3] = t.m00 * bx + t.m10 * by + t.m20 * bz; s[4] = t.m01 * bx + t.m11 * by + t.m21 * bz; s[5] = t.m02 * bx + t.m12 * by + t.m22 * bz;
  const poly = hullPolytope(b);
  if (!segmentEntersPolytope(poly)) return false;
  c[29] = poly.margin * scale; // (its faces read: the certified bounds' margin)
  // The record in A's frame: x = R p + t; the normal from A into B is −u.
  for (let k = 12; k <= 15; k += 3) {
    const px = c[k], py = c[k + 1], pz = c[k + 2];
    c[k] = t.m00 * px + t.m01 * py + t.m02 * pz + t.tx;
    c[k + 1] = t.m10 * px + t.m11 * py + t.m12 * pz + t.ty;
    c[k + 2] = t.m20 * px + t.m21 * py + t.m22 * pz + t.tz;
  }
  const ux = s[6], uy = s[7], uz = s[8];
  c[20] = -(t.m00 * ux + t.m01 * uy + t.m02 * uz);
  c[21] = -(t.m10 * ux + t.m11 * uy + t.m12 * uz);
  c[22] = -(t.m20 * ux + t.m21 * uy + t.m22 * uz);
  return true;
}

/** The segment and the size segmentEntersPolytope reads (its layout: _s above), and the record it writes. */
export const SEGMENT_IN = _s;
export const ENTERED = _c;

/**
 * Whether the segment SEGMENT_IN[0..5] (in the polytope's frame; the polytope's size in SEGMENT_IN[9])
 * enters `poly`, and then the witnesses in the polytope's frame: the segment's deepest point ENTERED[12..14],
 * the polytope's ENTERED[15..17], minus the depth ENTERED[18], the least facet's outward normal
 * SEGMENT_IN[6..8]. False when it misses (or is flat) or rounding leaves the witnesses off their facet.
 */
export function segmentEntersPolytope(poly: Polytope): boolean {
  if (poly.dimension !== 3) return false;
  const best = leastFacet(poly);
  if (best < 0) return false;
  return best < poly.faceCount ? faceWitness(poly, best) : edgeWitness(poly, best - poly.faceCount);
}

/**
 * The facet of least support value of hull ⊖ segment (s[0..5], B's frame): a face's index, or faceCount
 * plus an edge's; its value in _c[18] (as minus the depth) and its unit normal in s[6..8]; −1 when some
 * facet's value is below 0 (the core misses the hull).
 */
function leastFacet(hull: Polytope): number {
  const s = _s, n = hull.faceNormals, off = hull.faceOffsets, v = hull.vertices, F = hull.faceCount, k = s[10];
  const p0x = s[0], p0y = s[1], p0z = s[2], dx = s[3] - p0x, dy = s[4] - p0y, dz = s[5] - p0z;
  let least = Infinity, facet = -1;
  for (let f = 0; f < F; f++) {
    const nx = n[3 * f], ny = n[3 * f + 1], nz = n[3 * f + 2];
    const m0 = nx * p0x + ny * p0y + nz * p0z, md = nx * dx + ny * dy + nz * dz;
    // The face's value: its offset less the segment's least reach along its normal.
    const value = off[f] * k - (md < 0 ? m0 + md : m0);
    if (value < 0) return -1;
    if (value < least) { least = value; facet = f; s[6] = nx; s[7] = ny; s[8] = nz; }
  }
  const edges = hull.edges;
  for (let e = 0, E = edges.length; e < E; e += 4) {
    const f0 = edges[e + 2], f1 = edges[e + 3];
    if (f1 < 0) continue;
    const a0 = n[3 * f0] * dx + n[3 * f0 + 1] * dy + n[3 * f0 + 2] * dz, a1 = n[3 * f1] * dx + n[3 * f1 + 1] * dy + n[3 * f1 + 2] * dz;
    // The edge's arc crosses the circle perpendicular to the segment only where its faces' normals lie
    // strictly on either side of it (at a zero, the crossing is a face's normal, tested above).
    if (!((a0 > 0 && a1 < 0) || (a0 < 0 && a1 > 0))) continue;
    const i = 3 * edges[e], j = 3 * edges[e + 1];
    const ex = k * v[j] - k * v[i], ey = k * v[j + 1] - k * v[i + 1], ez = k * v[j + 2] - k * v[i + 2];
    let ux = ey * dz - ez * dy, uy = ez * dx - ex * dz, uz = ex * dy - ey * dx;
    const l = Math.sqrt(ux * ux + uy * uy + uz * uz);
    if (!(l > 0)) continue;
    // Pointing out of the hull: between the two faces' normals.
    const sign = ux * (n[3 * f0] + n[3 * f1]) + uy * (n[3 * f0 + 1] + n[3 * f1 + 1]) + uz * (n[3 * f0 + 2] + n[3 * f1 + 2]) < 0 ? -1 / l : 1 / l;
    ux *= sign; uy *= sign; uz *= sign;
    const value = ux * (k * v[i] - p0x) + uy * (k * v[i + 1] - p0y) + uz * (k * v[i + 2] - p0z);
    if (value < 0) return -1;
    if (value < least) { least = value; facet = F + e / 4; s[6] = ux; s[7] = uy; s[8] = uz; }
  }
  _c[18] = -least;
  return facet;
}

/**
 * Face `f`'s witnesses (B's frame, into _c[12..17]): the segment clipped to the face's prism (its side
 * planes), its deepest point there on A and that point's foot on the face on B. False when the clip is
 * empty or the point's depth disagrees with the facet's value beyond rounding.
 */
function faceWitness(hull: Polytope, f: number): boolean {
  const s = _s, c = _c, v = hull.vertices, loops = hull.faceIndices, start = hull.faceStart, k = s[10];
  const nx = s[6], ny = s[7], nz = s[8];
  const p0x = s[0], p0y = s[1], p0z = s[2], dx = s[3] - p0x, dy = s[4] - p0y, dz = s[5] - p0z;
  let lo = 0, hi = 1;
  for (let q = start[f], end = start[f + 1]; q < end; q++) {
    const i = 3 * loops[q], j = 3 * loops[q + 1 < end ? q + 1 : start[f]];
    // The side plane through the edge, facing out of the face (the loop runs counter-clockwise seen from outside).
    const ex = k * v[j] - k * v[i], ey = k * v[j + 1] - k * v[i + 1], ez = k * v[j + 2] - k * v[i + 2];
    const mx = ey * nz - ez * ny, my = ez * nx - ex * nz, mz = ex * ny - ey * nx;
    const g0 = mx * (p0x - k * v[i]) + my * (p0y - k * v[i + 1]) + mz * (p0z - k * v[i + 2]);
    const g1 = g0 + mx * dx + my * dy + mz * dz;
    if (g0 > 0 && g1 > 0) return false;
    if (g0 > 0) { const x = g0 / (g0 - g1); if (x > lo) lo = x; } else if (g1 > 0) { const x = g0 / (g0 - g1); if (x < hi) hi = x; }
  }
  if (!(lo <= hi)) return false;
  // The deepest point of the clipped part along −n (its middle when the segment lies along the face).
  const md = nx * dx + ny * dy + nz * dz;
  const at = md > 0 ? lo : md < 0 ? hi : 0.5 * (lo + hi);
  const px = p0x + at * dx, py = p0y + at * dy, pz = p0z + at * dz;
  const depth = hull.faceOffsets[f] * k - (nx * px + ny * py + nz * pz);
  if (!(Math.abs(depth + c[18]) <= AGREEMENT * (s[9] + Math.sqrt(dx * dx + dy * dy + dz * dz)))) return false;
  c[12] = px; c[13] = py; c[14] = pz;
  c[15] = px + depth * nx; c[16] = py + depth * ny; c[17] = pz + depth * nz;
  c[18] = -depth;
  return true;
}

/**
 * Edge `e`'s witnesses (B's frame, into _c[12..17]): the closest points of the segment and the edge.
 * False when they disagree with the facet's value beyond rounding.
 */
function edgeWitness(hull: Polytope, e: number): boolean {
  const s = _s, c = _c, w = _e, v = hull.vertices, edges = hull.edges, k = s[10];
  const i = 3 * edges[4 * e], j = 3 * edges[4 * e + 1];
  w[0] = s[0]; w[1] = s[1]; w[2] = s[2]; w[3] = s[3]; w[4] = s[4]; w[5] = s[5];
  w[6] = k * v[i]; w[7] = k * v[i + 1]; w[8] = k * v[i + 2]; w[9] = k * v[j]; w[10] = k * v[j + 1]; w[11] = k * v[j + 2];
  closestSegments(w);
  const ux = s[6], uy = s[7], uz = s[8];
  const depth = ux * (w[15] - w[12]) + uy * (w[16] - w[13]) + uz * (w[17] - w[14]);
  const dx = s[3] - s[0], dy = s[4] - s[1], dz = s[5] - s[2];
  if (!(Math.abs(depth + c[18]) <= AGREEMENT * (s[9] + Math.sqrt(dx * dx + dy * dy + dz * dz)))) return false;
  c[12] = w[12]; c[13] = w[13]; c[14] = w[14];
  c[15] = w[15]; c[16] = w[16]; c[17] = w[17];
  c[18] = -depth;
  return true;
}
