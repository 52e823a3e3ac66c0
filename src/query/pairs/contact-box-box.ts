/**
 * Two boxes in the contact family: the separating axis test (manifold/manifold-box-box.ts) gives the exact
 * normal and depth of overlapping boxes, and this file the witness pair along it, aligned as the contact
 * query promises (pointA − pointB = depth · normal, each on its box), without GJK or EPA:
 * - a face axis: the reference face (the box whose face normal the axis is) and the incident box's
 *   deepest feature along it (a vertex, an edge or a face, by which of its axes lie in the face's plane).
 *   The axis of least overlap is the Minkowski difference's nearest facet, so the origin's foot on it lies
 *   in it: some point of the incident feature projects into the reference face. The clip of the feature's
 *   projection to the face's rectangle (Sutherland–Hodgman) holds those points; its centroid, on the face,
 *   is A's or B's witness, and the same point moved back by the depth the other's;
 * - an edge axis: the closest points of the two edges that meet along it (closest-segments.ts).
 * Separated boxes within the limit, pairs outside the ordinary range of sizes and traced queries take
 * the general path (separating axes do not give the distance of separated boxes).
 */
import { transformPoint } from '../../math/transform.js';
import type { Box } from '../../shapes/box.js';
import type { ConvexShape } from '../../shapes/shape.js';
import { contactConvex } from '../contact/convex-contact.js';
import type { ContactPairFunction } from '../pair/dispatch.js';
import { BOX_AXIS as AXIS_RECORD, collideBoxBox, FAR, NEAR } from '../manifold/manifold-box-box.js';
import type { QueryWork } from '../pair/query-work.js';
import { closestSegments } from './closest-segments.js';
import { RECORD } from './closed-form-families.js';

/**
 * An axis of the incident box whose cosine with the face normal is at most this lies in the face's plane:
 * its feature spans that axis. Tilted by less, a face is a vertex here, which projects into the reference
 * face to rounding (the clamp below absorbs it), so the witness stays on its box.
 */
const IN_PLANE = 1e-12;

/** collideBoxBox's axis record, as a constant of this module (CONTRIBUTING.md, "V8 rules", rule 4). */
const BOX_AXIS = AXIS_RECORD;

/** The incident feature's projection (up to 4 corners) and the clip's buffers (up to 8), 2D. */
const _poly = /* @__PURE__ */ new Float64Array(16);
const _clip = /* @__PURE__ */ new Float64Array(16);
/** Reference and incident frames: the incident box's axes (columns, 9), centre (3) in the reference frame. */
const _m = /* @__PURE__ */ new Float64Array(12);
/** The witness pair in the reference frame: reference point 0..2, incident point 3..5. */
const _w = /* @__PURE__ */ new Float64Array(6);
/** Edges for closestSegments (its record's layout). */
const _edges = /* @__PURE__ */ new Float64Array(RECORD);
/**
 * The arguments of faceWitness and clipToRectangle: reference half extents 0..2, incident 3..5, face axis
 * 6, outward sign 7, depth 8, the rectangle's half sizes 9, 10 (numbers through a call V8 does not inline
 * are boxed: CONTRIBUTING.md, "V8 rules", rule 1; passed as arguments they cost 37 bytes a query).
 */
const _f = /* @__PURE__ */ new Float64Array(11);

/**
 * The contact family's function for two boxes: separating axes and the aligned witnesses where they
 * answer (overlapping, or beyond the limit), the general path otherwise. For `penetration` (touching pairs
 * only) a separated pair goes to the general path too, which applies the touch slack to a gap of rounding.
 */
export const contactBoxBox: ContactPairFunction = (work, a, tA, b, tB, options) => {
  if (options?.trace === undefined) {
    const limit = work.maxSeparation;
    if (work.touchingOnly) work.maxSeparation = Infinity;
    const route = collideBoxBox(work, a as Box, tA, b as Box, tB);
    work.maxSeparation = limit;
    if (route === FAR) return false;
    if (route === NEAR) {
      witnesses(work, a as Box, b as Box);
      const c = work.contact;
      transformPoint(c.pointA, tA, c.pointA);
      transformPoint(c.pointB, tA, c.pointB);
      return true;
    }
  }
  return contactConvex(work, a as ConvexShape, tA, b as ConvexShape, tB, options);
};

/** The aligned witness pair into work.contact's points, in A's frame (BOX_AXIS and work.frame as collideBoxBox left them). */
function witnesses(work: QueryWork, a: Box, b: Box): void {
  const t = work.frame.bInA, code = BOX_AXIS[4] | 0, f = _f;
  const nx = BOX_AXIS[1], ny = BOX_AXIS[2], nz = BOX_AXIS[3];
  const pa = work.contact.pointA, pb = work.contact.pointB, m = _m, w = _w;
  // The depth (a touching pair's overlap may be a rounding below 0). Math.max, not `o > 0 ? o : 0`: a double
  // on one branch and a small integer on the other was boxed (9 bytes a query).
  f[8] = Math.max(BOX_AXIS[0], 0);
  if (code < 3) {
    // A's face: B incident, as it is (its axes are bInA's columns).
    m[0] = t.m00; m[1] = t.m10; m[2] = t.m20; m[3] = t.m01; m[4] = t.m11; m[5] = t.m21; m[6] = t.m02; m[7] = t.m12; m[8] = t.m22;
    m[9] = t.tx; m[10] = t.ty; m[11] = t.tz;
    f[0] = a.hx; f[1] = a.hy; f[2] = a.hz; f[3] = b.hx; f[4] = b.hy; f[5] = b.hz;
    f[6] = code; f[7] = (code === 0 ? nx : code === 1 ? ny : nz) >= 0 ? 1 : -1;
    faceWitness();
    pa.x = w[0]; pa.y = w[1]; pa.z = w[2];
    pb.x = w[3]; pb.y = w[4]; pb.z = w[5];
  } else if (code < 6) {
    // B's face: A incident, in B's frame (A's axes there are Rᵀ's columns: R's rows; its centre −Rᵀt).
    m[0] = t.m00; m[1] = t.m01; m[2] = t.m02; m[3] = t.m10; m[4] = t.m11; m[5] = t.m12; m[6] = t.m20; m[7] = t.m21; m[8] = t.m22;
    m[9] = -(t.m00 * t.tx + t.m10 * t.ty + t.m20 * t.tz);
    m[10] = -(t.m01 * t.tx + t.m11 * t.ty + t.m21 * t.tz);
    m[11] = -(t.m02 * t.tx + t.m12 * t.ty + t.m22 * t.tz);
    const k = code - 3;
    // n in B's frame is ±e_k; B's face towards A faces the other way.
    const nk = k === 0 ? t.m00 * nx + t.m10 * ny + t.m20 * nz : k === 1 ? t.m01 * nx + t.m11 * ny + t.m21 * nz : t.m02 * nx + t.m12 * ny + t.m22 * nz;
    f[0] = b.hx; f[1] = b.hy; f[2] = b.hz; f[3] = a.hx; f[4] = a.hy; f[5] = a.hz;
    f[6] = k; f[7] = nk >= 0 ? -1 : 1;
    faceWitness();
    // Back to A's frame: p_A = R p_B + t.
    pb.x = t.m00 * w[0] + t.m01 * w[1] + t.m02 * w[2] + t.tx;
    pb.y = t.m10 * w[0] + t.m11 * w[1] + t.m12 * w[2] + t.ty;
    pb.z = t.m20 * w[0] + t.m21 * w[1] + t.m22 * w[2] + t.tz;
    pa.x = t.m00 * w[3] + t.m01 * w[4] + t.m02 * w[5] + t.tx;
    pa.y = t.m10 * w[3] + t.m11 * w[4] + t.m12 * w[5] + t.ty;
    pa.z = t.m20 * w[3] + t.m21 * w[4] + t.m22 * w[5] + t.tz;
  } else {
    edgeWitness(work, a, b, code - 6);
  }
}

/**
 * The witness pair of a face contact, in the reference box's frame, into _w: reference face k of half
 * extents (hx, hy, hz) with outward normal s·e_k; the incident box of half extents (gx, gy, gz) with axes
 * and centre _m; `depth` the overlap along the normal (all read from _f).
 */
function faceWitness(): void {
  const m = _m, poly = _poly, f = _f;
  const hx = f[0], hy = f[1], hz = f[2], gx = f[3], gy = f[4], gz = f[5], k = f[6] | 0, s = f[7], depth = f[8];
  // The face's two in-plane axes u, v (cyclic after k) and their half extents.
  const u = k === 0 ? 1 : k === 1 ? 2 : 0, v = k === 0 ? 2 : k === 1 ? 0 : 1;
  const hu = u === 0 ? hx : u === 1 ? hy : hz, hv = v === 0 ? hx : v === 1 ? hy : hz, hk = k === 0 ? hx : k === 1 ? hy : hz;
  // The incident corner deepest along −s·e_k: each axis j signed against the normal, unless it lies in the plane.
  let free0 = -1, free1 = -1;
  let cu = m[9 + u], cv = m[9 + v];
  for (let j = 0; j < 3; j++) {
    const g = j === 0 ? gx : j === 1 ? gy : gz;
    const ek = m[3 * j + k];
    if (Math.abs(ek) <= IN_PLANE) {
      if (free0 < 0) free0 = j; else free1 = j;
      continue;
    }
    const sign = s * ek > 0 ? -1 : 1;
    cu += sign * g * m[3 * j + u];
    cv += sign * g * m[3 * j + v];
  }
  // The feature's corners projected onto the face: 1, 2 or 4 of them, in order around it.
  let count = 1;
  poly[0] = cu; poly[1] = cv;
  if (free0 >= 0) {
    const g0 = free0 === 0 ? gx : free0 === 1 ? gy : gz;
    const au = g0 * m[3 * free0 + u], av = g0 * m[3 * free0 + v];
    if (free1 < 0) {
      poly[0] = cu - au; poly[1] = cv - av; poly[2] = cu + au; poly[3] = cv + av;
      count = 2;
    } else {
      const g1 = free1 === 0 ? gx : free1 === 1 ? gy : gz;
      const bu = g1 * m[3 * free1 + u], bv = g1 * m[3 * free1 + v];
      poly[0] = cu - au - bu; poly[1] = cv - av - bv; poly[2] = cu + au - bu; poly[3] = cv + av - bv;
      poly[4] = cu + au + bu; poly[5] = cv + av + bv; poly[6] = cu - au + bu; poly[7] = cv - av + bv;
      count = 4;
    }
  }
  // Clip to the face's rectangle, then the centroid; an empty clip (rounding) keeps the first corner. Either
  // way clamped into the rectangle, so the reference point is on the reference box.
  let qu = poly[0], qv = poly[1];
  f[9] = hu; f[10] = hv;
  const n = clipToRectangle(count);
  if (n > 0) {
    let su = 0, sv = 0;
    for (let i = 0; i < n; i++) { su += _clip[2 * i]; sv += _clip[2 * i + 1]; }
    qu = su / n; qv = sv / n;
  }
  qu = qu < -hu ? -hu : qu > hu ? hu : qu;
  qv = qv < -hv ? -hv : qv > hv ? hv : qv;
  const w = _w;
  w[u] = qu; w[v] = qv; w[k] = s * hk;
  w[3 + u] = qu; w[3 + v] = qv; w[3 + k] = s * (hk - depth);
}

/**
 * Sutherland–Hodgman: the polygon _poly of `count` corners clipped to |x| ≤ hu, |y| ≤ hv (_f[9], _f[10]),
 * into _clip; returns its corner count. A point or a segment is the polygon of its 1 or 2 corners, closed
 * back on itself: the clip keeps the part inside (a segment's crossing may come out twice, which moves its
 * centroid along it but not off it). Each of the four edges adds at most one corner to a convex polygon,
 * so 4 corners clip to at most 8 (_clip's room).
 */
function clipToRectangle(count: number): number {
  const hu = _f[9], hv = _f[10];
  let n = count;
  for (let i = 0; i < 2 * n; i++) _clip[i] = _poly[i];
  for (let edge = 0; edge < 4 && n > 0; edge++) {
    // Keep sign·x[axis] ≤ bound.
    const axis = edge & 1, bound = axis === 0 ? hu : hv, sign = edge < 2 ? 1 : -1;
    for (let i = 0; i < 2 * n; i++) _poly[i] = _clip[i];
    let out = 0;
    for (let i = 0; i < n; i++) {
      const j = i + 1 === n ? 0 : i + 1;
      const ax = _poly[2 * i], ay = _poly[2 * i + 1], bx = _poly[2 * j], by = _poly[2 * j + 1];
      const da = sign * (axis === 0 ? ax : ay) - bound, db = sign * (axis === 0 ? bx : by) - bound;
      if (da <= 0) { _clip[2 * out] = ax; _clip[2 * out + 1] = ay; out++; }
      if ((da < 0 && db > 0) || (da > 0 && db < 0)) {
        const f = da / (da - db);
        _clip[2 * out] = ax + f * (bx - ax); _clip[2 * out + 1] = ay + f * (by - ay); out++;
      }
    }
    n = out;
  }
  return n;
}

/**
 * The witness pair of an edge contact (A's axis i crossed with B's axis j, `code` = 3i + j): the closest
 * points of A's edge along axis i through its corner deepest along n and B's edge along axis j through its
 * corner deepest along −n (n from BOX_AXIS), in A's frame.
 */
function edgeWitness(work: QueryWork, a: Box, b: Box, code: number): void {
  const t = work.frame.bInA, e = _edges, nx = BOX_AXIS[1], ny = BOX_AXIS[2], nz = BOX_AXIS[3];
  const i = (code / 3) | 0, j = code - 3 * i;
  // A's corner along n, its coordinate i spanning the edge. Half extents times signs, never `s ? h : −h`
  // on a field (V8 boxed the merged value: 9 bytes a query; CONTRIBUTING.md, "V8 rules").
  const sx = nx >= 0 ? 1 : -1, sy = ny >= 0 ? 1 : -1, sz = nz >= 0 ? 1 : -1;
  e[0] = a.hx * (i === 0 ? -1 : sx); e[1] = a.hy * (i === 1 ? -1 : sy); e[2] = a.hz * (i === 2 ? -1 : sz);
  e[3] = a.hx * (i === 0 ? 1 : sx); e[4] = a.hy * (i === 1 ? 1 : sy); e[5] = a.hz * (i === 2 ? 1 : sz);
  // B's corner along −n in B's frame (−Rᵀn), its coordinate j spanning the edge; then into A's frame.
  const mx = -(t.m00 * nx + t.m10 * ny + t.m20 * nz), my = -(t.m01 * nx + t.m11 * ny + t.m21 * nz), mz = -(t.m02 * nx + t.m12 * ny + t.m22 * nz);
  const ux = mx >= 0 ? 1 : -1, uy = my >= 0 ? 1 : -1, uz = mz >= 0 ? 1 : -1;
  for (let end = 0; end < 2; end++) {
    const sgn = end === 0 ? -1 : 1;
    const px = b.hx * (j === 0 ? sgn : ux), py = b.hy * (j === 1 ? sgn : uy), pz = b.hz * (j === 2 ? sgn : uz);
    const o = 6 + 3 * end;
    e[o] = t.m00 * px + t.m01 * py + t.m02 * pz + t.tx;
    e[o + 1] = t.m10 * px + t.m11 * py + t.m12 * pz + t.ty;
    e[o + 2] = t.m20 * px + t.m21 * py + t.m22 * pz + t.tz;
  }
  closestSegments(e);
  const c = work.contact;
  c.pointA.x = e[12]; c.pointA.y = e[13]; c.pointA.z = e[14];
  c.pointB.x = e[15]; c.pointB.y = e[16]; c.pointB.z = e[17];
}
