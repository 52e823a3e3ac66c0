import type { Transform } from '../../math/transform.js';
import type { ConvexShape } from '../../shapes/shape.js';
import { MANIFOLD_MAX_POINTS } from '../../tolerance.js';
import { GjkCache } from '../gjk/gjk.js';
import type { FeatureType } from './feature-code.js';
import type { Manifold } from './manifold-result.js';
import type { QueryStatus } from '../pair/results.js';

/**
 * What a pair keeps from one frame's manifold to the next (pass the same one for the same pair, as
 * `options.cache`):
 *  - the last answer, in A's frame, with B's pose relative to A's: when the pair comes back with the
 *    same shapes, options and relative pose (to the last bit: bodies at rest, or carried together), the
 *    answer is the last one moved to the new poses, and no GJK, EPA or clipping runs;
 *  - GJK's warm start for the contact query behind the manifold otherwise;
 *  - which shape gave the reference face, so that two faces equally perpendicular to the normal (a box
 *    resting on a box) do not swap roles from frame to frame and change every point's id.
 * Points keep their `id` while their features persist whether or not a cache is given: the id is made
 * from the feature pair.
 */
export class ManifoldCache {
  /** The contact query's warm start. */
  readonly gjk = new GjkCache();
  /** 1: A's face was the reference face last time; −1: B's; 0: no face contact (or none yet). */
  reference = 0;
  /** @internal The last answer: whether there is one, for which shapes and options, at which relative pose. */
  valid = false;
  /** @internal */ shapeA: ConvexShape | null = null;
  /** @internal */ shapeB: ConvexShape | null = null;
  /** @internal */ margin = Infinity;
  /** @internal */ maxPoints = 0;
  /** @internal B's pose in A's frame: the 3×3 rotation row by row, then the translation. */
  readonly relative = new Float64Array(12);
  /** @internal The GJK and EPA options of the last answer (−1: not given): they change the answer. */
  readonly options = new Float64Array([-1, -1, -1, -1]);
  /** @internal The last answer's status ('max-iterations' stays so when moved). */
  status: QueryStatus = 'converged';
  /** @internal Whether the last answer was null (apart beyond the margin). */
  apart = false;
  /** @internal The last manifold in A's frame: normal, and per point pointA, pointB, separation, id, features. */
  readonly normal = new Float64Array(3);
  /** @internal The last manifold's number of points (the query's own state: read it from the manifold instead). */
  count = 0;
  /** @internal The last manifold's points in A's local frame: for point k, pointA at 6k and pointB at 6k + 3 (x, y, z each). */
  readonly points = new Float64Array(6 * MANIFOLD_MAX_POINTS);
  /** @internal The last manifold's separation of each point. */
  readonly separations = new Float64Array(MANIFOLD_MAX_POINTS);
  /** @internal The last manifold's `id` of each point. */
  readonly ids = new Float64Array(MANIFOLD_MAX_POINTS);
  /** @internal The last manifold's feature indices: point k's featureA at 2k, its featureB at 2k + 1. */
  readonly indices = new Int32Array(2 * MANIFOLD_MAX_POINTS);
  /** @internal The last manifold's feature types, laid out as `indices`. */
  readonly types: FeatureType[] = new Array<FeatureType>(2 * MANIFOLD_MAX_POINTS).fill('none');

  /** Forget everything (the next call starts cold). */
  reset(): void {
    this.gjk.reset();
    this.reference = 0;
    this.valid = false;
    this.shapeA = null;
    this.shapeB = null;
  }
}

/** What a cached answer is for besides the shapes and the pose: the margin, and the GJK and EPA options (−1: not given). */
export interface ManifoldKey {
  readonly margin: number;
  readonly optionKey: Float64Array;
}

/** Whether `cache` holds the answer for these shapes and options at relative pose `rel` (B in A). */
/** (The margin comes in a field of `key`: a number passed through a call would be boxed, CONTRIBUTING.md rule 1.) */
export function cacheHit(cache: ManifoldCache, a: ConvexShape, b: ConvexShape, key: ManifoldKey, maxPoints: number, rel: Transform): boolean {
  const margin = key.margin;
  if (!cache.valid || cache.shapeA !== a || cache.shapeB !== b || cache.margin !== margin || cache.maxPoints !== maxPoints) return false;
  const o = cache.options, k = key.optionKey;
  if (o[0] !== k[0] || o[1] !== k[1] || o[2] !== k[2] || o[3] !== k[3]) return false;
  const r = cache.relative;
  return r[0] === rel.m00 && r[1] === rel.m01 && r[2] === rel.m02 && r[3] === rel.m10 && r[4] === rel.m11 && r[5] === rel.m12
    && r[6] === rel.m20 && r[7] === rel.m21 && r[8] === rel.m22 && r[9] === rel.tx && r[10] === rel.ty && r[11] === rel.tz;
}

/** Remembers the pair's key: shapes, options and relative pose. */
function storeKey(cache: ManifoldCache, a: ConvexShape, b: ConvexShape, key: ManifoldKey, maxPoints: number, rel: Transform): void {
  cache.valid = true;
  cache.shapeA = a; cache.shapeB = b; cache.margin = key.margin; cache.maxPoints = maxPoints;
  cache.options.set(key.optionKey);
  const r = cache.relative;
  r[0] = rel.m00; r[1] = rel.m01; r[2] = rel.m02; r[3] = rel.m10; r[4] = rel.m11; r[5] = rel.m12;
  r[6] = rel.m20; r[7] = rel.m21; r[8] = rel.m22; r[9] = rel.tx; r[10] = rel.ty; r[11] = rel.tz;
}

/** Stores a null answer (the pair apart beyond the margin). */
export function storeApart(cache: ManifoldCache, a: ConvexShape, b: ConvexShape, key: ManifoldKey, maxPoints: number, rel: Transform): void {
  storeKey(cache, a, b, key, maxPoints, rel);
  cache.apart = true;
}

/** Stores `m` (world space) in A's frame `tA`. */
export function storeManifold(
  cache: ManifoldCache, a: ConvexShape, b: ConvexShape, key: ManifoldKey, maxPoints: number, rel: Transform, tA: Transform, m: Manifold,
): void {
  storeKey(cache, a, b, key, maxPoints, rel);
  cache.apart = false;
  cache.status = m.status;
  const n = m.normal;
  cache.normal[0] = tA.m00 * n.x + tA.m10 * n.y + tA.m20 * n.z;
  cache.normal[1] = tA.m01 * n.x + tA.m11 * n.y + tA.m21 * n.z;
  cache.normal[2] = tA.m02 * n.x + tA.m12 * n.y + tA.m22 * n.z;
  cache.count = m.count;
  const p = cache.points;
  for (let k = 0; k < m.count; k++) {
    const q = m.points[k];
    for (let s = 0; s < 2; s++) {
      const w = s === 0 ? q.pointA : q.pointB;
      const x = w.x - tA.tx, y = w.y - tA.ty, z = w.z - tA.tz;
      const o = 6 * k + 3 * s;
      p[o] = tA.m00 * x + tA.m10 * y + tA.m20 * z;
      p[o + 1] = tA.m01 * x + tA.m11 * y + tA.m21 * z;
      p[o + 2] = tA.m02 * x + tA.m12 * y + tA.m22 * z;
    }
    cache.separations[k] = q.separation;
    cache.ids[k] = q.id;
    cache.types[2 * k] = q.featureA.type; cache.indices[2 * k] = q.featureA.index;
    cache.types[2 * k + 1] = q.featureB.type; cache.indices[2 * k + 1] = q.featureB.index;
  }
}

/** Writes the cached manifold into `out` at A's pose `tA`; its status, with 0 iterations (none ran). */
export function restoreManifold(cache: ManifoldCache, tA: Transform, out: Manifold): void {
  const n = cache.normal;
  out.normal.x = tA.m00 * n[0] + tA.m01 * n[1] + tA.m02 * n[2];
  out.normal.y = tA.m10 * n[0] + tA.m11 * n[1] + tA.m12 * n[2];
  out.normal.z = tA.m20 * n[0] + tA.m21 * n[1] + tA.m22 * n[2];
  out.status = cache.status;
  out.iterations = 0;
  out.count = cache.count;
  const p = cache.points;
  for (let k = 0; k < cache.count; k++) {
    const q = out.points[k];
    for (let s = 0; s < 2; s++) {
      const w = s === 0 ? q.pointA : q.pointB;
      const o = 6 * k + 3 * s;
      const x = p[o], y = p[o + 1], z = p[o + 2];
      w.x = tA.m00 * x + tA.m01 * y + tA.m02 * z + tA.tx;
      w.y = tA.m10 * x + tA.m11 * y + tA.m12 * z + tA.ty;
      w.z = tA.m20 * x + tA.m21 * y + tA.m22 * z + tA.tz;
    }
    q.separation = cache.separations[k];
    q.id = cache.ids[k];
    q.featureA.type = cache.types[2 * k]; q.featureA.index = cache.indices[2 * k];
    q.featureB.type = cache.types[2 * k + 1]; q.featureB.index = cache.indices[2 * k + 1];
  }
}
