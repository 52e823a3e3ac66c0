/**
 * Shared by the pair-function tests (closed-form-pairs.test.ts, specialised-pairs.test.ts): the same shape
 * as a user's support map (the tables send any pair with one to the general GJK/EPA path, the oracle these
 * functions are held to), and the certificate of an exact contact (test/oracles.ts: the overlap along the
 * normal equals −separation, the witnesses lie on their shapes and (pB − pA)·n = separation, which together
 * prove the separation exact).
 */
import type { ContactResult, ConvexShape, CustomShape, Shape } from '../../src/index.js';
import * as O from '../oracles.js';

/** `s` as a user's own support map: the general path's pair. */
export function general(s: Shape): CustomShape {
  const c = s as ConvexShape;
  return { support: (out, d) => c.support(out, d), sweptRadius: c.sweptRadius, boundingRadius: c.boundingRadius };
}

/** Why contact `c` of `a` and `b` is not certified exact to `tol`, or ''. */
export function certify(a: O.Placed, b: O.Placed, c: ContactResult, tol: number): string {
  const n = O.toV3(c.normal), pa = O.toV3(c.pointA), pb = O.toV3(c.pointB);
  if (Math.abs(O.norm(n) - 1) > 1e-12) return 'normal not unit';
  if (Math.abs(O.overlapAlong(a, b, n) + c.separation) > tol) return `overlap along the normal ${O.overlapAlong(a, b, n)} ≠ −separation ${-c.separation}`;
  if (O.outsideDistance(a, pa) > tol) return `pointA off A by ${O.outsideDistance(a, pa)}`;
  if (O.outsideDistance(b, pb) > tol) return `pointB off B by ${O.outsideDistance(b, pb)}`;
  if (Math.abs(O.dot(O.sub(pb, pa), n) - c.separation) > tol) return `(pB − pA)·n = ${O.dot(O.sub(pb, pa), n)} ≠ separation ${c.separation}`;
  return '';
}
