/**
 * Slow, obviously correct references for `decompose()` (issue 38), independent of src/: brute force over
 * triangles, plain typed arrays, and quickhull3d (a devDependency) for the hulls' faces. The same code scores
 * V-HACD's hulls (bench/decompose-vhacd-baseline.ts, numbers in vhacd-baseline.ts) and ours.
 *
 * Sources, rewritten here from the papers and the book:
 * - winding numbers: the generalized winding number of Jacobson, Kavan & Sorkine-Hornung 2013 (the sum of
 *   the triangles' signed solid angles over 4π), each solid angle by Van Oosterom & Strackee 1983,
 *   tan(Ω/2) = a·(b×c) / (|a||b||c| + (a·b)|c| + (b·c)|a| + (c·a)|b|) with a, b, c the corners relative to p;
 * - the closest point on a triangle: Ericson, Real-Time Collision Detection (2005) §5.1.5, by Voronoi regions
 *   (exact at the vertices and edges, where a projection onto the plane would not be).
 *
 * ## The acceptance measures (issue 38), as {@link evaluateDecomposition} computes them
 *
 * Let M be the mesh, B the box bounding M and every hull (B is M's own box whenever the hulls stay inside it;
 * taking the union makes hull volume beyond M's box count as outside volume instead of going unseen), D the
 * length of M's box's diagonal, and "p inside M" mean w_M(p) ≥ ½ (the winding number). N points are drawn
 * uniformly in B (mulberry32, seeded).
 * - **coverage**: of the N points inside M, the fraction inside some hull (every face plane within
 *   `tolerance`·D). 1 means every sampled interior point is covered.
 * - **outsideVolume**: the volume of (∪ hulls) \ M as a fraction of V(M): (number of the N points inside
 *   some hull and outside M) · V(B) / N / V(M), with its binomial standard error `outsideVolumeError`.
 *   V(M) is the mesh's exact signed volume.
 * - **concavity**: max(a, b) / D, where
 *   (a) `outward`: over samples of the hulls' surfaces (each hull's vertices plus `hullSamples` area-uniform
 *       points on it) that lie outside M, the largest distance to M's surface: how far a hull bulges out of
 *       the solid;
 *   (b) `uncovered`: over samples of M's surface (its vertices plus `meshSamples` area-uniform points), the
 *       largest distance to the union of the hulls: 0 for a sample inside some hull, else the least distance
 *       to any hull's surface: how far the solid's surface is from being covered.
 *   Hull faces inside M (the caps between parts) count for neither, so a decomposition is not charged for
 *   cutting the solid. Both are sampled maxima, so they are lower bounds of the true Hausdorff terms that
 *   grow towards them with the sample counts.
 */
import qh from 'quickhull3d/dist/quickhull3d.js';
import { mulberry32 } from '../random.js';

/** A triangle mesh as plain arrays (meshes.ts's SolidMesh, an OBJ read back, three.js attributes' arrays). */
export interface TriMesh {
  positions: ArrayLike<number>;
  indices: ArrayLike<number>;
}

export type Point3 = ArrayLike<number>;

/** The mesh's triangles as 9 coordinates each (a, b, c), cached per mesh: the loops below read them in order. */
const corners = new WeakMap<TriMesh, Float64Array>();
function triangleCorners(mesh: TriMesh): Float64Array {
  let t = corners.get(mesh);
  if (t) return t;
  const { positions: p, indices: ix } = mesh;
  t = new Float64Array(3 * ix.length);
  for (let i = 0; i < ix.length; i++) {
    t[3 * i] = p[3 * ix[i]];
    t[3 * i + 1] = p[3 * ix[i] + 1];
    t[3 * i + 2] = p[3 * ix[i] + 2];
  }
  corners.set(mesh, t);
  return t;
}

/** Σ over triangles of the signed solid angle (t holds 9 numbers a triangle), from (px, py, pz). */
function solidAngleSum(t: Float64Array, px: number, py: number, pz: number): number {
  let sum = 0;
  for (let i = 0; i < t.length; i += 9) {
    const ax = t[i] - px, ay = t[i + 1] - py, az = t[i + 2] - pz;
    const bx = t[i + 3] - px, by = t[i + 4] - py, bz = t[i + 5] - pz;
    const cx = t[i + 6] - px, cy = t[i + 7] - py, cz = t[i + 8] - pz;
    const la = Math.sqrt(ax * ax + ay * ay + az * az), lb = Math.sqrt(bx * bx + by * by + bz * bz), lc = Math.sqrt(cx * cx + cy * cy + cz * cz);
    const det = ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx);
    const den = la * lb * lc + (ax * bx + ay * by + az * bz) * lc + (bx * cx + by * cy + bz * cz) * la + (cx * ax + cy * ay + cz * az) * lb;
    sum += 2 * Math.atan2(det, den);
  }
  return sum;
}

/**
 * The generalized winding number of the mesh about p: Σ Ω_t(p) / 4π. For a closed, outward-oriented 2-cycle
 * it is 1 inside, 0 outside (an integer off the surface, exact to rounding); for soups it is the fraction of
 * the surface that wraps p. Undefined on the surface itself. O(triangles).
 */
export function windingNumber(mesh: TriMesh, p: Point3): number {
  return solidAngleSum(triangleCorners(mesh), p[0], p[1], p[2]) / (4 * Math.PI);
}

/** The signed volume Σ a·(b×c)/6, taken about the first vertex to keep the terms' sizes down. */
export function meshVolume(mesh: TriMesh): number {
  const t = triangleCorners(mesh);
  if (t.length === 0) return 0;
  const ox = t[0], oy = t[1], oz = t[2];
  let v = 0;
  for (let i = 0; i < t.length; i += 9) {
    const ax = t[i] - ox, ay = t[i + 1] - oy, az = t[i + 2] - oz;
    const bx = t[i + 3] - ox, by = t[i + 4] - oy, bz = t[i + 5] - oz;
    const cx = t[i + 6] - ox, cy = t[i + 7] - oy, cz = t[i + 8] - oz;
    v += ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx);
  }
  return v / 6;
}

/**
 * Writes into `out` the point of triangle (t[i..i+2], t[i+3..i+5], t[i+6..i+8]) closest to p and returns the
 * squared distance. Ericson §5.1.5, in the book's order: p's region among the Voronoi regions of the three
 * vertices, three edges and the face decides, from the dot products d1…d6 and the (unnormalised) barycentric
 * coordinates va, vb, vc of p's projection. A triangle of zero area has an empty face region; if p still
 * reaches it (va + vb + vc = 0), the answer is the nearest of its three edges.
 */
function closestOnTriangle(out: Float64Array, t: ArrayLike<number>, i: number, px: number, py: number, pz: number): number {
  const ax = t[i], ay = t[i + 1], az = t[i + 2], bx = t[i + 3], by = t[i + 4], bz = t[i + 5], cx = t[i + 6], cy = t[i + 7], cz = t[i + 8];
  const abx = bx - ax, aby = by - ay, abz = bz - az, acx = cx - ax, acy = cy - ay, acz = cz - az;
  let qx: number, qy: number, qz: number;
  const d1 = abx * (px - ax) + aby * (py - ay) + abz * (pz - az), d2 = acx * (px - ax) + acy * (py - ay) + acz * (pz - az);
  const d3 = abx * (px - bx) + aby * (py - by) + abz * (pz - bz), d4 = acx * (px - bx) + acy * (py - by) + acz * (pz - bz);
  const d5 = abx * (px - cx) + aby * (py - cy) + abz * (pz - cz), d6 = acx * (px - cx) + acy * (py - cy) + acz * (pz - cz);
  const vc = d1 * d4 - d3 * d2, vb = d5 * d2 - d1 * d6, va = d3 * d6 - d5 * d4;
  if (d1 <= 0 && d2 <= 0) {
    qx = ax; qy = ay; qz = az; // vertex a
  } else if (d3 >= 0 && d4 <= d3) {
    qx = bx; qy = by; qz = bz; // vertex b
  } else if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    const v = d1 / (d1 - d3); // edge ab
    qx = ax + v * abx; qy = ay + v * aby; qz = az + v * abz;
  } else if (d6 >= 0 && d5 <= d6) {
    qx = cx; qy = cy; qz = cz; // vertex c
  } else if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    const w = d2 / (d2 - d6); // edge ac
    qx = ax + w * acx; qy = ay + w * acy; qz = az + w * acz;
  } else if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    const w = (d4 - d3) / (d4 - d3 + (d5 - d6)); // edge bc
    qx = bx + w * (cx - bx); qy = by + w * (cy - by); qz = bz + w * (cz - bz);
  } else if (va + vb + vc > 0) {
    const denom = 1 / (va + vb + vc), v = vb * denom, w = vc * denom; // the face
    qx = ax + abx * v + acx * w; qy = ay + aby * v + acy * w; qz = az + abz * v + acz * w;
  } else {
    return nearestOfEdges(out, ax, ay, az, bx, by, bz, cx, cy, cz, px, py, pz);
  }
  out[0] = qx; out[1] = qy; out[2] = qz;
  return (px - qx) * (px - qx) + (py - qy) * (py - qy) + (pz - qz) * (pz - qz);
}

/** The nearest point to p on the segments ab, bc and ca (a degenerate triangle's fallback); returns its squared distance. */
function nearestOfEdges(out: Float64Array, ax: number, ay: number, az: number, bx: number, by: number, bz: number, cx: number, cy: number, cz: number, px: number, py: number, pz: number): number {
  const ends = [ax, ay, az, bx, by, bz, cx, cy, cz, ax, ay, az];
  let best = Infinity;
  for (let e = 0; e < 9; e += 3) {
    const sx = ends[e], sy = ends[e + 1], sz = ends[e + 2], dx = ends[e + 3] - sx, dy = ends[e + 4] - sy, dz = ends[e + 5] - sz;
    const len = dx * dx + dy * dy + dz * dz;
    const s = len > 0 ? Math.min(1, Math.max(0, ((px - sx) * dx + (py - sy) * dy + (pz - sz) * dz) / len)) : 0;
    const qx = sx + s * dx, qy = sy + s * dy, qz = sz + s * dz;
    const d = (px - qx) * (px - qx) + (py - qy) * (py - qy) + (pz - qz) * (pz - qz);
    if (d < best) { best = d; out[0] = qx; out[1] = qy; out[2] = qz; }
  }
  return best;
}

/** The closest point of triangle (a, b, c) to p (Ericson §5.1.5), for the tests. */
export function closestPointOnTriangle(p: Point3, a: Point3, b: Point3, c: Point3): [number, number, number] {
  const out = new Float64Array(3);
  closestOnTriangle(out, [a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2]], 0, p[0], p[1], p[2]);
  return [out[0], out[1], out[2]];
}

const _q = new Float64Array(3);
/** The least squared distance from p to the triangles in t (9 numbers each). */
function leastDistanceSq(t: Float64Array, px: number, py: number, pz: number): number {
  let best = Infinity;
  for (let i = 0; i < t.length; i += 9) {
    const d = closestOnTriangle(_q, t, i, px, py, pz);
    if (d < best) best = d;
  }
  return best;
}

/** The distance from p to the mesh's surface (unsigned; brute force over its triangles). */
export function pointMeshDistance(mesh: TriMesh, p: Point3): number {
  return Math.sqrt(leastDistanceSq(triangleCorners(mesh), p[0], p[1], p[2]));
}

// ---------------------------------------------------------------------------------------------------
// Hulls

/** A convex hull of a point set: its boundary triangles, its face planes and its box. */
export interface OracleHull {
  /** Boundary triangles, 9 coordinates each (quickhull3d's triangulation). */
  triangles: Float64Array;
  /** Face planes, 4 numbers each: a unit outward normal n and d, so that inside means n·x ≤ d. */
  planes: Float64Array;
  min: [number, number, number];
  max: [number, number, number];
  /** The hull's volume (from its triangles about their vertex centroid). */
  volume: number;
  /** Its input points (every one a candidate vertex). */
  points: number[][];
}

/**
 * The hull of `points` from quickhull3d's triangulated faces. Normals are recomputed from each triangle and
 * turned away from the points' centroid, so nothing rests on quickhull3d's winding. A triangle whose plane
 * some input point violates by more than 1e-9 of the hull's size (a sliver whose cross product is mostly
 * rounding) gives no plane: its neighbours' planes still bound the hull, and a missing plane can only make
 * containment more permissive by a sliver's width. A hull of fewer than 4 non-coplanar points has volume 0
 * and no planes: it contains nothing.
 */
export function buildOracleHull(points: number[][]): OracleHull {
  const min: [number, number, number] = [Infinity, Infinity, Infinity], max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  const centroid = [0, 0, 0];
  for (const p of points) {
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k], p[k]);
      max[k] = Math.max(max[k], p[k]);
      centroid[k] += p[k] / points.length;
    }
  }
  const size = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
  let faces: number[][] = [];
  try {
    faces = points.length >= 4 ? qh(points) : [];
  } catch {
    faces = [];
  }
  const triangles = new Float64Array(9 * faces.length);
  const planes: number[] = [];
  let volume = 0;
  faces.forEach((f, i) => {
    const a = points[f[0]], b = points[f[1]], c = points[f[2]];
    triangles.set([a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2]], 9 * i);
    const ux = b[0] - a[0], uy = b[1] - a[1], uz = b[2] - a[2], vx = c[0] - a[0], vy = c[1] - a[1], vz = c[2] - a[2];
    let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const l = Math.hypot(nx, ny, nz);
    if (!(l > 0)) return;
    nx /= l; ny /= l; nz /= l;
    let d = nx * a[0] + ny * a[1] + nz * a[2];
    if (nx * centroid[0] + ny * centroid[1] + nz * centroid[2] > d) {
      nx = -nx; ny = -ny; nz = -nz; d = -d;
    }
    // Signed volume of the tetrahedron (centroid, a, b, c), taken positive: the triangles tile the boundary once.
    volume += Math.abs((a[0] - centroid[0]) * (uy * vz - uz * vy) + (a[1] - centroid[1]) * (uz * vx - ux * vz) + (a[2] - centroid[2]) * (ux * vy - uy * vx)) / 6;
    let worst = -Infinity;
    for (const p of points) worst = Math.max(worst, nx * p[0] + ny * p[1] + nz * p[2] - d);
    if (worst <= 1e-9 * size) planes.push(nx, ny, nz, d);
  });
  if (!(volume > 1e-12 * size * size * size)) return { triangles, planes: new Float64Array(0), min, max, volume: 0, points };
  return { triangles, planes: Float64Array.from(planes), min, max, volume, points };
}

/** Whether p lies in the hull within `tol` (a length) of every face plane. */
function insideHull(h: OracleHull, px: number, py: number, pz: number, tol: number): boolean {
  if (h.planes.length === 0) return false;
  if (px < h.min[0] - tol || py < h.min[1] - tol || pz < h.min[2] - tol || px > h.max[0] + tol || py > h.max[1] + tol || pz > h.max[2] + tol) return false;
  const pl = h.planes;
  for (let i = 0; i < pl.length; i += 4) if (pl[i] * px + pl[i + 1] * py + pl[i + 2] * pz - pl[i + 3] > tol) return false;
  return true;
}

/** Whether p lies in the convex hull of `hullPoints`, within `tol` (a length) of each of its face planes. */
export function hullContains(hullPoints: number[][] | OracleHull, p: Point3, tol = 0): boolean {
  const h = Array.isArray(hullPoints) ? buildOracleHull(hullPoints) : hullPoints;
  return insideHull(h, p[0], p[1], p[2], tol);
}

// ---------------------------------------------------------------------------------------------------
// Sampling

/** `count` area-uniform points on the triangles t (9 numbers each), appended to `out` as x, y, z. */
function sampleTriangles(t: Float64Array, count: number, rnd: () => number, out: number[]): void {
  const n = t.length / 9;
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const j = 9 * i;
    const ux = t[j + 3] - t[j], uy = t[j + 4] - t[j + 1], uz = t[j + 5] - t[j + 2];
    const vx = t[j + 6] - t[j], vy = t[j + 7] - t[j + 1], vz = t[j + 8] - t[j + 2];
    total += 0.5 * Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
    cumulative[i] = total;
  }
  if (!(total > 0)) return;
  for (let s = 0; s < count; s++) {
    const target = rnd() * total;
    let lo = 0, hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] > target) hi = mid;
      else lo = mid + 1;
    }
    // Uniform in a triangle: a + u·ab + v·ac with (u, v) folded back into the lower half of the unit square.
    let u = rnd(), v = rnd();
    if (u + v > 1) { u = 1 - u; v = 1 - v; }
    const j = 9 * lo;
    for (let k = 0; k < 3; k++) out.push(t[j + k] + u * (t[j + 3 + k] - t[j + k]) + v * (t[j + 6 + k] - t[j + k]));
  }
}

// ---------------------------------------------------------------------------------------------------
// The acceptance measures

export interface EvaluateOptions {
  /** The seed of every draw (mulberry32; each stage its own stream). Default 1. */
  seed?: number;
  /** N, the points drawn in the box for coverage and outside volume. Default 20,000. */
  volumePoints?: number;
  /** Area-uniform samples of the mesh's surface for the uncovered term, besides its vertices. Default 2,000. */
  meshSamples?: number;
  /** Area-uniform samples of each hull's surface for the outward term, besides its vertices. Default 200. */
  hullSamples?: number;
  /** How far outside a hull's face plane a point still counts as inside it, as a fraction of D. Default 1e-9. */
  tolerance?: number;
}

export interface DecompositionScore {
  /** The number of hulls. */
  parts: number;
  /** Fraction of the sampled points inside the mesh that lie inside some hull. */
  coverage: number;
  /** Binomial standard error of `coverage`. */
  coverageError: number;
  /** Volume of (∪ hulls) \ mesh as a fraction of the mesh's volume (Monte Carlo). */
  outsideVolume: number;
  /** Its standard error. */
  outsideVolumeError: number;
  /** max(outward, uncovered): a fraction of the mesh's box diagonal. */
  concavity: number;
  /** (a): the largest distance from a hull-surface sample outside the mesh to the mesh, over D. */
  outward: number;
  /** (b): the largest distance from a mesh-surface sample to the union of the hulls, over D. */
  uncovered: number;
  /** How many of the N points fell inside the mesh (the coverage's denominator). */
  insidePoints: number;
  /** The mesh's exact volume, and the sum of the hulls' volumes (overlaps counted twice). */
  meshVolume: number;
  hullVolume: number;
  /** D, the mesh's box diagonal. */
  diagonal: number;
}

/** Scores a decomposition of `mesh` into `hulls` (each hull a list of points) by the measures in this file's header. */
export function evaluateDecomposition(mesh: TriMesh, hulls: number[][][], options: EvaluateOptions = {}): DecompositionScore {
  const seed = options.seed ?? 1, volumePoints = options.volumePoints ?? 20_000;
  const meshSamples = options.meshSamples ?? 2_000, hullSamples = options.hullSamples ?? 200;
  const t = triangleCorners(mesh);
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < t.length; i++) {
    lo[i % 3] = Math.min(lo[i % 3], t[i]);
    hi[i % 3] = Math.max(hi[i % 3], t[i]);
  }
  const diagonal = Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
  const tol = (options.tolerance ?? 1e-9) * diagonal;
  const built = hulls.map(buildOracleHull);
  const blo = lo.slice(), bhi = hi.slice();
  for (const h of built) for (let k = 0; k < 3; k++) { blo[k] = Math.min(blo[k], h.min[k]); bhi[k] = Math.max(bhi[k], h.max[k]); }
  const meshVol = meshVolume(mesh);
  const inAnyHull = (x: number, y: number, z: number): boolean => built.some((h) => insideHull(h, x, y, z, tol));

  // Coverage and outside volume: one set of N points uniform in the box B.
  const rv = mulberry32(seed);
  let inside = 0, covered = 0, outside = 0;
  for (let s = 0; s < volumePoints; s++) {
    const x = blo[0] + rv() * (bhi[0] - blo[0]), y = blo[1] + rv() * (bhi[1] - blo[1]), z = blo[2] + rv() * (bhi[2] - blo[2]);
    const inMesh = solidAngleSum(t, x, y, z) >= 2 * Math.PI; // w ≥ ½
    const inHull = inAnyHull(x, y, z);
    if (inMesh) {
      inside++;
      if (inHull) covered++;
    } else if (inHull) outside++;
  }
  const boxVolume = (bhi[0] - blo[0]) * (bhi[1] - blo[1]) * (bhi[2] - blo[2]);
  const coverage = inside > 0 ? covered / inside : 0;
  const pOut = outside / volumePoints, scale = boxVolume / meshVol;

  // (a) outward: hull-surface samples outside the mesh, to the mesh's surface.
  const rh = mulberry32(seed + 1);
  let outward = 0;
  for (const h of built) {
    const samples: number[] = [];
    for (const p of h.points) samples.push(p[0], p[1], p[2]);
    sampleTriangles(h.triangles, hullSamples, rh, samples);
    for (let s = 0; s < samples.length; s += 3) {
      const x = samples[s], y = samples[s + 1], z = samples[s + 2];
      if (solidAngleSum(t, x, y, z) >= 2 * Math.PI) continue;
      outward = Math.max(outward, Math.sqrt(leastDistanceSq(t, x, y, z)));
    }
  }

  // (b) uncovered: mesh-surface samples, to the nearest hull (0 inside one).
  const rm = mulberry32(seed + 2);
  const samples: number[] = Array.from(mesh.positions);
  sampleTriangles(t, meshSamples, rm, samples);
  let uncovered = 0;
  for (let s = 0; s < samples.length; s += 3) {
    const x = samples[s], y = samples[s + 1], z = samples[s + 2];
    if (inAnyHull(x, y, z)) continue;
    let best = Infinity;
    for (const h of built) best = Math.min(best, leastDistanceSq(h.triangles, x, y, z));
    if (best < Infinity) uncovered = Math.max(uncovered, Math.sqrt(best));
  }

  return {
    parts: hulls.length,
    coverage,
    coverageError: inside > 0 ? Math.sqrt((coverage * (1 - coverage)) / inside) : 0,
    outsideVolume: pOut * scale,
    outsideVolumeError: scale * Math.sqrt((pOut * (1 - pOut)) / volumePoints),
    concavity: Math.max(outward, uncovered) / diagonal,
    outward: outward / diagonal,
    uncovered: uncovered / diagonal,
    insidePoints: inside,
    meshVolume: meshVol,
    hullVolume: built.reduce((v, h) => v + h.volume, 0),
    diagonal,
  };
}
