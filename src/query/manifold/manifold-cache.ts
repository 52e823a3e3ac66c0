import { GjkCache } from '../gjk/gjk.js';

/**
 * What a pair keeps from one frame's manifold to the next (pass the same one for the same pair, as
 * `options.cache`): GJK's warm start for the contact query behind the manifold, and which shape gave the
 * reference face, so that two faces equally perpendicular to the normal (a box resting on a box) do not
 * swap roles from frame to frame and change every point's id. Points keep their `id` while their features
 * persist whether or not a cache is given: the id is made from the feature pair.
 */
export class ManifoldCache {
  /** The contact query's warm start. */
  readonly gjk = new GjkCache();
  /** 1: A's face was the reference face last time; −1: B's; 0: no face contact (or none yet). */
  reference = 0;
  /** Forget everything (the next call starts cold). */
  reset(): void {
    this.gjk.reset();
    this.reference = 0;
  }
}
