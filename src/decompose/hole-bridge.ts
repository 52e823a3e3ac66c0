/**
 * Joining a hole to the outer loop by a bridge, so that ear clipping sees one loop: D. Eberly,
 * "Triangulation by ear clipping" (Geometric Tools, 2002–2008), §3 "Polygons with holes".
 *
 * From the hole's rightmost vertex M a ray goes towards +x; the nearest point where it meets the outer
 * loop is a vertex (then visible) or a point I inside an edge. In the second case let P be that edge's end
 * with the larger x; if no reflex vertex lies in the triangle (M, I, P), P is visible, else the one of those
 * vertices whose direction from M makes the smallest angle with the ray is (nearest first on equal
 * angles). The outer loop then runs … P, M, (around the hole), M, P … through two new nodes.
 *
 * Where this departs from Eberly, and why:
 * - Every comparison is exact without computing I: which edge the ray meets first is decided by orient2d of
 *   one edge's ends against the other's line (the intercepts are convex combinations of the ends), and the
 *   triangle (M, I, P) is the intersection of three half-planes: y ≥ y_M (or ≤), the side of the hit edge's
 *   line, and the side of line PM. Straight vertices (collinear runs) count with the reflex ones: a bridge
 *   through one of them would overlap the boundary.
 * - Points visited twice (earlier bridges, pinches, holes touching): the visit to join is the one whose
 *   interior sector contains the direction to M (polygon-nodes.ts `locallyInside`).
 * - A hole whose rightmost vertex coincides with a point of the outer loop (a hole touching it there, or
 *   touching an earlier hole) is spliced in at that point without a bridge, into the visit whose sector
 *   holds the hole's wedge.
 * - The chosen bridge is checked (exactly) against every edge before it is used. If Eberly's choice fails
 *   (degenerate input beyond his assumptions), the nearest vertices that pass the check are tried, at most
 *   BRIDGE_FALLBACK_CANDIDATES of them. Failing to find one fails the triangulation, honestly.
 */
import {
  collinearOverlap, copyNode, locallyInside, nodes, orientNodes, samePosition, strictlyBetween, turnSign,
} from './polygon-nodes.js';
import { sortIndices } from './sort-indices.js';

/** How many vertices, nearest first, the fallback tries before failing (each try costs one pass over the edges). */
const BRIDGE_FALLBACK_CANDIDATES = 256;

/** Scratch of the fallback: the outer nodes in order of distance, and each node's squared distance to M. */
let _candidates = /* @__PURE__ */ new Int32Array(0);
let _distance = /* @__PURE__ */ new Float64Array(0);

const sign = (v: number): number => (v > 0 ? 1 : v < 0 ? -1 : 0);

/** The lower and upper ends of edge e (from node e to next[e]) by y, into _ends. */
const _ends = /* @__PURE__ */ new Int32Array(4);
function orderEnds(e: number, at: number): void {
  const f = nodes.next[e];
  const eLow = nodes.y[e] < nodes.y[f];
  _ends[at] = eLow ? e : f;
  _ends[at + 1] = eLow ? f : e;
}

/**
 * Whether the ray from M meets edge e (which crosses the line y = y_M strictly between its ends, to the
 * right of M) before edge f (the same): 1 yes, −1 no, 0 at the same point.
 */
function meetsFirst(e: number, f: number, my: number): number {
  orderEnds(e, 0);
  orderEnds(f, 2);
  const le = _ends[0], he = _ends[1], lf = _ends[2], hf = _ends[3];
  // Left of f's upward line means a smaller x at the same y; e's intercept mixes its ends' sides.
  const s1 = sign(orientNodes(lf, hf, le)), s2 = sign(orientNodes(lf, hf, he));
  if (s1 >= 0 && s2 >= 0 && s1 + s2 > 0) return 1;
  if (s1 <= 0 && s2 <= 0 && s1 + s2 < 0) return -1;
  if (s1 === 0 && s2 === 0) return 0;
  const r1 = sign(orientNodes(le, he, lf)), r2 = sign(orientNodes(le, he, hf));
  if (r1 >= 0 && r2 >= 0 && r1 + r2 > 0) return -1;
  if (r1 <= 0 && r2 <= 0 && r1 + r2 < 0) return 1;
  // The edges cross each other (checked input never gets here; a bridge would be refused anyway).
  const x = nodes.x, y = nodes.y;
  const xe = x[le] + (my - y[le]) * (x[he] - x[le]) / (y[he] - y[le]);
  const xf = x[lf] + (my - y[lf]) * (x[hf] - x[lf]) / (y[hf] - y[lf]);
  return xe < xf ? 1 : xe > xf ? -1 : 0;
}

/** The first node of the list from `head` (`size` nodes) at node t's point whose sector contains the direction to m, or −1. */
function visitSeeing(t: number, m: number, head: number, size: number): number {
  for (let s = 0, j = head; s < size; s++, j = nodes.next[j]) {
    if (samePosition(j, t) && locallyInside(j, m)) return j;
  }
  return -1;
}

/** Eberly's visible vertex for M on the outer list (see the header), as a node whose sector sees M; −1 if none. */
function eberlyTarget(m: number, outer: number, outerSize: number): number {
  const x = nodes.x, y = nodes.y, next = nodes.next;
  const mx = x[m], my = y[m];
  let hitVertex = -1, hitEdge = -1;
  for (let s = 0, i = outer; s < outerSize; s++, i = next[i]) {
    if (y[i] === my && x[i] > mx && (hitVertex < 0 || x[i] < x[hitVertex])) hitVertex = i;
    const j = next[i];
    if ((y[i] < my && y[j] > my) || (y[i] > my && y[j] < my)) {
      orderEnds(i, 0);
      // M strictly left of the upward edge: the ray meets it to the right of M.
      if (orientNodes(_ends[0], _ends[1], m) > 0 && (hitEdge < 0 || meetsFirst(i, hitEdge, my) > 0)) hitEdge = i;
    }
  }
  if (hitEdge < 0) return hitVertex < 0 ? -1 : visitSeeing(hitVertex, m, outer, outerSize);
  orderEnds(hitEdge, 0);
  const lo = _ends[0], hi = _ends[1];
  if (hitVertex >= 0 && orientNodes(lo, hi, hitVertex) >= 0) return visitSeeing(hitVertex, m, outer, outerSize);
  const p = x[lo] > x[hi] ? lo : hi;
  const above = y[p] > my;
  let best = -1;
  for (let s = 0, r = outer; s < outerSize; s++, r = next[r]) {
    if (samePosition(r, p) || samePosition(r, m) || turnSign(r) > 0) continue;
    // Inside the closed triangle (M, I, P): the ray's side, the hit edge's side, the side of PM.
    if (above ? y[r] < my : y[r] > my) continue;
    if (orientNodes(lo, hi, r) < 0) continue;
    if ((above ? orientNodes(p, m, r) : orientNodes(m, p, r)) < 0) continue;
    if (best < 0) {
      best = r;
      continue;
    }
    // The smallest angle with the ray: clockwise of `best` above the ray, counter-clockwise below.
    const o = orientNodes(m, best, r);
    if (above ? o < 0 : o > 0) best = r;
    else if (o === 0 && (x[r] < x[best] || (x[r] === x[best] && Math.abs(y[r] - my) < Math.abs(y[best] - my)))) best = r;
  }
  return visitSeeing(best >= 0 ? best : p, m, outer, outerSize);
}

/**
 * Whether segment (m, t) and edge (a, b) meet only where allowed: not crossing, not overlapping, no
 * vertex inside the open segment, and an end of the segment inside the edge only with the segment
 * leaving on the edge's interior side (its left).
 */
function segmentClear(m: number, t: number, a: number, b: number): boolean {
  const x = nodes.x, y = nodes.y;
  if (Math.max(x[a], x[b]) < Math.min(x[m], x[t]) || Math.max(x[m], x[t]) < Math.min(x[a], x[b])) return true;
  if (Math.max(y[a], y[b]) < Math.min(y[m], y[t]) || Math.max(y[m], y[t]) < Math.min(y[a], y[b])) return true;
  const o1 = sign(orientNodes(m, t, a)), o2 = sign(orientNodes(m, t, b));
  if (o1 * o2 > 0) return true;
  const o3 = sign(orientNodes(a, b, m)), o4 = sign(orientNodes(a, b, t));
  if (o3 * o4 > 0) return true;
  if (o1 === 0 && o2 === 0) return !collinearOverlap(m, t, a, b);
  if (o1 !== 0 && o2 !== 0 && o3 !== 0 && o4 !== 0) return false;
  if (o1 === 0 && !samePosition(a, m) && !samePosition(a, t)) return false;
  if (o2 === 0 && !samePosition(b, m) && !samePosition(b, t)) return false;
  if (o3 === 0 && !samePosition(m, a) && !samePosition(m, b)) return o4 > 0;
  if (o4 === 0 && !samePosition(t, a) && !samePosition(t, b)) return o3 > 0;
  return true;
}

/**
 * Whether the bridge from hole node m to outer node t is usable: each end's sector contains the other end,
 * and no edge of the live loops (heads[k], sizes[k] for live[k] !== 0) gets in its way.
 */
function bridgeClear(m: number, t: number, heads: Int32Array, sizes: Int32Array, live: Uint8Array, count: number): boolean {
  if (samePosition(m, t) || !locallyInside(t, m) || !locallyInside(m, t)) return false;
  for (let k = 0; k < count; k++) {
    if (live[k] === 0) continue;
    for (let s = 0, i = heads[k]; s < sizes[k]; s++, i = nodes.next[i]) {
      if (!segmentClear(m, t, i, nodes.next[i])) return false;
    }
  }
  return true;
}

/** The nearest outer nodes to m (by rounded distance, then id), tried in turn (the header's fallback); −1 if none passes. */
function nearestClearTarget(m: number, heads: Int32Array, sizes: Int32Array, live: Uint8Array, count: number): number {
  const outerSize = sizes[0];
  if (_candidates.length < outerSize || _distance.length < nodes.size) {
    _candidates = new Int32Array(Math.max(outerSize, 2 * _candidates.length, 64));
    _distance = new Float64Array(Math.max(nodes.size, 2 * _distance.length, 64));
  }
  const x = nodes.x, y = nodes.y;
  for (let s = 0, i = heads[0]; s < outerSize; s++, i = nodes.next[i]) {
    const dx = x[i] - x[m], dy = y[i] - y[m];
    _distance[i] = dx * dx + dy * dy;
    _candidates[s] = i;
  }
  sortIndices(_candidates, outerSize, _distance, null);
  const tries = Math.min(outerSize, BRIDGE_FALLBACK_CANDIDATES);
  for (let s = 0; s < tries; s++) {
    const t = _candidates[s];
    if (bridgeClear(m, t, heads, sizes, live, count)) return t;
  }
  return -1;
}

/** Whether hole node m (at outer node v's point) can join v's visit: the hole's wedge lies inside v's sector. */
function wedgeFits(m: number, v: number): boolean {
  const mp = nodes.prev[m], mn = nodes.next[m];
  // The hole's wedge runs counter-clockwise from m→prev to m→next; v's sector from v→next to v→prev.
  return locallyInside(v, mp) && locallyInside(v, mn) && strictlyBetween(v, nodes.next[v], mn, mp);
}

/**
 * Joins the hole loop at heads[k] (sizes[k] nodes) to the outer list heads[0] (see the header) and marks
 * it as no longer live on its own; sizes[0] grows by the nodes taken in. Returns false, changing nothing,
 * when no bridge is found. Mutates the node store, heads, sizes and live.
 */
export function bridgeHole(k: number, heads: Int32Array, sizes: Int32Array, live: Uint8Array, count: number): boolean {
  const x = nodes.x, y = nodes.y, next = nodes.next, prev = nodes.prev;
  const hole = heads[k], holeSize = sizes[k];
  let m = hole;
  for (let s = 1, i = next[hole]; s < holeSize; s++, i = next[i]) {
    if (x[i] > x[m] || (x[i] === x[m] && y[i] > y[m])) m = i;
  }
  const outer = heads[0], outerSize = sizes[0];
  for (let s = 0, v = outer; s < outerSize; s++, v = next[v]) {
    if (!samePosition(v, m) || !wedgeFits(m, v)) continue;
    // … v, (hole from m's next around to m), v's old next …: no new nodes.
    const vn = next[v], mn = next[m];
    next[v] = mn;
    prev[mn] = v;
    next[m] = vn;
    prev[vn] = m;
    sizes[0] += holeSize;
    live[k] = 0;
    return true;
  }
  let t = eberlyTarget(m, outer, outerSize);
  if (t >= 0 && !bridgeClear(m, t, heads, sizes, live, count)) t = -1;
  if (t < 0) t = nearestClearTarget(m, heads, sizes, live, count);
  if (t < 0) return false;
  // … t, m, (around the hole), m2, t2, t's old next …
  const m2 = copyNode(m), t2 = copyNode(t);
  const tn = next[t], mp = prev[m];
  next[t] = m;
  prev[m] = t;
  next[mp] = m2;
  prev[m2] = mp;
  next[m2] = t2;
  prev[t2] = m2;
  next[t2] = tn;
  prev[tn] = t2;
  sizes[0] += holeSize + 2;
  live[k] = 0;
  return true;
}
