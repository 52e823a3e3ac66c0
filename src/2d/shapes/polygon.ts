import { hypot2 } from '../../math/exact-math.js';
import type { Vec2Like } from '../types.js';
import { edgeNormals, hull2, readPoints2 } from '../hull2.js';
import { markShape2, type Shape2 } from './shape2.js';

/**
 * The convex hull of any points (2d/hull2.ts): repeated and collinear points are allowed, so a polygon
 * may be a segment (2 vertices) or a point (1). Its vertices run counter-clockwise; `normals` holds the
 * outward unit normal of each edge, edge i running from vertex i to vertex i + 1 (as Box2D's b2Polygon).
 */
export class Polygon implements Shape2 {
  /** Discriminant of the 2D shape union: always `'polygon'`. */
  readonly kind = 'polygon' as const;
  static {
    markShape2(this);
  }
  readonly sweptRadius = 0;
  readonly boundingRadius: number;
  /** Number of vertices (1, 2, or 3 and more). */
  readonly count: number;
  /** The hull's vertices, counter-clockwise: x0, y0, x1, y1, ... */
  readonly vertices: Float64Array;
  /**
   * Outward unit normal of edge i (vertex i to i + 1), nx, ny per edge: `count` edges for a polygon, 2
   * for a segment (its two sides), none for a point.
   */
  readonly normals: Float64Array;
  /** @internal The core as a polygon (shape2.ts): the hull itself. */
  readonly coreVertices: Float64Array;
  /** @internal */
  readonly coreNormals: Float64Array;

  /**
   * @param points the points whose hull this is: `{x, y}` objects (three.js `Vector2`), or a flat array
   *   of numbers x0, y0, x1, y1, ...
   * @throws InvalidShapeError for an empty list or one that is not an array; InvalidNumberError naming a
   *   coordinate that is not a finite number.
   */
  constructor(points: ReadonlyArray<Readonly<Vec2Like>> | ArrayLike<number>) {
    const v = hull2(readPoints2(points, 'Polygon.points'));
    this.vertices = v;
    const n = v.length >> 1;
    this.count = n;
    this.normals = edgeNormals(v);
    this.coreVertices = v;
    this.coreNormals = this.normals;
    let r = 0;
    for (let i = 0; i < n; i++) r = Math.max(r, hypot2(v[2 * i], v[2 * i + 1]));
    this.boundingRadius = r;
  }

  /** The vertex furthest along `dir`, by a scan (the first on a tie). */
  support(out: Vec2Like, dir: Readonly<Vec2Like>): Vec2Like {
    const v = this.vertices, n = this.count;
    const dx = dir.x, dy = dir.y;
    let best = 0, bestDot = v[0] * dx + v[1] * dy;
    for (let i = 1; i < n; i++) {
      const d = v[2 * i] * dx + v[2 * i + 1] * dy;
      if (d > bestDot) { bestDot = d; best = i; }
    }
    out.x = v[2 * best];
    out.y = v[2 * best + 1];
    return out;
  }
}
