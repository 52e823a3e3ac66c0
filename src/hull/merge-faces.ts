/**
 * The end of a build: merging the triangles whose shared edge is not convex by more than ε into
 * polygons, dropping the vertices that are no corners, and packing the result (Barber et al. 1996,
 * §4, merging coplanar and non-convex facets; done once after the build here instead of during it,
 * see quickhull.ts).
 */
import { HULL_FACE_FLATNESS } from '../tolerance.js';
import { NONE } from './arrays.js';
import { polygonNormal } from './face-plane.js';
import type { Hull } from './hull.js';
import { packSolid, packTriangles } from './pack-hull.js';
import type { QuickhullBuilder } from './quickhull.js';

/** Scratch plane of cornerPlane (see polygonNormal). */
const CORNER_PLANE = new Float64Array(4);

/** Results of emitGroup. */
const GROUP_OK = 0;
const GROUP_BENT = 1;
const GROUP_BAD = 2;

/**
 * Merges flat and non-convex edges, drops non-corner vertices, and packs the result. Returns null when
 * a face's corners are more than 2ε off its plane (a needle of nearly collinear corners, whose plane
 * roundoff cannot pin down), or when faces were merged and the result is not a
 * valid hull at tolerance ε: a merged group whose boundary is not one simple loop, a face not
 * strictly convex once its non-corner vertices are dropped, a face with a neighbouring vertex more
 * than 2ε above it, a repeated edge, or a vertex that is not the strict maximum of the sum of its
 * faces' normals. (A merged group not planar within 2ε keeps its triangles.) That happens when points are nearly
 * coplanar at a scale of a few ε (a grid perturbed by 1e-13 where ε is 1.6e-14): flat edges are
 * merged, creases just over ε are not, and the merged regions need not be convex. The caller then
 * builds again with a larger ε. Without merges, the faces are the build's triangles, valid as they are.
 */
export function finishBuild(qb: QuickhullBuilder): Hull | null {
  const eps = qb.eps, p = qb.p, fv = qb.fv, fa = qb.fa, fp = qb.fp, alive = qb.alive;
  const cnt = qb.count;
  if (qb.parent.length < cnt) {
    // Sized once per build, by the face slots in use (a loop per face at most; a merged group's
    // boundary has fewer edges than its triangles have).
    qb.parent = new Int32Array(cnt);
    qb.inGroup = new Uint8Array(cnt);
    qb.loopStart = new Int32Array(cnt + 1);
    qb.loopVerts = new Int32Array(3 * cnt);
    qb.loopNormals = new Float64Array(3 * cnt);
  }
  // Union-find over faces: join across edges that are not convex by more than ε.
  const parent = qb.parent;
  for (let f = 0; f < cnt; f++) parent[f] = f;
  let merged = false;
  for (let f = 0; f < cnt; f++) {
    if (alive[f] === 0) continue;
    for (let e = 0; e < 3; e++) {
      const g = fa[3 * f + e];
      if (g < f) continue;
      const j = fa[3 * g] === f ? 0 : fa[3 * g + 1] === f ? 1 : 2;
      const oppG = fv[3 * g + (j === 0 ? 2 : j - 1)];
      const oppF = fv[3 * f + (e === 0 ? 2 : e - 1)];
      if (qb.dist(f, oppG) > -eps || qb.dist(g, oppF) > -eps) {
        const rf = find(parent, f), rg = find(parent, g);
        if (rf !== rg) {
          parent[rg] = rf;
          merged = true;
        }
      }
    }
  }
  if (!merged) {
    // The build's triangles as they are: every vertex is on at least three of them, so none is dropped.
    return packTriangles(p, qb.n, cnt, fv, fp, alive, eps, qb.nC, qb.nD, qb.nA, qb.order, qb.perm);
  }
  for (let f = 0; f < cnt; f++) parent[f] = find(parent, f);

  // Polygon loops. Merged groups walk their boundary; everything else keeps its triangle.
  const loopStart = qb.loopStart, loopVerts = qb.loopVerts, loopNormals = qb.loopNormals;
  loopStart[0] = 0;
  qb.loopCount = 0;
  const inGroup = qb.inGroup;
  inGroup.fill(0, 0, cnt);
  if (merged) {
    const members = new Map<number, number[]>();
    for (let f = 0; f < cnt; f++) {
      if (alive[f] === 0 || !hasMergedNeighbor(fa, parent, f)) continue;
      const r = parent[f];
      let list = members.get(r);
      if (list === undefined) members.set(r, (list = []));
      list.push(f);
    }
    const nextV = qb.nA;
    const nextStamp = qb.nB;
    nextStamp.fill(0, 0, qb.n);
    let gs = 0;
    for (const [, list] of members) {
      gs++;
      const status = emitGroup(qb, list, parent, nextV, nextStamp, gs);
      // A group whose boundary is not one simple loop: inconsistent at this tolerance.
      if (status === GROUP_BAD) return null;
      // A group that is not planar within 2ε keeps its triangles (each planar by itself): a chain of
      // edges each flat within ε can bend by more than 2ε in all, as across a finely sampled curved
      // surface. Whether the result is still a valid hull is checked in packSolid.
      if (status === GROUP_BENT) continue;
      for (const f of list) inGroup[f] = 1;
    }
  }
  const groups = qb.loopCount;
  let lc = groups, lv = loopStart[lc];
  for (let f = 0; f < cnt; f++) {
    if (alive[f] === 0 || inGroup[f] === 1) continue;
    loopVerts[lv] = fv[3 * f]; loopVerts[lv + 1] = fv[3 * f + 1]; loopVerts[lv + 2] = fv[3 * f + 2];
    lv += 3;
    loopNormals[3 * lc] = fp[4 * f]; loopNormals[3 * lc + 1] = fp[4 * f + 1]; loopNormals[3 * lc + 2] = fp[4 * f + 2];
    loopStart[++lc] = lv;
  }
  qb.loopCount = lc;
  // Vertices on at most two polygons are not corners: interior to a face (none) or inside an edge (two).
  const faceCountOf = qb.nC;
  faceCountOf.fill(0, 0, qb.n);
  for (let k = 0; k < lv; k++) faceCountOf[loopVerts[k]]++;
  for (let g = 0; g < groups; g++) cornerPlane(qb, g, faceCountOf);
  return packSolid(p, qb.n, lc, loopStart, loopVerts, loopNormals, faceCountOf, eps, qb.nD, qb.nA, qb.order, qb.perm,
    merged);
}

/**
 * Sets the normal of merged loop `g` from the corners it keeps (`faceCountOf` ≥ 3) when it drops any:
 * the plane of its triangles can differ from that of its corners where slivers merged. Three copies
 * of one lattice point 1e-12 apart (lattice seed 12768) merged two slivers into a face whose normal,
 * that of the bigger sliver, was 17° off the plane of the three corners it kept; within 2ε of it over
 * the face's 1e-12 width, so no other check saw it. (The normal: polygonNormal.)
 */
export function cornerPlane(qb: QuickhullBuilder, g: number, faceCountOf: Int32Array): void {
  const loopStart = qb.loopStart, loopVerts = qb.loopVerts, p = qb.p;
  const s = loopStart[g], e = loopStart[g + 1];
  let kept = 0;
  for (let k = s; k < e; k++) if (faceCountOf[loopVerts[k]] >= 3) kept++;
  if (kept === e - s || kept < 3) return; // nothing dropped, or too few corners (packSolid rejects those)
  if (qb.kept.length < kept) qb.kept = new Int32Array(e - s);
  const corners = qb.kept;
  let j = 0;
  for (let k = s; k < e; k++) if (faceCountOf[loopVerts[k]] >= 3) corners[j++] = loopVerts[k];
  const ln = qb.loopNormals;
  if (polygonNormal(p, corners, kept, CORNER_PLANE)) {
    ln[3 * g] = CORNER_PLANE[0]; ln[3 * g + 1] = CORNER_PLANE[1]; ln[3 * g + 2] = CORNER_PLANE[2];
  }
}

/**
 * Appends the boundary loop of one merged group and returns GROUP_OK; GROUP_BAD (nothing appended)
 * when the boundary is not one simple loop, GROUP_BENT when it is but the group's vertices are not
 * within 2ε of one plane.
 */
export function emitGroup(qb: QuickhullBuilder, list: number[], parent: Int32Array, nextV: Int32Array, nextStamp: Int32Array, gs: number): number {
  const fv = qb.fv, fa = qb.fa, p = qb.p, eps = qb.eps;
  const loopStart = qb.loopStart, loopVerts = qb.loopVerts, loopNormals = qb.loopNormals;
  const r = parent[list[0]];
  let nx = 0, ny = 0, nz = 0;
  let edges = 0, first = NONE;
  for (const f of list) {
    const a = 3 * fv[3 * f], b = 3 * fv[3 * f + 1], c = 3 * fv[3 * f + 2];
    const ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2];
    const vx = p[c] - p[a], vy = p[c + 1] - p[a + 1], vz = p[c + 2] - p[a + 2];
    nx += uy * vz - uz * vy;
    ny += uz * vx - ux * vz;
    nz += ux * vy - uy * vx;
    for (let e = 0; e < 3; e++) {
      if (parent[fa[3 * f + e]] === r) continue;
      const va = fv[3 * f + e], vb = fv[3 * f + (e === 2 ? 0 : e + 1)];
      if (nextStamp[va] === gs) return GROUP_BAD; // a vertex starts two boundary edges: pinched
      nextStamp[va] = gs;
      nextV[va] = vb;
      edges++;
      if (first === NONE) first = va;
    }
  }
  const l = Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (!(l > 0) || first === NONE) return GROUP_BAD;
  nx /= l; ny /= l; nz /= l;
  const lc = qb.loopCount, start = loopStart[lc];
  let v = first, steps = 0, lo = Infinity, hi = -Infinity;
  do {
    loopVerts[start + steps] = v;
    const d = nx * p[3 * v] + ny * p[3 * v + 1] + nz * p[3 * v + 2];
    if (d < lo) lo = d;
    if (d > hi) hi = d;
    steps++;
    if (nextStamp[v] !== gs || steps > edges) break;
    v = nextV[v];
  } while (v !== first);
  if (v !== first || steps !== edges) return GROUP_BAD;
  // Every vertex of the group, not only the boundary, within 2ε of one plane.
  for (const f of list) {
    for (let k = 0; k < 3; k++) {
      const w = 3 * fv[3 * f + k];
      const d = nx * p[w] + ny * p[w + 1] + nz * p[w + 2];
      if (d < lo) lo = d;
      if (d > hi) hi = d;
    }
  }
  if (hi - lo > HULL_FACE_FLATNESS * eps) return GROUP_BENT;
  loopStart[lc + 1] = start + steps;
  loopNormals[3 * lc] = nx; loopNormals[3 * lc + 1] = ny; loopNormals[3 * lc + 2] = nz;
  qb.loopCount = lc + 1;
  return GROUP_OK;
}

function hasMergedNeighbor(fa: Int32Array, parent: Int32Array, f: number): boolean {
  const r = parent[f];
  return parent[fa[3 * f]] === r || parent[fa[3 * f + 1]] === r || parent[fa[3 * f + 2]] === r;
}

function find(parent: Int32Array, f: number): number {
  let r = f;
  while (parent[r] !== r) r = parent[r];
  while (parent[f] !== r) {
    const nx = parent[f];
    parent[f] = r;
    f = nx;
  }
  return r;
}
