/**
 * Two polytopes in the contact family when they overlap (a triangle against a box or a hull, two small
 * hulls; box–box, box–hull and larger hulls have their own, contact-box-box.ts, contact-box-hull.ts and
 * contact-hull-hull.ts): the exact depth by separating axes, without EPA.
 * The Minkowski difference P ⊖ Q of two polytopes has three kinds of facets (Gregorius, "The Separating
 * Axis Test between Convex Polyhedra", GDC 2013, and "Robust Contact Creation for Physics Simulations",
 * GDC 2015): P's faces, Q's faces, and for each edge of P and edge of Q whose arcs on the Gauss map cross,
 * the facet along their cross product. The origin is inside the
 * difference exactly when every facet's value (the separation along its normal) is at most 0, and the
 * depth is the least of their negations: one pass over faces and edge pairs gives it and its facet.
 *
 * An edge pair's arcs cross only where Q's edge's two faces lie on either side of the plane
 * perpendicular to P's edge (Q's silhouette seen along it): one sign per Q face a P edge, then one test a
 * Q edge, prunes most pairs before a cross product is formed. The candidate axis L = eP × eQ is kept
 * when it lies in P's edge cone (polytope-edges.ts, Polytope.cones) and −L in Q's.
 *
 * The witnesses (polytope-witness.ts) are the incident feature's deepest point over the reference face
 * (clipped to it) or the two edges' closest points. Separated or touching pairs (GJK gives their distance),
 * a flat box or hull, a traced query, a witness that rounding leaves off its facet, hulls so large that
 * the pass costs more than EPA (POLYTOPE_SAT_MAX_WORK) and pairs outside the ordinary range of sizes (the
 * general path's scaled copy) take the general path.
 */
import type { Transform } from '../../math/transform.js';
import type { Box } from '../../shapes/box.js';
import type { ConvexHull } from '../../shapes/convex-hull.js';
import type { ConvexShape } from '../../shapes/shape.js';
import type { Triangle } from '../../shapes/triangle.js';
import { POLYTOPE_SAT_MAX_WORK } from '../../tolerance.js';
import { contactConvex, contactToWorld, coresContact, CORES_FAR, CORES_MEET, epaContact } from '../contact/convex-contact.js';
import { relatePair } from '../pair/pair-frame.js';
import { carryCache, exchangeWitnesses, runsInB } from '../pair/working-frame.js';
import type { ContactPairFunction } from '../pair/dispatch.js';
import { contactFromRecord, RECORD } from './closed-form-families.js';
import { boxPolytope, hullPolytope, trianglePolytope, type Polytope } from './polytope-edges.js';
import { PLACED, placePolytopes, witnessFacet } from './polytope-witness.js';

/** (tolerance.ts says why its value; copied: V8 rule 4, CONTRIBUTING.md.) */
const MAX_WORK = POLYTOPE_SAT_MAX_WORK;
/** The answer's record (core-answer.ts reads it; closed-form-families.ts says its layout). */
const _c = /* @__PURE__ */ new Float64Array(RECORD);

/**
 * How far (times the pair's size) the separation along the pass's axis, from every corner, may differ from
 * the value the pass read (rounding of the placed corners and the axis: a few ε of the size).
 */
const CERTIFY_RELATIVE = 64 * Number.EPSILON;

/**
 * The contact family's function for two polytopes (A a triangle or a hull; B a box or a hull): GJK
 * first, as the general path (a pair apart, the most common in a world or against a mesh's triangles,
 * costs no more than there: measured, a separating-axis pass first took 2.4 times as long on such pairs);
 * where the polytopes meet, separating axes instead of EPA.
 */
export const contactPolytopes: ContactPairFunction = (work, a, tA, b, tB, options) => {
  const ca = a as ConvexShape, cb = b as ConvexShape;
  if (options?.trace !== undefined) return contactConvex(work, ca, tA, cb, tB, options);
  // GJK in the larger shape's frame (working-frame.ts: a triangle of a mesh against a hull 10^9 long).
  const inB = runsInB(ca, cb);
  const frame = inB ? relatePair(work.frame, cb, tB, ca, tA) : relatePair(work.frame, ca, tA, cb, tB);
  // Outside the ordinary range of sizes: the general path's scaled copy (EPA's depth).
  if (frame.outOfRange) return contactConvex(work, ca, tA, cb, tB, options);
  if (inB) carryCache(options, tA, tB);
  const cores = inB ? coresContact(work, cb, ca, frame, options) : coresContact(work, ca, cb, frame, options);
  if (inB) carryCache(options, tB, tA);
  if (cores === CORES_FAR) return false;
  if (cores === CORES_MEET) {
    // The pass, in A's frame (its views are A's and B's, in that order).
    if (overlap(ca, cb, inB ? relatePair(work.frame, ca, tA, cb, tB).bInA : frame.bInA)) {
      if (!contactFromRecord(work, tA, _c)) return false;
      work.contact.iterations = work.gjk.iterations; // (GJK's, which ran: the result counts GJK's and EPA's)
      return true;
    }
    // EPA from GJK's simplex, in GJK's frame.
    if (inB) epaContact(work, cb, ca, relatePair(work.frame, cb, tB, ca, tA), options);
    else epaContact(work, ca, cb, frame, options);
  }
  contactToWorld(work, inB ? tB : tA);
  if (inB) exchangeWitnesses(work.contact.pointA, work.contact.pointB, work.contact.normal);
  return true;
};

/** The faces of a triangle (its two sides), a box or a hull. */
function faceCount(s: ConvexShape): number {
  return s.kind === 'convexHull' ? (s as ConvexHull).faceCount : s.kind === 'box' ? 6 : 2;
}

/** The corners of a triangle, a box or a hull. */
function vertexCount(s: ConvexShape): number {
  return s.kind === 'convexHull' ? (s as ConvexHull).vertexCount : s.kind === 'box' ? 8 : 3;
}

/**
 * Whether the pass costs less than EPA for A and B (MAX_WORK), from the shapes' counts before their views
 * are looked up (a 30-point hull's pairs, which keep EPA, pay two comparisons): faces against the other's
 * corners, and P's edges against Q's faces and edges (a closed polytope has F + V − 2 edges).
 */
export function polytopePassFits(a: ConvexShape, b: ConvexShape): boolean {
  const fp = faceCount(a), vp = vertexCount(a), fq = faceCount(b), vq = vertexCount(b);
  return fp * vq + fq * vp + (fp + vp - 2) * (fq + fq + vq - 2) <= MAX_WORK;
}

/** `s` as a polytope (a triangle's view is a scratch one); null when it is not one this file answers. */
function polytopeOf(s: ConvexShape): Polytope | null {
  if (s.kind === 'convexHull') return hullPolytope(s as ConvexHull);
  if (s.kind === 'box') return boxPolytope(s as Box);
  return trianglePolytope(s as Triangle);
}

/**
 * Whether the pass answers A and B (B at `t` in A's frame), and then the answer's record (A's frame):
 * false for a flat polytope, one too large for the pass to pay (MAX_WORK), or witnesses that rounding
 * left off their facet.
 */
function overlap(a: ConvexShape, b: ConvexShape, t: Transform): boolean {
  if (!polytopePassFits(a, b)) return false;
  const p = polytopeOf(a), q = polytopeOf(b);
  // A flat box or hull has edges between opposite faces, whose cones the pass cannot read (a triangle's
  // view has its own: polytope-edges.ts); such pairs take the general path.
  if (p === null || q === null || q.dimension !== 3 || (p.dimension !== 3 && a.kind !== 'triangle')) return false;
  const c = _c;
  c[19] = 1; c[24] = 1; c[25] = 0; c[26] = 0; // (the record's scale, factor back and radii: polytopes have none)
  PLACED.size[0] = a.boundingRadius + b.boundingRadius;
  const facet = deepestFacet(p, q, t);
  if (facet < 0) return false;
  return witnessFacet(p, q, facet, c);
}

/**
 * The facet of P ⊖ Q of greatest value (least depth), both placed in A's frame (PLACED: polytope-witness.ts
 * says its layout): a code (P's face f is f, Q's face g is P.faceCount + g, an edge pair is P.faceCount +
 * Q.faceCount, its edges in PLACED.pair), its value and unit normal (from P into Q) in PLACED.axis; −1
 * when some facet's value is above 0 or none is below it (apart or touching: the general path measures
 * the distance).
 */
function deepestFacet(p: Polytope, q: Polytope, t: Transform): number {
  const pn = p.faceNormals, FP = p.faceCount, FQ = q.faceCount, VP = p.vertices.length, VQ = q.vertices.length;
  const axis = PLACED.axis, w = q.vertices, off = p.faceOffsets;
  let best = -Infinity, code = -1;
  // P's faces first, against Q's corners where they are (each normal turned into Q's frame): a pair apart
  // is most often apart along one of them (a mesh's triangle under a body), and leaves before Q is placed.
  // The least reach of Q along the normal, less P's offset.
  for (let f = 0; f < FP; f++) {
    const nx = pn[3 * f], ny = pn[3 * f + 1], nz = pn[3 * f + 2];
    const mx = t.m00 * nx + t.m10 * ny + t.m20 * nz, my = t.m01 * nx + t.m11 * ny + t.m21 * nz, mz = t.m02 * nx + t.m12 * ny + t.m22 * nz;
    let m = Infinity;
    for (let j = 0; j < VQ; j += 3) { const d = mx * w[j] + my * w[j + 1] + mz * w[j + 2]; if (d < m) m = d; }
    const value = m + (nx * t.tx + ny * t.ty + nz * t.tz) - off[f];
    if (value > 0) return -1;
    if (value > best) { best = value; code = f; axis[1] = nx; axis[2] = ny; axis[3] = nz; }
  }
  placePolytopes(q, t);
  const pv = p.vertices, qv = PLACED.qv, qn = PLACED.qn, qo = PLACED.qo, sg = PLACED.signs;
  // Q's faces (their normals out of Q: the axis from P into Q is the opposite).
  for (let g = 0; g < FQ; g++) {
    const nx = qn[3 * g], ny = qn[3 * g + 1], nz = qn[3 * g + 2];
    let m = Infinity;
    for (let i = 0; i < VP; i += 3) { const d = nx * pv[i] + ny * pv[i + 1] + nz * pv[i + 2]; if (d < m) m = d; }
    const value = m - qo[g];
    if (value > 0) return -1;
    if (value > best) { best = value; code = FP + g; axis[1] = -nx; axis[2] = -ny; axis[3] = -nz; }
  }
  // Edge pairs.
  const pe = p.edges, qe = q.edges, cones = p.cones, pair = PLACED.pair;
  for (let e = 0, k = 0, E = pe.length; e < E; e += 4, k += 9) {
    if (pe[e + 3] < 0) continue;
    const i0 = 3 * pe[e], i1 = 3 * pe[e + 1];
    const tx = pv[i1] - pv[i0], ty = pv[i1 + 1] - pv[i0 + 1], tz = pv[i1 + 2] - pv[i0 + 2];
    for (let g = 0, o = 0; g < FQ; g++, o += 3) sg[g] = qn[o] * tx + qn[o + 1] * ty + qn[o + 2] * tz;
    const bx = cones[k], by = cones[k + 1], bz = cones[k + 2];
    for (let h = 0, H = qe.length; h < H; h += 4) {
      const g0 = qe[h + 2], g1 = qe[h + 3];
      if (g1 < 0) continue;
      const s0 = sg[g0], s1 = sg[g1];
      // Q's edge's arc crosses the circle perpendicular to P's edge only where its faces lie strictly on
      // either side (at a zero the crossing is a face's normal, tested above).
      if (!((s0 > 0 && s1 < 0) || (s0 < 0 && s1 > 0))) continue;
      const j0 = 3 * qe[h], j1 = 3 * qe[h + 1];
      const ux = qv[j1] - qv[j0], uy = qv[j1 + 1] - qv[j0 + 1], uz = qv[j1 + 2] - qv[j0 + 2];
      let lx = ty * uz - tz * uy, ly = tz * ux - tx * uz, lz = tx * uy - ty * ux;
      // Oriented into P's cone, then inside it; −L inside Q's (one of ±L is, Q's arc crossing the circle).
      const side = lx * bx + ly * by + lz * bz;
      if (side === 0) continue;
      if (side < 0) { lx = -lx; ly = -ly; lz = -lz; }
      if (lx * cones[k + 3] + ly * cones[k + 4] + lz * cones[k + 5] < 0 || lx * cones[k + 6] + ly * cones[k + 7] + lz * cones[k + 8] < 0) continue;
      const a0 = 3 * g0, a1 = 3 * g1;
      if (lx * (qn[a0] + qn[a1]) + ly * (qn[a0 + 1] + qn[a1 + 1]) + lz * (qn[a0 + 2] + qn[a1 + 2]) >= 0) continue;
      const l = Math.sqrt(lx * lx + ly * ly + lz * lz);
      if (!(l > 0)) continue;
      const value = (lx * (qv[j0] - pv[i0]) + ly * (qv[j0 + 1] - pv[i0 + 1]) + lz * (qv[j0 + 2] - pv[i0 + 2])) / l;
      if (value > 0) return -1;
      if (value > best) { best = value; code = FP + FQ; axis[1] = lx / l; axis[2] = ly / l; axis[3] = lz / l; pair[0] = e; pair[1] = h; }
    }
  }
  if (!(best < 0)) return -1;
  axis[0] = best;
  // The certificate, as contact-box-hull.ts's: the separation along the axis from every corner of both (Q's
  // least reach less P's greatest) must be the value read; an edge between faces tilted by rounding has an
  // arc too narrow to read its axis from (test/golden/box-sliver-hull-normal.json). Otherwise: EPA.
  const nx = axis[1], ny = axis[2], nz = axis[3];
  let qLeast = Infinity, pMost = -Infinity;
  for (let j = 0; j < VQ; j += 3) { const d = nx * qv[j] + ny * qv[j + 1] + nz * qv[j + 2]; if (d < qLeast) qLeast = d; }
  for (let i = 0; i < VP; i += 3) { const d = nx * pv[i] + ny * pv[i + 1] + nz * pv[i + 2]; if (d > pMost) pMost = d; }
  if (!(Math.abs(qLeast - pMost - best) <= CERTIFY_RELATIVE * PLACED.size[0])) return -1;
  axis[4] = qLeast - pMost;
  return code;
}
