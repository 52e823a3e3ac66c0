import { DegenerateHullError } from '../errors.js';
import type { Vec3Like } from '../math/types.js';
import { readPointList } from './read-input.js';
import type { Shape, ShapeJSON } from './shape.js';

/**
 * The convex hull of a set of points (local frame). Repeated, collinear and coplanar points are
 * accepted: the hull may be a polyhedron, a polygon, a segment or a point.
 *
 * The support mapping scans the stored vertices: for a few dozen vertices a linear scan of a packed
 * Float64Array beats any walk.
 */
export class ConvexHull implements Shape {
  readonly kind = 'convexHull' as const;
  readonly sweptRadius = 0;
  readonly boundingRadius: number;
  /** Vertex coordinates as packed x, y, z triples. */
  readonly vertices: Float64Array;
  /** Number of vertices. */
  readonly vertexCount: number;

  /**
   * @param points an array of `{x, y, z}` or a flat `ArrayLike<number>` of x, y, z triples; not kept.
   * @throws DegenerateHullError (`too-few-points`) for an empty list.
   * @throws InvalidNumberError for a NaN or infinite coordinate, naming its index.
   */
  constructor(points: ArrayLike<Vec3Like> | ArrayLike<number>) {
    const coords = readPointList(points, 'ConvexHull.points');
    if (coords.length === 0) {
      throw new DegenerateHullError('too-few-points', 'ConvexHull.points is empty; need at least 1 point');
    }
    this.vertices = coords;
    this.vertexCount = coords.length / 3;
    let r2 = 0;
    for (let i = 0; i < coords.length; i += 3) {
      const d = coords[i] * coords[i] + coords[i + 1] * coords[i + 1] + coords[i + 2] * coords[i + 2];
      if (d > r2) r2 = d;
    }
    this.boundingRadius = Math.sqrt(r2);
  }

  support(out: Vec3Like, dir: Readonly<Vec3Like>): Vec3Like {
    const v = this.vertices;
    const dx = dir.x, dy = dir.y, dz = dir.z;
    let best = 0;
    let bestDot = v[0] * dx + v[1] * dy + v[2] * dz;
    for (let i = 3, n = v.length; i < n; i += 3) {
      const d = v[i] * dx + v[i + 1] * dy + v[i + 2] * dz;
      if (d > bestDot) {
        bestDot = d;
        best = i;
      }
    }
    out.x = v[best];
    out.y = v[best + 1];
    out.z = v[best + 2];
    return out;
  }

  toJSON(): ShapeJSON {
    const pts: number[][] = [];
    const v = this.vertices;
    for (let i = 0; i < v.length; i += 3) pts.push([v[i], v[i + 1], v[i + 2]]);
    return { type: 'convexHull', points: pts };
  }
}
