/**
 * Every pair of point, segment, sphere and capsule in closed form: each is a point or a segment (its
 * core) swept by a radius (0 for the point and the segment), so the pair's answer is the closest points
 * of two segments (closest-segments.ts) with the radii applied (core-answer.ts), with no GJK or EPA.
 * Cores that touch or cross (a capsule's axis through another's: the depth is then not along the line
 * between core points) take the general path, which is also the oracle these functions are tested
 * against (test/query/closed-form-pairs.test.ts).
 */
import type { ConvexShape } from '../../shapes/shape.js';
import type { Transform } from '../../math/transform.js';
import type { QueryWork } from '../pair/query-work.js';
import { RECORD, relateClosedForm, type ClosedForm } from './closed-form-families.js';
import { closestSegments } from './closest-segments.js';

/** The kinds whose core is a point or a segment, in the tables' canonical order. */
const SWEPT_SEGMENT_KINDS = ['point', 'segment', 'sphere', 'capsule'] as const;

const _s = /* @__PURE__ */ new Float64Array(RECORD);

/** Writes `shape`'s core segment (its local frame, lengths times `scale`) to s[o..o+5]: a point twice for a point or a sphere. */
export function writeCore(s: Float64Array, o: number, shape: ConvexShape, scale: number): void {
  if (shape.kind === 'capsule') {
    const h = shape.halfHeight * scale;
    s[o] = 0; s[o + 1] = -h; s[o + 2] = 0; s[o + 3] = 0; s[o + 4] = h; s[o + 5] = 0;
  } else if (shape.kind === 'segment') {
    const p = shape.a, q = shape.b;
    s[o] = p.x * scale; s[o + 1] = p.y * scale; s[o + 2] = p.z * scale; s[o + 3] = q.x * scale; s[o + 4] = q.y * scale; s[o + 5] = q.z * scale;
  } else {
    s[o] = 0; s[o + 1] = 0; s[o + 2] = 0; s[o + 3] = 0; s[o + 4] = 0; s[o + 5] = 0;
  }
}

/** The kernel: the pair related, and the closest points of A's and B's cores in A's frame (B's carried by bInA). */
function closestCores(work: QueryWork, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform): Float64Array {
  const s = _s, t = relateClosedForm(work, a, tA, b, tB, s).bInA, scale = s[19];
  writeCore(s, 0, a, scale);
  writeCore(s, 6, b, scale);
  for (let o = 6; o <= 9; o += 3) {
    const x = s[o], y = s[o + 1], z = s[o + 2];
    s[o] = t.m00 * x + t.m01 * y + t.m02 * z + t.tx;
    s[o + 1] = t.m10 * x + t.m11 * y + t.m12 * z + t.ty;
    s[o + 2] = t.m20 * x + t.m21 * y + t.m22 * z + t.tz;
  }
  closestSegments(s);
  // σ along the normal from the cores' supports (each core's farther end along it), for the certified
  // bounds (query/certify/): exact where closestSegments's points are, whatever they are.
  const nx = s[20], ny = s[21], nz = s[22];
  if (nx !== 0 || ny !== 0 || nz !== 0) {
    const a0 = nx * s[0] + ny * s[1] + nz * s[2], a1 = nx * s[3] + ny * s[4] + nz * s[5];
    const b0 = nx * s[6] + ny * s[7] + nz * s[8], b1 = nx * s[9] + ny * s[10] + nz * s[11];
    s[27] = (b0 < b1 ? b0 : b1) - (a0 > a1 ? a0 : a1); s[28] = 1;
  } else {
    s[28] = 0;
  }
  return s;
}

/** Every pair of these kinds (i ≤ j in canonical order), all by one kernel; cores that meet take the general path. */
export const SWEPT_SEGMENTS: readonly ClosedForm[] = /* @__PURE__ */ SWEPT_SEGMENT_KINDS.flatMap((ka, i) =>
  SWEPT_SEGMENT_KINDS.slice(i).map((kb) => ({ kinds: [ka, kb] as const, kernel: closestCores })));
