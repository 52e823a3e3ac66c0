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
  if ((na.length >> 1) * (vb.length >> 1) + (nb.length >> 1) * (va.length >> 1) > MAX_WORK) return false;
  return satAxes2(epa, gjk, a, b);
}

/**
 * The separating-axis scan of satPenetration2 with no bound on its work; also writes the best axis's
 * signed separation (> 0 apart) into `epa.axisSeparation`. Returns false when neither core has an edge.
 * With `epa.stopWhenApart`, the scan stops at the first axis that separates the cores: then only
 * `axisSeparation` is written (that axis's separation, a lower bound of their distance).
 */
export function satAxes2(epa: Epa2Work, gjk: Gjk2Work, a: Shape2, b: Shape2): boolean {
  const va = a.coreVertices, na = a.coreNormals, vb = b.coreVertices, nb = b.coreNormals;
  const countA = va.length >> 1, countB = vb.length >> 1, edgesA = na.length >> 1, edgesB = nb.length >> 1;
  if (edgesA + edgesB === 0) return false;
  const r = gjk.rel, c = r[0], s = r[1], tx = r[2], ty = r[3];

  // A's edges: the separation of B from edge i's line, least over B's vertices (Box2D's sign: > 0 apart).
  // The least vertex along each normal is found by a walk from the last one (rotating calipers): A's
  // normals turn counter-clockwise from edge to edge, so B's least vertex along them moves counter-clockwise
  // along B, through a sequence that only falls until it reaches it (convexity), whichever vertex it starts
  // from; a flat (a side of B parallel to the edge) is stepped over, and no walk takes more than B's vertex
  // count. The first edge scans.
  let bestSep = -Infinity, bestEdge = -1, bestVertex = 0, onA = true;
  let at = 0;
  for (let i = 0; i < edgesA; i++) {
    const nx = na[2 * i], ny = na[2 * i + 1];
    const bx = c * nx + s * ny, by = c * ny - s * nx; // n in B's frame
    let least = bx * vb[2 * at] + by * vb[2 * at + 1];
    if (i === 0) {
      for (let k = 1; k < countB; k++) {
        const d = bx * vb[2 * k] + by * vb[2 * k + 1];
        if (d < least) { least = d; at = k; }
      }
    } else {
      for (let step = 1; step < countB; step++) {
        const k = at + 1 === countB ? 0 : at + 1;
        const d = bx * vb[2 * k] + by * vb[2 * k + 1];
        if (!(d <= least)) break; // (≤: over a flat at the start, a side parallel to the edge)
        least = d; at = k;
      }
    }
    const sep = least + nx * tx + ny * ty - (nx * va[2 * i] + ny * va[2 * i + 1]);
    if (sep > bestSep) { bestSep = sep; bestEdge = i; bestVertex = at; }
    if (sep > 0 && epa.stopWhenApart) {
      epa.axisSeparation = sep;
      return true;
    }
  }
  // B's edges: the same with the roles swapped, B's normals turned into A's frame.
  at = 0;
  for (let j = 0; j < edgesB; j++) {
    const mx0 = nb[2 * j], my0 = nb[2 * j + 1];
    const mx = c * mx0 - s * my0, my = s * mx0 + c * my0; // m in A's frame
    let least = mx * va[2 * at] + my * va[2 * at + 1];
    if (j === 0) {
      for (let k = 1; k < countA; k++) {
        const d = mx * va[2 * k] + my * va[2 * k + 1];
        if (d < least) { least = d; at = k; }
      }
    } else {
      for (let step = 1; step < countA; step++) {
        const k = at + 1 === countA ? 0 : at + 1;
        const d = mx * va[2 * k] + my * va[2 * k + 1];
        if (!(d <= least)) break; // (≤: over a flat at the start, a side parallel to the edge)
        least = d; at = k;
      }
    }
    const sep = least - (mx * tx + my * ty) - (mx0 * vb[2 * j] + my0 * vb[2 * j + 1]);
    if (sep > bestSep) { bestSep = sep; bestEdge = j; bestVertex = at; onA = false; }
    if (sep > 0 && epa.stopWhenApart) {
      epa.axisSeparation = sep;
      return true;
    }
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
  epa.axisSeparation = bestSep;
  epa.depth = -bestSep;
  if (!(bestSep < 0)) epa.depth = 0;
  epa.status = 'converged';
  epa.iterations = 0;
  return true;
}

/**
 * The cores' distance from their vertices, exactly (no iteration), for the rare pair on which GJK stalls
 * without a certified answer ('degenerate'): the least distance between a vertex of one core and an edge
 * (or, for a point core, the vertex) of the other. They meet when that is 0, or, when their Minkowski
 * difference has area, when no edge normal of either separates them (satAxes2: one core has 3 or more
 * vertices, or both are segments that are not parallel); a difference without area (collinear segments,
 * points) has no other way to meet. Overwrites GJK's answer in `gjk` (distance, points, v, intersecting)
 * with status 'converged'; `epa` is scratch. O(vertices of A × vertices of B).
 */
export function exactDistance2(gjk: Gjk2Work, epa: Epa2Work, a: Shape2, b: Shape2): void {
  const va = a.coreVertices, vb = b.coreVertices;
  const r = gjk.rel, c = r[0], s = r[1], tx = r[2], ty = r[3];
  gjk.status = 'converged';
  let best = Infinity, pax = 0, pay = 0, pbx = 0, pby = 0;
  // Every vertex of one core against every edge (or, for a point core, the vertex) of the other, B in A's frame.
  for (let side = 0; side < 2; side++) {
    const P = side === 0 ? va : vb, Q = side === 0 ? vb : va;
    const countP = P.length >> 1, countQ = Q.length >> 1, edgesQ = countQ >= 2 ? countQ : 1;
    for (let p = 0; p < countP; p++) {
      let px = P[2 * p], py = P[2 * p + 1];
      if (side === 1) { const x = px; px = c * x - s * py + tx; py = s * x + c * py + ty; }
      for (let e = 0; e < edgesQ; e++) {
        const f = e + 1 === countQ ? 0 : e + 1;
        let x0 = Q[2 * e], y0 = Q[2 * e + 1], x1 = Q[2 * f], y1 = Q[2 * f + 1];
        if (side === 0) {
          const u0 = x0, u1 = x1;
          x0 = c * u0 - s * y0 + tx; y0 = s * u0 + c * y0 + ty;
          x1 = c * u1 - s * y1 + tx; y1 = s * u1 + c * y1 + ty;
        }
        const ex = x1 - x0, ey = y1 - y0, ee = ex * ex + ey * ey;
        let t = 0;
        if (ee > 0) {
          t = ((px - x0) * ex + (py - y0) * ey) / ee;
          if (t < 0) t = 0;
          else if (t > 1) t = 1;
        }
        const qx = x0 + t * ex, qy = y0 + t * ey;
        const d2 = (px - qx) * (px - qx) + (py - qy) * (py - qy);
        if (d2 < best) {
          best = d2;
          if (side === 0) { pax = px; pay = py; pbx = qx; pby = qy; } else { pax = qx; pay = qy; pbx = px; pby = py; }
        }
      }
    }
  }
  const countA = va.length >> 1, countB = vb.length >> 1;
  let area = countA >= 3 || countB >= 3;
  if (countA === 2 && countB === 2) {
    // Two segments (B's turned into A's frame): the difference has area unless they are parallel.
    const ax = va[2] - va[0], ay = va[3] - va[1], ex = vb[2] - vb[0], ey = vb[3] - vb[1];
    area = ax * (s * ex + c * ey) - ay * (c * ex - s * ey) !== 0;
  }
  if (best === 0 || (area && satAxes2(epa, gjk, a, b) && !(epa.axisSeparation > 0))) {
    gjk.intersecting = true;
    gjk.distance = 0;
    return;
  }
  gjk.intersecting = false;
  gjk.distance = Math.sqrt(best);
  gjk.pointA.x = pax; gjk.pointA.y = pay;
  gjk.pointB.x = pbx; gjk.pointB.y = pby;
  gjk.v.x = pax - pbx; gjk.v.y = pay - pby;
}
