/**
 * The pieces of a part (decompose/): a cut may leave a side in several pieces (an L cut through its foot, a
 * U through both arms), and each piece is a part of its own, hulled alone, as neither V-HACD nor CoACD does
 * (they hull a side's pieces together until later cuts part them). Pieces are the shells of the surface:
 * triangles joined across shared edges (a non-manifold edge joins all its triangles, so shells that touch
 * along an edge stay one). A shell of negative volume is a cavity: it goes with the smallest shell around it
 * (its generalized winding number, Jacobson et al. 2013, at one of the cavity's vertices is 1).
 */
import { atan2 } from '../math/exact-math.js';
import { PartMesh } from './part-mesh.js';

/**
 * The pieces of `part` as new parts (one when it is in one piece: `part` itself). Deterministic: pieces in
 * the order of their first triangle, vertices in the order of first use. A shell wound inward that no other
 * shell encloses is left out; its triangles are added to `unowned.triangles` when given.
 */
export function splitShells(part: PartMesh, unowned?: { triangles: number }): PartMesh[] {
  const T = part.triangles, t = part.indices, N = part.count;
  // Union-find over triangles, joined across each undirected edge.
  const parent = new Int32Array(T);
  for (let k = 0; k < T; k++) parent[k] = k;
  const find = (k: number): number => {
    while (parent[k] !== k) { parent[k] = parent[parent[k]]; k = parent[k]; }
    return k;
  };
  const firstOnEdge = new Map<number, number>();
  for (let k = 0; k < T; k++) {
    for (let e = 0; e < 3; e++) {
      const a = t[3 * k + e], b = t[3 * k + (e + 1) % 3], key = a < b ? a * N + b : b * N + a;
      const other = firstOnEdge.get(key);
      if (other === undefined) { firstOnEdge.set(key, k); continue; }
      const ra = find(k), rb = find(other);
      if (ra !== rb) { if (ra < rb) parent[rb] = ra; else parent[ra] = rb; }
    }
  }
  const shellOf = new Int32Array(T), roots = new Map<number, number>();
  for (let k = 0; k < T; k++) {
    const r = find(k);
    let s = roots.get(r);
    if (s === undefined) { s = roots.size; roots.set(r, s); }
    shellOf[k] = s;
  }
  if (roots.size <= 1) return [part];
  // Each shell's triangles in order (a counting sort by shell), then each shell's vertices in order of first
  // use: one pass over the triangles in all, not one a shell.
  const S = roots.size, start = new Int32Array(S + 1), order = new Int32Array(T);
  for (let k = 0; k < T; k++) start[shellOf[k] + 1]++;
  for (let s = 0; s < S; s++) start[s + 1] += start[s];
  const fill = start.slice(0, S);
  for (let k = 0; k < T; k++) order[fill[shellOf[k]]++] = k;
  const shells = Array.from({ length: S }, (_, s) => new PartMesh(16, start[s + 1] - start[s]));
  const local = new Int32Array(N).fill(-1), p = part.positions;
  for (let s = 0; s < S; s++) {
    const m = shells[s];
    for (let r = start[s]; r < start[s + 1]; r++) {
      const k = order[r];
      for (let e = 0; e < 3; e++) {
        const i = t[3 * k + e];
        if (local[i] < 0) local[i] = m.addVertex(p[3 * i], p[3 * i + 1], p[3 * i + 2]);
      }
      m.addTriangle(local[t[3 * k]], local[t[3 * k + 1]], local[t[3 * k + 2]], part.cap[k]);
    }
    // (A vertex belongs to one shell unless the shells touch at it: reset only this shell's.)
    for (let r = start[s]; r < start[s + 1]; r++) for (let e = 0; e < 3; e++) local[t[3 * order[r] + e]] = -1;
  }
  // Cavities (negative volume) join the smallest solid shell around them.
  const volumes = shells.map((m) => { const b = m.bounds(new Float64Array(6)); return m.volume((b[0] + b[3]) / 2, (b[1] + b[4]) / 2, (b[2] + b[5]) / 2); });
  const solids: number[] = [], out: PartMesh[] = [];
  for (let s = 0; s < shells.length; s++) if (volumes[s] > 0) solids.push(s);
  const merged = new Map<number, PartMesh>();
  for (const s of solids) merged.set(s, shells[s]);
  for (let s = 0; s < shells.length; s++) {
    if (volumes[s] > 0) continue;
    const cavity = shells[s];
    let owner = -1;
    for (const o of solids) {
      if (owner >= 0 && volumes[o] >= volumes[owner]) continue;
      if (encloses(shells[o], cavity)) owner = o;
    }
    // (A cavity with no shell around it is not a closed solid's: it is dropped with its negative volume, and
    // counted in `unowned` for a caller that refuses such input.)
    if (owner >= 0) merged.get(owner)!.append(cavity);
    else if (unowned !== undefined) unowned.triangles += cavity.triangles;
  }
  for (const s of solids) out.push(merged.get(s)!);
  return out;
}

/**
 * Whether closed shell `outer` winds once around `cavity` (another shell, not crossing it): its winding
 * number at a point of the cavity's surface, one off `outer`'s surface. A vertex of the cavity may lie on
 * `outer` (a cut through the cavity's edge puts its edge on the cap), where the number is ½ or so:
 * the cavity's vertices, then its triangles' centres, are tried until one reads clearly 0 or 1.
 */
function encloses(outer: PartMesh, cavity: PartMesh): boolean {
  const p = cavity.positions, t = cavity.indices;
  for (let i = 0; i < cavity.count + cavity.triangles; i++) {
    let x: number, y: number, z: number;
    if (i < cavity.count) { x = p[3 * i]; y = p[3 * i + 1]; z = p[3 * i + 2]; } else {
      const k = 3 * (i - cavity.count), a = 3 * t[k], b = 3 * t[k + 1], c = 3 * t[k + 2];
      x = (p[a] + p[b] + p[c]) / 3; y = (p[a + 1] + p[b + 1] + p[c + 1]) / 3; z = (p[a + 2] + p[b + 2] + p[c + 2]) / 3;
    }
    const w = windingNumber(outer, x, y, z);
    if (w > 0.75) return true;
    if (w < 0.25) return false;
  }
  return false;
}

/**
 * The generalized winding number of closed mesh `m` at (x, y, z): the triangles' signed solid angles
 * (Van Oosterom and Strackee 1983: tan(Ω/2) = det / (abc + (a·b)c + (b·c)a + (c·a)b)) over 4π; 1 inside, 0
 * outside. The arctangent is the library's own (math/exact-math.ts), so every engine decides alike.
 */
export function windingNumber(m: PartMesh, x: number, y: number, z: number): number {
  const p = m.positions, t = m.indices;
  let sum = 0;
  for (let k = 0; k < 3 * m.triangles; k += 3) {
    const a = 3 * t[k], b = 3 * t[k + 1], c = 3 * t[k + 2];
    const ax = p[a] - x, ay = p[a + 1] - y, az = p[a + 2] - z;
    const bx = p[b] - x, by = p[b + 1] - y, bz = p[b + 2] - z;
    const cx = p[c] - x, cy = p[c + 1] - y, cz = p[c + 2] - z;
    const la = Math.sqrt(ax * ax + ay * ay + az * az), lb = Math.sqrt(bx * bx + by * by + bz * bz), lc = Math.sqrt(cx * cx + cy * cy + cz * cz);
    const det = ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx);
    const den = la * lb * lc + (ax * bx + ay * by + az * bz) * lc + (bx * cx + by * cy + bz * cz) * la + (cx * ax + cy * ay + cz * az) * lb;
    sum += 2 * atan2(det, den);
  }
  return sum / (4 * Math.PI);
}
