/**
 * The caps of a cut (plane-clip.ts): the side below the plane is a closed surface less the section, so its
 * directed edges with no reverse all lie in the plane and bound the section. Reversed, they are the cap's
 * edges: chained into loops (at a vertex where loops touch, the sharpest left turn, which keeps each loop
 * around its own region), projected to the plane's coordinates, sorted into outer loops (counter-clockwise)
 * and holes (clockwise, each given to the smallest outer loop around it), and triangulated with their holes
 * (polygon-triangulate.ts). The side below gets the triangles facing along the normal; the side above the
 * same triangles reversed, on its copies of the vertices.
 */
import { orient2d } from '../math/robust-predicates.js';
import { triangulatePolygon } from './polygon-triangulate.js';
import type { PartMesh } from './part-mesh.js';

/**
 * Closes `below` and `above` with the cap of their cut by the plane of normal n. `aboveOf[i]` is the index
 * in `above` of `below`'s vertex i when it lies in the plane, else −1. Returns false when the loops cannot
 * be triangulated (they cross, or a loop encloses no area).
 */
export function capLoops(below: PartMesh, above: PartMesh, aboveOf: Int32Array, nx: number, ny: number, nz: number): boolean {
  const N = below.count, t = below.indices;
  // The side's directed edges in the plane, counted.
  const count = new Map<number, number>();
  for (let k = 0; k < below.triangles; k++) {
    for (let e = 0; e < 3; e++) {
      const a = t[3 * k + e], b = t[3 * k + (e + 1) % 3];
      if (aboveOf[a] < 0 || aboveOf[b] < 0) continue;
      count.set(a * N + b, (count.get(a * N + b) ?? 0) + 1);
    }
  }
  // The cap's edges: each unmatched use of a → b, reversed (b → a), kept as outgoing lists by vertex.
  const out = new Map<number, number[]>();
  let edges = 0;
  for (const [key, c] of count) {
    const a = Math.floor(key / N), b = key - a * N, extra = c - (count.get(b * N + a) ?? 0);
    for (let m = 0; m < extra; m++) {
      let list = out.get(b);
      if (list === undefined) out.set(b, list = []);
      list.push(a);
      edges++;
    }
  }
  if (edges === 0) return true;
  // The plane's coordinates: drop n's largest component, the other two in the order that keeps turning
  // counter-clockwise about n counter-clockwise in the projection.
  const ax = Math.abs(nx), ay = Math.abs(ny), az = Math.abs(nz);
  const drop = ax >= ay && ax >= az ? 0 : ay >= az ? 1 : 2, sign = (drop === 0 ? nx : drop === 1 ? ny : nz) > 0;
  const u = (drop + (sign ? 1 : 2)) % 3, v = (drop + (sign ? 2 : 1)) % 3;
  const P = below.positions;
  const U = (i: number): number => P[3 * i + u], V = (i: number): number => P[3 * i + v];
  // Chain the edges into loops.
  const loops: number[][] = [];
  const MAX_STEPS = edges + 1;
  for (const [start, list] of out) {
    while (list.length > 0) {
      const loop = [start];
      let prev = start, cur = list.pop()!, steps = 0;
      while (cur !== start) {
        if (++steps > MAX_STEPS) return false;
        loop.push(cur);
        const next = out.get(cur);
        if (next === undefined || next.length === 0) return false; // (an open chain: not a section of a closed surface)
        // The sharpest left turn from prev → cur.
        let best = 0;
        if (next.length > 1) {
          const dx = U(cur) - U(prev), dy = V(cur) - V(prev);
          let bestAngle = -Infinity;
          for (let m = 0; m < next.length; m++) {
            const w = next[m], ex = U(w) - U(cur), ey = V(w) - V(cur);
            const angle = pseudoAngle(dx * ex + dy * ey, dx * ey - dy * ex);
            if (angle > bestAngle) { bestAngle = angle; best = m; }
          }
        }
        prev = cur;
        cur = next[best];
        next[best] = next[next.length - 1]; next.pop();
      }
      loops.push(loop);
    }
  }
  // Local indices and projected coordinates of the loops' vertices.
  const local = new Map<number, number>(), verts: number[] = [], xy: number[] = [];
  const loopIds = loops.map((loop) => Int32Array.from(loop, (i) => {
    let k = local.get(i);
    if (k === undefined) { k = verts.length; local.set(i, k); verts.push(i); xy.push(U(i), V(i)); }
    return k;
  }));
  const XY = Float64Array.from(xy);
  const areas = loopIds.map((ids) => signedArea(XY, ids));
  const outers: number[] = [], holes: number[] = [];
  for (let l = 0; l < loopIds.length; l++) {
    if (areas[l] > 0) outers.push(l); else if (areas[l] < 0) holes.push(l); else return false;
  }
  // Each hole to the smallest outer loop around one of its vertices not on that loop.
  const holesOf: Int32Array[][] = outers.map(() => []);
  for (const h of holes) {
    let owner = -1;
    for (let o = 0; o < outers.length; o++) {
      const ring = loopIds[outers[o]];
      if (owner >= 0 && areas[outers[o]] >= areas[outers[owner]]) continue;
      const probe = loopIds[h].find((k) => !ring.includes(k));
      if (probe !== undefined && inside(XY, ring, XY[2 * probe], XY[2 * probe + 1])) owner = o;
    }
    if (owner < 0) return false;
    holesOf[owner].push(loopIds[h]);
  }
  const triangles: number[] = [];
  for (let o = 0; o < outers.length; o++) {
    if (!triangulatePolygon(XY, loopIds[outers[o]], holesOf[o], triangles)) return false;
  }
  for (let k = 0; k < triangles.length; k += 3) {
    const a = verts[triangles[k]], b = verts[triangles[k + 1]], c = verts[triangles[k + 2]];
    below.addTriangle(a, b, c, 1);
    above.addTriangle(aboveOf[a], aboveOf[c], aboveOf[b], 1);
  }
  return true;
}

/**
 * A number increasing with the angle from direction (dot, cross) = (cos, sin)·r, over (−π, π]: the turn
 * left is largest. By division only, so every engine decides alike (no atan2 on a decision).
 */
function pseudoAngle(dot: number, cross: number): number {
  const r = Math.abs(dot) + Math.abs(cross);
  if (r === 0) return -Infinity;
  const q = cross / r; // in [−1, 1], the sine's proxy
  return dot >= 0 ? q : cross >= 0 ? 2 - q : -2 - q;
}

/** Twice the signed area of loop `ids` (positive counter-clockwise). */
function signedArea(xy: Float64Array, ids: Int32Array): number {
  let a = 0;
  for (let k = 0; k < ids.length; k++) {
    const i = ids[k], j = ids[(k + 1) % ids.length];
    a += xy[2 * i] * xy[2 * j + 1] - xy[2 * j] * xy[2 * i + 1];
  }
  return a;
}

/** Whether (x, y) is inside loop `ids` (crossing number, the edges' sides decided by orient2d). */
function inside(xy: Float64Array, ids: Int32Array, x: number, y: number): boolean {
  let odd = false;
  for (let k = 0; k < ids.length; k++) {
    const i = ids[k], j = ids[(k + 1) % ids.length];
    const xi = xy[2 * i], yi = xy[2 * i + 1], xj = xy[2 * j], yj = xy[2 * j + 1];
    if ((yi > y) === (yj > y)) continue;
    // The edge crosses the horizontal line through (x, y): is the point left of the upward edge?
    const o = yj > yi ? orient2d(xi, yi, xj, yj, x, y) : orient2d(xj, yj, xi, yi, x, y);
    if (o > 0) odd = !odd;
  }
  return odd;
}
