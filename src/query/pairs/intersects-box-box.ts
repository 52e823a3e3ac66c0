/**
 * Two boxes in the intersects family by the separating axis test (Gottschalk, Lin & Manocha 1996; Ericson,
 * Real-Time Collision Detection §4.4.1): the 3 face normals of each and the 9 cross products of their
 * edges, leaving at the first axis along which the boxes are apart by more than the touch slack (that
 * separation bounds the distance from below, so the answer is false). When every axis shows an overlap
 * the boxes meet (true). Between the two (apart along some axis by at most the slack) the distance is not a
 * separation along one of these axes in general, and GJK answers, as it does for traced queries and sizes
 * outside the ordinary range. Edge pairs nearer parallel than BOX_EDGES_PARALLEL_SINE are skipped as the
 * contact query's pass skips them (manifold-box-box.ts), so `intersects` is true exactly where `contact`
 * finds the boxes meeting.
 */
import type { Transform } from '../../math/transform.js';
import type { Box } from '../../shapes/box.js';
import type { ConvexShape } from '../../shapes/shape.js';
import { BOX_EDGES_PARALLEL_SINE } from '../../tolerance.js';
import { intersectsConvex } from '../distance/convex-distance.js';
import type { IntersectsPairFunction } from '../pair/dispatch.js';
import { relatePair } from '../pair/pair-frame.js';

/** (tolerance.ts says why its value; copied: V8 rule 4, CONTRIBUTING.md.) */
const PARALLEL_EDGES = BOX_EDGES_PARALLEL_SINE;
/** boxBoxRoute's outcomes. */
const APART = 0, MEET = 1, GENERAL = 2;
/** A's axes, x, y, z (doubles: a small integer 0 merged with a double in a ternary is kept boxed). */
const UNIT = /* @__PURE__ */ Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1);
/** The touch slack (a number through a call: V8 rule 1, CONTRIBUTING.md). */
const _slack = /* @__PURE__ */ new Float64Array(1);

/** The intersects family's function for two boxes. */
export const intersectsBoxBox: IntersectsPairFunction = (work, a, tA, b, tB, options) => {
  if (options?.trace === undefined) {
    const frame = relatePair(work.frame, a as Box, tA, b as Box, tB);
    if (!frame.outOfRange) {
      _slack[0] = frame.slack;
      const route = boxBoxRoute(a as Box, b as Box, frame.bInA);
      if (route !== GENERAL) return route === MEET;
    }
  }
  return intersectsConvex(work, a as ConvexShape, tA, b as ConvexShape, tB, options);
};

/** APART, MEET or GENERAL for boxes A and B, B at `t` in A's frame (R: B's axes in A's frame, columns). */
function boxBoxRoute(a: Box, b: Box, t: Transform): number {
  const slack = _slack[0];
  const ax = a.hx, ay = a.hy, az = a.hz, bx = b.hx, by = b.hy, bz = b.hz;
  const r00 = t.m00, r01 = t.m01, r02 = t.m02, r10 = t.m10, r11 = t.m11, r12 = t.m12, r20 = t.m20, r21 = t.m21, r22 = t.m22;
  const a00 = Math.abs(r00), a01 = Math.abs(r01), a02 = Math.abs(r02), a10 = Math.abs(r10), a11 = Math.abs(r11), a12 = Math.abs(r12);
  const a20 = Math.abs(r20), a21 = Math.abs(r21), a22 = Math.abs(r22);
  const px = t.tx, py = t.ty, pz = t.tz;
  // The greatest separation so far (below 0: an overlap along every axis tested).
  let most = -Infinity, s: number;
  // A's faces, then B's (the columns of R).
  s = Math.abs(px) - (ax + bx * a00 + by * a01 + bz * a02);
  if (s > slack) return APART;
  if (s > most) most = s;
  s = Math.abs(py) - (ay + bx * a10 + by * a11 + bz * a12);
  if (s > slack) return APART;
  if (s > most) most = s;
  s = Math.abs(pz) - (az + bx * a20 + by * a21 + bz * a22);
  if (s > slack) return APART;
  if (s > most) most = s;
  s = Math.abs(px * r00 + py * r10 + pz * r20) - (bx + ax * a00 + ay * a10 + az * a20);
  if (s > slack) return APART;
  if (s > most) most = s;
  s = Math.abs(px * r01 + py * r11 + pz * r21) - (by + ax * a01 + ay * a11 + az * a21);
  if (s > slack) return APART;
  if (s > most) most = s;
  s = Math.abs(px * r02 + py * r12 + pz * r22) - (bz + ax * a02 + ay * a12 + az * a22);
  if (s > slack) return APART;
  if (s > most) most = s;
  // Edge pairs: A's axis i × B's axis j (column j of R), in A's frame.
  for (let i = 0; i < 9; i += 3) {
    const ex = UNIT[i], ey = UNIT[i + 1], ez = UNIT[i + 2];
    for (let j = 0; j < 3; j++) {
      const cx = j === 0 ? r00 : j === 1 ? r01 : r02, cy = j === 0 ? r10 : j === 1 ? r11 : r12, cz = j === 0 ? r20 : j === 1 ? r21 : r22;
      const ux = ey * cz - ez * cy, uy = ez * cx - ex * cz, uz = ex * cy - ey * cx;
      const l = Math.sqrt(ux * ux + uy * uy + uz * uz);
      if (!(l > PARALLEL_EDGES)) continue;
      const ha = ax * Math.abs(ux) + ay * Math.abs(uy) + az * Math.abs(uz);
      const hb = bx * Math.abs(ux * r00 + uy * r10 + uz * r20) + by * Math.abs(ux * r01 + uy * r11 + uz * r21)
        + bz * Math.abs(ux * r02 + uy * r12 + uz * r22);
      s = (Math.abs(ux * px + uy * py + uz * pz) - (ha + hb)) / l;
      if (s > slack) return APART;
      if (s > most) most = s;
    }
  }
  return most < 0 ? MEET : GENERAL;
}
