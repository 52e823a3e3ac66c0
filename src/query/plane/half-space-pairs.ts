/**
 * A half-space against a convex shape, a compound or a mesh, in closed form: the solid's deepest point
 * into the half-space is its support point along the plane's inward normal (a mesh's, its deepest vertex),
 * and the signed separation is that point's height above the plane (Ericson, Real-Time Collision
 * Detection §5.2.3, a convex shape against a plane; Jolt's and parry's half-space pairs do the same). The
 * normal is the plane's, exactly: no GJK or EPA, at any aspect ratio or distance.
 *
 * The pair functions are registered (by register below, which half-space.ts calls when its class is
 * defined) for (X, halfSpace), X every convex kind, the compound and the mesh: the half-space is always B,
 * and the tables' swap wrappers serve (halfSpace, X). Two half-spaces have no pair function: their
 * separation is infinite or their overlap unbounded.
 *
 * The record (CONTRIBUTING.md, "V8 rules", rule 1: no doubles through calls): the solid's deepest surface
 * point in world space r[0..2], its signed height above the plane r[3], the plane's outward normal in world
 * space r[4..6] (H's local +y), the pair's touch slack r[7], and the answering part r[8].
 */
import { composeTransform, Transform } from '../../math/transform.js';
import type { Vec3Like } from '../../math/types.js';
import { vec3 } from '../../math/vec3.js';
import { runsUserCode, throwNonFiniteSupport, type CompoundShape, type ConvexShape, type HeightFieldShape, type MeshShape, type Shape } from '../../shapes/shape.js';
import type { HeightField } from '../parted/height-field.js';
import { isHole, loadFieldCorners } from '../parted/height-field-grid.js';
import { BOUND_ROUNDING, CONTACT_RELATIVE_TOLERANCE, POSITION_ULPS } from '../../tolerance.js';
import {
  CLOSEST_POINTS, CONTACT, DISTANCE, INTERSECTS,
  type ClosestPointsPairFunction, type ContactPairFunction, type DistancePairFunction, type IntersectsPairFunction,
} from '../pair/dispatch.js';
import { enterUserCode, leaveUserCode, type QueryWork } from '../pair/query-work.js';
import type { Compound } from '../parted/compound.js';

/** A module constant (CONTRIBUTING.md, "V8 rules", rule 4). */
const TOUCH = CONTACT_RELATIVE_TOLERANCE, POSITION_SLACK = POSITION_ULPS * Number.EPSILON;
/** The bounds' rounding allowance, in touch slacks (r[7]): BOUND_ROUNDING of the pair's size. */
const BOUND_SLACK = BOUND_ROUNDING / CONTACT_RELATIVE_TOLERANCE;

const _r = /* @__PURE__ */ new Float64Array(9);
const _dir = /* @__PURE__ */ vec3(), _q = /* @__PURE__ */ vec3();
const _part = /* @__PURE__ */ new Transform();

/**
 * The height above H's plane of the point `q` of a solid's core (its local frame, transform `t`) moved by
 * `radius` into the half-space, written into the record when lower than what it holds (r[3]), with `part`.
 */
function keepDeeper(r: Float64Array, q: Readonly<Vec3Like>, radius: number, t: Readonly<Transform>, tH: Readonly<Transform>, part: number): void {
  const nx = r[4], ny = r[5], nz = r[6];
  // The core point relative to H's origin, then its height: one subtraction of the two positions first, so
  // that a pair far from the world's origin keeps its digits.
  const x = t.m00 * q.x + t.m01 * q.y + t.m02 * q.z, y = t.m10 * q.x + t.m11 * q.y + t.m12 * q.z, z = t.m20 * q.x + t.m21 * q.y + t.m22 * q.z;
  const height = nx * (x + (t.tx - tH.tx)) + ny * (y + (t.ty - tH.ty)) + nz * (z + (t.tz - tH.tz)) - radius;
  if (!(height < r[3])) return;
  r[3] = height;
  r[0] = x + t.tx - radius * nx; r[1] = y + t.ty - radius * ny; r[2] = z + t.tz - radius * nz;
  r[8] = part;
}

/** Starts the record for a solid at `t` against H at `tH`: the plane's normal, no point yet, the slack for `size`. */
function startRecord(t: Readonly<Transform>, tH: Readonly<Transform>, size: number): Float64Array {
  const r = _r;
  r[3] = Infinity; r[8] = 0;
  r[4] = tH.m01; r[5] = tH.m11; r[6] = tH.m21;
  const rel = Math.abs(t.tx - tH.tx) + Math.abs(t.ty - tH.ty) + Math.abs(t.tz - tH.tz);
  r[7] = TOUCH * (size + rel) + POSITION_SLACK * (Math.abs(t.tx) + Math.abs(t.ty) + Math.abs(t.tz));
  return r;
}

/** A convex shape's deepest point into H: its support along H's inward normal, in its own frame. */
function convexRecord(s: ConvexShape, t: Readonly<Transform>, tH: Readonly<Transform>, part: number, r: Float64Array): void {
  const nx = tH.m01, ny = tH.m11, nz = tH.m21;
  // −n in the shape's frame: the transpose of its rotation.
  _dir.x = -(t.m00 * nx + t.m10 * ny + t.m20 * nz);
  _dir.y = -(t.m01 * nx + t.m11 * ny + t.m21 * nz);
  _dir.z = -(t.m02 * nx + t.m12 * ny + t.m22 * nz);
  const q = s.support(_q, _dir);
  if (!Number.isFinite(q.x + q.y + q.z)) throwNonFiniteSupport(s, q, _dir);
  keepDeeper(r, q, s.sweptRadius, t, tH, part);
}

/** convexRecord, guarded when the shape runs a user's code (query-work.ts, enterUserCode): it may query. */
function guardedRecord(s: ConvexShape, t: Readonly<Transform>, tH: Readonly<Transform>, part: number, r: Float64Array): void {
  if (!runsUserCode(s)) { convexRecord(s, t, tH, part, r); return; }
  enterUserCode();
  try { convexRecord(s, t, tH, part, r); } finally { leaveUserCode(); }
}

/** The record of any solid `a` at `tA` against H at `tH` (the deepest part of a compound, vertex of a mesh). */
function planeRecord(a: Shape, tA: Readonly<Transform>, tH: Readonly<Transform>): Float64Array {
  const r = startRecord(tA, tH, a.boundingRadius);
  if (a.kind === 'compound') {
    const c = a as CompoundShape as Compound;
    for (let i = 0; i < c.shapes.length; i++) guardedRecord(c.shapes[i], composeTransform(_part, tA, c.transforms[i]), tH, i, r);
  } else if (a.kind === 'mesh') {
    const m = a as MeshShape, v = m.vertices, tris = m.triangles;
    for (let j = 0; j < m.triangleCount; j++) {
      for (let k = 0; k < 3; k++) {
        const i = 3 * tris[3 * j + k];
        _q.x = v[i]; _q.y = v[i + 1]; _q.z = v[i + 2];
        keepDeeper(r, _q, 0, tA, tH, m.sourceIndex[j]);
      }
    }
  } else if (a.kind === 'heightField') {
    // As a mesh's: every corner of every triangle, in the triangles' order (ties: the first triangle).
    const f = a as HeightFieldShape as HeightField, tri = _fieldTriangle;
    for (let p = 0, n = f.partSlots; p < n; p++) {
      if ((p & 1) === 0 && isHole(f, p >> 1)) { p++; continue; }
      loadFieldCorners(tri, f, p);
      keepDeeper(r, tri.a, 0, tA, tH, p); keepDeeper(r, tri.b, 0, tA, tH, p); keepDeeper(r, tri.c, 0, tA, tH, p);
    }
  } else {
    guardedRecord(a as ConvexShape, tA, tH, 0, r);
  }
  return r;
}

/** The corners of a height field's triangle, loaded one triangle after another. */
const _fieldTriangle = { a: { x: 0, y: 0, z: 0 }, b: { x: 0, y: 0, z: 0 }, c: { x: 0, y: 0, z: 0 } };

// The families, A the solid and B the half-space (the tables' canonical order).

const intersectsHalfSpace: IntersectsPairFunction = (_work, a, tA, _b, tB) => {
  const r = planeRecord(a, tA, tB);
  return r[3] <= r[7];
};

const distanceHalfSpace: DistancePairFunction = (work, a, tA, _b, tB) => {
  const r = planeRecord(a, tA, tB);
  // (Two stores: core-answer.ts distanceFromCores.)
  if (r[3] > r[7]) work.distance = r[3];
  else work.distance = 0;
  work.distancePartA = r[8]; work.distancePartB = 0;
};

const closestHalfSpace: ClosestPointsPairFunction = (work, a, tA, _b, tB, out) => {
  const r = planeRecord(a, tA, tB);
  const h = r[3] > r[7] ? r[3] : 0;
  // Apart: the deepest point and its foot on the plane. Touching or overlapping: the deepest point, which
  // is in both.
  out.pointA.x = r[0]; out.pointA.y = r[1]; out.pointA.z = r[2];
  out.pointB.x = r[0] - h * r[4]; out.pointB.y = r[1] - h * r[5]; out.pointB.z = r[2] - h * r[6];
  out.normal.x = 0 - r[4]; out.normal.y = 0 - r[5]; out.normal.z = 0 - r[6];
  out.distance = h;
  out.status = 'converged';
  out.iterations = 0;
  work.distancePartA = r[8]; work.distancePartB = 0;
  // Certified as read: the height is the solid's support along the plane's normal, exact to its rounding.
  const g = r[3], sl = BOUND_SLACK * r[7];
  out.lower = g - sl > 0 ? g - sl : 0;
  out.upper = g > 0 ? g + sl : sl;
  work.closestCertified = true;
};

const contactHalfSpace: ContactPairFunction = (work: QueryWork, a, tA, _b, tB) => {
  const r = planeRecord(a, tA, tB), h = r[3];
  if (h > (work.touchingOnly ? r[7] : work.maxSeparation)) {
    work.separationBound = h;
    return false;
  }
  const c = work.contact;
  c.pointA.x = r[0]; c.pointA.y = r[1]; c.pointA.z = r[2];
  c.pointB.x = r[0] - h * r[4]; c.pointB.y = r[1] - h * r[5]; c.pointB.z = r[2] - h * r[6];
  c.normal.x = 0 - r[4]; c.normal.y = 0 - r[5]; c.normal.z = 0 - r[6];
  if (Math.abs(h) <= r[7]) c.separation = 0; // (two stores: see distanceHalfSpace)
  else c.separation = h;
  c.status = 'converged';
  c.iterations = 0;
  c.partA = r[8]; c.partB = 0;
  // Both bounds from the one support reading (the separation of a solid and a half-space is its height).
  c.lower = h - BOUND_SLACK * r[7]; c.upper = h + BOUND_SLACK * r[7];
  c.certified = true;
  return true;
};

/** Every kind a half-space has a pair function with (canonical order: each before 'halfSpace'). */
const SOLID_KINDS = [
  'point', 'segment', 'triangle', 'sphere', 'box', 'capsule', 'cylinder', 'cone', 'ellipsoid', 'convexHull',
  'rounded', 'minkowskiSum', 'scaled', 'custom', 'compound', 'mesh', 'heightField',
] as const;

let registered = false;

/** Puts the half-space's pair functions into every family's table (once; half-space.ts calls it). */
export function registerHalfSpacePairs(): void {
  if (registered) return;
  registered = true;
  for (const kind of SOLID_KINDS) {
    INTERSECTS.register(kind, 'halfSpace', intersectsHalfSpace);
    DISTANCE.register(kind, 'halfSpace', distanceHalfSpace);
    CLOSEST_POINTS.register(kind, 'halfSpace', closestHalfSpace);
    CONTACT.register(kind, 'halfSpace', contactHalfSpace);
  }
}

/** The record of `a` at `tA` against the half-space at `tH` (the manifold, ray and cast modules read it). */
export { planeRecord };
