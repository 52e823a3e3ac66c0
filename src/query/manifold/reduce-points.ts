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
  p: Float64Array, sep: Float64Array, count: number, max: number, nx: number, ny: number, nz: number,
  chosen: Int32Array, used: Uint8Array,
): number {
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
    const d = planeDistance2(p, first, i, nx, ny, nz);
    if (d > far) { far = d; second = i; }
  }
  if (second < 0) return 1; // all points at one place
  chosen[1] = second; used[second] = 1;
  let m = 2;
  // Then the largest triangle on an edge of the polygon kept so far (counter-clockwise about the
  // normal: a point outside edge i→j has a negative signed area), while one adds area.
  while (m < max) {
    let bestArea = 0, bestPoint = -1, bestEdge = -1;
    for (let e = 0; e < (m === 2 ? 1 : m); e++) {
      const i = chosen[e], j = chosen[e + 1 === m ? 0 : e + 1];
      for (let q = 0; q < count; q++) {
        if (used[q]) continue;
        const a = signedArea(p, i, j, q, nx, ny, nz);
        // On a 2-gon either side is outside.
        const area = m === 2 ? Math.abs(a) : -a;
        if (area > bestArea) { bestArea = area; bestPoint = q; bestEdge = e; }
      }
    }
    if (bestPoint < 0) break;
    let at = bestEdge + 1;
    if (m === 2) at = signedArea(p, chosen[0], chosen[1], bestPoint, nx, ny, nz) > 0 ? 2 : 1;
    for (let k = m; k > at; k--) chosen[k] = chosen[k - 1];
    chosen[at] = bestPoint;
    used[bestPoint] = 1;
    m++;
  }
  return m;
}

function planeDistance2(p: Float64Array, i: number, j: number, nx: number, ny: number, nz: number): number {
  let dx = p[3 * j] - p[3 * i], dy = p[3 * j + 1] - p[3 * i + 1], dz = p[3 * j + 2] - p[3 * i + 2];
  const a = dx * nx + dy * ny + dz * nz;
  dx -= a * nx; dy -= a * ny; dz -= a * nz;
  return dx * dx + dy * dy + dz * dz;
}

/** Twice the signed area of triangle (i, j, q) about the normal: positive when counter-clockwise. */
function signedArea(p: Float64Array, i: number, j: number, q: number, nx: number, ny: number, nz: number): number {
  const ax = p[3 * j] - p[3 * i], ay = p[3 * j + 1] - p[3 * i + 1], az = p[3 * j + 2] - p[3 * i + 2];
  const bx = p[3 * q] - p[3 * i], by = p[3 * q + 1] - p[3 * i + 1], bz = p[3 * q + 2] - p[3 * i + 2];
  return (ay * bz - az * by) * nx + (az * bx - ax * bz) * ny + (ax * by - ay * bx) * nz;
}
