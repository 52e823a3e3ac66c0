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
 * explorer call it on simplices that did not come from a GJK step).
 *
 * Points live in a packed Float64Array: vertex i at [3i, 3i+1, 3i+2]. Results are a bit mask of the
 * vertices kept and their barycentric weights in `lambda[i]` (weights of dropped vertices are 0).
 */

import { triangleNormal } from '../../math/triangle-normal.js';

const _lamS1 = /* @__PURE__ */ new Float64Array(4);
const _n = /* @__PURE__ */ new Float64Array(3);
const _lamS2 = /* @__PURE__ */ new Float64Array(4);

// "Same sign" tests are written out in place, `(a > 0 && b > 0) || (a < 0 && b < 0)`, rather than
// called as a helper: V8 stops inlining in these large functions (CONTRIBUTING.md, "V8 rules", rules 1
// and 2; as a helper it was an allocation per test).

/**
 * |Σ λ_i p_i|² over the vertices in `mask`, written to `_normSq[0]` rather than returned (CONTRIBUTING.md,
 * "V8 rules", rule 1): this runs several times per GJK step.
 */
const _normSq = /* @__PURE__ */ new Float64Array(1);

function normSqOf(p: Float64Array, mask: number, lambda: Float64Array): void {
  let x = 0, y = 0, z = 0;
  for (let i = 0; i < 4; i++) {
    if (mask & (1 << i)) {
      const l = lambda[i];
      x += l * p[3 * i];
      y += l * p[3 * i + 1];
      z += l * p[3 * i + 2];
    }
  }
  _normSq[0] = x * x + y * y + z * z;
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
  // The normal from the two shorter edges (math/triangle-normal.ts: on a long thin simplex the two long
  // edges' cross product cancels).
  triangleNormal(p, i, j, k, _n);
  const nx = _n[0], ny = _n[1], nz = _n[2];
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
      clear(lambda);
      lambda[i] = ci / mu;
      lambda[j] = cj / mu;
      lambda[k] = ck / mu;
      return (1 << i) | (1 << j) | (1 << k);
    }
    // Outside: only edges whose opposite coordinate disagrees can hold the closest point, and (for
    // GJK) only edges holding the required newest vertex.
    let bestMask = 0, bestD = Infinity;
    clear(lambda);
    if (!((mu > 0 && ci > 0) || (mu < 0 && ci < 0)) && required !== i) {
      const m = closestOnSegment(p, j, k, _lamS1);
      normSqOf(p, m, _lamS1);
    const d = _normSq[0];
      if (d < bestD) { bestD = d; bestMask = m; copy4(lambda, _lamS1); }
    }
    if (!((mu > 0 && cj > 0) || (mu < 0 && cj < 0)) && required !== j) {
      const m = closestOnSegment(p, i, k, _lamS1);
      normSqOf(p, m, _lamS1);
    const d = _normSq[0];
      if (d < bestD) { bestD = d; bestMask = m; copy4(lambda, _lamS1); }
    }
    if (!((mu > 0 && ck > 0) || (mu < 0 && ck < 0)) && required !== k) {
      const m = closestOnSegment(p, i, j, _lamS1);
      normSqOf(p, m, _lamS1);
    const d = _normSq[0];
      if (d < bestD) { bestD = d; bestMask = m; copy4(lambda, _lamS1); }
    }
    return bestMask;
  }
  // Degenerate (collinear or coincident) triangle: the closest point is on one of its edges.
  let bestMask = closestOnSegment(p, i, j, lambda);
  normSqOf(p, bestMask, lambda);
  let bestD = _normSq[0];
  let m = closestOnSegment(p, j, k, _lamS1);
  normSqOf(p, m, _lamS1);
  let d = _normSq[0];
  if (d < bestD) { bestD = d; bestMask = m; copy4(lambda, _lamS1); }
  m = closestOnSegment(p, i, k, _lamS1);
  normSqOf(p, m, _lamS1);
  d = _normSq[0];
  if (d < bestD) { bestMask = m; copy4(lambda, _lamS1); }
  return bestMask;
}

/**
 * Tetrahedron p_0..p_3. The signed volumes C_i (p_i replaced by the origin) sum to the volume
 * det(p_1 − p_0, p_2 − p_0, p_3 − p_0); when all share its sign the origin is inside (mask 0b1111).
 * Otherwise the faces opposite disagreeing coordinates are searched.
 */
export function closestOnTetrahedron(p: Float64Array, lambda: Float64Array, required = -1): number {
  // C_0 = −det[p_1 p_2 p_3], C_1 = det[p_0 p_2 p_3], C_2 = −det[p_0 p_1 p_3], C_3 = det[p_0 p_1 p_2] (the
  // cofactors of det [[x0 x1 x2 x3],[y0 y1 y2 y3],[z0 z1 z2 z3],[1 1 1 1]] along its last row), each taken as
  // a corner of the face times that face's normal (det[a b c] = a·((b − a) × (c − a))), the normal from the
  // face's two shorter edges (math/triangle-normal.ts), and their sum, the volume, from the edges at p_0:
  // written out as the 3×3 determinants of the points, products of three coordinates of points 10^9 out
  // cancel to nothing (the volume of a tetrahedron 10^9 long and 1 wide is 10^9, its terms 10^27), and a
  // simplex the origin lies 1.5 outside of was taken to hold it.
  triangleNormal(p, 1, 2, 3, _n);
  const c0 = -(p[3] * _n[0] + p[4] * _n[1] + p[5] * _n[2]);
  triangleNormal(p, 0, 2, 3, _n);
  const c1 = p[0] * _n[0] + p[1] * _n[1] + p[2] * _n[2];
  triangleNormal(p, 0, 1, 3, _n);
  const c2 = -(p[0] * _n[0] + p[1] * _n[1] + p[2] * _n[2]);
  triangleNormal(p, 0, 1, 2, _n);
  const c3 = p[0] * _n[0] + p[1] * _n[1] + p[2] * _n[2];
  // Σ C_i = −det[p_1 − p_0, p_2 − p_0, p_3 − p_0] = −(p_3 − p_0)·((p_1 − p_0) × (p_2 − p_0)).
  const det = -((p[9] - p[0]) * _n[0] + (p[10] - p[1]) * _n[1] + (p[11] - p[2]) * _n[2]);
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
    if (m !== 0) normSqOf(p, m, _lamS2);
    const d = m === 0 ? Infinity : _normSq[0];
    if (d < bestD) { bestD = d; bestMask = m; copy4(lambda, _lamS2); }
  }
  if (!((det > 0 && c1 > 0) || (det < 0 && c1 < 0)) && required !== 1) {
    const m = closestOnTriangle(p, 0, 2, 3, _lamS2, required);
    if (m !== 0) normSqOf(p, m, _lamS2);
    const d = m === 0 ? Infinity : _normSq[0];
    if (d < bestD) { bestD = d; bestMask = m; copy4(lambda, _lamS2); }
  }
  if (!((det > 0 && c2 > 0) || (det < 0 && c2 < 0)) && required !== 2) {
    const m = closestOnTriangle(p, 0, 1, 3, _lamS2, required);
    if (m !== 0) normSqOf(p, m, _lamS2);
    const d = m === 0 ? Infinity : _normSq[0];
    if (d < bestD) { bestD = d; bestMask = m; copy4(lambda, _lamS2); }
  }
  if (!((det > 0 && c3 > 0) || (det < 0 && c3 < 0)) && required !== 3) {
    const m = closestOnTriangle(p, 0, 1, 2, _lamS2, required);
    if (m !== 0) normSqOf(p, m, _lamS2);
    const d = m === 0 ? Infinity : _normSq[0];
    if (d < bestD) { bestMask = m; copy4(lambda, _lamS2); }
  }
  return bestMask;
}

/**
 * Closest point to the origin of the simplex made of the first `n` (1..4) points of `p`.
 * Writes barycentric weights into `lambda` and returns the mask of vertices with positive weight
 * (the smallest face holding the closest point). Allocation-free.
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
