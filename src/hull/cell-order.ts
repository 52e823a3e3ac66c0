/**
 * Puts the points of a big build in grid-cell order (cells of a 32³ grid in Morton order, one stable
 * counting-sort pass), so that the points of one outside set lie close together in memory (see
 * SORT_MIN_POINTS in quickhull.ts).
 */
import type { QuickhullBuilder } from './quickhull.js';

/** Cells per axis of the grid that orders the points of a big build (a power of two; see SORT_MIN_POINTS). */
const GRID_BITS = 5;
export const GRID_CELLS = 1 << GRID_BITS;
/** Morton code of each cell coordinate: its bits spread to every third bit. */
const SPREAD = new Int32Array(GRID_CELLS);
for (let v = 0; v < GRID_CELLS; v++) {
  let m = 0;
  for (let b = 0; b < GRID_BITS; b++) m |= ((v >> b) & 1) << (3 * b);
  SPREAD[v] = m;
}
const CELL_COUNTS = new Int32Array(GRID_CELLS * GRID_CELLS * GRID_CELLS);

/**
 * One counting-sort pass by grid cell, cells in Morton order, points within a cell in input order
 * (stable: repeated points keep their order). Writes the sorted copy `q`, `order` (sorted → input
 * index) and `inv` (input → sorted index). `keys` is scratch.
 */
function bucketByCell(
  p: Float64Array, n: number, x0: number, y0: number, z0: number, sx: number, sy: number, sz: number,
  keys: Uint32Array, order: Int32Array, inv: Int32Array, q: Float64Array,
): void {
  const counts = CELL_COUNTS, spread = SPREAD;
  counts.fill(0);
  for (let i = 0; i < n; i++) {
    const k = spread[((p[3 * i] - x0) * sx) | 0] | (spread[((p[3 * i + 1] - y0) * sy) | 0] << 1) |
      (spread[((p[3 * i + 2] - z0) * sz) | 0] << 2);
    keys[i] = k;
    counts[k]++;
  }
  let sum = 0;
  for (let b = 0; b < counts.length; b++) {
    const c = counts[b];
    counts[b] = sum;
    sum += c;
  }
  for (let i = 0; i < n; i++) {
    const at = counts[keys[i]]++;
    order[at] = i;
    inv[i] = at;
    q[3 * at] = p[3 * i];
    q[3 * at + 1] = p[3 * i + 1];
    q[3 * at + 2] = p[3 * i + 2];
  }
}

/**
 * Replaces `p` by a copy of the points ordered by the cell of a 32³ grid over their bounding box
 * that holds them, cells in Morton (Z-curve) order (one stable counting-sort pass: bucketByCell),
 * and sets `order`. Returns the inverse permutation (input index → sorted index), in an array that
 * packSolid later uses as scratch. `ext`: the axis extremes (see axisExtremes), which give the bounding box.
 */
export function sortInput(qb: QuickhullBuilder, ext: Int32Array): Int32Array {
  const p = qb.p, n = qb.n;
  if (qb.perm.length < n) {
    qb.sorted = new Float64Array(3 * n);
    qb.keys = new Uint32Array(n);
    qb.perm = new Int32Array(n);
    qb.perm2 = new Int32Array(n);
  }
  const x0 = p[3 * ext[0]], y0 = p[3 * ext[2] + 1], z0 = p[3 * ext[4] + 2];
  const ex = p[3 * ext[1]] - x0, ey = p[3 * ext[3] + 1] - y0, ez = p[3 * ext[5] + 2] - z0;
  // Cells per unit length; a flat extent (0) maps every point to cell 0.
  const g = GRID_CELLS - 0.5;
  const sx = ex > 0 ? g / ex : 0, sy = ey > 0 ? g / ey : 0, sz = ez > 0 ? g / ez : 0;
  // perm: input → sorted index; afterwards scratch of packSolid.
  const order = qb.perm2, inv = qb.perm, q = qb.sorted;
  bucketByCell(p, n, x0, y0, z0, sx, sy, sz, qb.keys, order, inv, q);
  qb.p = q;
  qb.order = order;
  return inv;
}
