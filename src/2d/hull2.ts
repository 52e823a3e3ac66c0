/**
 * The convex hull of points in the plane by Andrew's monotone chain (A. M. Andrew, "Another efficient
 * algorithm for convex hulls in two dimensions", Information Processing Letters 9(5), 1979): sort the
 * points by x then y, build the lower chain left to right and the upper chain right to left, each
 * keeping only left turns. O(n log n), no recursion, no state beyond two index stacks.
 *
 * With a tolerance: a point between its neighbours is dropped when the turn it makes is within
 * HULL2_COLLINEAR_TOLERANCE of straight (the sine of its angle), so collinear and repeated points do not
 * become vertices, and a vertex closer than HULL2_MERGE_TOLERANCE · scale to its neighbour is merged into it. The hull may
 * therefore be a single point or a segment. Every dropped point lies within the tolerance of the hull.
 */
import { hypot2 } from '../math/exact-math.js';
import { InvalidNumberError, InvalidShapeError, describeValue, listLength } from '../errors.js';
import { nearestPowerOfTwoExponent, PLAIN_EDGE_MAX, PLAIN_EDGE_MIN } from '../math/power-of-two.js';
import { HULL2_COLLINEAR_TOLERANCE, HULL2_MERGE_TOLERANCE } from '../tolerance.js';
import type { Vec2Like } from './types.js';

/** Points read from the caller's input: flat x y pairs. */
export function readPoints2(points: ReadonlyArray<Readonly<Vec2Like>> | ArrayLike<number>, field: string): Float64Array {
  const n = listLength(points, field, 'an array of points {x, y} or a flat array of numbers x0, y0, x1, ...');
  if (n === 0) throw new InvalidShapeError(field, 'is empty; expected at least one point');
  const first = (points as ArrayLike<unknown>)[0];
  if (typeof first === 'number') {
    if (n % 2 !== 0) throw new InvalidShapeError(field, `has ${n} numbers; a flat array holds x y pairs, so an even count`);
    const out = new Float64Array(n);
    const flat = points as ArrayLike<number>;
    for (let i = 0; i < n; i++) {
      const v = flat[i];
      if (typeof v !== 'number' || !Number.isFinite(v)) throw new InvalidNumberError(`${field}[${i}]`, v);
      out[i] = v;
    }
    return out;
  }
  const out = new Float64Array(2 * n);
  const list = points as ReadonlyArray<Readonly<Vec2Like>>;
  for (let i = 0; i < n; i++) {
    const p = list[i];
    if (p === null || typeof p !== 'object') throw new InvalidShapeError(`${field}[${i}]`, `is ${describeValue(p)}; expected a point {x, y}`);
    const x = p.x, y = p.y;
    if (typeof x !== 'number' || !Number.isFinite(x)) throw new InvalidNumberError(`${field}[${i}].x`, x);
    if (typeof y !== 'number' || !Number.isFinite(y)) throw new InvalidNumberError(`${field}[${i}].y`, y);
    out[2 * i] = x;
    out[2 * i + 1] = y;
  }
  return out;
}

/**
 * The hull of `xy` (flat pairs) as its vertices, flat pairs, counter-clockwise from the point of smallest
 * x (then smallest y): 1 vertex (a point), 2 (a segment) or more (a polygon).
 */
export function hull2(points: Float64Array): Float64Array {
  const n = points.length >> 1;
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((i, j) => (points[2 * i] - points[2 * j]) || (points[2 * i + 1] - points[2 * j + 1]));
  let scale = maxAbs(points);
  // The turns and lengths below square coordinates: beyond 2^±SCALE_FREE_EXPONENT they are taken on a copy
  // scaled by a power of two to a size near 1 (the same points, exactly); the hull's vertices are still
  // copied from the points themselves.
  const xy = scaledNearOne(points, scale);
  if (xy !== points) scale = maxAbs(xy);

  // Lower and upper chains in one stack of indices (the classic layout: the upper chain continues the
  // lower one, and its pops stop at the lower chain's last point).
  const stack = new Int32Array(2 * n + 1);
  let k = 0;
  // a stays on the chain when o, a, b turn left. A turn within HULL2_COLLINEAR_TOLERANCE of straight counts
  // as straight (a is dropped) only when a lies between o and b: points sorted by x lie in order along a
  // line only when the line is not near vertical, and a far end of a near-vertical run, sorted before a
  // nearer point by a difference of rounding size, is a corner of the hull.
  const turnsLeft = (o: number, a: number, b: number): boolean => {
    const oax = xy[2 * a] - xy[2 * o], oay = xy[2 * a + 1] - xy[2 * o + 1];
    const obx = xy[2 * b] - xy[2 * o], oby = xy[2 * b + 1] - xy[2 * o + 1];
    const cross = oax * oby - oay * obx;
    if (cross <= 0) return false;
    if (cross > HULL2_COLLINEAR_TOLERANCE * hypot2(oax, oay) * hypot2(obx, oby)) return true;
    const along = oax * obx + oay * oby;
    return !(along >= 0 && along <= obx * obx + oby * oby);
  };
  for (let t = 0; t < n; t++) {
    const p = order[t];
    while (k >= 2 && !turnsLeft(stack[k - 2], stack[k - 1], p)) k--;
    stack[k++] = p;
  }
  const lowerEnd = k + 1;
  for (let t = n - 2; t >= 0; t--) {
    const p = order[t];
    while (k >= lowerEnd && !turnsLeft(stack[k - 2], stack[k - 1], p)) k--;
    stack[k++] = p;
  }
  // The last point repeats the first (for n ≥ 2).
  const m = n >= 2 ? k - 1 : k;

  // Merge vertices within HULL2_MERGE_TOLERANCE · scale of the last kept one (repeated and nearly repeated
  // points), then the last into the first.
  const merge = HULL2_MERGE_TOLERANCE * scale;
  const kept: number[] = [];
  for (let t = 0; t < m; t++) {
    const p = stack[t];
    if (kept.length > 0) {
      const q = kept[kept.length - 1];
      if (hypot2(xy[2 * p] - xy[2 * q], xy[2 * p + 1] - xy[2 * q + 1]) <= merge) continue;
    }
    kept.push(p);
  }
  while (kept.length > 1) {
    const p = kept[kept.length - 1], q = kept[0];
    if (hypot2(xy[2 * p] - xy[2 * q], xy[2 * p + 1] - xy[2 * q + 1]) > merge) break;
    kept.pop();
  }
  const out = new Float64Array(2 * kept.length);
  for (let t = 0; t < kept.length; t++) {
    out[2 * t] = points[2 * kept[t]];
    out[2 * t + 1] = points[2 * kept[t] + 1];
  }
  return out;
}

function maxAbs(xy: Float64Array): number {
  let m = 0;
  for (let i = 0; i < xy.length; i++) m = Math.max(m, Math.abs(xy[i]));
  return m;
}

/** `xy` itself when its largest coordinate `m` lies within 2^±SCALE_FREE_EXPONENT (or is 0), else a copy scaled by 2^-k to near 1. */
function scaledNearOne(xy: Float64Array, m: number): Float64Array {
  if (!(m > PLAIN_EDGE_MAX || (m < PLAIN_EDGE_MIN && m > 0))) return xy;
  const s = 2 ** -nearestPowerOfTwoExponent(m);
  return xy.map((c) => c * s);
}

/**
 * The outward unit normal of each edge of a counter-clockwise hull (edge i from vertex i to i + 1), flat
 * pairs: as many as vertices for a polygon, 2 for a segment (its two sides), none for a point.
 */
export function edgeNormals(vertices: Float64Array): Float64Array {
  const m = maxAbs(vertices);
  // (Scaled near 1 beyond 2^±SCALE_FREE_EXPONENT: an edge between coordinates near ±1.7e308 overflows.)
  const v = scaledNearOne(vertices, m);
  const n = v.length >> 1, edges = n >= 2 ? n : 0;
  const normals = new Float64Array(2 * edges);
  for (let i = 0; i < edges; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ex = v[2 * j] - v[2 * i], ey = v[2 * j + 1] - v[2 * i + 1];
    const len = hypot2(ex, ey);
    normals[2 * i] = ey / len;
    normals[2 * i + 1] = -ex / len;
  }
  return normals;
}

/** The core polygon of a shape given as points (a segment's ends, a box's corners): its hull and its edge normals. */
export function corePolygon(points: number[]): { vertices: Float64Array; normals: Float64Array } {
  const vertices = hull2(Float64Array.from(points));
  return { vertices, normals: edgeNormals(vertices) };
}
