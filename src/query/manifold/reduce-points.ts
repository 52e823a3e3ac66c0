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
 * many. `used` is scratch of `count` entries.
 */
export function reducePoints(
  p: Float64Array, sep: Float64Array, count: number, max: number, n: Readonly<Vec3Like>, chosen: Int32Array, used: Uint8Array,
): number {
  // The normal comes as an object and the arithmetic is written out in place: CONTRIBUTING.md, "V8
  // rules", rule 1 (a helper returning an area would box it when not inlined).
  const nx = n.x, ny = n.y, nz = n.z;
  for (let i = 0; i < count; i++) used[i] = 0;
  // The deepest point.
  let first = 0;
  for (let i = 1; i < count; i++) if (sep[i] < sep[first]) first = i;
  chosen[0] = first; used[first] = 1;
  if (max === 1 || count === 1) return 1;
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
