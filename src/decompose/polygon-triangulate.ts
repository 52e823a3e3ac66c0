/**
 * Triangulation of a polygon with holes in the plane, by ear clipping after joining the holes to the outer
 * loop with bridges: D. Eberly, "Triangulation by ear clipping" (Geometric Tools, 2002–2008), with the
 * degenerate cases of M. Held, "FIST: Fast industrial-strength triangulation of polygons", Algorithmica 30
 * (2001) 563–596 (zero-length edges dropped, collinear corners clipped without a triangle, points visited
 * twice). Every orientation is orient2d's exact sign (src/math/robust-predicates.ts, Shewchuk 1997).
 *
 * Why a `true` is never wrong. Write w_L(p) for the winding number of a closed polyline L around a point
 * p not on it. As chains, L = L' + ∂(a, b, c) when L' is L with the corner b of a, b, c cut off, so
 * w_L = w_L' + w_(a,b,c): clipping an ear with orient2d(a, b, c) > 0 moves the indicator of its interior
 * from the loop to the output, and clipping a corner with orient2d = 0 moves nothing (a flat triangle
 * winds around no point). Dropping a zero-length edge changes no winding number, and a bridge adds a
 * segment once each way, which cancels. So whatever the ears chosen, when the loop is used up (two nodes
 * left) the triangles emitted cover each point exactly w(p) times, w the input loops' winding number.
 * polygon-loop-check.ts accepts only loops with w ≤ 1 everywhere; then the triangles cover each point of
 * {w = 1} (the polygon) once and nothing else. Loops where w < 0 somewhere (a hole outside the outer loop,
 * a bow tie's second lobe) cannot be used up by counter-clockwise triangles at all: the loop then stalls
 * and the call returns false. The choice of ears and bridges decides only whether the call succeeds.
 *
 * The ear test (Eberly §2; Held §3 for the degenerate cases): a strictly convex corner (p, v, n) is an ear
 * when no other node that is reflex or straight lies in the closed triangle (straight nodes count because
 * a diagonal through one would run along the boundary), and, at a corner whose point the loop visits more
 * than once (a bridge's copy, a pinch, a touching hole), the loop winds once around the triangle's side of
 * that point, counted exactly from the rays of every visit (cornerInside). That keeps every triangle within
 * the part of the plane the loop still winds around, so the loop never needs a clockwise triangle.
 * When a whole pass finds no ear, one zero-area corner (a straight node, or the tip of a spike) is clipped
 * without a triangle; when there is none, the call fails. The loop is capped at EAR_STEP_CAP_FACTOR·n²
 * steps (a pass is at most n steps and each pass removes a node, so the cap is never reached unless the
 * store is corrupt).
 */
import { describeValue, InvalidArgumentError, InvalidNumberError } from '../errors.js';
import { bridgeHole } from './hole-bridge.js';
import { isFlatLoop, loopOrientation, loopsCrossNowhere } from './polygon-loop-check.js';
import { addNode, insertAfter, nodes, orientNodes, resetNodes, sameDirection, samePosition, turnSign, unlink } from './polygon-nodes.js';
import { sortIndices } from './sort-indices.js';

/** The ear loop's cap is EAR_STEP_CAP_FACTOR·n² + EAR_STEP_CAP_MIN steps for n nodes (the header's bound is n·(n + 1)). */
const EAR_STEP_CAP_FACTOR = 2;
const EAR_STEP_CAP_MIN = 64;

/** Per loop (0 the outer, k + 1 hole k): its list's head node and size, whether it is still a list of its own; hole order. */
let _heads = /* @__PURE__ */ new Int32Array(0);
let _sizes = /* @__PURE__ */ new Int32Array(0);
let _live = /* @__PURE__ */ new Uint8Array(0);
let _order = /* @__PURE__ */ new Int32Array(0);
let _rightX = /* @__PURE__ */ new Float64Array(0);
let _rightY = /* @__PURE__ */ new Float64Array(0);
let _checkHeads = /* @__PURE__ */ new Int32Array(0);
let _checkSizes = /* @__PURE__ */ new Int32Array(0);

function reserveLoops(count: number): void {
  if (_heads.length >= count) return;
  const c = Math.max(count, 2 * _heads.length, 8);
  _heads = new Int32Array(c);
  _sizes = new Int32Array(c);
  _live = new Uint8Array(c);
  _order = new Int32Array(c);
  _rightX = new Float64Array(c);
  _rightY = new Float64Array(c);
  _checkHeads = new Int32Array(c);
  _checkSizes = new Int32Array(c);
}

/**
 * Triangulates the polygon whose boundary is the loop `outer` (counter-clockwise) less the holes `holes`
 * (each clockwise, inside the outer loop; holes may touch the outer loop or each other at a point, loops may
 * have collinear runs and repeated consecutive points).
 *
 * - `xy`: the points, flat (x0, y0, x1, y1, …); read only.
 * - `outer`, `holes[k]`: indices of points of `xy`, at least 3 per loop; read only.
 * - `out`: triangles are appended to it as three point indices each, counter-clockwise (orient2d > 0: no
 *   flat triangle is ever emitted).
 *
 * Returns true when the triangles appended cover the polygon exactly (each point of its interior once,
 * nothing outside; a polygon of zero area gives none). Returns false, and appends nothing, when it cannot:
 * loops that cross or overlap, that wind the wrong way or around a point twice (a bow tie, a hole given
 * counter-clockwise), a hole outside the outer loop, or a degenerate configuration it does not resolve.
 * Throws InvalidArgumentError (naming the argument, e.g. `holes[1][4]`) for an index that is not a point
 * of `xy`, a loop of fewer than 3 indices or arguments of the wrong type, and InvalidNumberError (e.g.
 * `xy[7]`) for a coordinate of a used point that is NaN or infinite.
 */
export function triangulatePolygon(xy: Float64Array, outer: Int32Array, holes: readonly Int32Array[], out: number[]): boolean {
  checkArguments(xy, outer, holes, out);
  const start = out.length;
  if (triangulateLoops(xy, outer, holes, out)) return true;
  out.length = start;
  return false;
}

/** Reads one loop's indices (already checked) into a list, dropping repeated consecutive points. */
function buildLoop(xy: Float64Array, loop: Int32Array, id: number): void {
  let head = -1, last = -1, size = 0;
  for (let i = 0; i < loop.length; i++) {
    const v = loop[i], x = xy[2 * v], y = xy[2 * v + 1];
    if (last >= 0 && nodes.x[last] === x && nodes.y[last] === y) continue;
    const node = addNode(v, x, y);
    if (head < 0) head = node;
    else insertAfter(node, last);
    last = node;
    size++;
  }
  while (size > 1 && samePosition(last, head)) {
    const before = nodes.prev[last];
    unlink(last);
    last = before;
    size--;
  }
  _heads[id] = head;
  _sizes[id] = size;
  _live[id] = size >= 3 && !isFlatLoop(head, size) ? 1 : 0;
}

/** The triangulation proper (arguments checked); false when it cannot (see triangulatePolygon). */
function triangulateLoops(xy: Float64Array, outer: Int32Array, holes: readonly Int32Array[], out: number[]): boolean {
  const loopCount = 1 + holes.length;
  let capacity = outer.length;
  for (let k = 0; k < holes.length; k++) capacity += holes[k].length + 2;
  resetNodes(capacity);
  reserveLoops(loopCount);
  buildLoop(xy, outer, 0);
  for (let k = 0; k < holes.length; k++) buildLoop(xy, holes[k], k + 1);
  // Flat loops wind around no point: dropped. A flat outer loop leaves nothing to cover, and any hole then
  // winds −1 around its inside.
  let liveCount = 0;
  for (let k = 0; k < loopCount; k++) {
    if (_live[k] === 0) continue;
    _checkHeads[liveCount] = _heads[k];
    _checkSizes[liveCount++] = _sizes[k];
  }
  if (_live[0] === 0) return liveCount === 0;
  if (!loopsCrossNowhere(_checkHeads, _checkSizes, liveCount)) return false;
  if (loopOrientation(_heads[0], _sizes[0]) !== 1) return false;
  let holeCount = 0;
  for (let k = 1; k < loopCount; k++) {
    if (_live[k] === 0) continue;
    if (loopOrientation(_heads[k], _sizes[k]) !== -1) return false;
    // Holes by their rightmost point, largest x first (keys negated for the increasing sort).
    let r = _heads[k];
    for (let s = 1, i = nodes.next[r]; s < _sizes[k]; s++, i = nodes.next[i]) {
      if (nodes.x[i] > nodes.x[r] || (nodes.x[i] === nodes.x[r] && nodes.y[i] > nodes.y[r])) r = i;
    }
    _rightX[k] = -nodes.x[r];
    _rightY[k] = -nodes.y[r];
    _order[holeCount++] = k;
  }
  sortIndices(_order, holeCount, _rightX, _rightY);
  for (let h = 0; h < holeCount; h++) {
    if (!bridgeHole(_order[h], _heads, _sizes, _live, loopCount)) return false;
  }
  return clipEars(_heads[0], _sizes[0], out);
}

/** Scratch of cornerInside: the rays from a corner's point (node ids of their far ends), their weights, their order. */
let _rays = /* @__PURE__ */ new Int32Array(0);
let _weights = /* @__PURE__ */ new Int8Array(0);

/** Where the ray c→d lies counter-clockwise from the ray c→a: 0 within the half turn, 1 opposite, 2 beyond, 3 along a. */
function turnClass(c: number, a: number, d: number): number {
  const o = orientNodes(c, a, d);
  if (o > 0) return 0;
  if (o < 0) return 2;
  return sameDirection(c, a, d) ? 3 : 1;
}

/** Whether the ray c→d comes before c→e counter-clockwise from c→a (rays along a last). */
function rayBefore(c: number, a: number, d: number, e: number): boolean {
  const kd = turnClass(c, a, d), ke = turnClass(c, a, e);
  if (kd !== ke) return kd < ke;
  return (kd === 0 || kd === 2) && orientNodes(c, d, e) > 0;
}

/**
 * Whether the loop winds once around the points just inside the cone at corner c (from the ray c→a
 * counter-clockwise to c→b, less than a half turn), counting every visit of c's point (the corner's own
 * node, bridge copies, pinches). Crossing a ray counter-clockwise around c changes the winding number by +1
 * for an edge leaving c and −1 for one arriving, so with the rays in angular order from a the winding number
 * just past a is minus the least prefix sum (the loop winds 0 or 1 times around every point). The cone must
 * hold no ray, and that winding number must be 1. A point visited once needs none of this.
 */
function cornerInside(c: number, a: number, b: number, count: number): boolean {
  if (_rays.length < 2 * count) {
    _rays = new Int32Array(Math.max(2 * count, 2 * _rays.length, 16));
    _weights = new Int8Array(_rays.length);
  }
  let rays = 0;
  for (let s = 0, i = c; s < count; s++, i = nodes.next[i]) {
    if (!samePosition(i, c)) continue;
    for (let side = 0; side < 2; side++) {
      const d = side === 0 ? nodes.next[i] : nodes.prev[i];
      if (orientNodes(c, a, d) > 0 && orientNodes(c, d, b) > 0) return false;
      // Insertion in angular order (a handful of rays).
      let at = rays++;
      while (at > 0 && rayBefore(c, a, d, _rays[at - 1])) {
        _rays[at] = _rays[at - 1];
        _weights[at] = _weights[at - 1];
        at--;
      }
      _rays[at] = d;
      _weights[at] = side === 0 ? 1 : -1;
    }
  }
  let sum = 0, least = 0;
  for (let k = 0; k < rays; k++) {
    sum += _weights[k];
    // Rays along one direction are crossed together.
    if (k + 1 < rays && sameDirection(c, _rays[k], _rays[k + 1])) continue;
    if (sum < least) least = sum;
  }
  return least === -1;
}

/** Whether the strictly convex corner (p, v, n) of a loop of `count` nodes is an ear (the header's test). */
function isEar(p: number, v: number, n: number, count: number): boolean {
  const x = nodes.x, y = nodes.y, turn = nodes.turn, next = nodes.next;
  const px = x[p], py = y[p], vx = x[v], vy = y[v], nx = x[n], ny = y[n];
  const minX = Math.min(px, vx, nx), maxX = Math.max(px, vx, nx), minY = Math.min(py, vy, ny), maxY = Math.max(py, vy, ny);
  let twiceP = false, twiceV = false, twiceN = false;
  for (let s = 3, r = next[n]; s < count; s++, r = next[r]) {
    const rx = x[r], ry = y[r];
    if (rx < minX || rx > maxX || ry < minY || ry > maxY) continue;
    if (rx === px && ry === py) twiceP = true;
    else if (rx === vx && ry === vy) twiceV = true;
    else if (rx === nx && ry === ny) twiceN = true;
    else if (turn[r] <= 0 && orientNodes(p, v, r) >= 0 && orientNodes(v, n, r) >= 0 && orientNodes(n, p, r) >= 0) return false;
  }
  return !(twiceP && !cornerInside(p, v, n, count)) && !(twiceV && !cornerInside(v, n, p, count)) && !(twiceN && !cornerInside(n, p, v, count));
}

/** Clips the loop from `head` (`count` nodes) down to two nodes, appending the ears to `out`; false if it stalls. */
function clipEars(head: number, count: number, out: number[]): boolean {
  const prev = nodes.prev, next = nodes.next, turn = nodes.turn, vertex = nodes.vertex;
  for (let s = 0, i = head; s < count; s++, i = next[i]) turn[i] = turnSign(i);
  const cap = EAR_STEP_CAP_FACTOR * count * count + EAR_STEP_CAP_MIN;
  let ear = head, stop = head;
  for (let steps = 0; count > 2; steps++) {
    if (steps > cap) return false;
    const p = prev[ear], n = next[ear];
    if (turn[ear] > 0 && isEar(p, ear, n, count)) {
      out.push(vertex[p], vertex[ear], vertex[n]);
      unlink(ear);
      count--;
      turn[p] = turnSign(p);
      turn[n] = turnSign(n);
      // Going on past n (not at it) spreads the ears around the loop: fewer slivers fanning from one node.
      ear = next[n];
      stop = ear;
      continue;
    }
    ear = n;
    if (ear !== stop) continue;
    // A whole pass without an ear (the progress check): clip one zero-area corner, or stall.
    let flat = -1;
    for (let s = 0, i = ear; s < count; s++, i = next[i]) {
      if (turn[i] === 0) {
        flat = i;
        break;
      }
    }
    if (flat < 0) return false;
    const a = prev[flat];
    unlink(flat);
    count--;
    // A spike's tip gone, its two sides may end on one point: drop that zero-length edge too.
    while (count > 1 && samePosition(a, next[a])) {
      unlink(next[a]);
      count--;
    }
    turn[a] = turnSign(a);
    turn[next[a]] = turnSign(next[a]);
    turn[prev[a]] = turnSign(prev[a]);
    ear = a;
    stop = a;
  }
  return true;
}

/** Checks the arguments' types, every index and the coordinates of every point used (see triangulatePolygon). */
function checkArguments(xy: Float64Array, outer: Int32Array, holes: readonly Int32Array[], out: number[]): void {
  if (!(xy instanceof Float64Array)) throw new InvalidArgumentError('xy', `is ${describeValue(xy)}; expected a Float64Array of x, y pairs`);
  if (xy.length % 2 !== 0) throw new InvalidArgumentError('xy', `has ${xy.length} numbers; expected x, y pairs (an even count)`);
  if (!Array.isArray(holes)) throw new InvalidArgumentError('holes', `is ${describeValue(holes)}; expected an array of Int32Array loops`);
  if (!Array.isArray(out)) throw new InvalidArgumentError('out', `is ${describeValue(out)}; expected an array to append triangles to`);
  checkLoop(xy, outer, 'outer');
  for (let k = 0; k < holes.length; k++) checkLoop(xy, holes[k], `holes[${k}]`);
}

function checkLoop(xy: Float64Array, loop: Int32Array, field: string): void {
  if (!(loop instanceof Int32Array)) throw new InvalidArgumentError(field, `is ${describeValue(loop)}; expected an Int32Array of point indices`);
  if (loop.length < 3) throw new InvalidArgumentError(field, `has ${loop.length} indices; a loop needs at least 3`);
  const points = xy.length / 2;
  for (let i = 0; i < loop.length; i++) {
    const v = loop[i];
    if (v < 0 || v >= points) throw new InvalidArgumentError(`${field}[${i}]`, `is ${v}; expected the index of a point of xy, 0 to ${points - 1}`);
    if (!Number.isFinite(xy[2 * v])) throw new InvalidNumberError(`xy[${2 * v}]`, xy[2 * v]);
    if (!Number.isFinite(xy[2 * v + 1])) throw new InvalidNumberError(`xy[${2 * v + 1}]`, xy[2 * v + 1]);
  }
}
