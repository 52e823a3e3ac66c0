/**
 * The pair functions of compounds, for every query family: a compound against a convex shape finds its
 * parts through its hierarchy (bvh/) and runs the family's own pair function on each part that can still
 * beat the best answer so far (Ericson, Real-Time Collision Detection §6.3: a box's distance bounds the
 * distance of anything inside it from below; an overlap can hide in any touching box). The exact GJK/EPA
 * path answers every part pair: the traversal adds no approximation. A compound against a compound runs
 * the compound–convex function for each part of one. Ties go to the lower part index.
 *
 * Each pair function works in `work` and runs its parts' queries in `work.child` (made on first use), so
 * that a part's answer does not overwrite the best so far; its traversal state lives in `work.compound`,
 * so compound pairs nest (a compound against a compound) without sharing anything.
 */
import { BvhNearest, nearestBvh, overlapBvh } from '../../bvh/bvh-traversal.js';
import { createAabb } from '../../math/aabb.js';
import { composeTransform, relativeTransform, Transform } from '../../math/transform.js';
import { shapeAabb } from '../../shapes/shape-aabb.js';
import { BUILT_IN_KINDS, type ConvexShape, type Shape } from '../../shapes/shape.js';
import {
  CLOSEST_POINTS, CONTACT, DISTANCE, INTERSECTS,
  type ClosestPointsPairFunction, type ContactPairFunction, type DistancePairFunction, type IntersectsPairFunction,
} from '../dispatch.js';
import type { EpaOptions } from '../epa/epa.js';
import type { GjkOptions } from '../gjk/gjk.js';
import { QueryWork, type ContactAnswer } from '../query-work.js';
import { createClosestPointsResult, type ClosestPointsResult } from '../results.js';
import type { Compound } from './compound.js';

type Options = (GjkOptions & EpaOptions) | undefined;

/** One pair function's traversal state (one per work record: nesting-safe). */
class CompoundScratch {
  /** The other shape (convex, or a compound) and its world transform. */
  other: Shape | null = null;
  readonly tOther = new Transform();
  /** The compound whose parts are visited, and its world transform. */
  compound: Compound | null = null;
  readonly tCompound = new Transform();
  options: Options = undefined;
  /** The other shape in the compound's frame, its box there (the traversal's query), a part's world transform. */
  readonly relative = new Transform();
  readonly box = createAabb();
  readonly query = new Float64Array(6);
  readonly part = new Transform();
  /** Whether the compound is the pair's A (a compound against a compound: A's parts are visited). */
  compoundIsA = false;
  /** The work record this scratch belongs to (the pair function's): where the best answer goes. */
  owner: QueryWork | null = null;
  /** The best part so far and its distance or separation (the traversal's answer, which the visitors lower). */
  readonly nearest = new BvhNearest();
  /** The closest-points family's answer for a part, and the caller's record the best goes into. */
  readonly partResult: ClosestPointsResult = createClosestPointsResult();
  out: ClosestPointsResult | null = null;
}

function scratchOf(work: QueryWork): CompoundScratch {
  return (work.compound as CompoundScratch | null) ?? (work.compound = new CompoundScratch()) as CompoundScratch;
}

function childOf(work: QueryWork): QueryWork {
  return work.child ?? (work.child = new QueryWork());
}

/**
 * Sets up `s` for the compound `c` at `tC` against `other` at `tOther`, and writes the traversal's query box:
 * the other shape's box in the compound's frame (for a compound, the box of its bounding ball).
 */
function begin(s: CompoundScratch, work: QueryWork, c: Compound, tC: Transform, other: Shape, tOther: Transform, options: Options, compoundIsA: boolean): void {
  s.owner = work;
  s.compound = c; s.other = other; s.options = options; s.compoundIsA = compoundIsA;
  copyTransform(s.tCompound, tC);
  copyTransform(s.tOther, tOther);
  s.nearest.distance = Infinity; s.nearest.item = -1;
  const rel = relativeTransform(s.relative, tC, tOther), q = s.query;
  if (other.kind === 'compound') {
    const r = other.boundingRadius;
    q[0] = rel.tx - r; q[1] = rel.ty - r; q[2] = rel.tz - r; q[3] = rel.tx + r; q[4] = rel.ty + r; q[5] = rel.tz + r;
  } else {
    const b = shapeAabb(s.box, other as ConvexShape, rel);
    q[0] = b.min.x; q[1] = b.min.y; q[2] = b.min.z; q[3] = b.max.x; q[4] = b.max.y; q[5] = b.max.z;
  }
}

function copyTransform(out: Transform, t: Readonly<Transform>): void {
  out.m00 = t.m00; out.m01 = t.m01; out.m02 = t.m02;
  out.m10 = t.m10; out.m11 = t.m11; out.m12 = t.m12;
  out.m20 = t.m20; out.m21 = t.m21; out.m22 = t.m22;
  out.tx = t.tx; out.ty = t.ty; out.tz = t.tz;
}

/** Part `p`'s shape, its world transform in `s.part`. */
function placePart(s: CompoundScratch, p: number): ConvexShape {
  const c = s.compound!;
  composeTransform(s.part, s.tCompound, c.transforms[p]);
  return c.shapes[p];
}

function copyContact(out: ContactAnswer, c: ContactAnswer): void {
  out.separation = c.separation;
  out.normal.x = c.normal.x; out.normal.y = c.normal.y; out.normal.z = c.normal.z;
  out.pointA.x = c.pointA.x; out.pointA.y = c.pointA.y; out.pointA.z = c.pointA.z;
  out.pointB.x = c.pointB.x; out.pointB.y = c.pointB.y; out.pointB.z = c.pointB.z;
  out.status = c.status; out.iterations = c.iterations;
  out.partA = c.partA; out.partB = c.partB;
}

// ---------------------------------------------------------------------------------------------------
// contact (and penetration): the least separation over part pairs.


function contactPart(p: number, s: CompoundScratch): void {
  const work = s.owner!, child = childOf(work);
  const part = placePart(s, p), other = s.other!;
  const best = s.nearest.distance;
  child.maxSeparation = work.maxSeparation < best ? work.maxSeparation : best;
  child.touchingOnly = work.touchingOnly;
  child.contact.partA = 0; child.contact.partB = 0;
  const ok = s.compoundIsA
    ? (other.kind === 'compound'
      ? contactConvexCompound(child, part, s.part, other, s.tOther, s.options)
      : CONTACT.find(part, other)(child, part, s.part, other, s.tOther, s.options))
    : CONTACT.find(other, part)(child, other, s.tOther, part, s.part, s.options);
  if (!ok) return;
  const sep = child.contact.separation, n = s.nearest;
  if (sep < n.distance || (sep === n.distance && p < n.item)) {
    copyContact(work.contact, child.contact);
    if (s.compoundIsA) work.contact.partA = p; else work.contact.partB = p;
    n.distance = sep; n.item = p;
  }
}

function contactCompound(work: QueryWork, c: Compound, tC: Transform, other: Shape, tOther: Transform, options: Options, compoundIsA: boolean): boolean {
  const s = scratchOf(work);
  begin(s, work, c, tC, other, tOther, options, compoundIsA);
  nearestBvh(c.bvh, s.query, contactPart, s, s.nearest);
  return s.nearest.item >= 0;
}

/** (convex A, compound B). */
const contactConvexCompound: ContactPairFunction = (work, a, tA, b, tB, options) => contactCompound(work, b as Compound, tB, a, tA, options, false);
/** (compound A, compound B): A's parts, each against B. */
const contactCompoundCompound: ContactPairFunction = (work, a, tA, b, tB, options) => contactCompound(work, a as Compound, tA, b, tB, options, true);

// ---------------------------------------------------------------------------------------------------
// distance: the least distance over part pairs.


function distancePart(p: number, s: CompoundScratch): void {
  const work = s.owner!, child = childOf(work);
  const part = placePart(s, p), other = s.other!;
  child.distancePartA = 0; child.distancePartB = 0;
  if (s.compoundIsA) {
    if (other.kind === 'compound') distanceConvexCompound(child, part, s.part, other, s.tOther, s.options);
    else DISTANCE.find(part, other)(child, part, s.part, other, s.tOther, s.options);
  } else {
    DISTANCE.find(other, part)(child, other, s.tOther, part, s.part, s.options);
  }
  const d = child.distance, n = s.nearest;
  if (d < n.distance || (d === n.distance && p < n.item)) {
    n.distance = d; n.item = p;
    work.distancePartA = s.compoundIsA ? p : child.distancePartA;
    work.distancePartB = s.compoundIsA ? child.distancePartB : p;
  }
}

function distanceCompound(work: QueryWork, c: Compound, tC: Transform, other: Shape, tOther: Transform, options: Options, compoundIsA: boolean): void {
  const s = scratchOf(work);
  begin(s, work, c, tC, other, tOther, options, compoundIsA);
  nearestBvh(c.bvh, s.query, distancePart, s, s.nearest);
  work.distance = s.nearest.distance;
}

const distanceConvexCompound: DistancePairFunction = (work, a, tA, b, tB, options) => distanceCompound(work, b as Compound, tB, a, tA, options, false);
const distanceCompoundCompound: DistancePairFunction = (work, a, tA, b, tB, options) => distanceCompound(work, a as Compound, tA, b, tB, options, true);

// ---------------------------------------------------------------------------------------------------
// intersects: any part pair that shares a point (the parts whose boxes overlap the other's).


function intersectsPart(p: number, s: CompoundScratch): boolean {
  const work = s.owner!, child = childOf(work);
  const part = placePart(s, p), other = s.other!;
  if (s.compoundIsA) {
    return other.kind === 'compound'
      ? intersectsConvexCompound(child, part, s.part, other, s.tOther, s.options)
      : INTERSECTS.find(part, other)(child, part, s.part, other, s.tOther, s.options);
  }
  return INTERSECTS.find(other, part)(child, other, s.tOther, part, s.part, s.options);
}

function intersectsCompound(work: QueryWork, c: Compound, tC: Transform, other: Shape, tOther: Transform, options: Options, compoundIsA: boolean): boolean {
  const s = scratchOf(work);
  begin(s, work, c, tC, other, tOther, options, compoundIsA);
  return overlapBvh(c.bvh, s.query, intersectsPart, s);
}

const intersectsConvexCompound: IntersectsPairFunction = (work, a, tA, b, tB, options) => intersectsCompound(work, b as Compound, tB, a, tA, options, false);
const intersectsCompoundCompound: IntersectsPairFunction = (work, a, tA, b, tB, options) => intersectsCompound(work, a as Compound, tA, b, tB, options, true);

// ---------------------------------------------------------------------------------------------------
// closestPoints: the part pair of least distance, its points and normal.


function closestPart(p: number, s: CompoundScratch): void {
  const work = s.owner!, child = childOf(work);
  const part = placePart(s, p), other = s.other!, r = s.partResult;
  if (s.compoundIsA) {
    if (other.kind === 'compound') closestConvexCompound(child, part, s.part, other, s.tOther, r, s.options);
    else CLOSEST_POINTS.find(part, other)(child, part, s.part, other, s.tOther, r, s.options);
  } else {
    CLOSEST_POINTS.find(other, part)(child, other, s.tOther, part, s.part, r, s.options);
  }
  const d = r.distance, n = s.nearest;
  if (d < n.distance || (d === n.distance && p < n.item)) {
    n.distance = d; n.item = p;
    const out = s.out!;
    out.distance = d;
    out.pointA.x = r.pointA.x; out.pointA.y = r.pointA.y; out.pointA.z = r.pointA.z;
    out.pointB.x = r.pointB.x; out.pointB.y = r.pointB.y; out.pointB.z = r.pointB.z;
    out.normal.x = r.normal.x; out.normal.y = r.normal.y; out.normal.z = r.normal.z;
    out.status = r.status; out.iterations = r.iterations;
  }
}

function closestCompound(
  work: QueryWork, c: Compound, tC: Transform, other: Shape, tOther: Transform, out: ClosestPointsResult, options: Options, compoundIsA: boolean,
): void {
  const s = scratchOf(work);
  begin(s, work, c, tC, other, tOther, options, compoundIsA);
  s.out = out;
  try {
    nearestBvh(c.bvh, s.query, closestPart, s, s.nearest);
  } finally {
    s.out = null;
  }
}

const closestConvexCompound: ClosestPointsPairFunction = (work, a, tA, b, tB, out, options) => closestCompound(work, b as Compound, tB, a, tA, out, options, false);
const closestCompoundCompound: ClosestPointsPairFunction = (work, a, tA, b, tB, out, options) => closestCompound(work, a as Compound, tA, b, tB, out, options, true);

let registered = false;

/** Puts the compound pair functions into every family's table (once; compound.ts calls it). */
export function registerCompoundPairs(): void {
  if (registered) return;
  registered = true;
  for (const kind of CONTACT_KINDS) {
    CONTACT.register(kind, 'compound', contactConvexCompound);
    DISTANCE.register(kind, 'compound', distanceConvexCompound);
    INTERSECTS.register(kind, 'compound', intersectsConvexCompound);
    CLOSEST_POINTS.register(kind, 'compound', closestConvexCompound);
  }
  CONTACT.register('compound', 'compound', contactCompoundCompound);
  DISTANCE.register('compound', 'compound', distanceCompoundCompound);
  INTERSECTS.register('compound', 'compound', intersectsCompoundCompound);
  CLOSEST_POINTS.register('compound', 'compound', closestCompoundCompound);
}

/** Every convex kind, the user's own included. */
const CONTACT_KINDS = [...BUILT_IN_KINDS, 'custom'] as const;
