/**
 * What a 2D pair keeps from one frame's manifold to the next, as the 3D ManifoldCache
 * (query/manifold/manifold-cache.ts): pass the same one for the same pair as `options.cache` of
 * `contactManifold`.
 */
import type { QueryStatus } from '../query/pair/results.js';
import { GjkCache } from './gjk2.js';
import type { Shape2 } from './shapes/shape2.js';

/**
 * A pair's manifold cache:
 *  - the last answer, in A's frame, with B's pose relative to A's: when the pair comes back with the same
 *    shapes and options at the same relative pose (to the last bit) and the same touch slack (A as far
 *    from the origin, |x| + |y|: bodies at rest), the answer is the last one moved to the new poses, with
 *    its status and 0 iterations, and no GJK, separating axes or clipping runs (a call with a `trace`
 *    always runs);
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
  /**
   * @internal The rest of the key: the pair's touch slack (it grows with A's distance from the origin, so a
   * pair carried far enough may touch where it did not), and the GJK and EPA options (−1: not given).
   */
  slack = 0;
  /** @internal */ gjkRelativeTolerance = -1;
  /** @internal */ gjkMaxIterations = -1;
  /** @internal */ epaRelativeTolerance = -1;
  /** @internal */ epaMaxIterations = -1;
  /**
   * @internal The pair's own shapes when it was last answered on a scaled copy (2d/scaled2.ts), whose
   * views stand for every scaled pair's shapes in the key above.
   */
  scaledFromA: Shape2 | null = null;
  /** @internal */ scaledFromB: Shape2 | null = null;
  /** @internal The last answer's status ('max-iterations' stays so when moved). */
  status: QueryStatus = 'converged';
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
    this.scaledFromA = null;
    this.scaledFromB = null;
  }
}
