/**
 * The two polytopes of contact-polytopes.ts placed in A's frame, and the witness pair of the facet its
 * separating-axis pass found, aligned as the contact query promises (pointB − pointA = separation ·
 * normal, each on its shape):
 * - a face of one (the reference) against the other (the incident): the origin's foot on the least facet
 *   of the difference lies in it, so some deepest point of the incident polytope along the face's normal
 *   projects into the reference face. Its deepest corner, when that projects inside (a corner in general
 *   position); else the incident face most opposed to the normal, clipped to the reference face's prism
 *   (Sutherland–Hodgman, as Jolt's ManifoldBetweenTwoFaces and Box2D clip), and its deepest point there;
 *   the reference point is that point moved onto the face;
 * - an edge pair: the two edges' closest points (closest-segments.ts; the foot lies in their facet, so the
 *   lines' closest points lie on the segments).
 * A witness whose depth disagrees with the facet's value beyond rounding (rounding put it off its facet)
 * makes the query take the general path.
 */
import type { Transform } from '../../math/transform.js';
import { POLYTOPE_WITNESS_AGREEMENT } from '../../tolerance.js';
import { closestSegments } from './closest-segments.js';
import { RECORD } from './closed-form-families.js';
import type { Polytope } from './polytope-edges.js';

/** (tolerance.ts says why its value; copied: V8 rule 4, CONTRIBUTING.md.) */
const AGREEMENT = POLYTOPE_WITNESS_AGREEMENT;

/**
 * The placed pair, refilled per query (arrays grow to the largest polytope seen, then stay): Q's corners,
 * face normals and offsets in A's frame (qv, qn, qo; P, A itself, is in place already), a
 * sign per Q face (signs, the separating-axis pass's), the best facet's value and unit normal (axis[0],
 * axis[1..3]) and the separation along that normal as the pass read it again from every corner (axis[4]:
 * σ, for the certified bounds), an edge pair's edges (pair: offsets into the edge lists), the pair's size (size[0]: the
 * agreement's scale), and the clip's buffers.
 */
class Placed {
  qv = new Float64Array(24);
  qn = new Float64Array(18);
  qo = new Float64Array(6);
  signs = new Float64Array(6);
  readonly axis = new Float64Array(5);
  readonly pair = new Int32Array(2);
  readonly size = new Float64Array(1);
  clipIn = new Float64Array(48);
  clipOut = new Float64Array(48);
  /** The witnesses in A's frame: reference point (0..2), incident point (3..5). */
  readonly w = new Float64Array(6);
  /** The reference face's unit normal (0..2) and the incident point tested against its prism (3..5). */
  readonly ref = new Float64Array(6);
}
export const PLACED = /* @__PURE__ */ new Placed();

/** An edge pair for closestSegments (its record's layout). */
const _e = /* @__PURE__ */ new Float64Array(RECORD);

/**
 * Places Q (B, at `t`: B in A's frame; P, A, is at the origin of that frame as it is); PLACED.size[0] holds
 * the pair's size (bounding radii), and after it the agreement's scale (with the distance of their origins).
 */
export function placePolytopes(q: Polytope, t: Transform): void {
  const size = PLACED.size[0];
  const s = PLACED, VQ = q.vertices.length, FQ = q.faceCount;
  if (s.qv.length < VQ) s.qv = new Float64Array(VQ);
  if (s.qn.length < 3 * FQ) { s.qn = new Float64Array(3 * FQ); s.qo = new Float64Array(FQ); s.signs = new Float64Array(FQ); }
  const qv = s.qv, qn = s.qn, qo = s.qo, w = q.vertices, n = q.faceNormals, o = q.faceOffsets;
  for (let j = 0; j < VQ; j += 3) {
    const x = w[j], y = w[j + 1], z = w[j + 2];
    qv[j] = t.m00 * x + t.m01 * y + t.m02 * z + t.tx;
    qv[j + 1] = t.m10 * x + t.m11 * y + t.m12 * z + t.ty;
    qv[j + 2] = t.m20 * x + t.m21 * y + t.m22 * z + t.tz;
  }
  for (let g = 0, i = 0; g < FQ; g++, i += 3) {
    const x = n[i], y = n[i + 1], z = n[i + 2];
    const nx = t.m00 * x + t.m01 * y + t.m02 * z, ny = t.m10 * x + t.m11 * y + t.m12 * z, nz = t.m20 * x + t.m21 * y + t.m22 * z;
    qn[i] = nx; qn[i + 1] = ny; qn[i + 2] = nz;
    qo[g] = o[g] + nx * t.tx + ny * t.ty + nz * t.tz;
  }
  s.size[0] = size + Math.sqrt(t.tx * t.tx + t.ty * t.ty + t.tz * t.tz);
}

/**
 * The witnesses of `facet` (contact-polytopes.ts's code) into record `c` (A's frame: A's point 12..14, B's
 * 15..17, the separation 18, the normal from A into B 20..22). False when rounding left them off it.
 */
export function witnessFacet(p: Polytope, q: Polytope, facet: number, c: Float64Array): boolean {
  const s = PLACED, w = s.w, axis = s.axis, FP = p.faceCount;
  let value: number;
  if (facet < FP) {
    if (!faceWitness(p, p.vertices, p.faceNormals, p.faceOffsets, facet, q, s.qv, s.qn)) return false;
    c[12] = w[0]; c[13] = w[1]; c[14] = w[2]; c[15] = w[3]; c[16] = w[4]; c[17] = w[5];
    value = (w[3] - w[0]) * axis[1] + (w[4] - w[1]) * axis[2] + (w[5] - w[2]) * axis[3];
  } else if (facet < FP + q.faceCount) {
    if (!faceWitness(q, s.qv, s.qn, s.qo, facet - FP, p, p.vertices, p.faceNormals)) return false;
    c[12] = w[3]; c[13] = w[4]; c[14] = w[5]; c[15] = w[0]; c[16] = w[1]; c[17] = w[2];
    value = (w[0] - w[3]) * axis[1] + (w[1] - w[4]) * axis[2] + (w[2] - w[5]) * axis[3];
  } else {
    const e = _e, pv = p.vertices, qv = s.qv, i0 = 3 * p.edges[s.pair[0]], i1 = 3 * p.edges[s.pair[0] + 1];
    const j0 = 3 * q.edges[s.pair[1]], j1 = 3 * q.edges[s.pair[1] + 1];
    e[0] = pv[i0]; e[1] = pv[i0 + 1]; e[2] = pv[i0 + 2]; e[3] = pv[i1]; e[4] = pv[i1 + 1]; e[5] = pv[i1 + 2];
    e[6] = qv[j0]; e[7] = qv[j0 + 1]; e[8] = qv[j0 + 2]; e[9] = qv[j1]; e[10] = qv[j1 + 1]; e[11] = qv[j1 + 2];
    closestSegments(e);
    for (let i = 12; i < 18; i++) c[i] = e[i];
    value = (e[15] - e[12]) * axis[1] + (e[16] - e[13]) * axis[2] + (e[17] - e[14]) * axis[3];
  }
  if (!(Math.abs(value - axis[0]) <= AGREEMENT * s.size[0])) return false;
  c[18] = value;
  c[20] = axis[1]; c[21] = axis[2]; c[22] = axis[3];
  // σ along the axis as the pass read it from every corner of both (the certified bounds' lower one).
  c[27] = axis[4]; c[28] = 1;
  c[29] = p.margin + q.margin; // (a hull's faces: Polytope.margin)
  return true;
}

/**
 * Reference face `f` of R (corners rv, normals rn, offsets ro, A's frame) against incident polytope I
 * (corners iv, normals inn): the reference point into PLACED.w[0..2], the incident one into w[3..5].
 * False when no incident point projects into the face (rounding).
 */
function faceWitness(r: Polytope, rv: Float64Array, rn: Float64Array, ro: Float64Array, f: number, inc: Polytope, iv: Float64Array, inn: Float64Array): boolean {
  const w = PLACED.w, ref = PLACED.ref, nx = rn[3 * f], ny = rn[3 * f + 1], nz = rn[3 * f + 2];
  ref[0] = nx; ref[1] = ny; ref[2] = nz;
  // The incident polytope's deepest corner along −n.
  let least = Infinity, at = 0;
  for (let j = 0, V = inc.vertices.length; j < V; j += 3) {
    const d = nx * iv[j] + ny * iv[j + 1] + nz * iv[j + 2];
    if (d < least) { least = d; at = j; }
  }
  let x = iv[at], y = iv[at + 1], z = iv[at + 2];
  ref[3] = x; ref[4] = y; ref[5] = z;
  if (!inPrism(r, rv, f)) {
    // A tie (an edge or a face of I along the face): the incident face most opposed to n, clipped.
    let g = 0, most = Infinity;
    for (let h = 0; h < inc.faceCount; h++) {
      const d = nx * inn[3 * h] + ny * inn[3 * h + 1] + nz * inn[3 * h + 2];
      if (d < most) { most = d; g = h; }
    }
    const count = clipToPrism(r, rv, f, inc, iv, g);
    if (count === 0) return false;
    const out = PLACED.clipIn;
    least = Infinity;
    for (let i = 0; i < 3 * count; i += 3) {
      const d = nx * out[i] + ny * out[i + 1] + nz * out[i + 2];
      if (d < least) { least = d; x = out[i]; y = out[i + 1]; z = out[i + 2]; }
    }
  }
  const depth = ro[f] - (nx * x + ny * y + nz * z);
  w[0] = x + depth * nx; w[1] = y + depth * ny; w[2] = z + depth * nz;
  w[3] = x; w[4] = y; w[5] = z;
  return true;
}

/**
 * Whether the point PLACED.ref[3..5] projects into face `f` of R, whose unit normal is PLACED.ref[0..2]:
 * inside every side plane (each edge × n, facing out). (Numbers through the scratch: V8 rule 1.)
 */
function inPrism(r: Polytope, rv: Float64Array, f: number): boolean {
  const start = r.faceStart, loops = r.faceIndices, ref = PLACED.ref;
  const nx = ref[0], ny = ref[1], nz = ref[2], x = ref[3], y = ref[4], z = ref[5];
  for (let q = start[f], end = start[f + 1]; q < end; q++) {
    const i = 3 * loops[q], j = 3 * loops[q + 1 < end ? q + 1 : start[f]];
    const ex = rv[j] - rv[i], ey = rv[j + 1] - rv[i + 1], ez = rv[j + 2] - rv[i + 2];
    const mx = ey * nz - ez * ny, my = ez * nx - ex * nz, mz = ex * ny - ey * nx;
    if (mx * (x - rv[i]) + my * (y - rv[i + 1]) + mz * (z - rv[i + 2]) > 0) return false;
  }
  return true;
}

/**
 * Incident face `g` of I clipped to the prism of R's face `f` (normal PLACED.ref[0..2]; Sutherland–Hodgman:
 * each side plane keeps the part inside), into PLACED.clipIn; returns its corner count (each plane adds at
 * most one corner).
 */
function clipToPrism(r: Polytope, rv: Float64Array, f: number, inc: Polytope, iv: Float64Array, g: number): number {
  const s = PLACED, start = r.faceStart, loops = r.faceIndices, is = inc.faceStart, il = inc.faceIndices;
  const nx = s.ref[0], ny = s.ref[1], nz = s.ref[2];
  const room = 3 * (is[g + 1] - is[g] + start[f + 1] - start[f]);
  if (s.clipIn.length < room) { s.clipIn = new Float64Array(room); s.clipOut = new Float64Array(room); }
  let a = s.clipIn, b = s.clipOut, n = 0;
  for (let k = is[g]; k < is[g + 1]; k++, n++) { const j = 3 * il[k]; a[3 * n] = iv[j]; a[3 * n + 1] = iv[j + 1]; a[3 * n + 2] = iv[j + 2]; }
  for (let q = start[f], end = start[f + 1]; q < end && n > 0; q++) {
    const i = 3 * loops[q], j = 3 * loops[q + 1 < end ? q + 1 : start[f]];
    const ex = rv[j] - rv[i], ey = rv[j + 1] - rv[i + 1], ez = rv[j + 2] - rv[i + 2];
    const mx = ey * nz - ez * ny, my = ez * nx - ex * nz, mz = ex * ny - ey * nx;
    let out = 0;
    for (let u = 0; u < n; u++) {
      const v = u + 1 === n ? 0 : u + 1;
      const ax = a[3 * u], ay = a[3 * u + 1], az = a[3 * u + 2], bx = a[3 * v], by = a[3 * v + 1], bz = a[3 * v + 2];
      const da = mx * (ax - rv[i]) + my * (ay - rv[i + 1]) + mz * (az - rv[i + 2]);
      const db = mx * (bx - rv[i]) + my * (by - rv[i + 1]) + mz * (bz - rv[i + 2]);
      if (da <= 0) { b[3 * out] = ax; b[3 * out + 1] = ay; b[3 * out + 2] = az; out++; }
      if ((da < 0 && db > 0) || (da > 0 && db < 0)) {
        const t = da / (da - db);
        b[3 * out] = ax + t * (bx - ax); b[3 * out + 1] = ay + t * (by - ay); b[3 * out + 2] = az + t * (bz - az); out++;
      }
    }
    n = out;
    const swap = a; a = b; b = swap;
  }
  if (a !== s.clipIn) for (let i = 0; i < 3 * n; i++) s.clipIn[i] = a[i];
  return n;
}
