/**
 * An independent oracle for the contact region of two polytopes, by brute force over their vertices
 * and written apart from src/query/manifold (no clipping code shared): the vertices of A within `eps` of
 * A's support value along the normal, and B's along −normal, seen in the plane perpendicular to the
 * normal; the region is the overlap of their two convex hulls, found as the hull of every corner of one
 * inside the other plus every crossing of their edges.
 */
import { cross, dot, normalize, sub, type V3 } from '../oracles.js';

export type P2 = [number, number];

/** An orthonormal basis (u, v) of the plane perpendicular to unit n. */
export function planeBasis(n: V3): [V3, V3] {
  const u = normalize(cross(n, Math.abs(n[0]) < 0.6 ? [1, 0, 0] : [0, 1, 0]));
  return [u, cross(n, u)];
}

export const project = (p: V3, [u, v]: [V3, V3]): P2 => [dot(p, u), dot(p, v)];

const cr = (o: P2, a: P2, b: P2): number => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/** Andrew's monotone chain: counter-clockwise, no repeated or collinear corners (within `eps` of area). */
export function hull2(points: P2[], eps = 0): P2[] {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (p.length < 3) return p;
  const lower: P2[] = [], upper: P2[] = [];
  for (const q of p) {
    while (lower.length >= 2 && cr(lower[lower.length - 2], lower[lower.length - 1], q) <= eps) lower.pop();
    lower.push(q);
  }
  for (let i = p.length - 1; i >= 0; i--) {
    const q = p[i];
    while (upper.length >= 2 && cr(upper[upper.length - 2], upper[upper.length - 1], q) <= eps) upper.pop();
    upper.push(q);
  }
  lower.pop(); upper.pop();
  return lower.concat(upper);
}

export function area(poly: P2[]): number {
  let s = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i], b = poly[(i + 1) % poly.length];
    s += a[0] * b[1] - a[1] * b[0];
  }
  return Math.abs(s) / 2;
}

/** Whether q is inside (or within eps of) convex counter-clockwise polygon `poly` of 3 or more corners. */
export function inside(q: P2, poly: P2[], eps: number): boolean {
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i], b = poly[(i + 1) % poly.length];
    const l = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (cr(a, b, q) < -eps * l) return false;
  }
  return true;
}

/** Crossing point of segments ab and cd, or null. */
function crossing(a: P2, b: P2, c: P2, d: P2): P2 | null {
  const r: P2 = [b[0] - a[0], b[1] - a[1]], s: P2 = [d[0] - c[0], d[1] - c[1]];
  const den = r[0] * s[1] - r[1] * s[0];
  if (den === 0) return null;
  const t = ((c[0] - a[0]) * s[1] - (c[1] - a[1]) * s[0]) / den;
  const u = ((c[0] - a[0]) * r[1] - (c[1] - a[1]) * r[0]) / den;
  return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? [a[0] + t * r[0], a[1] + t * r[1]] : null;
}

/** The overlap of two convex polygons (each of 3 or more corners, counter-clockwise). */
export function overlap(p: P2[], q: P2[], eps: number): P2[] {
  const pts: P2[] = [];
  for (const a of p) if (inside(a, q, eps)) pts.push(a);
  for (const b of q) if (inside(b, p, eps)) pts.push(b);
  for (let i = 0; i < p.length; i++) {
    for (let j = 0; j < q.length; j++) {
      const x = crossing(p[i], p[(i + 1) % p.length], q[j], q[(j + 1) % q.length]);
      if (x) pts.push(x);
    }
  }
  return hull2(pts, 1e-12);
}

/** The supporting vertices of a vertex list along d: those within eps of the largest dot product. */
export function supportSet(vertices: V3[], d: V3, eps: number): V3[] {
  const h = Math.max(...vertices.map((v) => dot(v, d)));
  return vertices.filter((v) => dot(v, d) >= h - eps);
}

/**
 * The contact region of two polytopes given by their world vertices, along unit normal n (A to B): the
 * overlap of the two supporting sets seen along n, in the plane basis `basis`; with the sizes of the
 * supporting sets (1 vertex, 2 an edge, 3 or more a face).
 */
export function contactRegion(va: V3[], vb: V3[], n: V3, eps: number): { region: P2[]; basis: [V3, V3]; sizes: [number, number] } {
  const basis = planeBasis(n);
  const sa = supportSet(va, n, eps), sb = supportSet(vb, [-n[0], -n[1], -n[2]], eps);
  const ha = hull2(sa.map((p) => project(p, basis)), 1e-12), hb = hull2(sb.map((p) => project(p, basis)), 1e-12);
  let region: P2[];
  // Corners of one face on an edge of the other count as inside: 1e-9 (the tests' tolerance), not 1e-12,
  // since the projection along a normal that is a face normal only to rounding moves them by 1e-13.
  if (ha.length >= 3 && hb.length >= 3) region = overlap(ha, hb, 1e-9);
  else if (ha.length >= 3 || hb.length >= 3) {
    // A segment or a point against a face: its part inside the face.
    const face = ha.length >= 3 ? ha : hb, other = ha.length >= 3 ? hb : ha;
    if (other.length === 1) region = inside(other[0], face, 1e-9) ? [other[0]] : [];
    else {
      const pts: P2[] = other.filter((x) => inside(x, face, 1e-9));
      for (let j = 0; j < face.length; j++) {
        const x = crossing(other[0], other[1], face[j], face[(j + 1) % face.length]);
        if (x) pts.push(x);
      }
      region = pts;
    }
  } else region = [];
  return { region, basis, sizes: [sa.length, sb.length] };
}

/** Box vertices in world space for a box of half extents h at a pose given by a point mapper. */
export function boxVertices(h: V3, toWorld: (p: V3) => V3): V3[] {
  const out: V3[] = [];
  for (const sx of [-1, 1]) for (const sy of [-1, 1]) for (const sz of [-1, 1]) out.push(toWorld([sx * h[0], sy * h[1], sz * h[2]]));
  return out;
}

export { sub };
