/**
 * Packing a finished solid build into a Hull: vertex numbering in input order, faces as compressed
 * rows, vertex adjacency, and the final checks of a merged result.
 */
import { HULL_FACE_FLATNESS } from '../tolerance.js';
import { NONE } from './arrays.js';
import { HullResult, type Hull } from './hull.js';

/**
 * The arrays of a solid Hull of `vc` vertices, `fc` faces and `m` face corners. Every one is a view
 * into one of two buffers: allocating a typed array's backing store costs about a microsecond, which
 * is most of the cost of a small hull (8 points: 13 -> 11 us; no difference at 1,000). Queries read
 * views as fast as whole arrays, and allocate nothing (test/allocation.test.ts). (Each edge appears in
 * two faces, once per direction, so the neighbour lists hold m entries in all.)
 */
class SolidArrays {
  readonly inputIndices: Int32Array;
  readonly faceStart: Int32Array;
  readonly faceIndices: Int32Array;
  readonly neighborStart: Int32Array;
  readonly neighborIndices: Int32Array;
  readonly vertices: Float64Array;
  readonly faceNormals: Float64Array;
  readonly faceOffsets: Float64Array;
  constructor(vc: number, fc: number, m: number) {
    const ints = new Int32Array(vc + (fc + 1) + m + (vc + 1) + m);
    this.inputIndices = ints.subarray(0, vc);
    this.faceStart = ints.subarray(vc, vc + fc + 1);
    this.faceIndices = ints.subarray(vc + fc + 1, vc + fc + 1 + m);
    this.neighborStart = ints.subarray(vc + fc + 1 + m, vc + fc + 2 + m + vc);
    this.neighborIndices = ints.subarray(vc + fc + 2 + m + vc);
    const floats = new Float64Array(3 * vc + 3 * fc + fc);
    this.vertices = floats.subarray(0, 3 * vc);
    this.faceNormals = floats.subarray(3 * vc, 3 * vc + 3 * fc);
    this.faceOffsets = floats.subarray(3 * vc + 3 * fc);
  }

  /** Copies point i of `p` to vertex `remap[i]` (skipping NONE), with its input index (see remapVertices). */
  copyVertices(p: Float64Array, n: number, remap: Int32Array, order: Int32Array): void {
    const sorted = order.length > 0, inputIndices = this.inputIndices, vertices = this.vertices;
    for (let i = 0; i < n; i++) {
      const v = remap[i];
      if (v === NONE) continue;
      inputIndices[v] = sorted ? order[i] : i;
      vertices[3 * v] = p[3 * i];
      vertices[3 * v + 1] = p[3 * i + 1];
      vertices[3 * v + 2] = p[3 * i + 2];
    }
  }

  /**
   * With the faces written and `neighborStart[v + 1]` holding vertex v's out-edge count, turns the
   * counts into offsets and lists each vertex's successors along its faces. `fill`: scratch of vc entries.
   */
  linkNeighbors(fill: Int32Array): void {
    const vc = this.inputIndices.length, fc = this.faceStart.length - 1;
    const neighborStart = this.neighborStart, neighborIndices = this.neighborIndices;
    const faceStart = this.faceStart, faceIndices = this.faceIndices;
    for (let v = 0; v < vc; v++) neighborStart[v + 1] += neighborStart[v];
    for (let v = 0; v < vc; v++) fill[v] = neighborStart[v];
    for (let f = 0; f < fc; f++) {
      const s = faceStart[f], e = faceStart[f + 1];
      for (let k = s; k < e; k++) {
        const v = faceIndices[k];
        neighborIndices[fill[v]++] = faceIndices[k + 1 === e ? s : k + 1];
      }
    }
  }

  toHull(eps: number): Hull {
    return new HullResult(3, this.vertices, this.inputIndices, this.faceStart, this.faceIndices, this.faceNormals,
      this.faceOffsets, this.neighborStart, this.neighborIndices, eps);
  }
}

/**
 * Numbers the points with `counts[i] >= 3` (corners: on three or more faces) in input order into
 * `remap`, NONE for the others; `order` and `scratch` as for packSolid. Returns the vertex count.
 */
function remapVertices(n: number, counts: Int32Array, remap: Int32Array, order: Int32Array, scratch: Int32Array): number {
  if (order.length > 0) return remapSorted(n, counts, remap, order, scratch);
  let vc = 0;
  for (let i = 0; i < n; i++) remap[i] = counts[i] >= 3 ? vc++ : NONE;
  return vc;
}

/**
 * packSolid for a hull with no merged faces: the live triangles of a build, straight from its arrays
 * (face `f` is `fv[3f .. 3f + 3)` with the unit normal `fp[4f .. 4f + 3)`). `used`, `remap` and `fill`
 * are scratch of `n` entries; `order` and `inv` as for packSolid.
 */
export function packTriangles(
  p: Float64Array, n: number, cnt: number, fv: Int32Array, fp: Float64Array, alive: Uint8Array, eps: number,
  used: Int32Array, remap: Int32Array, fill: Int32Array, order: Int32Array, inv: Int32Array,
): Hull | null {
  const fc = markCorners(n, cnt, fv, alive, used);
  const vc = remapVertices(n, used, remap, order, inv);
  const out = new SolidArrays(vc, fc, 3 * fc);
  out.copyVertices(p, n, remap, order);
  if (!writeTriangles(out, cnt, fv, fp, alive, remap, eps)) return null;
  out.linkNeighbors(fill);
  return out.toHull(eps);
}

/**
 * Sets `used[i]` to 3 for every corner of a live triangle, 0 for other points; returns the live
 * triangle count. (The loops of packTriangles are functions of their own: CONTRIBUTING.md, "V8 rules",
 * rule 3. Inline, the face loop's on-stack code deoptimised 46 times in test/deopt.test.ts.)
 */
function markCorners(n: number, cnt: number, fv: Int32Array, alive: Uint8Array, used: Int32Array): number {
  used.fill(0, 0, n);
  let fc = 0;
  for (let f = 0; f < cnt; f++) {
    if (alive[f] === 0) continue;
    fc++;
    used[fv[3 * f]] = 3;
    used[fv[3 * f + 1]] = 3;
    used[fv[3 * f + 2]] = 3;
  }
  return fc;
}

/**
 * Writes the live triangles into `out` (corners, normals, offsets, out-edge counts); false when one's
 * corners lie more than 2ε off its plane.
 */
function writeTriangles(
  out: SolidArrays, cnt: number, fv: Int32Array, fp: Float64Array, alive: Uint8Array, remap: Int32Array, eps: number,
): boolean {
  const { vertices, faceStart, faceIndices, faceNormals, faceOffsets, neighborStart } = out;
  let k = 0;
  for (let f = 0; f < cnt; f++) {
    if (alive[f] === 0) continue;
    const a = remap[fv[3 * f]], b = remap[fv[3 * f + 1]], c = remap[fv[3 * f + 2]];
    const nx = fp[4 * f], ny = fp[4 * f + 1], nz = fp[4 * f + 2];
    faceStart[k] = 3 * k;
    faceIndices[3 * k] = a;
    faceIndices[3 * k + 1] = b;
    faceIndices[3 * k + 2] = c;
    faceNormals[3 * k] = nx;
    faceNormals[3 * k + 1] = ny;
    faceNormals[3 * k + 2] = nz;
    const da = nx * vertices[3 * a] + ny * vertices[3 * a + 1] + nz * vertices[3 * a + 2];
    const db = nx * vertices[3 * b] + ny * vertices[3 * b + 1] + nz * vertices[3 * b + 2];
    const dc = nx * vertices[3 * c] + ny * vertices[3 * c + 1] + nz * vertices[3 * c + 2];
    const hi = da > db ? (da > dc ? da : dc) : db > dc ? db : dc;
    const lo = da < db ? (da < dc ? da : dc) : db < dc ? db : dc;
    // A needle (three nearly collinear corners) has a plane known only to roundoff over its height:
    // corners off their own plane by more than 2ε make the build retry at a coarser tolerance.
    if (hi - lo > HULL_FACE_FLATNESS * eps) return false;
    faceOffsets[k] = hi;
    neighborStart[a + 1]++;
    neighborStart[b + 1]++;
    neighborStart[c + 1]++;
    k++;
  }
  faceStart[k] = 3 * k;
  return true;
}

/**
 * Packs polygon loops (indices of the points `p`) into a Hull: keeps vertices on three or more polygons,
 * renumbers them in input order, and builds the neighbour lists from the polygon edges. `order`: empty
 * when `p` is the input, else the input index of each point of `p` (see sortInput in cell-order.ts),
 * with `inv` scratch of n entries.
 */
export function packSolid(
  p: Float64Array, n: number, fc: number, loopStart: Int32Array, loopVerts: Int32Array, loopNormals: Float64Array,
  faceCountOf: Int32Array, eps: number, remap: Int32Array, fill: Int32Array, order: Int32Array, inv: Int32Array,
  check: boolean,
): Hull | null {
  const vc = remapVertices(n, faceCountOf, remap, order, inv);
  // Corners of the kept polygons, and the sizes of the index arrays.
  let m = 0;
  for (let k = 0; k < loopStart[fc]; k++) if (remap[loopVerts[k]] !== NONE) m++;
  const out = new SolidArrays(vc, fc, m);
  out.copyVertices(p, n, remap, order);
  const { vertices, faceStart, faceIndices, faceNormals, faceOffsets, neighborStart, neighborIndices } = out;
  faceNormals.set(loopNormals.subarray(0, 3 * fc));
  // neighborStart counts each vertex's out-edges at [v + 1] first, then becomes their offsets.
  m = 0;
  for (let f = 0; f < fc; f++) {
    faceStart[f] = m;
    const nx = faceNormals[3 * f], ny = faceNormals[3 * f + 1], nz = faceNormals[3 * f + 2];
    let off = -Infinity, low = Infinity;
    for (let k = loopStart[f]; k < loopStart[f + 1]; k++) {
      const v = remap[loopVerts[k]];
      if (v === NONE) continue;
      faceIndices[m++] = v;
      neighborStart[v + 1]++;
      const d = nx * vertices[3 * v] + ny * vertices[3 * v + 1] + nz * vertices[3 * v + 2];
      if (d > off) off = d;
      if (d < low) low = d;
    }
    if (off - low > HULL_FACE_FLATNESS * eps) return null; // as in packTriangles
    faceOffsets[f] = off;
  }
  faceStart[fc] = m;
  out.linkNeighbors(fill);
  if (check && !polygonsAreConsistent(vertices, vc, fc, faceStart, faceIndices, faceNormals, faceOffsets, neighborStart,
    neighborIndices, eps)) {
    return null;
  }
  return out.toHull(eps);
}

/**
 * The checks of finishBuild (merge-faces.ts) on packed merged polygons: every face has at least three
 * corners, no neighbour of a corner more than 2ε above its plane, and turns strictly left at each
 * corner about its normal; no vertex lists a neighbour twice (an edge
 * used twice in one direction); and every vertex is strictly above each of its neighbours along the
 * sum of its faces' normals, which on a convex polytope makes it the unique maximum in that direction.
 * These are the tests of validateHull (validate-hull.ts), made local and linear in size.
 */
function polygonsAreConsistent(
  vs: Float64Array, vc: number, fc: number, faceStart: Int32Array, faceIndices: Int32Array, fn: Float64Array,
  fo: Float64Array, neighborStart: Int32Array, neighborIndices: Int32Array, eps: number,
): boolean {
  const dir = new Float64Array(3 * vc);
  for (let f = 0; f < fc; f++) {
    const s = faceStart[f], e = faceStart[f + 1];
    if (e - s < 3) return false;
    const nx = fn[3 * f], ny = fn[3 * f + 1], nz = fn[3 * f + 2];
    // Every neighbour of every corner within 2ε below the face's plane, so that the faces fold
    // outward at each edge and corner. Triangles kept from a bent group (see finishBuild) can include a
    // flat fold of the build, a triangle lying in a nearly flat region but wound inside out; its
    // neighbours are then far above it (perturbed grids in quickhull.test.ts).
    const top = fo[f] + HULL_FACE_FLATNESS * eps;
    for (let k = s; k < e; k++) {
      const v = faceIndices[k];
      for (let j = neighborStart[v], je = neighborStart[v + 1]; j < je; j++) {
        const w = 3 * neighborIndices[j];
        if (!(nx * vs[w] + ny * vs[w + 1] + nz * vs[w + 2] <= top)) return false;
      }
    }
    for (let k = s; k < e; k++) {
      const a = 3 * faceIndices[k === s ? e - 1 : k - 1], v = 3 * faceIndices[k], c = 3 * faceIndices[k + 1 === e ? s : k + 1];
      const e1x = vs[v] - vs[a], e1y = vs[v + 1] - vs[a + 1], e1z = vs[v + 2] - vs[a + 2];
      const e2x = vs[c] - vs[v], e2y = vs[c + 1] - vs[v + 1], e2z = vs[c + 2] - vs[v + 2];
      const turn = nx * (e1y * e2z - e1z * e2y) + ny * (e1z * e2x - e1x * e2z) + nz * (e1x * e2y - e1y * e2x);
      // turn / |c − a| is v's distance inside the chord a → c: more than ε, so that a sliver of
      // nearly collinear corners (along a cube's edge, whose turns come out positive by rounding) is
      // not taken for a face.
      const cx = vs[c] - vs[a], cy = vs[c + 1] - vs[a + 1], cz = vs[c + 2] - vs[a + 2];
      if (!(turn > eps * Math.sqrt(cx * cx + cy * cy + cz * cz))) return false;
      dir[v] += nx;
      dir[v + 1] += ny;
      dir[v + 2] += nz;
    }
  }
  for (let v = 0; v < vc; v++) {
    const s = neighborStart[v], e = neighborStart[v + 1];
    const dx = dir[3 * v], dy = dir[3 * v + 1], dz = dir[3 * v + 2];
    const own = dx * vs[3 * v] + dy * vs[3 * v + 1] + dz * vs[3 * v + 2];
    for (let k = s; k < e; k++) {
      const w = neighborIndices[k];
      for (let j = s; j < k; j++) if (neighborIndices[j] === w) return false;
      if (!(dx * vs[3 * w] + dy * vs[3 * w + 1] + dz * vs[3 * w + 2] < own)) return false;
    }
  }
  return true;
}

/**
 * remap for sorted points: numbers the points on three or more polygons in input order. `order`:
 * sorted → input index; `scratch`: n entries, overwritten. Two sequential passes, with random access
 * only for the vertices (the profile put 5 % of a 100,000-point build in a pass through the inverse
 * permutation; this version measured within noise of it, −4 % and +2 % in two A/B runs). Returns the
 * vertex count.
 */
function remapSorted(n: number, faceCountOf: Int32Array, remap: Int32Array, order: Int32Array, scratch: Int32Array): number {
  scratch.fill(0, 0, n);
  for (let j = 0; j < n; j++) {
    if (faceCountOf[j] >= 3) scratch[order[j]] = j + 1;
    else remap[j] = NONE;
  }
  let vc = 0;
  for (let i = 0; i < n; i++) {
    const t = scratch[i];
    if (t !== 0) remap[t - 1] = vc++;
  }
  return vc;
}
