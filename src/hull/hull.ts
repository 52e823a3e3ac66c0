/**
 * The result type of buildHull (a point, segment, polygon or solid hull as flat typed arrays), and the
 * plane test shared by the build's checks. The tolerance it is built with is HULL_TOLERANCE_FACTOR of
 * tolerance.ts.
 */
/** What kind of set the hull is: a point, a segment, a convex polygon, or a solid polyhedron. */
export type HullDimension = 0 | 1 | 2 | 3;

/** Options of {@link buildHull}. */
export interface BuildHullOptions {
  /**
   * Absolute distance tolerance (a length): a point within this distance of a face plane counts as on
   * it, and faces meeting at an edge flatter than this are merged. Default: the relative tolerance
   * HULL_TOLERANCE_FACTOR (tolerance.ts) · ε · (sum of the largest absolute coordinates).
   */
  tolerance?: number;
}

/**
 * A convex hull. Faces and vertex neighbours are stored as compressed rows (CSR): face `f` has the
 * vertex indices `faceIndices[faceStart[f] .. faceStart[f + 1])`, vertex `v` the neighbours
 * `neighborIndices[neighborStart[v] .. neighborStart[v + 1])`.
 */
export interface Hull {
  /** 3 for a solid hull, 2 for a flat polygon, 1 for a segment, 0 for a point. */
  readonly dimension: HullDimension;
  /** Hull vertices as packed x, y, z triples, in input order; each is exactly one of the input points. */
  readonly vertices: Float64Array;
  /** Number of hull vertices (`vertices.length / 3`, `inputIndices.length`): 1 to the number of distinct input points. */
  readonly vertexCount: number;
  /**
   * For each hull vertex, the index of the input point it is (increasing). When the point is repeated
   * in the input, this is one of its copies; which one is not specified.
   */
  readonly inputIndices: Int32Array;
  /**
   * Number of faces: 0 for a point or segment, 2 for a polygon (the same polygon once per side, with
   * opposite normals), at least 4 for a solid.
   */
  readonly faceCount: number;
  /** `faceCount + 1` offsets into `faceIndices`. */
  readonly faceStart: Int32Array;
  /** Vertex indices of every face, counter-clockwise seen from outside (from the side its normal points to). */
  readonly faceIndices: Int32Array;
  /** Outward unit normal of each face, packed x, y, z. */
  readonly faceNormals: Float64Array;
  /** Plane offset of each face: `dot(normal, p) = offset` on the face, `< offset` inside. */
  readonly faceOffsets: Float64Array;
  /** `vertexCount + 1` offsets into `neighborIndices`. */
  readonly neighborStart: Int32Array;
  /** Neighbours of every vertex along hull edges (polygon edges for a flat hull). */
  readonly neighborIndices: Int32Array;
  /**
   * The absolute distance tolerance the hull was built with (a length): the default or
   * `options.tolerance`, times 4ᵏ when nearly coplanar points needed k coarser builds (see buildHull).
   */
  readonly tolerance: number;
  /** The faces as arrays of vertex indices (built on first access from `faceStart`/`faceIndices`). */
  readonly faces: ReadonlyArray<ReadonlyArray<number>>;
}

/** The one implementation of Hull (see pack-hull.ts and flat-hulls.ts). */
export class HullResult implements Hull {
  private _faces: number[][] | null = null;
  constructor(
    readonly dimension: HullDimension,
    readonly vertices: Float64Array,
    readonly inputIndices: Int32Array,
    readonly faceStart: Int32Array,
    readonly faceIndices: Int32Array,
    readonly faceNormals: Float64Array,
    readonly faceOffsets: Float64Array,
    readonly neighborStart: Int32Array,
    readonly neighborIndices: Int32Array,
    readonly tolerance: number,
  ) {}
  get vertexCount(): number {
    return this.inputIndices.length;
  }
  get faceCount(): number {
    return this.faceStart.length - 1;
  }
  get faces(): ReadonlyArray<ReadonlyArray<number>> {
    if (this._faces === null) {
      const out: number[][] = [];
      const fs = this.faceStart, fi = this.faceIndices;
      for (let f = 0; f + 1 < fs.length; f++) out.push(Array.from(fi.subarray(fs[f], fs[f + 1])));
      this._faces = out;
    }
    return this._faces;
  }
}

/** Whether point `i` of `p` lies within `tol` below every face plane of `hull`. */
export function belowFaces(hull: Hull, p: Float64Array, i: number, tol: number): boolean {
  const fn = hull.faceNormals, fo = hull.faceOffsets, fc = hull.faceCount;
  const x = p[3 * i], y = p[3 * i + 1], z = p[3 * i + 2];
  for (let f = 0; f < fc; f++) {
    if (!(fn[3 * f] * x + fn[3 * f + 1] * y + fn[3 * f + 2] * z <= fo[f] + tol)) return false;
  }
  return true;
}
