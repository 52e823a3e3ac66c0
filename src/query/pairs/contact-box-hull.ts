/**
 * A box against a convex hull in the contact family: separating axes first, in the box's frame, where a
 * box's support is its half extents' signs (Gregorius, "The Separating Axis Test between Convex Polyhedra",
 * GDC 2013, and "Robust Contact Creation for Physics Simulations", GDC 2015; Ericson, Real-Time Collision
 * Detection §4.4 for the box's own axes). The facets of the Minkowski difference are:
 * - the box's 6 faces: the hull's least and greatest coordinate along each axis (its corners placed once);
 * - the hull's faces: each offset less the box's reach along its normal, Σ h|n|, in O(1);
 * - an edge of each along whose arcs the Gauss maps cross: the box's edges run along 3 directions, and
 *   along each the box's 4 parallel edges' arcs tile the circle perpendicular to it. So every hull edge on
 *   the hull's silhouette along a box axis (its two faces' normals on either side of the plane
 *   perpendicular to it) makes exactly one facet, with the box edge whose quarter of the circle holds the
 *   axis: 3 sign tests a hull edge, and a cross product for the few on a silhouette.
 * The generic pass (contact-polytopes.ts) tests every box edge against every hull face and edge instead:
 * for the 30-point hulls of the world's benchmark that cost 2.7 times GJK and EPA; this pass costs a
 * fraction of them, so it runs first, without GJK: an axis beyond the limit proves the pair apart (its
 * value a lower bound on the distance, the world's clearance), every facet at most 0 gives the depth and
 * its facet, whose witnesses polytope-witness.ts finds. A pair apart within the limit (GJK measures the
 * distance), touching, flat, traced, outside the ordinary range of sizes, or whose witness rounding put
 * off its facet takes the general path.
 *
 * Coherence (as Bullet's cached separating axis and Box2D's simplex cache): with a GjkCache (a world keeps
 * one per pair) the axis the pair's last query ended on is tried first, before the hull is placed: one
 * support of each shape, and a pair still apart along it beyond the limit is answered FAR. The pass leaves
 * its own axis there (the separating one, or the contact's normal), as GJK leaves its direction. Measured
 * in one process on box/30-point-hull pairs apart by up to 0.6: 0.41 the time with the kept axis.
 */
import type { Transform } from '../../math/transform.js';
import type { Box } from '../../shapes/box.js';
import type { ConvexHull } from '../../shapes/convex-hull.js';
import { contactConvex } from '../contact/convex-contact.js';
import type { GjkCache } from '../gjk/gjk.js';
import { relatePair } from '../pair/pair-frame.js';
import type { ContactPairFunction } from '../pair/dispatch.js';
import type { QueryWork } from '../pair/query-work.js';
import { contactFromRecord, RECORD } from './closed-form-families.js';
import { BOX_EDGE_AT, boxPolytope, hullPolytope, type Polytope } from './polytope-edges.js';
import { PLACED, placePolytopes, witnessFacet } from './polytope-witness.js';

/** boxHullFacet's outcomes besides a facet's code: apart beyond the limit (the bound in PLACED.axis[0]), or the general path. */
const FAR = -2, GENERAL = -1;
/**
 * How far (times the pair's size) the separation along the pass's axis, from the supports themselves, may
 * differ from the value the pass read (rounding of the placed corners and the axis: a few ε of the size).
 */
const CERTIFY_RELATIVE = 64 * Number.EPSILON;
/** Each hull face's normal's signs (boxHullFacet), grown to the largest hull seen. */
let _signs = /* @__PURE__ */ new Int32Array(64);
/** cachedAxisApart's direction for the hull's support. */
const _dir = { x: 0, y: 0, z: 0 };
/** The box's axes, x, y, z. */
const UNIT = /* @__PURE__ */ Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1);
/** The answer's record (core-answer.ts reads it; closed-form-families.ts says its layout). */
const _c = /* @__PURE__ */ new Float64Array(RECORD);
/** The limit beyond which a pair is apart, and the box's half extents (numbers through a call: V8 rule 1, CONTRIBUTING.md). */
const _k = /* @__PURE__ */ new Float64Array(4);

/** The contact family's function for a box (A) and a convex hull (B). */
export const contactBoxHull: ContactPairFunction = (work, a, tA, b, tB, options) => {
  const box = a as Box, hull = b as ConvexHull;
  if (options?.trace === undefined) {
    const frame = relatePair(work.frame, box, tA, hull, tB);
    if (!frame.outOfRange) {
      const p = boxPolytope(box), q = hullPolytope(hull);
      // A flat box or hull has edges between opposite faces, whose arcs the pass cannot read.
      if (p.dimension === 3 && q.dimension === 3) {
        const k = _k;
        k[0] = work.touchingOnly ? frame.slack : work.maxSeparation;
        k[1] = box.hx; k[2] = box.hy; k[3] = box.hz;
        PLACED.size[0] = box.boundingRadius + hull.boundingRadius;
        const cache = options?.cache;
        // Coherence: the axis kept from the pair's last query (GJK's, or this pass's), tried first.
        if (cache !== undefined && cache.valid && cachedAxisApart(box, hull, frame.bInA, cache)) { work.separationBound = _k[0]; return false; }
        const facet = boxHullFacet(q, frame.bInA);
        if (facet === FAR) { work.separationBound = PLACED.axis[0]; keepAxis(cache); return false; }
        if (facet >= 0 && answer(work, tA, p, q, facet)) { keepAxis(cache); return true; }
      }
    }
  }
  return contactConvex(work, box, tA, hull, tB, options);
};

/**
 * Whether the pair is apart beyond the limit (_k[0]) along the kept axis: the cache holds GJK's closest
 * point of the difference A − B (the box's frame), so the axis from A into B is its negation; the
 * separation along it, the hull's least reach less the box's greatest (Σ h|n|), bounds the distance from
 * below. The separation replaces the limit in _k[0] when it answers true.
 */
function cachedAxisApart(box: Box, hull: ConvexHull, t: Transform, cache: GjkCache): boolean {
  const vx = cache.x, vy = cache.y, vz = cache.z, l = Math.sqrt(vx * vx + vy * vy + vz * vz);
  if (!(l > 0)) return false;
  const nx = -vx / l, ny = -vy / l, nz = -vz / l;
  // The hull's least reach along n: its greatest along −n in its own frame (Rᵀ(−n)).
  const d = _dir;
  d.x = -(t.m00 * nx + t.m10 * ny + t.m20 * nz); d.y = -(t.m01 * nx + t.m11 * ny + t.m21 * nz); d.z = -(t.m02 * nx + t.m12 * ny + t.m22 * nz);
  const i = 3 * hull.supportIndex(d), v = hull.vertices;
  const least = nx * t.tx + ny * t.ty + nz * t.tz - (d.x * v[i] + d.y * v[i + 1] + d.z * v[i + 2]);
  const sep = least - (box.hx * Math.abs(nx) + box.hy * Math.abs(ny) + box.hz * Math.abs(nz));
  if (!(sep > _k[0])) return false;
  _k[0] = sep;
  return true;
}

/** The pass's axis (PLACED.axis, from A into B) kept for the pair's next query, as GJK keeps its own (−axis). */
function keepAxis(cache: GjkCache | undefined): void {
  if (cache === undefined) return;
  const axis = PLACED.axis;
  cache.x = -axis[1]; cache.y = -axis[2]; cache.z = -axis[3];
  cache.valid = true;
}

/** The witnesses of `facet` into the contact (world space); false when rounding left them off it. */
function answer(work: QueryWork, tA: Transform, p: Polytope, q: Polytope, facet: number): boolean {
  const c = _c;
  c[19] = 1; c[24] = 1; c[25] = 0; c[26] = 0; // (the record's scale, factor back and radii: polytopes have none)
  if (!witnessFacet(p, q, facet, c)) return false;
  if (!contactFromRecord(work, tA, c)) return false;
  work.contact.iterations = 0;
  return true;
}

/**
 * The facet of the difference box ⊖ hull of greatest value (least depth), as contact-polytopes.ts's
 * deepestFacet gives it (its code, PLACED.axis, PLACED.pair; the hull placed in the box's frame by `t`),
 * with the limit and half extents in _k. At the first facet whose value is above 0 (the pair is apart):
 * FAR when it exceeds the limit (the value in PLACED.axis[0], its axis in PLACED.axis[1..3]), else GENERAL, since GJK measures the
 * distance anyway (a `contact` without a limit pays for no more of the pass than that); GENERAL too when
 * the greatest value is 0 (touching).
 */
function boxHullFacet(q: Polytope, t: Transform): number {
  placePolytopes(q, t);
  const limit = _k[0], hx = _k[1], hy = _k[2], hz = _k[3];
  const qv = PLACED.qv, qn = PLACED.qn, qo = PLACED.qo, axis = PLACED.axis, VQ = q.vertices.length, FQ = q.faceCount;
  let best = -Infinity, code = -1;
  // The box's faces (+x, −x, +y, −y, +z, −z: polytope-edges.ts's order), from the hull's extent along each axis.
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity, z0 = Infinity, z1 = -Infinity;
  for (let j = 0; j < VQ; j += 3) {
    const x = qv[j], y = qv[j + 1], z = qv[j + 2];
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
    if (z < z0) z0 = z;
    if (z > z1) z1 = z;
  }
  for (let f = 0; f < 6; f++) {
    const k = f >> 1, h = k === 0 ? hx : k === 1 ? hy : hz;
    const value = (f & 1) === 0 ? (k === 0 ? x0 : k === 1 ? y0 : z0) - h : -(k === 0 ? x1 : k === 1 ? y1 : z1) - h;
    if (value > 0 || value > best) {
      const s = (f & 1) === 0 ? 1 : -1;
      axis[1] = s * UNIT[3 * k]; axis[2] = s * UNIT[3 * k + 1]; axis[3] = s * UNIT[3 * k + 2];
      if (value > 0) { axis[0] = value; return value > limit ? FAR : GENERAL; }
      best = value; code = f;
    }
  }
  // The hull's faces (normals out of the hull: the axis from the box into it is the opposite), and the
  // signs of each normal's coordinates: bit k set in `pos` when its k-th is above 0, in `neg` below.
  if (_signs.length < FQ) _signs = new Int32Array(2 * FQ);
  const signs = _signs;
  for (let g = 0, i = 0; g < FQ; g++, i += 3) {
    const nx = qn[i], ny = qn[i + 1], nz = qn[i + 2];
    const value = -(hx * Math.abs(nx) + hy * Math.abs(ny) + hz * Math.abs(nz)) - qo[g];
    if (value > 0) { axis[0] = value; axis[1] = -nx; axis[2] = -ny; axis[3] = -nz; return value > limit ? FAR : GENERAL; }
    if (value > best) { best = value; code = 6 + g; axis[1] = -nx; axis[2] = -ny; axis[3] = -nz; }
    signs[g] = (nx > 0 ? 4 : 0) | (ny > 0 ? 2 : 0) | (nz > 0 ? 1 : 0) | (nx < 0 ? 32 : 0) | (ny < 0 ? 16 : 0) | (nz < 0 ? 8 : 0);
  }
  // Edge pairs: a hull edge is on the silhouette along box axis k when its faces' normals have k-th
  // coordinates strictly of opposite signs (at a zero the crossing is a face's normal, tested above).
  const qe = q.edges, pair = PLACED.pair;
  for (let e = 0, E = qe.length; e < E; e += 4) {
    const g1 = qe[e + 3];
    if (g1 < 0) continue;
    const g0 = qe[e + 2], s0 = signs[g0], s1 = signs[g1];
    let crossing = ((s0 & (s1 >> 3)) | (s1 & (s0 >> 3))) & 7;
    if (crossing === 0) continue;
    const a0 = 3 * g0, a1 = 3 * g1, j0 = 3 * qe[e], j1 = 3 * qe[e + 1];
    const ux = qv[j1] - qv[j0], uy = qv[j1 + 1] - qv[j0 + 1], uz = qv[j1 + 2] - qv[j0 + 2];
    const mx = qn[a0] + qn[a1], my = qn[a0 + 1] + qn[a1 + 1], mz = qn[a0 + 2] + qn[a1 + 2];
    for (let k = 0; crossing !== 0; k++, crossing = (crossing << 1) & 7) {
      if ((crossing & 4) === 0) continue;
      // L = e_k × u, its k-th component exactly 0 (the unit axis read as doubles: a small integer 0 merged
      // with a double in a ternary is kept boxed).
      const ex = UNIT[3 * k], ey = UNIT[3 * k + 1], ez = UNIT[3 * k + 2];
      let lx = ey * uz - ez * uy, ly = ez * ux - ex * uz, lz = ex * uy - ey * ux;
      // −L on the hull edge's arc (between its faces' normals), so L points from the box into the hull.
      const side = lx * mx + ly * my + lz * mz;
      if (!(side !== 0)) continue;
      if (side > 0) { lx = -lx; ly = -ly; lz = -lz; }
      const l = Math.sqrt(lx * lx + ly * ly + lz * lz);
      if (!(l > 0)) continue;
      // The box's support along L is its edge along k at the corner of L's signs.
      const value = (lx * qv[j0] + ly * qv[j0 + 1] + lz * qv[j0 + 2] - (hx * Math.abs(lx) + hy * Math.abs(ly) + hz * Math.abs(lz))) / l;
      if (value > 0) { axis[0] = value; axis[1] = lx / l; axis[2] = ly / l; axis[3] = lz / l; return value > limit ? FAR : GENERAL; }
      if (value > best) {
        best = value; code = 6 + FQ; axis[1] = lx / l; axis[2] = ly / l; axis[3] = lz / l;
        pair[0] = BOX_EDGE_AT[8 * k + ((lx > 0 ? 4 : 0) | (ly > 0 ? 2 : 0) | (lz > 0 ? 1 : 0))];
        pair[1] = e;
      }
    }
  }
  if (!(best < 0)) return GENERAL;
  axis[0] = best;
  // The certificate: the separation along the axis from the supports themselves (the hull's least reach
  // over all its corners, the box's greatest), which must be the value the pass read. An edge of a hull
  // between faces tilted by rounding (3e-8 apart: float32 coordinates) has an arc too narrow for its axis to
  // be read reliably: its value there was the depth, but the shapes overlapped by 4e-8 more along it, so the
  // normal did not certify the depth (test/golden/box-sliver-hull-normal.json). Such a pair goes to EPA.
  const nx = axis[1], ny = axis[2], nz = axis[3];
  let least = Infinity;
  for (let j = 0; j < VQ; j += 3) { const d = nx * qv[j] + ny * qv[j + 1] + nz * qv[j + 2]; if (d < least) least = d; }
  const certified = least - (hx * Math.abs(nx) + hy * Math.abs(ny) + hz * Math.abs(nz));
  if (!(Math.abs(certified - best) <= CERTIFY_RELATIVE * PLACED.size[0])) return GENERAL;
  axis[4] = certified;
  return code;
}
