/**
 * How far a point lies outside the input solid (decompose/): the distance to its surface when the point is
 * outside it, 0 when inside. This is the outward half of the concavity a decomposition bounds (CoACD's H_b,
 * Wei et al. 2022, §4; the acceptance's "outward" measure): a hull's points outside the solid, to the
 * solid, through one hierarchy of the input's triangles built once and shared by every part.
 *
 * - Nearest triangle by the static BVH (bvh/static-bvh.ts), the closest point on a triangle and its feature
 *   (face, edge or corner) by Ericson's region tests (Real-Time Collision Detection, §5.1.5).
 * - Inside or outside from the closest feature's angle-weighted pseudonormal (Bærentzen & Aanæs 2005,
 *   "Signed distance computation using the angle weighted pseudonormal"): for a closed, embedded 2-manifold
 *   the sign of (p − c)·n at the closest point c is the side p lies on. Where the feature is a non-manifold
 *   edge or corner (more than two triangles at an edge: boxes sharing a face), the exact winding number
 *   decides instead (shells.ts): slow, and rare.
 * - A max-min: the caller asks whether a point is farther out than its worst so far, and the search ends at
 *   the first triangle within that (`atLeast`): most samples of a hull lie on or near the surface and end at
 *   the first leaf.
 * Triangles of zero area are left out (their edges are their neighbours').
 */
import { BvhNearest, nearestBvh } from '../bvh/bvh-traversal.js';
import { buildBvh, type StaticBvh } from '../bvh/static-bvh.js';
import { atan2, hypot3 } from '../math/exact-math.js';
import type { PartMesh } from './part-mesh.js';
import { windingNumber } from './shells.js';

/** Where the closest point of a triangle lies: its face, a corner (a, b, c) or an edge (ab, bc, ca). */
const FACE = 0, CORNER_A = 1, CORNER_B = 2, CORNER_C = 3, EDGE_AB = 4, EDGE_BC = 5, EDGE_CA = 6;

/** The input solid's triangles in a hierarchy, with the pseudonormals that sign a distance. */
export class SolidDistance {
  private readonly bvh: StaticBvh;
  private readonly p: Float64Array;
  private readonly t: Int32Array;
  /** Unit face normals, 3 a triangle. */
  private readonly faceNormal: Float64Array;
  /** Edge pseudonormals (the sum of its two faces' unit normals), 9 a triangle: its edges ab, bc, ca. */
  private readonly edgeNormal: Float64Array;
  /** Angle-weighted vertex pseudonormals, 3 a vertex. */
  private readonly vertexNormal: Float64Array;
  /** 1 where a triangle's edge (bits 0–2) or corner (bits 3–5) is not manifold: the winding number decides. */
  private readonly irregular: Uint8Array;
  private readonly query = new Float64Array(6);
  private readonly near = new BvhNearest();
  /** The search's state: the triangle and feature of the best so far, and the early-exit bound. */
  private bestTriangle = -1;
  private bestFeature = FACE;
  private bestX = 0;
  private bestY = 0;
  private bestZ = 0;
  private atLeast = 0;

  constructor(private readonly solid: PartMesh) {
    const p = solid.positions, t = solid.indices, T = solid.triangles, N = solid.count;
    this.p = p; this.t = t;
    const faceNormal = new Float64Array(3 * T), vertexNormal = new Float64Array(3 * N), edgeNormal = new Float64Array(9 * T);
    const irregular = new Uint8Array(T), boxes = new Float64Array(6 * T), kept: number[] = [];
    const edges = new Map<number, number[]>();
    for (let k = 0; k < T; k++) {
      const a = 3 * t[3 * k], b = 3 * t[3 * k + 1], c = 3 * t[3 * k + 2];
      const ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2], vx = p[c] - p[a], vy = p[c + 1] - p[a + 1], vz = p[c + 2] - p[a + 2];
      const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx, len = hypot3(nx, ny, nz);
      if (!(len > 0)) continue;
      faceNormal[3 * k] = nx / len; faceNormal[3 * k + 1] = ny / len; faceNormal[3 * k + 2] = nz / len;
      kept.push(k);
      for (let e = 0; e < 3; e++) {
        const i = t[3 * k + e], j = t[3 * k + (e + 1) % 3], key = Math.min(i, j) * N + Math.max(i, j);
        let list = edges.get(key);
        if (list === undefined) { list = []; edges.set(key, list); }
        list.push(3 * k + e);
        // The corner's angle weights its face's normal in the vertex's pseudonormal.
        const o = 3 * t[3 * k + e], q = 3 * t[3 * k + (e + 1) % 3], r = 3 * t[3 * k + (e + 2) % 3];
        const angle = angleAt(p, o, q, r);
        vertexNormal[o] += angle * faceNormal[3 * k]; vertexNormal[o + 1] += angle * faceNormal[3 * k + 1]; vertexNormal[o + 2] += angle * faceNormal[3 * k + 2];
      }
      for (let a3 = 0; a3 < 3; a3++) {
        const lo = Math.min(p[a + a3], p[b + a3], p[c + a3]), hi = Math.max(p[a + a3], p[b + a3], p[c + a3]);
        boxes[6 * k + a3] = lo; boxes[6 * k + 3 + a3] = hi;
      }
    }
    // An edge of two kept triangles is manifold: its pseudonormal is their normals' sum. Otherwise both its
    // ends are marked too (their angle-weighted normals mix sheets).
    const badVertex = new Uint8Array(N);
    for (const list of edges.values()) {
      const manifold = list.length === 2;
      for (const slot of list) {
        const k = (slot / 3) | 0, e = slot - 3 * k;
        if (!manifold) {
          irregular[k] |= 1 << e;
          badVertex[t[3 * k + e]] = 1; badVertex[t[3 * k + (e + 1) % 3]] = 1;
          continue;
        }
        const other = list[0] === slot ? list[1] : list[0], m = (other / 3) | 0;
        for (let a3 = 0; a3 < 3; a3++) edgeNormal[9 * k + 3 * e + a3] = faceNormal[3 * k + a3] + faceNormal[3 * m + a3];
      }
    }
    for (const k of kept) for (let e = 0; e < 3; e++) if (badVertex[t[3 * k + e]] === 1) irregular[k] |= 8 << e;
    // The hierarchy over the kept triangles (a left-out one keeps an empty box far from any query).
    const keptBoxes = new Float64Array(6 * kept.length);
    kept.forEach((k, i) => keptBoxes.set(boxes.subarray(6 * k, 6 * k + 6), 6 * i));
    this.keptTriangles = Int32Array.from(kept);
    this.bvh = buildBvh(keptBoxes, kept.length, 'decompose.mesh');
    this.faceNormal = faceNormal; this.edgeNormal = edgeNormal; this.vertexNormal = vertexNormal; this.irregular = irregular;
    this.near.stopAtZero = true;
  }

  /** The BVH's items are indices into this list of triangles. */
  private readonly keptTriangles: Int32Array;

  /**
   * The distance from (x, y, z) to the solid when the point lies outside it farther than `atLeast`; else a
   * number no more than `atLeast` (0 inside).
   */
  outsideDistance(x: number, y: number, z: number, atLeast: number): number {
    const q = this.query;
    q[0] = q[3] = x; q[1] = q[4] = y; q[2] = q[5] = z;
    this.bestTriangle = -1;
    this.atLeast = atLeast;
    const out = this.near;
    out.distance = Infinity;
    nearestBvh(this.bvh, q, visitTriangle, this, out);
    if (this.bestTriangle < 0 || out.distance <= 0) return 0;
    const d = out.distance;
    return this.outside(x, y, z) ? d : 0;
  }

  /** Whether (x, y, z) is outside, read at the closest feature found. */
  private outside(x: number, y: number, z: number): boolean {
    const k = this.bestTriangle, f = this.bestFeature, t = this.t;
    const dx = x - this.bestX, dy = y - this.bestY, dz = z - this.bestZ;
    let n: Float64Array, o: number;
    if (f === FACE) { n = this.faceNormal; o = 3 * k; } else if (f >= EDGE_AB) {
      const e = f - EDGE_AB;
      if ((this.irregular[k] & (1 << e)) !== 0) return windingNumber(this.solid, x, y, z) < 0.5;
      n = this.edgeNormal; o = 9 * k + 3 * e;
    } else {
      const e = f - CORNER_A;
      if ((this.irregular[k] & (8 << e)) !== 0) return windingNumber(this.solid, x, y, z) < 0.5;
      n = this.vertexNormal; o = 3 * t[3 * k + e];
    }
    return dx * n[o] + dy * n[o + 1] + dz * n[o + 2] > 0;
  }

  /** @internal The visit of one triangle (an item of the hierarchy). */
  visit(item: number): void {
    const k = this.keptTriangles[item], t = this.t;
    const d = closestOnTriangle(this.p, 3 * t[3 * k], 3 * t[3 * k + 1], 3 * t[3 * k + 2], this.query[0], this.query[1], this.query[2]);
    const out = this.near;
    if (d < out.distance || (d === out.distance && k < this.bestTriangle)) {
      out.distance = d; out.item = item;
      this.bestTriangle = k; this.bestFeature = _closest.feature;
      this.bestX = _closest.x; this.bestY = _closest.y; this.bestZ = _closest.z;
      // Within the caller's bound: the answer is "not farther out than that" whatever the side (the search ends).
      if (d <= this.atLeast) out.distance = 0;
    }
  }
}

function visitTriangle(item: number, s: SolidDistance): void {
  s.visit(item);
}

/** The angle at corner o of triangle o q r. */
function angleAt(p: Float64Array, o: number, q: number, r: number): number {
  const ux = p[q] - p[o], uy = p[q + 1] - p[o + 1], uz = p[q + 2] - p[o + 2], vx = p[r] - p[o], vy = p[r + 1] - p[o + 1], vz = p[r + 2] - p[o + 2];
  const cross = hypot3(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx), dot = ux * vx + uy * vy + uz * vz;
  return atan2(cross, dot);
}

/** The closest point of the last {@link closestOnTriangle} and its feature. */
const _closest = { x: 0, y: 0, z: 0, feature: FACE };

/**
 * The distance from (x, y, z) to triangle a b c (offsets into p), its closest point and feature into
 * `_closest`: Ericson's Voronoi-region tests (§5.1.5), barycentric coordinates read only in the face's region.
 */
export function closestOnTriangle(p: Float64Array, a: number, b: number, c: number, x: number, y: number, z: number): number {
  const ax = p[a], ay = p[a + 1], az = p[a + 2];
  const abx = p[b] - ax, aby = p[b + 1] - ay, abz = p[b + 2] - az, acx = p[c] - ax, acy = p[c + 1] - ay, acz = p[c + 2] - az;
  const apx = x - ax, apy = y - ay, apz = z - az;
  const d1 = abx * apx + aby * apy + abz * apz, d2 = acx * apx + acy * apy + acz * apz;
  if (d1 <= 0 && d2 <= 0) return at(ax, ay, az, CORNER_A, x, y, z);
  const bpx = x - p[b], bpy = y - p[b + 1], bpz = z - p[b + 2];
  const d3 = abx * bpx + aby * bpy + abz * bpz, d4 = acx * bpx + acy * bpy + acz * bpz;
  if (d3 >= 0 && d4 <= d3) return at(p[b], p[b + 1], p[b + 2], CORNER_B, x, y, z);
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    const v = d1 / (d1 - d3);
    return at(ax + v * abx, ay + v * aby, az + v * abz, EDGE_AB, x, y, z);
  }
  const cpx = x - p[c], cpy = y - p[c + 1], cpz = z - p[c + 2];
  const d5 = abx * cpx + aby * cpy + abz * cpz, d6 = acx * cpx + acy * cpy + acz * cpz;
  if (d6 >= 0 && d5 <= d6) return at(p[c], p[c + 1], p[c + 2], CORNER_C, x, y, z);
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    const w = d2 / (d2 - d6);
    return at(ax + w * acx, ay + w * acy, az + w * acz, EDGE_CA, x, y, z);
  }
  const va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    const w = (d4 - d3) / (d4 - d3 + (d5 - d6));
    return at(p[b] + w * (p[c] - p[b]), p[b + 1] + w * (p[c + 1] - p[b + 1]), p[b + 2] + w * (p[c + 2] - p[b + 2]), EDGE_BC, x, y, z);
  }
  const denom = 1 / (va + vb + vc), v = vb * denom, w = vc * denom;
  return at(ax + abx * v + acx * w, ay + aby * v + acy * w, az + abz * v + acz * w, FACE, x, y, z);
}

function at(cx: number, cy: number, cz: number, feature: number, x: number, y: number, z: number): number {
  _closest.x = cx; _closest.y = cy; _closest.z = cz; _closest.feature = feature;
  return hypot3(x - cx, y - cy, z - cz);
}
