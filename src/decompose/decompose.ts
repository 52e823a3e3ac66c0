/**
 * Convex decomposition of a closed mesh (issue 38; the method in docs/decompose.md): the mesh cut by planes
 * into parts, exactly (plane-clip.ts), until each part is within the concavity of its hull, then hulls merged
 * while the merged hull stays within it, and down to `maxParts` (merge-parts.ts).
 *
 * After CoACD (Wei et al. 2022), which cuts the exact mesh rather than voxels as V-HACD 4 does, so every
 * hull holds its part and the parts tile the solid (the hulls cover it entirely, and add no voxel skin);
 * unlike CoACD, the worst part is cut first (best-first, not breadth-first), each cut is chosen among a few
 * dozen exact candidates (cut-planes.ts) instead of by a tree search, and a cut's pieces become parts of
 * their own. Deterministic: the same input and options give the same bits (no clock, no Math.random, no
 * engine-dependent functions on a path that decides).
 */
import { DegenerateHullError, InvalidNumberError, InvalidShapeError } from '../errors.js';
import { DECOMPOSE_MIN_SIDE_VOLUME } from '../tolerance.js';
import { Compound } from '../query/parted/compound.js';
import { ConvexHull } from '../shapes/convex-hull.js';
import { createPose } from '../math/world-pose.js';
import { hypot3 } from '../math/exact-math.js';
import { nearestPowerOfTwoExponent } from '../math/power-of-two.js';
import { bestCut, candidatePlanes } from './cut-planes.js';
import { readOptions, type DecomposeOptions, type ReadOptions } from './decompose-options.js';
import { mergePieces } from './merge-parts.js';
import type { PartMesh } from './part-mesh.js';
import { measurePiece, type Piece } from './piece.js';
import { splitShells } from './shells.js';
import { SolidDistance } from './solid-distance.js';
import { meshArrays, readSolid, type DecomposeInput, type SolidReport } from './solid-input.js';

/** What `decomposeToHulls` returns: each part's hull vertices, and how the decomposition went. */
export interface Decomposition {
  /** Each part's convex hull vertices, x, y, z each (in the mesh's frame). */
  hulls: Float64Array[];
  /** The largest concavity left in a part, as a fraction of the mesh's diagonal (as measured on the parts' samples). */
  concavity: number;
  /** Cuts made. */
  cuts: number;
  /** Merges made after the cuts. */
  merges: number;
  /** Vertices merged by the weld. */
  welded: number;
  /** Triangles dropped: welded to a segment or a point. */
  droppedTriangles: number;
}

/**
 * Convex decomposition of a closed mesh into a {@link Compound} of {@link ConvexHull} parts (posed at the
 * origin): every point of the solid lies in some part, and each part's hull stands at most about
 * `options.concavity` of the diagonal out of the solid when `maxParts` allows (else as little as the budget
 * allows). The mesh: a `TriangleMesh`, a three.js `BufferGeometry` (or anything shaped like one), or
 * `{ positions, indices }`; welded first, then required closed (every edge met by a reversed one).
 * @throws InvalidShapeError for an open mesh (its unmatched edges counted) or one enclosing no volume;
 *   InvalidNumberError naming `positions[i]` for a coordinate that is not finite; InvalidArgumentError
 *   naming the option or field for anything else; the signal's `reason` when aborted.
 */
export function decompose(mesh: DecomposeInput, options?: DecomposeOptions | null): Compound {
  const d = decomposeToHulls(mesh, options);
  return new Compound(d.hulls.map((h) => ({ shape: new ConvexHull(h), pose: createPose() })));
}

/**
 * {@link decompose}'s parts as hull vertices (to store, send to a worker, or build shapes from), with the
 * concavity reached and the counts of cuts and merges.
 */
export function decomposeToHulls(mesh: DecomposeInput, options?: DecomposeOptions | null): Decomposition {
  const input = readDecomposeInput(mesh, options);
  const result = decomposeSolid(input.solid, input.roots, input.options);
  for (const h of result.hulls) for (let i = 0; i < h.length; i++) h[i] *= input.scale;
  input.options.onProgress?.(1);
  return { ...result, welded: input.report.welded, droppedTriangles: input.report.droppedTriangles };
}

/** A decomposition's input read and checked: the options, the solid (scaled by a power of two), the scale back, the weld's report. */
export interface DecomposeInputRead { options: ReadOptions; solid: PartMesh; roots: PartMesh[]; scale: number; report: SolidReport }

/**
 * The options and mesh checked and read (what throws a typed error for bad input): the mesh's arrays,
 * scaled by a power of two to a size near 1 (exact both ways: volumes, cubes of lengths, stay normal
 * numbers at any scale), welded and checked closed.
 */
export function readDecomposeInput(mesh: DecomposeInput, options?: DecomposeOptions | null): DecomposeInputRead {
  const o = readOptions(options);
  throwIfAborted(o.signal);
  const { positions, indices } = meshArrays(mesh);
  let largest = 0;
  for (let i = 0; i < positions.length; i++) {
    const x = positions[i];
    if (typeof x !== 'number' || !Number.isFinite(x)) throw new InvalidNumberError(`positions[${i}]`, x);
    if (Math.abs(x) > largest) largest = Math.abs(x);
  }
  const k = largest > 0 ? nearestPowerOfTwoExponent(largest) : 0, down = 2 ** -k;
  const scaled = new Float64Array(positions.length);
  for (let i = 0; i < positions.length; i++) scaled[i] = positions[i] * down;
  const report: SolidReport = { welded: 0, droppedTriangles: 0 };
  const solid = readSolid(scaled, indices, o.weldTolerance, report);
  const unowned = { triangles: 0 };
  const roots = splitShells(solid, unowned);
  if (unowned.triangles > 0) {
    // (One shell wound inward among outward ones: readSolid turns a mesh whose volume is negative as a whole.)
    throw new InvalidShapeError('mesh', `has a closed piece of ${unowned.triangles} triangles wound inward (facing in) that no other piece encloses; expected every separate piece wound outward (counter-clockwise seen from outside), a cavity inside another`);
  }
  return { options: o, solid, roots, scale: 2 ** k, report };
}

/** The decomposition of a solid read by readSolid, in its pieces `roots` (splitShells). */
function decomposeSolid(solid: PartMesh, roots: PartMesh[], o: ReadOptions): Omit<Decomposition, 'welded' | 'droppedTriangles'> {
  const b = solid.bounds(new Float64Array(6)), diag = hypot3(b[3] - b[0], b[4] - b[1], b[5] - b[2]), tau = o.concavity * diag;
  const effort = o.effort, outside = new SolidDistance(solid);
  let seed = o.seed;
  const measure = (m: PartMesh): Piece => { const p = measurePiece(m, outside, effort, seed); seed = (seed + 2) >>> 0; return p; };
  let pieces = roots.map(measure);
  // Best-first: the worst part is cut, while any is above the target and the budget lasts. Progress: cuts
  // over the budget (to 0.8), then merges over the most there can be.
  const budget = Math.ceil(effort.splitBudget * o.maxParts);
  let cuts = 0;
  for (let step = 0; step < budget && pieces.length < budget; step++) {
    throwIfAborted(o.signal);
    let worst = -1;
    for (let i = 0; i < pieces.length; i++) if (!pieces[i].final && pieces[i].c > tau && (worst < 0 || pieces[i].c > pieces[worst].c)) worst = i;
    if (worst < 0) break;
    const w = pieces[worst];
    const cut = bestCut(w.hp.part, candidatePlanes(w.hp.part, w.hp.hull, effort.perAxis, w.through), w.c, outside);
    if (cut === null) { w.final = true; continue; }
    pieces.splice(worst, 1, ...cut.pieces.map(measure));
    cuts++;
    o.onProgress?.((0.8 * (step + 1)) / budget);
  }
  const start = pieces.length;
  let merged = 0;
  const afterCuts = 0.8 * Math.min(1, cuts / budget);
  const merge = mergePieces(pieces, tau, o.maxParts, outside, effort.hullSamples, () => {
    throwIfAborted(o.signal);
    if (merged > 0) o.onProgress?.(afterCuts + ((1 - afterCuts) * merged) / start);
    merged++;
  });
  pieces = merge.pieces;
  const hulls: Float64Array[] = [];
  let worstLeft = 0;
  const whole = solid.volume();
  for (const p of pieces) {
    if (p.hp.hull === null) {
      // A flat part (no solid hull) encloses no volume: nothing of the solid is lost without it. One with
      // volume would leave a hole in the cover: refused, never dropped.
      if (Math.abs(p.hp.volume) <= DECOMPOSE_MIN_SIDE_VOLUME * whole) continue;
      throw new DegenerateHullError('inconsistent', `decompose: a part of volume ${p.hp.volume} (of ${whole}) has no hull buildHull could settle; please report the mesh`);
    }
    worstLeft = Math.max(worstLeft, p.c);
    hulls.push(Float64Array.from(p.hp.hull.vertices));
  }
  return { hulls, concavity: worstLeft / diag, cuts, merges: merge.merges };
}

/** Throws the signal's reason (an AbortError when it has none) once it is aborted. */
function throwIfAborted(signal: AbortSignal | null): void {
  if (signal === null || !signal.aborted) return;
  const reason: unknown = signal.reason;
  if (reason !== undefined) throw reason;
  const e = new Error('decompose: aborted');
  e.name = 'AbortError';
  throw e;
}
