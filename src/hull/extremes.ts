/**
 * Scans over the input points that pick the initial simplex of a build: the axis extremes, the point
 * furthest from a line and the point furthest from a plane (Barber et al. 1996, §2: an initial simplex
 * of extreme points).
 */
/**
 * Index of the point furthest from the line through a with unit direction u (the first on ties). A
 * function of its own, like axisExtremes (CONTRIBUTING.md, "V8 rules", rule 3).
 */
export function furthestFromLine(
  p: Float64Array, n: number, ax: number, ay: number, az: number, ux: number, uy: number, uz: number,
): number {
  let ic = 0, best = -1;
  for (let i = 0; i < n; i++) {
    const wx = p[3 * i] - ax, wy = p[3 * i + 1] - ay, wz = p[3 * i + 2] - az;
    const cx = wy * uz - wz * uy, cy = wz * ux - wx * uz, cz = wx * uy - wy * ux;
    const d = cx * cx + cy * cy + cz * cz;
    if (d > best) {
      best = d;
      ic = i;
    }
  }
  return ic;
}

/** Index of the point furthest from the plane through a with unit normal n, on either side (the first on ties). */
export function furthestFromPlane(
  p: Float64Array, n: number, ax: number, ay: number, az: number, nx: number, ny: number, nz: number,
): number {
  let id = 0, best = -1;
  for (let i = 0; i < n; i++) {
    const d = Math.abs(nx * (p[3 * i] - ax) + ny * (p[3 * i + 1] - ay) + nz * (p[3 * i + 2] - az));
    if (d > best) {
      best = d;
      id = i;
    }
  }
  return id;
}

/**
 * Writes into `ext` the indices of the points with the smallest and largest x, y and z (the first
 * index on ties), and into `abs` the largest |x|, |y| and |z|, in one pass.
 *
 * A function of its own, with nothing after the loop but stores (CONTRIBUTING.md, "V8 rules", rule 3).
 * When the code after this loop was in buildHullFromCoords, its on-stack code deoptimised there
 * ("insufficient type feedback") and was entered again on later builds: 1,563 deoptimisations in 3,500
 * builds of 1,000 points after two of 100,000 (whose median time was then 0.74–0.78 ms against 0.65 without the big builds first). The scans of
 * `run` (furthestFromLine, furthestFromPlane, QuickhullBuilder.partition in quickhull.ts) are split
 * out the same way; now such a sequence deoptimises a handful of times in all.
 */
export function axisExtremes(p: Float64Array, n: number, ext: Int32Array, abs: Float64Array): void {
  let x0 = p[0], x1 = x0, y0 = p[1], y1 = y0, z0 = p[2], z1 = z0;
  let ix0 = 0, ix1 = 0, iy0 = 0, iy1 = 0, iz0 = 0, iz1 = 0;
  for (let i = 1; i < n; i++) {
    const x = p[3 * i], y = p[3 * i + 1], z = p[3 * i + 2];
    if (x < x0) { x0 = x; ix0 = i; }
    if (x > x1) { x1 = x; ix1 = i; }
    if (y < y0) { y0 = y; iy0 = i; }
    if (y > y1) { y1 = y; iy1 = i; }
    if (z < z0) { z0 = z; iz0 = i; }
    if (z > z1) { z1 = z; iz1 = i; }
  }
  ext[0] = ix0; ext[1] = ix1; ext[2] = iy0; ext[3] = iy1; ext[4] = iz0; ext[5] = iz1;
  abs[0] = x1 > -x0 ? x1 : -x0;
  abs[1] = y1 > -y0 ? y1 : -y0;
  abs[2] = z1 > -z0 ? z1 : -z0;
}

/** Squared distance between points i and j of `p`. */
export function dist2(p: Float64Array, i: number, j: number): number {
  const dx = p[3 * i] - p[3 * j], dy = p[3 * i + 1] - p[3 * j + 1], dz = p[3 * i + 2] - p[3 * j + 2];
  return dx * dx + dy * dy + dz * dz;
}
