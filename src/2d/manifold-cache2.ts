/**
 * What a 2D pair keeps from one frame's manifold to the next, as the 3D ManifoldCache
 * (query/manifold/manifold-cache.ts): pass the same one for the same pair as `options.cache` of
 * `contactManifold`.
 */
import { GjkCache } from './gjk2.js';
import type { Shape2 } from './shapes/shape2.js';

/**
 * A pair's manifold cache:
 *  - the last answer, in A's frame, with B's pose relative to A's: when the pair comes back with the same
 *    shapes, margin and maxPoints at the same relative pose (to the last bit: bodies at rest, or carried
 *    together), the answer is the last one moved to the new poses, and no GJK, separating axes or
 *    clipping runs;
 *  - GJK's warm start for the contact behind the manifold otherwise;
 *  - which shape gave the reference edge, so that two edges equally square to the normal (a box resting
 *    on a box) do not swap roles from frame to frame and change every point's id.
 * Points keep their `id` while their features persist whether or not a cache is given.
 */
export class ManifoldCache {
  /** The contact query's warm start. */
  readonly gjk = new GjkCache();
  /** 1: A's edge was the reference edge last time; −1: B's; 0: no edge contact (or none yet). */
  reference = 0;
  /** @internal The last answer: whether there is one, for which shapes and options, at which relative pose. */
  valid = false;
  /** @internal */ shapeA: Shape2 | null = null;
  /** @internal */ shapeB: Shape2 | null = null;
  /** @internal */ margin = 0;
  /** @internal */ maxPoints = 0;
  /** @internal B's pose in A's frame: cosine, sine, translation. */
  readonly relative = new Float64Array(4);
  /** @internal Whether the last answer was null (apart beyond the margin). */
  apart = false;
  /** @internal The last manifold in A's frame: normal; per point pointA, pointB, separation, feature codes. */
  readonly normal = new Float64Array(2);
  /** @internal */ count = 0;
  /** @internal */ readonly points = new Float64Array(8);
  /** @internal */ readonly separations = new Float64Array(2);
  /** @internal */ readonly codesA = new Int32Array(2);
  /** @internal */ readonly codesB = new Int32Array(2);

  /** Forget everything (the next call starts cold). */
  reset(): void {
    this.gjk.reset();
    this.reference = 0;
    this.valid = false;
    this.shapeA = null;
    this.shapeB = null;
  }
}
