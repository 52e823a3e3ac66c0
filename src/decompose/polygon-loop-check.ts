/**
 * The checks that make polygon-triangulate.ts honest: that the loops wind at most once around every point
 * of the plane. Ear clipping with exact signs keeps, at every step, the identity "the triangles emitted
 * plus the loop left cover each point as often as the input loops wind around it" (polygon-triangulate.ts
 * derives it). So once the loop is used up, the triangles cover each point w(p) times, w the loops' winding
 * number: exactly the polygon when w is 0 or 1 everywhere, and never where w < 0 (no set of counter-
 * clockwise triangles can). What can go wrong is w ≥ 2, and with correctly oriented loops that needs a
 * crossing. So the loops are accepted only when:
 * - no two edges cross or overlap: a proper crossing, two collinear edges sharing more than a point, or an
 *   edge through another loop's vertex with that vertex's two edges on opposite sides (a crossing at a
 *   T-junction) are each a failure; edges may touch at their ends, and a vertex may sit on an edge from
 *   one side;
 * - no two visits of one point cross there: their four rays around the point do not interleave (and no two
 *   of them point the same way, which would be overlapping edges);
 * - every loop, now weakly simple, has the orientation it was given as: counter-clockwise for the outer
 *   loop, clockwise for holes, read at its lowest-leftmost point from the visit whose rays are outermost
 *   (a simple closed curve turns the same way as its extreme point).
 *
 * Methods: the pairs of edges come from a sweep over x (Shamos and Hoey 1976, without their balanced tree:
 * the active edges are those whose x-span still covers the sweep line, few for the polygons of a cut, so
 * the check is near linear there and quadratic at worst); the visits of one point come from a sort by (x, y).
 * Every test is orient2d (exact) or an exact comparison of coordinates.
 */
import { collinearOverlap, nodes, orientNodes, samePosition, sameDirection, strictlyBetween, turnSign } from './polygon-nodes.js';
import { sortIndices } from './sort-indices.js';

/** Scratch: the nodes of the checked loops (edge i runs from node i to next[i]), edge left ends, sweep order, active edges. */
let _ids = /* @__PURE__ */ new Int32Array(0);
let _order = /* @__PURE__ */ new Int32Array(0);
let _active = /* @__PURE__ */ new Int32Array(0);
let _minX = /* @__PURE__ */ new Float64Array(0);

function reserve(capacity: number): void {
  if (_ids.length >= capacity) return;
  const c = Math.max(capacity, 2 * _ids.length, 64);
  _ids = new Int32Array(c);
  _order = new Int32Array(c);
  _active = new Int32Array(c);
  _minX = new Float64Array(c);
}

const sign = (v: number): number => (v > 0 ? 1 : v < 0 ? -1 : 0);

/** Whether every point of the loop starting at `head` (of `size` nodes) lies on one line (its area is zero). */
export function isFlatLoop(head: number, size: number): boolean {
  let b = -1;
  for (let s = 0, i = head; s < size; s++, i = nodes.next[i]) {
    if (b < 0) {
      if (!samePosition(i, head)) b = i;
    } else if (orientNodes(head, b, i) !== 0) return false;
  }
  return true;
}

/**
 * The orientation of the loop starting at `head` (of `size` nodes), assuming it is weakly simple (checked
 * by loopsCrossNowhere): 1 counter-clockwise, −1 clockwise, 0 when its extreme point does not tell (a spike
 * there, or visits that are not nested: the loop is then not weakly simple either).
 */
export function loopOrientation(head: number, size: number): number {
  const x = nodes.x, y = nodes.y;
  let low = head;
  for (let s = 1, i = nodes.next[head]; s < size; s++, i = nodes.next[i]) {
    if (x[i] < x[low] || (x[i] === x[low] && y[i] < y[low])) low = i;
  }
  // Every ray from the lowest-leftmost point lies in the half-plane x > x0 or (x = x0, y > y0), less than a
  // half turn wide, where orient2d orders rays: r before m (clockwise of it) when orient2d(low, r, m) > 0.
  let first = -1, last = -1, firstOwner = -1, lastOwner = -1;
  for (let s = 0, j = head; s < size; s++, j = nodes.next[j]) {
    if (!samePosition(j, low)) continue;
    for (let side = 0; side < 2; side++) {
      const r = side === 0 ? nodes.prev[j] : nodes.next[j];
      if (first < 0 || orientNodes(low, r, first) > 0) {
        first = r;
        firstOwner = j;
      }
      if (last < 0 || orientNodes(low, last, r) > 0) {
        last = r;
        lastOwner = j;
      }
    }
  }
  // The outermost visit holds both extreme rays; its turn is the loop's.
  return firstOwner === lastOwner ? turnSign(firstOwner) : 0;
}

/**
 * Node t lies on segment (a, b), strictly inside it: whether t's visit stays on one side of the segment's
 * line (its two neighbours strictly on the same side), so the loop through t touches the edge, not crosses it.
 */
function touchesFromOneSide(a: number, b: number, t: number): boolean {
  return sign(orientNodes(a, b, nodes.prev[t])) * sign(orientNodes(a, b, nodes.next[t])) > 0;
}

/** Whether edges e = (e, next[e]) and f = (f, next[f]) neither cross nor overlap (see the header). */
function edgesCompatible(e: number, f: number): boolean {
  const next = nodes.next, y = nodes.y;
  const a = e, b = next[e], c = f, d = next[f];
  if (b === c || d === a) return true;
  if (Math.max(y[a], y[b]) < Math.min(y[c], y[d]) || Math.max(y[c], y[d]) < Math.min(y[a], y[b])) return true;
  const o1 = sign(orientNodes(a, b, c)), o2 = sign(orientNodes(a, b, d));
  if (o1 * o2 > 0) return true;
  const o3 = sign(orientNodes(c, d, a)), o4 = sign(orientNodes(c, d, b));
  if (o3 * o4 > 0) return true;
  if (o1 === 0 && o2 === 0) return !collinearOverlap(a, b, c, d);
  if (o1 !== 0 && o2 !== 0 && o3 !== 0 && o4 !== 0) return false;
  // They meet at one point, an end of one of them: a shared point (the visits' check decides) or a T.
  if (o1 === 0 && !samePosition(c, a) && !samePosition(c, b)) return touchesFromOneSide(a, b, c);
  if (o2 === 0 && !samePosition(d, a) && !samePosition(d, b)) return touchesFromOneSide(a, b, d);
  if (o3 === 0 && !samePosition(a, c) && !samePosition(a, d)) return touchesFromOneSide(c, d, a);
  if (o4 === 0 && !samePosition(b, c) && !samePosition(b, d)) return touchesFromOneSide(c, d, b);
  return true;
}

/** Whether two visits i and j of one point neither cross there nor share a ray (see the header). */
function visitsCompatible(i: number, j: number): boolean {
  const pi = nodes.prev[i], ni = nodes.next[i], pj = nodes.prev[j], nj = nodes.next[j];
  if (sameDirection(i, pi, pj) || sameDirection(i, pi, nj) || sameDirection(i, ni, pj) || sameDirection(i, ni, nj)) return false;
  return strictlyBetween(i, ni, pi, pj) === strictlyBetween(i, ni, pi, nj);
}

/**
 * Whether the loops starting at heads[0..count) (sizes[k] nodes each) have no crossing or overlapping edges
 * and no crossing visits of a shared point (the header's first two conditions). Reads the node store only.
 */
export function loopsCrossNowhere(heads: Int32Array, sizes: Int32Array, count: number): boolean {
  let m = 0;
  for (let k = 0; k < count; k++) m += sizes[k];
  reserve(Math.max(m, nodes.size));
  m = 0;
  for (let k = 0; k < count; k++) {
    for (let s = 0, i = heads[k]; s < sizes[k]; s++, i = nodes.next[i]) _ids[m++] = i;
  }
  const x = nodes.x, next = nodes.next;
  // Edges by their left ends; an edge stays active while the sweep line is within its x-span.
  for (let t = 0; t < m; t++) {
    const i = _ids[t];
    _minX[i] = Math.min(x[i], x[next[i]]);
    _order[t] = i;
  }
  sortIndices(_order, m, _minX, null);
  let activeCount = 0;
  for (let t = 0; t < m; t++) {
    const e = _order[t], left = _minX[e];
    let kept = 0;
    for (let a = 0; a < activeCount; a++) {
      const f = _active[a];
      if (Math.max(x[f], x[next[f]]) >= left) _active[kept++] = f;
    }
    activeCount = kept;
    for (let a = 0; a < activeCount; a++) if (!edgesCompatible(_active[a], e)) return false;
    _active[activeCount++] = e;
  }
  // Visits of one point: runs of equal (x, y) after a sort.
  for (let t = 0; t < m; t++) _order[t] = _ids[t];
  sortIndices(_order, m, nodes.x, nodes.y);
  for (let start = 0, end = 1; start < m; start = end, end = start + 1) {
    while (end < m && samePosition(_order[start], _order[end])) end++;
    for (let s = start; s < end; s++) {
      for (let u = s + 1; u < end; u++) if (!visitsCompatible(_order[s], _order[u])) return false;
    }
  }
  return true;
}
