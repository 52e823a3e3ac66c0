/**
 * Penetration of two overlapping polygon cores by separating axes, as Box2D's b2FindMaxSeparation (Catto,
 * "Contact Manifolds", GDC 2007): every edge of the Minkowski difference K = A − B of two convex polygons
 * is an edge of A or of B, so the depth (the distance from the origin to K's boundary) is the least
 * overlap along the edge normals of both cores, h_A(n) + h_B(−n) for A's normals n and the same for the
 * opposites of B's. A segment core has two edges (its two sides), a point core none. Exact, no iteration:
 * for small cores, cheaper than EPA (epa2.ts), which queries.ts uses above SAT2_MAX_WORK dot products and
 * when neither core has an edge.
 */
import { SAT2_MAX_WORK } from '../tolerance.js';
import type { Gjk2Work } from './gjk2.js';
import type { Epa2Work } from './epa2.js';
import type { Shape2 } from './shapes/shape2.js';

const MAX_WORK = SAT2_MAX_WORK;

/**
 * Writes the cores' depth, normal (A's frame, from A towards B) and deepest points into `epa`'s answer
 * fields, from B's pose in A's frame in `gjk.rel`. Returns false, writing nothing, when the pair is one
 * for EPA: neither core has an edge, or the scans would take more than SAT2_MAX_WORK dot products.
 */
export function satPenetration2(epa: Epa2Work, gjk: Gjk2Work, a: Shape2, b: Shape2): boolean {
  const va = a.coreVertices, na = a.coreNormals, vb = b.coreVertices, nb = b.coreNormals;
  const countA = va.length >> 1, countB = vb.length >> 1, edgesA = na.length >> 1, edgesB = nb.length >> 1;
  if (edgesA + edgesB === 0 || edgesA * countB + edgesB * countA > MAX_WORK) return false;
  const r = gjk.rel, c = r[0], s = r[1], tx = r[2], ty = r[3];

  // A's edges: the separation of B from edge i's line, least over B's vertices (Box2D's sign: > 0 apart).
  let bestSep = -Infinity, bestEdge = -1, bestVertex = 0, onA = true;
  for (let i = 0; i < edgesA; i++) {
    const nx = na[2 * i], ny = na[2 * i + 1];
    const bx = c * nx + s * ny, by = c * ny - s * nx; // n in B's frame
    let least = Infinity, at = 0;
    for (let k = 0; k < countB; k++) {
      const d = bx * vb[2 * k] + by * vb[2 * k + 1];
      if (d < least) { least = d; at = k; }
    }
    const sep = least + nx * tx + ny * ty - (nx * va[2 * i] + ny * va[2 * i + 1]);
    if (sep > bestSep) { bestSep = sep; bestEdge = i; bestVertex = at; }
  }
  // B's edges: the same with the roles swapped, B's normals turned into A's frame.
  for (let j = 0; j < edgesB; j++) {
    const mx0 = nb[2 * j], my0 = nb[2 * j + 1];
    const mx = c * mx0 - s * my0, my = s * mx0 + c * my0; // m in A's frame
    let least = Infinity, at = 0;
    for (let k = 0; k < countA; k++) {
      const d = mx * va[2 * k] + my * va[2 * k + 1];
      if (d < least) { least = d; at = k; }
    }
    const sep = least - (mx * tx + my * ty) - (mx0 * vb[2 * j] + my0 * vb[2 * j + 1]);
    if (sep > bestSep) { bestSep = sep; bestEdge = j; bestVertex = at; onA = false; }
  }

  // Witnesses: the deepest vertex of the other core, and its projection on the edge, clamped to the edge
  // (every point of the edge lies on its line, so the clamp keeps the depth). Written out, not a helper
  // taking numbers (CONTRIBUTING.md, "V8 rules", rule 1).
  const pa = epa.pointA, pb = epa.pointB, n = epa.normal;
  let px: number, py: number, x0: number, y0: number, x1: number, y1: number;
  if (onA) {
    const wx = vb[2 * bestVertex], wy = vb[2 * bestVertex + 1];
    px = c * wx - s * wy + tx; py = s * wx + c * wy + ty; // B's vertex in A's frame
    const j = bestEdge + 1 === countA ? 0 : bestEdge + 1;
    x0 = va[2 * bestEdge]; y0 = va[2 * bestEdge + 1]; x1 = va[2 * j]; y1 = va[2 * j + 1];
    pb.x = px; pb.y = py;
    n.x = na[2 * bestEdge]; n.y = na[2 * bestEdge + 1];
  } else {
    const j = bestEdge + 1 === countB ? 0 : bestEdge + 1;
    const ax = vb[2 * bestEdge], ay = vb[2 * bestEdge + 1], bx = vb[2 * j], by = vb[2 * j + 1];
    x0 = c * ax - s * ay + tx; y0 = s * ax + c * ay + ty; x1 = c * bx - s * by + tx; y1 = s * bx + c * by + ty;
    px = va[2 * bestVertex]; py = va[2 * bestVertex + 1];
    pa.x = px; pa.y = py;
    const mx0 = nb[2 * bestEdge], my0 = nb[2 * bestEdge + 1];
    n.x = -(c * mx0 - s * my0); n.y = -(s * mx0 + c * my0);
  }
  const ex = x1 - x0, ey = y1 - y0, ee = ex * ex + ey * ey;
  let t = 0;
  if (ee > 0) {
    t = ((px - x0) * ex + (py - y0) * ey) / ee;
    if (t < 0) t = 0;
    else if (t > 1) t = 1;
  }
  const onEdge = onA ? pa : pb;
  onEdge.x = x0 + t * ex;
  onEdge.y = y0 + t * ey;
  epa.depth = -bestSep;
  if (!(bestSep < 0)) epa.depth = 0;
  epa.status = 'converged';
  epa.iterations = 0;
  return true;
}
