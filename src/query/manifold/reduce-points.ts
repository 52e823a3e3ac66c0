import type { Vec3Like } from '../../math/types.js';

/**
 * Reduction of a contact polygon to at most `max` points that keep its deepest point and as much of its
 * area as they can (Jolt's PruneContactPoints, Bullet's contact reduction, Box2D v3's b2ReduceManifold):
 * the deepest point, then the point farthest from it, then, one at a time, the point that adds the
 * largest triangle to the polygon kept so far (in the contact plane: areas are measured about the
 * normal). On a convex polygon this greedy choice keeps the whole polygon when it has at most `max`
 * corners, and at least the inscribed square (2/π of the area) of a disc's rim.
 */

/**
 * Chooses up to `max` of the `count` points (packed xyz in `p`, separations in `sep`) and writes their
 * indices, counter-clockwise about the normal (nx, ny, nz), into `chosen` (room for `max`); returns how
 * many. `used` is scratch of `count` entries; `tie.x` is the depth difference below which two points are
 * equally deep (a length; an object, not a number through the call: CONTRIBUTING.md, "V8 rules", rule 1),
 * and `tie.y` is scratch.
 */
export function reducePoints(
  p: Float64Array, sep: Float64Array, count: number, max: number, n: Readonly<Vec3Like>, chosen: Int32Array, used: Uint8Array,
  tie: Vec3Like,
): number {
  // The normal comes as an object and the arithmetic is written out in place: CONTRIBUTING.md, "V8
  // rules", rule 1 (a helper returning an area would box it when not inlined).
  const nx = n.x, ny = n.y, nz = n.z;
  for (let i = 0; i < count; i++) used[i] = 0;
  // The deepest point. Separations within `tie.x` (a length) of the least are one depth, as on two parallel
  // faces where they differ by rounding: of those, the point farthest from the points' centroid, a true
  // corner rather than a point in the middle of an edge (which would cost a corner of the region).
  let least = Infinity, cx = 0, cy = 0, cz = 0;
  for (let i = 0; i < count; i++) {
    if (sep[i] < least) least = sep[i];
    cx += p[3 * i]; cy += p[3 * i + 1]; cz += p[3 * i + 2];
  }
  cx /= count; cy /= count; cz /= count;
  let first = 0, spread = -1;
  for (let i = 0; i < count; i++) {
    if (!(sep[i] <= least + tie.x)) continue;
    const dx = p[3 * i] - cx, dy = p[3 * i + 1] - cy, dz = p[3 * i + 2] - cz;
    const d = dx * dx + dy * dy + dz * dz;
    if (d > spread) { spread = d; first = i; }
  }
  chosen[0] = first; used[first] = 1;
  if (max === 1 || count === 1) return 1;
  if ((max === 3 || max === 4) && count > max && count <= EXHAUSTIVE_MAX) {
    tie.y = least + tie.x; // the depth to reach, in the object (a number through the call is boxed: rule 1)
    return bestSubset(p, sep, count, max, n, chosen, tie);
  }
  // The point farthest from it in the contact plane.
  let second = -1, far = 0;
  for (let i = 0; i < count; i++) {
    if (used[i]) continue;
    let dx = p[3 * i] - p[3 * first], dy = p[3 * i + 1] - p[3 * first + 1], dz = p[3 * i + 2] - p[3 * first + 2];
    const a = dx * nx + dy * ny + dz * nz;
    dx -= a * nx; dy -= a * ny; dz -= a * nz;
    const d = dx * dx + dy * dy + dz * dz;
    if (d > far) { far = d; second = i; }
  }
  if (second < 0) return 1; // all points at one place
  chosen[1] = second; used[second] = 1;
  let m = 2;
  // Then the largest triangle on an edge of the polygon kept so far (counter-clockwise about the
  // normal: a point outside edge i→j has a negative signed area), while one adds area.
  while (m < max) {
    let bestArea = 0, bestPoint = -1, bestEdge = -1, bestSide = 0;
    for (let e = 0; e < (m === 2 ? 1 : m); e++) {
      const i = chosen[e], j = chosen[e + 1 === m ? 0 : e + 1];
      for (let q = 0; q < count; q++) {
        if (used[q]) continue;
        // Twice the signed area of (i, j, q) about the normal: positive when counter-clockwise.
        const ax = p[3 * j] - p[3 * i], ay = p[3 * j + 1] - p[3 * i + 1], az = p[3 * j + 2] - p[3 * i + 2];
        const bx = p[3 * q] - p[3 * i], by = p[3 * q + 1] - p[3 * i + 1], bz = p[3 * q + 2] - p[3 * i + 2];
        const a = (ay * bz - az * by) * nx + (az * bx - ax * bz) * ny + (ax * by - ay * bx) * nz;
        // On a 2-gon either side is outside.
        const area = m === 2 ? Math.abs(a) : -a;
        if (area > bestArea) { bestArea = area; bestPoint = q; bestEdge = e; bestSide = a; }
      }
    }
    if (bestPoint < 0) break;
    let at = bestEdge + 1;
    if (m === 2) at = bestSide > 0 ? 2 : 1;
    for (let k = m; k > at; k--) chosen[k] = chosen[k - 1];
    chosen[at] = bestPoint;
    used[bestPoint] = 1;
    m++;
  }
  return m;
}

/** Up to this many points, 3- and 4-point reductions try every subset (at most 495) instead of the greedy choice. */
const EXHAUSTIVE_MAX = 12;

/**
 * The `max` (3 or 4) of the `count` points, holding a point as deep as `tie.y`, whose polygon has the
 * largest area: the points are a convex polygon's corners in order (the clipped polygon, some dropped),
 * so a subset taken in index order is a convex polygon in order and its area is the shoelace sum. The
 * greedy choice kept 59.99 % of a 7-corner region that 4 corners cover to 66 %.
 */
function bestSubset(
  p: Float64Array, sep: Float64Array, count: number, max: number, n: Readonly<Vec3Like>, chosen: Int32Array, tie: Readonly<Vec3Like>,
): number {
  const nx = n.x, ny = n.y, nz = n.z, deepest = tie.y;
  let best = -1, b0 = 0, b1 = 1, b2 = 2, b3 = 3;
  const last = max === 4 ? count : count + 1;
  for (let i = 0; i < count; i++) {
    for (let j = i + 1; j < count; j++) {
      for (let k = j + 1; k < count; k++) {
        for (let l = max === 4 ? k + 1 : count; l < last; l++) {
          const four = max === 4;
          if (!(sep[i] <= deepest || sep[j] <= deepest || sep[k] <= deepest || (four && sep[l] <= deepest))) continue;
          // Twice the area about the normal: (c − a) × (d − b) for a quadrilateral abcd, (b − a) × (c − a) for a triangle.
          const a0 = 3 * i, b = 3 * j, c = 3 * k, d = four ? 3 * l : 3 * i;
          const ux = p[c] - p[a0], uy = p[c + 1] - p[a0 + 1], uz = p[c + 2] - p[a0 + 2];
          const vx = p[d] - p[b], vy = p[d + 1] - p[b + 1], vz = p[d + 2] - p[b + 2];
          const area = Math.abs((uy * vz - uz * vy) * nx + (uz * vx - ux * vz) * ny + (ux * vy - uy * vx) * nz);
          if (area > best) { best = area; b0 = i; b1 = j; b2 = k; b3 = l; }
        }
      }
    }
  }
  // Counter-clockwise about the normal.
  const ux = p[3 * b1] - p[3 * b0], uy = p[3 * b1 + 1] - p[3 * b0 + 1], uz = p[3 * b1 + 2] - p[3 * b0 + 2];
  const vx = p[3 * b2] - p[3 * b0], vy = p[3 * b2 + 1] - p[3 * b0 + 1], vz = p[3 * b2 + 2] - p[3 * b0 + 2];
  const ccw = (uy * vz - uz * vy) * nx + (uz * vx - ux * vz) * ny + (ux * vy - uy * vx) * nz >= 0;
  if (max === 4) {
    if (ccw) { chosen[0] = b0; chosen[1] = b1; chosen[2] = b2; chosen[3] = b3; }
    else { chosen[0] = b0; chosen[1] = b3; chosen[2] = b2; chosen[3] = b1; }
  } else if (ccw) { chosen[0] = b0; chosen[1] = b1; chosen[2] = b2; }
  else { chosen[0] = b0; chosen[1] = b2; chosen[2] = b1; }
  return max;
}
