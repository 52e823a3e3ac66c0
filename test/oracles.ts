/**
 * Slow, obviously-correct reference answers for the cross-module tests. Independent of src/: shapes
 * are read from their JSON SHAPE description (plain data), vectors are plain tuples, and every support
 * function, distance and depth below is written from the definitions, not from the library's code.
 *
 * Conventions: a world-space shape is `{ json, pose }` with a normalised quaternion; normals point from
 * A to B; the overlap of A and B along a unit n is o(n) = h_A(n) + h_B(−n) (how far B must move along n
 * to stop overlapping); the penetration depth is min over unit n of o(n) and the distance is
 * max(0, max over unit n of −o(n)).
 *
 * Sources: closest point on a segment / triangle and segment–segment distance follow the derivations
 * in Ericson, Real-Time Collision Detection (2005) §5.1.2, §5.1.5, §5.1.9, rewritten here.
 */
import { mulberry32 } from './random.js';
import type { ShapeJSON } from '../src/format/index.js';

export type V3 = [number, number, number];
export type Q4 = [number, number, number, number]; // x y z w
export interface PoseT { position: V3; quaternion: Q4 }
export interface Placed { json: ShapeJSON; pose: PoseT }

// ---------------------------------------------------------------------------------------------------
// Tiny vector helpers (tuples, allocation is fine here).
export const v3 = (x = 0, y = 0, z = 0): V3 => [x, y, z];
export const add = (a: V3, b: V3): V3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a: V3, s: number): V3 => [a[0] * s, a[1] * s, a[2] * s];
export const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const norm = (a: V3): number => Math.hypot(a[0], a[1], a[2]);
export const normalize = (a: V3): V3 => { const l = norm(a); return l > 0 ? scale(a, 1 / l) : [1, 0, 0]; };
export const dist = (a: V3, b: V3): number => norm(sub(a, b));
export const neg = (a: V3): V3 => [-a[0], -a[1], -a[2]];
export const toV3 = (p: { x: number; y: number; z: number }): V3 => [p.x, p.y, p.z];
const clamp = (x: number, lo: number, hi: number): number => (x < lo ? lo : x > hi ? hi : x);

export function normalizeQ(q: Q4): Q4 {
  const l = Math.hypot(q[0], q[1], q[2], q[3]);
  return [q[0] / l, q[1] / l, q[2] / l, q[3] / l];
}
export function qmul(a: Q4, b: Q4): Q4 {
  const [ax, ay, az, aw] = a, [bx, by, bz, bw] = b;
  return [aw * bx + ax * bw + ay * bz - az * by, aw * by - ax * bz + ay * bw + az * bx, aw * bz + ax * by - ay * bx + az * bw, aw * bw - ax * bx - ay * by - az * bz];
}
export const qconj = (q: Q4): Q4 => [-q[0], -q[1], -q[2], q[3]];
/** v' = v + 2w(u×v) + 2u×(u×v), u the vector part of the (normalised) quaternion. */
export function rotate(q: Q4, v: V3): V3 {
  const n = normalizeQ(q), u: V3 = [n[0], n[1], n[2]], w = n[3];
  const t = scale(cross(u, v), 2);
  return add(add(v, scale(t, w)), cross(u, t));
}
export const toWorld = (pose: PoseT, p: V3): V3 => add(rotate(pose.quaternion, p), pose.position);
export const toLocal = (pose: PoseT, p: V3): V3 => rotate(qconj(normalizeQ(pose.quaternion)), sub(p, pose.position));
export const dirToLocal = (pose: PoseT, d: V3): V3 => rotate(qconj(normalizeQ(pose.quaternion)), d);
/** The pose `m ∘ p` (apply p, then m). */
export function composePose(m: PoseT, p: PoseT): PoseT {
  return { position: toWorld(m, p.position), quaternion: normalizeQ(qmul(m.quaternion, p.quaternion)) };
}
/** The library's PoseLike form of a tuple pose. */
export function poseObj(p: PoseT): { position: { x: number; y: number; z: number }; quaternion: { x: number; y: number; z: number; w: number } } {
  const q = normalizeQ(p.quaternion);
  return { position: { x: p.position[0], y: p.position[1], z: p.position[2] }, quaternion: { x: q[0], y: q[1], z: q[2], w: q[3] } };
}
export const IDENTITY: PoseT = { position: [0, 0, 0], quaternion: [0, 0, 0, 1] };
export const at = (x: number, y: number, z: number, q: Q4 = [0, 0, 0, 1]): PoseT => ({ position: [x, y, z], quaternion: q });

// ---------------------------------------------------------------------------------------------------
// Support functions, written from the definition of each shape (local frame; d any non-zero vector).

/** The point of the whole shape (radius included) furthest along d, local frame. */
export function supportLocal(s: ShapeJSON, d: V3): V3 {
  const l = norm(d);
  const u: V3 = l > 0 ? scale(d, 1 / l) : [0, 0, 0];
  switch (s.type) {
    case 'point': return [0, 0, 0];
    case 'segment': return argmax([s.a as V3, s.b as V3], d);
    case 'triangle': return argmax([s.a as V3, s.b as V3, s.c as V3], d);
    case 'convexHull': return argmax(s.points as V3[], d);
    case 'sphere': return scale(u, s.radius);
    case 'box': { const h = s.halfExtents; return [d[0] >= 0 ? h[0] : -h[0], d[1] >= 0 ? h[1] : -h[1], d[2] >= 0 ? h[2] : -h[2]]; }
    case 'capsule': return add([0, d[1] >= 0 ? s.halfHeight : -s.halfHeight, 0], scale(u, s.radius));
    case 'cylinder': {
      const rho = Math.hypot(d[0], d[2]);
      const y = d[1] >= 0 ? s.halfHeight : -s.halfHeight;
      return rho > 0 ? [s.radius * d[0] / rho, y, s.radius * d[2] / rho] : [0, y, 0];
    }
    case 'cone': {
      const rho = Math.hypot(d[0], d[2]);
      const apex: V3 = [0, s.halfHeight, 0];
      const rim: V3 = rho > 0 ? [s.radius * d[0] / rho, -s.halfHeight, s.radius * d[2] / rho] : [0, -s.halfHeight, 0];
      return dot(apex, d) >= dot(rim, d) ? apex : rim;
    }
    case 'ellipsoid': {
      // E = R·ball, R = diag(r): h(d) = |R d|, support R² d / |R d|.
      const r = s.radii, e: V3 = [r[0] * d[0], r[1] * d[1], r[2] * d[2]];
      const m = norm(e);
      return m > 0 ? [r[0] * e[0] / m, r[1] * e[1] / m, r[2] * e[2] / m] : [0, 0, 0];
    }
    case 'rounded': return add(supportLocal(s.shape, d), scale(u, s.radius));
    case 'minkowskiSum': return add(supportLocal(s.a, d), supportLocal(s.b, d));
    case 'scaled': {
      // h_{S·K}(d) = max over p in K of (S p)·d = h_K(S d), attained at S times K's support along S d.
      const k = s.scale, q = supportLocal(s.shape, [k[0] * d[0], k[1] * d[1], k[2] * d[2]]);
      return [k[0] * q[0], k[1] * q[1], k[2] * q[2]];
    }
  }
}
function argmax(ps: V3[], d: V3): V3 {
  let best = ps[0], bd = -Infinity;
  for (const p of ps) { const t = dot(p, d); if (t > bd) { bd = t; best = p; } }
  return best;
}
/** World support point of a placed shape. */
export function supportWorld(s: Placed, d: V3): V3 {
  return toWorld(s.pose, supportLocal(s.json, dirToLocal(s.pose, d)));
}
/** h(n) = max over the shape of x·n, world frame. */
export const supportValue = (s: Placed, n: V3): number => dot(supportWorld(s, n), n);
/** o(n) = h_A(n) + h_B(−n) for unit n: the overlap along n (negative: a gap of −o(n) along n). */
export const overlapAlong = (a: Placed, b: Placed, n: V3): number => supportValue(a, n) + supportValue(b, neg(n));

// ---------------------------------------------------------------------------------------------------
// Closed forms.

/** Closest point to p on segment ab (Ericson §5.1.2). */
export function closestOnSegment(p: V3, a: V3, b: V3): V3 {
  const ab = sub(b, a), L = dot(ab, ab);
  if (!(L > 0)) return a;
  return add(a, scale(ab, clamp(dot(sub(p, a), ab) / L, 0, 1)));
}
/**
 * Closest point to p on triangle abc: the nearest of the three edges' closest points and, when it falls
 * inside, p's projection on the plane. Not Ericson's Voronoi-region walk (§5.1.5): its barycentric products
 * cancel on slivers (two vertices 1e-8 apart put its answer 0.08 off the triangle), where this form stays
 * as exact as the segment routine.
 */
export function closestOnTriangle(p: V3, a: V3, b: V3, c: V3): V3 {
  let best = closestOnSegment(p, a, b);
  for (const q of [closestOnSegment(p, b, c), closestOnSegment(p, a, c)]) if (dist(q, p) < dist(best, p)) best = q;
  const n = cross(sub(b, a), sub(c, a)), nn = dot(n, n);
  if (!(nn > 0) || !Number.isFinite(nn)) return best;
  const q = sub(p, scale(n, dot(n, sub(p, a)) / nn));
  const inside = dot(cross(sub(b, a), sub(q, a)), n) >= 0 && dot(cross(sub(c, b), sub(q, b)), n) >= 0 && dot(cross(sub(a, c), sub(q, c)), n) >= 0;
  return inside && dist(q, p) < dist(best, p) ? q : best;
}

/**
 * Closest points between segments p1q1 and p2q2 (Ericson §5.1.9): minimise |p1 + s·d1 − p2 − t·d2|²
 * over [0,1]²; clamp s, recompute t, clamp t, recompute s. Returns [c1, c2, distance].
 */
export function segmentSegment(p1: V3, q1: V3, p2: V3, q2: V3): [V3, V3, number] {
  const d1 = sub(q1, p1), d2 = sub(q2, p2), r = sub(p1, p2);
  const a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r);
  let s = 0, t = 0;
  const tiny = 1e-300;
  if (a <= tiny && e <= tiny) {
    s = 0; t = 0;
  } else if (a <= tiny) {
    s = 0; t = clamp(f / e, 0, 1);
  } else {
    const c = dot(d1, r);
    if (e <= tiny) {
      t = 0; s = clamp(-c / a, 0, 1);
    } else {
      const b = dot(d1, d2), den = a * e - b * b;
      s = den > 1e-14 * a * e ? clamp((b * f - c * e) / den, 0, 1) : 0;
      t = (b * s + f) / e;
      if (t < 0) { t = 0; s = clamp(-c / a, 0, 1); } else if (t > 1) { t = 1; s = clamp((b - c) / a, 0, 1); }
    }
  }
  const c1 = add(p1, scale(d1, s)), c2 = add(p2, scale(d2, t));
  // Refinement guards the parallel case where the s = 0 choice plus one clamp can miss the optimum by rounding.
  return [c1, c2, dist(c1, c2)];
}

/** Signed distance between two balls (negative: penetration depth). */
export function sphereSphere(ca: V3, ra: number, cb: V3, rb: number): number {
  return dist(ca, cb) - ra - rb;
}
/** World axis segment of a capsule/cylinder-like shape. */
export function axisSegment(pose: PoseT, halfHeight: number): [V3, V3] {
  return [toWorld(pose, [0, -halfHeight, 0]), toWorld(pose, [0, halfHeight, 0])];
}
/** Signed distance sphere–capsule: |c − closest on axis| − r_s − r_c. */
export function sphereCapsule(c: V3, rs: number, capPose: PoseT, hh: number, rc: number): number {
  const [p, q] = axisSegment(capPose, hh);
  return dist(c, closestOnSegment(c, p, q)) - rs - rc;
}
/** Signed distance capsule–capsule from segment–segment distance. */
export function capsuleCapsule(poseA: PoseT, hhA: number, rA: number, poseB: PoseT, hhB: number, rB: number): number {
  const [p1, q1] = axisSegment(poseA, hhA), [p2, q2] = axisSegment(poseB, hhB);
  return segmentSegment(p1, q1, p2, q2)[2] - rA - rB;
}
/** Distance from a local point to a box with half extents h (0 inside), and the depth inside (0 outside). */
export function pointBox(p: V3, h: V3): { distance: number; depth: number } {
  const q: V3 = [clamp(p[0], -h[0], h[0]), clamp(p[1], -h[1], h[1]), clamp(p[2], -h[2], h[2])];
  const d = dist(p, q);
  const depth = d > 0 ? 0 : Math.min(h[0] - Math.abs(p[0]), h[1] - Math.abs(p[1]), h[2] - Math.abs(p[2]));
  return { distance: d, depth };
}
/** Signed distance sphere (centre c world, radius r) vs box placed by pose. */
export function sphereBox(c: V3, r: number, boxPose: PoseT, h: V3): number {
  const pb = pointBox(toLocal(boxPose, c), h);
  return pb.distance > 0 ? pb.distance - r : -(pb.depth + r);
}

/**
 * Box–box by SAT over the 15 axes (3 + 3 face normals, 9 edge crosses, both signs). For two boxes every
 * facet normal of the Minkowski difference is one of these, so min o(n) over them is the exact depth
 * and its argmin a valid normal. Returns depth (≤ 0 means separated by −depth along some axis; the
 * distance itself is not given by SAT) and the normal.
 */
export function boxBoxSat(a: Placed, b: Placed): { depth: number; normal: V3 } {
  const axesA = [[1, 0, 0], [0, 1, 0], [0, 0, 1]].map((e) => rotate(a.pose.quaternion, e as V3));
  const axesB = [[1, 0, 0], [0, 1, 0], [0, 0, 1]].map((e) => rotate(b.pose.quaternion, e as V3));
  const cand: V3[] = [...axesA, ...axesB];
  for (const u of axesA) for (const w of axesB) { const c = cross(u, w); if (norm(c) > 1e-9) cand.push(normalize(c)); }
  let best = Infinity, bn: V3 = [1, 0, 0];
  for (const c of cand) for (const n of [c, neg(c)]) {
    const o = overlapAlong(a, b, n);
    if (o < best) { best = o; bn = n; }
  }
  return { depth: best, normal: bn };
}

// ---------------------------------------------------------------------------------------------------
// Brute force for polytopes (vertex sets).

/** World vertices of a polytope-like shape (point, segment, triangle, box, convexHull). */
export function polytopeVertices(s: Placed): V3[] {
  const j = s.json;
  let local: V3[];
  switch (j.type) {
    case 'point': local = [[0, 0, 0]]; break;
    case 'segment': local = [j.a as V3, j.b as V3]; break;
    case 'triangle': local = [j.a as V3, j.b as V3, j.c as V3]; break;
    case 'convexHull': local = j.points as V3[]; break;
    case 'box': {
      const h = j.halfExtents; local = [];
      for (const sx of [-1, 1]) for (const sy of [-1, 1]) for (const sz of [-1, 1]) local.push([sx * h[0], sy * h[1], sz * h[2]]);
      break;
    }
    default: throw new Error(`polytopeVertices: ${j.type} is not a polytope`);
  }
  return local.map((p) => toWorld(s.pose, p));
}

/**
 * Barycentric weights (u, v, w) of the point of triangle abc closest to the origin, by Voronoi regions
 * (Ericson §5.1.5 with p = 0); degenerate triangles reduce to their edges.
 */
export function triangleOriginWeights(a: V3, b: V3, c: V3): [number, number, number] {
  const abx = b[0] - a[0], aby = b[1] - a[1], abz = b[2] - a[2];
  const acx = c[0] - a[0], acy = c[1] - a[1], acz = c[2] - a[2];
  // ap = −a, bp = −b, cp = −c
  const d1 = -(abx * a[0] + aby * a[1] + abz * a[2]), d2 = -(acx * a[0] + acy * a[1] + acz * a[2]);
  if (d1 <= 0 && d2 <= 0) return [1, 0, 0];
  const d3 = -(abx * b[0] + aby * b[1] + abz * b[2]), d4 = -(acx * b[0] + acy * b[1] + acz * b[2]);
  if (d3 >= 0 && d4 <= d3) return [0, 1, 0];
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0 && d1 - d3 > 0) { const t = d1 / (d1 - d3); return [1 - t, t, 0]; }
  const d5 = -(abx * c[0] + aby * c[1] + abz * c[2]), d6 = -(acx * c[0] + acy * c[1] + acz * c[2]);
  if (d6 >= 0 && d5 <= d6) return [0, 0, 1];
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0 && d2 - d6 > 0) { const t = d2 / (d2 - d6); return [1 - t, 0, t]; }
  const va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0 && d4 - d3 + d5 - d6 > 0) { const t = (d4 - d3) / (d4 - d3 + (d5 - d6)); return [0, 1 - t, t]; }
  // va + vb + vc = |ab × ac|² (Lagrange's identity); a triangle whose area is at rounding level relative to
  // its edges is degenerate and its "interior" weights are noise.
  const sum = va + vb + vc;
  const ab2 = abx * abx + aby * aby + abz * abz, ac2 = acx * acx + acy * acy + acz * acz;
  if (!(sum > 1e-20 * ab2 * ac2) || !Number.isFinite(1 / sum)) {
    // Degenerate (zero-area) triangle: best of the three edges.
    let best: [number, number, number] = [1, 0, 0], bd = Infinity;
    for (const [p, q, k] of [[a, b, 0], [b, c, 1], [a, c, 2]] as [V3, V3, number][]) {
      const pq = sub(q, p), L = dot(pq, pq);
      const t = L > 0 ? clamp(-dot(p, pq) / L, 0, 1) : 0;
      const d = norm(add(p, scale(pq, t)));
      if (d < bd) { bd = d; best = k === 0 ? [1 - t, t, 0] : k === 1 ? [0, 1 - t, t] : [1 - t, 0, t]; }
    }
    return best;
  }
  const v = vb / sum, w = vc / sum;
  return [1 - v - w, v, w];
}

/** Deduplicated Minkowski difference points a_i − b_j with their origins. */
function differencePoints(va: V3[], vb: V3[]): { p: V3[]; ia: number[]; ib: number[] } {
  const p: V3[] = [], ia: number[] = [], ib: number[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < va.length; i++) for (let j = 0; j < vb.length; j++) {
    const d = sub(va[i], vb[j]);
    const key = d.join(',');
    if (seen.has(key)) continue;
    seen.add(key); p.push(d); ia.push(i); ib.push(j);
  }
  return { p, ia, ib };
}

/**
 * Facet planes of conv(P) by brute force: every triple whose plane has all points on one side.
 * Returns outward unit normals and offsets (n·x ≤ c for all x in P). O(n⁴); fine for |P| ≤ ~80.
 * Empty when P is flat (lower-dimensional).
 */
export function facetPlanes(P: V3[], relTol = 1e-12): { n: V3; c: number }[] {
  let size = 0;
  for (const p of P) size = Math.max(size, norm(p));
  const tol = relTol * Math.max(size, 1e-300);
  const out: { n: V3; c: number }[] = [];
  const N = P.length;
  for (let i = 0; i < N; i++) for (let j = i + 1; j < N; j++) for (let k = j + 1; k < N; k++) {
    const nn = cross(sub(P[j], P[i]), sub(P[k], P[i]));
    const l = norm(nn);
    if (!(l > 1e-9 * Math.max(dist(P[j], P[i]), dist(P[k], P[i])) ** 2)) continue;
    const n = scale(nn, 1 / l);
    const c0 = dot(n, P[i]);
    let hi = -Infinity, lo = Infinity;
    for (const p of P) { const h = dot(n, p) - c0; if (h > hi) hi = h; if (h < lo) lo = h; }
    if (hi <= tol && lo < -tol) out.push({ n, c: c0 + hi });
    else if (lo >= -tol && hi > tol) out.push({ n: neg(n), c: -(c0 + lo) });
  }
  return out;
}

/**
 * Exact distance between two polytopes given by vertex sets: the minimum norm over conv(A − B) is
 * attained on a face of dimension ≤ 2, hence on the convex hull of at most 3 difference points; so it
 * is the minimum over all triples (and pairs, and points) of the closest point to the origin. The
 * witness points follow from the barycentric weights. Distance 0 when the origin is in conv(A − B)
 * (tested against the facet planes; a flat difference set is tested by the triples themselves).
 */
export function polytopeDistance(a: Placed, b: Placed): { distance: number; pointA: V3; pointB: V3 } {
  const va = polytopeVertices(a), vb = polytopeVertices(b);
  const { p, ia, ib } = differencePoints(va, vb);
  const N = p.length;
  let bd = Infinity, bw: number[] = [1], bidx: number[] = [0];
  for (let i = 0; i < N; i++) {
    const d = norm(p[i]);
    if (d < bd) { bd = d; bw = [1]; bidx = [i]; }
  }
  for (let i = 0; i < N; i++) for (let j = i + 1; j < N; j++) for (let k = j + 1; k < N; k++) {
    const w = triangleOriginWeights(p[i], p[j], p[k]);
    const x = w[0] * p[i][0] + w[1] * p[j][0] + w[2] * p[k][0];
    const y = w[0] * p[i][1] + w[1] * p[j][1] + w[2] * p[k][1];
    const z = w[0] * p[i][2] + w[1] * p[j][2] + w[2] * p[k][2];
    const d = Math.sqrt(x * x + y * y + z * z);
    if (d < bd) { bd = d; bw = w; bidx = [i, j, k]; }
  }
  // Every pair explicitly as well (N = 2 has no triple; degenerate triples reduce to these anyway).
  for (let i = 0; i < N; i++) for (let j = i + 1; j < N; j++) {
    const e = sub(p[j], p[i]), L = dot(e, e);
    if (!(L > 0)) continue;
    const t = clamp(-dot(p[i], e) / L, 0, 1);
    const d = norm(add(p[i], scale(e, t)));
    if (d < bd) { bd = d; bw = [1 - t, t]; bidx = [i, j]; }
  }
  let pa: V3 = [0, 0, 0], pb: V3 = [0, 0, 0], c: V3 = [0, 0, 0];
  bidx.forEach((q, k) => { pa = add(pa, scale(va[ia[q]], bw[k])); pb = add(pb, scale(vb[ib[q]], bw[k])); c = add(c, scale(p[q], bw[k])); });
  // Optimality certificate of the min-norm point c: p·c ≥ |c|² for every p. If some p violates it,
  // the origin is inside conv(P) (Carathéodory: otherwise the minimum over triples is the true one).
  let size = 0;
  for (const q of p) size = Math.max(size, norm(q));
  const cc = dot(c, c);
  let minPc = Infinity;
  for (const q of p) minPc = Math.min(minPc, dot(q, c));
  if (minPc < cc - 1e-9 * Math.sqrt(cc) * size) bd = 0;
  return { distance: bd, pointA: pa, pointB: pb };
}

/**
 * Exact penetration depth of two overlapping polytopes: the distance from the origin to the boundary
 * of K = conv(A − B), which is min over K's facet normals n of h_K(n) = h_A(n) + h_B(−n). Every unit n
 * gives an upper bound h_K(n) ≥ depth (the origin is inside), and every facet normal of K is either a
 * face normal of A, a face normal of B, or the cross product of an edge direction of A and one of B.
 * Candidates: normals of all vertex triples of A and of B (a superset of the face normals) and crosses
 * of all vertex-pair directions of A with those of B (a superset of the edge crosses), both signs; so the
 * minimum is exact with no fragile "is this a facet" test. Also returns every candidate within `tieTol`
 * of the minimum. Only meaningful when the shapes overlap (check with polytopeDistance first).
 */
export function polytopeDepth(a: Placed, b: Placed, tieTol = 1e-9): { depth: number; normals: V3[] } {
  const va = polytopeVertices(a), vb = polytopeVertices(b);
  const hK = (n: V3): number => {
    let ha = -Infinity, hb = -Infinity;
    for (const q of va) { const t = q[0] * n[0] + q[1] * n[1] + q[2] * n[2]; if (t > ha) ha = t; }
    for (const q of vb) { const t = -(q[0] * n[0] + q[1] * n[1] + q[2] * n[2]); if (t > hb) hb = t; }
    return ha + hb;
  };
  const cand: { n: V3; h: number }[] = [];
  const push = (nn: V3) => {
    const l = norm(nn);
    if (!(l > 0) || !Number.isFinite(l)) return;
    const n = scale(nn, 1 / l), m = neg(n);
    cand.push({ n, h: hK(n) }, { n: m, h: hK(m) });
  };
  for (const v of [va, vb]) {
    for (let i = 0; i < v.length; i++) for (let j = i + 1; j < v.length; j++) for (let k = j + 1; k < v.length; k++) push(cross(sub(v[j], v[i]), sub(v[k], v[i])));
  }
  const edgesA: V3[] = [], edgesB: V3[] = [];
  for (let i = 0; i < va.length; i++) for (let j = i + 1; j < va.length; j++) edgesA.push(sub(va[j], va[i]));
  for (let i = 0; i < vb.length; i++) for (let j = i + 1; j < vb.length; j++) edgesB.push(sub(vb[j], vb[i]));
  for (const ea of edgesA) for (const eb of edgesB) push(cross(ea, eb));
  // A − B on a line (collinear hull against a point): its triples' normals are rounding noise, so add
  // directions exactly perpendicular to each edge; any direction bounds the depth from above.
  const axes: V3[] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  for (const e of [...edgesA, ...edgesB]) for (const x of axes) push(cross(e, x));
  // No candidate at all: A − B is a point, the origin on its boundary.
  if (cand.length === 0) return { depth: 0, normals: [] };
  let depth = Infinity;
  for (const c of cand) depth = Math.min(depth, c.h);
  const normals = cand.filter((c) => c.h <= depth + tieTol).map((c) => c.n);
  return { depth: Math.max(depth, 0), normals };
}

// ---------------------------------------------------------------------------------------------------
// Membership: how far a world point lies outside a shape (0 inside). Exact or an upper bound, so
// "witness within tol of its shape" is a sound check.

/** Upper bound (exact for every type but ellipsoid and minkowskiSum) on the distance from local point p to the shape. */
export function outsideDistanceLocal(s: ShapeJSON, p: V3): number {
  switch (s.type) {
    case 'point': return norm(p);
    case 'segment': return dist(p, closestOnSegment(p, s.a as V3, s.b as V3));
    case 'triangle': return dist(p, closestOnTriangle(p, s.a as V3, s.b as V3, s.c as V3));
    case 'sphere': return Math.max(0, norm(p) - s.radius);
    case 'box': return pointBox(p, s.halfExtents as V3).distance;
    case 'capsule': return Math.max(0, dist(p, closestOnSegment(p, [0, -s.halfHeight, 0], [0, s.halfHeight, 0])) - s.radius);
    case 'cylinder': return Math.hypot(Math.max(0, Math.hypot(p[0], p[2]) - s.radius), Math.max(0, Math.abs(p[1]) - s.halfHeight));
    case 'cone': {
      // Rotational symmetry: distance in the (ρ, y) half-plane to the profile triangle.
      const q: V3 = [Math.hypot(p[0], p[2]), p[1], 0];
      const h = s.halfHeight, r = s.radius;
      return dist(q, closestOnTriangle(q, [0, h, 0], [r, -h, 0], [-r, -h, 0]));
    }
    case 'ellipsoid': return pointEllipsoidDistance(p, s.radii as V3);
    case 'convexHull': {
      const d = polytopeDistance({ json: s, pose: IDENTITY }, { json: { type: 'point' }, pose: { position: p, quaternion: [0, 0, 0, 1] } });
      return d.distance;
    }
    case 'rounded': return Math.max(0, outsideDistanceLocal(s.shape, p) - s.radius);
    case 'minkowskiSum': case 'scaled': return genericOutsideDistance(s, p);
  }
}
/**
 * Exact distance from p to the solid ellipsoid with semi-axes r (0 inside). The closest surface point is
 * x_i = r_i² p_i / (r_i² + t) for the unique t ≥ 0 with Σ (r_i p_i / (r_i² + t))² = 1 (Lagrange condition);
 * the left side decreases monotonically in t, so bisection finds t. Zero semi-axes are allowed.
 */
export function pointEllipsoidDistance(p: V3, r: V3): number {
  const f = (t: number) => {
    let sum = 0;
    for (let i = 0; i < 3; i++) { const q = r[i] * p[i] / (r[i] * r[i] + t); sum += q * q; }
    return sum - 1;
  };
  const rmax = Math.max(r[0], r[1], r[2]);
  if (rmax === 0) return norm(p);
  // Inside (f(0) ≤ 1 with every axis non-zero); zero axes make f(0) undefined for a point off that plane.
  const inside = r.every((ri, i) => ri > 0 || p[i] === 0) && (() => { let k = 0; for (let i = 0; i < 3; i++) if (r[i] > 0) k += (p[i] / r[i]) ** 2; return k <= 1; })();
  if (inside) return 0;
  let lo = 0, hi = 2 * rmax * norm(p) + rmax * rmax;
  for (let it = 0; it < 200 && hi - lo > 0; it++) {
    const mid = 0.5 * (lo + hi);
    if (mid === lo || mid === hi) break;
    if (f(mid) > 0) lo = mid; else hi = mid;
  }
  const t = 0.5 * (lo + hi);
  const x: V3 = [0, 1, 2].map((i) => (r[i] * r[i] * p[i]) / (r[i] * r[i] + t)) as V3;
  return dist(p, x);
}
export const outsideDistance = (s: Placed, p: V3): number => outsideDistanceLocal(s.json, toLocal(s.pose, p));

/**
 * Distance from p to a convex shape by its dual: max over |n| ≤ 1 of n·p − h(n), a concave maximisation
 * solved by random pattern search. A lower bound that is tight when the search converges.
 */
export function genericOutsideDistance(s: ShapeJSON, p: V3): number {
  const f = (n: V3) => dot(n, p) - dot(supportLocal(s, n), n);
  const best = maximizeOnSphere(f, [normalize(p)]);
  return Math.max(0, best.value);
}

/** Deterministic pseudo-random numbers for the oracles' own searches. */
export const rng = mulberry32;

/** Fibonacci-sphere directions, evenly spread. */
export function sphereDirections(count: number): V3[] {
  const out: V3[] = [];
  const g = Math.PI * (3 - Math.sqrt(5));
  for (let i = 0; i < count; i++) {
    const y = 1 - (2 * (i + 0.5)) / count, r = Math.sqrt(1 - y * y);
    out.push([r * Math.cos(g * i), y, r * Math.sin(g * i)]);
  }
  return out;
}

/** Maximise f over unit vectors: coarse sampling, then random pattern search with a shrinking step. */
export function maximizeOnSphere(f: (n: V3) => number, seeds: V3[] = [], samples = 200): { n: V3; value: number } {
  let bn: V3 = [1, 0, 0], bv = -Infinity;
  for (const n of [...seeds.map(normalize), ...sphereDirections(samples)]) {
    const v = f(n); if (v > bv) { bv = v; bn = n; }
  }
  const rand = rng(12345);
  let step = 0.2;
  while (step > 1e-9) {
    let improved = false;
    for (let k = 0; k < 24; k++) {
      const t: V3 = [rand() - 0.5, rand() - 0.5, rand() - 0.5];
      const cand = normalize(add(bn, scale(normalize(t), step)));
      const v = f(cand);
      if (v > bv) { bv = v; bn = cand; improved = true; }
    }
    if (!improved) step *= 0.5;
  }
  return { n: bn, value: bv };
}

/**
 * Reference distance for any pair by the dual: max(0, max over unit n of −o(n)). A lower bound; tight
 * when the pattern search converges (the function is concave on the ball, so there are no false local
 * maxima, but kinks of polytopes can slow it).
 */
export function dualDistance(a: Placed, b: Placed, seeds: V3[] = []): { distance: number; normal: V3 } {
  const r = maximizeOnSphere((n) => -overlapAlong(a, b, n), [...seeds, sub(b.pose.position, a.pose.position)]);
  return { distance: Math.max(0, r.value), normal: r.n };
}

/** Reference depth for any pair: min over unit n of o(n) (an upper bound; tight when the search converges). */
export function searchDepth(a: Placed, b: Placed, seeds: V3[] = []): { depth: number; normal: V3 } {
  const r = maximizeOnSphere((n) => -overlapAlong(a, b, n), [...seeds, sub(b.pose.position, a.pose.position)]);
  return { depth: -r.value, normal: r.n };
}

/** A rough size of a placed shape: the bounding radius of its local description. */
export function shapeSize(s: ShapeJSON): number {
  let r = 0;
  for (const d of sphereDirections(64)) r = Math.max(r, norm(supportLocal(s, d)));
  return r;
}
