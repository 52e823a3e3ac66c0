/**
 * A height field: terrain as a grid of heights, its triangles never stored. Sample (i, j) (row i, column j)
 * is at x = (j/(cols−1) − ½)·scale.x, y = heights[i·cols + j]·scale.y, z = (i/(rows−1) − ½)·scale.z in the
 * field's frame; cell (i, j) is two triangles split along the diagonal from (i, j) to (i+1, j+1), both
 * facing +y. A NaN height is a hole: the cells that touch it have no triangles.
 *
 * Every query answers as a TriangleMesh of the same triangles would (the same triangles, loaded from the
 * heights by parts.ts, run through the same pair functions); what differs is how they are found: through
 * the grid (height-field-grid.ts: the cells under a box, a walk of the rows a ray or a moving box crosses,
 * rings of cells about a query for the nearest), as Bullet's btHeightfieldTerrainShape, Jolt's HeightField
 * and parry's HeightField do, where a mesh searches its hierarchy. Memory: the heights plus O(rows + cols)
 * (each row's and column's height range, which prunes whole rows).
 *
 * Triangle numbering: cell (i, j) is c = i·(cols−1) + j; its triangles are 2c ((i, j), (i+1, j+1),
 * (i, j+1)) and 2c + 1 ((i, j), (i+1, j), (i+1, j+1)), holes included in the count (a hole's triangles are
 * simply never met): the `part` a result reports.
 */
import { describeValue, InvalidNumberError, InvalidShapeError, listLength } from '../../errors.js';
import { hypot3 } from '../../math/exact-math.js';
import type { Vec3Like } from '../../math/types.js';
import { HEIGHT_FIELD_KIND_INDEX, markBuiltIn, type HeightFieldShape } from '../../shapes/shape.js';
import { registerConcavePairs } from './parted-pairs.js';
import { octaveOf, stepValue } from './height-field-grid.js';

/**
 * A height field (terrain): `rows × cols` heights, row-major, scaled by `scale`; two triangles a cell, NaN
 * heights as holes. Every query takes it as it takes a {@link TriangleMesh} of the same triangles, with
 * memory for the heights only.
 */
export class HeightField implements HeightFieldShape {
  static {
    markBuiltIn(HeightField, HEIGHT_FIELD_KIND_INDEX);
    registerConcavePairs('heightField');
  }

  /** The shape kind: `'heightField'`. */
  readonly kind = 'heightField' as const;
  /** Number of rows of samples (along z), at least 2. */
  readonly rows: number;
  /** Number of columns of samples (along x), at least 2. */
  readonly cols: number;
  /** The heights, row-major (a copy of those given; NaN marks a hole), before `scale.y`. */
  readonly heights: Float64Array;
  /** The field's extent along x and z and the factor of its heights along y. */
  readonly scale: Readonly<Vec3Like>;
  /** Radius of a ball about the field's origin that holds every triangle (a length; from each row's box, so at most a little more than its farthest corner's norm). */
  readonly boundingRadius: number;
  /** Number of triangles: two a cell without a hole at a corner. */
  readonly triangleCount: number;
  /** @internal Each column's x and each row's z (the samples' coordinates, as the triangles have them). */
  readonly xs: Float64Array;
  /** @internal (See xs.) */
  readonly zs: Float64Array;
  /** @internal Cells a unit along x and along z (the grid's estimate of a cell from a coordinate). */
  readonly cellsPer: Float64Array;
  /**
   * @internal The least and greatest y of each band of cells: `rowLow[i]`, `rowHigh[i]` over the cells of
   * row i (samples of rows i and i + 1), `colLow[j]`, `colHigh[j]` over column j's. +Infinity and −Infinity
   * for a band of holes only.
   */
  readonly rowLow: Float64Array;
  /** @internal */
  readonly rowHigh: Float64Array;
  /** @internal */
  readonly colLow: Float64Array;
  /** @internal */
  readonly colHigh: Float64Array;
  /** @internal The box of every triangle, field frame (min xyz, max xyz). */
  readonly bounds: Float64Array;
  /**
   * @internal Each triangle's bounding radius as a loaded triangle carries it: its largest corner norm
   * rounded up to one of 8 steps an octave (at most 12.5 % more), each step a number V8 keeps boxed once
   * here (radiusStep says why), from the octave `radiusOctave`.
   */
  readonly radiusSteps: readonly number[];
  /** @internal The biased exponent of radiusSteps[0]'s octave. */
  readonly radiusOctave: number;

  /**
   * @param rows samples along z (an integer ≥ 2).
   * @param cols samples along x (an integer ≥ 2).
   * @param heights `rows · cols` numbers, row i column j at `i·cols + j`; NaN for a hole, any other value finite.
   * @param scale the field's extent along x and z (finite, > 0) and its heights' factor along y (finite).
   * @throws InvalidShapeError or InvalidNumberError naming the field: rows or cols not an integer ≥ 2,
   *   heights of another length, an infinite height, a bad scale, or holes everywhere.
   */
  constructor(rows: number, cols: number, heights: ArrayLike<number>, scale: Readonly<Vec3Like> = { x: 1, y: 1, z: 1 }) {
    for (const [name, n] of [['rows', rows], ['cols', cols]] as const) {
      if (!(Number.isInteger(n) && n >= 2 && n <= 2 ** 26)) throw new InvalidShapeError(`HeightField.${name}`, `is ${describeValue(n)}; expected an integer from 2 to 2^26`);
    }
    if (!(rows * cols <= 2 ** 30)) throw new InvalidShapeError('HeightField.rows', `times cols is ${rows * cols}; expected at most 2^30 samples`);
    const count = listLength(heights, 'HeightField.heights', `an array of rows · cols = ${rows * cols} numbers`);
    if (count !== rows * cols) throw new InvalidShapeError('HeightField.heights', `has ${count} entries; expected rows · cols = ${rows} · ${cols} = ${rows * cols}`);
    if (scale === null || typeof scale !== 'object') throw new InvalidShapeError('HeightField.scale', `is ${describeValue(scale)}; expected {x, y, z}`);
    for (const k of ['x', 'z'] as const) {
      const s = scale[k];
      if (!(typeof s === 'number' && s > 0 && s < Infinity)) throw new InvalidNumberError(`HeightField.scale.${k}`, s, 'a finite number > 0 (the extent along ' + k + ')');
    }
    if (!(typeof scale.y === 'number' && Number.isFinite(scale.y))) throw new InvalidNumberError('HeightField.scale.y', scale.y, 'a finite number (the heights\' factor)');
    const sx = scale.x, sy = scale.y, sz = scale.z;
    const h = new Float64Array(count);
    // (A typed array's entries are numbers: copied at once, then checked for infinities.)
    if (ArrayBuffer.isView(heights) && !(heights instanceof DataView) && !(heights instanceof BigInt64Array) && !(heights instanceof BigUint64Array)) h.set(heights as unknown as ArrayLike<number>);
    else {
      for (let k = 0; k < count; k++) {
        const v = heights[k];
        if (typeof v !== 'number') throw new InvalidNumberError(`HeightField.heights[${k}]`, v, 'a finite number, or NaN for a hole');
        h[k] = v;
      }
    }
    for (let k = 0; k < count; k++) {
      const v = h[k];
      if (v === Infinity || v === -Infinity) throw new InvalidNumberError(`HeightField.heights[${k}]`, v, 'a finite number, or NaN for a hole');
      // (A height whose product with scale.y overflows is a vertex at infinity, as a mesh's would be.)
      const y = v * sy;
      if (y === Infinity || y === -Infinity) throw new InvalidNumberError(`HeightField.heights[${k}]`, v, `a height whose product with scale.y (${sy}) is finite; it is ${y}`);
    }
    this.rows = rows; this.cols = cols; this.heights = h;
    this.scale = Object.freeze({ x: sx, y: sy, z: sz });
    // The coordinates exactly as the formula gives them (a TriangleMesh built by it has these bits).
    const xs = new Float64Array(cols), zs = new Float64Array(rows);
    for (let j = 0; j < cols; j++) xs[j] = (j / (cols - 1) - 0.5) * sx;
    for (let i = 0; i < rows; i++) zs[i] = (i / (rows - 1) - 0.5) * sz;
    this.xs = xs; this.zs = zs;
    this.cellsPer = new Float64Array([(cols - 1) / (xs[cols - 1] - xs[0]), (rows - 1) / (zs[rows - 1] - zs[0])]);
    const rowLow = new Float64Array(rows - 1).fill(Infinity), rowHigh = new Float64Array(rows - 1).fill(-Infinity);
    const colLow = new Float64Array(cols - 1).fill(Infinity), colHigh = new Float64Array(cols - 1).fill(-Infinity);
    let cells = 0, radius = 0;
    for (let i = 0; i < rows - 1; i++) {
      let rLow = Infinity, rHigh = -Infinity;
      for (let j = 0; j < cols - 1; j++) {
        const k = i * cols + j;
        const a = h[k] * sy, b = h[k + 1] * sy, c = h[k + cols] * sy, d = h[k + cols + 1] * sy;
        if (a !== a || b !== b || c !== c || d !== d) continue;
        cells++;
        const lo = Math.min(a, b, c, d), hi = Math.max(a, b, c, d);
        if (lo < rLow) rLow = lo; if (hi > rHigh) rHigh = hi;
        if (lo < colLow[j]) colLow[j] = lo; if (hi > colHigh[j]) colHigh[j] = hi;
      }
      rowLow[i] = rLow; rowHigh[i] = rHigh;
      // The largest corner norm of the row's cells is at most that of its box's corners: the row's extreme x
      // (the field's ends), its two z and its height range (a bound, as a mesh's largest vertex norm is).
      if (rHigh >= rLow) {
        const x = Math.max(Math.abs(xs[0]), Math.abs(xs[cols - 1])), y = Math.max(Math.abs(rLow), Math.abs(rHigh)), z = Math.max(Math.abs(zs[i]), Math.abs(zs[i + 1]));
        radius = Math.max(radius, hypot3(x, y, z));
      }
    }
    if (cells === 0) throw new InvalidShapeError('HeightField.heights', 'has a hole (NaN) at a corner of every cell; expected at least one cell of four numbers');
    this.rowLow = rowLow; this.rowHigh = rowHigh; this.colLow = colLow; this.colHigh = colHigh;
    this.triangleCount = 2 * cells;
    this.boundingRadius = radius;
    let lo = Infinity, hi = -Infinity, i0 = rows, i1 = -1, j0 = cols, j1 = -1;
    for (let i = 0; i < rows - 1; i++) if (rowHigh[i] >= rowLow[i]) { lo = Math.min(lo, rowLow[i]); hi = Math.max(hi, rowHigh[i]); i0 = Math.min(i0, i); i1 = i; }
    for (let j = 0; j < cols - 1; j++) if (colHigh[j] >= colLow[j]) { j0 = Math.min(j0, j); j1 = j; }
    this.bounds = new Float64Array([xs[j0], lo, zs[i0], xs[j1 + 1], hi, zs[i1 + 1]]);
    // The octaves from the least a triangle's largest corner norm can be (half its shortest edge, by the
    // triangle inequality: a cell's side, less a little for rounding) to the field's radius.
    const first = octaveOf(Math.max(0.49 * Math.min(sx / (cols - 1), sz / (rows - 1)), Number.MIN_VALUE)), last = Math.max(first, octaveOf(radius));
    const steps = new Array<number>(8 * (last - first + 1)).fill(null as unknown as number);
    for (let k = 0; k < steps.length; k++) steps[k] = stepValue(first + (k >> 3), k & 7);
    this.radiusSteps = steps;
    this.radiusOctave = first;
  }

  /** The number of triangle slots, holes included (two a cell): part indices run from 0 to this − 1. */
  get partSlots(): number {
    return 2 * (this.rows - 1) * (this.cols - 1);
  }

  /**
   * The height field's point at (x, z) in its frame: the surface's y there, or NaN outside the field or over
   * a hole. Interpolated on the cell's triangle, as the queries see the surface.
   */
  heightAt(x: number, z: number): number {
    const { xs, zs, cols, rows } = this;
    if (!(x >= xs[0] && x <= xs[cols - 1] && z >= zs[0] && z <= zs[rows - 1])) return NaN;
    const j = cellIndex(xs, x), i = cellIndex(zs, z);
    const u = (x - xs[j]) / (xs[j + 1] - xs[j]), v = (z - zs[i]) / (zs[i + 1] - zs[i]);
    const k = i * cols + j, h = this.heights, sy = this.scale.y;
    const a = h[k] * sy, b = h[k + 1] * sy, c = h[k + cols] * sy, d = h[k + cols + 1] * sy;
    if (a !== a || b !== b || c !== c || d !== d) return NaN;
    // Triangle 2c (a, d, b) where u ≥ v, 2c + 1 (a, c, d) where v ≥ u.
    return u >= v ? a + u * (b - a) + v * (d - b) : a + v * (c - a) + u * (d - c);
  }
}

/** The cell k of the sorted coordinates `c` with c[k] ≤ x ≤ c[k + 1] (the lower one at a shared line). */
function cellIndex(c: Float64Array, x: number): number {
  const n = c.length - 1;
  let k = Math.floor(((x - c[0]) / (c[n] - c[0])) * n);
  if (!(k >= 0)) k = 0; if (k > n - 1) k = n - 1;
  while (k > 0 && c[k] > x) k--;
  while (k < n - 1 && c[k + 1] < x) k++;
  return k;
}
