/**
 * The four families (intersects, distance, closest points, contact) of a closed-form pair, each built
 * from the pair's kernel by a function of its own. A kernel relates the pair (relateClosedForm below:
 * B in A's frame, the slack, and outside the ordinary range of sizes a copy scaled by a power of two, as
 * the general path does in pair/scale-free.ts) and finds the closest points of the two cores in A's
 * frame; core-answer.ts turns them into each family's answer, and the answer is scaled back. A pair
 * whose cores meet (within the slack) takes the general GJK/EPA path (for closest points, the pair's
 * `meetingClosest` first, when it has one), as does a traced query (a trace shows the general path's steps).
 *
 * Why it is cut this way (both measured by the allocation probes):
 * - one builder per family, so that a bundle with `intersects` alone keeps neither EPA nor the contact's
 *   code (package.test.ts);
 * - the relating, scaling and finding all in the kernel, a call V8 does not inline into the family's
 *   function (the kernel is read from the closure, one of several): inlined, they made `distance` too big
 *   to be inlined into its caller, which then received its answer boxed, 12 bytes a query.
 *
 * The kernel's record, one Float64Array (CONTRIBUTING.md, "V8 rules", rule 1: no doubles through
 * calls): A's core point c[12..14], B's c[15..17] (A's frame, the copy's units), their distance c[18], the
 * scale the lengths were read at c[19], the unit normal from A's core to B's c[20..22] (0 when they meet),
 * the factor back to the pair's units c[24] (1 in the ordinary range), the radii c[25], c[26]; c[0..11]
 * are the kernel's own. A kernel that can answer the contact of cores that meet exactly writes it as a
 * signed core answer (c[18] ≤ the slack is then minus the cores' depth along the normal c[20..22], the core
 * points A's and B's deepest along it) and sets c[23] to 1; else c[23] is 0 and such a contact takes EPA. A
 * kernel that cannot answer the pair at all (a hull too flat to hold a point) sets c[23] to −1: every
 * family then takes the general path. A length of the scaled answer times c[24] is the answer's, exactly.
 * A separating-axis pass sets c[27] to the separation of the cores along the normal read from their
 * corners (σ, for the certified bounds) and c[28] to 1; contactFromCores reads it and clears c[28]. A
 * kernel that read a hull's faces sets c[29] to how far they may lie outside it (Polytope.margin; 0
 * otherwise), which the certified upper bounds add.
 */
import type { Transform } from '../../math/transform.js';
import type { ConvexShape, ShapeKind } from '../../shapes/shape.js';
import { contactConvex } from '../contact/convex-contact.js';
import { closestPointsConvex, distanceConvex, intersectsConvex } from '../distance/convex-distance.js';
import { prepare, requireRepresentable, scratch, unscalePoint } from '../pair/scale-free.js';
import type { ClosestPointsPairFunction, ContactPairFunction, DistancePairFunction, IntersectsPairFunction } from '../pair/dispatch.js';
import { relatePair, type PairFrame } from '../pair/pair-frame.js';
import type { QueryWork } from '../pair/query-work.js';
import type { ClosestPointsResult } from '../pair/results.js';
import { closestFromCores, contactFromCores, distanceFromCores, intersectsFromCores } from './core-answer.js';

/** The length of a kernel's record. */
export const RECORD = 30;

/** Relates the pair, finds its cores' closest points and fills the record (above). */
export type CoreKernel = (work: QueryWork, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform) => Float64Array;

/** Closest points of a pair whose cores meet (distance 0), A's points through `tA`; false: the general path. */
export type MeetingClosest = (work: QueryWork, tA: Transform, out: ClosestPointsResult) => boolean;

/**
 * A closed-form pair, as closed-forms.ts lists it: its kinds (in the tables' canonical order), its kernel,
 * and what gives its closest points when its cores meet (omitted: the general path). A contact whose cores
 * meet always takes the general path (EPA): its depth is not read off closest points.
 */
export interface ClosedForm {
  readonly kinds: readonly [ShapeKind, ShapeKind];
  readonly kernel: CoreKernel;
  readonly meetingClosest?: MeetingClosest;
}

/**
 * A kernel's first step: relates `a` at `tA` and `b` at `tB` into work.frame and returns it, with the
 * scale, the factor back and the radii in the record; outside the ordinary range of sizes, the frame of
 * the scaled copy (its A at the origin: scale-free.ts), whose transforms scratch(work) then holds.
 */
export function relateClosedForm(work: QueryWork, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform, c: Float64Array): PairFrame {
  const frame = relatePair(work.frame, a, tA, b, tB);
  if (!frame.outOfRange) {
    c[19] = 1; c[24] = 1; c[25] = a.sweptRadius; c[26] = b.sweptRadius;
    return frame;
  }
  const pair = scratch(work);
  prepare(pair, a, tA, b, tB, frame);
  const s = pair.viewA.scale;
  c[19] = s; c[24] = pair.back; c[25] = pair.viewA.sweptRadius; c[26] = pair.viewB.sweptRadius;
  return relatePair(work.frame, pair.viewA, pair.tA, pair.viewB, pair.tB);
}

export function intersectsFamily(form: ClosedForm): IntersectsPairFunction {
  const kernel = form.kernel;
  return (work, a, tA, b, tB, options) => {
    const ca = a as ConvexShape, cb = b as ConvexShape;
    if (options?.trace !== undefined) return intersectsConvex(work, ca, tA, cb, tB, options);
    const c = kernel(work, ca, tA, cb, tB);
    if (c[23] === -1) return intersectsConvex(work, ca, tA, cb, tB, options);
    return intersectsFromCores(work.frame, c);
  };
}

export function distanceFamily(form: ClosedForm): DistancePairFunction {
  const kernel = form.kernel;
  return (work, a, tA, b, tB, options) => {
    const ca = a as ConvexShape, cb = b as ConvexShape;
    if (options?.trace !== undefined) { distanceConvex(work, ca, tA, cb, tB, options); return; }
    const c = kernel(work, ca, tA, cb, tB);
    if (c[23] === -1) { distanceConvex(work, ca, tA, cb, tB, options); return; }
    distanceFromCores(work, c);
    if (c[24] !== 1) work.distance = requireRepresentable(work.distance * c[24], 'distance');
  };
}

export function closestPointsFamily(form: ClosedForm): ClosestPointsPairFunction {
  const kernel = form.kernel, meeting = form.meetingClosest;
  return (work, a, tA, b, tB, out, options) => {
    const ca = a as ConvexShape, cb = b as ConvexShape;
    if (options?.trace === undefined) {
      const c = kernel(work, ca, tA, cb, tB);
      const back = c[24], t = back === 1 ? tA : scratch(work).tA;
      if (c[23] !== -1 && c[18] > work.frame.slack) closestFromCores(work, t, out, c);
      else if (c[23] === -1 || meeting === undefined || !meeting(work, t, out)) { closestPointsConvex(work, ca, tA, cb, tB, out, options); return; }
      if (back !== 1) {
        out.distance = requireRepresentable(out.distance * back, 'distance');
        work.closestUpper *= back; work.closestSigma *= back; work.frame.unit = back;
        unscalePoint(out.pointA, back, tA);
        unscalePoint(out.pointB, back, tA);
      }
      return;
    }
    closestPointsConvex(work, ca, tA, cb, tB, out, options);
  };
}

export function contactFamily(form: ClosedForm): ContactPairFunction {
  const kernel = form.kernel;
  return (work, a, tA, b, tB, options) => {
    const ca = a as ConvexShape, cb = b as ConvexShape;
    if (options?.trace === undefined) {
      const c = kernel(work, ca, tA, cb, tB);
      // Cores apart (their closest points), or an exact contact of cores that meet.
      if (c[23] !== -1 && (c[18] > work.frame.slack || c[23] === 1)) return contactFromRecord(work, tA, c);
    }
    return contactConvex(work, ca, tA, cb, tB, options);
  };
}

/**
 * The contact of a record (core points, signed distance, normal, radii: above) into `work.contact`, world
 * space, by the core-plus-radius rule (core-answer.ts); a scaled copy's (c[24] ≠ 1) scaled back exactly.
 * False, as contactFromCores, when beyond the contact family's limit. `tA` is A's transform as given.
 */
export function contactFromRecord(work: QueryWork, tA: Transform, c: Float64Array): boolean {
  const back = c[24];
  if (!contactFromCores(work, back === 1 ? tA : scratch(work).tA, c)) return false;
  if (back !== 1) {
    const r = work.contact;
    r.separation = requireRepresentable(r.separation * back, 'separation');
    r.pathUpper *= back;
    r.sigma *= back;
    work.frame.unit = back;
    unscalePoint(r.pointA, back, tA);
    unscalePoint(r.pointB, back, tA);
  }
  return true;
}
