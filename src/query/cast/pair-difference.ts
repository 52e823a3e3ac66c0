/**
 * The Minkowski difference of two shapes' cores, A − B in A's frame, as a support map: what the GJK ray
 * cast reads to turn a linear shape cast into a ray cast ("GJK for moving objects": with relative
 * velocity u = v_A − v_B, A(t) − B(t) = (A − B) + t·u contains the origin exactly when the ray t·(−u)
 * meets A − B; van den Bergen 2004 §3). Its radius is the sum of the shapes' radii plus the target
 * separation, so the cast runs on the cores and stops that far out. The A point of each support is kept
 * (`lastA`) so that the cast can report the witness points.
 */
import { Transform } from '../../math/transform.js';
import type { Vec3Like } from '../../math/types.js';
import type { ConvexShape } from '../../shapes/shape.js';
import { supportPair, type SupportPairWork } from '../pair/support-pair.js';

/** A point, as a class of its own (its fields stay unboxed doubles: CONTRIBUTING.md, "V8 rules"). */
class DifferencePoint { x = 0.5; y = 0.5; z = 0.5; }

export class PairDifference {
  a: ConvexShape | null = null;
  b: ConvexShape | null = null;
  /** B's pose in A's frame (the caller's, set before each cast). */
  bInA: Transform = new Transform();
  /** The margin the ray cast stops at: A's and B's radii plus the target separation. */
  sweptRadius = 0;
  /** The A point behind the last support point (A's frame). */
  readonly lastA = new DifferencePoint();
  private readonly work: SupportPairWork = { dir: new DifferencePoint(), dirB: new DifferencePoint(), sa: new DifferencePoint(), sb: new DifferencePoint() };

  support(out: Vec3Like, dir: Readonly<Vec3Like>): Vec3Like {
    const w = this.work;
    w.dir.x = dir.x; w.dir.y = dir.y; w.dir.z = dir.z;
    supportPair(w, this.a!, this.b!, this.bInA);
    const sa = w.sa, sb = w.sb, la = this.lastA;
    la.x = sa.x; la.y = sa.y; la.z = sa.z;
    out.x = sa.x - sb.x; out.y = sa.y - sb.y; out.z = sa.z - sb.z;
    return out;
  }
}
