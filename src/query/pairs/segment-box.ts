/**
 * A capsule or a segment against a box in closed form, in the box's frame. If the core segment meets the
 * box (the slab test: Kay & Kajiya 1986; Ericson, Real-Time Collision Detection §5.3.3), the cores meet: the
 * contact is the least facet of the box less the segment (separating axes, enterBox), the other families
 * answer a touch. Otherwise the closest points of a segment and a box involve an end of
 * the segment or an edge of the box: an interior point of the segment closest to the interior of a face
 * makes the segment parallel to that face, and sliding along it keeps the distance until an end or an edge
 * is reached. So the answer is the least of the two ends against the box (each clamped to it, as in
 * sphere-box.ts) and the segment against the 12 edges (closest-segments.ts), all exact.
 * The normal comes from the feature that won: an end's difference to its clamped point (exactly 0 along
 * every axis whose slab holds it), or the two segments' normal (read from their directions).
 */
import type { Transform } from '../../math/transform.js';
import type { Box } from '../../shapes/box.js';
import type { ConvexShape } from '../../shapes/shape.js';
import type { QueryWork } from '../pair/query-work.js';
import { BOX_CLOSED_FORM_RELATIVE_TOLERANCE } from '../../tolerance.js';
import { RECORD, relateClosedForm, type ClosedForm } from './closed-form-families.js';
import { closestSegments } from './closest-segments.js';
import { ENTERED, SEGMENT_IN, segmentEntersPolytope } from './contact-capsule-hull.js';
import { boxPolytope, scaledBoxPolytope } from './polytope-edges.js';

const BOX_FORM_TOLERANCE = BOX_CLOSED_FORM_RELATIVE_TOLERANCE; // (a module constant: CONTRIBUTING.md, "V8 rules", rule 4)

/** The record (closed-form-families.ts); c[0..5] hold the segment's ends in the box's frame, c[6..8] the box's half extents. */
const _c = /* @__PURE__ */ new Float64Array(RECORD);
/** One edge test at a time (closestSegments' layout). */
const _e = /* @__PURE__ */ new Float64Array(RECORD);
/** The best pair so far in the box's frame: segment point 0..2, box point 3..5, normal box → segment 6..8, distance 9. */
const _best = /* @__PURE__ */ new Float64Array(10);

/** The kernel: a segment core (segment or capsule) and a box, either way round. */
function segmentBox(work: QueryWork, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform): Float64Array {
  const c = _c, frame = relateClosedForm(work, a, tA, b, tB, c), t = frame.bInA, scale = c[19];
  const boxIsA = a.kind === 'box';
  const box = (boxIsA ? a : b) as Box, seg = boxIsA ? b : a;
  // The segment's ends in its own frame.
  let p0x = 0, p0y = 0, p0z = 0, p1x = 0, p1y = 0, p1z = 0;
  if (seg.kind === 'capsule') {
    const h = seg.halfHeight * scale;
    p0y = -h; p1y = h;
  } else if (seg.kind === 'segment') {
    p0x = seg.a.x * scale; p0y = seg.a.y * scale; p0z = seg.a.z * scale;
    p1x = seg.b.x * scale; p1y = seg.b.y * scale; p1z = seg.b.z * scale;
  }
  // Into the box's frame: B's frame to A's is p_A = R p_B + t; A's to B's its inverse.
  for (let end = 0; end < 2; end++) {
    const x = end === 0 ? p0x : p1x, y = end === 0 ? p0y : p1y, z = end === 0 ? p0z : p1z, o = 3 * end;
    if (boxIsA) {
      c[o] = t.m00 * x + t.m01 * y + t.m02 * z + t.tx;
      c[o + 1] = t.m10 * x + t.m11 * y + t.m12 * z + t.ty;
      c[o + 2] = t.m20 * x + t.m21 * y + t.m22 * z + t.tz;
    } else {
      const dx = x - t.tx, dy = y - t.ty, dz = z - t.tz;
      c[o] = t.m00 * dx + t.m10 * dy + t.m20 * dz;
      c[o + 1] = t.m01 * dx + t.m11 * dy + t.m21 * dz;
      c[o + 2] = t.m02 * dx + t.m12 * dy + t.m22 * dz;
    }
  }
  // The slack of what this form rounds: the segment's ends in the box's frame and its radius, not the box's
  // extents (tolerance.ts, BOX_CLOSED_FORM_RELATIVE_TOLERANCE; a capsule 2 above a box 1e15 long touched it).
  frame.slack = BOX_FORM_TOLERANCE * (Math.abs(c[0]) + Math.abs(c[1]) + Math.abs(c[2]) + Math.abs(c[3]) + Math.abs(c[4]) + Math.abs(c[5])
    + scale * seg.sweptRadius) + frame.positionSlack;
  const hx = box.hx * scale, hy = box.hy * scale, hz = box.hz * scale;
  // (Through the record, not as arguments: CONTRIBUTING.md, "V8 rules", rule 1.)
  c[6] = hx; c[7] = hy; c[8] = hz;
  c[23] = 0;
  if (segmentMeetsBox(c)) {
    c[18] = 0; c[20] = 0; c[21] = 0; c[22] = 0;
    enterBox(c, box, t, boxIsA);
    return c;
  }
  const best = _best;
  best[9] = Infinity;
  endAgainstBox(c, 0);
  endAgainstBox(c, 3);
  // The 12 edges: along axis k, at the four corners of the other two.
  const e = _e;
  for (let k = 0; k < 3; k++) {
    const hk = k === 0 ? hx : k === 1 ? hy : hz;
    for (let corner = 0; corner < 4; corner++) {
      const su = (corner & 1) === 0 ? -1 : 1, sv = corner < 2 ? -1 : 1;
      for (let i = 0; i < 6; i++) e[i] = c[i];
      for (let end = 0; end < 2; end++) {
        const o = 6 + 3 * end, along = end === 0 ? -hk : hk;
        e[o] = k === 0 ? along : su * hx;
        e[o + 1] = k === 1 ? along : k === 0 ? su * hy : sv * hy;
        e[o + 2] = k === 2 ? along : sv * hz;
      }
      closestSegments(e);
      if (e[18] < best[9]) {
        best[0] = e[12]; best[1] = e[13]; best[2] = e[14];
        best[3] = e[15]; best[4] = e[16]; best[5] = e[17];
        // closestSegments' normal runs from the segment to the edge: box → segment is its opposite.
        best[6] = -e[20]; best[7] = -e[21]; best[8] = -e[22];
        best[9] = e[18];
      }
    }
  }
  // Into the record, in A's frame: the box's frame itself when the box is A, else through bInA.
  const d = best[9];
  c[18] = d;
  if (boxIsA) {
    c[12] = best[3]; c[13] = best[4]; c[14] = best[5];
    c[15] = best[0]; c[16] = best[1]; c[17] = best[2];
    c[20] = best[6]; c[21] = best[7]; c[22] = best[8];
  } else {
    for (let k = 0; k < 2; k++) {
      const x = best[3 * k], y = best[3 * k + 1], z = best[3 * k + 2], o = k === 0 ? 12 : 15;
      c[o] = t.m00 * x + t.m01 * y + t.m02 * z + t.tx;
      c[o + 1] = t.m10 * x + t.m11 * y + t.m12 * z + t.ty;
      c[o + 2] = t.m20 * x + t.m21 * y + t.m22 * z + t.tz;
    }
    // A is the segment: the normal from it to the box is box → segment negated, rotated into A's frame.
    const nx = -best[6], ny = -best[7], nz = -best[8];
    c[20] = t.m00 * nx + t.m01 * ny + t.m02 * nz;
    c[21] = t.m10 * nx + t.m11 * ny + t.m12 * nz;
    c[22] = t.m20 * nx + t.m21 * ny + t.m22 * nz;
  }
  return c;
}

/**
 * The core entering the box: its contact by separating axes (contact-capsule-hull.ts,
 * segmentEntersPolytope) as a signed core answer in the record, in A's frame, and c[23] = 1 (the contact
 * family's exact answer for cores that meet; the other families see them meet). Left as it is when the
 * witnesses disagree with the facet beyond rounding (the general path then).
 */
function enterBox(c: Float64Array, box: Box, t: Transform, boxIsA: boolean): void {
  // (The scale from the record, not an argument: a double through a call is boxed, V8 rule 1.)
  const s = SEGMENT_IN, scale = c[19];
  for (let i = 0; i < 6; i++) s[i] = c[i];
  s[9] = box.boundingRadius * scale; s[10] = 1; // (the polytope below is already at the record's scale)
  if (!segmentEntersPolytope(scale === 1 ? boxPolytope(box) : scaledBoxPolytope(c))) return;
  const e = ENTERED, ux = s[6], uy = s[7], uz = s[8];
  c[18] = e[18];
  if (boxIsA) {
    // A's frame is the box's: A's point is the box's, and the normal runs out of the box.
    c[12] = e[15]; c[13] = e[16]; c[14] = e[17]; c[15] = e[12]; c[16] = e[13]; c[17] = e[14];
    c[20] = ux; c[21] = uy; c[22] = uz;
  } else {
    for (let k = 0; k < 2; k++) {
      const i = k === 0 ? 12 : 15, x = e[i], y = e[i + 1], z = e[i + 2];
      c[i] = t.m00 * x + t.m01 * y + t.m02 * z + t.tx;
      c[i + 1] = t.m10 * x + t.m11 * y + t.m12 * z + t.ty;
      c[i + 2] = t.m20 * x + t.m21 * y + t.m22 * z + t.tz;
    }
    c[20] = -(t.m00 * ux + t.m01 * uy + t.m02 * uz);
    c[21] = -(t.m10 * ux + t.m11 * uy + t.m12 * uz);
    c[22] = -(t.m20 * ux + t.m21 * uy + t.m22 * uz);
  }
  c[23] = 1;
}

/** The segment from c[0..2] to c[3..5] against the box of half extents c[6..8] (slab test, closed). */
function segmentMeetsBox(c: Float64Array): boolean {
  let t0 = 0, t1 = 1;
  for (let k = 0; k < 3; k++) {
    const p = c[k], d = c[3 + k] - p, h = c[6 + k];
    if (d === 0) {
      if (p < -h || p > h) return false;
      continue;
    }
    let ta = (-h - p) / d, tb = (h - p) / d;
    if (ta > tb) { const s = ta; ta = tb; tb = s; }
    if (ta > t0) t0 = ta;
    if (tb < t1) t1 = tb;
    if (t0 > t1) return false;
  }
  return true;
}

/** The segment's end at c[o..o+2] against the box (half extents c[6..8]): its clamped point, kept in _best when nearer. */
function endAgainstBox(c: Float64Array, o: number): void {
  const x = c[o], y = c[o + 1], z = c[o + 2], hx = c[6], hy = c[7], hz = c[8];
  const qx = x < -hx ? -hx : x > hx ? hx : x, qy = y < -hy ? -hy : y > hy ? hy : y, qz = z < -hz ? -hz : z > hz ? hz : z;
  const dx = x - qx, dy = y - qy, dz = z - qz;
  const d = Math.sqrt(dx * dx + dy * dy + dz * dz), best = _best;
  if (!(d < best[9]) || !(d > 0)) return;
  best[0] = x; best[1] = y; best[2] = z;
  best[3] = qx; best[4] = qy; best[5] = qz;
  best[6] = dx / d; best[7] = dy / d; best[8] = dz / d;
  best[9] = d;
}

export const SEGMENT_BOX: readonly ClosedForm[] = [
  { kinds: ['segment', 'box'], kernel: segmentBox },
  { kinds: ['box', 'capsule'], kernel: segmentBox },
];
