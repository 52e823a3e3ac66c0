/**
 * A linear shape cast as a ray cast (van den Bergen, "Ray casting against general convex objects with
 * application to continuous collision detection", 2004, §3): shapes A and B translating with velocities
 * v_A and v_B are within the target of each other at time t exactly when the ray t·(v_B − v_A), from
 * the origin, meets the Minkowski difference A − B of their poses at time 0, grown by the target. The
 * cast runs in A's frame on the cores (pair-difference.ts), with the radii and the target as the margin.
 *
 * What it gives is exact for polytopes plus radii: the time where the ray meets the last support plane
 * (grown by the margin), and that plane's normal, which separates the cores at that time with a gap of
 * exactly the margin: a certificate, where conservative advancement ends on `contact`'s normal, exact
 * only to GJK's tolerance on curved shapes. With a margin the normal is taken from the witness points
 * instead (the direction between the closest core points), which is what a rounded shape's normal is.
 */
import type { Transform } from '../../math/transform.js';
import type { ConvexShape } from '../../shapes/shape.js';
import { SHAPE_CAST_RAY_TOLERANCE } from '../../tolerance.js';
import { PairFrame, relatePair } from '../pair/pair-frame.js';
import { gjkRayCast, RayWork } from './gjk-ray-cast.js';
import { PairDifference } from './pair-difference.js';

/** A vector of the answer, as a class of its own (its fields stay unboxed doubles). */
class CastVector3 { x = 0.5; y = 0.5; z = 0.5; }

/** Inputs and answer of {@link linearCast} (world space). */
export class LinearCast {
  /** Inputs: the velocities, the latest time, the target separation. */
  readonly velocityA = new CastVector3();
  readonly velocityB = new CastVector3();
  maxTime = 1;
  target = 0;
  /**
   * Input (a compound's or a mesh's cast, parted-cast.ts): pass by a part already within the target that the
   * motion does not approach (shapeCast's `stopAtPenetration: false`), rather than ending at 'start'.
   */
  passStart = false;
  /** 'hit', 'miss', 'start' (within the target at time 0: the caller answers by `contact`) or 'range' (a pair outside the scale range the cast runs unscaled: the caller advances). */
  outcome: 'hit' | 'miss' | 'start' | 'range' = 'miss';
  time = 0;
  readonly normal = new CastVector3();
  readonly pointA = new CastVector3();
  readonly pointB = new CastVector3();
  separation = 0;
  iterations = 0;
  capped = false;
}

const _frame = /* @__PURE__ */ new PairFrame();
const _diff = /* @__PURE__ */ new PairDifference();
const _ray = /* @__PURE__ */ new RayWork();

/**
 * Casts `a` at world transform `tA` and `b` at `tB`, translating by `c.velocityA` and `c.velocityB`, and
 * writes the outcome into `c`.
 */
export function linearCast(c: LinearCast, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform): void {
  const frame = relatePair(_frame, a, tA, b, tB);
  if (frame.outOfRange) { c.outcome = 'range'; return; }
  const bInA = frame.bInA, diff = _diff, w = _ray;
  diff.a = a; diff.b = b; diff.bInA = bInA;
  const rA = a.sweptRadius, rB = b.sweptRadius;
  diff.sweptRadius = rA + rB + c.target;
  w.radius = diff.sweptRadius;
  // The ray, in A's frame: from the origin along Rᵀ (v_B − v_A).
  const ux = c.velocityB.x - c.velocityA.x, uy = c.velocityB.y - c.velocityA.y, uz = c.velocityB.z - c.velocityA.z;
  w.origin.x = 0; w.origin.y = 0; w.origin.z = 0;
  w.dir.x = tA.m00 * ux + tA.m10 * uy + tA.m20 * uz;
  w.dir.y = tA.m01 * ux + tA.m11 * uy + tA.m21 * uz;
  w.dir.z = tA.m02 * ux + tA.m12 * uy + tA.m22 * uz;
  w.maxT = c.maxTime;
  w.size = a.boundingRadius + b.boundingRadius + c.target + Math.abs(bInA.tx) + Math.abs(bInA.ty) + Math.abs(bInA.tz);
  w.relativeTolerance = SHAPE_CAST_RAY_TOLERANCE;
  gjkRayCast(w, diff);
  diff.a = null; diff.b = null;
  c.iterations = w.iterations;
  c.capped = w.capped;
  if (!w.hit) { c.outcome = 'miss'; return; }
  let nx = w.normal.x, ny = w.normal.y, nz = w.normal.z;
  if (w.t === 0 || (nx === 0 && ny === 0 && nz === 0) || w.count === 0) { c.outcome = 'start'; return; }
  const t = w.t;
  // The closest core points (A's frame at time t): A's from the simplex's A points, B's from the
  // differences, moved with the ray's point (B's offset from A at time t).
  const lam = w.lambda, ap = w.a, p = w.p;
  let ax = 0, ay = 0, az = 0, dx = 0, dy = 0, dz = 0;
  for (let i = 0; i < w.count; i++) {
    const l = lam[i];
    ax += l * ap[3 * i]; ay += l * ap[3 * i + 1]; az += l * ap[3 * i + 2];
    dx += l * p[3 * i]; dy += l * p[3 * i + 1]; dz += l * p[3 * i + 2];
  }
  const bx = ax - dx + w.point.x, by = ay - dy + w.point.y, bz = az - dz + w.point.z;
  const vx = bx - ax, vy = by - ay, vz = bz - az;
  const vl = Math.sqrt(vx * vx + vy * vy + vz * vz);
  let separation: number;
  if (diff.sweptRadius > 0 && vl > 0) {
    // A margin: the normal between the closest core points (a rounded shape's own normal).
    nx = vx / vl; ny = vy / vl; nz = vz / vl;
    separation = vl - rA - rB;
  } else {
    // No margin: the last support plane, which touches the difference at the ray's point.
    const nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
    nx /= nl; ny /= nl; nz /= nl;
    separation = vl;
  }
  const pax = ax + rA * nx, pay = ay + rA * ny, paz = az + rA * nz;
  const pbx = bx - rB * nx, pby = by - rB * ny, pbz = bz - rB * nz;
  // To world space at time t: A's rotation, A's position moved by t·v_A.
  const ox = tA.tx + t * c.velocityA.x, oy = tA.ty + t * c.velocityA.y, oz = tA.tz + t * c.velocityA.z;
  c.pointA.x = tA.m00 * pax + tA.m01 * pay + tA.m02 * paz + ox;
  c.pointA.y = tA.m10 * pax + tA.m11 * pay + tA.m12 * paz + oy;
  c.pointA.z = tA.m20 * pax + tA.m21 * pay + tA.m22 * paz + oz;
  c.pointB.x = tA.m00 * pbx + tA.m01 * pby + tA.m02 * pbz + ox;
  c.pointB.y = tA.m10 * pbx + tA.m11 * pby + tA.m12 * pbz + oy;
  c.pointB.z = tA.m20 * pbx + tA.m21 * pby + tA.m22 * pbz + oz;
  c.normal.x = tA.m00 * nx + tA.m01 * ny + tA.m02 * nz;
  c.normal.y = tA.m10 * nx + tA.m11 * ny + tA.m12 * nz;
  c.normal.z = tA.m20 * nx + tA.m21 * ny + tA.m22 * nz;
  c.time = t;
  c.separation = separation;
  c.outcome = 'hit';
}
