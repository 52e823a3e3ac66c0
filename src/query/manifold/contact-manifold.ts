/**
 * The public manifold query: the contact region of two convex shapes as up to `maxPoints` points with a
 * shared normal, from the exact contact (contact.ts's pair table) and the clipping of the two shapes'
 * supporting faces (manifold/convex-manifold.ts).
 */
import { checkKnownKeys, describeValue, InvalidArgumentError, UnsupportedPairError, type KnownKeys } from '../../errors.js';
import { transformFromPose, type Transform } from '../../math/transform.js';
import type { PoseLike } from '../../math/types.js';
import { HALF_SPACE_KIND_INDEX, type ConvexShape, type Shape, isPartedKind } from '../../shapes/shape.js';
import { halfSpaceManifold } from '../plane/half-space-manifold.js';
import { MANIFOLD_MAX_POINTS } from '../../tolerance.js';
import { CONTACT, isConvexShape, kindIndex } from '../pair/dispatch.js';
import type { EpaOptions } from '../epa/epa.js';
import type { GjkOptions } from '../gjk/gjk.js';
import { FAR, NEAR } from './manifold-box-box.js';
import { MANIFOLD } from './manifold-table.js';
import { ManifoldWork, manifoldConvex } from './convex-manifold.js';
import { cacheHit, ManifoldCache, restoreManifold, storeApart, storeManifold } from './manifold-cache.js';
import { relativeTransform } from '../../math/transform.js';
import { createManifold, type Manifold } from './manifold-result.js';
import { badOption, fillInnerOptions, MANIFOLD_OPTION_KEYS, outNotWritable, type InnerOptions } from '../pair/options.js';
import { acquireWork, type QueryWork } from '../pair/query-work.js';

/** Options of {@link contactManifold}. */
export interface ManifoldOptions extends Omit<GjkOptions, 'cache'>, EpaOptions {
  /**
   * Report points down to separations of at most this (world units, ≥ 0; default 0): pairs farther apart
   * give null, and a larger margin gives speculative contacts for pairs about to touch.
   */
  margin?: number;
  /** At most this many points (an integer from 1 to MANIFOLD_MAX_POINTS = 16; default 4). */
  maxPoints?: number;
  /** The pair's cache from frame to frame (warm start, stable reference face). */
  cache?: ManifoldCache;
}

/** The options passed on to the contact query, with the manifold cache's GJK cache (pair/options.ts). */
export type { InnerOptions } from '../pair/options.js';

/**
 * The contact manifold of two convex shapes (world space), or `null` when they are farther apart than
 * `options.margin`: `normal` is `contact`'s normal (unit, A towards B), and `points[0 .. count − 1]` span
 * the contact region, each with `pointA` on A, `pointB` on B, `separation` (`pointB − pointA =
 * separation · normal`), the features it comes from and an `id` made from them. A face against a face
 * gives the corners of their overlap (at most `maxPoints`, keeping the deepest and the most area), an
 * edge against a face 2 points, anything else 1; the deepest point's separation is `contact`'s. With
 * `out` from {@link createManifold}, nothing is allocated.
 * @throws InvalidNumberError for a bad `margin` or `maxPoints`; InvalidArgumentError for a bad `cache`,
 *   `options` or `out`; as {@link contact} for bad shapes and poses.
 */
export function contactManifold(
  a: Shape, poseA: PoseLike, b: Shape, poseB: PoseLike, out?: Manifold | null, options?: ManifoldOptions | null,
): Manifold | null {
  let margin = 0, maxPoints = 4, cache: ManifoldCache | undefined;
  if (options != null) {
    checkManifoldOptions(options, MANIFOLD_OPTION_KEYS);
    // Read once, where `typeof` proves a number (a double option tested generically is boxed: see
    // checkOptions in options.ts).
    const m = options.margin, k = options.maxPoints;
    if (typeof m === 'number') margin = m;
    if (typeof k === 'number') maxPoints = k;
    cache = options.cache;
  }
  if (out != null) checkManifoldOut(out);
  const work = acquireWork(options?.trace !== undefined);
  const mw = work.manifold ?? (work.manifold = new ManifoldWork());
  const inner = options != null ? innerOptions(mw, options, cache) : undefined;
  work.touchingOnly = false;
  work.wantBounds = false;
  work.maxSeparation = margin;
  const tA = transformFromPose(work.poseA, poseA, 'poseA');
  const tB = transformFromPose(work.poseB, poseB, 'poseB');
  // The margin travels in a field from here on (CONTRIBUTING.md, "V8 rules", rule 1).
  mw.margin = margin;
  // A half-space: a closed form (no cache, whose contact it would warm-start: it has none).
  if (kindIndex(a) === HALF_SPACE_KIND_INDEX || kindIndex(b) === HALF_SPACE_KIND_INDEX) return planeManifold(a, tA, b, tB, mw, maxPoints, out);
  // The same pair at the same relative pose as last time (to the last bit), with the same options: the
  // cached answer, moved (a call with a trace always runs).
  let rel = null;
  if (cache !== undefined) {
    const key = mw.optionKey, gt = options!.gjkRelativeTolerance, gi = options!.gjkMaxIterations;
    const et = options!.epaRelativeTolerance, ei = options!.epaMaxIterations;
    key[0] = typeof gt === 'number' ? gt : -1; key[1] = typeof gi === 'number' ? gi : -1;
    key[2] = typeof et === 'number' ? et : -1; key[3] = typeof ei === 'number' ? ei : -1;
    rel = relativeTransform(mw.relative, tA, tB);
    if (options!.trace === undefined && cacheHit(cache, a as ConvexShape, b as ConvexShape, mw, maxPoints, rel)) {
      if (cache.apart) return null;
      const result = out ?? createManifold();
      try {
        restoreManifold(cache, tA, result);
        result.partA = 0; result.partB = 0;
      } catch (error) {
        throw error instanceof TypeError && out != null ? outNotWritable('createManifold') : error;
      }
      return result;
    }
  }
  if (!isConvexShape(a) || !isConvexShape(b)) throwConcave(a, b);
  if (!contactWithin(work, a, tA, b, tB, inner)) {
    if (cache !== undefined) {
      cache.reference = 0;
      storeApart(cache, a as ConvexShape, b as ConvexShape, mw, maxPoints, rel!);
    }
    return null;
  }
  const result = out ?? createManifold();
  try {
    manifoldConvex(mw, work.contact, a as ConvexShape, tA, b as ConvexShape, tB, result, maxPoints, cache);
    result.partA = 0; result.partB = 0;
    if (cache !== undefined) storeManifold(cache, a as ConvexShape, b as ConvexShape, mw, maxPoints, rel!, tA, result);
  } catch (error) {
    throw error instanceof TypeError && out != null ? outNotWritable('createManifold') : error;
  }
  return result;
}

/** The options the contact query gets (`mw`'s record, filled from the caller's), checked. */
/** @internal (query/ modules only) */
export function innerOptions(mw: ManifoldWork, options: ManifoldOptions, cache: ManifoldCache | undefined): InnerOptions {
  return fillInnerOptions(mw.options as InnerOptions, options, cache?.gjk, true);
}

/**
 * The pair's contact into `work.contact`, when it is within `work.maxSeparation` (the margin): false when
 * not. The manifold's pair table first (manifold/manifold-table.ts): two boxes by the separating axis test,
 * two spheres in closed form; every other pair, and pairs those send on, take the contact query's table.
 */
/** @internal (query/ modules only) */
export function contactWithin(work: QueryWork, a: Shape, tA: Transform, b: Shape, tB: Transform, inner: InnerOptions | undefined): boolean {
  const route = MANIFOLD.find(a, b)(work, a, tA, b, tB);
  return route !== FAR && (route === NEAR || (CONTACT.find(a, b)(work, a, tA, b, tB, inner) && !(work.contact.separation > work.maxSeparation)));
}

/** contactManifold with a half-space (query/plane/half-space-manifold.ts): a convex shape on it, else an error. */
function planeManifold(a: Shape, tA: Transform, b: Shape, tB: Transform, mw: ManifoldWork, maxPoints: number, out: Manifold | null | undefined): Manifold | null {
  const solidIsA = kindIndex(b) === HALF_SPACE_KIND_INDEX, solid = solidIsA ? a : b;
  if (!isConvexShape(solid)) {
    if (kindIndex(solid) === HALF_SPACE_KIND_INDEX) throw new UnsupportedPairError('contactManifold: two half-spaces have no manifold (their planes meet along a line or never); give one a shape');
    throwConcave(a, b);
  }
  const result = out ?? createManifold();
  try {
    if (!halfSpaceManifold(solid as ConvexShape, solidIsA ? tA : tB, solidIsA ? tB : tA, mw.margin, maxPoints, result, solidIsA)) return null;
    result.partA = 0; result.partB = 0;
  } catch (error) {
    throw error instanceof TypeError && out != null ? outNotWritable('createManifold') : error;
  }
  return result;
}

/** A compound or a mesh given to the one-manifold query: which query answers it instead. */
function throwConcave(a: Shape, b: Shape): never {
  // (Anything but a compound or a mesh gets the table's own error: not a shape, or of a kind unknown.)
  const concave = (s: Shape): boolean => { const k = kindIndex(s); return isPartedKind(k); };
  if (!(concave(a) || isConvexShape(a)) || !(concave(b) || isConvexShape(b))) MANIFOLD.find(a, b);
  const field = isConvexShape(a) ? 'b' : 'a', kind = (isConvexShape(a) ? b : a).kind;
  throw new UnsupportedPairError(`contactManifold: ${field} is a ${kind}, which has one manifold for each pair of parts that touch; use contactManifolds`);
}

/** @internal (query/ modules only) */
export function checkManifoldOptions(options: ManifoldOptions, known: KnownKeys): void {
  if (typeof options !== 'object') {
    throw new InvalidArgumentError('options', `is ${describeValue(options)}; expected an object`);
  }
  checkKnownKeys(options, known, 'options');
  const margin = options.margin, maxPoints = options.maxPoints, cache = options.cache;
  if (typeof margin === 'number' ? !(margin >= 0) : margin !== undefined) badOption(options, 'margin', 'a number >= 0 (Infinity allowed)');
  if (typeof maxPoints === 'number' ? !(Number.isInteger(maxPoints) && maxPoints >= 1 && maxPoints <= MANIFOLD_MAX_POINTS) : maxPoints !== undefined) {
    badOption(options, 'maxPoints', `an integer from 1 to ${MANIFOLD_MAX_POINTS}`);
  }
  if (cache !== undefined && !(cache instanceof ManifoldCache && !Object.isFrozen(cache) && !Object.isFrozen(cache.gjk))) {
    throw new InvalidArgumentError('options.cache', `is ${cache instanceof ManifoldCache ? 'frozen' : describeValue(cache)}; expected a ManifoldCache`);
  }
}

/** `out` must be a record from createManifold: a normal and MANIFOLD_MAX_POINTS point records. */
/** @internal (query/ modules only) */
export function checkManifoldOut(out: unknown): void {
  const o = out as Partial<Manifold> | null;
  if (typeof o === 'object' && o !== null && typeof o.normal === 'object' && o.normal !== null
    && Array.isArray(o.points) && o.points.length >= MANIFOLD_MAX_POINTS) return;
  throw outNotWritable('createManifold');
}
