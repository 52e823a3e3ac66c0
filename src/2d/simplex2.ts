/**
 * Closest point to the origin of a simplex in the plane (a point, a segment, a triangle), by signed
 * areas: the 2D case of Montanari, Petrinic and Barbieri's signed-volumes sub-algorithm (ACM TOG 36(3),
 * 2017), as the 3D simplex.ts. The origin's barycentric coordinates in a triangle are the signed areas
 * of the triangles it makes with each edge, over the whole triangle's; where one disagrees in sign, the
 * origin is beyond the edge opposite, and only such edges are searched. A zero area (collinear points)
 * disagrees with every sign, so a degenerate triangle falls through to its edges.
 *
 * Points are packed in a Float64Array, vertex i at [2i, 2i + 1]. The result is the mask of the vertices
 * kept and their weights in `lambda` (dropped vertices weigh 0).
 */

const _lamS = /* @__PURE__ */ new Float64Array(3);
const _normSq = /* @__PURE__ */ new Float64Array(1);

function normSqOf(p: Float64Array, mask: number, lambda: Float64Array): void {
  let x = 0, y = 0;
  for (let i = 0; i < 3; i++) {
    if (mask & (1 << i)) {
      const l = lambda[i];
      x += l * p[2 * i];
      y += l * p[2 * i + 1];
    }
  }
  _normSq[0] = x * x + y * y;
}

function vertexOnly(i: number, lambda: Float64Array): number {
  lambda[0] = 0; lambda[1] = 0; lambda[2] = 0;
  lambda[i] = 1;
  return 1 << i;
}

/** Segment p_i p_j: the origin projects to p_i + μ (p_j − p_i), μ = −p_i·t / t·t; inside for 0 < μ < 1. */
export function closestOnSegment2(p: Float64Array, i: number, j: number, lambda: Float64Array): number {
  const ix = p[2 * i], iy = p[2 * i + 1];
  const tx = p[2 * j] - ix, ty = p[2 * j + 1] - iy;
  const tt = tx * tx + ty * ty;
  const num = -(ix * tx + iy * ty);
  if (!(tt > 0) || num <= 0) return vertexOnly(i, lambda);
  if (num >= tt) return vertexOnly(j, lambda);
  const mu = num / tt;
  lambda[0] = 0; lambda[1] = 0; lambda[2] = 0;
  lambda[i] = 1 - mu;
  lambda[j] = mu;
  return (1 << i) | (1 << j);
}

/** Keeps the closer of the current best (in `lambda`, `_best[0]`) and edge (i, j), skipping edges without `required`. */
const _best = /* @__PURE__ */ new Float64Array(1);

function tryEdge(p: Float64Array, i: number, j: number, lambda: Float64Array, bestMask: number): number {
  const m = closestOnSegment2(p, i, j, _lamS);
  normSqOf(p, m, _lamS);
  const d = _normSq[0];
  if (d < _best[0]) {
    _best[0] = d;
    lambda[0] = _lamS[0]; lambda[1] = _lamS[1]; lambda[2] = _lamS[2];
    return m;
  }
  return bestMask;
}

/**
 * Triangle p_0 p_1 p_2. With A = cross(p_1 − p_0, p_2 − p_0), the coordinates are C_0 = cross(p_1, p_2),
 * C_1 = cross(p_2, p_0), C_2 = cross(p_0, p_1), which sum to A; the origin is inside when all share A's
 * sign (mask 0b111). `required` (GJK's newest vertex) limits the edges searched outside to those holding
 * it (van den Bergen 2003, §4.3.3); the result may then be 0, which GJK reads as no progress.
 */
export function closestOnTriangle2(p: Float64Array, lambda: Float64Array, required: number): number {
  const x0 = p[0], y0 = p[1], x1 = p[2], y1 = p[3], x2 = p[4], y2 = p[5];
  const c0 = x1 * y2 - y1 * x2;
  const c1 = x2 * y0 - y2 * x0;
  const c2 = x0 * y1 - y0 * x1;
  const area = c0 + c1 + c2;
  const s0 = (area > 0 && c0 > 0) || (area < 0 && c0 < 0);
  const s1 = (area > 0 && c1 > 0) || (area < 0 && c1 < 0);
  const s2 = (area > 0 && c2 > 0) || (area < 0 && c2 < 0);
  if (s0 && s1 && s2) {
    lambda[0] = c0 / area;
    lambda[1] = c1 / area;
    lambda[2] = c2 / area;
    return 0b111;
  }
  lambda[0] = 0; lambda[1] = 0; lambda[2] = 0;
  _best[0] = Infinity;
  let mask = 0;
  if (!s0 && required !== 0) mask = tryEdge(p, 1, 2, lambda, mask);
  if (!s1 && required !== 1) mask = tryEdge(p, 0, 2, lambda, mask);
  if (!s2 && required !== 2) mask = tryEdge(p, 0, 1, lambda, mask);
  return mask;
}

/**
 * Closest point to the origin of the simplex of the first `n` (1..3) points of `p`: the weights in
 * `lambda`, the mask of the vertices kept returned. Allocation-free.
 */
export function closestOnSimplex2(p: Float64Array, n: number, lambda: Float64Array, required: number): number {
  if (n === 1) return vertexOnly(0, lambda);
  if (n === 2) return closestOnSegment2(p, 0, 1, lambda);
  return closestOnTriangle2(p, lambda, required);
}
