/**
 * Polygons and the checks of a triangulation for polygon-triangulate's tests, independent of the code under
 * test: exact BigInt arithmetic (test/math/dyadic.ts) for the even-odd point-in-polygon test, the
 * triangles' orientation and their pairwise overlap, and a plain shoelace sum for the areas.
 *
 * A triangulation passes checkTiling when every triangle is counter-clockwise (exactly), every pair of
 * triangles has disjoint interiors (a separating edge line, exactly), every triangle's centroid lies
 * strictly inside the polygon by the even-odd rule (exactly), and the triangles' areas sum to the polygon's
 * shoelace area to 1e-12 relative: together, the triangles tile the polygon.
 */
import { expect } from 'vitest';
import { triangulatePolygon } from '../../src/decompose/polygon-triangulate.js';
import { same } from '../check.js';
import { exactOrientSignBig, scaledBigInt } from '../math/dyadic.js';

/** A polygon: flat points, the outer loop and the holes as point indices. */
export interface Poly {
  pts: number[];
  outer: number[];
  holes: number[][];
}

/** Runs triangulatePolygon on a Poly. */
export function triangulate(poly: Poly, out: number[] = []): { ok: boolean; tris: number[] } {
  const ok = triangulatePolygon(new Float64Array(poly.pts), new Int32Array(poly.outer), poly.holes.map((h) => new Int32Array(h)), out);
  return { ok, tris: out };
}

/** The signed shoelace area of a loop. */
export function loopArea(pts: number[], loop: number[]): number {
  let a = 0;
  for (let i = 0; i < loop.length; i++) {
    const p = loop[i], q = loop[(i + 1) % loop.length];
    a += pts[2 * p] * pts[2 * q + 1] - pts[2 * q] * pts[2 * p + 1];
  }
  return a / 2;
}

/** The polygon's area: the loops' signed areas summed (holes are clockwise, so they subtract). */
export function polygonArea(poly: Poly): number {
  return poly.holes.reduce((a, h) => a + loopArea(poly.pts, h), loopArea(poly.pts, poly.outer));
}

/** The points as BigInts, all scaled by one power of two so that every value is an integer (small ones where possible). */
function exactPoints(pts: number[]): bigint[] {
  const big = pts.map(scaledBigInt);
  // The lowest set bit over all values: v & −v isolates it, and its binary length gives its position.
  let shift = -1;
  for (const v of big) {
    if (v === 0n) continue;
    const low = (v < 0n ? -v : v) & (v < 0n ? v : -v);
    const t = low.toString(2).length - 1;
    if (shift < 0 || t < shift) shift = t;
  }
  return shift <= 0 ? big : big.map((v) => v >> BigInt(shift));
}

/** Even-odd crossing count of the horizontal ray from (X, Y) to +x over every loop edge; −1 if the point is on an edge. */
function evenOdd(P: bigint[], loops: number[][], X: bigint, Y: bigint, scale: bigint): number {
  let inside = 0;
  for (const loop of loops) {
    for (let i = 0; i < loop.length; i++) {
      const p = loop[i], q = loop[(i + 1) % loop.length];
      const py = P[2 * p + 1] * scale, qy = P[2 * q + 1] * scale;
      const straddles = (py > Y) !== (qy > Y);
      if (!straddles && py !== Y && qy !== Y) continue;
      const px = P[2 * p] * scale, qx = P[2 * q] * scale;
      const cross = (qx - px) * (Y - py) - (qy - py) * (X - px);
      if (cross === 0n && (X - px) * (X - qx) <= 0n && (Y - py) * (Y - qy) <= 0n) return -1;
      // The edge crosses the line y = Y; the crossing is right of X when X is on the edge's left going up.
      if (straddles && (qy > py ? cross > 0n : cross < 0n)) inside ^= 1;
    }
  }
  return inside;
}

/** Options of checkTiling: the triangle count expected (general position), if any. */
export interface TilingOptions {
  count?: number;
}

/** Checks that `tris` tiles `poly` (see the header); fails the test otherwise. */
export function checkTiling(poly: Poly, tris: number[], options: TilingOptions = {}): void {
  const { pts } = poly;
  const P = exactPoints(pts);
  const loops = [poly.outer, ...poly.holes];
  same(tris.length % 3, 0, 'whole triangles');
  const T = tris.length / 3;
  if (options.count !== undefined) same(T, options.count, 'triangle count');
  let area = 0;
  const box: number[] = [];
  for (let t = 0; t < T; t++) {
    const a = tris[3 * t], b = tris[3 * t + 1], c = tris[3 * t + 2];
    same(exactOrientSignBig(P[2 * a], P[2 * a + 1], P[2 * b], P[2 * b + 1], P[2 * c], P[2 * c + 1]), 1, `triangle ${t} (${a}, ${b}, ${c}) counter-clockwise`);
    area += ((pts[2 * b] - pts[2 * a]) * (pts[2 * c + 1] - pts[2 * a + 1]) - (pts[2 * b + 1] - pts[2 * a + 1]) * (pts[2 * c] - pts[2 * a])) / 2;
    // The centroid, times 3, against the polygon times 3: exact.
    const X = P[2 * a] + P[2 * b] + P[2 * c], Y = P[2 * a + 1] + P[2 * b + 1] + P[2 * c + 1];
    same(evenOdd(P, loops, X, Y, 3n), 1, `centroid of triangle ${t} (${a}, ${b}, ${c}) inside`);
    box.push(Math.min(pts[2 * a], pts[2 * b], pts[2 * c]), Math.max(pts[2 * a], pts[2 * b], pts[2 * c]),
      Math.min(pts[2 * a + 1], pts[2 * b + 1], pts[2 * c + 1]), Math.max(pts[2 * a + 1], pts[2 * b + 1], pts[2 * c + 1]));
  }
  const expected = polygonArea(poly);
  const scale = Math.max(Math.abs(expected), 1e-300);
  if (!(Math.abs(area - expected) <= 1e-12 * scale)) expect(area, 'sum of the triangles\' areas').toBeCloseTo(expected, 12);
  // Pairwise: interiors disjoint iff an edge line of one has the other entirely on its closed outer side.
  const separated = (s: number, t: number): boolean => {
    for (let e = 0; e < 3; e++) {
      const u = tris[3 * s + e], v = tris[3 * s + ((e + 1) % 3)];
      let all = true;
      for (let k = 0; k < 3 && all; k++) {
        const w = tris[3 * t + k];
        if (exactOrientSignBig(P[2 * u], P[2 * u + 1], P[2 * v], P[2 * v + 1], P[2 * w], P[2 * w + 1]) > 0) all = false;
      }
      if (all) return true;
    }
    return false;
  };
  for (let s = 0; s < T; s++) {
    for (let t = s + 1; t < T; t++) {
      if (box[4 * s + 1] <= box[4 * t] || box[4 * t + 1] <= box[4 * s] || box[4 * s + 3] <= box[4 * t + 2] || box[4 * t + 3] <= box[4 * s + 2]) continue;
      if (!separated(s, t) && !separated(t, s)) expect.fail(`triangles ${s} and ${t} overlap`);
    }
  }
}

/** Whether a single loop is simple, by an exact O(n²) test of every pair of non-adjacent edges (no touching at all). */
export function isSimpleLoop(pts: number[], loop: number[]): boolean {
  const P = exactPoints(pts);
  const n = loop.length;
  const o = (a: number, b: number, c: number): number => exactOrientSignBig(P[2 * a], P[2 * a + 1], P[2 * b], P[2 * b + 1], P[2 * c], P[2 * c + 1]);
  const onSegment = (a: number, b: number, c: number): boolean => o(a, b, c) === 0
    && (P[2 * c] - P[2 * a]) * (P[2 * c] - P[2 * b]) <= 0n && (P[2 * c + 1] - P[2 * a + 1]) * (P[2 * c + 1] - P[2 * b + 1]) <= 0n;
  for (let i = 0; i < n; i++) {
    if (P[2 * loop[i]] === P[2 * loop[(i + 1) % n]] && P[2 * loop[i] + 1] === P[2 * loop[(i + 1) % n] + 1]) return false;
    for (let j = i + 1; j < n; j++) {
      const a = loop[i], b = loop[(i + 1) % n], c = loop[j], d = loop[(j + 1) % n];
      if ((j + 1) % n === i || j === i + 1) {
        // Adjacent edges: only their shared point, no fold back.
        const far = j === i + 1 ? [a, b, d] : [c, d, b];
        if (o(far[0], far[1], far[2]) === 0 && onSegment(far[0], far[1], far[2])) return false;
        if (o(far[0], far[1], far[2]) === 0 && onSegment(far[1], far[2], far[0])) return false;
        continue;
      }
      const o1 = o(a, b, c), o2 = o(a, b, d), o3 = o(c, d, a), o4 = o(c, d, b);
      if (o1 * o2 < 0 && o3 * o4 < 0) return false;
      if (onSegment(a, b, c) || onSegment(a, b, d) || onSegment(c, d, a) || onSegment(c, d, b)) return false;
    }
  }
  return true;
}

// ---- Generators (deterministic given their numbers, so fast-check draws the numbers) ----

/** A star-shaped polygon about (cx, cy): n points at angles 2π(i + jitter_i)/n, radii given; counter-clockwise. */
export function starLoop(pts: number[], cx: number, cy: number, radii: number[], jitter: number[], scale = 1): number[] {
  const n = radii.length, loop: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * (i + jitter[i])) / n;
    loop.push(pts.length / 2);
    pts.push(cx + scale * radii[i] * Math.cos(a), cy + scale * radii[i] * Math.sin(a));
  }
  return loop;
}

/** An axis-aligned rectangle loop [x0, x1] × [y0, y1], clockwise (a hole). */
export function rectangleHole(pts: number[], x0: number, y0: number, x1: number, y1: number): number[] {
  const i = pts.length / 2;
  pts.push(x0, y0, x0, y1, x1, y1, x1, y0);
  return [i, i + 1, i + 2, i + 3];
}

/** Every edge of a loop split at its (rounded) midpoint: collinear runs, exactly so when the midpoints are exact. */
export function splitEdges(pts: number[], loop: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < loop.length; i++) {
    const p = loop[i], q = loop[(i + 1) % loop.length];
    out.push(p, pts.length / 2);
    pts.push((pts[2 * p] + pts[2 * q]) / 2, (pts[2 * p + 1] + pts[2 * q + 1]) / 2);
  }
  return out;
}

/**
 * A histogram polygon on the integer grid with a point at every unit step (long collinear runs): columns
 * 0..w−1 of the given heights (≥ 1) over y = 0, counter-clockwise.
 */
export function histogramLoop(pts: number[], heights: number[]): number[] {
  const loop: number[] = [];
  const add = (x: number, y: number): void => {
    loop.push(pts.length / 2);
    pts.push(x, y);
  };
  const w = heights.length;
  for (let x = 0; x < w; x++) add(x, 0);
  for (let y = 0; y < heights[w - 1]; y++) add(w, y);
  for (let x = w; x > 0; x--) {
    const h = heights[x - 1], before = x - 2 >= 0 ? heights[x - 2] : 0;
    add(x, h);
    // Down or up to the next column's height at x − 1, a point per unit.
    if (x - 1 > 0) for (let y = h; y !== before; y += before > h ? 1 : -1) add(x - 1, y);
  }
  for (let y = heights[0]; y > 0; y--) add(0, y);
  return loop;
}

/** A grid rectangle hole [x0, x1] × [y0, y1] with a point at every unit step, clockwise. */
export function gridRectangleHole(pts: number[], x0: number, y0: number, x1: number, y1: number): number[] {
  const loop: number[] = [];
  const add = (x: number, y: number): void => {
    loop.push(pts.length / 2);
    pts.push(x, y);
  };
  for (let y = y0; y < y1; y++) add(x0, y);
  for (let x = x0; x < x1; x++) add(x, y1);
  for (let y = y1; y > y0; y--) add(x1, y);
  for (let x = x1; x > x0; x--) add(x, y0);
  return loop;
}
