/**
 * A slow, independent oracle for the 2D queries (convex-collide/2d). It imports nothing from src/: shapes
 * are plain data (`Shape2D`), poses are `{ x, y, angle }`, and every answer below is computed from the
 * definitions by brute force, not from the library's algorithms (no GJK, no EPA, no support mapping, no
 * tolerance: its own hull, and distances from their formulas).
 *
 * Every 2D shape is a core (a finite point set: its convex hull is a point, a segment or a convex polygon)
 * swept by a disc of radius r. For two shapes the signed separation is read off the Minkowski difference
 * of the cores, K = hull{ a − b : a a core point of A, b a core point of B } (A and B overlap exactly when
 * the origin is in K dilated by rA + rB):
 *   origin outside K → distance from the origin to K (min over K's edges of the point–segment distance);
 *   origin inside K  → minus the distance to K's boundary (min over K's edges of the distance to the
 *                      edge's line, the penetration depth of the cores);
 * then minus rA + rB (dilating a convex set by r moves its boundary out by r, so the signed distance of a
 * point drops by exactly r, inside and outside).
 *
 * Conventions as the library's: normals point from A to B; h_S(n) = max over S of x·n is the support
 * function; the overlap of A and B along a unit n is h_A(n) + h_B(−n), how far B must move along n to
 * stop overlapping, so −overlap(n) ≤ separation for every unit n, with equality for the right normal.
 */

export type P2 = readonly [number, number];

/** A 2D shape as plain data, in its local frame (the library's shape classes built from the same numbers). */
export type Shape2D =
  | { kind: 'point' }
  | { kind: 'segment'; a: P2; b: P2 }
  | { kind: 'circle'; radius: number }
  | { kind: 'box'; hx: number; hy: number }
  /** Core segment along local y, from (0, −halfHeight) to (0, halfHeight). */
  | { kind: 'capsule'; halfHeight: number; radius: number }
  /** The convex hull of `points` (any points: repeated, collinear, interior). */
  | { kind: 'polygon'; points: P2[] }
  | { kind: 'rounded'; inner: Shape2D; radius: number };

/** Rotation by `angle` (radians, counter-clockwise) about the local origin, then translation by (x, y). */
export interface Pose2D { x: number; y: number; angle: number }
export interface Placed2D { shape: Shape2D; pose: Pose2D }

/** A core as a point list (its hull is the core) and the radius swept around it. */
export interface Core { points: P2[]; radius: number }

// ---------------------------------------------------------------------------------------------------
// Vector helpers (tuples; allocation is fine here).
export const add = (a: P2, b: P2): P2 => [a[0] + b[0], a[1] + b[1]];
export const sub = (a: P2, b: P2): P2 => [a[0] - b[0], a[1] - b[1]];
export const scale = (a: P2, s: number): P2 => [a[0] * s, a[1] * s];
export const dot = (a: P2, b: P2): number => a[0] * b[0] + a[1] * b[1];
/** z of the 3D cross product: > 0 when b is counter-clockwise from a. */
export const cross = (a: P2, b: P2): number => a[0] * b[1] - a[1] * b[0];
export const norm = (a: P2): number => Math.hypot(a[0], a[1]);
export const dist = (a: P2, b: P2): number => norm(sub(a, b));
export const neg = (a: P2): P2 => [-a[0], -a[1]];
export const toP2 = (v: { x: number; y: number }): P2 => [v.x, v.y];
/** Rotation of v by `angle` counter-clockwise. */
export function rotate(angle: number, v: P2): P2 {
  const c = Math.cos(angle), s = Math.sin(angle);
  return [c * v[0] - s * v[1], s * v[0] + c * v[1]];
}
export const toWorld = (pose: Pose2D, p: P2): P2 => add(rotate(pose.angle, p), [pose.x, pose.y]);

// ---------------------------------------------------------------------------------------------------
// Shapes as cores.

/** The shape's core in its own frame: the points whose hull is the core, and the swept radius. */
export function localCore(s: Shape2D): Core {
  switch (s.kind) {
    case 'point': return { points: [[0, 0]], radius: 0 };
    case 'segment': return { points: [s.a, s.b], radius: 0 };
    case 'circle': return { points: [[0, 0]], radius: s.radius };
    case 'box': return { points: [[s.hx, s.hy], [-s.hx, s.hy], [-s.hx, -s.hy], [s.hx, -s.hy]], radius: 0 };
    case 'capsule': return { points: [[0, -s.halfHeight], [0, s.halfHeight]], radius: s.radius };
    case 'polygon': return { points: s.points.slice(), radius: 0 };
    case 'rounded': {
      const inner = localCore(s.inner);
      return { points: inner.points, radius: inner.radius + s.radius };
    }
  }
}

/** The core placed in the world. */
export function worldCore(p: Placed2D): Core {
  const c = localCore(p.shape);
  return { points: c.points.map((q) => toWorld(p.pose, q)), radius: c.radius };
}

/** Radius of a disc about the local origin holding the whole shape. */
export function shapeSize(s: Shape2D): number {
  const c = localCore(s);
  return Math.max(...c.points.map(norm)) + c.radius;
}

/**
 * The length scale of a pair for tolerances: the largest world coordinate either shape reaches (rounding
 * in world coordinates is relative to it) and at least the shapes' sizes.
 */
export function pairScale(a: Placed2D, b: Placed2D): number {
  let s = 0;
  for (const p of [a, b]) {
    const c = worldCore(p);
    for (const q of c.points) s = Math.max(s, Math.abs(q[0]) + c.radius, Math.abs(q[1]) + c.radius);
    s = Math.max(s, shapeSize(p.shape));
  }
  return s;
}

// ---------------------------------------------------------------------------------------------------
// Convex hull: lower and upper chains over the points sorted by x then y, each keeping only strict left
// turns (Andrew's idea, written out here from the definition in two separate passes), with an exact turn
// test, so the hull is exactly the hull of the given doubles: no tolerance, no collinear vertex, and the
// right orientation however thin it is.
//
// History (each found by the properties): a first version wrapped gifts (Jarvis's march); with
// rounding-level collinear points its float turn tests disagreed and it closed a clockwise sliver. The
// chains with a float turn test then failed on shapes turned by a subnormal angle (4e-323 rad): the
// points of a segment along y get x offsets of a few 1e-323, the cross products underflow to exactly 0,
// and "collinear" popped an end of the segment that the x-sort had put in the middle.

/** The exact value of a double times 2^1074, an integer (every double is a multiple of 2^-1074). */
function exactScaled(x: number): bigint {
  if (x === 0) return 0n;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0), lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  // Normal numbers: the implicit leading 1 and exponent biased − 1075; subnormals: exponent −1074.
  let exponent = -1074;
  if (biased !== 0) { mantissa |= 1n << 52n; exponent = biased - 1075; }
  const magnitude = mantissa << BigInt(exponent + 1074);
  return hi >>> 31 ? -magnitude : magnitude;
}

/**
 * The sign of the cross product (a − o) × (b − o): > 0 for a left turn o → a → b, 0 when collinear.
 * The float value decides when it is clear of its rounding (Shewchuk's bound for orient2d, with room
 * to spare) and clear of underflow; otherwise the exact value, in integers.
 */
export function orientation(o: P2, a: P2, b: P2): number {
  const l = (a[0] - o[0]) * (b[1] - o[1]), r = (a[1] - o[1]) * (b[0] - o[0]);
  const det = l - r, sum = Math.abs(l) + Math.abs(r);
  if (sum > 1e-280 && Math.abs(det) > 8 * Number.EPSILON * sum) return Math.sign(det);
  const [ox, oy, ax, ay, bx, by] = [o[0], o[1], a[0], a[1], b[0], b[1]].map(exactScaled);
  const exact = (ax - ox) * (by - oy) - (ay - oy) * (bx - ox);
  return exact > 0n ? 1 : exact < 0n ? -1 : 0;
}

/** The hull of `points`, counter-clockwise, without repeated or collinear vertices: 1, 2 or ≥ 3 points. */
export function hull(points: readonly P2[]): P2[] {
  const pts = points.map((p): P2 => [p[0] + 0, p[1] + 0]).sort((p, q) => (p[0] - q[0]) || (p[1] - q[1]));
  // Distinct points only (exact duplicates add nothing).
  const uniq = pts.filter((p, i) => i === 0 || p[0] !== pts[i - 1][0] || p[1] !== pts[i - 1][1]);
  if (uniq.length <= 2) return uniq;
  const chain = (seq: readonly P2[]): P2[] => {
    const c: P2[] = [];
    for (const p of seq) {
      while (c.length >= 2 && orientation(c[c.length - 2], c[c.length - 1], p) <= 0) c.pop();
      c.push(p);
    }
    return c;
  };
  const lower = chain(uniq), upper = chain(uniq.slice().reverse());
  // Each chain ends where the other starts.
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/** Distance from q to the segment a–b (a point when a = b). */
export function pointSegmentDistance(q: P2, a: P2, b: P2): number {
  const ab = sub(b, a), ee = dot(ab, ab);
  if (!(ee > 0)) return dist(q, a);
  const t = Math.min(1, Math.max(0, dot(sub(q, a), ab) / ee));
  return dist(q, add(a, scale(ab, t)));
}

/**
 * Signed distance from q to the convex polygon with counter-clockwise vertices `h` (a point or a segment
 * when it has 1 or 2): the distance when q is outside, minus the distance to the boundary when inside.
 * A point or a segment has no inside: its signed distance is never negative.
 */
export function signedDistanceToHull(q: P2, h: readonly P2[]): number {
  if (h.length === 1) return dist(q, h[0]);
  if (h.length === 2) return pointSegmentDistance(q, h[0], h[1]);
  // Signed distance of q to each edge's line, positive on the outer side.
  let maxLine = -Infinity, minSeg = Infinity;
  for (let i = 0; i < h.length; i++) {
    const a = h[i], b = h[(i + 1) % h.length];
    const e = sub(b, a), len = norm(e);
    const outward: P2 = [e[1] / len, -e[0] / len];
    maxLine = Math.max(maxLine, dot(outward, sub(q, a)));
    minSeg = Math.min(minSeg, pointSegmentDistance(q, a, b));
  }
  // Inside (on the inner side of every edge line): minus the nearest line's distance, i.e. the largest
  // (least negative) signed line distance. Outside: the nearest point of the boundary. For a point truly
  // inside, the nearest boundary point lies on the nearest edge line, so minSeg = −maxLine; a hull of
  // rounding-level width (a rotated segment's collinear points) can put a far point on the inner side of
  // every edge line by rounding alone, and the boundary distance exposes that: then it is outside.
  let reach = norm(q);
  for (const v of h) reach = Math.max(reach, norm(v));
  const noise = 64 * Number.EPSILON * reach;
  return maxLine <= 0 && minSeg <= -maxLine + noise ? maxLine : minSeg;
}

// ---------------------------------------------------------------------------------------------------
// Answers.

/** The hull of the Minkowski difference of the cores, and the two radii. */
export function differenceHull(a: Placed2D, b: Placed2D): { hull: P2[]; rA: number; rB: number } {
  const ca = worldCore(a), cb = worldCore(b);
  const diff: P2[] = [];
  for (const p of ca.points) for (const q of cb.points) diff.push(sub(p, q));
  return { hull: hull(diff), rA: ca.radius, rB: cb.radius };
}

/** Signed separation: the distance when apart, minus the penetration depth when overlapping. */
export function separation(a: Placed2D, b: Placed2D): number {
  const { hull: k, rA, rB } = differenceHull(a, b);
  return signedDistanceToHull([0, 0], k) - rA - rB;
}

/** Distance from a world point to the shape (0 inside it). */
export function distanceToShape(p: Placed2D, q: P2): number {
  const c = worldCore(p);
  return Math.max(0, signedDistanceToHull(q, hull(c.points)) - c.radius);
}

/** Support function h_S(n) = max over the shape of x·n, for a unit n: the core's max plus the radius. */
export function support(p: Placed2D, n: P2): number {
  const c = worldCore(p);
  return Math.max(...c.points.map((q) => dot(q, n))) + c.radius * norm(n);
}

/** How far B must move along the unit n to stop overlapping A (negative: the gap between them along n). */
export function overlapAlong(a: Placed2D, b: Placed2D, n: P2): number {
  return support(a, n) + support(b, neg(n));
}

/** A short description of a pair for failure messages. */
export function describePair(a: Placed2D, b: Placed2D): string {
  return `A = ${JSON.stringify(a)}, B = ${JSON.stringify(b)}`;
}
