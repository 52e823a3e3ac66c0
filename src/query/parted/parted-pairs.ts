/**
 * The pair functions of compounds and triangle meshes, for every query family: a concave shape against a
 * convex one finds its parts (a mesh's are its triangles) through its hierarchy and runs the family's own
 * pair function on each part that can still beat the best answer so far (Ericson, Real-Time Collision
 * Detection §6.3: a box's distance bounds the distance of anything inside it from below; an overlap can
 * hide in any touching box). The exact GJK/EPA path answers every part pair: the traversal adds no
 * approximation. Two concave shapes: each part of the one with fewer parts against the other, whose own
 * traversal starts from the best answer so far (so it prunes by it too). Ties go to the lower part.
 *
 * Each pair function works in `work` and runs its parts' queries in `work.child` (made on first use), so
 * that a part's answer does not overwrite the best so far; its traversal state lives in `work.compound`,
 * so concave pairs nest (a compound against a mesh) without sharing anything.
 */
import { BvhNearest } from '../../bvh/bvh-traversal.js';
import { createAabb } from '../../math/aabb.js';
import { edgeScaleFar, PLAIN_EDGE_MAX, PLAIN_EDGE_MIN } from '../../math/power-of-two.js';
import { relativeTransform, Transform } from '../../math/transform.js';
import { shapeAabb } from '../../shapes/shape-aabb.js';
import { BUILT_IN_KINDS, runsUserCode, type ConvexShape, type Shape } from '../../shapes/shape.js';
import { CONTACT_RELATIVE_TOLERANCE } from '../../tolerance.js';
import {
  CLOSEST_POINTS, CONTACT, DISTANCE, INTERSECTS, isConvexShape,
  type ClosestPointsPairFunction, type ContactPairFunction, type DistancePairFunction, type IntersectsPairFunction,
} from '../pair/dispatch.js';
import type { EpaOptions } from '../epa/epa.js';
import type { GjkOptions } from '../gjk/gjk.js';
import { copyContactAnswer, QueryWork } from '../pair/query-work.js';
import { certifyClosest, certifyContact } from '../certify/pair-bounds.js';
import { createClosestPointsResult, type ClosestPointsResult } from '../pair/results.js';
import { copyTransform, PartSlot, placePart, reportedPart, rootBoxIn, type PartedShape } from './parts.js';
import { nearestParts, overlapParts, partCount as partsOf } from './part-search.js';

const EDGE_MIN = PLAIN_EDGE_MIN, EDGE_MAX = PLAIN_EDGE_MAX; // (module constants: CONTRIBUTING.md, "V8 rules", rule 4)

type Options = (GjkOptions & EpaOptions) | undefined;

/** One pair function's traversal state (one per work record: nesting-safe). */
class ConcaveScratch {
  /** The other shape (convex or concave) and its world transform. */
  other: Shape | null = null;
  readonly tOther = new Transform();
  /** The shape whose parts are visited, and its world transform. */
  parted: PartedShape | null = null;
  readonly tParted = new Transform();
  options: Options = undefined;
  /** The other shape in the parted shape's frame, its box there (the traversal's query), the part visited. */
  readonly relative = new Transform();
  readonly box = createAabb();
  readonly query = new Float64Array(6);
  readonly slot = new PartSlot();
  /** Whether the parted shape is the pair's A. */
  partedIsA = false;
  /**
   * A mesh's answers within this of the best so far tie (CONTACT_RELATIVE_TOLERANCE of the pair's size),
   * and the one whose normal is nearest its triangle's face normal wins (`tilt`: |normal × face normal|,
   * the sine of the angle between them, first order in it where the cosine is second; 0 for a compound).
   */
  tie = 0;
  tilt = 0;
  bestTilt = 0;
  /** A part's answer (distance or separation), as betterPart reads it: an argument would be boxed. */
  candidate = 0;
  /**
   * Whether a triangle part's plane test can skip it (a convex other whose support runs no user code), and
   * that test's answer (planeGap) with its scratch vectors.
   */
  planeTest = false;
  gap = 0;
  /** Whether the parts are triangles (a mesh's or a field's), and the current one's unit face normal (loadFace). */
  triangles = false;
  readonly face = { x: 0, y: 0, z: 0 };
  readonly along = { x: 0, y: 0, z: 0 };
  readonly support = { x: 0, y: 0, z: 0 };
  /** The work record this scratch belongs to (the pair function's): where the best answer goes. */
  owner: QueryWork | null = null;
  /** The best part so far and its distance or separation (the traversal's answer, which the visitors lower). */
  readonly nearest = new BvhNearest();
  /**
   * The least certified lower and upper bounds over the parts visited (certify/pair-bounds.ts), when the
   * caller reads bounds (work.wantBounds): every part is either visited or pruned by a gap beyond the best
   * answer, so the least over the visited, and the best answer itself less the tie, bound the whole pair.
   */
  lower = Infinity;
  upper = Infinity;
  /** The closest-points family's answer for a part, and the caller's record the best goes into. */
  readonly partResult: ClosestPointsResult = createClosestPointsResult();
  out: ClosestPointsResult | null = null;
}

function scratchOf(work: QueryWork): ConcaveScratch {
  return (work.compound as ConcaveScratch | null) ?? (work.compound = new ConcaveScratch()) as ConcaveScratch;
}

function childOf(work: QueryWork): QueryWork {
  return work.child ?? (work.child = new QueryWork());
}

function partCount(s: Shape): number {
  return partsOf(s as PartedShape);
}

/**
 * Sets up `s` for the parts of `parted` at `tP` against `other` at `tOther`, and writes the traversal's
 * query box: the other shape's box in the parted shape's frame. The caller sets the bound (nothing beyond
 * it is an answer) in `s.nearest.distance`: a number passed as an argument would be boxed.
 */
function begin(s: ConcaveScratch, work: QueryWork, parted: PartedShape, tP: Transform, other: Shape, tOther: Transform, options: Options, partedIsA: boolean): void {
  s.owner = work;
  s.parted = parted; s.other = other; s.options = options; s.partedIsA = partedIsA;
  copyTransform(s.tParted, tP);
  copyTransform(s.tOther, tOther);
  s.nearest.item = -1;
  const rel = relativeTransform(s.relative, tP, tOther), q = s.query;
  s.nearest.radius = 0;
  // (The offset as a 1-norm, as relatePair's: its square overflowed past 2^512, and an infinite tie let the
  // tilt alone pick the part: a cone over a mesh at 2^520 got a far face's separation.)
  s.tie = CONTACT_RELATIVE_TOLERANCE * (parted.boundingRadius + other.boundingRadius + Math.abs(rel.tx) + Math.abs(rel.ty) + Math.abs(rel.tz));
  s.triangles = parted.kind !== 'compound';
  s.planeTest = s.triangles && isConvexShape(other) && !runsUserCode(other as ConvexShape);
  s.bestTilt = 0;
  if (other.kind === 'compound' || other.kind === 'mesh' || other.kind === 'heightField') {
    rootBoxIn(q, other as PartedShape, rel);
  } else {
    // The core's box (the shape's shrunk by its radius: exact, since the box of a core swept by a ball is
    // the core's grown by the radius) and the radius: for a sphere, a point and its radius, where its box's
    // corners would bound the parts' distances loosely (a sphere visited 513 triangles of a 100k mesh).
    const b = shapeAabb(s.box, other as ConvexShape, rel), r = (other as ConvexShape).sweptRadius;
    q[0] = b.min.x + r; q[1] = b.min.y + r; q[2] = b.min.z + r; q[3] = b.max.x - r; q[4] = b.max.y - r; q[5] = b.max.z - r;
    s.nearest.radius = r;
  }
}

// A part's answer d beats the best so far when it is below it, or equal and of a lower part; before any
// part, the bound itself counts (ties included). The answer is read from `s.candidate`: an argument would be boxed.
//
// A mesh's inner edges (Jolt's "active edges", Box2D's chain shapes): a shape over an edge between two
// coplanar triangles is as near to the one as to the other to rounding, and the triangle whose closest
// point is on the edge reports the edge's direction, tilted by up to about sqrt(eps) (a point 1e-10 past
// the edge at height 0.05 gives a normal 1e-9 off the face's). Among answers that tie within `tie`, the one
// whose normal is nearest its own triangle's face normal wins: the face's answer, not the edge's. A
// compound's parts all have tilt 0, so ties go to the lower part as before.
function betterPart(s: ConcaveScratch, p: number): boolean {
  const n = s.nearest, d = s.candidate;
  if (n.item < 0) return d <= n.distance;
  if (d < n.distance - s.tie) return true;
  if (d > n.distance + s.tie) return false;
  if (s.tilt !== s.bestTilt) return s.tilt < s.bestTilt;
  return d < n.distance || (d === n.distance && reportedPart(s.parted!, p) < reportedPart(s.parted!, n.item));
}

/**
 * The unit face normal of the triangle part in `s.slot` (mesh frame) into `s.face`; (0, 0, 0) for a
 * triangle too thin to have one to rounding. From its edges at a size near 1 (exactly: a power of two), so
 * that the cross product's square, a fourth power, neither overflows nor underflows.
 */
function loadFace(s: ConcaveScratch): void {
  const t = s.slot.triangle, f = s.face;
  let ux = t.b.x - t.a.x, uy = t.b.y - t.a.y, uz = t.b.z - t.a.z;
  let vx = t.c.x - t.a.x, vy = t.c.y - t.a.y, vz = t.c.z - t.a.z;
  const m = Math.max(Math.abs(ux), Math.abs(uy), Math.abs(uz), Math.abs(vx), Math.abs(vy), Math.abs(vz));
  const k = m >= EDGE_MIN && m <= EDGE_MAX ? 1 : edgeScaleFar(m);
  if (k !== 1) { ux *= k; uy *= k; uz *= k; vx *= k; vy *= k; vz *= k; }
  const fx = uy * vz - uz * vy, fy = uz * vx - ux * vz, fz = ux * vy - uy * vx;
  const fl = Math.sqrt(fx * fx + fy * fy + fz * fz);
  if (fl > 0 && fl < Infinity) { f.x = fx / fl; f.y = fy / fl; f.z = fz / fl; } else { f.x = 0; f.y = 0; f.z = 0; }
}

/**
 * |n × f| for the normal `n` (world) of an answer against the mesh triangle whose face normal loadFace put
 * in `s.face`, into `s.tilt`: the sine of the angle between the normal and the face's line; 0 for a
 * compound, 1 for a triangle with no face normal.
 */
function tiltFromFace(s: ConcaveScratch, n: { x: number; y: number; z: number }): void {
  if (!s.triangles) { s.tilt = 0; return; }
  const f = s.face, r = s.tParted, fx = f.x, fy = f.y, fz = f.z;
  // The normal in the mesh's frame: Rᵀ n.
  const lx = r.m00 * n.x + r.m10 * n.y + r.m20 * n.z, ly = r.m01 * n.x + r.m11 * n.y + r.m21 * n.z, lz = r.m02 * n.x + r.m12 * n.y + r.m22 * n.z;
  const cx = fy * lz - fz * ly, cy = fz * lx - fx * lz, cz = fx * ly - fy * lx;
  const nl = Math.sqrt(lx * lx + ly * ly + lz * lz);
  s.tilt = (fx !== 0 || fy !== 0 || fz !== 0) && nl > 0 ? Math.sqrt(cx * cx + cy * cy + cz * cz) / nl : 1;
}

/**
 * The separation of the other shape from the plane of the triangle part in `s.slot` (mesh frame; its
 * normal loadFace's), on the
 * side it is on (0 or less when it straddles the plane), into `s.gap`: a lower bound on the pair's
 * separation and distance, which is the greatest such gap over every direction (a separating axis's gap
 * bounds them from below). A triangle whose gap exceeds the best so far (by twice the tie: the pair
 * functions' answers carry their tolerance) cannot beat it, and is skipped without its pair function (a box
 * resting on a terrain meets a dozen triangles, of which most lie under it, their planes below it).
 */
function planeGap(s: ConcaveScratch): void {
  const t = s.slot.triangle, rel = s.relative, o = s.other as ConvexShape, fx = s.face.x, fy = s.face.y, fz = s.face.z;
  if (fx === 0 && fy === 0 && fz === 0) { s.gap = -Infinity; return; }
  // The other's extent along f (mesh frame): its support along ±f in its own frame (Rᵀ f), placed by rel.
  const d = s.along, q = s.support, r = o.sweptRadius;
  d.x = rel.m00 * fx + rel.m10 * fy + rel.m20 * fz; d.y = rel.m01 * fx + rel.m11 * fy + rel.m21 * fz; d.z = rel.m02 * fx + rel.m12 * fy + rel.m22 * fz;
  o.support(q, d);
  const hi = fx * (rel.m00 * q.x + rel.m01 * q.y + rel.m02 * q.z + rel.tx) + fy * (rel.m10 * q.x + rel.m11 * q.y + rel.m12 * q.z + rel.ty) + fz * (rel.m20 * q.x + rel.m21 * q.y + rel.m22 * q.z + rel.tz) + r;
  d.x = -d.x; d.y = -d.y; d.z = -d.z;
  o.support(q, d);
  const lo = fx * (rel.m00 * q.x + rel.m01 * q.y + rel.m02 * q.z + rel.tx) + fy * (rel.m10 * q.x + rel.m11 * q.y + rel.m12 * q.z + rel.ty) + fz * (rel.m20 * q.x + rel.m21 * q.y + rel.m22 * q.z + rel.tz) - r;
  const plane = fx * t.a.x + fy * t.a.y + fz * t.a.z;
  const g = lo - plane > plane - hi ? lo - plane : plane - hi;
  s.gap = g === g ? g : -Infinity;
}

// ---------------------------------------------------------------------------------------------------
// contact (and penetration): the least separation over part pairs.

function contactPart(p: number, s: ConcaveScratch): void {
  const work = s.owner!, child = childOf(work), n = s.nearest;
  const part = placePart(s.slot, s.parted!, s.tParted, p), other = s.other!, tPart = s.slot.transform;
  if (s.triangles) { loadFace(s); if (s.planeTest) { planeGap(s); if (s.gap > n.distance + 2 * s.tie) return; } }
  child.maxSeparation = n.distance;
  child.touchingOnly = work.touchingOnly;
  child.wantBounds = work.wantBounds;
  child.contact.partA = 0; child.contact.partB = 0;
  child.contact.pathUpper = Infinity; child.contact.certified = false; child.contact.hasSigma = false;
  const ok = s.partedIsA
    ? CONTACT.find(part, other)(child, part, tPart, other, s.tOther, s.options)
    : CONTACT.find(other, part)(child, other, s.tOther, part, tPart, s.options);
  if (!ok) return;
  if (work.wantBounds) partContactBounds(s, child, part);
  tiltFromFace(s, child.contact.normal);
  s.candidate = child.contact.separation;
  if (betterPart(s, p)) {
    copyContactAnswer(work.contact, child.contact);
    if (s.partedIsA) work.contact.partA = reportedPart(s.parted!, p); else work.contact.partB = reportedPart(s.parted!, p);
    n.distance = child.contact.separation; n.item = p; s.bestTilt = s.tilt;
  }
}

function contactParted(work: QueryWork, c: PartedShape, tC: Transform, other: Shape, tOther: Transform, options: Options, partedIsA: boolean): boolean {
  const s = scratchOf(work);
  s.nearest.distance = work.maxSeparation;
  if (work.touchingOnly) s.nearest.distance = Infinity;
  begin(s, work, c, tC, other, tOther, options, partedIsA);
  s.nearest.stopAtZero = false; // (the deepest overlap is wanted)
  s.lower = Infinity; s.upper = Infinity;
  nearestParts(c, s.query, contactPart, s, s.nearest);
  if (s.nearest.item < 0) return false;
  if (work.wantBounds) {
    const r = work.contact, floor = s.nearest.distance - s.tie;
    r.lower = s.lower < floor ? s.lower : floor;
    r.upper = s.upper;
    r.certified = true;
  }
  return true;
}

/** A visited part pair's contact bounds (its own function's, or certified from its answer) into the least so far. */
function partContactBounds(s: ConcaveScratch, child: QueryWork, part: Shape): void {
  const c = child.contact;
  if (!c.certified) {
    if (s.partedIsA) certifyContact(child, part as ConvexShape, s.slot.transform, s.other as ConvexShape, s.tOther);
    else certifyContact(child, s.other as ConvexShape, s.tOther, part as ConvexShape, s.slot.transform);
  }
  if (c.lower < s.lower) s.lower = c.lower;
  if (c.upper < s.upper) s.upper = c.upper;
}

/** (convex A, concave B). */
const contactConvexParted: ContactPairFunction = (work, a, tA, b, tB, options) => contactParted(work, b as PartedShape, tB, a, tA, options, false);
/** (concave A, concave B): the parts of the one with fewer, each against the other. */
const contactPartedParted: ContactPairFunction = (work, a, tA, b, tB, options) => (partCount(a) <= partCount(b)
  ? contactParted(work, a as PartedShape, tA, b, tB, options, true)
  : contactParted(work, b as PartedShape, tB, a, tA, options, false));

// ---------------------------------------------------------------------------------------------------
// distance: the least distance over part pairs.

function distancePart(p: number, s: ConcaveScratch): void {
  const work = s.owner!, child = childOf(work), n = s.nearest;
  const part = placePart(s.slot, s.parted!, s.tParted, p), other = s.other!, tPart = s.slot.transform;
  if (s.planeTest) { loadFace(s); planeGap(s); if (s.gap > n.distance + 2 * s.tie) return; }
  child.distancePartA = 0; child.distancePartB = 0;
  child.distanceBound = n.distance;
  if (s.partedIsA) DISTANCE.find(part, other)(child, part, tPart, other, s.tOther, s.options);
  else DISTANCE.find(other, part)(child, other, s.tOther, part, tPart, s.options);
  const d = child.distance;
  if (n.item < 0 ? d <= n.distance : d < n.distance || (d === n.distance && reportedPart(s.parted!, p) < reportedPart(s.parted!, n.item))) {
    n.distance = d; n.item = p;
    work.distancePartA = s.partedIsA ? reportedPart(s.parted!, p) : child.distancePartA;
    work.distancePartB = s.partedIsA ? child.distancePartB : reportedPart(s.parted!, p);
  }
}

function distanceParted(work: QueryWork, c: PartedShape, tC: Transform, other: Shape, tOther: Transform, options: Options, partedIsA: boolean): void {
  const s = scratchOf(work);
  s.nearest.distance = work.distanceBound;
  begin(s, work, c, tC, other, tOther, options, partedIsA);
  s.nearest.stopAtZero = true; // (no distance is below 0)
  nearestParts(c, s.query, distancePart, s, s.nearest);
  // Nothing within the bound (a caller's best so far): report beyond it.
  work.distance = s.nearest.distance;
  if (s.nearest.item < 0) work.distance = Infinity;
}

const distanceConvexParted: DistancePairFunction = (work, a, tA, b, tB, options) => distanceParted(work, b as PartedShape, tB, a, tA, options, false);
const distancePartedParted: DistancePairFunction = (work, a, tA, b, tB, options) => (partCount(a) <= partCount(b)
  ? distanceParted(work, a as PartedShape, tA, b, tB, options, true)
  : distanceParted(work, b as PartedShape, tB, a, tA, options, false));

// ---------------------------------------------------------------------------------------------------
// intersects: any part pair that shares a point (the parts whose boxes overlap the other's).

function intersectsPart(p: number, s: ConcaveScratch): boolean {
  const child = childOf(s.owner!);
  const part = placePart(s.slot, s.parted!, s.tParted, p), other = s.other!, tPart = s.slot.transform;
  return s.partedIsA
    ? INTERSECTS.find(part, other)(child, part, tPart, other, s.tOther, s.options)
    : INTERSECTS.find(other, part)(child, other, s.tOther, part, tPart, s.options);
}

function intersectsParted(work: QueryWork, c: PartedShape, tC: Transform, other: Shape, tOther: Transform, options: Options, partedIsA: boolean): boolean {
  const s = scratchOf(work);
  begin(s, work, c, tC, other, tOther, options, partedIsA);
  // The whole shape's box (begin leaves the core's, and the radius for nearestBvh).
  const q = s.query, r = s.nearest.radius;
  q[0] -= r; q[1] -= r; q[2] -= r; q[3] += r; q[4] += r; q[5] += r;
  return overlapParts(c, q, intersectsPart, s);
}

const intersectsConvexParted: IntersectsPairFunction = (work, a, tA, b, tB, options) => intersectsParted(work, b as PartedShape, tB, a, tA, options, false);
const intersectsPartedParted: IntersectsPairFunction = (work, a, tA, b, tB, options) => (partCount(a) <= partCount(b)
  ? intersectsParted(work, a as PartedShape, tA, b, tB, options, true)
  : intersectsParted(work, b as PartedShape, tB, a, tA, options, false));

// ---------------------------------------------------------------------------------------------------
// closestPoints: the part pair of least distance, its points and normal.

function closestPart(p: number, s: ConcaveScratch): void {
  const work = s.owner!, child = childOf(work), n = s.nearest;
  const part = placePart(s.slot, s.parted!, s.tParted, p), other = s.other!, tPart = s.slot.transform, r = s.partResult;
  if (s.triangles) { loadFace(s); if (s.planeTest) { planeGap(s); if (s.gap > n.distance + 2 * s.tie) return; } }
  child.distancePartA = 0; child.distancePartB = 0;
  child.distanceBound = n.distance;
  child.wantBounds = work.wantBounds; child.closestCertified = false; child.closestHasUpper = false; child.closestHasSigma = false;
  if (s.partedIsA) CLOSEST_POINTS.find(part, other)(child, part, tPart, other, s.tOther, r, s.options);
  else CLOSEST_POINTS.find(other, part)(child, other, s.tOther, part, tPart, r, s.options);
  if (work.wantBounds) partClosestBounds(s, child, part);
  tiltFromFace(s, r.normal);
  s.candidate = r.distance;
  if (betterPart(s, p)) {
    n.distance = r.distance; n.item = p; s.bestTilt = s.tilt;
    const out = s.out!;
    out.distance = r.distance;
    out.pointA.x = r.pointA.x; out.pointA.y = r.pointA.y; out.pointA.z = r.pointA.z;
    out.pointB.x = r.pointB.x; out.pointB.y = r.pointB.y; out.pointB.z = r.pointB.z;
    out.normal.x = r.normal.x; out.normal.y = r.normal.y; out.normal.z = r.normal.z;
    out.status = r.status; out.iterations = r.iterations;
    work.distancePartA = s.partedIsA ? reportedPart(s.parted!, p) : child.distancePartA;
    work.distancePartB = s.partedIsA ? child.distancePartB : reportedPart(s.parted!, p);
  }
}

function closestParted(
  work: QueryWork, c: PartedShape, tC: Transform, other: Shape, tOther: Transform, out: ClosestPointsResult, options: Options, partedIsA: boolean,
): void {
  const s = scratchOf(work);
  s.nearest.distance = work.distanceBound;
  begin(s, work, c, tC, other, tOther, options, partedIsA);
  s.nearest.stopAtZero = true; // (no distance is below 0)
  s.out = out;
  s.lower = Infinity; s.upper = Infinity;
  try {
    nearestParts(c, s.query, closestPart, s, s.nearest);
  } finally {
    s.out = null;
  }
  // Nothing within the bound (a caller's best so far): report beyond it.
  if (s.nearest.item < 0) out.distance = Infinity;
  if (work.wantBounds) {
    const floor = s.nearest.distance - s.tie;
    if (s.lower < floor) out.lower = s.lower;
    else if (floor > 0) out.lower = floor;
    else out.lower = 0;
    out.upper = s.upper;
    work.closestCertified = true;
  }
}

/** A visited part pair's closest-points bounds (its own function's, or certified from its answer) into the least so far. */
function partClosestBounds(s: ConcaveScratch, child: QueryWork, part: Shape): void {
  const r = s.partResult;
  if (!child.closestCertified) {
    if (s.partedIsA) certifyClosest(child, part as ConvexShape, s.slot.transform, s.other as ConvexShape, s.tOther, r);
    else certifyClosest(child, s.other as ConvexShape, s.tOther, part as ConvexShape, s.slot.transform, r);
  }
  if (r.lower < s.lower) s.lower = r.lower;
  if (r.upper < s.upper) s.upper = r.upper;
}

const closestConvexParted: ClosestPointsPairFunction = (work, a, tA, b, tB, out, options) => closestParted(work, b as PartedShape, tB, a, tA, out, options, false);
const closestPartedParted: ClosestPointsPairFunction = (work, a, tA, b, tB, out, options) => (partCount(a) <= partCount(b)
  ? closestParted(work, a as PartedShape, tA, b, tB, out, options, true)
  : closestParted(work, b as PartedShape, tB, a, tA, out, options, false));

/** The concave kinds whose pair functions are in the tables. */
const registered = new Set<ConcaveKind>();
type ConcaveKind = 'compound' | 'mesh' | 'heightField';
/** The canonical order of the concave kinds (SHAPE_KINDS's). */
const CONCAVE_ORDER: readonly ConcaveKind[] = ['compound', 'mesh', 'heightField'];

/**
 * Puts the pair functions of `kind` into every family's table (once; compound.ts and triangle-mesh.ts call
 * it when their class is defined): against every convex kind, against itself, and against the other
 * concave kind when that is registered too.
 */
export function registerConcavePairs(kind: ConcaveKind): void {
  if (registered.has(kind)) return;
  registered.add(kind);
  for (const convex of CONVEX_KINDS) {
    CONTACT.register(convex, kind, contactConvexParted);
    DISTANCE.register(convex, kind, distanceConvexParted);
    INTERSECTS.register(convex, kind, intersectsConvexParted);
    CLOSEST_POINTS.register(convex, kind, closestConvexParted);
  }
  for (const other of registered) {
    // Canonical order: compound, mesh, height field.
    const [first, second] = CONCAVE_ORDER.indexOf(other) <= CONCAVE_ORDER.indexOf(kind) ? [other, kind] : [kind, other];
    CONTACT.register(first, second, contactPartedParted);
    DISTANCE.register(first, second, distancePartedParted);
    INTERSECTS.register(first, second, intersectsPartedParted);
    CLOSEST_POINTS.register(first, second, closestPartedParted);
  }
}

/** Every convex kind, the user's own included. */
const CONVEX_KINDS = [...BUILT_IN_KINDS, 'custom'] as const;
