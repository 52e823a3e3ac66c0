/**
 * The closed-form ray casts of the capsule, cylinder, cone, ellipsoid, triangle and segment
 * (src/query/cast/ray-quadrics.ts, ray-flat.ts) against oracles that share no code with them:
 *
 * - the GJK ray cast (van den Bergen 2004) on the same shape and ray, in the local frame: the same hit or
 *   miss, t within 1e-9 of the problem's size, and the same normal where the surface is smooth;
 * - each shape's implicit function f, written here from the shape's definition: a length, > 0 outside
 *   and < 0 inside, convex along any line. So its minimum over the ray (golden-section search) decides
 *   hit or miss, bisection finds where the ray enters (f's first zero), the hit point must have f ≈ 0 and
 *   the ray's points just before it f > 0. Flat shapes have no inside: f is the distance, and they are
 *   touched within the cast's tolerance;
 * - each shape's support function h, written here: the normal n must be in the normal cone at the hit
 *   point p, h(n) = n·p (what conformance/check-rays.mjs checks, and valid at rims, apexes and edges too);
 * - golden cases worked out by hand;
 * - the public rayCast: moving shape and ray together by a rigid motion changes nothing but the frame, and
 *   a hollow cast (solid: false) leaves the shape where f turns positive, with the outward normal there.
 *
 * Grazing rays (the minimum of f within 1e-7 of the size of 0) and origins within 1e-7 of the surface go
 * either way and are left out of the comparisons; each random suite counts them, and its hits, and fails
 * when either leaves its band, so that it cannot pass by testing only easy or only degenerate cases.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Capsule, Cone, Cylinder, Ellipsoid, Segment, Triangle, createRayHit, rayCast, type ConvexShape,
} from '../../src/index.js';
import { gjkRayCast, RayWork } from '../../src/query/cast/gjk-ray-cast.js';
import { raySegment, rayTriangle } from '../../src/query/cast/ray-flat.js';
import { rayCapsule, rayCone, rayCylinder, rayEllipsoid } from '../../src/query/cast/ray-quadrics.js';
import { num, unitQuat, vec } from '../arbitraries.js';
import {
  add, closestOnSegment, closestOnTriangle, cross, dist, dot, norm, normalize, poseObj, rotate, scale, sub, toV3,
  type PoseT, type V3,
} from '../oracles.js';
import { runs as caseCount } from '../runs.js';

const P = (p: V3) => ({ x: p[0], y: p[1], z: p[2] });
/** The ray cast's relative tolerance (tolerance.ts RAY_CAST_RELATIVE_TOLERANCE), restated: flat shapes are touched within it. */
const REL_TOL = 1e-12;

// ---------------------------------------------------------------------------------------------------
// Shapes with their oracles, from the definitions (local frame).

interface Spec {
  kind: 'capsule' | 'cylinder' | 'cone' | 'ellipsoid' | 'triangle' | 'segment';
  shape: ConvexShape;
  /** Bounding radius about the local origin. */
  L: number;
  /** Implicit function, a length with |∇f| ≤ 1: > 0 outside, < 0 inside (flat shapes: the distance). */
  f: (p: V3) => number;
  /** Support function: max over the shape of n·x. */
  h: (n: V3) => number;
  /** The surface is smooth at p (a point on it): 1e-4 of the size from every rim, apex and edge. */
  smooth: (p: V3) => boolean;
  flat: boolean;
  /** A flat shape's corners. */
  a?: V3; b?: V3; c?: V3;
}

const clamp = (x: number, lo: number, hi: number) => (x < lo ? lo : x > hi ? hi : x);

function capsuleSpec(hh: number, R: number): Spec {
  return {
    kind: 'capsule', shape: new Capsule(hh, R), L: hh + R, flat: false,
    f: (p) => dist(p, [0, clamp(p[1], -hh, hh), 0]) - R,
    h: (n) => hh * Math.abs(n[1]) + R * norm(n),
    smooth: () => true,
  };
}
function cylinderSpec(hh: number, R: number): Spec {
  const L = Math.hypot(hh, R), e = 1e-4 * L;
  return {
    kind: 'cylinder', shape: new Cylinder(hh, R), L, flat: false,
    f: (p) => Math.max(Math.abs(p[1]) - hh, Math.hypot(p[0], p[2]) - R),
    h: (n) => hh * Math.abs(n[1]) + R * Math.hypot(n[0], n[2]),
    smooth: (p) => hh - Math.abs(p[1]) > e || R - Math.hypot(p[0], p[2]) > e,
  };
}
function coneSpec(hh: number, R: number): Spec {
  const L = Math.hypot(hh, R), e = 1e-4 * L, H = 2 * hh, s = Math.hypot(H, R);
  const side = (p: V3) => (H * Math.hypot(p[0], p[2]) - R * (hh - p[1])) / s; // distance to the side's plane in (ρ, y)
  return {
    kind: 'cone', shape: new Cone(hh, R), L, flat: false,
    f: (p) => Math.max(-hh - p[1], side(p)),
    h: (n) => Math.max(hh * n[1], -hh * n[1] + R * Math.hypot(n[0], n[2])),
    smooth: (p) => side(p) < -e || (p[1] + hh > e && Math.hypot(p[0], p[2]) > e),
  };
}
function ellipsoidSpec(rx: number, ry: number, rz: number): Spec {
  const m = Math.min(rx, ry, rz);
  return {
    kind: 'ellipsoid', shape: new Ellipsoid(rx, ry, rz), L: Math.max(rx, ry, rz), flat: false,
    f: (p) => (Math.hypot(p[0] / rx, p[1] / ry, p[2] / rz) - 1) * m, // |∇| ≤ 1 with the factor m
    h: (n) => Math.hypot(rx * n[0], ry * n[1], rz * n[2]),
    smooth: () => true,
  };
}
function triangleSpec(a: V3, b: V3, c: V3): Spec {
  const nrm = normalize(cross(sub(b, a), sub(c, a))), L = Math.max(norm(a), norm(b), norm(c));
  const e = 1e-4 * L;
  // Distance from p to the line through an edge, in the plane (for the edges' neighbourhood).
  const edgeDist = (p: V3, u: V3, v: V3) => dist(p, closestOnSegment(p, u, v));
  return {
    kind: 'triangle', shape: new Triangle(P(a), P(b), P(c)), L, flat: true, a, b, c,
    f: (p) => dist(p, closestOnTriangle(p, a, b, c)),
    h: (n) => Math.max(dot(n, a), dot(n, b), dot(n, c)),
    smooth: (p) => Math.abs(dot(sub(p, a), nrm)) < e && Math.min(edgeDist(p, a, b), edgeDist(p, b, c), edgeDist(p, c, a)) > e,
  };
}
function segmentSpec(a: V3, b: V3): Spec {
  return {
    kind: 'segment', shape: new Segment(P(a), P(b)), L: Math.max(norm(a), norm(b)), flat: true, a, b,
    f: (p) => dist(p, closestOnSegment(p, a, b)),
    h: (n) => Math.max(dot(n, a), dot(n, b)),
    smooth: () => false,
  };
}

const closedForm = {
  capsule: rayCapsule, cylinder: rayCylinder, cone: rayCone, ellipsoid: rayEllipsoid, triangle: rayTriangle, segment: raySegment,
} as const;

interface Answer { hit: boolean; t: number; point: V3; normal: V3; iterations: number }

/** One cast in the local frame, by the closed form or by GJK, with the size rayCast would give it. */
function castLocal(spec: Spec, o: V3, r: V3, how: 'closed' | 'gjk', maxT = Infinity): Answer {
  const w = new RayWork();
  w.origin.x = o[0]; w.origin.y = o[1]; w.origin.z = o[2];
  w.dir.x = r[0]; w.dir.y = r[1]; w.dir.z = r[2];
  w.maxT = maxT;
  w.size = spec.L + norm(o);
  w.radius = spec.shape.sweptRadius; // (rayCast sets it for every cast)
  if (how === 'gjk') gjkRayCast(w, spec.shape);
  else (closedForm[spec.kind] as (w: RayWork, s: ConvexShape) => void)(w, spec.shape);
  return { hit: w.hit, t: w.t, point: toV3(w.point), normal: toV3(w.normal), iterations: w.iterations };
}

/** The minimum of f over the ray's points for t in [0, T] (f is convex along a line: golden-section search). */
function minOnRay(f: (p: V3) => number, o: V3, r: V3, T: number): { t: number; value: number } {
  const g = (t: number) => f(add(o, scale(r, t)));
  let lo = 0, hi = T;
  const k = (Math.sqrt(5) - 1) / 2;
  let x1 = hi - k * (hi - lo), x2 = lo + k * (hi - lo), f1 = g(x1), f2 = g(x2);
  for (let i = 0; i < 200 && hi - lo > 1e-17 * T; i++) {
    if (f1 < f2) { hi = x2; x2 = x1; f2 = f1; x1 = hi - k * (hi - lo); f1 = g(x1); } else { lo = x1; x1 = x2; f1 = f2; x2 = lo + k * (hi - lo); f2 = g(x2); }
  }
  const ends = [{ t: 0, value: g(0) }, { t: T, value: g(T) }, { t: x1, value: f1 }, { t: x2, value: f2 }];
  return ends.reduce((m, e) => (e.value < m.value ? e : m));
}

/** The first zero of f on [0, tIn] where f(0) > 0 ≥ f(tIn): bisection (f is convex, so it has one there). */
function firstZero(f: (p: V3) => number, o: V3, r: V3, tIn: number): number {
  let lo = 0, hi = tIn;
  for (let i = 0; i < 200; i++) {
    const mid = 0.5 * (lo + hi);
    if (mid === lo || mid === hi) break;
    if (f(add(o, scale(r, mid))) > 0) lo = mid; else hi = mid;
  }
  return hi;
}

/** How far the ray is searched: beyond that it is further from the shape than it started. */
const horizon = (spec: Spec, o: V3, r: V3) => (2 * (norm(o) + spec.L)) / norm(r);

/** The normal cone test: n (any length) is outward at p when h(n̂) = n̂·p, within `eps` (a length). */
function inNormalCone(spec: Spec, p: V3, n: V3, eps: number): boolean {
  const u = normalize(n);
  return Math.abs(spec.h(u) - dot(u, p)) <= eps;
}

/** The unit gradient of f at p by central differences (steps 1e-7 of the size: 1e-4 from any crease, one branch). */
function gradient(f: (p: V3) => number, p: V3, L: number): V3 {
  const e = 1e-7 * L;
  return normalize([0, 1, 2].map((k) => {
    const a: V3 = [...p], b: V3 = [...p];
    a[k] += e; b[k] -= e;
    return (f(a) - f(b)) / (2 * e);
  }) as V3);
}

// ---------------------------------------------------------------------------------------------------
// Arbitraries.

const size = num(0.2, 2);
const solidSpec: fc.Arbitrary<Spec> = fc.oneof(
  fc.tuple(num(0, 1.5), size).map(([h, r]) => capsuleSpec(h, r)),
  fc.tuple(size, size).map(([h, r]) => cylinderSpec(h, r)),
  fc.tuple(size, size).map(([h, r]) => coneSpec(h, r)),
  fc.tuple(size, size, size).map(([a, b, c]) => ellipsoidSpec(a, b, c)),
);
const triangleArb: fc.Arbitrary<Spec> = fc.tuple(vec(1), vec(1), vec(1))
  .filter(([a, b, c]) => norm(cross(sub(b, a), sub(c, a))) > 0.05)
  .map(([a, b, c]) => triangleSpec(a, b, c));
const segmentArb: fc.Arbitrary<Spec> = fc.tuple(vec(1), vec(1)).filter(([a, b]) => dist(a, b) > 0.1).map(([a, b]) => segmentSpec(a, b));

/** A ray from within 3 sizes of the shape towards a point of its bounding box, of any length. */
// One origin in ten is drawn near the centre (within 0.03 of the size: inside every solid of the pool), so that
// inside origins occur in every run, not by the luck of the seed (a cube of 6 sizes holds them rarely).
const rayFor = (spec: Spec) => fc.record({
  origin: fc.oneof({ weight: 9, arbitrary: vec(3 * spec.L) }, { weight: 1, arbitrary: vec(0.03 * spec.L) }),
  target: vec(spec.L), len: num(0.05, 4),
})
  .map(({ origin, target, len }) => ({ o: origin, r: scale(sub(target, origin), len) }))
  .filter(({ r }) => norm(r) > 1e-3);

/** A ray towards a point of a flat shape (barycentric weights in [−0.3, 1.3]: some miss), or along it. */
const flatRay = (spec: Spec, corners: V3[]) => fc.record({
  w: fc.tuple(num(-0.3, 1.3), num(-0.3, 1.3), num(-0.3, 1.3)), from: vec(3), len: num(0.1, 3), along: fc.integer({ min: 0, max: 5 }),
}).map(({ w, from, len, along }) => {
  const ws = corners.length === 3 ? w : [w[0], 1 - w[0], 0];
  const sum = corners.length === 3 ? ws[0] + ws[1] + ws[2] : 1;
  const target = corners.reduce((acc, c, i) => add(acc, scale(c, ws[i] / sum)), [0, 0, 0] as V3);
  // One ray in six lies in the shape's plane (triangle) or along its line (segment).
  let o = add(target, from);
  if (along === 0) {
    const [a, b] = corners;
    const n = corners.length === 3 ? normalize(cross(sub(b, a), sub(corners[2], a))) : null;
    o = n ? sub(o, scale(n, dot(sub(o, target), n))) : add(target, scale(sub(b, a), 1.5 + norm(from)));
  }
  return { o, r: scale(sub(target, o), len) };
}).filter(({ r }) => norm(r) > 1e-3);

/** A unit vector, away from the zero vector. */
const unitVectorArb = vec(1).filter((v) => norm(v) > 0.1).map(normalize);

/** The same spec with every length times s (exact for a power of two). */
function rescale(spec: Spec, s: number): Spec {
  const sh = spec.shape as ConvexShape & Record<string, unknown>;
  switch (spec.kind) {
    case 'capsule': return capsuleSpec((sh.halfHeight as number) * s, (sh.radius as number) * s);
    case 'cylinder': return cylinderSpec((sh.halfHeight as number) * s, (sh.radius as number) * s);
    case 'cone': return coneSpec((sh.halfHeight as number) * s, (sh.radius as number) * s);
    case 'ellipsoid': return ellipsoidSpec((sh.rx as number) * s, (sh.ry as number) * s, (sh.rz as number) * s);
    case 'triangle': return triangleSpec(scale(spec.a!, s), scale(spec.b!, s), scale(spec.c!, s));
    case 'segment': return segmentSpec(scale(spec.a!, s), scale(spec.b!, s));
  }
}

// ---------------------------------------------------------------------------------------------------

describe('ray closed forms: the GJK ray cast and the implicit functions agree', () => {
  it('capsule, cylinder, cone, ellipsoid: hit or miss, t and the normal, against f on the ray and against GJK', () => {
    let runs = 0, hits = 0, inside = 0, fragile = 0;
    fc.assert(fc.property(solidSpec.chain((spec) => rayFor(spec).map((ray) => ({ spec, ...ray }))), ({ spec, o, r }) => {
      runs++;
      const L = spec.L + norm(o), rl = norm(r);
      const cf = castLocal(spec, o, r, 'closed');
      const gjk = castLocal(spec, o, r, 'gjk');
      expect(cf.iterations).toBe(0);
      const f0 = spec.f(o);
      const m = minOnRay(spec.f, o, r, horizon(spec, o, r));
      // The closed forms are decided to rounding: only rays within 1e-10 of the size of grazing, or origins
      // that close to the surface, may go either way.
      if (Math.abs(f0) < 1e-10 * L || Math.abs(m.value) < 1e-10 * L) { fragile++; return; }
      const clear = Math.abs(f0) > 1e-6 * L && Math.abs(m.value) > 1e-6 * L; // clear enough for GJK (below)
      if (f0 < 0) {
        // Inside: t = 0 and a zero normal, from both.
        inside++;
        for (const a of clear ? [cf, gjk] : [cf]) { expect(a.hit).toBe(true); expect(a.t).toBe(0); expect(a.normal).toEqual([0, 0, 0]); }
        return;
      }
      expect(cf.hit).toBe(m.value < 0);
      if (clear) expect(gjk.hit).toBe(m.value < 0);
      if (!cf.hit) return;
      hits++;
      const p = cf.point;
      expect(p).toEqual(add(o, scale(r, cf.t)));
      expect(Number.isFinite(norm(cf.normal)) && norm(cf.normal) > 0).toBe(true);
      expect(inNormalCone(spec, p, cf.normal, 1e-12 * L)).toBe(true);
      expect(dot(cf.normal, r)).toBeLessThanOrEqual(0);
      if (!clear) return; // (near grazing, t moves as the square root of the rounding)
      // The entry is f's first zero on the ray (measured: within 2e-15 of the size).
      expect(Math.abs(cf.t - firstZero(spec.f, o, r, m.t)) * rl).toBeLessThan(1e-13 * L);
      if (spec.smooth(p)) expect(norm(sub(normalize(cf.normal), gradient(spec.f, p, spec.L)))).toBeLessThan(1e-7);
      // GJK stops within 1e-12 of the size of the surface: within 1e-9 on the capsule and the ellipsoid
      // (measured 9e-11), its normal within 1e-4 (its last separating direction, measured 1.3e-5). On the
      // cylinder and the cone it stops short, by up to 4e-8 and 2e-6 of the size (not the closed forms'
      // error: the bisection above agrees with them to 1e-15): on the cylinder where its progress check
      // (before it, its iteration cap) ends it, on the cone at its duplicate-support exit with |v| ≈ 2e-7
      // (Cylinder(1, 1) from (−0.5, −1, 3) along (1, 1, −2): 1.1 exactly, GJK 1.09999999585; Cone(1, 1) from
      // (0.3, 0, 3) along (−0.5, 0, −2): 1.32882499269, GJK 1.32882478170).
      // That exit can also report a hit for a ray that misses by less than about 1e-7 of the size: hence
      // `clear` above for GJK's hit or miss.
      const sharp = spec.kind === 'cylinder' || spec.kind === 'cone';
      expect(Math.abs(cf.t - gjk.t) * rl).toBeLessThan((sharp ? 1e-5 : 1e-9) * L);
      expect((gjk.t - cf.t) * rl).toBeLessThan(1e-9 * L); // GJK never stops beyond the surface
      if (!sharp) expect(norm(sub(normalize(cf.normal), normalize(gjk.normal)))).toBeLessThan(1e-4);
    }), { numRuns: caseCount(1500) });
    // Bands: hits are a good share of the rays from outside, inside origins occur, fragile rays are rare.
    // (Measured 0.28 to 0.33 of the rays from outside over six seeds: 0.2 is far below any seed's share.)
    expect(hits / (runs - inside)).toBeGreaterThan(0.2);
    expect(inside).toBeGreaterThan(0);
    expect(fragile / runs).toBeLessThan(0.01);
  });

  it('triangle and segment: touched within the tolerance, as GJK is; the hit point on the shape and the ray before it off it', () => {
    let runs = 0, hits = 0, misses = 0, inPlane = 0, fragile = 0;
    const arb = fc.oneof(
      triangleArb.chain((spec) => flatRay(spec, [spec.a!, spec.b!, spec.c!]).map((ray) => ({ spec, ...ray }))),
      segmentArb.chain((spec) => flatRay(spec, [spec.a!, spec.b!]).map((ray) => ({ spec, ...ray }))),
    );
    fc.assert(fc.property(arb, ({ spec, o, r }) => {
      runs++;
      const L = spec.L + norm(o), rl = norm(r), tol = REL_TOL * L;
      const cf = castLocal(spec, o, r, 'closed');
      const gjk = castLocal(spec, o, r, 'gjk');
      expect(cf.iterations).toBe(0);
      const m = minOnRay(spec.f, o, r, horizon(spec, o, r));
      // The ray comes within the tolerance, or stays clear of it, by a margin.
      if (Math.abs(m.value - tol) < 0.5 * tol || spec.f(o) < 2 * tol) { fragile++; return; }
      const touches = m.value < tol;
      expect(cf.hit).toBe(touches);
      // GJK's duplicate-support exit reports a hit for rays up to about 1e-7 of the size clear of the shape
      // (Triangle (0.1, −0.8, −1), (−0.9, −0.7, 0.8), (0, −0.8, 0.8), from (3.1999999453689907,
      // −1.3999999797841642, −1.5000000812820569) along (−3.2, 0.6, 2.3): the ray passes 8.5e-9 from it, 1,600
      // times the tolerance, and GJK reports a hit at t = 0.99999998). So GJK's answer counts only beyond that.
      if (touches || m.value > 1e-6 * L) expect(gjk.hit).toBe(touches);
      if (!touches) { misses++; return; }
      hits++;
      const p = cf.point;
      expect(spec.f(p)).toBeLessThanOrEqual(1.01 * tol);
      expect(inNormalCone(spec, p, cf.normal, 1e-9 * L)).toBe(true);
      expect(dot(cf.normal, r)).toBeLessThanOrEqual(1e-12 * norm(cf.normal) * rl);
      // The ray a little before the hit is clear of the shape (beyond the tolerance) unless it runs along it.
      const sinAngle = spec.kind === 'triangle'
        ? Math.abs(dot(normalize(r), normalize(cross(sub(spec.b!, spec.a!), sub(spec.c!, spec.a!)))))
        : norm(cross(normalize(r), normalize(sub(spec.b!, spec.a!))));
      if (sinAngle < 1e-3) { inPlane++; } else {
        expect(spec.f(add(o, scale(r, cf.t - (1e-6 * L) / rl)))).toBeGreaterThan(tol);
        // A crossing: the closed form reports the crossing itself (f's minimum, ≈ 0). GJK reports where the
        // ray comes within its tolerance, never past the crossing, at a point within 1e-8 of the size of the
        // shape; where the ray is steep to the plane and clear of the edges that is also within 1e-9 of the
        // size of the crossing along the ray. A shallow ray, or one crossing near an edge it runs nearly
        // along, approaches the shape so slowly that GJK's stopping distance is a longer stretch of t (seed
        // 976165198: sin 0.0049 to the plane, 1e-5 of the size from an edge, GJK 1.6e-7 of the size before
        // the crossing), and the search's minimum is anywhere along where f is within rounding of 0.
        const edge = spec.kind === 'triangle'
          ? Math.min(...[[spec.a!, spec.b!], [spec.b!, spec.c!], [spec.c!, spec.a!]].map(([u, v]) => dist(p, closestOnSegment(p, u, v))))
          : Infinity;
        const wellPosed = sinAngle > 0.05 && edge > 1e-3 * L;
        if (edge > 1e-6 * L) expect(Math.abs(cf.t - m.t) * rl).toBeLessThan(1e-9 * L);
        if (gjk.hit) {
          expect((gjk.t - cf.t) * rl).toBeLessThan(1e-9 * L);
          expect(spec.f(add(o, scale(r, gjk.t)))).toBeLessThan(1e-8 * L);
          if (wellPosed) expect(Math.abs(cf.t - gjk.t) * rl).toBeLessThan(1e-9 * L);
        }
        if (gjk.hit && spec.smooth(p)) expect(norm(sub(normalize(cf.normal), normalize(gjk.normal)))).toBeLessThan(1e-6);
      }
    }), { numRuns: caseCount(1500) });
    expect(hits / runs).toBeGreaterThan(0.3);
    expect(misses / runs).toBeGreaterThan(0.1);
    expect(inPlane).toBeGreaterThan(0);
    expect(fragile / runs).toBeLessThan(0.01);
  });
});

describe('ray closed forms: hard cases', () => {
  it('a far origin costs only its own rounding: the same line cast from 1e3 to 1e9 sizes away', () => {
    // Along the same line, t from a far origin is t from a near one plus the distance between them, to
    // within a few ulps of the far origin's coordinates (the rounding of the origin itself). b² − ac loses
    // about |o|²/size² ulps there (measured on a unit ball: 2.6e-6 from 1e6 away, the whole radius from 1e8;
    // the ellipsoid's discriminant written as b² − ac fails this test).
    const specs = [capsuleSpec(0.7, 0.4), cylinderSpec(0.5, 0.8), coneSpec(0.6, 0.9), ellipsoidSpec(1.1, 0.3, 0.7), triangleSpec([0.9, -0.2, 0.1], [-0.5, 0.8, -0.3], [-0.2, -0.7, 0.6])];
    let checked = 0;
    fc.assert(fc.property(fc.nat(specs.length - 1), vec(0.5), unitVectorArb, fc.integer({ min: 3, max: 9 }), (k, target, u, e) => {
      const spec = specs[k];
      const D = 10 ** e * spec.L;
      const near = sub(target, scale(u, 3 * spec.L)), far = sub(target, scale(u, D));
      const a = castLocal(spec, near, u, 'closed'), b = castLocal(spec, far, u, 'closed');
      // The far origin is not exactly on the near one's line: compare along the line, by the rounding.
      const ulps = 8 * Number.EPSILON * norm(far);
      if (!a.hit || Math.abs(minOnRay(spec.f, near, u, 10 * spec.L).value) < 1e-6 * spec.L) return;
      expect(b.hit).toBe(true);
      checked++;
      expect(Math.abs(b.t - (a.t + D - 3 * spec.L))).toBeLessThan(ulps + 1e-13 * D);
      expect(dist(b.point, a.point)).toBeLessThan(ulps + 1e-13 * D);
      // The far cast's normal is the surface's at its own point (which moved by up to the origin's rounding).
      // Computed from coordinates rounded to `ulps`, its direction is good to about ulps over the radius.
      if (spec.smooth(b.point) && spec.kind !== 'triangle') expect(norm(sub(normalize(b.normal), gradient(spec.f, b.point, spec.L)))).toBeLessThan(1e-7 + (16 * ulps) / spec.L);
    }), { numRuns: caseCount(400) });
    expect(checked).toBeGreaterThan(100);
  });

  it('a far origin on a line near a cone\'s generator costs only its own rounding (golden)', () => {
    // FC_STRESS ray-closed-forms "a far origin" (path 3320): the nappe's C = f(origin) cancelled, 2e-13·D of
    // error in t from D = 1e4 sizes away, 2.9e-7 from 1e6; the cast now starts at the line's closest approach.
    const spec = coneSpec(0.6, 0.9), target: V3 = [-0.5, -0.5, -0.5], u: V3 = [0.05213976733837012, -0.8001298849010546, -0.5975563671739476];
    const a = castLocal(spec, sub(target, scale(u, 3 * spec.L)), u, 'closed');
    expect(a.hit).toBe(true);
    for (let e = 3; e <= 9; e++) {
      const D = 10 ** e * spec.L, far = sub(target, scale(u, D));
      const b = castLocal(spec, far, u, 'closed');
      expect(b.hit).toBe(true);
      expect(Math.abs(b.t - (a.t + D - 3 * spec.L)), `1e${e}`).toBeLessThan(8 * Number.EPSILON * norm(far));
    }
  });

  it('huge and tiny shapes: every length times 2^k gives t and the normal unchanged', () => {
    // Scaling by a power of two is exact, and t is a ratio of lengths: any absolute constant (a fixed
    // epsilon, a tolerance not relative to the size) shows as a difference.
    fc.assert(fc.property(fc.oneof(solidSpec, triangleArb, segmentArb), fc.integer({ min: -60, max: 60 }), vec(3), vec(1), (spec, k, o0, target) => {
      const s = 2 ** k, o = scale(o0, spec.L);
      const r = sub(scale(target, spec.L), o);
      const scaled = rescale(spec, s);
      const a = castLocal(spec, o, r, 'closed'), b = castLocal(scaled, scale(o, s), scale(r, s), 'closed');
      expect(b.hit).toBe(a.hit);
      if (!a.hit) return;
      expect(b.t).toBe(a.t);
      expect(normalize(b.normal)).toEqual(normalize(a.normal));
    }), { numRuns: caseCount(400) });
  });

  it('rays parallel to the axis, along the surface and tangent to it give finite normals, never NaN', () => {
    const cyl = cylinderSpec(1, 0.5), cap = capsuleSpec(1, 0.5), cone = coneSpec(1, 1);
    const cases: { spec: Spec; o: V3; r: V3; hit: boolean; t?: number }[] = [
      // Parallel to the axis, inside the side's radius, onto a cap / a pole / the base.
      { spec: cyl, o: [0.3, 4, -0.2], r: [0, -1, 0], hit: true, t: 3 },
      { spec: cyl, o: [0.3, -4, 0.2], r: [0, 3, 0], hit: true, t: 1 },
      { spec: cap, o: [0, -4, 0], r: [0, 1, 0], hit: true, t: 2.5 },
      { spec: cone, o: [0.2, -3, 0.1], r: [0, 1, 0], hit: true, t: 2 },
      // Parallel to the axis, outside the radius: no hit, however long.
      { spec: cyl, o: [0.6, 4, 0], r: [0, -1, 0], hit: false },
      { spec: cap, o: [0, 4, 0.50001], r: [0, -1, 0], hit: false },
      // Along the surface: a side line of the cylinder from above, a generator of the cone from above the apex.
      { spec: cyl, o: [0.5, 3, 0], r: [0, -1, 0], hit: true, t: 2 },
      { spec: cone, o: [1, 3, 0], r: [-1, -2, 0], hit: true, t: 1 },
      // Tangent to the side: grazing at one point.
      { spec: cyl, o: [0.5, 0.25, -3], r: [0, 0, 1], hit: true, t: 3 },
      // Parallel to the caps, in the cap's plane, across the rim.
      { spec: cyl, o: [-3, 1, 0], r: [1, 0, 0], hit: true, t: 2.5 },
      // Parallel to a generator of the cone (A = 0 in its quadratic), through the side.
      { spec: cone, o: [2, 3, 0], r: [-1, -2, 0], hit: true },
    ];
    for (const { spec, o, r, hit, t } of cases) {
      const a = castLocal(spec, o, r, 'closed');
      expect(a.hit, `${spec.kind} ${o} ${r}`).toBe(hit);
      if (!hit) continue;
      if (t !== undefined) expect(a.t).toBeCloseTo(t, 12);
      expect(a.normal.every(Number.isFinite) && norm(a.normal) > 0.1).toBe(true);
      expect(Math.abs(spec.f(a.point))).toBeLessThan(1e-12);
      expect(inNormalCone(spec, a.point, a.normal, 1e-12)).toBe(true);
    }
  });

  it('maxT: a hit beyond it is a miss, a hit at it is kept; an origin behind the shape misses', () => {
    for (const spec of [capsuleSpec(1, 0.5), cylinderSpec(1, 0.5), coneSpec(1, 1), ellipsoidSpec(2, 1, 0.5), triangleSpec([-1, -1, 0], [1, -1, 0], [0, 1, 0]), segmentSpec([-1, 0, 0], [1, 0, 0])]) {
      const o: V3 = [0.01, spec.kind === 'segment' ? 0 : 0.02, 5], r: V3 = [0, 0, -2];
      const a = castLocal(spec, o, r, 'closed');
      expect(a.hit).toBe(true);
      expect(castLocal(spec, o, r, 'closed', a.t).hit).toBe(true);
      expect(castLocal(spec, o, r, 'closed', a.t * (1 - 1e-9)).hit).toBe(false);
      expect(castLocal(spec, o, [0, 0, 2], 'closed').hit).toBe(false); // pointing away
    }
  });

  it('shapes with a zero dimension, or one below the tolerance (a disc, an ellipse, a segment), answer through the GJK ray cast', () => {
    const disc = new Cylinder(0, 1), flatCone = new Cone(0, 1), ellipse = new Ellipsoid(1, 0, 0.5), needle = new Cone(1, 0);
    const thinDisc = new Cylinder(1e-13, 1), thinEllipse = new Ellipsoid(1, 1e-13, 0.5); // below 1e-12 × the size 4
    for (const [shape, fn] of [[disc, rayCylinder], [flatCone, rayCone], [ellipse, rayEllipsoid], [needle, rayCone], [thinDisc, rayCylinder], [thinEllipse, rayEllipsoid]] as const) {
      const w = new RayWork();
      w.origin.x = -0.002; w.origin.y = 3; w.origin.z = -0.004; w.dir.x = 0.001; w.dir.y = -1; w.dir.z = 0.002; // through (0, 1, 0)
      w.size = 4;
      w.radius = shape.sweptRadius;
      (fn as (w: RayWork, s: ConvexShape) => void)(w, shape);
      expect(w.hit).toBe(true);
      expect(w.iterations).toBeGreaterThan(0);
      expect(Number.isFinite(w.t) && w.normal.y > 0).toBe(true);
    }
    // Collinear corners: a triangle with no plane, answered by GJK as the segment it is.
    const line = castLocal(triangleSpec([0, 0, 0], [1, 0, 0], [2, 0, 0]), [1.5, 3, 0], [0, -1, 0], 'closed');
    expect(line.hit).toBe(true);
    expect(line.iterations).toBeGreaterThan(0);
    expect(line.t).toBeCloseTo(3, 10);
    // A capsule of radius 0 is its segment, touched within the tolerance.
    const seg = castLocal({ ...segmentSpec([0, -1, 0], [0, 1, 0]), kind: 'capsule', shape: new Capsule(1, 0) }, [2, 0.5, 0], [-1, 0, 0], 'closed');
    expect(seg.hit).toBe(true);
    expect(seg.t).toBeCloseTo(2, 10);
    expect(normalize(seg.normal)).toEqual([1, 0, 0].map((x) => expect.closeTo(x, 12)));
  });
});

describe('ray closed forms: golden cases worked by hand', () => {
  const at = (spec: Spec, o: V3, r: V3) => castLocal(spec, o, r, 'closed');
  const unitN = (a: Answer) => normalize(a.normal);
  const close = (v: V3) => v.map((x) => expect.closeTo(x, 12));

  it('cylinder (h 1, R 0.5): the cap from above along −y, the side, the rim at 45°', () => {
    const cyl = cylinderSpec(1, 0.5);
    let a = at(cyl, [0.2, 5, 0.1], [0, -1, 0]); // onto the cap y = 1 at t = 4
    expect(a.t).toBeCloseTo(4, 14); expect(a.point).toEqual(close([0.2, 1, 0.1])); expect(unitN(a)).toEqual(close([0, 1, 0]));
    a = at(cyl, [0.2, 5, 0.1], [0, -2, 0]); // the direction is not normalised: t = 2
    expect(a.t).toBeCloseTo(2, 14);
    a = at(cyl, [3, 0.3, 0], [-1, 0, 0]); // the side x = 0.5 at t = 2.5
    expect(a.t).toBeCloseTo(2.5, 14); expect(unitN(a)).toEqual(close([1, 0, 0]));
    a = at(cyl, [1.5, 2, 0], [-1, -1, 0]); // the rim point (0.5, 1, 0) at t = 1: any normal between +x and +y
    expect(a.t).toBeCloseTo(1, 14);
    expect(a.normal[0]).toBeGreaterThanOrEqual(0); expect(a.normal[1]).toBeGreaterThanOrEqual(0); expect(a.normal[2]).toBe(0);
    expect(norm(a.normal)).toBeGreaterThan(0.5);
  });

  it('cone (h 1, R 1, apex (0, 1, 0)): the apex from above, the base from below, the side', () => {
    const cone = coneSpec(1, 1);
    let a = at(cone, [0, 3, 0], [0, -1, 0]); // the apex at t = 2; its normal cone: within 90° − atan(1/2) of +y
    expect(a.t).toBeCloseTo(2, 14); expect(a.point).toEqual(close([0, 1, 0]));
    expect(unitN(a)[1]).toBeGreaterThanOrEqual(Math.sin(Math.atan(1 / 2)) - 1e-12);
    a = at(cone, [0.2, -3, 0], [0, 1, 0]); // the base y = −1 at t = 2
    expect(a.t).toBeCloseTo(2, 14); expect(unitN(a)).toEqual(close([0, -1, 0]));
    a = at(cone, [2, 0, 0], [-1, 0, 0]); // at y = 0 the radius is (1 − y)/2 = 0.5: t = 1.5, normal (2, 1, 0)/√5
    expect(a.t).toBeCloseTo(1.5, 14); expect(unitN(a)).toEqual(close([2 / Math.sqrt(5), 1 / Math.sqrt(5), 0]));
  });

  it('capsule (h 1, R 0.5): along the axis onto the pole, the side, a hemisphere at 45°', () => {
    const cap = capsuleSpec(1, 0.5);
    let a = at(cap, [0, 5, 0], [0, -1, 0]); // the pole (0, 1.5, 0) at t = 3.5
    expect(a.t).toBeCloseTo(3.5, 14); expect(unitN(a)).toEqual(close([0, 1, 0]));
    a = at(cap, [3, 0.5, 0], [-1, 0, 0]);
    expect(a.t).toBeCloseTo(2.5, 14); expect(unitN(a)).toEqual(close([1, 0, 0]));
    const q: V3 = [0, 1 + 0.5 / Math.SQRT2, 0.5 / Math.SQRT2]; // on the top ball, normal (0, 1, 1)/√2
    a = at(cap, add(q, [0, 3, 3]), [0, -1, -1]);
    expect(a.t).toBeCloseTo(3, 14); expect(unitN(a)).toEqual(close([0, Math.SQRT1_2, Math.SQRT1_2]));
  });

  it('ellipsoid (2, 1, 0.5): along each axis, and at (√2, √½, 0) with normal (1, 2, 0)/√5', () => {
    const e = ellipsoidSpec(2, 1, 0.5);
    let a = at(e, [5, 0, 0], [-1, 0, 0]);
    expect(a.t).toBeCloseTo(3, 14); expect(unitN(a)).toEqual(close([1, 0, 0]));
    a = at(e, [0, 0, 3], [0, 0, -1]);
    expect(a.t).toBeCloseTo(2.5, 14); expect(unitN(a)).toEqual(close([0, 0, 1]));
    const q: V3 = [Math.SQRT2, Math.SQRT1_2, 0];
    a = at(e, add(q, [2, 2, 0]), [-1, -1, 0]);
    expect(a.t).toBeCloseTo(2, 14); expect(unitN(a)).toEqual(close([1 / Math.sqrt(5), 2 / Math.sqrt(5), 0]));
  });

  it('triangle (0,0,0) (2,0,0) (0,2,0): an edge from above, the face from below, a ray in its plane, one just off it', () => {
    const tri = triangleSpec([0, 0, 0], [2, 0, 0], [0, 2, 0]);
    let a = at(tri, [1, 0, 5], [0, 0, -1]); // the edge ab at (1, 0, 0): t = 5, the face normal facing the ray
    expect(a.hit).toBe(true); expect(a.t).toBeCloseTo(5, 14); expect(unitN(a)).toEqual(close([0, 0, 1]));
    a = at(tri, [0.5, 0.5, -2], [0, 0, 1]);
    expect(a.t).toBeCloseTo(2, 14); expect(unitN(a)).toEqual(close([0, 0, -1]));
    a = at(tri, [-1, 0.5, 0], [1, 0, 0]); // in the plane: enters through the edge x = 0 at t = 1, its outward normal
    expect(a.t).toBeCloseTo(1, 14); expect(unitN(a)).toEqual(close([-1, 0, 0]));
    expect(at(tri, [-1, 0.5, 1e-3], [1, 0, 0]).hit).toBe(false); // parallel, 1e-3 above
    expect(at(tri, [1.1, 1.1, 5], [0, 0, -1]).hit).toBe(false); // beyond the hypotenuse
  });

  it('segment (−1,0,0)–(1,0,0): along its line onto an end, across it, just beside it and past its end', () => {
    const seg = segmentSpec([-1, 0, 0], [1, 0, 0]);
    let a = at(seg, [-3, 0, 0], [1, 0, 0]); // collinear: touches the end a at t = 2 (less the tolerance)
    expect(a.hit).toBe(true); expect(a.t).toBeCloseTo(2, 10); expect(unitN(a)).toEqual(close([-1, 0, 0]));
    a = at(seg, [0.3, 4, 0], [0, -1, 0]);
    expect(a.t).toBeCloseTo(4, 10); expect(unitN(a)).toEqual(close([0, 1, 0]));
    a = at(seg, [0.3, 4, 2], [0, -1, -0.5]); // across at (0.3, 0, 0), at an angle: normal −direction's part ⊥ the segment
    expect(a.t).toBeCloseTo(4, 10); expect(unitN(a)).toEqual(close(normalize([0, 1, 0.5])));
    expect(at(seg, [0.3, 4, 1e-3], [0, -1, 0]).hit).toBe(false);
    expect(at(seg, [1.001, 4, 0], [0, -1, 0]).hit).toBe(false);
    expect(at(seg, [-3, 1e-3, 0], [1, 0, 0]).hit).toBe(false);
  });
});

describe('rayCast with the closed forms: poses and hollow casts', () => {
  const anyCase = fc.oneof(
    solidSpec.chain((spec) => rayFor(spec).map((ray) => ({ spec, ...ray }))),
    triangleArb.chain((spec) => flatRay(spec, [spec.a!, spec.b!, spec.c!]).map((ray) => ({ spec, ...ray }))),
    segmentArb.chain((spec) => flatRay(spec, [spec.a!, spec.b!]).map((ray) => ({ spec, ...ray }))),
  );
  const poseArb = fc.record({ position: vec(50), quaternion: unitQuat });

  it('moving shape and ray together by a rigid motion changes nothing but the frame', () => {
    let hits = 0;
    fc.assert(fc.property(anyCase, poseArb, fc.boolean(), ({ spec, o, r }, pose, solid) => {
      const id: PoseT = { position: [0, 0, 0], quaternion: [0, 0, 0, 1] };
      const local = rayCast(spec.shape, poseObj(id), P(o), P(r), null, { solid });
      const wo = add(rotate(pose.quaternion, o), pose.position), wr = rotate(pose.quaternion, r);
      const world = rayCast(spec.shape, poseObj(pose), P(wo), P(wr), createRayHit(), { solid });
      const L = spec.L + norm(o) + norm(pose.position), rl = norm(r);
      const m = minOnRay(spec.f, o, r, horizon(spec, o, r));
      const f0 = spec.f(o);
      // Grazing, or on the surface (flat shapes: touched within the tolerance, as in the tests above).
      const tol = REL_TOL * (spec.L + norm(o));
      if (spec.flat ? Math.abs(m.value - tol) < 0.5 * tol || f0 < 2 * tol : Math.abs(m.value) < 1e-7 * L || Math.abs(f0) < 1e-7 * L) return;
      expect(world === null).toBe(local === null);
      if (local === null || world === null) return;
      hits++;
      expect(Math.abs(world.t - local.t) * rl).toBeLessThan(1e-9 * L);
      const wp = add(rotate(pose.quaternion, toV3(local.point)), pose.position);
      expect(dist(toV3(world.point), wp)).toBeLessThan(1e-9 * L);
      // The world normal, taken back to the local frame, is in the normal cone at the local point.
      const back = rotate([-pose.quaternion[0], -pose.quaternion[1], -pose.quaternion[2], pose.quaternion[3]], toV3(world.normal));
      if (!(solid && local.t === 0)) expect(inNormalCone(spec, toV3(local.point), back, 1e-8 * L)).toBe(true);
      if (spec.smooth(toV3(local.point))) expect(norm(sub(back, toV3(local.normal)))).toBeLessThan(1e-9);
    }), { numRuns: caseCount(600) });
    expect(hits).toBeGreaterThan(200);
  });

  it('solid: false leaves the shape where f turns positive, with the outward normal there; solid: an inside origin hits at 0 with −direction', () => {
    let exits = 0;
    fc.assert(fc.property(solidSpec, poseArb, vec(1), vec(1), num(0.1, 3), (spec, pose, u, v, len) => {
      // An origin inside (scaled into the shape until f < 0), any direction.
      let o = scale(u, spec.L);
      for (let i = 0; i < 60 && spec.f(o) > -1e-3 * spec.L; i++) o = scale(o, 0.8);
      if (!(spec.f(o) < -1e-3 * spec.L) || norm(v) < 0.1) return;
      const r = scale(normalize(v), len);
      const wo = add(rotate(pose.quaternion, o), pose.position), wr = rotate(pose.quaternion, r);
      const solid = rayCast(spec.shape, poseObj(pose), P(wo), P(wr))!;
      expect(solid.t).toBe(0);
      expect(toV3(solid.normal)).toEqual(normalize(scale(wr, -1)).map((x) => expect.closeTo(x, 12)));
      const hollow = rayCast(spec.shape, poseObj(pose), P(wo), P(wr), null, { solid: false })!;
      expect(hollow).not.toBeNull();
      const L = spec.L + norm(pose.position);
      // The exit: f's last zero on the ray (bisection from the inside out), f > 0 just after it.
      let lo = 0, hi = horizon(spec, o, r);
      for (let i = 0; i < 200; i++) { const mid = 0.5 * (lo + hi); if (spec.f(add(o, scale(r, mid))) <= 0) lo = mid; else hi = mid; }
      expect(Math.abs(hollow.t - lo) * len).toBeLessThan(1e-9 * L);
      const p = add(o, scale(r, hollow.t));
      expect(spec.f(add(p, scale(r, 1e-6 / len)))).toBeGreaterThan(0);
      const n = rotate([-pose.quaternion[0], -pose.quaternion[1], -pose.quaternion[2], pose.quaternion[3]], toV3(hollow.normal));
      expect(dot(n, r)).toBeGreaterThanOrEqual(0); // outward at an exit
      expect(inNormalCone(spec, p, n, 1e-8 * L)).toBe(true);
      exits++;
    }), { numRuns: caseCount(400) });
    expect(exits).toBeGreaterThan(200);
  });

  it('an origin on the surface going in, hollow, enters there (t = 0, the outward normal), not where it leaves', () => {
    const id = poseObj({ position: [0, 0, 0], quaternion: [0, 0, 0, 1] });
    const cases: { shape: ConvexShape; o: V3; r: V3; n: V3 }[] = [
      { shape: new Cylinder(1, 0.5), o: [0.1, 1, 0], r: [0, -1, 0], n: [0, 1, 0] },
      { shape: new Capsule(1, 0.5), o: [0.5, 0, 0], r: [-1, 0, 0.3], n: [1, 0, 0] },
      { shape: new Cone(1, 1), o: [0, -1, 0.2], r: [0.1, 1, 0], n: [0, -1, 0] },
      { shape: new Ellipsoid(2, 1, 0.5), o: [0, 0, 0.5], r: [0, 0.2, -1], n: [0, 0, 1] },
      { shape: new Triangle(P([0, 0, 0]), P([2, 0, 0]), P([0, 2, 0])), o: [0.5, 0.5, 0], r: [0, 0.3, -1], n: [0, 0, 1] },
      { shape: new Segment(P([-1, 0, 0]), P([1, 0, 0])), o: [0.2, 0, 0], r: [0, -1, 0], n: [0, 1, 0] },
    ];
    for (const { shape, o, r, n } of cases) {
      const hit = rayCast(shape, id, P(o), P(r), null, { solid: false })!;
      expect(hit.t, shape.kind).toBe(0);
      expect(toV3(hit.normal)).toEqual(n.map((x) => expect.closeTo(x, 9)));
    }
  });

  it('flat shapes, hollow: a ray in the plane of a triangle from inside it leaves through an edge; along a segment, past its end', () => {
    const id = poseObj({ position: [0, 0, 0], quaternion: [0, 0, 0, 1] });
    const tri = new Triangle(P([0, 0, 0]), P([2, 0, 0]), P([0, 2, 0]));
    let hit = rayCast(tri, id, P([0.5, 0.5, 0]), P([1, 0, 0]), null, { solid: false })!; // to the hypotenuse x + y = 2
    expect(hit.t).toBeCloseTo(1, 12);
    expect(toV3(hit.normal)).toEqual([Math.SQRT1_2, Math.SQRT1_2, 0].map((x) => expect.closeTo(x, 12)));
    hit = rayCast(tri, id, P([0.5, 0.5, 0]), P([1, 0, 0]))!; // solid: t = 0, −direction
    expect(hit.t).toBe(0);
    expect(toV3(hit.normal)).toEqual([-1, 0, 0].map((x) => expect.closeTo(x, 12)));
    const seg = new Segment(P([-1, 0, 0]), P([1, 0, 0]));
    hit = rayCast(seg, id, P([0.2, 0, 0]), P([1, 0, 0]), null, { solid: false })!; // leaves at the end b (plus the tolerance)
    expect(hit.t).toBeCloseTo(0.8, 10);
    expect(toV3(hit.normal)).toEqual([1, 0, 0].map((x) => expect.closeTo(x, 12)));
  });
});

