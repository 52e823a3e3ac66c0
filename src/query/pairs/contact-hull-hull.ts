/**
 * Two convex hulls in the contact family: separating axes first, with the edge pairs found by walking the
 * Gauss maps rather than testing every pair (Gregorius, "The Separating Axis Test between Convex
 * Polyhedra", GDC 2013, and "Robust Contact Creation for Physics Simulations", GDC 2015, for the facets;
 * the walk is the overlay of two spherical subdivisions, as in Fogel and Halperin's Minkowski sums by Gauss
 * map overlay, 2007). The facets of the difference P ⊖ Q are:
 * - P's faces: Q's least reach along each normal, by steepest descent over Q's vertex graph from the
 *   previous face's answer (on a convex polytope a vertex no neighbour improves on is a least one);
 * - Q's faces: P's least reach along each, the same way over P's graph;
 * - an edge of each whose arcs on the Gauss maps cross. P's edge between faces of normals a and b is the arc
 *   d(t) = (1 − t) a + t b, t from 0 to 1; along it, Q's support along −d(t) starts at the vertex found for
 *   a and changes from w to a neighbour u exactly where d(t)·(u − w) turns negative, a linear function of
 *   t. Each change is a crossing with Q's edge wu, whose facet's normal is ±(P's edge × wu). The arc is a
 *   geodesic through convex regions, so it meets each region once: O(crossings) steps an edge, where
 *   contact-polytopes.ts tests each P edge against every Q face and edge (7,000 pairs for 30-point hulls,
 *   which made EPA the cheaper path there).
 * Rounding can only misplace a crossing where two of them are within rounding of each other on the arc
 * (the arc passes a vertex of Q's map, which is one of Q's face normals, tested as a face): the facet
 * missed then has a normal within rounding of a tested one. The answer's axis, and any axis that claims
 * the pair apart, is read again by scanning both hulls' corners, so a misplaced crossing (or a climb on a
 * hull whose faces were merged within its tolerance) falls back to the general path instead of answering.
 * The bounds and the walk still visit every face and edge once, where EPA's cost grows with the facets
 * near the answer: hulls of at most HULL_WALK_MAX_FACES faces each take this pass, smaller pairs the
 * generic one (contact-polytopes.ts), larger ones EPA (tolerance.ts gives the measures).
 *
 * As in contact-box-hull.ts the pass runs first, without GJK: an axis beyond the limit proves the pair
 * apart (its value a lower bound on the distance), an axis above 0 within it hands the pair to GJK (which
 * measures the distance), every facet below 0 gives the depth and its facet, whose witnesses
 * polytope-witness.ts finds. Flat hulls, traced queries, pairs outside the ordinary range of sizes and
 * witnesses that rounding put off their facet take the general path.
 */
import type { Transform } from '../../math/transform.js';
import type { ConvexHull } from '../../shapes/convex-hull.js';
import { HULL_WALK_MAX_FACES, POLYTOPE_WITNESS_AGREEMENT } from '../../tolerance.js';
import { contactConvex } from '../contact/convex-contact.js';
import { relatePair } from '../pair/pair-frame.js';
import type { ContactPairFunction } from '../pair/dispatch.js';
import { contactFromRecord, RECORD } from './closed-form-families.js';
import { contactPolytopes, polytopePassFits } from './contact-polytopes.js';
import { hullPolytope, type Polytope } from './polytope-edges.js';
import { PLACED, placePolytopes, witnessFacet } from './polytope-witness.js';

/** hullHullFacet's outcomes besides a facet's code: apart beyond the limit (the bound in PLACED.axis[0]), or the general path. */
const FAR = -2, GENERAL = -1;
/** Q's least vertex along each of P's face normals, by face (hullHullFacet), grown to the largest hull seen. */
let _least = /* @__PURE__ */ new Int32Array(64);
/** The answer's record (core-answer.ts reads it; closed-form-families.ts says its layout). */
const _c = /* @__PURE__ */ new Float64Array(RECORD);
/** The limit beyond which a pair is apart (a number through a call: V8 rule 1, CONTRIBUTING.md), then separationAlong's answer. */
const _k = /* @__PURE__ */ new Float64Array(2);
/** separationAlong's corners: P's greatest, Q's least. */
const _at = /* @__PURE__ */ new Int32Array(2);
/** (tolerance.ts says why its value; copied: V8 rule 4, CONTRIBUTING.md.) */
const AGREEMENT = POLYTOPE_WITNESS_AGREEMENT, MAX_FACES = HULL_WALK_MAX_FACES;
/** The best edge pair's Q edge as its two vertices (found in Q's edge list once the pass ends). */
const _qEdge = /* @__PURE__ */ new Int32Array(2);

/** The contact family's function for two convex hulls. */
export const contactHullHull: ContactPairFunction = (work, a, tA, b, tB, options) => {
  const ha = a as ConvexHull, hb = b as ConvexHull;
  // Small pairs: the generic pass (after GJK) costs less; large: EPA does (tolerance.ts says the measures).
  if (polytopePassFits(ha, hb)) return contactPolytopes(work, a, tA, b, tB, options);
  if (options?.trace === undefined && ha.dimension === 3 && hb.dimension === 3 && ha.faceCount <= MAX_FACES && hb.faceCount <= MAX_FACES) {
    const frame = relatePair(work.frame, ha, tA, hb, tB);
    if (!frame.outOfRange) {
      const p = hullPolytope(ha), q = hullPolytope(hb);
      _k[0] = work.touchingOnly ? frame.slack : work.maxSeparation;
      PLACED.size[0] = ha.boundingRadius + hb.boundingRadius;
      const facet = hullHullFacet(p, ha, q, hb, frame.bInA);
      if (facet === FAR) { work.separationBound = PLACED.axis[0]; return false; }
      if (facet >= 0) {
        const c = _c;
        c[19] = 1; c[24] = 1; c[25] = 0; c[26] = 0; // (the record's scale, factor back and radii: polytopes have none)
        if (witnessFacet(p, q, facet, c) && contactFromRecord(work, tA, c)) {
          work.contact.iterations = 0;
          return true;
        }
      }
    }
  }
  return contactConvex(work, ha, tA, hb, tB, options);
};

/**
 * The vertex of a hull (corners `v`, vertex graph `ns`/`ni`) least along (nx, ny, nz), by steepest descent
 * from `from`: each step strictly lowers the value, so no vertex is visited twice (and the steps are capped
 * by the vertex count all the same).
 */
function leastFrom(v: Float64Array, ns: Int32Array, ni: Int32Array, from: number, nx: number, ny: number, nz: number): number {
  let cur = from, curDot = nx * v[3 * from] + ny * v[3 * from + 1] + nz * v[3 * from + 2];
  for (let steps = ns.length - 1; steps > 0; steps--) {
    let next = -1, nextDot = curDot;
    for (let k = ns[cur], e = ns[cur + 1]; k < e; k++) {
      const u = 3 * ni[k], d = nx * v[u] + ny * v[u + 1] + nz * v[u + 2];
      if (d < nextDot) { nextDot = d; next = ni[k]; }
    }
    if (next < 0) break;
    cur = next; curDot = nextDot;
  }
  return cur;
}

/**
 * The separation of P and Q along dir[1..3] (unit), Q placed (its first `nq` numbers: PLACED's arrays
 * are as long as the largest polytope seen): Q's least corner less P's greatest, by scans, into _k[1];
 * the corners in _at (P's 0, Q's 1).
 */
function separationAlong(pv: Float64Array, qv: Float64Array, nq: number, dir: Float64Array): void {
  const lx = dir[1], ly = dir[2], lz = dir[3];
  let hi = -Infinity, lo = Infinity, ip = 0, iq = 0;
  for (let i = 0, n = pv.length; i < n; i += 3) { const d = lx * pv[i] + ly * pv[i + 1] + lz * pv[i + 2]; if (d > hi) { hi = d; ip = i; } }
  for (let j = 0; j < nq; j += 3) { const d = lx * qv[j] + ly * qv[j + 1] + lz * qv[j + 2]; if (d < lo) { lo = d; iq = j; } }
  _at[0] = ip / 3; _at[1] = iq / 3; _k[1] = lo - hi;
}

/**
 * A facet's value above 0 along PLACED.axis[1..3]: the pair is apart. FAR when the separation along the
 * axis, read again by scans (a climb on a hull whose faces were merged within its tolerance, or a crossing
 * that rounding misplaced, could overstate it), exceeds the limit (the separation into PLACED.axis[0]: a
 * lower bound on the distance); else GENERAL (GJK measures the distance).
 */
function apart(pv: Float64Array, qv: Float64Array, nq: number): number {
  const axis = PLACED.axis, limit = _k[0];
  separationAlong(pv, qv, nq, axis);
  const sep = _k[1];
  if (!(sep > limit)) return GENERAL;
  axis[0] = sep;
  return FAR;
}

/**
 * The facet of P ⊖ Q of greatest value (least depth), as contact-polytopes.ts's deepestFacet gives it (its
 * code, PLACED.axis, PLACED.pair), Q placed in P's frame by `t`, the limit in _k[0]. At the first value
 * above 0: FAR when it exceeds the limit (the value in PLACED.axis[0]), else GENERAL; GENERAL too when the
 * greatest value is 0 (touching).
 *
 * Pruned by bounds: the greatest facet value is the greatest separation over all directions, so the
 * separation along any direction (first the one between the hulls' centres) is a floor for it, and a facet
 * whose value is bounded below the floor cannot be the answer. A facet's value along n is Q's least reach
 * less P's greatest, at most n·q − n·p for any q in Q (its centre, or its corner least along the first
 * direction) and p of P's support there (P's face offset for P's faces; the edge's corner for an edge
 * pair). Along P's edge arc, n = (αa + βb)/|αa + βb| with α, β ≥ 0 and α + β ≥ |αa + βb|, so n·v is at
 * most the floor (below 0) when a·v and b·v are: a whole edge's walk is skipped. The margin keeps rounding
 * from pruning the answer's own facet; an answer below the floor (it cannot be) takes the general path.
 */
function hullHullFacet(p: Polytope, hp: ConvexHull, q: Polytope, hq: ConvexHull, t: Transform): number {
  placePolytopes(q, t);
  const limit = _k[0], axis = PLACED.axis, pv = p.vertices, pn = p.faceNormals, po = p.faceOffsets;
  const qv = PLACED.qv, qn = PLACED.qn, qo = PLACED.qo, FP = p.faceCount, FQ = q.faceCount;
  const pns = hp.neighborStart, pni = hp.neighborIndices, qns = hq.neighborStart, qni = hq.neighborIndices;
  if (_least.length < FP) _least = new Int32Array(2 * FP);
  const least = _least;
  // The centres (Q's placed) and the first direction, from P's centre to Q's.
  const pc = p.center, qc = q.center;
  const cpx = pc[0], cpy = pc[1], cpz = pc[2];
  const cqx = t.m00 * qc[0] + t.m01 * qc[1] + t.m02 * qc[2] + t.tx, cqy = t.m10 * qc[0] + t.m11 * qc[1] + t.m12 * qc[2] + t.ty, cqz = t.m20 * qc[0] + t.m21 * qc[1] + t.m22 * qc[2] + t.tz;
  let dx = cqx - cpx, dy = cqy - cpy, dz = cqz - cpz;
  const dl = Math.sqrt(dx * dx + dy * dy + dz * dz);
  if (!(dl > 0)) { dx = 1; dy = 0; dz = 0; } else { dx /= dl; dy /= dl; dz /= dl; }
  const nq = q.vertices.length;
  axis[1] = dx; axis[2] = dy; axis[3] = dz;
  separationAlong(pv, qv, nq, axis);
  const floor0 = _k[1];
  if (floor0 > 0) { axis[0] = floor0; return floor0 > limit ? FAR : GENERAL; }
  const margin = AGREEMENT * PLACED.size[0];
  const ps = 3 * _at[0], qs = 3 * _at[1];
  const psx = pv[ps], psy = pv[ps + 1], psz = pv[ps + 2], qsx = qv[qs], qsy = qv[qs + 1], qsz = qv[qs + 2];
  let floor = floor0 - margin, best = -Infinity, code = -1;
  // P's faces: Q's least corner along each normal, less P's offset.
  let qAt = _at[1];
  for (let f = 0, i = 0; f < FP; f++, i += 3) {
    const nx = pn[i], ny = pn[i + 1], nz = pn[i + 2];
    least[f] = -1;
    const bc = nx * cqx + ny * cqy + nz * cqz, bs = nx * qsx + ny * qsy + nz * qsz;
    if ((bc < bs ? bc : bs) - po[f] < floor) continue;
    qAt = leastFrom(qv, qns, qni, qAt, nx, ny, nz);
    least[f] = qAt;
    const value = nx * qv[3 * qAt] + ny * qv[3 * qAt + 1] + nz * qv[3 * qAt + 2] - po[f];
    if (value > 0) { axis[1] = nx; axis[2] = ny; axis[3] = nz; return apart(pv, qv, nq); }
    if (value > best) { best = value; code = f; axis[1] = nx; axis[2] = ny; axis[3] = nz; if (best - margin > floor) floor = best - margin; }
  }
  // Q's faces (normals out of Q: the axis from P into Q is the opposite): P's least corner along each.
  let pAt = _at[0];
  for (let g = 0, i = 0; g < FQ; g++, i += 3) {
    const nx = qn[i], ny = qn[i + 1], nz = qn[i + 2];
    const bc = nx * cpx + ny * cpy + nz * cpz, bs = nx * psx + ny * psy + nz * psz;
    if ((bc < bs ? bc : bs) - qo[g] < floor) continue;
    pAt = leastFrom(pv, pns, pni, pAt, nx, ny, nz);
    const value = nx * pv[3 * pAt] + ny * pv[3 * pAt + 1] + nz * pv[3 * pAt + 2] - qo[g];
    if (value > 0) { axis[1] = -nx; axis[2] = -ny; axis[3] = -nz; return apart(pv, qv, nq); }
    if (value > best) { best = value; code = FP + g; axis[1] = -nx; axis[2] = -ny; axis[3] = -nz; if (best - margin > floor) floor = best - margin; }
  }
  // Edge pairs: each P edge's arc walked across Q's map from Q's least corner along its first face's normal.
  const pe = p.edges, pair = PLACED.pair, qEdge = _qEdge, cap = qns.length - 1;
  for (let e = 0, E = pe.length; e < E; e += 4) {
    const f1 = pe[e + 3];
    if (f1 < 0) continue;
    const f0 = pe[e + 2], a0 = 3 * f0, b0 = 3 * f1;
    const ax = pn[a0], ay = pn[a0 + 1], az = pn[a0 + 2], bx = pn[b0], by = pn[b0 + 1], bz = pn[b0 + 2];
    const i0 = 3 * pe[e], i1 = 3 * pe[e + 1];
    const p0x = pv[i0], p0y = pv[i0 + 1], p0z = pv[i0 + 2];
    // The bound by Q's centre, then by its corner (floor < 0 here: every value so far is below 0).
    const vx = cqx - p0x, vy = cqy - p0y, vz = cqz - p0z, sx = qsx - p0x, sy = qsy - p0y, sz = qsz - p0z;
    if ((ax * vx + ay * vy + az * vz < floor && bx * vx + by * vy + bz * vz < floor)
      || (ax * sx + ay * sy + az * sz < floor && bx * sx + by * sy + bz * sz < floor)) continue;
    const tx = pv[i1] - p0x, ty = pv[i1 + 1] - p0y, tz = pv[i1 + 2] - p0z;
    const mx = ax + bx, my = ay + by, mz = az + bz;
    let w = least[f0], at = 0;
    if (w < 0) { w = leastFrom(qv, qns, qni, _at[1], ax, ay, az); least[f0] = w; }
    for (let steps = cap; steps > 0; steps--) {
      const j = 3 * w, aw = ax * qv[j] + ay * qv[j + 1] + az * qv[j + 2], bw = bx * qv[j] + by * qv[j + 1] + bz * qv[j + 2];
      // The neighbour whose value along d(t) first drops below w's after `at` (α at t = 0, β at t = 1).
      let next = -1, when = 1;
      for (let k = qns[w], end = qns[w + 1]; k < end; k++) {
        const u = 3 * qni[k];
        const beta = bx * qv[u] + by * qv[u + 1] + bz * qv[u + 2] - bw;
        if (!(beta < 0)) continue;
        const alpha = ax * qv[u] + ay * qv[u + 1] + az * qv[u + 2] - aw;
        let s = at;
        if (alpha > 0) { const r = alpha / (alpha - beta); if (r > s) s = r; }
        if (s < when) { when = s; next = qni[k]; }
      }
      if (next < 0) break;
      // A crossing with Q's edge (w, next): the facet's normal L = P's edge × Q's, oriented along P's arc.
      const u = 3 * next;
      const ux = qv[u] - qv[j], uy = qv[u + 1] - qv[j + 1], uz = qv[u + 2] - qv[j + 2];
      let lx = ty * uz - tz * uy, ly = tz * ux - tx * uz, lz = tx * uy - ty * ux;
      const side = lx * mx + ly * my + lz * mz;
      const l = Math.sqrt(lx * lx + ly * ly + lz * lz);
      // Parallel edges (no cross product): their arcs overlap rather than cross, and meet at a face's
      // normal, tested above.
      if (side !== 0 && l > 0) {
        if (side < 0) { lx = -lx; ly = -ly; lz = -lz; }
        const value = (lx * (qv[j] - p0x) + ly * (qv[j + 1] - p0y) + lz * (qv[j + 2] - p0z)) / l;
        if (value > 0) { axis[1] = lx / l; axis[2] = ly / l; axis[3] = lz / l; return apart(pv, qv, nq); }
        if (value > best) {
          best = value; code = FP + FQ; axis[1] = lx / l; axis[2] = ly / l; axis[3] = lz / l; pair[0] = e; qEdge[0] = w; qEdge[1] = next;
          if (best - margin > floor) floor = best - margin;
        }
      }
      w = next; at = when;
    }
  }
  // Touching, or an answer below the first direction's separation (rounding misled the walk).
  if (!(best < 0) || best < floor0 - margin) return GENERAL;
  // The answer's axis read again by scans: its facet's value is the separation along it (a crossing that
  // rounding misplaced would not be).
  separationAlong(pv, qv, nq, axis);
  if (!(Math.abs(_k[1] - best) <= margin)) return GENERAL;
  axis[0] = best; axis[4] = _k[1];
  if (code === FP + FQ) {
    // The Q edge's offset in Q's edge list (witnessFacet reads edges there).
    const qe = q.edges, x = qEdge[0], y = qEdge[1];
    let h = -1;
    for (let k = 0, E = qe.length; k < E; k += 4) {
      if ((qe[k] === x && qe[k + 1] === y) || (qe[k] === y && qe[k + 1] === x)) { h = k; break; }
    }
    if (h < 0) return GENERAL;
    pair[1] = h;
  }
  return code;
}
