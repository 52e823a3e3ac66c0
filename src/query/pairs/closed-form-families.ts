/**
 * The four families (intersects, distance, closest points, contact) of a closed-form pair, built from
 * its kernel: a function that finds the closest points of the two cores in A's frame (core-answer.ts
 * turns them into each family's answer). A pair whose cores meet (within the slack) is answered by the
 * pair's own `meeting` functions when it has them, else by the general GJK/EPA path.
 *
 * A pair outside the ordinary range of sizes is answered on a copy scaled by a power of two, as the
 * general path does (convex/scale-free.ts): the kernel reads the shapes' lengths times `scale`, exactly,
 * so the answer at 2^k times every length is exactly 2^k times the answer (scale-free.test.ts).
 */
import type { Transform } from '../../math/transform.js';
import type { ConvexShape, SupportMap } from '../../shapes/shape.js';
import { contactConvex } from '../convex/convex-contact.js';
import { closestPointsConvex } from '../convex/convex-distance.js';
import { prepare, requireRepresentable, scratch, unscalePoint, type ScaledPair } from '../convex/scale-free.js';
import type { ClosestPointsPairFunction, ContactPairFunction, DistancePairFunction, IntersectsPairFunction } from '../dispatch.js';
import { relatePair, type PairFrame } from '../pair-frame.js';
import type { QueryWork } from '../query-work.js';
import type { ClosestPointsResult } from '../results.js';
import { closestFromCores, contactFromCores, distanceFromCores, intersectsFromCores } from './core-answer.js';

/** The closest points of the cores of `a` and `b` (lengths times `scale`) in A's frame, as core-answer.ts reads them. */
export type CoreKernel = (frame: PairFrame, a: ConvexShape, b: ConvexShape, scale: number) => Float64Array;

/**
 * Contact of a pair whose cores meet, written as contactFromCores would (B's points through `tB`; A's
 * radius read from `radiusA`, lengths times c[19], the kernel's scale); false sends it to the general path.
 */
export type MeetingContact = (work: QueryWork, a: ConvexShape, b: ConvexShape, tB: Transform, radiusA: SupportMap, c: Float64Array) => boolean;
/** Closest points of a pair whose cores meet (distance 0); false sends it to the general path. */
export type MeetingClosest = (work: QueryWork, tA: Transform, out: ClosestPointsResult) => boolean;

/** A pair's functions in the order of the families: intersects, distance, closest points, contact. */
export type PairFunctions = readonly [IntersectsPairFunction, DistancePairFunction, ClosestPointsPairFunction, ContactPairFunction];

const never = (): boolean => false;

/** The range test and, outside the range, the scaled copy: its views carry the scaled radii. */
function scaledCopy(work: QueryWork, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform): ScaledPair {
  const pair = scratch(work);
  prepare(pair, a, tA, b, tB, work.frame);
  relatePair(work.frame, pair.viewA, pair.tA, pair.viewB, pair.tB);
  return pair;
}

export function closedFormFamilies(kernel: CoreKernel, meetingContact: MeetingContact = never, meetingClosest: MeetingClosest = never): PairFunctions {
  const intersects: IntersectsPairFunction = (work, a, tA, b, tB) => {
    const ca = a as ConvexShape, cb = b as ConvexShape;
    let frame = relatePair(work.frame, ca, tA, cb, tB);
    if (!frame.outOfRange) return intersectsFromCores(frame, ca, cb, kernel(frame, ca, cb, 1));
    const pair = scaledCopy(work, ca, tA, cb, tB);
    frame = work.frame;
    return intersectsFromCores(frame, pair.viewA, pair.viewB, kernel(frame, ca, cb, pair.viewA.scale));
  };

  const distance: DistancePairFunction = (work, a, tA, b, tB) => {
    const ca = a as ConvexShape, cb = b as ConvexShape;
    const frame = relatePair(work.frame, ca, tA, cb, tB);
    if (!frame.outOfRange) { distanceFromCores(work, ca, cb, kernel(frame, ca, cb, 1)); return; }
    const pair = scaledCopy(work, ca, tA, cb, tB);
    distanceFromCores(work, pair.viewA, pair.viewB, kernel(work.frame, ca, cb, pair.viewA.scale));
    work.distance = requireRepresentable(work.distance * pair.back, 'distance');
  };

  const closestPoints: ClosestPointsPairFunction = (work, a, tA, b, tB, out, options) => {
    const ca = a as ConvexShape, cb = b as ConvexShape;
    const frame = relatePair(work.frame, ca, tA, cb, tB);
    if (!frame.outOfRange) {
      const c = kernel(frame, ca, cb, 1);
      if (c[18] > frame.slack) { closestFromCores(work, ca, tA, cb, out, c); return; }
      if (meetingClosest(work, tA, out)) return;
    } else {
      const pair = scaledCopy(work, ca, tA, cb, tB);
      const c = kernel(work.frame, ca, cb, pair.viewA.scale);
      let done = c[18] > work.frame.slack;
      if (done) closestFromCores(work, pair.viewA, pair.tA, pair.viewB, out, c);
      else done = meetingClosest(work, pair.tA, out);
      if (done) {
        out.distance = requireRepresentable(out.distance * pair.back, 'distance');
        unscalePoint(out.pointA, pair.back, tA);
        unscalePoint(out.pointB, pair.back, tA);
        return;
      }
    }
    closestPointsConvex(work, ca, tA, cb, tB, out, options);
  };

  const contact: ContactPairFunction = (work, a, tA, b, tB, options) => {
    const ca = a as ConvexShape, cb = b as ConvexShape;
    const frame = relatePair(work.frame, ca, tA, cb, tB);
    if (!frame.outOfRange) {
      const c = kernel(frame, ca, cb, 1);
      if (c[18] > frame.slack) return contactFromCores(work, ca, tA, cb, c);
      if (meetingContact(work, ca, cb, tB, ca, c)) return true;
    } else {
      const pair = scaledCopy(work, ca, tA, cb, tB);
      const back = pair.back, maxSeparation = work.maxSeparation;
      const c = kernel(work.frame, ca, cb, pair.viewA.scale);
      work.maxSeparation = maxSeparation / back;
      const route = c[18] > work.frame.slack ? (contactFromCores(work, pair.viewA, pair.tA, pair.viewB, c) ? 1 : 0)
        : meetingContact(work, ca, cb, pair.tB, pair.viewA, c) ? 1 : 2;
      work.maxSeparation = maxSeparation;
      if (route === 0) return false;
      if (route === 1) {
        const r = work.contact;
        r.separation = requireRepresentable(r.separation * back, 'separation');
        unscalePoint(r.pointA, back, tA);
        unscalePoint(r.pointB, back, tA);
        return true;
      }
    }
    return contactConvex(work, ca, tA, cb, tB, options);
  };

  return [intersects, distance, closestPoints, contact];
}
