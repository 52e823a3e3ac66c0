/**
 * A decomposition's input read as a closed solid (decompose/): the mesh's vertices welded within a tolerance
 * of its size (three.js geometries repeat a seam's vertices, a few ulps apart), triangles that weld to a
 * point or a segment dropped, then checked closed: every directed edge a → b matched by one b → a (a
 * 2-cycle, which admits non-manifold edges: what a volume, a winding number and a cut's caps need). A mesh
 * wound inward (negative volume) is turned outward. Open or flat meshes are typed errors naming what is
 * wrong, as is a coordinate that is not a finite number.
 */
import { hypot3 } from '../math/exact-math.js';
import { describeValue, InvalidArgumentError, InvalidNumberError, InvalidShapeError } from '../errors.js';
import type { GeometryLike } from '../query/parted/triangle-mesh.js';
import { PartMesh } from './part-mesh.js';

/** What reading the solid did: the vertices merged and the triangles dropped. */
export interface SolidReport {
  welded: number;
  droppedTriangles: number;
}

/**
 * The closed solid of `positions` (x, y, z a vertex) and `indices` (three a triangle), welded within
 * `weldTolerance` (a fraction of the box's diagonal) into `out` (or a new part).
 * @throws InvalidNumberError naming `positions[i]` for a coordinate that is not finite; InvalidArgumentError
 *   naming `indices[i]` for an index out of range, or a length not a multiple of 3; InvalidShapeError when
 *   the welded mesh is open (its unmatched edges counted) or encloses no volume.
 */
export function readSolid(positions: ArrayLike<number>, indices: ArrayLike<number>, weldTolerance: number, report?: SolidReport, out = new PartMesh()): PartMesh {
  if (positions.length % 3 !== 0) throw new InvalidArgumentError('positions', `has ${positions.length} numbers; expected x, y, z for each vertex (a multiple of 3)`);
  if (indices.length % 3 !== 0) throw new InvalidArgumentError('indices', `has ${indices.length} numbers; expected three for each triangle (a multiple of 3)`);
  const n = positions.length / 3;
  if (indices.length === 0) throw new InvalidShapeError('mesh', 'has no triangles; expected a closed solid');
  for (let i = 0; i < positions.length; i++) {
    const x = positions[i];
    if (typeof x !== 'number' || !Number.isFinite(x)) throw new InvalidNumberError(`positions[${i}]`, x);
  }
  for (let i = 0; i < indices.length; i++) {
    const k = indices[i];
    if (!(Number.isInteger(k) && k >= 0 && k < n)) throw new InvalidArgumentError(`indices[${i}]`, `is ${describeValue(k)}; expected a vertex index from 0 to ${n - 1}`);
  }
  // Weld on a grid of cells the tolerance wide: a vertex merges into an earlier one within the tolerance in
  // its cell or a neighbouring one (first come, first kept: the same input welds the same way).
  const box = boxOf(positions), diag = hypot3(box[3] - box[0], box[4] - box[1], box[5] - box[2]);
  const tol = weldTolerance * diag, cell = tol > 0 ? tol : 1;
  const cells = new Map<string, number[]>(), map = new Int32Array(n);
  out.count = out.triangles = 0;
  let welded = 0;
  for (let i = 0; i < n; i++) {
    const x = positions[3 * i], y = positions[3 * i + 1], z = positions[3 * i + 2];
    const cx = Math.floor((x - box[0]) / cell), cy = Math.floor((y - box[1]) / cell), cz = Math.floor((z - box[2]) / cell);
    let found = -1;
    for (let dx = -1; dx <= 1 && found < 0; dx++) {
      for (let dy = -1; dy <= 1 && found < 0; dy++) {
        for (let dz = -1; dz <= 1 && found < 0; dz++) {
          const list = cells.get(`${cx + dx},${cy + dy},${cz + dz}`);
          if (list === undefined) continue;
          for (const j of list) {
            const p = out.positions, o = 3 * j;
            if (Math.abs(p[o] - x) <= tol && Math.abs(p[o + 1] - y) <= tol && Math.abs(p[o + 2] - z) <= tol) { found = j; break; }
          }
        }
      }
    }
    if (found >= 0) { map[i] = found; welded++; continue; }
    const j = out.addVertex(x, y, z);
    map[i] = j;
    const key = `${cx},${cy},${cz}`;
    const list = cells.get(key);
    if (list === undefined) cells.set(key, [j]); else list.push(j);
  }
  let dropped = 0;
  for (let k = 0; k < indices.length; k += 3) {
    const a = map[indices[k]], b = map[indices[k + 1]], c = map[indices[k + 2]];
    if (a === b || b === c || c === a) { dropped++; continue; }
    out.addTriangle(a, b, c, 0);
  }
  if (report !== undefined) { report.welded = welded; report.droppedTriangles = dropped; }
  const open = out.openEdges();
  if (open > 0) throw new InvalidShapeError('mesh', `is open: ${open} edge${open === 1 ? '' : 's'} with no matching reverse edge after welding vertices within ${weldTolerance} of its diagonal (options.weldTolerance); expected a closed mesh (every edge shared by a triangle on each side)`);
  const c = out.bounds(new Float64Array(6));
  const volume = out.volume((c[0] + c[3]) / 2, (c[1] + c[4]) / 2, (c[2] + c[5]) / 2);
  if (!(Math.abs(volume) > 1e-12 * diag * diag * diag)) throw new InvalidShapeError('mesh', `encloses no volume (${volume}); expected a closed solid`);
  if (volume < 0) {
    // Wound inward: each triangle turned.
    const t = out.indices;
    for (let k = 0; k < 3 * out.triangles; k += 3) { const b = t[k + 1]; t[k + 1] = t[k + 2]; t[k + 2] = b; }
  }
  return out;
}

function boxOf(p: ArrayLike<number>): Float64Array {
  const b = new Float64Array([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
  for (let i = 0; i < p.length; i += 3) {
    for (let j = 0; j < 3; j++) { const x = p[i + j]; if (x < b[j]) b[j] = x; if (x > b[3 + j]) b[3 + j] = x; }
  }
  return b;
}

/** A mesh `decompose` reads: a `TriangleMesh`, a three.js `BufferGeometry` (or anything shaped like one), or arrays. */
export type DecomposeInput = MeshLike | GeometryLike | MeshArrays;

/** A `TriangleMesh`, as decompose reads it. */
export interface MeshLike {
  /** `'mesh'`. */
  readonly kind: 'mesh';
  /** Vertices, 3 numbers each. */
  readonly vertices: ArrayLike<number>;
  /** Triangles, 3 vertex indices each. */
  readonly triangles: ArrayLike<number>;
}

/** A mesh as arrays. */
export interface MeshArrays {
  /** Vertices, x, y, z each. */
  readonly positions: ArrayLike<number>;
  /** Triangles, 3 vertex indices each, counter-clockwise seen from outside (either way: an inward mesh is turned); absent: every 3 vertices a triangle. */
  readonly indices?: ArrayLike<number> | null;
}

/**
 * The vertex and index arrays of a mesh in any of {@link DecomposeInput}'s forms (a geometry or arrays
 * without indices take every three vertices as a triangle).
 * @throws InvalidArgumentError naming `mesh` (or its field) for anything else.
 */
export function meshArrays(mesh: DecomposeInput): { positions: ArrayLike<number>; indices: ArrayLike<number> } {
  if (mesh === null || typeof mesh !== 'object') throw new InvalidArgumentError('mesh', `is ${describeValue(mesh)}; expected a TriangleMesh, a BufferGeometry or { positions, indices }`);
  const m = mesh as unknown as Record<string, unknown>;
  if (m.kind === 'mesh' && isArrayLike(m.vertices) && isArrayLike(m.triangles)) return { positions: m.vertices, indices: m.triangles };
  const attributes = m.attributes as GeometryLike['attributes'] | undefined;
  if (attributes !== undefined && attributes !== null && typeof attributes === 'object') {
    const position = attributes.position;
    if (position == null || !isArrayLike(position.array)) throw new InvalidArgumentError('mesh.attributes.position.array', 'is missing; expected a BufferGeometry-like object');
    if ((position as { isInterleavedBufferAttribute?: boolean }).isInterleavedBufferAttribute === true) throw new InvalidArgumentError('mesh.attributes.position', 'is interleaved; expected a plain BufferAttribute (deinterleave it first)');
    if (position.itemSize !== undefined && position.itemSize !== 3) throw new InvalidArgumentError('mesh.attributes.position.itemSize', `is ${describeValue(position.itemSize)}; expected 3`);
    const index = (m.index as GeometryLike['index'])?.array;
    return { positions: position.array, indices: index ?? sequence(position.array.length / 3, 'mesh.attributes.position.array') };
  }
  if (isArrayLike(m.positions)) {
    if (m.indices != null && !isArrayLike(m.indices)) throw new InvalidArgumentError('mesh.indices', `is ${describeValue(m.indices)}; expected an array of vertex indices, three a triangle`);
    return { positions: m.positions, indices: (m.indices as ArrayLike<number> | null | undefined) ?? sequence(m.positions.length / 3, 'mesh.positions') };
  }
  throw new InvalidArgumentError('mesh', 'is an object with neither vertices and triangles, attributes.position, nor positions; expected a TriangleMesh, a BufferGeometry or { positions, indices }');
}

function isArrayLike(x: unknown): x is ArrayLike<number> {
  return (Array.isArray(x) || ArrayBuffer.isView(x)) && !(x instanceof DataView);
}

/** 0, 1, …, n − 1: each three vertices a triangle. */
function sequence(n: number, field: string): Int32Array {
  if (!Number.isInteger(n) || n % 3 !== 0) throw new InvalidArgumentError(field, `holds ${3 * n} numbers, not whole triangles; without indices every 3 vertices (9 numbers) make a triangle`);
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}
