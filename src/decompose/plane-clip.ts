/**
 * Cutting a closed part by a plane into two closed parts (decompose/, the plan in docs/decompose.md): the
 * side below the plane (n·x ≤ d) and the side above, each closed by a cap in the plane.
 *
 * Watertight by construction, as CoACD's clip is not (Wei et al. 2022 cut per triangle and merged the new
 * points within 1e-4): each vertex is classified once (within a tolerance of the plane it is on it, so no
 * crossing lies nearer a vertex than that), and each edge that crosses gets one point, computed once from
 * the edge's lower-numbered end, which both its triangles share. A triangle lying in the plane goes to the
 * side its outward normal leaves from. The caps come from the open boundary of the side below (cap-loops.ts):
 * the surface is closed, so that boundary lies in the plane and the side above's is its reverse.
 */
import { hypot3 } from '../math/exact-math.js';
import { capLoops } from './cap-loops.js';
import { CLIP_PLANE_TOLERANCE } from '../tolerance.js';
import { PartMesh } from './part-mesh.js';


const _box = /* @__PURE__ */ new Float64Array(6);

/**
 * Cuts `part` by the plane n·x = d (n need not be unit) into `below` and `above` (cleared first). Returns
 * false when a cap cannot be triangulated (loops that cross: the caller tries another plane); either side
 * may then hold anything. A side the plane misses is empty.
 */
export function clipByPlane(part: PartMesh, nx: number, ny: number, nz: number, d: number, below: PartMesh, above: PartMesh): boolean {
  below.count = below.triangles = 0; above.count = above.triangles = 0;
  const n = part.count, p = part.positions, t = part.indices;
  const b = part.bounds(_box);
  const size = hypot3(b[3] - b[0], b[4] - b[1], b[5] - b[2]) * hypot3(nx, ny, nz);
  const tol = CLIP_PLANE_TOLERANCE * size;
  // Each vertex's side: its offset s = n·p − d, 0 within the tolerance.
  const s = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = nx * p[3 * i] + ny * p[3 * i + 1] + nz * p[3 * i + 2] - d;
    s[i] = Math.abs(v) <= tol ? 0 : v;
  }
  // Each vertex's index on each side (−1 until used), and each crossing edge's point on both sides.
  const onBelow = new Int32Array(n).fill(-1), onAbove = new Int32Array(n).fill(-1);
  const crossing = new Map<number, number>();
  /** For a vertex of `below` in the plane, its index in `above` (the cap's vertices are on both). */
  let aboveOf = new Int32Array(64).fill(-1);
  const pairUp = (bi: number, ai: number): void => {
    if (bi >= aboveOf.length) { const g = new Int32Array(2 * bi + 2).fill(-1); g.set(aboveOf); aboveOf = g; }
    aboveOf[bi] = ai;
  };
  const vertexBelow = (i: number): number => {
    if (onBelow[i] < 0) {
      onBelow[i] = below.addVertex(p[3 * i], p[3 * i + 1], p[3 * i + 2]);
      if (s[i] === 0) pairUp(onBelow[i], vertexAbove(i));
    }
    return onBelow[i];
  };
  const vertexAbove = (i: number): number => {
    if (onAbove[i] < 0) onAbove[i] = above.addVertex(p[3 * i], p[3 * i + 1], p[3 * i + 2]);
    return onAbove[i];
  };
  /** The crossing of edge i–j (strictly opposite sides): its index below; above is aboveOf of it. */
  const edgePoint = (i: number, j: number): number => {
    const lo = i < j ? i : j, hi = i < j ? j : i, key = lo * n + hi;
    let k = crossing.get(key);
    if (k === undefined) {
      const f = s[lo] / (s[lo] - s[hi]);
      const x = p[3 * lo] + (p[3 * hi] - p[3 * lo]) * f, y = p[3 * lo + 1] + (p[3 * hi + 1] - p[3 * lo + 1]) * f, z = p[3 * lo + 2] + (p[3 * hi + 2] - p[3 * lo + 2]) * f;
      k = below.addVertex(x, y, z);
      pairUp(k, above.addVertex(x, y, z));
      crossing.set(key, k);
    }
    return k;
  };
  const polyB: number[] = [], polyA: number[] = [];
  for (let k = 0; k < part.triangles; k++) {
    const i0 = t[3 * k], i1 = t[3 * k + 1], i2 = t[3 * k + 2], cap = part.cap[k];
    const s0 = s[i0], s1 = s[i1], s2 = s[i2];
    if (s0 <= 0 && s1 <= 0 && s2 <= 0 && !(s0 === 0 && s1 === 0 && s2 === 0)) { below.addTriangle(vertexBelow(i0), vertexBelow(i1), vertexBelow(i2), cap); continue; }
    if (s0 >= 0 && s1 >= 0 && s2 >= 0 && !(s0 === 0 && s1 === 0 && s2 === 0)) { above.addTriangle(vertexAbove(i0), vertexAbove(i1), vertexAbove(i2), cap); continue; }
    if (s0 === 0 && s1 === 0 && s2 === 0) {
      // In the plane: the side its outward normal leaves from (below when it faces along n).
      const o0 = 3 * i0, o1 = 3 * i1, o2 = 3 * i2;
      const ux = p[o1] - p[o0], uy = p[o1 + 1] - p[o0 + 1], uz = p[o1 + 2] - p[o0 + 2];
      const vx = p[o2] - p[o0], vy = p[o2 + 1] - p[o0 + 1], vz = p[o2 + 2] - p[o0 + 2];
      const facing = nx * (uy * vz - uz * vy) + ny * (uz * vx - ux * vz) + nz * (ux * vy - uy * vx);
      if (facing > 0) below.addTriangle(vertexBelow(i0), vertexBelow(i1), vertexBelow(i2), cap);
      else above.addTriangle(vertexAbove(i0), vertexAbove(i1), vertexAbove(i2), cap);
      continue;
    }
    // Across the plane: each side's part of the triangle (a triangle or a convex quadrilateral), as a fan.
    polyB.length = 0; polyA.length = 0;
    const ids = [i0, i1, i2];
    for (let e = 0; e < 3; e++) {
      const i = ids[e], j = ids[(e + 1) % 3], si = s[i], sj = s[j];
      if (si <= 0) polyB.push(vertexBelow(i));
      if (si >= 0) polyA.push(vertexAbove(i));
      if ((si < 0 && sj > 0) || (si > 0 && sj < 0)) { const q = edgePoint(i, j); polyB.push(q); polyA.push(aboveOf[q]); }
    }
    for (let m = 1; m + 1 < polyB.length; m++) below.addTriangle(polyB[0], polyB[m], polyB[m + 1], cap);
    for (let m = 1; m + 1 < polyA.length; m++) above.addTriangle(polyA[0], polyA[m], polyA[m + 1], cap);
  }
  if (below.triangles === 0 || above.triangles === 0) return true;
  return capLoops(below, above, aboveOf, nx, ny, nz);
}
