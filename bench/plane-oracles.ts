/**
 * Exact signed separations of the plane benchmark's pairs, by brute force and without GJK: two convex
 * polygons are apart exactly when an edge normal of one separates them (the separating axis theorem), and
 * then their distance is the least over vertices of one and edges of the other; when they overlap, the
 * depth is the least overlap over the edge normals of both (every edge of the Minkowski difference of two
 * convex polygons is an edge of one of them). Circles: the centres' distance less the radii.
 */
import { worldVertices, type PlanePool } from './plane-pools.js';

function pointSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const ex = bx - ax, ey = by - ay, ee = ex * ex + ey * ey;
  let t = ee > 0 ? ((px - ax) * ex + (py - ay) * ey) / ee : 0;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(px - ax - t * ex, py - ay - t * ey);
}

/** Least overlap of A and B along the outward edge normals of P (P is A or B); +Infinity if none overlap less. */
function edgeAxes(P: Float64Array, A: Float64Array, B: Float64Array): number {
  let best = Infinity;
  const n = P.length >> 1;
  for (let k = 0; k < n; k++) {
    const j = (k + 1) % n;
    const ex = P[2 * j] - P[2 * k], ey = P[2 * j + 1] - P[2 * k + 1], len = Math.hypot(ex, ey);
    const nx = ey / len, ny = -ex / len;
    let maxA = -Infinity, minA = Infinity, maxB = -Infinity, minB = Infinity;
    for (let q = 0; q < A.length; q += 2) { const d = nx * A[q] + ny * A[q + 1]; maxA = Math.max(maxA, d); minA = Math.min(minA, d); }
    for (let q = 0; q < B.length; q += 2) { const d = nx * B[q] + ny * B[q + 1]; maxB = Math.max(maxB, d); minB = Math.min(minB, d); }
    best = Math.min(best, Math.min(maxA - minB, maxB - minA));
  }
  return best;
}

/** Exact signed separation of two convex polygons given by their world vertices, counter-clockwise. */
export function polygonSeparation(A: Float64Array, B: Float64Array): number {
  const overlap = Math.min(edgeAxes(A, A, B), edgeAxes(B, A, B));
  if (overlap <= 0) {
    let d = Infinity;
    for (const [P, Q] of [[A, B], [B, A]] as const) {
      const m = Q.length >> 1;
      for (let p = 0; p < P.length; p += 2) {
        for (let k = 0; k < m; k++) {
          const j = (k + 1) % m;
          d = Math.min(d, pointSegment(P[p], P[p + 1], Q[2 * k], Q[2 * k + 1], Q[2 * j], Q[2 * j + 1]));
        }
      }
    }
    return d;
  }
  return -overlap;
}

/** Exact signed separation of every pair of the pool. */
export function exactSeparations(p: PlanePool): Float64Array {
  const n = p.bx.length, out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    if (p.kind === 'circles') out[i] = Math.hypot(p.bx[i], p.by[i]) - p.a[i][0] - p.b[i][0];
    else out[i] = polygonSeparation(worldVertices(p, i, false), worldVertices(p, i, true));
  }
  return out;
}

/**
 * Exact first hits of rays `origin + t · direction`, t in [0, 1], on convex polygons given by their world
 * vertices (counter-clockwise), by clipping the ray against each edge's half-plane (Cyrus and Beck 1978):
 * NaN for a miss, 0 for an origin inside.
 */
export function polygonRayHit(V: Float64Array, ox: number, oy: number, dx: number, dy: number): number {
  let enter = 0, leave = 1;
  const n = V.length >> 1;
  for (let k = 0; k < n; k++) {
    const j = (k + 1) % n;
    const ex = V[2 * j] - V[2 * k], ey = V[2 * j + 1] - V[2 * k + 1];
    const nx = ey, ny = -ex; // outward (counter-clockwise)
    const num = nx * (V[2 * k] - ox) + ny * (V[2 * k + 1] - oy); // > 0: the origin inside this half-plane
    const den = nx * dx + ny * dy;
    if (den === 0) {
      if (num < 0) return NaN;
      continue;
    }
    const t = num / den;
    if (den < 0) enter = Math.max(enter, t);
    else leave = Math.min(leave, t);
    if (enter > leave) return NaN;
  }
  return enter;
}
