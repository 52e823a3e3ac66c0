import type { Transform } from '../../math/transform.js';
import type { Vec3Like } from '../../math/types.js';
import { throwNonFiniteSupport, throwSupportNotOut, type ConvexShape } from '../../shapes/shape.js';
import { userCodeDepth } from './user-code.js';

/** The vectors a support-pair query reads (`dir`) and writes (`sa`, `sb`; `dirB` is scratch). */
export interface SupportPairWork {
  readonly dir: Vec3Like;
  readonly dirB: Vec3Like;
  readonly sa: Vec3Like;
  readonly sb: Vec3Like;
}

/**
 * The two supports behind a support point of the Minkowski difference K = A − B along `work.dir`
 * (A's frame), shared by GJK and EPA: `work.sa` = s_A(d), and `work.sb` = B's support along −d expressed
 * in A's frame, b = R·s_B(Rᵀ·(−d)) + t with (R, t) = `bInA`. The direction travels in `work.dir` rather than
 * as number arguments (CONTRIBUTING.md, "V8 rules", rule 1).
 */
export function supportPair(work: SupportPairWork, shapeA: ConvexShape, shapeB: ConvexShape, bInA: Transform): void {
  const d = work.dir;
  const dx = d.x, dy = d.y, dz = d.z;
  const ra = shapeA.support(work.sa, d);
  const db = work.dirB;
  db.x = -(bInA.m00 * dx + bInA.m10 * dy + bInA.m20 * dz);
  db.y = -(bInA.m01 * dx + bInA.m11 * dy + bInA.m21 * dz);
  db.z = -(bInA.m02 * dx + bInA.m12 * dy + bInA.m22 * dz);
  // (The point read from the record passed, not the one returned: a support of the user's that returned
  // nothing made the next line read a field of undefined; checked below.)
  const rb = shapeB.support(work.sb, db);
  const s = work.sb;
  const x = s.x, y = s.y, z = s.z;
  s.x = bInA.m00 * x + bInA.m01 * y + bInA.m02 * z + bInA.tx;
  s.y = bInA.m10 * x + bInA.m11 * y + bInA.m12 * z + bInA.ty;
  s.z = bInA.m20 * x + bInA.m21 * y + bInA.m22 * z + bInA.tz;
  // A support function of the user's (pairs that run one are between enterUserCode and leaveUserCode) may
  // write NaN or an infinity, which no comparison of GJK's would notice: checked there, and only there.
  if (userCodeDepth() !== 0) {
    // One that wrote nothing left the last query's point in the record: a wrong answer, with no error.
    if (ra !== work.sa) throwSupportNotOut(shapeA, ra);
    if (rb !== s) throwSupportNotOut(shapeB, rb);
    const a = work.sa;
    if (!(Math.abs(a.x) + Math.abs(a.y) + Math.abs(a.z) < Infinity)) throwNonFiniteSupport(shapeA, a, d);
    if (!(Math.abs(s.x) + Math.abs(s.y) + Math.abs(s.z) < Infinity)) throwNonFiniteSupport(shapeB, s, db);
  }
}
