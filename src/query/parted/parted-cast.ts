/**
 * Linear shape casts (translations only) with a compound or a triangle mesh on either side: the earliest
 * time over part pairs, each part pair cast exactly by the convex linear cast (cast/linear-cast.ts, the
 * GJK ray cast on the pair's Minkowski difference, van den Bergen 2004 §3). In the frame of the shape whose
 * parts are visited, the other shape's box moves by the relative translation; a part can be reached only
 * if its box meets that moving box (grown by the target separation), and not before the moving box first
 * touches it. So the hierarchy is traversed as a ray against boxes grown by the other's half-extents (the
 * Minkowski sum of two boxes; Ericson, Real-Time Collision Detection §5.5; bvh-traversal.ts, sweepBvh),
 * nearer boxes first, and boxes first touched after the earliest hit so far are skipped: the traversal
 * adds no approximation. Two concave shapes: each part of the one with fewer parts is cast against the
 * other, whose own traversal is bounded by the earliest time so far. Ties go to the lower part.
 *
 * The outcomes are the convex cast's: a hit; a miss; 'start' (some part pair within the target at time
 * 0) and 'range' (a part pair outside the unscaled range), both left to the caller's conservative
 * advancement on `contact`, which takes concave shapes.
 */
import { kindIndex } from '../pair/dispatch.js';
import { isPartedKind } from '../../shapes/shape.js';
import { BvhRayHit } from '../../bvh/bvh-traversal.js';
import { createAabb } from '../../math/aabb.js';
import { relativeTransform, Transform } from '../../math/transform.js';
import { shapeAabb } from '../../shapes/shape-aabb.js';
import type { Vec3Like } from '../../math/types.js';
import type { ConvexShape, Shape, SupportMap } from '../../shapes/shape.js';
import { SHAPE_CAST_RAY_TOLERANCE } from '../../tolerance.js';
import { LinearCast, linearCast } from '../cast/linear-cast.js';
import { loadFieldCorners } from './height-field-grid.js';
import { copyTransform, PartSlot, placePart, reportedPart, rootBoxIn, type PartedShape, type TriangleSurface } from './parts.js';
import { partCount, sweepParts } from './part-search.js';
import { approachesAtStart, startContact, startVelocity } from '../cast/start-approach.js';

const RAY_TOLERANCE = SHAPE_CAST_RAY_TOLERANCE; // V8 rule 4 (CONTRIBUTING.md)

/** The part pair a concave linear cast's answer is between (0 for a convex shape). */
export class CastParts {
  partA = 0;
  partB = 0;
}

/** One traversal's state: the shape whose parts are visited against another shape (nesting-safe: one a level). */
class PartSweep {
  parted: PartedShape | null = null;
  readonly tParted = new Transform();
  other: Shape | null = null;
  readonly tOther = new Transform();
  partedIsA = false;
  /** The caller's cast (its velocities, target and latest time). */
  input: LinearCast | null = null;
  /** The other shape in the parted shape's frame, its box there; the moving box (centre, half-extents) and its motion. */
  readonly relative = new Transform();
  readonly box = createAabb();
  readonly bounds = new Float64Array(6);
  readonly centre = new Float64Array(3);
  readonly half = new Float64Array(3);
  readonly motion = new Float64Array(3);
  readonly slot = new PartSlot();
  /** The mesh's triangle the parts are loaded into (castTriangle), or null for a compound. */
  triangle: CastTriangle | null = null;
  /**
   * Each mesh's CastTriangle for this level, made on its first cast (a weak map: it keeps no mesh alive).
   * One a level: a mesh cast against itself (one mesh for two bodies) loads its triangles at both levels.
   */
  readonly triangles = new WeakMap<TriangleSurface, CastTriangle>();
  /** The earliest time so far (the traversal's bound) and its part. */
  readonly best = new BvhRayHit();
  /** A part pair's cast, and the earliest answer so far with the other shape's part (a concave other's). */
  readonly cast = new LinearCast();
  readonly answer = new LinearCast();
  otherPart = 0;
  /** Set when a part pair is within the target at time 0, or outside the unscaled range: the caller advances. */
  outcome: 'start' | 'range' | null = null;
  /** The traversal of a concave other's parts, against each part of this one. */
  inner: PartSweep | null = null;
}

/** A corner of a CastTriangle (a class of its own: its fields stay unboxed doubles, CONTRIBUTING.md "V8 rules"). */
class Corner { x = 0.5; y = 0.5; z = 0.5; }

/**
 * A mesh's triangle as the linear cast reads it: a support map over three corners, loaded one triangle after
 * another, whose bounding radius is the mesh's (it holds every triangle; the linear cast takes its sizes and
 * tolerances from it), set once. Not the scratch Triangle that loadTriangle (parts.ts) fills, which takes each
 * triangle's own radius into Triangle's radius field (declared, so it holds a raw double, unlike every other
 * shape's): cast through that one, a linear cast boxed a number for every triangle it visited (5.8 kB a box
 * cast at a 3,200-triangle knot, by V8's sampling heap profiler; 0 with this class, whose radius field is
 * defined as every shape's is and never stored after the constructor). Its support is the triangle's: the
 * corner furthest along the direction.
 */
class CastTriangle implements SupportMap {
  readonly sweptRadius = 0;
  readonly boundingRadius: number;
  readonly a = new Corner();
  readonly b = new Corner();
  readonly c = new Corner();
  constructor(radius: number) {
    this.boundingRadius = radius;
  }

  /** Loads triangle `p` of `mesh` (mesh frame) and returns this. */
  load(mesh: TriangleSurface, p: number): this {
    if (mesh.kind === 'heightField') { loadFieldCorners(this, mesh, p); return this; }
    const v = mesh.vertices, tris = mesh.triangles;
    const i = 3 * tris[3 * p], j = 3 * tris[3 * p + 1], k = 3 * tris[3 * p + 2];
    const a = this.a, b = this.b, c = this.c;
    a.x = v[i]; a.y = v[i + 1]; a.z = v[i + 2];
    b.x = v[j]; b.y = v[j + 1]; b.z = v[j + 2];
    c.x = v[k]; c.y = v[k + 1]; c.z = v[k + 2];
    return this;
  }

  support(out: Vec3Like, dir: Readonly<Vec3Like>): Vec3Like {
    const a = this.a, b = this.b, c = this.c, dx = dir.x, dy = dir.y, dz = dir.z;
    const da = a.x * dx + a.y * dy + a.z * dz, db = b.x * dx + b.y * dy + b.z * dz, dc = c.x * dx + c.y * dy + c.z * dz;
    const q = da >= db ? (da >= dc ? a : c) : db >= dc ? b : c;
    out.x = q.x; out.y = q.y; out.z = q.z;
    return out;
  }
}

function castTriangle(s: PartSweep, mesh: TriangleSurface): CastTriangle {
  let t = s.triangles.get(mesh);
  if (t === undefined) { t = new CastTriangle(mesh.boundingRadius); s.triangles.set(mesh, t); }
  return t;
}

const _outer = /* @__PURE__ */ new PartSweep();
const _inner = /* @__PURE__ */ new PartSweep();


/**
 * The linear cast of `a` at world transform `tA` and `b` at `tB` (one of them, or both, a compound or a
 * mesh), with the velocities, target and latest time of `c`: writes the outcome into `c` (as linearCast
 * does) and the part pair into `parts`.
 */
export function linearCastParted(c: LinearCast, parts: CastParts, a: Shape, tA: Transform, b: Shape, tB: Transform): void {
  const aParted = isPartedKind(kindIndex(a)), bParted = isPartedKind(kindIndex(b));
  const s = _outer;
  s.best.t = c.maxTime;
  if (aParted && (!bParted || partCount(a as PartedShape) <= partCount(b as PartedShape))) {
    sweep(s, c, a as PartedShape, tA, b, tB, true);
  } else {
    sweep(s, c, b as PartedShape, tB, a, tA, false);
  }
  c.iterations = s.answer.iterations;
  c.capped = s.answer.capped;
  if (s.outcome !== null) c.outcome = s.outcome;
  else if (s.best.item < 0) c.outcome = 'miss';
  else {
    copyAnswer(c, s.answer);
    const mine = reportedPart(s.parted!, s.best.item);
    parts.partA = s.partedIsA ? mine : s.otherPart;
    parts.partB = s.partedIsA ? s.otherPart : mine;
  }
  // (No shape is kept past the cast.)
  s.parted = null; s.other = null; s.input = null; s.triangle = null;
  _inner.parted = null; _inner.other = null; _inner.input = null; _inner.triangle = null;
}

/**
 * Casts every part of `parted` (at `tP`) that the other shape's moving box can reach before `s.best.t`
 * (set by the caller: the bound) against `other` (at `tO`).
 */
function sweep(s: PartSweep, c: LinearCast, parted: PartedShape, tP: Transform, other: Shape, tO: Transform, partedIsA: boolean): void {
  s.parted = parted; s.other = other; s.partedIsA = partedIsA; s.input = c;
  copyTransform(s.tParted, tP);
  copyTransform(s.tOther, tO);
  s.best.item = -1;
  s.outcome = null;
  s.otherPart = 0;
  // A mesh's frame is every triangle's: its transform is the mesh's.
  if (parted.kind !== 'compound') { s.triangle = castTriangle(s, parted); copyTransform(s.slot.transform, tP); } else s.triangle = null;
  const rel = relativeTransform(s.relative, tP, tO), q = s.bounds;
  if (isPartedKind(kindIndex(other))) {
    rootBoxIn(q, other as PartedShape, rel);
  } else {
    const box = shapeAabb(s.box, other as ConvexShape, rel);
    q[0] = box.min.x; q[1] = box.min.y; q[2] = box.min.z; q[3] = box.max.x; q[4] = box.max.y; q[5] = box.max.z;
  }
  // The moving box: grown by the target (parts within it of the other count) and by the linear cast's
  // tolerance of its size, so that no part the cast would touch within its tolerance is skipped.
  const cx = 0.5 * q[0] + 0.5 * q[3], cy = 0.5 * q[1] + 0.5 * q[4], cz = 0.5 * q[2] + 0.5 * q[5];
  const hx = 0.5 * q[3] - 0.5 * q[0], hy = 0.5 * q[4] - 0.5 * q[1], hz = 0.5 * q[5] - 0.5 * q[2];
  const grow = c.target + RAY_TOLERANCE * (hx + hy + hz + Math.abs(cx) + Math.abs(cy) + Math.abs(cz));
  s.centre[0] = cx; s.centre[1] = cy; s.centre[2] = cz;
  s.half[0] = hx + grow; s.half[1] = hy + grow; s.half[2] = hz + grow;
  // The other's motion relative to the parted shape, in its frame: Rᵀ (v_other − v_parted).
  const vA = c.velocityA, vB = c.velocityB, sign = partedIsA ? 1 : -1;
  const ux = sign * (vB.x - vA.x), uy = sign * (vB.y - vA.y), uz = sign * (vB.z - vA.z);
  s.motion[0] = tP.m00 * ux + tP.m10 * uy + tP.m20 * uz;
  s.motion[1] = tP.m01 * ux + tP.m11 * uy + tP.m21 * uz;
  s.motion[2] = tP.m02 * ux + tP.m12 * uy + tP.m22 * uz;
  s.answer.iterations = 0; s.answer.capped = false;
  sweepParts(parted, s.centre, s.half, s.motion, castPart, s, s.best);
}

/** Part `p` of the parted shape against the other shape: kept when earlier than the best so far (ties: the lower part). */
function castPart(p: number, s: PartSweep): void {
  const tri = s.triangle;
  const part = tri !== null ? tri.load(s.parted as TriangleSurface, p) : placePart(s.slot, s.parted!, s.tParted, p);
  const tPart = s.slot.transform, other = s.other!, best = s.best;
  if (isPartedKind(kindIndex(other))) {
    // The other's parts against this one, bounded by the earliest time so far.
    const inner = s.inner ?? (s.inner = _inner);
    inner.best.t = best.t;
    sweep(inner, s.input!, other as PartedShape, s.tOther, part, tPart, !s.partedIsA);
    if (inner.outcome !== null) { stop(s, inner.outcome); return; }
    if (inner.best.item < 0) return;
    const t = inner.answer.time;
    if (!(t < best.t || (t === best.t && (best.item < 0 || reportedPart(s.parted!, p) < reportedPart(s.parted!, best.item))))) return;
    best.t = t; best.item = p;
    copyAnswer(s.answer, inner.answer);
    s.otherPart = reportedPart(other as PartedShape, inner.best.item);
    return;
  }
  const c = s.cast, input = s.input!;
  c.velocityA.x = input.velocityA.x; c.velocityA.y = input.velocityA.y; c.velocityA.z = input.velocityA.z;
  c.velocityB.x = input.velocityB.x; c.velocityB.y = input.velocityB.y; c.velocityB.z = input.velocityB.z;
  c.target = input.target;
  c.maxTime = best.t;
  if (s.partedIsA) linearCast(c, part, tPart, other as ConvexShape, s.tOther);
  else linearCast(c, other as ConvexShape, s.tOther, part, tPart);
  if (c.outcome === 'start' && input.passStart) {
    // Within the target at the start: passed by unless the motion closes on it (start-approach.ts).
    const v = startVelocity;
    v[0] = input.velocityB.x - input.velocityA.x; v[1] = input.velocityB.y - input.velocityA.y; v[2] = input.velocityB.z - input.velocityA.z;
    const closes = s.partedIsA ? approachesAtStart(part, tPart, other as ConvexShape, s.tOther) : approachesAtStart(other as ConvexShape, s.tOther, part, tPart);
    if (!closes) return;
    // A part it closes on from the start: a hit at time 0 with this part's own contact (the whole shape's
    // nearest part may be one it slides along).
    if (!(best.t > 0 || best.item < 0 || reportedPart(s.parted!, p) < reportedPart(s.parted!, best.item))) return;
    const k = startContact!, a = s.answer;
    best.t = 0; best.item = p;
    a.time = 0; a.separation = k.separation; a.iterations = 0; a.capped = false; a.outcome = 'hit';
    a.normal.x = k.normal.x; a.normal.y = k.normal.y; a.normal.z = k.normal.z;
    a.pointA.x = k.pointA.x; a.pointA.y = k.pointA.y; a.pointA.z = k.pointA.z;
    a.pointB.x = k.pointB.x; a.pointB.y = k.pointB.y; a.pointB.z = k.pointB.z;
    return;
  }
  if (c.outcome === 'start' || c.outcome === 'range') { stop(s, c.outcome); return; }
  if (c.outcome !== 'hit') return;
  const t = c.time;
  if (!(t < best.t || (t === best.t && (best.item < 0 || reportedPart(s.parted!, p) < reportedPart(s.parted!, best.item))))) return;
  best.t = t; best.item = p;
  copyAnswer(s.answer, c);
}

/** Ends the traversal: its bound below every box's entry (0 at the earliest), so nothing more is visited. */
function stop(s: PartSweep, outcome: 'start' | 'range'): void {
  s.outcome = outcome;
  s.best.t = -1;
}

function copyAnswer(out: LinearCast, c: LinearCast): void {
  out.time = c.time;
  out.normal.x = c.normal.x; out.normal.y = c.normal.y; out.normal.z = c.normal.z;
  out.pointA.x = c.pointA.x; out.pointA.y = c.pointA.y; out.pointA.z = c.pointA.z;
  out.pointB.x = c.pointB.x; out.pointB.y = c.pointB.y; out.pointB.z = c.pointB.z;
  out.separation = c.separation;
  out.iterations = c.iterations;
  out.capped = c.capped;
  out.outcome = c.outcome;
}
