import { EPA_MAX_FACES, EPA_MAX_ITERATIONS, NARROW_CORNER } from '../../tolerance.js';

/** Vertices the polytope can hold: the initial tetrahedron plus one per iteration, with room to spare. */
export const EPA_MAX_VERTICES = EPA_MAX_ITERATIONS + 8;

/**
 * EPA's polytope as flat typed arrays, preallocated once: triangles with outward unit normals, plane
 * distances and face adjacency (the face across edge e = v[e] → v[e+1] and that face's edge index),
 * so the horizon can be walked without searching. Vertices carry the Minkowski point w = a − b and the
 * supports a and b that produced it, for the witness points.
 */
export class Polytope {
  readonly w = new Float64Array(3 * EPA_MAX_VERTICES);
  readonly a = new Float64Array(3 * EPA_MAX_VERTICES);
  readonly b = new Float64Array(3 * EPA_MAX_VERTICES);
  vertexCount = 0;

  readonly faceVertex = new Int32Array(3 * EPA_MAX_FACES);
  readonly faceAdjacent = new Int32Array(3 * EPA_MAX_FACES);
  readonly faceAdjacentEdge = new Int32Array(3 * EPA_MAX_FACES);
  readonly faceNormal = new Float64Array(3 * EPA_MAX_FACES);
  readonly faceDistance = new Float64Array(EPA_MAX_FACES);
  readonly faceAlive = new Uint8Array(EPA_MAX_FACES);
  faceCount = 0;

  /**
   * Height above a face's plane beyond which a point counts as seeing the face (length). A field rather
   * than an argument of the recursive walk (CONTRIBUTING.md, "V8 rules", rule 1).
   */
  visibleEps = 0;

  /** Horizon found by the last silhouette walk: (face, edge) pairs in loop order. */
  readonly horizonFace = new Int32Array(EPA_MAX_FACES);
  readonly horizonEdge = new Int32Array(EPA_MAX_FACES);
  horizonCount = 0;
  /** For linking new faces: the new face whose first edge starts at a vertex. */
  readonly faceByStart = new Int32Array(EPA_MAX_VERTICES);
  /** Which expansion wrote `faceByStart[v]`, so stale entries are never trusted. */
  readonly faceByStartStamp = new Int32Array(EPA_MAX_VERTICES);
  private expansions = 0;
  /** Free-list of dead face slots, so long runs do not exhaust the face arrays. */
  readonly freeFaces = new Int32Array(EPA_MAX_FACES);
  freeCount = 0;

  reset(): void {
    this.faceByStartStamp.fill(0, 0, this.vertexCount);
    this.expansions = 0;
    this.vertexCount = 0;
    this.faceCount = 0;
    this.horizonCount = 0;
    this.freeCount = 0;
  }

  /** Appends a vertex from (w, a, b) triples read at the given offsets; returns its index. */
  addVertexFrom(w: Float64Array, wo: number, a: Float64Array, ao: number, b: Float64Array, bo: number): number {
    const i = this.vertexCount++;
    const o = 3 * i;
    this.w[o] = w[wo]; this.w[o + 1] = w[wo + 1]; this.w[o + 2] = w[wo + 2];
    this.a[o] = a[ao]; this.a[o + 1] = a[ao + 1]; this.a[o + 2] = a[ao + 2];
    this.b[o] = b[bo]; this.b[o + 1] = b[bo + 1]; this.b[o + 2] = b[bo + 2];
    return i;
  }

  /** Number of face slots that can still be handed out. */
  capacityLeft(): number {
    return EPA_MAX_FACES - this.faceCount + this.freeCount;
  }

  /**
   * Adds the triangle (i, j, k), counter-clockwise seen from outside, computing its unit normal and
   * plane distance. A zero-area triangle gets distance +Infinity, so it is never chosen as closest.
   */
  addFace(i: number, j: number, k: number): number {
    const f = this.freeCount > 0 ? this.freeFaces[--this.freeCount] : this.faceCount++;
    const fv = this.faceVertex, w = this.w;
    fv[3 * f] = i; fv[3 * f + 1] = j; fv[3 * f + 2] = k;
    const ax = w[3 * i], ay = w[3 * i + 1], az = w[3 * i + 2];
    const ux = w[3 * j] - ax, uy = w[3 * j + 1] - ay, uz = w[3 * j + 2] - az;
    const vx = w[3 * k] - ax, vy = w[3 * k + 1] - ay, vz = w[3 * k + 2] - az;
    let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    // Edges meeting at a narrow angle (tolerance.ts, NARROW_CORNER): two long edges of a thin face cancel, so
    // the normal from the two shorter edges instead (math/triangle-normal.ts says why), jk and the shorter of
    // u and v: u × v = u × (v − u) = v × (v − u). (Written out, as in gjk/simplex.ts: a rare call stays
    // unoptimised, and boxes.)
    const uu = ux * ux + uy * uy + uz * uz, vv = vx * vx + vy * vy + vz * vz;
    if (nx * nx + ny * ny + nz * nz < NARROW_CORNER * uu * vv) {
      const ex = w[3 * k] - w[3 * j], ey = w[3 * k + 1] - w[3 * j + 1], ez = w[3 * k + 2] - w[3 * j + 2];
      const sx = vv >= uu ? ux : vx, sy = vv >= uu ? uy : vy, sz = vv >= uu ? uz : vz;
      nx = sy * ez - sz * ey; ny = sz * ex - sx * ez; nz = sx * ey - sy * ex;
    }
    const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (len > 0) {
      nx /= len; ny /= len; nz /= len;
      // Plane distance from the centroid, which averages the rounding of the three corners.
      this.faceDistance[f] = (nx * (ax + w[3 * j] + w[3 * k]) + ny * (ay + w[3 * j + 1] + w[3 * k + 1]) + nz * (az + w[3 * j + 2] + w[3 * k + 2])) / 3;
    } else {
      this.faceDistance[f] = Infinity;
    }
    this.faceNormal[3 * f] = nx; this.faceNormal[3 * f + 1] = ny; this.faceNormal[3 * f + 2] = nz;
    this.faceAlive[f] = 1;
    return f;
  }

  killFace(f: number): void {
    this.faceAlive[f] = 0;
    this.freeFaces[this.freeCount++] = f;
  }

  link(f: number, e: number, g: number, h: number): void {
    this.faceAdjacent[3 * f + e] = g;
    this.faceAdjacentEdge[3 * f + e] = h;
    this.faceAdjacent[3 * g + h] = f;
    this.faceAdjacentEdge[3 * g + h] = e;
  }

  /**
   * Depth-first walk from face `f`, entered across its edge `e`, marking every face that sees vertex
   * `v` (height above `visibleEps`) dead and collecting the horizon: the edges of faces that do not see it,
   * in loop order (van den Bergen 2003, §4.3.6; Ericson, Real-Time Collision Detection §9.5).
   */
  silhouette(f: number, e: number, v: number): void {
    if (!this.faceAlive[f]) return;
    const eps = this.visibleEps;
    // Height of v above f's plane, computed here rather than returned by a helper (V8 rules, rule 1).
    const fv0 = 3 * this.faceVertex[3 * f], o = 3 * v, n = this.faceNormal, w = this.w;
    const height = n[3 * f] * (w[o] - w[fv0]) + n[3 * f + 1] * (w[o + 1] - w[fv0 + 1]) + n[3 * f + 2] * (w[o + 2] - w[fv0 + 2]);
    if (height > eps) {
      this.killFace(f);
      const e1 = (e + 1) % 3, e2 = (e + 2) % 3;
      this.silhouette(this.faceAdjacent[3 * f + e1], this.faceAdjacentEdge[3 * f + e1], v);
      this.silhouette(this.faceAdjacent[3 * f + e2], this.faceAdjacentEdge[3 * f + e2], v);
    } else {
      this.horizonFace[this.horizonCount] = f;
      this.horizonEdge[this.horizonCount] = e;
      this.horizonCount++;
    }
  }

  /**
   * Replaces the faces visible from vertex `v`, starting at the visible face `start`, by a fan of new
   * faces from `v` to the horizon. Returns false (polytope unchanged in meaning, caller stops) if the
   * face budget would overflow or the horizon is not a simple loop.
   */
  expand(start: number, v: number): boolean {
    this.horizonCount = 0;
    this.killFace(start);
    for (let e = 0; e < 3; e++) {
      this.silhouette(this.faceAdjacent[3 * start + e], this.faceAdjacentEdge[3 * start + e], v);
    }
    const m = this.horizonCount;
    if (m < 3 || this.capacityLeft() < m) return false;
    const fv = this.faceVertex;
    const stamp = ++this.expansions;
    for (let k = 0; k < m; k++) {
      const g = this.horizonFace[k], h = this.horizonEdge[k];
      // Horizon face g keeps its edge h: p → q. The new face runs q → p → v (same orientation as the
      // dead face that was across that edge).
      const p = fv[3 * g + h], q = fv[3 * g + ((h + 1) % 3)];
      const f = this.addFace(q, p, v);
      this.link(f, 0, g, h);
      this.faceByStart[q] = f;
      this.faceByStartStamp[q] = stamp;
    }
    // Edge 1 of new face (q → p → v) is p → v; it meets edge 2 (v → p) of the new face starting at p.
    for (let k = 0; k < m; k++) {
      const g = this.horizonFace[k], h = this.horizonEdge[k];
      const f = this.faceAdjacent[3 * g + h];
      const p = fv[3 * f + 1];
      // A horizon that is not a simple loop (possible only through rounding) has a vertex that
      // starts no new face: give up rather than build a broken polytope.
      if (this.faceByStartStamp[p] !== stamp) return false;
      const next = this.faceByStart[p];
      this.link(f, 1, next, 2);
    }
    return true;
  }
}
