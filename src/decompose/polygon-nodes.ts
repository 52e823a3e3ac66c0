/**
 * The working store of polygon-triangulate.ts and its helpers: the loops of a polygon as circular doubly
 * linked lists of nodes in module-level typed arrays (grown, never shrunk, so that a cap after a cap
 * allocates nothing), and the local predicates on them. Every decision goes through orient2d (exact signs,
 * src/math/robust-predicates.ts) or exact comparisons of coordinates.
 *
 * A node is one visit of the loop to a point: a bridge or a pinch visits a point twice, by two nodes.
 * Consecutive nodes never share a position (zero-length edges are dropped when the lists are built and
 * whenever a removal would make one).
 */
import { orient2d } from '../math/robust-predicates.js';

/** The node arrays: position (copied from xy), vertex index, links, and the cached turn sign. */
export interface PolygonNodes {
  x: Float64Array;
  y: Float64Array;
  vertex: Int32Array;
  prev: Int32Array;
  next: Int32Array;
  /** sign of orient2d(prev, node, next): 1 convex, −1 reflex, 0 straight or a spike; kept by the ear loop. */
  turn: Int8Array;
  /** Nodes in use. */
  size: number;
}

/** The one store (triangulatePolygon is not re-entrant: it calls nothing that could call it back). */
export const nodes: PolygonNodes = /* @__PURE__ */ createNodes();

function createNodes(): PolygonNodes {
  return {
    x: new Float64Array(0), y: new Float64Array(0), vertex: new Int32Array(0), prev: new Int32Array(0),
    next: new Int32Array(0), turn: new Int8Array(0), size: 0,
  };
}

/** Empties the store and makes room for `capacity` nodes. */
export function resetNodes(capacity: number): void {
  if (nodes.x.length < capacity) {
    const c = Math.max(capacity, 2 * nodes.x.length, 64);
    nodes.x = new Float64Array(c);
    nodes.y = new Float64Array(c);
    nodes.vertex = new Int32Array(c);
    nodes.prev = new Int32Array(c);
    nodes.next = new Int32Array(c);
    nodes.turn = new Int8Array(c);
  }
  nodes.size = 0;
}

/** A new node (unlinked: its own prev and next) for vertex `vertex` at (x, y); returns its id. */
export function addNode(vertex: number, x: number, y: number): number {
  const i = nodes.size++;
  nodes.x[i] = x;
  nodes.y[i] = y;
  nodes.vertex[i] = vertex;
  nodes.prev[i] = i;
  nodes.next[i] = i;
  nodes.turn[i] = 0;
  return i;
}

/** A second visit of node i's point (a bridge's far end): a new unlinked node with i's vertex. */
export function copyNode(i: number): number {
  return addNode(nodes.vertex[i], nodes.x[i], nodes.y[i]);
}

/** Inserts node i after node a. */
export function insertAfter(i: number, a: number): void {
  const b = nodes.next[a];
  nodes.next[a] = i;
  nodes.prev[i] = a;
  nodes.next[i] = b;
  nodes.prev[b] = i;
}

/** Takes node i out of its list (its neighbours are linked to each other). */
export function unlink(i: number): void {
  const p = nodes.prev[i], n = nodes.next[i];
  nodes.next[p] = n;
  nodes.prev[n] = p;
}

/** Whether nodes i and j are at the same point (exact comparison of the coordinates). */
export function samePosition(i: number, j: number): boolean {
  return nodes.x[i] === nodes.x[j] && nodes.y[i] === nodes.y[j];
}

/** orient2d of three nodes' points. */
export function orientNodes(a: number, b: number, c: number): number {
  const x = nodes.x, y = nodes.y;
  return orient2d(x[a], y[a], x[b], y[b], x[c], y[c]);
}

/** The sign of the turn at node i: orient2d(prev, i, next) as 1, −1 or 0. */
export function turnSign(i: number): number {
  const o = orientNodes(nodes.prev[i], i, nodes.next[i]);
  return o > 0 ? 1 : o < 0 ? -1 : 0;
}

/** Whether the collinear segments (a, b) and (c, d) share more than a point (exact comparisons along x, or y if ab is vertical). */
export function collinearOverlap(a: number, b: number, c: number, d: number): boolean {
  const k = nodes.x[a] !== nodes.x[b] ? nodes.x : nodes.y;
  const lo = Math.max(Math.min(k[a], k[b]), Math.min(k[c], k[d]));
  const hi = Math.min(Math.max(k[a], k[b]), Math.max(k[c], k[d]));
  return lo < hi;
}

/**
 * Whether the rays from v through a and through b point the same way (a, b, v collinear, a and b on one
 * side of v). Exact: collinearity by orient2d, the side by comparing coordinates.
 */
export function sameDirection(v: number, a: number, b: number): boolean {
  if (orientNodes(v, a, b) !== 0) return false;
  const x = nodes.x, y = nodes.y;
  if (x[a] !== x[v]) return (x[a] > x[v]) === (x[b] > x[v]);
  return (y[a] > y[v]) === (y[b] > y[v]);
}

/**
 * Whether the ray from v through q lies strictly inside the sector swept counter-clockwise from the ray
 * v→from to the ray v→to (exclusive of both). A sector from a ray to the same ray is the whole turn less
 * that ray. All points distinct from v.
 */
export function strictlyBetween(v: number, from: number, to: number, q: number): boolean {
  const ft = orientNodes(v, from, to), fq = orientNodes(v, from, q), qt = orientNodes(v, q, to);
  if (ft > 0) return fq > 0 && qt > 0;
  if (ft < 0) return fq > 0 || qt > 0;
  if (sameDirection(v, from, to)) return !sameDirection(v, from, q);
  // Opposite rays: the half-plane to the left of v→from.
  return fq > 0;
}

/**
 * Whether the polygon's interior near node a contains the start of the segment from a towards node q:
 * the ray a→q strictly inside the sector to the left of prev→a→next (the sector from a→next counter-
 * clockwise to a→prev). For a spike (prev and next the same way from a) the side is unknown locally: false.
 */
export function locallyInside(a: number, q: number): boolean {
  const p = nodes.prev[a], n = nodes.next[a];
  if (samePosition(a, q)) return false;
  if (sameDirection(a, p, n)) return false;
  return strictlyBetween(a, n, p, q);
}
