/**
 * Closest point of a simplex (1 to 4 points) to the origin, by the signed-volumes distance
 * sub-algorithm of Montanari, Petrinic and Barbieri, "Improving the GJK algorithm for faster and more
 * reliable distance queries between convex objects", ACM TOG 36(3), 2017.
 *
 * Instead of Johnson's sub-algorithm (Gram determinants of dot products, which cancel badly for thin
 * or nearly flat simplices), each level first projects the origin onto the simplex's affine hull and
 * computes barycentric coordinates as ratios of signed lengths / areas / volumes, taken in the
 * best-conditioned coordinate projection. Where a coordinate's sign disagrees with the whole
 * simplex's, the origin lies outside the facet opposite that vertex, and only those facets are
 * searched (recursively), keeping the closest. A zero volume (degenerate simplex) disagrees with every
 * sign, so degenerate simplices fall through to their facets instead of dividing by zero.
 *
 * Departure from the paper: the segment case picks its end point by the sign of the barycentric
 * coordinate rather than by "newest vertex", so the routine is correct for any vertex order (EPA and the
 * explorer call it on simplices that did not come from a GJK step). Candidate facets are compared by the
 * distance of their own line or plane (featureNormSq), not by the norm of Σλp: on a long simplex the
 * weights' rounding times the points' size outweighs the distances being compared.
 *
 * Points live in a packed Float64Array: vertex i at [3i, 3i+1, 3i+2]. Results are a bit mask of the
 * vertices kept and their barycentric weights in `lambda[i]` (weights of dropped vertices are 0).
 */

import { triangleNormal } from '../../math/triangle-normal.js';
import * as T from '../../tolerance.js';

const _lamS1 = /* @__PURE__ */ new Float64Array(4);
const _n = /* @__PURE__ */ new Float64Array(3);
/**
 * When closestOnSimplex answers a face (three vertices), that face's normal (unnormalised, either side; from
 * its two shorter edges): GJK takes its v from it (gjk.ts) rather than computing it again.
 */
export const faceNormal = /* @__PURE__ */ new Float64Array(3);
/** The best candidate face's normal, while closestOnTetrahedron compares its faces. */
const _bestNormal = /* @__PURE__ */ new Float64Array(3);
/**
 * The largest squared norm of the points of the next closestOnSimplex call, or −1 (closestOnSimplex says
 * how it is used). Through an array, not an argument: a double passed to a call V8 does not inline is boxed
 * (CONTRIBUTING.md, "V8 rules", rule 1; 20 bytes a GJK query).
 */
export const simplexSize = /* @__PURE__ */ new Float64Array([-1]);
/** signedVolumes' answer: C_0..C_3 and their sum. */
const _vol = /* @__PURE__ */ new Float64Array(5);
/** (tolerance.ts says why its value; copied: V8 rule 4, CONTRIBUTING.md.) */
const TETRAHEDRON_CONDITION = T.TETRAHEDRON_CONDITION;
/** (tolerance.ts says why its value; copied: V8 rule 4.) */
const NARROW_CORNER = T.NARROW_CORNER;
const _lamS2 = /* @__PURE__ */ new Float64Array(4);

// "Same sign" tests are written out in place, `(a > 0 && b > 0) || (a < 0 && b < 0)`, rather than
// called as a helper: V8 stops inlining in these large functions (CONTRIBUTING.md, "V8 rules", rules 1
// and 2; as a helper it was an allocation per test).

/** featureNormSq's answer, through an array rather than returned (CONTRIBUTING.md, "V8 rules", rule 1): it runs several times per GJK step. */
const _normSq = /* @__PURE__ */ new Float64Array(1);

/**
 * The squared distance from the origin of the feature in `mask` (a vertex, an edge or a face of the points
 * `p`), into `_normSq[0]`, as GJK takes its v (gjk.ts): a vertex's |p_i|², an edge's |p_i × e|² / |e|² (e =
 * p_j − p_i), a face's (n·p_i)² / |n|² with n the faceNormal its closestOnTriangle call has just written.
 * Candidate features are compared by it, not by |Σ λ_i p_i|²: the weights' rounding times the points' size
 * (ε·10^9 on a simplex with corners 10^9 out along a long box) swamps distances of 10^-5, so a tetrahedron
 * whose nearest face was 3e-7 from the origin answered an edge 2.7e-5 away instead, GJK saw no progress and
 * stopped 8.5e-6 from a touching ellipsoid (test/golden/ellipsoid-on-long-hull-middle.json); these forms err
 * by ε of the products of the points' coordinates with the feature's extent, over that extent.
 */
function featureNormSq(p: Float64Array, mask: number): void {
  const i = mask & 1 ? 0 : mask & 2 ? 1 : mask & 4 ? 2 : 3;
  const rest = mask & ~(1 << i);
  const px = p[3 * i], py = p[3 * i + 1], pz = p[3 * i + 2];
  if (rest === 0) {
    _normSq[0] = px * px + py * py + pz * pz;
    return;
  }
  if ((rest & (rest - 1)) === 0) {
    const j = rest & 2 ? 1 : rest & 4 ? 2 : 3;
    const ex = p[3 * j] - px, ey = p[3 * j + 1] - py, ez = p[3 * j + 2] - pz;
    const ee = ex * ex + ey * ey + ez * ez;
    const qx = py * ez - pz * ey, qy = pz * ex - px * ez, qz = px * ey - py * ex; // p_i × e
    _normSq[0] = ee > 0 ? (qx * qx + qy * qy + qz * qz) / ee : px * px + py * py + pz * pz;
    return;
  }
  const nx = faceNormal[0], ny = faceNormal[1], nz = faceNormal[2], nn = nx * nx + ny * ny + nz * nz;
  // d·(d/|n|²), not d²/|n|²: d is a product of three lengths, and its square (six) underflows at the pair sizes
  // answered unscaled (2^-200: query/pair/scale-free.ts; scale-free.test.ts, "an ellipsoid apart from a
  // triangle ⊕ ball at 2^-201").
  const d = nx * px + ny * py + nz * pz;
  _normSq[0] = nn > 0 ? d * (d / nn) : px * px + py * py + pz * pz;
}

function clear(lambda: Float64Array): void {
  lambda[0] = 0; lambda[1] = 0; lambda[2] = 0; lambda[3] = 0;
}

function copy4(out: Float64Array, from: Float64Array): void {
  out[0] = from[0]; out[1] = from[1]; out[2] = from[2]; out[3] = from[3];
}

function vertexOnly(i: number, lambda: Float64Array): number {
  clear(lambda);
  lambda[i] = 1;
  return 1 << i;
}

/**
 * Segment p_i p_j. With t = p_j − p_i, the origin projects to p_i + μ t with μ = −p_i·t / t·t:
 * inside when 0 < μ < 1, else the nearer end.
 */
export function closestOnSegment(p: Float64Array, i: number, j: number, lambda: Float64Array): number {
  const ix = p[3 * i], iy = p[3 * i + 1], iz = p[3 * i + 2];
  const tx = p[3 * j] - ix, ty = p[3 * j + 1] - iy, tz = p[3 * j + 2] - iz;
  const tt = tx * tx + ty * ty + tz * tz;
  const num = -(ix * tx + iy * ty + iz * tz);
  if (!(tt > 0) || num <= 0) return vertexOnly(i, lambda);
  if (num >= tt) return vertexOnly(j, lambda);
  const mu = num / tt;
  clear(lambda);
  lambda[i] = 1 - mu;
  lambda[j] = mu;
  return (1 << i) | (1 << j);
}

/**
 * Triangle p_i p_j p_k. With n = (p_j − p_i) × (p_k − p_i) (from the two shorter edges), the origin projects to
 * p_O = (p_i·n / n·n) n. Dropping the axis where |n| is largest, the 2D signed areas
 * C_i = area(p_O, p_j, p_k), C_j = area(p_i, p_O, p_k), C_k = area(p_i, p_j, p_O) sum to that
 * component of n; they are the barycentric coordinates when all share its sign.
 */
export function closestOnTriangle(p: Float64Array, i: number, j: number, k: number, lambda: Float64Array, required = -1): number {
  const ax = p[3 * i], ay = p[3 * i + 1], az = p[3 * i + 2];
  const bx = p[3 * j], by = p[3 * j + 1], bz = p[3 * j + 2];
  const cx = p[3 * k], cy = p[3 * k + 1], cz = p[3 * k + 2];
  const abx = bx - ax, aby = by - ay, abz = bz - az;
  const acx = cx - ax, acy = cy - ay, acz = cz - az;
  let nx = aby * acz - abz * acy, ny = abz * acx - abx * acz, nz = abx * acy - aby * acx;
  // Edges meeting at a narrow angle (tolerance.ts, NARROW_CORNER): two long edges of a thin simplex cancel,
  // so the normal from the two shorter edges instead (math/triangle-normal.ts says why), bc and the shorter
  // of ab and ac: ab × ac = ab × bc = ac × bc. (Written out: a call taken this rarely stays unoptimised in
  // V8, whose interpreter boxes every double, about a byte a query.)
  const ab2 = abx * abx + aby * aby + abz * abz, ac2 = acx * acx + acy * acy + acz * acz;
  const narrow = nx * nx + ny * ny + nz * nz < NARROW_CORNER * ab2 * ac2;
  if (narrow) {
    const bcx = cx - bx, bcy = cy - by, bcz = cz - bz;
    const ex = ac2 >= ab2 ? abx : acx, ey = ac2 >= ab2 ? aby : acy, ez = ac2 >= ab2 ? abz : acz;
    nx = ey * bcz - ez * bcy; ny = ez * bcx - ex * bcz; nz = ex * bcy - ey * bcx;
  }
  const nn = nx * nx + ny * ny + nz * nz;

  if (nn > 0) {
    const s = (ax * nx + ay * ny + az * nz) / nn;
    const ox = nx * s, oy = ny * s, oz = nz * s;
    // 2D coordinates (u, v) in the projection dropping the dominant axis, ordered so the projected
    // area of (a, b, c) equals +n[dominant].
    let au: number, av: number, bu: number, bv: number, cu: number, cv: number, ou: number, ov: number, mu: number;
    const anx = Math.abs(nx), any = Math.abs(ny), anz = Math.abs(nz);
    if (anx >= any && anx >= anz) {
      au = ay; av = az; bu = by; bv = bz; cu = cy; cv = cz; ou = oy; ov = oz; mu = nx;
    } else if (any >= anz) {
      au = az; av = ax; bu = bz; bv = bx; cu = cz; cv = cx; ou = oz; ov = ox; mu = ny;
    } else {
      au = ax; av = ay; bu = bx; bv = by; cu = cx; cv = cy; ou = ox; ov = oy; mu = nz;
    }
    const ci = (bu - ou) * (cv - ov) - (bv - ov) * (cu - ou);
    const cj = (ou - au) * (cv - av) - (ov - av) * (cu - au);
    const ck = (bu - au) * (ov - av) - (bv - av) * (ou - au);
    if (((mu > 0 && ci > 0) || (mu < 0 && ci < 0)) && ((mu > 0 && cj > 0) || (mu < 0 && cj < 0)) && ((mu > 0 && ck > 0) || (mu < 0 && ck < 0))) {
      faceNormal[0] = nx; faceNormal[1] = ny; faceNormal[2] = nz;
      clear(lambda);
      // At a narrow corner, over the sum of the three areas, not mu: they share its sign here (no
      // cancellation), and their sum is mu in exact arithmetic, but mu comes from another pair of edges there:
      // a triangle of coordinates from 1e-207 to 1e-58 gave weights summing to 1 + 1.5e-12 (FC_SEED=random,
      // golden). (Elsewhere mu, which the sum matches to rounding: the answers' bits stay.)
      const area = narrow ? ci + cj + ck : mu;
      lambda[i] = ci / area;
      lambda[j] = cj / area;
      lambda[k] = ck / area;
      return (1 << i) | (1 << j) | (1 << k);
    }
    // Outside: only edges whose opposite coordinate disagrees can hold the closest point, and (for
    // GJK) only edges holding the required newest vertex.
    let bestMask = 0, bestD = Infinity;
    clear(lambda);
    if (!((mu > 0 && ci > 0) || (mu < 0 && ci < 0)) && required !== i) {
      const m = closestOnSegment(p, j, k, _lamS1);
      featureNormSq(p, m);
    const d = _normSq[0];
      if (d < bestD) { bestD = d; bestMask = m; copy4(lambda, _lamS1); }
    }
    if (!((mu > 0 && cj > 0) || (mu < 0 && cj < 0)) && required !== j) {
      const m = closestOnSegment(p, i, k, _lamS1);
      featureNormSq(p, m);
    const d = _normSq[0];
      if (d < bestD) { bestD = d; bestMask = m; copy4(lambda, _lamS1); }
    }
    if (!((mu > 0 && ck > 0) || (mu < 0 && ck < 0)) && required !== k) {
      const m = closestOnSegment(p, i, j, _lamS1);
      featureNormSq(p, m);
    const d = _normSq[0];
      if (d < bestD) { bestD = d; bestMask = m; copy4(lambda, _lamS1); }
    }
    return bestMask;
  }
  // Degenerate (collinear or coincident) triangle: the closest point is on one of its edges.
  let bestMask = closestOnSegment(p, i, j, lambda);
  featureNormSq(p, bestMask);
  let bestD = _normSq[0];
  let m = closestOnSegment(p, j, k, _lamS1);
  featureNormSq(p, m);
  let d = _normSq[0];
  if (d < bestD) { bestD = d; bestMask = m; copy4(lambda, _lamS1); }
  m = closestOnSegment(p, i, k, _lamS1);
  featureNormSq(p, m);
  d = _normSq[0];
  if (d < bestD) { bestMask = m; copy4(lambda, _lamS1); }
  return bestMask;
}

/**
 * The signed volumes of closestOnTetrahedron into _vol (C_0..C_3, then their sum), robustly: C_0 =
 * −det[p_1 p_2 p_3], C_1 = det[p_0 p_2 p_3], C_2 = −det[p_0 p_1 p_3], C_3 = det[p_0 p_1 p_2], each taken as a
 * corner of the face times that face's normal (det[a b c] = a·((b − a) × (c − a))), the normal from the face's
 * two shorter edges (math/triangle-normal.ts), and the volume as their sum: errors of ε times the faces'
 * sizes and the corners' distance, not of ε times the cube of the largest coordinate.
 */
function signedVolumes(p: Float64Array): void {
  triangleNormal(p, 1, 2, 3, _n);
  _vol[0] = -(p[3] * _n[0] + p[4] * _n[1] + p[5] * _n[2]);
  triangleNormal(p, 0, 2, 3, _n);
  _vol[1] = p[0] * _n[0] + p[1] * _n[1] + p[2] * _n[2];
  triangleNormal(p, 0, 1, 3, _n);
  _vol[2] = -(p[0] * _n[0] + p[1] * _n[1] + p[2] * _n[2]);
  triangleNormal(p, 0, 1, 2, _n);
  _vol[3] = p[0] * _n[0] + p[1] * _n[1] + p[2] * _n[2];
  // The volume as their sum, so that the weights C_i / Σ C_i sum to 1 (taken from the edges instead, it
  // parted from the sum where products underflow, coordinates 1e-147 to 1e-42: weights of 1e35).
  _vol[4] = _vol[0] + _vol[1] + _vol[2] + _vol[3];
}

/**
 * Tetrahedron p_0..p_3. The signed volumes C_i (p_i replaced by the origin) sum to the volume
 * det(p_1 − p_0, p_2 − p_0, p_3 − p_0); when all share its sign the origin is inside (mask 0b1111).
 * Otherwise the faces opposite disagreeing coordinates are searched.
 */
export function closestOnTetrahedron(p: Float64Array, lambda: Float64Array, required = -1): number {
  const x0 = p[0], y0 = p[1], z0 = p[2];
  const x1 = p[3], y1 = p[4], z1 = p[5];
  const x2 = p[6], y2 = p[7], z2 = p[8];
  const x3 = p[9], y3 = p[10], z3 = p[11];
  // Cofactor expansion of det [[x0 x1 x2 x3],[y0 y1 y2 y3],[z0 z1 z2 z3],[1 1 1 1]] along the last row.
  let c0 = -(x1 * (y2 * z3 - z2 * y3) - x2 * (y1 * z3 - z1 * y3) + x3 * (y1 * z2 - z1 * y2));
  let c1 = x0 * (y2 * z3 - z2 * y3) - x2 * (y0 * z3 - z0 * y3) + x3 * (y0 * z2 - z0 * y2);
  let c2 = -(x0 * (y1 * z3 - z1 * y3) - x1 * (y0 * z3 - z0 * y3) + x3 * (y0 * z1 - z0 * y1));
  let c3 = x0 * (y1 * z2 - z1 * y2) - x1 * (y0 * z2 - z0 * y2) + x2 * (y0 * z1 - z0 * y1);
  let det = c0 + c1 + c2 + c3;
  // Products of three coordinates round to ε of the largest cubed: a volume within TETRAHEDRON_CONDITION of
  // that (of the largest |p|³) is rounding's (a tetrahedron 10^9 long and 1 wide has volume 10^9 and terms 10^27: one the origin
  // lay 1.5 outside of was taken to hold it), and the signed volumes are taken again, robustly. So is each
  // signed volume, whose sign says which side of a face the origin is on: the origin 8.1e-10 outside a face of
  // a tetrahedron 2e5 long (a small hull over a box 10^5 long; its signed volume -1.6e-4 against terms of 10^15)
  // read +3.8e-4, inside, and GJK took the pair for touching (long-shapes.test.ts, FC_SEED=1605017825).
  // (The cube through squares: det² and each C_i² against the condition² times the largest |p|² cubed.)
  let m2 = simplexSize[0];
  if (m2 < 0) {
    m2 = Math.max(x0 * x0 + y0 * y0 + z0 * z0, x1 * x1 + y1 * y1 + z1 * z1, x2 * x2 + y2 * y2 + z2 * z2, x3 * x3 + y3 * y3 + z3 * z3);
  }
  const rounding = TETRAHEDRON_CONDITION * TETRAHEDRON_CONDITION * m2 * m2 * m2;
  if (!(det * det > rounding && c0 * c0 > rounding && c1 * c1 > rounding && c2 * c2 > rounding && c3 * c3 > rounding)) {
    signedVolumes(p);
    c0 = _vol[0]; c1 = _vol[1]; c2 = _vol[2]; c3 = _vol[3]; det = _vol[4];
  }
  if (((det > 0 && c0 > 0) || (det < 0 && c0 < 0)) && ((det > 0 && c1 > 0) || (det < 0 && c1 < 0)) && ((det > 0 && c2 > 0) || (det < 0 && c2 < 0)) && ((det > 0 && c3 > 0) || (det < 0 && c3 < 0))) {
    lambda[0] = c0 / det;
    lambda[1] = c1 / det;
    lambda[2] = c2 / det;
    lambda[3] = c3 / det;
    return 0b1111;
  }
  let bestMask = 0, bestD = Infinity;
  clear(lambda);
  if (!((det > 0 && c0 > 0) || (det < 0 && c0 < 0)) && required !== 0) {
    const m = closestOnTriangle(p, 1, 2, 3, _lamS2, required);
    if (m !== 0) featureNormSq(p, m);
    const d = m === 0 ? Infinity : _normSq[0];
    if (d < bestD) { bestD = d; bestMask = m; copy4(lambda, _lamS2); keepNormal(m); }
  }
  if (!((det > 0 && c1 > 0) || (det < 0 && c1 < 0)) && required !== 1) {
    const m = closestOnTriangle(p, 0, 2, 3, _lamS2, required);
    if (m !== 0) featureNormSq(p, m);
    const d = m === 0 ? Infinity : _normSq[0];
    if (d < bestD) { bestD = d; bestMask = m; copy4(lambda, _lamS2); keepNormal(m); }
  }
  if (!((det > 0 && c2 > 0) || (det < 0 && c2 < 0)) && required !== 2) {
    const m = closestOnTriangle(p, 0, 1, 3, _lamS2, required);
    if (m !== 0) featureNormSq(p, m);
    const d = m === 0 ? Infinity : _normSq[0];
    if (d < bestD) { bestD = d; bestMask = m; copy4(lambda, _lamS2); keepNormal(m); }
  }
  if (!((det > 0 && c3 > 0) || (det < 0 && c3 < 0)) && required !== 3) {
    const m = closestOnTriangle(p, 0, 1, 2, _lamS2, required);
    if (m !== 0) featureNormSq(p, m);
    const d = m === 0 ? Infinity : _normSq[0];
    if (d < bestD) { bestMask = m; copy4(lambda, _lamS2); keepNormal(m); }
  }
  faceNormal[0] = _bestNormal[0]; faceNormal[1] = _bestNormal[1]; faceNormal[2] = _bestNormal[2];
  return bestMask;
}

/** A candidate face's normal kept (faceNormal, just written), when the candidate is a face. */
function keepNormal(mask: number): void {
  if ((mask & 7) === 7 || (mask & 11) === 11 || (mask & 13) === 13 || (mask & 14) === 14) {
    _bestNormal[0] = faceNormal[0]; _bestNormal[1] = faceNormal[1]; _bestNormal[2] = faceNormal[2];
  }
}

/**
 * Closest point to the origin of the simplex made of the first `n` (1..4) points of `p`.
 * Writes barycentric weights into `lambda` and returns the mask of vertices with positive weight
 * (the smallest face holding the closest point). Allocation-free.
 *
 * simplexSize[0], when the caller knows it (GJK's max |w|² over the points; else −1), spares the
 * tetrahedron's conditioning test its own pass over them: set before each call (a user's support function
 * may run a query between two).
 *
 * `required` (GJK passes its newest support point) restricts the search, where the origin lies outside,
 * to faces holding that vertex: van den Bergen (2003, §4.3.3) shows the closest point of the grown
 * simplex involves the new point whenever it improves on the old simplex at all, and GJK stops when it
 * does not. May then return 0 (no face holding `required` qualifies), which GJK reads as no progress.
 */
export function closestOnSimplex(p: Float64Array, n: number, lambda: Float64Array, required = -1): number {
  switch (n) {
    case 1:
      return vertexOnly(0, lambda);
    case 2:
      return closestOnSegment(p, 0, 1, lambda);
    case 3:
      return closestOnTriangle(p, 0, 1, 2, lambda, required);
    default:
      return closestOnTetrahedron(p, lambda, required);
  }
}
