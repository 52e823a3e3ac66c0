/**
 * A stack of boxes resting on a ground box: the smallest rigid-body stepper that shows what a contact
 * manifold is for. Not part of the library: an example of using `contactManifold` as a physics engine's
 * narrow phase, run by test/examples/stack.test.ts and shown by the explorer. It imports the package as
 * a user's code does (in the repository, tsconfig.json's paths and the test and explorer configurations
 * point `convex-collide` at src/).
 *
 * The solver is sequential impulses (Catto, "Iterative Dynamics with Temporal Coherence", GDC 2005, and
 * the Box2D Lite lectures): per contact point, a non-penetration impulse clamped to push only and two
 * friction impulses clamped by the Coulomb cone, applied point by point for a fixed number of
 * iterations; each point starts from the impulse it ended the last step with, matched by the manifold
 * point's `id` (warm starting), which is what lets a stack come to rest in a few iterations. Penetration
 * beyond a slop is pushed out by a Baumgarte bias; points still apart (the manifold's margin) may close
 * their gap in one step and no more (speculative contacts).
 */
import { Box, contactManifold, createManifold, ManifoldCache, type Manifold } from 'convex-collide';

export interface Vec { x: number; y: number; z: number }
export interface Quat { x: number; y: number; z: number; w: number }

export interface Body {
  readonly shape: Box;
  readonly position: Vec;
  readonly quaternion: Quat;
  readonly velocity: Vec;
  readonly angularVelocity: Vec;
  /** 0 for a static body. */
  readonly inverseMass: number;
  /** Inverse of the principal moments of inertia (body frame); 0 for a static body. */
  readonly inverseInertia: Vec;
}

export interface StackOptions {
  /** Boxes in the stack (default 8). */
  count?: number;
  /** Points per manifold: 4 is a resting face, 1 a single contact point per pair (default 4). */
  maxPoints?: number;
  /** Velocity iterations per step (default 10). */
  iterations?: number;
}

const GRAVITY = -9.81;
const FRICTION = 0.5;
/** Penetration allowed before the bias pushes out (m), and the fraction of the rest pushed out per step. */
const SLOP = 0.005;
const BAUMGARTE = 0.2;
/** Manifold margin: points up to this gap are kept (speculative contacts). */
const MARGIN = 0.02;

function box(hx: number, hy: number, hz: number, y: number, mass: number): Body {
  const m = mass;
  return {
    shape: new Box(hx, hy, hz),
    position: { x: 0, y, z: 0 },
    quaternion: { x: 0, y: 0, z: 0, w: 1 },
    velocity: { x: 0, y: 0, z: 0 },
    angularVelocity: { x: 0, y: 0, z: 0 },
    inverseMass: m > 0 ? 1 / m : 0,
    // A box's moments: m/3 (b² + c²) about each axis, b and c the other half extents.
    inverseInertia: m > 0
      ? { x: 3 / (m * (hy * hy + hz * hz)), y: 3 / (m * (hx * hx + hz * hz)), z: 3 / (m * (hx * hx + hy * hy)) }
      : { x: 0, y: 0, z: 0 },
  };
}

/** One contact point's constraint: lever arms, normal and tangent directions, masses and impulses. */
interface Point {
  id: number;
  rA: Vec; rB: Vec;
  n: Vec; t1: Vec; t2: Vec;
  massN: number; massT1: number; massT2: number;
  bias: number;
  impulseN: number; impulseT1: number; impulseT2: number;
}

interface Pair {
  a: Body;
  b: Body;
  cache: ManifoldCache;
  manifold: Manifold;
  points: Point[];
}

export class Stack {
  readonly bodies: Body[] = [];
  readonly pairs: Pair[] = [];
  readonly maxPoints: number;
  readonly iterations: number;
  time = 0;

  constructor(options: StackOptions = {}) {
    const count = options.count ?? 8;
    this.maxPoints = options.maxPoints ?? 4;
    this.iterations = options.iterations ?? 10;
    // The ground: a static box whose top face is y = 0. Then unit boxes, each resting on the last.
    this.bodies.push(box(5, 0.5, 5, -0.5, 0));
    for (let i = 0; i < count; i++) this.bodies.push(box(0.5, 0.5, 0.5, 0.5 + i, 1));
    // Each box touches the one below it (and the ground); a stack needs no broad phase.
    for (let i = 1; i < this.bodies.length; i++) {
      for (let j = 0; j < i; j++) {
        this.pairs.push({ a: this.bodies[j], b: this.bodies[i], cache: new ManifoldCache(), manifold: createManifold(), points: [] });
      }
    }
  }

  /** Advances the stack by `dt` seconds. */
  step(dt: number): void {
    for (const b of this.bodies) if (b.inverseMass > 0) b.velocity.y += GRAVITY * dt;
    for (const pair of this.pairs) this.collide(pair, dt);
    for (const pair of this.pairs) for (const p of pair.points) this.applyImpulse(pair, p, p.impulseN, p.impulseT1, p.impulseT2);
    for (let k = 0; k < this.iterations; k++) {
      for (const pair of this.pairs) for (const p of pair.points) this.solve(pair, p);
    }
    for (const b of this.bodies) integrate(b, dt);
    this.time += dt;
  }

  /** The pair's manifold as constraints, each point's impulses carried over from the last step by id. */
  private collide(pair: Pair, dt: number): void {
    const { a, b } = pair;
    const m = contactManifold(a.shape, a, b.shape, b, pair.manifold, { margin: MARGIN, maxPoints: this.maxPoints, cache: pair.cache });
    const old = pair.points;
    const points: Point[] = [];
    if (m !== null) {
      const n = { ...m.normal };
      const t1 = perpendicular(n), t2 = cross(n, t1);
      for (let i = 0; i < m.count; i++) {
        const q = m.points[i];
        // The point halfway between the two witnesses, as each body sees it.
        const c = { x: (q.pointA.x + q.pointB.x) / 2, y: (q.pointA.y + q.pointB.y) / 2, z: (q.pointA.z + q.pointB.z) / 2 };
        const rA = sub(c, a.position), rB = sub(c, b.position);
        // The last step's point with the same id; failing that (two equal faces whose corners cross
        // each other change features as they slide), the nearest within a centimetre, as Bullet does.
        const before = old.find((p) => p.id === q.id) ?? nearest(old, rA, 0.01);
        const sep = q.separation;
        points.push({
          id: q.id, rA, rB, n, t1, t2,
          massN: 1 / effectiveMass(a, b, rA, rB, n),
          massT1: 1 / effectiveMass(a, b, rA, rB, t1),
          massT2: 1 / effectiveMass(a, b, rA, rB, t2),
          // Apart: close at most the gap in one step. Overlapping beyond the slop: push a part of it out.
          bias: sep > 0 ? -sep / dt : (BAUMGARTE / dt) * Math.max(0, -sep - SLOP),
          impulseN: before?.impulseN ?? 0,
          impulseT1: before?.impulseT1 ?? 0,
          impulseT2: before?.impulseT2 ?? 0,
        });
      }
    }
    pair.points = points;
  }

  private solve(pair: Pair, p: Point): void {
    const { a, b } = pair;
    // Normal: the relative velocity along n must reach the bias; the total impulse only pushes.
    const vn = dot(relativeVelocity(a, b, p.rA, p.rB), p.n);
    const newN = Math.max(p.impulseN + p.massN * (p.bias - vn), 0);
    const dN = newN - p.impulseN;
    p.impulseN = newN;
    this.applyImpulse(pair, p, dN, 0, 0);
    // Friction: within the Coulomb cone of the normal impulse (a box per tangent).
    const limit = FRICTION * p.impulseN;
    const v = relativeVelocity(a, b, p.rA, p.rB);
    const newT1 = clamp(p.impulseT1 - p.massT1 * dot(v, p.t1), -limit, limit);
    const newT2 = clamp(p.impulseT2 - p.massT2 * dot(v, p.t2), -limit, limit);
    const d1 = newT1 - p.impulseT1, d2 = newT2 - p.impulseT2;
    p.impulseT1 = newT1; p.impulseT2 = newT2;
    this.applyImpulse(pair, p, 0, d1, d2);
  }

  /** Applies impulse n·λn + t1·λ1 + t2·λ2 to B at rB and its opposite to A at rA. */
  private applyImpulse(pair: Pair, p: Point, ln: number, l1: number, l2: number): void {
    const P = {
      x: p.n.x * ln + p.t1.x * l1 + p.t2.x * l2,
      y: p.n.y * ln + p.t1.y * l1 + p.t2.y * l2,
      z: p.n.z * ln + p.t1.z * l1 + p.t2.z * l2,
    };
    push(pair.b, p.rB, P, 1);
    push(pair.a, p.rA, P, -1);
  }

  /** The boxes' heights (the ground left out). */
  heights(): number[] {
    return this.bodies.slice(1).map((b) => b.position.y);
  }
}

/** The point of `points` whose lever arm on A is nearest `rA`, if within `limit`. */
function nearest(points: Point[], rA: Vec, limit: number): Point | undefined {
  let best: Point | undefined, bestD = limit;
  for (const p of points) {
    const d = Math.hypot(p.rA.x - rA.x, p.rA.y - rA.y, p.rA.z - rA.z);
    if (d < bestD) { bestD = d; best = p; }
  }
  return best;
}

// ----- small vector kit -----

const dot = (a: Vec, b: Vec): number => a.x * b.x + a.y * b.y + a.z * b.z;
const sub = (a: Vec, b: Vec): Vec => ({ x: a.x - b.x, y: a.y - b.y, z: a.z - b.z });
const cross = (a: Vec, b: Vec): Vec => ({ x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x });
const clamp = (x: number, lo: number, hi: number): number => Math.min(Math.max(x, lo), hi);

function perpendicular(n: Vec): Vec {
  const t = Math.abs(n.x) < 0.57 ? cross(n, { x: 1, y: 0, z: 0 }) : cross(n, { x: 0, y: 1, z: 0 });
  const l = Math.hypot(t.x, t.y, t.z);
  return { x: t.x / l, y: t.y / l, z: t.z / l };
}

function rotate(q: Quat, v: Vec): Vec {
  const tx = 2 * (q.y * v.z - q.z * v.y), ty = 2 * (q.z * v.x - q.x * v.z), tz = 2 * (q.x * v.y - q.y * v.x);
  return { x: v.x + q.w * tx + (q.y * tz - q.z * ty), y: v.y + q.w * ty + (q.z * tx - q.x * tz), z: v.z + q.w * tz + (q.x * ty - q.y * tx) };
}

/** The world inverse inertia applied to v: R · I⁻¹ · Rᵀ · v. */
function inverseInertiaTimes(b: Body, v: Vec): Vec {
  const c = { x: -b.quaternion.x, y: -b.quaternion.y, z: -b.quaternion.z, w: b.quaternion.w };
  const l = rotate(c, v);
  return rotate(b.quaternion, { x: l.x * b.inverseInertia.x, y: l.y * b.inverseInertia.y, z: l.z * b.inverseInertia.z });
}

function effectiveMass(a: Body, b: Body, rA: Vec, rB: Vec, d: Vec): number {
  const ra = cross(rA, d), rb = cross(rB, d);
  return a.inverseMass + b.inverseMass + dot(ra, inverseInertiaTimes(a, ra)) + dot(rb, inverseInertiaTimes(b, rb));
}

function relativeVelocity(a: Body, b: Body, rA: Vec, rB: Vec): Vec {
  const va = cross(a.angularVelocity, rA), vb = cross(b.angularVelocity, rB);
  return {
    x: b.velocity.x + vb.x - a.velocity.x - va.x,
    y: b.velocity.y + vb.y - a.velocity.y - va.y,
    z: b.velocity.z + vb.z - a.velocity.z - va.z,
  };
}

/** Adds impulse sign·P at lever arm r to body b. */
function push(b: Body, r: Vec, P: Vec, sign: number): void {
  if (b.inverseMass === 0) return;
  b.velocity.x += sign * P.x * b.inverseMass;
  b.velocity.y += sign * P.y * b.inverseMass;
  b.velocity.z += sign * P.z * b.inverseMass;
  const dw = inverseInertiaTimes(b, cross(r, P));
  b.angularVelocity.x += sign * dw.x;
  b.angularVelocity.y += sign * dw.y;
  b.angularVelocity.z += sign * dw.z;
}

/** Semi-implicit Euler: the new velocities move the body; the quaternion turns by ½ ω q dt. */
function integrate(b: Body, dt: number): void {
  if (b.inverseMass === 0) return;
  b.position.x += b.velocity.x * dt;
  b.position.y += b.velocity.y * dt;
  b.position.z += b.velocity.z * dt;
  const q = b.quaternion, w = b.angularVelocity;
  const dx = 0.5 * dt * (w.x * q.w + w.y * q.z - w.z * q.y);
  const dy = 0.5 * dt * (w.y * q.w + w.z * q.x - w.x * q.z);
  const dz = 0.5 * dt * (w.z * q.w + w.x * q.y - w.y * q.x);
  const dw = 0.5 * dt * (-w.x * q.x - w.y * q.y - w.z * q.z);
  q.x += dx; q.y += dy; q.z += dz; q.w += dw;
  const l = Math.hypot(q.x, q.y, q.z, q.w);
  q.x /= l; q.y /= l; q.z /= l; q.w /= l;
}
