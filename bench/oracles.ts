/**
 * Exact reference answers for the benchmark pools, used to score every library's accuracy.
 * Slow and obviously correct on purpose; self-contained (imports nothing from src/).
 *
 * - Polytope distance: the minimum over every feature pair — vertex of one against triangle of the
 *   other, and segment against segment — of the closed-form closest-point distance (Ericson,
 *   Real-Time Collision Detection, 5.1.5 and 5.1.9). The closest points of two disjoint convex
 *   polytopes lie on some such pair, and every pair is a subset of its polytope, so the minimum is
 *   exactly the distance. Faces are triangulated from the point set by brute force (every triple
 *   with all other points on one side), which also yields face diagonals; they lie inside the
 *   polytope, so they cannot lower the minimum.
 * - Polytope overlap: two convex polytopes intersect iff a vertex of one lies in the other or an
 *   edge of one meets a (triangulated) face of the other, because every vertex of their
 *   intersection is of one of those kinds.
 * - Box–box penetration depth: the separating-axis theorem over the 15 axes (3 face normals of each
 *   box and the 9 edge cross products). For polytopes the minimum translation is along a face
 *   normal of the Minkowski difference, which is one of those axes, so the minimum overlap is exact.
 * - Sphere–box: closed form in the box frame (clamp the centre to the box).
 */
import type { BoxesPool, HullsPool, SphereBoxPool } from './pools.js';

export type V3 = [number, number, number];

/** Row-major rotation matrix of the unit quaternion q[o..o+3] (x, y, z, w). */
export function quatToMatrix(q: ArrayLike<number>, o = 0): number[] {
  const x = q[o], y = q[o + 1], z = q[o + 2], w = q[o + 3];
  return [
    1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
    2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
    2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y),
  ];
}

function rotate(m: number[], x: number, y: number, z: number): V3 {
  return [m[0] * x + m[1] * y + m[2] * z, m[3] * x + m[4] * y + m[5] * z, m[6] * x + m[7] * y + m[8] * z];
}

const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const clamp01 = (t: number): number => (t < 0 ? 0 : t > 1 ? 1 : t);

/** A convex polytope in world space: vertices, outward triangles, segments (edges and diagonals). */
export interface Polytope {
  verts: V3[];
  tris: [number, number, number][];
  segs: [number, number][];
}

/**
 * Brute-force triangulated hull of points in convex position: every triple whose plane has all
 * other points on one side (within `eps`), oriented outwards.
 */
export function hullTopology(points: V3[], eps = 1e-12): { tris: [number, number, number][]; segs: [number, number][] } {
  const n = points.length;
  const tris: [number, number, number][] = [];
  const segSet = new Set<number>();
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      for (let k = j + 1; k < n; k++) {
        const nrm = cross(sub(points[j], points[i]), sub(points[k], points[i]));
        let pos = 0, neg = 0;
        for (let m = 0; m < n; m++) {
          const s = dot(nrm, sub(points[m], points[i]));
          if (s > eps) pos++;
          else if (s < -eps) neg++;
        }
        if (pos > 0 && neg > 0) continue;
        if (pos === 0 && neg === 0) continue; // all coplanar: not a solid
        tris.push(pos === 0 ? [i, j, k] : [i, k, j]);
        segSet.add(i * n + j).add(j * n + k).add(i * n + k);
      }
    }
  }
  const segs: [number, number][] = [...segSet].map((s) => [Math.floor(s / n), s % n]);
  return { tris, segs };
}

/** Squared distance from p to triangle abc (Ericson 5.1.5, closest point by Voronoi regions). */
export function pointTriangleDistanceSq(p: V3, a: V3, b: V3, c: V3): number {
  const ab = sub(b, a), ac = sub(c, a), ap = sub(p, a);
  const d1 = dot(ab, ap), d2 = dot(ac, ap);
  let q: V3;
  if (d1 <= 0 && d2 <= 0) q = a;
  else {
    const bp = sub(p, b), d3 = dot(ab, bp), d4 = dot(ac, bp);
    const cp = sub(p, c), d5 = dot(ab, cp), d6 = dot(ac, cp);
    const vc = d1 * d4 - d3 * d2, vb = d5 * d2 - d1 * d6, va = d3 * d6 - d5 * d4;
    if (d3 >= 0 && d4 <= d3) q = b;
    else if (vc <= 0 && d1 >= 0 && d3 <= 0) {
      const v = d1 / (d1 - d3);
      q = [a[0] + v * ab[0], a[1] + v * ab[1], a[2] + v * ab[2]];
    } else if (d6 >= 0 && d5 <= d6) q = c;
    else if (vb <= 0 && d2 >= 0 && d6 <= 0) {
      const w = d2 / (d2 - d6);
      q = [a[0] + w * ac[0], a[1] + w * ac[1], a[2] + w * ac[2]];
    } else if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
      const w = (d4 - d3) / (d4 - d3 + (d5 - d6));
      q = [b[0] + w * (c[0] - b[0]), b[1] + w * (c[1] - b[1]), b[2] + w * (c[2] - b[2])];
    } else {
      const denom = 1 / (va + vb + vc), v = vb * denom, w = vc * denom;
      q = [a[0] + ab[0] * v + ac[0] * w, a[1] + ab[1] * v + ac[1] * w, a[2] + ab[2] * v + ac[2] * w];
    }
  }
  const d = sub(p, q);
  return dot(d, d);
}

/** Squared distance between segments p1q1 and p2q2 (Ericson 5.1.9). */
export function segmentSegmentDistanceSq(p1: V3, q1: V3, p2: V3, q2: V3): number {
  const d1 = sub(q1, p1), d2 = sub(q2, p2), r = sub(p1, p2);
  const a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r);
  let s: number, t: number;
  if (a <= 0 && e <= 0) { s = 0; t = 0; }
  else if (a <= 0) { s = 0; t = clamp01(f / e); }
  else {
    const c = dot(d1, r);
    if (e <= 0) { t = 0; s = clamp01(-c / a); }
    else {
      const b = dot(d1, d2), denom = a * e - b * b;
      s = denom !== 0 ? clamp01((b * f - c * e) / denom) : 0;
      t = (b * s + f) / e;
      if (t < 0) { t = 0; s = clamp01(-c / a); }
      else if (t > 1) { t = 1; s = clamp01((b - c) / a); }
    }
  }
  const c1: V3 = [p1[0] + d1[0] * s, p1[1] + d1[1] * s, p1[2] + d1[2] * s];
  const c2: V3 = [p2[0] + d2[0] * t, p2[1] + d2[1] * t, p2[2] + d2[2] * t];
  const d = sub(c1, c2);
  return dot(d, d);
}

function pointInside(p: V3, P: Polytope): boolean {
  for (const [i, j, k] of P.tris) {
    const a = P.verts[i];
    const n = cross(sub(P.verts[j], a), sub(P.verts[k], a));
    if (dot(n, sub(p, a)) > 0) return false;
  }
  return true;
}

/** Closed segment pq against closed triangle abc; a segment lying in the triangle's plane counts as a miss. */
function segmentHitsTriangle(p: V3, q: V3, a: V3, b: V3, c: V3): boolean {
  const n = cross(sub(b, a), sub(c, a));
  const dp = dot(n, sub(p, a)), dq = dot(n, sub(q, a));
  if ((dp > 0 && dq > 0) || (dp < 0 && dq < 0) || dp === dq) return false;
  const t = dp / (dp - dq);
  const x: V3 = [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]), p[2] + t * (q[2] - p[2])];
  return dot(cross(sub(b, a), sub(x, a)), n) >= 0 && dot(cross(sub(c, b), sub(x, b)), n) >= 0 &&
    dot(cross(sub(a, c), sub(x, c)), n) >= 0;
}

/** Bounding spheres (centre, radius) of a polytope's triangles and segments, for exact culling. */
interface FeatureBounds { tc: V3[]; tr: number[]; sc: V3[]; sr: number[] }

function featureBounds(P: Polytope): FeatureBounds {
  const ball = (ids: number[]): [V3, number] => {
    const c: V3 = [0, 0, 0];
    for (const i of ids) for (let k = 0; k < 3; k++) c[k] += P.verts[i][k] / ids.length;
    let r = 0;
    for (const i of ids) r = Math.max(r, Math.sqrt(dot(sub(P.verts[i], c), sub(P.verts[i], c))));
    return [c, r * (1 + 1e-12)];
  };
  const t = P.tris.map((f) => ball(f)), s = P.segs.map((f) => ball(f));
  return { tc: t.map((x) => x[0]), tr: t.map((x) => x[1]), sc: s.map((x) => x[0]), sr: s.map((x) => x[1]) };
}

/** Distance between the centres of two balls minus their radii: a lower bound of the distance between anything inside them. */
function ballGap(c1: V3, r1: number, c2: V3, r2: number): number {
  const d = sub(c1, c2);
  return Math.sqrt(dot(d, d)) - r1 - r2;
}

/** Whether two convex polytopes share a point. Pairs of features whose bounding balls are disjoint cannot meet and are skipped. */
export function polytopesOverlap(A: Polytope, B: Polytope, bA = featureBounds(A), bB = featureBounds(B)): boolean {
  for (const v of A.verts) if (pointInside(v, B)) return true;
  for (const v of B.verts) if (pointInside(v, A)) return true;
  const edgesAgainstFaces = (P: Polytope, bP: FeatureBounds, Q: Polytope, bQ: FeatureBounds): boolean => {
    for (let s = 0; s < P.segs.length; s++) {
      const [s0, s1] = P.segs[s];
      for (let t = 0; t < Q.tris.length; t++) {
        if (ballGap(bP.sc[s], bP.sr[s], bQ.tc[t], bQ.tr[t]) > 0) continue;
        const [i, j, k] = Q.tris[t];
        if (segmentHitsTriangle(P.verts[s0], P.verts[s1], Q.verts[i], Q.verts[j], Q.verts[k])) return true;
      }
    }
    return false;
  };
  return edgesAgainstFaces(A, bA, B, bB) || edgesAgainstFaces(B, bB, A, bA);
}

/**
 * Exact Euclidean distance between two convex polytopes; 0 when they overlap. A feature pair is
 * skipped only when the gap between its bounding balls already exceeds the best distance found, so
 * the culling never changes the answer.
 */
export function polytopeDistance(A: Polytope, B: Polytope): number {
  const bA = featureBounds(A), bB = featureBounds(B);
  if (polytopesOverlap(A, B, bA, bB)) return 0;
  let best = Infinity;
  for (const a of A.verts) for (const b of B.verts) best = Math.min(best, Math.sqrt(dot(sub(a, b), sub(a, b))));
  const vertsAgainstFaces = (P: Polytope, Q: Polytope, bQ: FeatureBounds): void => {
    for (const v of P.verts) {
      for (let t = 0; t < Q.tris.length; t++) {
        if (ballGap(v, 0, bQ.tc[t], bQ.tr[t]) >= best) continue;
        const [i, j, k] = Q.tris[t];
        best = Math.min(best, Math.sqrt(pointTriangleDistanceSq(v, Q.verts[i], Q.verts[j], Q.verts[k])));
      }
    }
  };
  vertsAgainstFaces(A, B, bB);
  vertsAgainstFaces(B, A, bA);
  for (let s = 0; s < A.segs.length; s++) {
    const [a0, a1] = A.segs[s];
    for (let u = 0; u < B.segs.length; u++) {
      if (ballGap(bA.sc[s], bA.sr[s], bB.sc[u], bB.sr[u]) >= best) continue;
      const [b0, b1] = B.segs[u];
      best = Math.min(best, Math.sqrt(segmentSegmentDistanceSq(A.verts[a0], A.verts[a1], B.verts[b0], B.verts[b1])));
    }
  }
  return best;
}

/** Places a polytope: local points rotated by q[o..o+3] then translated by t. */
export function placePolytope(local: V3[], topo: { tris: [number, number, number][]; segs: [number, number][] }, q: ArrayLike<number>, o: number, t: V3): Polytope {
  const m = quatToMatrix(q, o);
  const verts = local.map(([x, y, z]) => {
    const r = rotate(m, x, y, z);
    return [r[0] + t[0], r[1] + t[1], r[2] + t[2]] as V3;
  });
  return { verts, tris: topo.tris, segs: topo.segs };
}

export function boxCorners(hx: number, hy: number, hz: number): V3[] {
  const out: V3[] = [];
  for (const sx of [-1, 1]) for (const sy of [-1, 1]) for (const sz of [-1, 1]) out.push([sx * hx, sy * hy, sz * hz]);
  return out;
}

/**
 * Signed separating-axis overlap of two boxes: the minimum over the 15 axes of the overlap of the
 * projections. Positive: the exact penetration depth. Negative or zero: separated (the value is
 * then only a lower bound of minus the distance, not the distance).
 */
export function boxBoxSatDepth(
  halfA: V3, qA: ArrayLike<number>, oA: number, posA: V3,
  halfB: V3, qB: ArrayLike<number>, oB: number, posB: V3,
): number {
  const mA = quatToMatrix(qA, oA), mB = quatToMatrix(qB, oB);
  const axesA: V3[] = [[mA[0], mA[3], mA[6]], [mA[1], mA[4], mA[7]], [mA[2], mA[5], mA[8]]];
  const axesB: V3[] = [[mB[0], mB[3], mB[6]], [mB[1], mB[4], mB[7]], [mB[2], mB[5], mB[8]]];
  const axes: V3[] = [...axesA, ...axesB];
  for (const a of axesA) {
    for (const b of axesB) {
      const c = cross(a, b), l = Math.sqrt(dot(c, c));
      if (l > 1e-9) axes.push([c[0] / l, c[1] / l, c[2] / l]);
    }
  }
  const vA = boxCorners(...halfA).map(([x, y, z]) => rotate(mA, x, y, z)).map((v) => [v[0] + posA[0], v[1] + posA[1], v[2] + posA[2]] as V3);
  const vB = boxCorners(...halfB).map(([x, y, z]) => rotate(mB, x, y, z)).map((v) => [v[0] + posB[0], v[1] + posB[1], v[2] + posB[2]] as V3);
  let depth = Infinity;
  for (const ax of axes) {
    let minA = Infinity, maxA = -Infinity, minB = Infinity, maxB = -Infinity;
    for (const v of vA) { const s = dot(v, ax); minA = Math.min(minA, s); maxA = Math.max(maxA, s); }
    for (const v of vB) { const s = dot(v, ax); minB = Math.min(minB, s); maxB = Math.max(maxB, s); }
    depth = Math.min(depth, Math.min(maxA - minB, maxB - minA));
  }
  return depth;
}

/** Exact answers for one pool: overlap flag, distance (0 if overlapping), depth (0 if apart). */
export interface PoolTruth {
  overlap: Uint8Array;
  distance: Float64Array;
  depth: Float64Array;
}

const BOX_TOPOLOGY = hullTopology(boxCorners(1, 1, 1));

export function boxesTruth(pool: BoxesPool, count = pool.size): PoolTruth {
  const overlap = new Uint8Array(count), distance = new Float64Array(count), depth = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const hA: V3 = [pool.halfA[3 * i], pool.halfA[3 * i + 1], pool.halfA[3 * i + 2]];
    const hB: V3 = [pool.halfB[3 * i], pool.halfB[3 * i + 1], pool.halfB[3 * i + 2]];
    const pB: V3 = [pool.posB[3 * i], pool.posB[3 * i + 1], pool.posB[3 * i + 2]];
    const sat = boxBoxSatDepth(hA, pool.quatA, 4 * i, [0, 0, 0], hB, pool.quatB, 4 * i, pB);
    if (sat > 0) {
      overlap[i] = 1;
      depth[i] = sat;
    } else {
      const A = placePolytope(boxCorners(...hA), BOX_TOPOLOGY, pool.quatA, 4 * i, [0, 0, 0]);
      const B = placePolytope(boxCorners(...hB), BOX_TOPOLOGY, pool.quatB, 4 * i, pB);
      distance[i] = polytopeDistance(A, B);
    }
  }
  return { overlap, distance, depth };
}

/** Signed distance from a sphere to a box at the origin: distance when apart, −depth when overlapping. */
export function sphereBoxSignedDistance(half: V3, q: ArrayLike<number>, o: number, centre: V3, radius: number): number {
  const m = quatToMatrix(q, o);
  // Local centre = Rᵀ·c.
  const c: V3 = [
    m[0] * centre[0] + m[3] * centre[1] + m[6] * centre[2],
    m[1] * centre[0] + m[4] * centre[1] + m[7] * centre[2],
    m[2] * centre[0] + m[5] * centre[1] + m[8] * centre[2],
  ];
  const inside = Math.abs(c[0]) <= half[0] && Math.abs(c[1]) <= half[1] && Math.abs(c[2]) <= half[2];
  if (inside) return -(radius + Math.min(half[0] - Math.abs(c[0]), half[1] - Math.abs(c[1]), half[2] - Math.abs(c[2])));
  const d = [0, 1, 2].map((k) => c[k] - Math.max(-half[k], Math.min(half[k], c[k])));
  return Math.hypot(d[0], d[1], d[2]) - radius;
}

export function sphereBoxTruth(pool: SphereBoxPool, count = pool.size): PoolTruth {
  const overlap = new Uint8Array(count), distance = new Float64Array(count), depth = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const s = sphereBoxSignedDistance(
      [pool.halfA[3 * i], pool.halfA[3 * i + 1], pool.halfA[3 * i + 2]], pool.quatA, 4 * i,
      [pool.posB[3 * i], pool.posB[3 * i + 1], pool.posB[3 * i + 2]], pool.radiusB[i],
    );
    if (s <= 0) { overlap[i] = 1; depth[i] = -s; } else distance[i] = s;
  }
  return { overlap, distance, depth };
}

/**
 * Which pairs of a hull pool overlap, exactly, without every pair's distance: the template's points lie on
 * the unit sphere (POOLS.md), so each hull lies in the unit ball about its position, and a pair whose
 * positions are more than 2 apart (less a margin far above the rounding of a rotation) cannot touch. Only
 * the other pairs (a sixth of them at R = 3) take polytopeDistance's feature scan.
 */
export function hullsOverlap(pool: HullsPool): Uint8Array {
  const local: V3[] = [];
  for (let k = 0; k < pool.template.length; k += 3) local.push([pool.template[k], pool.template[k + 1], pool.template[k + 2]]);
  for (const p of local) if (Math.abs(Math.hypot(p[0], p[1], p[2]) - 1) > 1e-12) throw new Error('hullsOverlap: a template point is off the unit sphere');
  const topo = hullTopology(local);
  const overlap = new Uint8Array(pool.size);
  for (let i = 0; i < pool.size; i++) {
    const b: V3 = [pool.posB[3 * i], pool.posB[3 * i + 1], pool.posB[3 * i + 2]];
    if (Math.hypot(b[0], b[1], b[2]) > 2 + 1e-9) continue;
    const A = placePolytope(local, topo, pool.quatA, 4 * i, [0, 0, 0]);
    const B = placePolytope(local, topo, pool.quatB, 4 * i, b);
    overlap[i] = polytopeDistance(A, B) === 0 ? 1 : 0;
  }
  return overlap;
}

/** Hull pools: distance exact; depth is not computed (left 0): penetration benchmarks use boxes only. */
export function hullsTruth(pool: HullsPool, count = pool.size): PoolTruth {
  const local: V3[] = [];
  for (let k = 0; k < pool.template.length; k += 3) local.push([pool.template[k], pool.template[k + 1], pool.template[k + 2]]);
  const topo = hullTopology(local);
  const overlap = new Uint8Array(count), distance = new Float64Array(count), depth = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const A = placePolytope(local, topo, pool.quatA, 4 * i, [0, 0, 0]);
    const B = placePolytope(local, topo, pool.quatB, 4 * i, [pool.posB[3 * i], pool.posB[3 * i + 1], pool.posB[3 * i + 2]]);
    const d = polytopeDistance(A, B);
    distance[i] = d;
    overlap[i] = d === 0 ? 1 : 0;
  }
  return { overlap, distance, depth };
}
