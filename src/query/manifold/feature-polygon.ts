/**
 * A supporting feature of a shape's core along a direction, as the manifold builder clips it: a polygon
 * of `count` corners (1: a vertex, 2: an edge, 3 or more: a face, counter-clockwise seen from outside),
 * each corner and each edge (corner i to i + 1) with its feature code (feature-code.ts), the outward
 * normal when it is a face, and the radius swept around the core. Written in place: one record serves
 * every call; its arrays grow once per size (the only allocation).
 */
import type { Transform } from '../../math/transform.js';

export class FeaturePolygon {
  count = 0;
  /** Packed x, y, z of the corners. */
  points = new Float64Array(3 * 16);
  vertexCodes = new Int32Array(16);
  edgeCodes = new Int32Array(16);
  /** Code of the whole polygon: its face, or its edge (count 2), or its vertex (count 1). */
  polygonCode = 0;
  /** Whether the polygon is a flat face (count ≥ 3), with `nx, ny, nz` its outward unit normal. */
  isFace = false;
  // Doubles from the start (NaN, not 0): see ManifoldWork.margin.
  nx = NaN; ny = NaN; nz = NaN;
  /** Radius swept around the core (a capsule's, a rounded shape's). */
  radius = NaN;
  /**
   * Code of the lowest-dimensional feature that holds the support point along the direction, found with
   * the alignment tolerance (a face only when its normal is the direction; an edge only when it is
   * perpendicular to it): what a single contact point reports.
   */
  supportCode = 0;

  /** Makes room for `n` corners. */
  reserve(n: number): void {
    if (this.vertexCodes.length >= n) return;
    const cap = Math.max(n, 2 * this.vertexCodes.length);
    const p = new Float64Array(3 * cap); p.set(this.points); this.points = p;
    const v = new Int32Array(cap); v.set(this.vertexCodes); this.vertexCodes = v;
    const e = new Int32Array(cap); e.set(this.edgeCodes); this.edgeCodes = e;
  }

  /**
   * Sets corner `i`'s codes; the caller writes its coordinates into `points` (numbers passed through a
   * call could be boxed: CONTRIBUTING.md, "V8 rules", rule 1).
   */
  setCodes(i: number, vertexCode: number, edgeCode: number): void {
    this.vertexCodes[i] = vertexCode;
    this.edgeCodes[i] = edgeCode;
  }

  /** Moves the polygon by `t` (its points and normal): from the shape's frame into another. */
  /** Every point and the radius times `k` (a power of two, so exactly); the normal stays. */
  scale(k: number): void {
    const p = this.points;
    for (let i = 0, n = 3 * this.count; i < n; i++) p[i] *= k;
    this.radius *= k;
  }

  transform(t: Transform): void {
    const p = this.points;
    for (let i = 0, n = this.count; i < n; i++) {
      const x = p[3 * i], y = p[3 * i + 1], z = p[3 * i + 2];
      p[3 * i] = t.m00 * x + t.m01 * y + t.m02 * z + t.tx;
      p[3 * i + 1] = t.m10 * x + t.m11 * y + t.m12 * z + t.ty;
      p[3 * i + 2] = t.m20 * x + t.m21 * y + t.m22 * z + t.tz;
    }
    const x = this.nx, y = this.ny, z = this.nz;
    this.nx = t.m00 * x + t.m01 * y + t.m02 * z;
    this.ny = t.m10 * x + t.m11 * y + t.m12 * z;
    this.nz = t.m20 * x + t.m21 * y + t.m22 * z;
  }
}
