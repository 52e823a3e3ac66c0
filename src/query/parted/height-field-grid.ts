/**
 * A height field's triangles found through its grid, with the contracts of the hierarchy traversals
 * (bvh/bvh-traversal.ts) so that every concave query runs on a field as on a mesh: the triangles whose box
 * overlaps a box; the first hit of a ray or of a moving box; the triangle nearest to a box. Overlaps and
 * the nearest decide on a triangle by the box test a mesh's leaf makes (the triangle's box, from its
 * corners); rays and moving boxes by a cell's height range (a superset: each triangle is then cast
 * exactly, so the answers are the mesh's). The grid only replaces the tree in finding them:
 * - a box covers a range of cells (each row's and column's height range prunes the rows and columns first);
 * - a ray or a moving box crosses the rows in order along its motion, and in each row the columns its
 *   segment there spans (a 2D DDA by rows: Amanatides & Woo 1987 visit cell by cell; by rows the span of a
 *   moving box is one range), nearer rows first, stopping past the best hit;
 * - the nearest triangle to a box: the cells under it, then rings of cells about them, each ring bounded
 *   below by its gap from the box (with the field's height range), stopping once a ring is farther than the
 *   best so far (Ericson, Real-Time Collision Detection §6.3's pruning, on a grid instead of a tree).
 * Nothing is allocated; callbacks may traverse again (each test fills the scratch box just before it).
 * Loops run over the grid's rows, columns and rings, each bounded by the grid's size.
 */
import { boxDistance, traversalValue, type BvhNearest, type BvhRayHit } from '../../bvh/bvh-traversal.js';
import type { Vec3Like } from '../../math/types.js';
import type { HeightField } from './height-field.js';

const _word = /* @__PURE__ */ new Float64Array(1);
const _bits = /* @__PURE__ */ new Uint32Array(_word.buffer);

/** The biased exponent of a positive finite double (its octave; subnormals: 0). */
export function octaveOf(r: number): number {
  _word[0] = r;
  return _bits[1] >>> 20;
}

/** The top of step `k` (0..7) of the octave with biased exponent e: (1 + (k + 1)/8) · 2^(e − 1023). */
export function stepValue(e: number, k: number): number {
  // (The top step of the last octave is 2^1024, past the largest double: the largest double instead, still
  // a bound on any finite radius. Infinity made the scale-free queries recurse without end.)
  return e === 0 ? ((k + 1) / 8) * 2 ** -1022 : Math.min((1 + (k + 1) / 8) * 2 ** (e - 1023), Number.MAX_VALUE);
}


/** Three corners to write (a Triangle's, or a cast's own triangle's). */
interface Corners { readonly a: Vec3Like; readonly b: Vec3Like; readonly c: Vec3Like }

/** One triangle's box (min xyz, max xyz), filled just before each test. */
const _box = /* @__PURE__ */ new Float64Array(6);
/** The span of coordinates firstCell and lastCell read (filled just before each pair of calls). */
const _span = /* @__PURE__ */ new Float64Array(3);

/**
 * Writes the corners of triangle `p` of `f` (field frame) into `tri`, and returns it. Exactly the
 * coordinates a TriangleMesh of the field's triangles holds (the same formula, the same roundings).
 */
export function loadFieldCorners<T extends Corners>(tri: T, f: HeightField, p: number): T {
  const cols = f.cols, c = p >> 1, i = (c / (cols - 1)) | 0, j = c - i * (cols - 1), k = i * cols + j;
  const h = f.heights, sy = f.scale.y, x0 = f.xs[j], x1 = f.xs[j + 1], z0 = f.zs[i], z1 = f.zs[i + 1];
  const a = tri.a as { x: number; y: number; z: number }, b = tri.b as typeof a, d = tri.c as typeof a;
  a.x = x0; a.y = h[k] * sy; a.z = z0;
  if ((p & 1) === 0) {
    // (i, j), (i+1, j+1), (i, j+1)
    b.x = x1; b.y = h[k + cols + 1] * sy; b.z = z1;
    d.x = x1; d.y = h[k + 1] * sy; d.z = z0;
  } else {
    // (i, j), (i+1, j), (i+1, j+1)
    b.x = x0; b.y = h[k + cols] * sy; b.z = z1;
    d.x = x1; d.y = h[k + cols + 1] * sy; d.z = z1;
  }
  return tri;
}

/**
 * The triangle across edge `k` (from corner k to corner k + 1) of triangle `p` of `f`, or −1 at the field's
 * border or a hole: the diagonal joins a cell's two triangles; the other edges, the cells beside.
 */
export function fieldNeighbour(f: HeightField, p: number, k: number): number {
  const n = f.cols - 1, c = p >> 1, i = (c / n) | 0, j = c - i * n;
  let q: number;
  if ((p & 1) === 0) {
    // Edges: 0 the diagonal, 1 the column line j+1 (cell (i, j+1)'s second), 2 the row line i (cell (i−1, j)'s second).
    if (k === 0) q = p + 1;
    else if (k === 1) q = j + 1 < n ? 2 * (c + 1) + 1 : -1;
    else q = i > 0 ? 2 * (c - n) + 1 : -1;
  } else {
    // Edges: 0 the column line j (cell (i, j−1)'s first), 1 the row line i+1 (cell (i+1, j)'s first), 2 the diagonal.
    if (k === 2) q = p - 1;
    else if (k === 0) q = j > 0 ? 2 * (c - 1) : -1;
    else q = i + 1 < f.rows - 1 ? 2 * (c + n) : -1;
  }
  return q >= 0 && !isHole(f, q >> 1) ? q : -1;
}

/** Whether cell `c` has a hole (a NaN height) at a corner. */
export function isHole(f: HeightField, c: number): boolean {
  const cols = f.cols, i = (c / (cols - 1)) | 0, k = c + i, h = f.heights;
  return h[k] !== h[k] || h[k + 1] !== h[k + 1] || h[k + cols] !== h[k + cols] || h[k + cols + 1] !== h[k + cols + 1];
}

/**
 * The first cell k (0 .. n−1 of the n cells of the coordinates `c`, the field's along `axis`: 0 for x, 1
 * for z) with c[k + 1] ≥ lo = at[i], clamped.
 * (The bound is read from an array: a double passed to a call V8 does not inline is boxed, CONTRIBUTING.md,
 * "V8 rules", rule 1.)
 */
function firstCell(c: Float64Array, per: Float64Array, axis: number, at: Float64Array, i: number): number {
  const n = c.length - 1, lo = at[i];
  // (The estimate by a product: `per[axis]` is the cells a unit along the axis, HeightField.cellsPer.)
  let e = Math.floor((lo - c[0]) * per[axis]);
  if (!(e >= 0)) e = 0; if (e > n - 1) e = n - 1;
  // (An int32 from here: a number V8 keeps as a double is boxed when a call returns it.)
  let k = e | 0;
  while (k > 0 && c[k] >= lo) k--;
  while (k < n - 1 && c[k + 1] < lo) k++;
  return k;
}

/** The last cell k with c[k] ≤ hi = at[i], clamped. */
function lastCell(c: Float64Array, per: Float64Array, axis: number, at: Float64Array, i: number): number {
  const n = c.length - 1, hi = at[i];
  let e = Math.floor((hi - c[0]) * per[axis]);
  if (!(e >= 0)) e = 0; if (e > n - 1) e = n - 1;
  let k = e | 0;
  while (k < n - 1 && c[k + 1] <= hi) k++;
  while (k > 0 && c[k] > hi) k--;
  return k;
}

/** The box of triangle `half` (0 or 1) of cell (i, j) into `_box`; false for a cell with a hole. */
function cellTriangleBox(f: HeightField, i: number, j: number, half: number): boolean {
  const cols = f.cols, k = i * cols + j, h = f.heights, sy = f.scale.y;
  // (Every corner checked: a NaN would slip through the comparisons below.)
  if (h[k] !== h[k] || h[k + 1] !== h[k + 1] || h[k + cols] !== h[k + cols] || h[k + cols + 1] !== h[k + cols + 1]) return false;
  const a = h[k] * sy, d = h[k + cols + 1] * sy, e = half === 0 ? h[k + 1] * sy : h[k + cols] * sy;
  const b = _box;
  b[0] = f.xs[j]; b[2] = f.zs[i]; b[3] = f.xs[j + 1]; b[5] = f.zs[i + 1];
  b[1] = a < d ? (a < e ? a : e) : d < e ? d : e;
  b[4] = a > d ? (a > e ? a : e) : d > e ? d : e;
  return true;
}

/**
 * Visits every triangle whose box overlaps `q` (touching counts) until `visit` returns true; returns whether
 * it did. (overlapBvh's contract.)
 */
export function overlapGrid<C>(f: HeightField, q: Float64Array, visit: (item: number, context: C) => boolean, context: C): boolean {
  const r = f.bounds;
  if (!(r[0] <= q[3] && r[3] >= q[0] && r[1] <= q[4] && r[4] >= q[1] && r[2] <= q[5] && r[5] >= q[2])) return false;
  const i0 = firstCell(f.zs, f.cellsPer, 1, q, 2), i1 = lastCell(f.zs, f.cellsPer, 1, q, 5), j0 = firstCell(f.xs, f.cellsPer, 0, q, 0), j1 = lastCell(f.xs, f.cellsPer, 0, q, 3);
  const n = f.cols - 1;
  for (let i = i0; i <= i1; i++) {
    if (f.rowLow[i] > q[4] || f.rowHigh[i] < q[1]) continue;
    for (let j = j0; j <= j1; j++) {
      if (f.colLow[j] > q[4] || f.colHigh[j] < q[1]) continue;
      const c = i * n + j;
      for (let half = 0; half < 2; half++) {
        if (!cellTriangleBox(f, i, j, half)) break;
        const b = _box;
        if (b[1] > q[4] || b[4] < q[1] || b[0] > q[3] || b[3] < q[0] || b[2] > q[5] || b[5] < q[2]) continue;
        if (visit(2 * c + half, context)) return true;
      }
    }
  }
  return false;
}

/** rayBvh's contract on a field: the ray o + t·r, `out.t` the bound on entry (sweepGrid with no extent). */
export function rayGrid<C>(f: HeightField, o: Float64Array, r: Float64Array, visit: (item: number, context: C) => void, context: C, out: BvhRayHit): BvhRayHit {
  return sweepGrid(f, o, ZERO, r, visit, context, out);
}

/** A ray's half-extents: none. */
const ZERO = /* @__PURE__ */ new Float64Array(3);
/** A sweep's reciprocals of its motion (read before any visit: nesting cannot overwrite them in use). */
const _inverse = /* @__PURE__ */ new Float64Array(3);

/**
 * sweepBvh's contract on a field, for a box of half-extents `h` moving from centre `c` by `u` per unit time
 * (a ray: h = 0), `out.t` the bound on entry: the rows in order along the motion, in each the columns in
 * order, each cell's two triangles visited when the box's height range while over the cell meets the
 * cell's (a test a cell, where a hierarchy makes one a triangle: a superset of what the triangles' boxes
 * pass, each triangle then cast exactly); columns and rows past the best hit end the walk. A ray's shadow
 * wholly on one side of a cell's diagonal skips the triangle on the other.
 */
export function sweepGrid<C>(
  f: HeightField, c: Float64Array, h: Float64Array, u: Float64Array, visit: (item: number, context: C) => void, context: C, out: BvhRayHit,
): BvhRayHit {
  const b = f.bounds, ox = c[0], oy = c[1], oz = c[2], hx = h[0], hy = h[1], hz = h[2], ux = u[0], uy = u[1], uz = u[2];
  // The motion's reciprocals, once: every time below is a product (a division took four times as long),
  // and every time range is widened by a few ulps (a reciprocal and a product round twice), so that the
  // cells chosen are a superset of those the quotients would choose.
  const ix = 1 / ux, iz = 1 / uz, W = 4 * Number.EPSILON, inv = _inverse;
  inv[0] = ix; inv[1] = 1 / uy; inv[2] = iz;
  // Where the centre is in the field's box grown by h: [tEnter, tExit] within [0, out.t].
  let tEnter = 0, tExit = out.t;
  for (let k = 0; k < 3; k++) {
    const o = c[k], lo = b[k] - h[k], hi = b[3 + k] + h[k];
    if (u[k] === 0) { if (o < lo || o > hi) return out; continue; }
    let t1 = (lo - o) * inv[k], t2 = (hi - o) * inv[k];
    if (t1 > t2) { const t = t1; t1 = t2; t2 = t; }
    t1 -= W * Math.abs(t1); t2 += W * Math.abs(t2);
    if (t1 > tEnter) tEnter = t1;
    if (t2 < tExit) tExit = t2;
  }
  if (!(tEnter <= tExit)) return out;
  // Rounding slack on the bands, in space (it covers the times' rounding too: a time's error moves a
  // position by an ulp of the motion). A wider band only costs tests.
  const slackX = 1e-12 * (Math.abs(ox) + hx + b[3] - b[0]), slackZ = 1e-12 * (Math.abs(oz) + hz + b[5] - b[2]);
  const slackY = 1e-12 * (Math.abs(oy) + hy + Math.abs(b[1]) + Math.abs(b[4]));
  const gx = hx + slackX, gy = hy + slackY, gz = hz + slackZ, thin = hx === 0 && hz === 0;
  const za = uz === 0 ? oz : oz + tEnter * uz, zb = uz === 0 ? oz : oz + tExit * uz;
  const cols = f.cols, n = cols - 1, xs = f.xs, zs = f.zs, hs = f.heights, sy = f.scale.y, span = _span;
  // A cell's side's reciprocal (the diagonal test's units).
  const cx = f.cellsPer[0], cz = f.cellsPer[1];
  span[0] = Math.min(za, zb) - gz; span[1] = Math.max(za, zb) + gz;
  let i0 = firstCell(zs, f.cellsPer, 1, span, 0), i1 = lastCell(zs, f.cellsPer, 1, span, 1);
  const step = uz < 0 ? -1 : 1, stepJ = ux < 0 ? -1 : 1;
  if (step < 0) { const t = i0; i0 = i1; i1 = t; }
  for (let i = i0; ; i += step) {
    // The times the moving box is over row i's band of z.
    let ta = tEnter, tb = Math.min(tExit, out.t);
    if (uz !== 0) {
      let t1 = (zs[i] - gz - oz) * iz, t2 = (zs[i + 1] + gz - oz) * iz;
      if (t1 > t2) { const t = t1; t1 = t2; t2 = t; }
      t1 -= W * Math.abs(t1); t2 += W * Math.abs(t2);
      if (t1 > tb) break; // (rows further along come later still)
      if (t1 > ta) ta = t1;
      if (t2 < tb) tb = t2;
    }
    if (ta <= tb) {
      // The row's heights against the box's over those times.
      const ya = oy + ta * uy, yb = uy === 0 ? ya : oy + tb * uy;
      if (!(f.rowLow[i] > Math.max(ya, yb) + gy || f.rowHigh[i] < Math.min(ya, yb) - gy)) {
        const xa = ox + ta * ux, xb = ux === 0 ? xa : ox + tb * ux;
        span[0] = Math.min(xa, xb) - gx; span[1] = Math.max(xa, xb) + gx;
        let j0 = firstCell(xs, f.cellsPer, 0, span, 0), j1 = lastCell(xs, f.cellsPer, 0, span, 1);
        if (stepJ < 0) { const t = j0; j0 = j1; j1 = t; }
        const z0 = zs[i];
        for (let j = j0; ; j += stepJ) {
          // The times the box is over the cell.
          let ca = ta, cb = Math.min(tb, out.t);
          if (ux !== 0) {
            let t1 = (xs[j] - gx - ox) * ix, t2 = (xs[j + 1] + gx - ox) * ix;
            if (t1 > t2) { const t = t1; t1 = t2; t2 = t; }
            t1 -= W * Math.abs(t1); t2 += W * Math.abs(t2);
            if (t1 > cb) break; // (columns further along come later still)
            if (t1 > ca) ca = t1;
            if (t2 < cb) cb = t2;
          }
          const k = i * cols + j, p = hs[k] * sy, q = hs[k + 1] * sy, s = hs[k + cols] * sy, w = hs[k + cols + 1] * sy;
          if (ca <= cb && p === p && q === q && s === s && w === w) {
            const lo = Math.min(p, q, s, w), hi = Math.max(p, q, s, w);
            const y0 = oy + ca * uy, y1 = uy === 0 ? y0 : oy + cb * uy;
            if (!(lo > Math.max(y0, y1) + gy || hi < Math.min(y0, y1) - gy)) {
              const cell = i * n + j;
              if (thin) {
                // The side of the cell's diagonal the shadow is on while over the cell, as u − v (u, v the
                // cell's own coordinates along x and z, 0 to 1): the first triangle is u ≥ v, the second
                // v ≥ u. A shadow wholly on one side (by more than rounding: the positions' in the cell's
                // units, and a margin) cannot meet the other triangle.
                const x0 = xs[j];
                const e0 = (ox + ca * ux - x0) * cx - (oz + ca * uz - z0) * cz, e1 = (ox + cb * ux - x0) * cx - (oz + cb * uz - z0) * cz;
                const m = 1e-9 + 1e-12 * ((Math.abs(ox) + Math.abs(x0) + Math.abs(cb * ux) + Math.abs(ca * ux)) * cx + (Math.abs(oz) + Math.abs(z0) + Math.abs(cb * uz) + Math.abs(ca * uz)) * cz);
                if (!(e0 < -m && e1 < -m)) visit(2 * cell, context);
                if (!(e0 > m && e1 > m)) visit(2 * cell + 1, context);
              } else {
                visit(2 * cell, context);
                visit(2 * cell + 1, context);
              }
            }
          }
          if (j === j1) break;
        }
      }
    }
    if (i === i1) break;
  }
  return out;
}

/**
 * nearestBvh's contract on a field: visits the triangles whose box lies within the best distance so far
 * of `q` (lowered by `out.radius`), the cells under the box first, then rings about them until a ring's gap
 * exceeds the best; stops at 0 or less when `out.stopAtZero`.
 */
export function nearestGrid<C>(f: HeightField, q: Float64Array, visit: (item: number, context: C) => void, context: C, out: BvhNearest): BvhNearest {
  out.item = -1;
  const xs = f.xs, zs = f.zs, rows = f.rows - 1, cols = f.cols - 1, r = out.radius, b = f.bounds;
  // The core: the cells under q (clamped to the field: a box beside it starts from the nearest border).
  const ci0 = firstCell(zs, f.cellsPer, 1, q, 2), ci1 = Math.max(ci0, lastCell(zs, f.cellsPer, 1, q, 5)), cj0 = firstCell(xs, f.cellsPer, 0, q, 0), cj1 = Math.max(cj0, lastCell(xs, f.cellsPer, 0, q, 3));
  const gapY = Math.max(b[1] - q[4], q[1] - b[4], 0);
  // Ring k holds the cells at Chebyshev distance k from the core; it ends when the grid is covered (at most
  // max(rows, cols) rings: the bound of the loop).
  // The cell under the box's centre first: its triangles are the likeliest nearest (or deepest), and the best
  // so far they give prunes the rest (the plane test of parted-pairs.ts skips more the deeper it is).
  _span[0] = 0.5 * (q[2] + q[5]); _span[1] = 0.5 * (q[0] + q[3]);
  const mi = Math.min(Math.max(firstCell(zs, f.cellsPer, 1, _span, 0), ci0), ci1), mj = Math.min(Math.max(firstCell(xs, f.cellsPer, 0, _span, 1), cj0), cj1);
  if (nearRow(f, q, mi, out) && nearestCell(f, q, mi, mj, visit, context, out)) return out;
  for (let k = 0; ; k++) {
    const ri0 = ci0 - k, ri1 = ci1 + k, rj0 = cj0 - k, rj1 = cj1 + k;
    if (ri0 < 0 && ri1 >= rows && rj0 < 0 && rj1 >= cols) break;
    if (k > 0) {
      // Every cell of the ring is at least this far in x or z from q (the ring's rows and columns bound it).
      let g = Infinity;
      if (ri0 >= 0) g = Math.min(g, Math.max(q[2] - zs[ri0 + 1], 0));
      if (ri1 < rows) g = Math.min(g, Math.max(zs[ri1] - q[5], 0));
      if (rj0 >= 0) g = Math.min(g, Math.max(q[0] - xs[rj0 + 1], 0));
      if (rj1 < cols) g = Math.min(g, Math.max(xs[rj1] - q[3], 0));
      _span[0] = g; _span[1] = gapY; _span[2] = Math.max(out.distance, 0) + r;
      if (beyond(_span)) break;
    }
    const lo = Math.max(ri0, 0), hi = Math.min(ri1, rows - 1), left = Math.max(rj0, 0), right = Math.min(rj1, cols - 1);
    for (let i = lo; i <= hi; i++) {
      // Row i's part of the ring: all of it on its first and last rows (and every row of the core), else its two ends.
      const whole = k === 0 || i === ri0 || i === ri1;
      if (!nearRow(f, q, i, out)) continue;
      if (whole) {
        for (let j = left; j <= right; j++) if ((k > 0 || i !== mi || j !== mj) && nearestCell(f, q, i, j, visit, context, out)) return out;
      } else {
        if (rj0 >= 0 && nearestCell(f, q, i, rj0, visit, context, out)) return out;
        if (rj1 < cols && nearestCell(f, q, i, rj1, visit, context, out)) return out;
      }
    }
  }
  return out;
}

/** Whether row i's band can hold a triangle within the best so far of q (its z gap and height range). */
function nearRow(f: HeightField, q: Float64Array, i: number, out: BvhNearest): boolean {
  const g = _span;
  g[0] = Math.max(f.zs[i] - q[5], q[2] - f.zs[i + 1], 0); g[1] = Math.max(f.rowLow[i] - q[4], q[1] - f.rowHigh[i], 0);
  g[2] = Math.max(out.distance, 0) + out.radius;
  return !beyond(g);
}

/**
 * Whether the gap (g[0], g[1]) is longer than g[2], its length scaled when its squares would overflow.
 * (Not Math.hypot: a builtin call, its arguments boxed; the numbers come in an array, and the answer as a
 * boolean, for the same reason: CONTRIBUTING.md, "V8 rules", rule 1.)
 */
function beyond(g: Float64Array): boolean {
  const a = g[0], b = g[1], m = a > b ? a : b;
  const l = m < 1e150 ? Math.sqrt(a * a + b * b) : m * Math.sqrt((a / m) * (a / m) + (b / m) * (b / m));
  return l > g[2];
}

/** Visits the triangles of cell (i, j) within the best so far; true when stopAtZero ends the search. */
function nearestCell<C>(f: HeightField, q: Float64Array, i: number, j: number, visit: (item: number, context: C) => void, context: C, out: BvhNearest): boolean {
  const c = i * (f.cols - 1) + j, r = out.radius;
  for (let half = 0; half < 2; half++) {
    if (!cellTriangleBox(f, i, j, half)) return false;
    boxDistance(_box, 0, q);
    if (traversalValue[0] - r > Math.max(out.distance, 0)) continue;
    visit(2 * c + half, context);
    if (out.stopAtZero && out.distance <= 0) return true;
  }
  return false;
}
