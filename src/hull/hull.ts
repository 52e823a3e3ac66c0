/**
 * The result type of buildHull (a point, segment, polygon or solid hull as flat typed arrays) and the
 * tolerance it is built with.
 */
/**
 * Safety factor of the hull tolerance: `ε = HULL_TOLERANCE_FACTOR · Number.EPSILON · (max|x| + max|y| + max|z|)`
 * (a length). Barber et al. §4 bound the roundoff of a point–plane distance by a few ε times the
 * largest coordinate sum; planes of thin triangles amplify that, so we keep a wide margin (48) over the
 * ~3 ulps of the bare dot product: about 3e-14 for unit-sized input. The grid, perturbed-grid and
 * lattice cases of `quickhull.test.ts` / `quickhull.prop.test.ts` pass with it; the factor has not
 * been bisected downwards. Candidate for `src/tolerance.ts`.
 */
export const HULL_TOLERANCE_FACTOR = 48;

/** What kind of set the hull is: a point, a segment, a convex polygon, or a solid polyhedron. */
export type HullDimension = 0 | 1 | 2 | 3;

/** Options of {@link buildHull}. */
export interface BuildHullOptions {
  /**
   * Absolute distance tolerance (a length): a point within this distance of a face plane counts as on
   * it, and faces meeting at an edge flatter than this are merged. Default: the relative tolerance
   * {@link HULL_TOLERANCE_FACTOR} · ε · (sum of the largest absolute coordinates).
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

/**
 * Largest point count × face count that a build checks against its finished hull (coversPoints in
 * build-hull.ts, QuickhullBuilder.coversNear; about 0.1 s here); above it, it trusts the build.
 */
export const COVER_CHECK_BUDGET = 1 << 24;

/** Whether point `i` of `p` lies within `tol` below every face plane of `hull`. */
export function belowFaces(hull: Hull, p: Float64Array, i: number, tol: number): boolean {
  const fn = hull.faceNormals, fo = hull.faceOffsets, fc = hull.faceCount;
  const x = p[3 * i], y = p[3 * i + 1], z = p[3 * i + 2];
  for (let f = 0; f < fc; f++) {
    if (!(fn[3 * f] * x + fn[3 * f + 1] * y + fn[3 * f + 2] * z <= fo[f] + tol)) return false;
  }
  return true;
}
