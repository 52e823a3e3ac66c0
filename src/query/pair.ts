import { Transform, relativeTransform, transformFromPose } from '../math/transform.js';
import type { PoseLike } from '../math/types.js';
import { EpaWork } from './epa/epa.js';
import { GjkWork } from './gjk/gjk.js';

/**
 * Working set of one pair query: both poses as transforms, B's pose in A's frame, and GJK/EPA state.
 * Queries use the module-scope one; a traced query makes its own, because a trace callback is user
 * code that may run queries itself.
 */
export class PairWork {
  readonly poseA = new Transform();
  readonly poseB = new Transform();
  readonly bInA = new Transform();
  readonly gjk = new GjkWork();
  readonly epa = new EpaWork();
}

const _shared = /* @__PURE__ */ new PairWork();

/** Returns the work set for a query (fresh when tracing) with poses read and B expressed in A's frame. */
export function preparePair(poseA: PoseLike, poseB: PoseLike, tracing: boolean): PairWork {
  const work = tracing ? new PairWork() : _shared;
  transformFromPose(work.poseA, poseA, 'poseA');
  transformFromPose(work.poseB, poseB, 'poseB');
  relativeTransform(work.bInA, work.poseA, work.poseB);
  return work;
}
