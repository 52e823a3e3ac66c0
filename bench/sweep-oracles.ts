/**
 * Exact answers for the ray-cast and linear shape-cast benchmarks (bench/sweeps.ts), to score every
 * library's. Slow and obviously correct on purpose; imports nothing from src/.
 *
 * - Ray against a solid convex shape: the shape is { p : g(p) ≥ 0 } for a concave g (sphere: r − |p|;
 *   box: min_k (h_k − |p_k|); capsule: r − distance to its segment; cylinder: min(h − |y|, r − ρ);
 *   cone: min(y + h, (r / 2h)(h − y) − ρ), ρ = √(x² + z²); ellipsoid: 1 − |p / semi-axes|; rounded box:
 *   r − distance to its core box; hull: min over its face planes of the plane's offset minus n·p). Along
 *   the ray, g(o + t·d) is concave in t, so the ray meets the shape in one interval: a golden-section
 *   search finds the maximum of g over t ≥ 0 (a miss when it is negative), and bisection on [0, argmax]
 *   the first t with g ≥ 0, to the last bit. An origin inside answers 0 (a solid shape).
 * - Ray against a triangle (two-sided): the plane's t, then the point's three edge tests.
 * - Linear cast of polytope B (velocity v) against still polytope A: 0 when they overlap at the start
 *   (the exact tests of bench/oracles.ts), else the first contact of two disjoint polytopes under
 *   translation is a vertex of one meeting a face of the other or an edge meeting an edge, so the time of
 *   impact is the least t ≥ 0 over every vertex–triangle pair (a ray along ±v) and every pair of
 *   segments (a 3×3 solve for the t at which the moving segment crosses the still one).
 * - Linear cast of a sphere against a box: the ray of the sphere's centre against the box rounded by the
 *   sphere's radius (their Minkowski sum).
 * Answers are t in units of the ray's direction (or of the cast's time), NaN for a miss.
 */
import { boxBoxSatDepth, boxCorners, hullTopology, placePolytope, polytopesOverlap, quatToMatrix, sphereBoxSignedDistance, type Polytope, type V3 } from './oracles.js';
import { triangleVertices, type CastPool, type RayPool } from './sweeps.js';

type Concave = (x: number, y: number, z: number) => number;

const GOLDEN = (Math.sqrt(5) - 1) / 2;

/**
 * The least t ≥ 0 with g(o + t·d) ≥ 0 for a concave g, or NaN; `far` is a t beyond which the ray has
 * left the shape's bounding sphere for good.
 */
export function concaveRayT(g: Concave, o: V3, d: V3, far: number): number {
  const h = (t: number): number => g(o[0] + t * d[0], o[1] + t * d[1], o[2] + t * d[2]);
  if (h(0) >= 0) return 0;
  // Golden-section search for the maximum of the concave h on [0, far].
  let a = 0, b = far;
  let x1 = b - GOLDEN * (b - a), x2 = a + GOLDEN * (b - a);
  let h1 = h(x1), h2 = h(x2);
  let best = Math.max(h1, h2), tBest = h1 >= h2 ? x1 : x2;
  for (let k = 0; k < 200 && b - a > 1e-17 * far; k++) {
    if (h1 < h2) { a = x1; x1 = x2; h1 = h2; x2 = a + GOLDEN * (b - a); h2 = h(x2); if (h2 > best) { best = h2; tBest = x2; } }
    else { b = x2; x2 = x1; h2 = h1; x1 = b - GOLDEN * (b - a); h1 = h(x1); if (h1 > best) { best = h1; tBest = x1; } }
    if (best >= 0) break; // a point inside is all the bisection needs
  }
  if (best < 0) return NaN;
  // Bisection: h(lo) < 0 ≤ h(hi), and the set where h ≥ 0 is an interval holding hi.
  let lo = 0, hi = tBest;
  for (;;) {
    const mid = 0.5 * (lo + hi);
    if (mid <= lo || mid >= hi) return hi;
    if (h(mid) >= 0) hi = mid; else lo = mid;
  }
}

/** The concave function of pair i's shape (its own frame), and its bounding radius. */
function shapeFunction(p: RayPool, i: number, planes: number[][] | null): { g: Concave; radius: number } {
  const a = p.dims[3 * i], b = p.dims[3 * i + 1], c = p.dims[3 * i + 2];
  switch (p.shape) {
    case 'sphere': return { g: (x, y, z) => a - Math.sqrt(x * x + y * y + z * z), radius: a };
    case 'box': return { g: (x, y, z) => Math.min(a - Math.abs(x), b - Math.abs(y), c - Math.abs(z)), radius: Math.hypot(a, b, c) };
    case 'ellipsoid': return { g: (x, y, z) => 1 - Math.sqrt((x / a) ** 2 + (y / b) ** 2 + (z / c) ** 2), radius: Math.max(a, b, c) };
    case 'capsule': {
      const h = a, r = b;
      return { g: (x, y, z) => { const e = Math.max(Math.abs(y) - h, 0); return r - Math.sqrt(x * x + z * z + e * e); }, radius: h + r };
    }
    case 'cylinder': return { g: (x, y, z) => Math.min(a - Math.abs(y), b - Math.sqrt(x * x + z * z)), radius: Math.hypot(a, b) };
    case 'cone': {
      const h = a, k = b / (2 * a);
      return { g: (x, y, z) => Math.min(y + h, k * (h - y) - Math.sqrt(x * x + z * z)), radius: Math.hypot(a, b) };
    }
    case 'rounded box': {
      const r = p.radius[i];
      return {
        g: (x, y, z) => {
          const ex = Math.max(Math.abs(x) - a, 0), ey = Math.max(Math.abs(y) - b, 0), ez = Math.max(Math.abs(z) - c, 0);
          return r - Math.sqrt(ex * ex + ey * ey + ez * ez);
        },
        radius: Math.hypot(a, b, c) + r,
      };
    }
    case 'hull': return {
      g: (x, y, z) => {
        let m = Infinity;
        for (const q of planes!) m = Math.min(m, q[3] - (q[0] * x + q[1] * y + q[2] * z));
        return m;
      },
      radius: 1,
    };
    case 'triangle': throw new Error('sweep-oracles: the triangle has its own closed form');
  }
}

/** Outward face planes (unit normal, offset) of the hull template, from its exact triangulation. */
function templatePlanes(template: Float64Array): number[][] {
  const pts: V3[] = [];
  for (let k = 0; k < template.length; k += 3) pts.push([template[k], template[k + 1], template[k + 2]]);
  return hullTopology(pts).tris.map(([i, j, k]) => {
    const a = pts[i], b = pts[j], c = pts[k];
    const n = cross(sub(b, a), sub(c, a)), l = Math.sqrt(dot(n, n));
    const u: V3 = [n[0] / l, n[1] / l, n[2] / l];
    return [u[0], u[1], u[2], dot(u, a)];
  });
}

const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

/** Rᵀ·v for the row-major rotation matrix m: a world vector in the shape's frame. */
function toLocal(m: number[], v: V3): V3 {
  return [m[0] * v[0] + m[3] * v[1] + m[6] * v[2], m[1] * v[0] + m[4] * v[1] + m[7] * v[2], m[2] * v[0] + m[5] * v[1] + m[8] * v[2]];
}

/** The two-sided triangle abc against the ray o + t·d, t ≥ 0 (a ray in the triangle's plane: a miss). */
export function rayTriangleT(o: V3, d: V3, a: V3, b: V3, c: V3): number {
  const n = cross(sub(b, a), sub(c, a));
  const den = dot(n, d);
  if (den === 0) return NaN;
  const t = dot(n, sub(a, o)) / den;
  if (!(t >= 0)) return NaN;
  const q: V3 = [o[0] + t * d[0], o[1] + t * d[1], o[2] + t * d[2]];
  const inside = dot(cross(sub(b, a), sub(q, a)), n) >= 0 && dot(cross(sub(c, b), sub(q, b)), n) >= 0 && dot(cross(sub(a, c), sub(q, c)), n) >= 0;
  return inside ? t : NaN;
}

/** Exact t of every ray of a ray pool (NaN: a miss). */
export function rayTruth(p: RayPool): Float64Array {
  const out = new Float64Array(p.size);
  const planes = p.template ? templatePlanes(p.template) : null;
  for (let i = 0; i < p.size; i++) {
    const m = quatToMatrix(p.quat, 4 * i);
    const o = toLocal(m, [p.origin[3 * i], p.origin[3 * i + 1], p.origin[3 * i + 2]]);
    const d = toLocal(m, [p.dir[3 * i], p.dir[3 * i + 1], p.dir[3 * i + 2]]);
    if (p.shape === 'triangle') {
      const [a, b, c] = triangleVertices(p, i);
      out[i] = rayTriangleT(o, d, a, b, c);
      continue;
    }
    const { g, radius } = shapeFunction(p, i, planes);
    const far = (Math.sqrt(dot(o, o)) + radius) / Math.sqrt(dot(d, d)) + 1;
    out[i] = concaveRayT(g, o, d, far);
  }
  return out;
}

/** Least t ≥ 0 at which segment a0a1 (still) and segment b0b1 moving by t·v cross, or Infinity. */
function segmentsMeet(a0: V3, a1: V3, b0: V3, b1: V3, v: V3): number {
  // a0 + s·ea = b0 + u·eb + t·v  ⇔  s·ea − u·eb − t·v = b0 − a0, by Cramer's rule.
  const ea = sub(a1, a0), eb = sub(b1, b0), r = sub(b0, a0);
  const c1 = ea, c2: V3 = [-eb[0], -eb[1], -eb[2]], c3: V3 = [-v[0], -v[1], -v[2]];
  const det = dot(c1, cross(c2, c3));
  if (det === 0) return Infinity; // parallel: the vertex–face pairs hold the contact
  const s = dot(r, cross(c2, c3)) / det, u = dot(c1, cross(r, c3)) / det, t = dot(c1, cross(c2, r)) / det;
  return s >= 0 && s <= 1 && u >= 0 && u <= 1 && t >= 0 ? t : Infinity;
}

/** Least t ≥ 0 at which polytope B moving by t·v first touches still A (both disjoint at t = 0), or Infinity. */
export function polytopeCastT(A: Polytope, B: Polytope, v: V3): number {
  let best = Infinity;
  const minus: V3 = [-v[0], -v[1], -v[2]];
  for (const p of B.verts) for (const [i, j, k] of A.tris) {
    const t = rayTriangleT(p, v, A.verts[i], A.verts[j], A.verts[k]);
    if (t < best) best = t;
  }
  for (const q of A.verts) for (const [i, j, k] of B.tris) {
    const t = rayTriangleT(q, minus, B.verts[i], B.verts[j], B.verts[k]);
    if (t < best) best = t;
  }
  for (const [a0, a1] of A.segs) for (const [b0, b1] of B.segs) {
    const t = segmentsMeet(A.verts[a0], A.verts[a1], B.verts[b0], B.verts[b1], v);
    if (t < best) best = t;
  }
  return best;
}

const BOX_TOPOLOGY = hullTopology(boxCorners(1, 1, 1));

/** Exact time of impact of every pair of a linear cast pool in [0, 1] (NaN: no contact by time 1). */
export function linearCastTruth(c: CastPool): Float64Array {
  if (c.angular) throw new Error('sweep-oracles: no exact answer for a turning cast');
  const p = c.pool, out = new Float64Array(c.size);
  let hullLocal: V3[] | null = null, hullTopo: ReturnType<typeof hullTopology> | null = null;
  if (p.kind === 'hulls') {
    hullLocal = [];
    for (let k = 0; k < p.template.length; k += 3) hullLocal.push([p.template[k], p.template[k + 1], p.template[k + 2]]);
    hullTopo = hullTopology(hullLocal);
  }
  for (let i = 0; i < c.size; i++) {
    const s: V3 = [c.start[3 * i], c.start[3 * i + 1], c.start[3 * i + 2]];
    const v: V3 = [c.linear[3 * i], c.linear[3 * i + 1], c.linear[3 * i + 2]];
    let t: number;
    if (p.kind === 'sphere-box') {
      const h: V3 = [p.halfA[3 * i], p.halfA[3 * i + 1], p.halfA[3 * i + 2]], r = p.radiusB[i];
      if (sphereBoxSignedDistance(h, p.quatA, 4 * i, s, r) <= 0) t = 0;
      else {
        const m = quatToMatrix(p.quatA, 4 * i);
        const o = toLocal(m, s), d = toLocal(m, v);
        const g: Concave = (x, y, z) => {
          const ex = Math.max(Math.abs(x) - h[0], 0), ey = Math.max(Math.abs(y) - h[1], 0), ez = Math.max(Math.abs(z) - h[2], 0);
          return r - Math.sqrt(ex * ex + ey * ey + ez * ez);
        };
        t = concaveRayT(g, o, d, (Math.sqrt(dot(o, o)) + Math.hypot(...h) + r) / Math.sqrt(dot(d, d)) + 1);
      }
    } else if (p.kind === 'boxes') {
      const hA: V3 = [p.halfA[3 * i], p.halfA[3 * i + 1], p.halfA[3 * i + 2]], hB: V3 = [p.halfB[3 * i], p.halfB[3 * i + 1], p.halfB[3 * i + 2]];
      if (boxBoxSatDepth(hA, p.quatA, 4 * i, [0, 0, 0], hB, p.quatB, 4 * i, s) >= 0) t = 0;
      else {
        const A = placePolytope(boxCorners(...hA), BOX_TOPOLOGY, p.quatA, 4 * i, [0, 0, 0]);
        const B = placePolytope(boxCorners(...hB), BOX_TOPOLOGY, p.quatB, 4 * i, s);
        t = polytopeCastT(A, B, v);
      }
    } else {
      const A = placePolytope(hullLocal!, hullTopo!, p.quatA, 4 * i, [0, 0, 0]);
      const B = placePolytope(hullLocal!, hullTopo!, p.quatB, 4 * i, s);
      t = polytopesOverlap(A, B) ? 0 : polytopeCastT(A, B, v);
    }
    out[i] = t <= 1 ? t : NaN;
  }
  return out;
}
