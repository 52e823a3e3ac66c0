/**
 * A triangle mesh: a two-sided surface of triangles (no inside: the union of its triangles), with a
 * static bounding volume hierarchy over them (bvh/, binned SAH) and each triangle's edge adjacency, which
 * lets a contact at an inner edge between coplanar triangles take the faces' normal rather than the
 * edge's (the "internal edge" problem Jolt's active edges and Box2D's chain shapes solve).
 *
 * Degenerate triangles (zero area, to rounding) are kept out of the hierarchy and counted in
 * `degenerateCount`: they add nothing to a surface that their edges' neighbours do not.
 */
import { hypot3 } from '../../math/exact-math.js';
import { describeValue, InvalidShapeError, listLength } from '../../errors.js';
import { MESH_MAX_LEAF_TRIANGLES } from '../../tolerance.js';
import { buildBvh, type StaticBvh } from '../../bvh/static-bvh.js';
import { readPointList } from '../../math/read-input.js';
import type { Vec3Like } from '../../math/types.js';
import { markBuiltIn, MESH_KIND_INDEX, type MeshShape } from '../../shapes/shape.js';
import { registerConcavePairs } from './parted-pairs.js';

/** What `TriangleMesh.fromGeometry` reads: a three.js `BufferGeometry`, or anything shaped like one. */
export interface GeometryLike {
  /** The vertex attributes by name; only `position` is read (required). */
  readonly attributes: {
    readonly [name: string]: {
      /** The attribute's numbers, `itemSize` a vertex: x, y, z for `position` (a plain, not interleaved, attribute). */
      readonly array: ArrayLike<number>;
      /** Numbers a vertex; for `position`, 3 when given. */
      readonly itemSize?: number;
    } | undefined;
  };
  /** The index buffer; null or absent for a non-indexed geometry, whose every three vertices make a triangle. */
  readonly index?: {
    /** Vertex indices, three a triangle. */
    readonly array: ArrayLike<number>;
  } | null;
}

/**
 * A triangle mesh: a two-sided surface of triangles with no inside, for the pairwise queries, ray and shape
 * casts and the world. Build it from vertices and indices, or from a three.js geometry with {@link TriangleMesh.fromGeometry}.
 */
export class TriangleMesh implements MeshShape {
  static {
    // As Compound's: the dispatcher learns the kind, and the mesh pair functions join the tables, when the
    // class is defined.
    markBuiltIn(TriangleMesh, MESH_KIND_INDEX);
    registerConcavePairs('mesh');
  }

  /** The shape kind: `'mesh'`. */
  readonly kind = 'mesh' as const;
  /** Vertices, 3 numbers each. */
  readonly vertices: Float64Array;
  /** The triangles kept (not degenerate), 3 vertex indices each, in the hierarchy's leaf order (`sourceIndex` maps them back). */
  readonly triangles: Int32Array;
  /** For each kept triangle, its index in the triangle list given (what results report). */
  readonly sourceIndex: Int32Array;
  /** How many triangles given were degenerate (zero area) and left out. */
  readonly degenerateCount: number;
  /**
   * For each kept triangle and each of its edges k (from vertex k to vertex k + 1), the kept triangle
   * across that edge, or −1 at a boundary or where more than two triangles share it. Edges are matched by
   * their ends' positions (exactly equal coordinates), so a triangle soup's repeated vertices count as one.
   */
  readonly adjacency: Int32Array;
  /** @internal The hierarchy over the kept triangles (item j is triangle j: they are kept in its leaf order). */
  readonly bvh: StaticBvh;
  /** Radius of a ball about the mesh's origin that holds it. */
  readonly boundingRadius: number;
  /** @internal The vertices the kept triangles use, each once (what a turned mesh's box is read from). */
  readonly usedVertices: Int32Array;
  /**
   * @internal For each kept triangle, its largest vertex norm (its bounding radius as a Triangle), as
   * numbers V8 keeps boxed (boxedRadii says why).
   */
  readonly triangleRadius: readonly number[];

  /**
   * @param vertices `{x, y, z}` points or a flat list of x, y, z numbers.
   * @param indices a flat list of vertex indices, three a triangle.
   * @throws InvalidShapeError or InvalidNumberError naming the field: a non-finite vertex, a length of
   *   `indices` that is not a multiple of 3, an index that is not an integer in range, no triangle, or
   *   only degenerate ones.
   */
  constructor(vertices: ArrayLike<Vec3Like> | ArrayLike<number>, indices: ArrayLike<number>) {
    const v = readPointList(vertices, 'TriangleMesh.vertices');
    const nv = v.length / 3;
    const count = listLength(indices, 'TriangleMesh.indices', 'a flat array of vertex indices, three a triangle');
    if (count % 3 !== 0) throw new InvalidShapeError('TriangleMesh.indices', `has ${count} entries; expected a multiple of 3 (three a triangle)`);
    if (count === 0) throw new InvalidShapeError('TriangleMesh.indices', 'is empty; expected at least one triangle');
    const n = count / 3;
    const tris = new Int32Array(count), source = new Int32Array(n);
    let kept = 0, degenerate = 0;
    for (let t = 0; t < n; t++) {
      for (let k = 0; k < 3; k++) {
        const i = indices[3 * t + k];
        if (!(Number.isInteger(i) && i >= 0 && i < nv)) {
          throw new InvalidShapeError(`TriangleMesh.indices[${3 * t + k}]`, `is ${describeValue(i)}; expected an integer vertex index from 0 to ${nv - 1}`);
        }
      }
      const a = indices[3 * t], b = indices[3 * t + 1], c = indices[3 * t + 2];
      if (isDegenerate(v, a, b, c)) { degenerate++; continue; }
      tris[3 * kept] = a; tris[3 * kept + 1] = b; tris[3 * kept + 2] = c;
      source[kept] = t;
      kept++;
    }
    if (kept === 0) throw new InvalidShapeError('TriangleMesh.indices', `holds ${n} triangles, every one degenerate (zero area); expected at least one that is not`);
    this.vertices = v;
    // The hierarchy, over the triangles' boxes (scratch: a leaf makes a triangle's box from its corners
    // when it tests it, so 48 bytes a triangle are not kept).
    const bounds = new Float64Array(6 * kept);
    for (let t = 0; t < kept; t++) {
      for (let k = 0; k < 3; k++) {
        let lo = Infinity, hi = -Infinity;
        for (let j = 0; j < 3; j++) { const x = v[3 * tris[3 * t + j] + k]; if (x < lo) lo = x; if (x > hi) hi = x; }
        bounds[6 * t + k] = lo; bounds[6 * t + 3 + k] = hi;
      }
    }
    const bvh = buildBvh(bounds, kept, 'TriangleMesh.triangles', MESH_MAX_LEAF_TRIANGLES);
    // The triangles renumbered in leaf order (a leaf's triangles, and a subtree's, lie together in memory),
    // so that item j is triangle j.
    const order = bvh.items, sorted = new Int32Array(3 * kept), sortedSource = new Int32Array(kept);
    for (let j = 0; j < kept; j++) {
      const t = order[j];
      sorted[3 * j] = tris[3 * t]; sorted[3 * j + 1] = tris[3 * t + 1]; sorted[3 * j + 2] = tris[3 * t + 2];
      sortedSource[j] = source[t];
      order[j] = j;
    }
    this.triangles = sorted;
    this.sourceIndex = sortedSource;
    this.degenerateCount = degenerate;
    // Edges are matched by their ends' positions, not their indices: a triangle soup (three.js's
    // toNonIndexed(), many loaders) repeats each shared vertex, and its edges would have no neighbours.
    const weld = weldExact(v, nv), welded = new Int32Array(3 * kept);
    for (let k = 0; k < 3 * kept; k++) welded[k] = weld[sorted[k]];
    this.adjacency = edgeAdjacency(welded, nv);
    bvh.itemBounds = null;
    bvh.itemTriangles = sorted;
    bvh.itemVertices = v;
    this.bvh = bvh;
    const norms = new Float64Array(nv);
    let r = 0;
    for (let i = 0; i < nv; i++) r = Math.max(r, norms[i] = hypot3(v[3 * i], v[3 * i + 1], v[3 * i + 2]));
    this.boundingRadius = r;
    const used = new Uint8Array(nv);
    for (let k = 0; k < 3 * kept; k++) used[this.triangles[k]] = 1;
    const usedList = new Int32Array(used.reduce((n, u) => n + u, 0));
    for (let i = 0, j = 0; i < nv; i++) if (used[i] === 1) usedList[j++] = i;
    this.usedVertices = usedList;
    this.triangleRadius = boxedRadii(norms, this.triangles, kept);
  }

  /** Number of triangles kept: those given less the degenerate ones (`degenerateCount`). */
  get triangleCount(): number {
    return this.sourceIndex.length;
  }

  /**
   * A mesh from anything shaped like a three.js `BufferGeometry` (`attributes.position.array`, and
   * `index.array` when indexed; non-indexed geometry takes every three vertices as a triangle), without
   * importing three.
   */
  static fromGeometry(geometry: GeometryLike): TriangleMesh {
    const position = geometry?.attributes?.position;
    if (position === undefined || position === null || typeof position.array?.length !== 'number') {
      throw new InvalidShapeError('geometry.attributes.position.array', 'is missing; expected a BufferGeometry-like object');
    }
    if ((position as { isInterleavedBufferAttribute?: boolean }).isInterleavedBufferAttribute === true) {
      throw new InvalidShapeError('geometry.attributes.position', 'is interleaved; expected a plain BufferAttribute (deinterleave it first: BufferGeometryUtils.deinterleaveGeometry)');
    }
    if (position.itemSize !== undefined && position.itemSize !== 3) {
      throw new InvalidShapeError('geometry.attributes.position.itemSize', `is ${position.itemSize}; expected 3`);
    }
    const index = geometry.index?.array;
    const count = position.array.length / 3;
    if (index == null && count % 3 !== 0) {
      // (Not truncated to whole triangles: a count that is not a multiple of 3 means the array is not what
      // the caller thinks it is.)
      throw new InvalidShapeError('geometry.attributes.position.array', `holds ${position.array.length} numbers (${count} vertices), not whole triangles; a geometry without an index takes every 3 vertices (9 numbers) as a triangle`);
    }
    return new TriangleMesh(position.array, index ?? Array.from({ length: count }, (_, i) => i));
  }
}

/** Whether triangle (a, b, c) has zero area to rounding: |(b − a) × (c − a)| ≤ 8ε·(longest edge)², at any scale. */
function isDegenerate(v: Float64Array, a: number, b: number, c: number): boolean {
  const ax = v[3 * a], ay = v[3 * a + 1], az = v[3 * a + 2];
  let ux = v[3 * b] - ax, uy = v[3 * b + 1] - ay, uz = v[3 * b + 2] - az;
  let wx = v[3 * c] - ax, wy = v[3 * c + 1] - ay, wz = v[3 * c + 2] - az;
  // Scaled to a largest coordinate of 1 first: at 1e-250 the cross product would underflow to 0 (and at
  // 1e200 overflow), making every triangle degenerate.
  const m = Math.max(Math.abs(ux), Math.abs(uy), Math.abs(uz), Math.abs(wx), Math.abs(wy), Math.abs(wz));
  if (!(m > 0) || !Number.isFinite(m)) return !(m > 0);
  ux /= m; uy /= m; uz /= m; wx /= m; wy /= m; wz /= m;
  const nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
  const n = hypot3(nx, ny, nz);
  const e = Math.max(hypot3(ux, uy, uz), hypot3(wx, wy, wz), hypot3(wx - ux, wy - uy, wz - uz));
  return !(n > 8 * Number.EPSILON * e * e);
}

/**
 * For each vertex, the first vertex at exactly its position (itself when none is before it): an open-
 * addressing hash of the coordinates' bits, O(n). −0 counts as 0.
 */
function weldExact(v: Float64Array, nv: number): Int32Array {
  const weld = new Int32Array(nv);
  let size = 16;
  while (size < 2 * nv) size *= 2;
  const table = new Int32Array(size).fill(-1), mask = size - 1;
  const word = new Float64Array(1), bits = new Uint32Array(word.buffer);
  for (let i = 0; i < nv; i++) {
    const x = v[3 * i] + 0, y = v[3 * i + 1] + 0, z = v[3 * i + 2] + 0;
    let h = 0;
    for (let k = 0; k < 3; k++) {
      word[0] = k === 0 ? x : k === 1 ? y : z;
      h = Math.imul(h ^ bits[0], 0x9e3779b1) ^ Math.imul(bits[1], 0x85ebca77);
      h ^= h >>> 15;
    }
    let slot = h & mask;
    weld[i] = i;
    for (;;) {
      const j = table[slot];
      if (j < 0) { table[slot] = i; break; }
      if (v[3 * j] === x && v[3 * j + 1] === y && v[3 * j + 2] === z) { weld[i] = j; break; }
      slot = (slot + 1) & mask;
    }
  }
  return weld;
}

/**
 * For each triangle edge, the one other triangle sharing it (−1 at a boundary or a non-manifold edge).
 * Edges are bucketed by their lower vertex (a counting sort into flat arrays: a Map keyed by
 * `lower · nv + upper` made every key a heap number past 2^30 and took half of a 1M-triangle build), each
 * bucket sorted by the upper vertex, and its runs matched.
 */
function edgeAdjacency(tris: Int32Array, nv: number): Int32Array {
  const n = tris.length / 3, edges = 3 * n;
  const adjacency = new Int32Array(edges).fill(-1);
  // start[v] .. start[v + 1]: the edges whose lower vertex is v (edge e = 3t + k, from vertex k to k + 1).
  const start = new Int32Array(nv + 1);
  for (let e = 0; e < edges; e++) {
    const t = (e / 3) | 0, k = e - 3 * t;
    const i = tris[e], j = tris[3 * t + (k === 2 ? 0 : k + 1)];
    start[(i < j ? i : j) + 1]++;
  }
  for (let v = 0; v < nv; v++) start[v + 1] += start[v];
  const fill = start.slice(0, nv), bucket = new Int32Array(edges), upper = new Int32Array(edges);
  for (let e = 0; e < edges; e++) {
    const t = (e / 3) | 0, k = e - 3 * t;
    const i = tris[e], j = tris[3 * t + (k === 2 ? 0 : k + 1)];
    const lo = i < j ? i : j, at = fill[lo]++;
    bucket[at] = e;
    upper[at] = i < j ? j : i;
  }
  for (let v = 0; v < nv; v++) {
    const first = start[v], end = start[v + 1];
    if (end - first < 2) continue;
    sortBucket(bucket, upper, first, end);
    // Runs of one upper vertex: a run of exactly two links its edges; longer runs (non-manifold) do not.
    for (let p = first; p < end;) {
      let q = p + 1;
      while (q < end && upper[q] === upper[p]) q++;
      if (q - p === 2) {
        adjacency[bucket[p]] = (bucket[p + 1] / 3) | 0;
        adjacency[bucket[p + 1]] = (bucket[p] / 3) | 0;
      }
      p = q;
    }
  }
  return adjacency;
}

/**
 * Sorts bucket[first .. end) by upper[] (both arrays moved together): by insertion for the few edges a
 * vertex usually has, by a native sort for a large fan (an insertion sort there would be quadratic).
 */
function sortBucket(bucket: Int32Array, upper: Int32Array, first: number, end: number): void {
  if (end - first <= 32) {
    for (let i = first + 1; i < end; i++) {
      const u = upper[i], b = bucket[i];
      let j = i - 1;
      while (j >= first && upper[j] > u) { upper[j + 1] = upper[j]; bucket[j + 1] = bucket[j]; j--; }
      upper[j + 1] = u; bucket[j + 1] = b;
    }
    return;
  }
  const order = Array.from({ length: end - first }, (_, i) => first + i).sort((x, y) => upper[x] - upper[y] || bucket[x] - bucket[y]);
  const u = order.map((i) => upper[i]), b = order.map((i) => bucket[i]);
  for (let i = 0; i < u.length; i++) { upper[first + i] = u[i]; bucket[first + i] = b[i]; }
}

/**
 * Each triangle's radius (its largest vertex norm) as a plain array of numbers that V8 stores boxed (its
 * elements made tagged by a null first), each value boxed once and shared by the triangles whose largest
 * vertex norm it is. Why: parts.ts loads a triangle's radius into the mesh's scratch Triangle, whose
 * `boundingRadius` is read at call sites that see every kind of shape. A field V8 stores as a raw double
 * is boxed anew by every such megamorphic load (16 bytes; a mixed scene's mesh contacts allocated about
 * 300 bytes a query); a tagged field is not, and a boxed number copied into it from here is stored as it
 * is, where a double computed at load time would be boxed by the store. Costs 8 bytes a triangle and 16 a
 * distinct radius (at most one per vertex used) over a Float64Array's 8.
 */
function boxedRadii(norms: Float64Array, triangles: Int32Array, kept: number): number[] {
  const radii = new Array<number>(kept).fill(null as unknown as number);
  const shared = new Map<number, number>();
  for (let t = 0; t < kept; t++) {
    const r = Math.max(norms[triangles[3 * t]], norms[triangles[3 * t + 1]], norms[triangles[3 * t + 2]]);
    let boxed = shared.get(r);
    if (boxed === undefined) { shared.set(r, r); boxed = shared.get(r)!; }
    radii[t] = boxed;
  }
  return radii;
}
