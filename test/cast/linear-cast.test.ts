/**
 * Linear shape casts (the GJK ray cast on the pair's Minkowski difference, query/cast/linear-cast.ts)
 * against independent oracles: the first time `contact`'s separation along the path reaches the target,
 * found by sampling and bisection (for translations the separation is convex in time, so the first
 * sample under the target brackets the first root); the time conservative advancement finds (the
 * rotating path, forced by a negligible spin); and certificates at the reported time: the normal
 * separates the shapes by the target (support values from the test's own support functions), and the
 * points lie on their shapes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Box, Point, Sphere, contact, createShapeCastResult, distance, shapeCast, type Motion, type Shape } from '../../src/index.js';
import { shapeFromJSON, type ShapeJSON } from '../../src/format/index.js';
import { curvedShape, num, polytopeShape, pose, unitVec, vec } from '../arbitraries.js';
import { add, composePose, dot, norm, overlapAlong, poseObj, rotate, scale, toV3, type Placed, type PoseT, type V3 } from '../oracles.js';
import { runs } from '../runs.js';

const moved = (p: PoseT, v: V3, t: number): PoseT => ({ position: add(p.position, scale(v, t)), quaternion: p.quaternion });
const motion = (v: V3): Motion => ({ linear: { x: v[0], y: v[1], z: v[2] } });
/** A spin too small to turn anything, which sends the cast down the conservative-advancement path. */
const noSpin = { x: 1e-150, y: 0, z: 0 };

interface Case { a: ShapeJSON; b: ShapeJSON; poseA: PoseT; poseB: PoseT; vA: V3; vB: V3; target: number }

/** The library's shapes of a case, built once (a hull's build is the costly part of a query here). */
const built = new WeakMap<ShapeJSON, Shape>();
function shapeOf(j: ShapeJSON): Shape {
  let s = built.get(j);
  if (s === undefined) { s = shapeFromJSON(j); built.set(j, s); }
  return s;
}

function separationAt(c: Case, t: number): number {
  return contact(shapeOf(c.a), poseObj(moved(c.poseA, c.vA, t)), shapeOf(c.b), poseObj(moved(c.poseB, c.vB, t)))!.separation;
}

/**
 * The first time in [0, 1] the separation is at most the target; null if never, 'graze' when the path's
 * closest approach is within the tolerance of the target (the time is then ill-conditioned: either
 * answer is right). For translations the distance max(separation, 0) is convex in time: a golden-section
 * search finds its minimum, and the first root lies before it, where the distance decreases: bisection.
 */
function firstTime(c: Case, tol: number): number | null | 'graze' {
  const g = (t: number): number => Math.max(separationAt(c, t), 0) - c.target;
  if (g(0) <= 0) return 0;
  const phi = (Math.sqrt(5) - 1) / 2;
  let lo = 0, hi = 1;
  for (let k = 0; k < 80; k++) {
    const m1 = hi - phi * (hi - lo), m2 = lo + phi * (hi - lo);
    if (g(m1) <= g(m2)) hi = m2; else lo = m1;
  }
  const tMin = g(1) < g(lo) ? 1 : lo, gMin = Math.min(g(lo), g(1));
  if (Math.abs(gMin) <= 100 * tol) return 'graze';
  if (gMin > 0) return null;
  let a = 0, b = tMin;
  for (let k = 0; k < 80; k++) { const m = 0.5 * (a + b); if (g(m) <= 0) b = m; else a = m; }
  return b;
}

const caseArb = (shapes: fc.Arbitrary<ShapeJSON>) => fc.record({
  a: shapes, b: shapes, poseA: pose(1), offset: unitVec, dist: num(4, 7), q: pose(0), aim: vec(1), vA: vec(1), target: fc.oneof(fc.constant(0), num(0, 0.2)),
}).map(({ a, b, poseA, offset, dist, q, aim, vA, target }): Case => {
  const posB = add(poseA.position, scale(offset, dist));
  // B heads at A (give or take the aim), so about half the casts hit.
  const vB = add(scale(offset, -dist * 1.2), aim);
  return { a, b, poseA, poseB: { position: posB, quaternion: q.quaternion }, vA, vB, target };
});

function cast(c: Case, spin = false) {
  const mB: Motion = spin ? { ...motion(c.vB), angular: noSpin } : motion(c.vB);
  return shapeCast(shapeOf(c.a), poseObj(c.poseA), motion(c.vA), shapeOf(c.b), poseObj(c.poseB), mB, createShapeCastResult(), { targetSeparation: c.target });
}

/** The cast's size: what its tolerances are relative to. */
const sizeOf = (c: Case): number => 4 + 5 + norm(c.vA) + norm(c.vB) + c.target;

/** How the checked cases came out, so that a property that checks nothing fails. */
const tally = { hit: 0, miss: 0, other: 0 };

function checkCase(c: Case): void {
  const r = cast(c);
  const L = sizeOf(c), tol = 1e-7 * L;
  const expected = firstTime(c, tol);
  if (expected === 'graze') { tally.other++; return; }
  if (expected === null) { expect(r).toBeNull(); tally.miss++; return; }
  expect(r).not.toBeNull();
  expect(r!.status).toBe('converged');
  const speed = norm([c.vB[0] - c.vA[0], c.vB[1] - c.vA[1], c.vB[2] - c.vA[2]]);
  if (expected === 0) { expect(r!.time).toBe(0); tally.other++; return; }
  tally.hit++;
  // Times agree within the separation tolerance over the closing speed (at least the bisection's).
  const closing = Math.max(1e-3, Math.abs(separationAt(c, Math.max(0, expected - 1e-4)) - separationAt(c, expected)) / 1e-4);
  expect(Math.abs(r!.time - expected)).toBeLessThan(tol / closing + 1e-12);
  // Certificates at the reported time: the normal separates the shapes by the target, within the
  // tolerance (support values from the test's own support functions)…
  const A: Placed = { json: c.a, pose: moved(c.poseA, c.vA, r!.time) }, B: Placed = { json: c.b, pose: moved(c.poseB, c.vB, r!.time) };
  const n = toV3(r!.normal);
  expect(Math.abs(norm(n) - 1)).toBeLessThan(1e-12);
  expect(overlapAlong(A, B, n)).toBeLessThan(-c.target + tol);
  // …`contact` agrees that the separation there is the target, and the points lie on their shapes.
  expect(Math.abs(separationAt(c, r!.time) - c.target)).toBeLessThan(tol);
  expect(distance(new Point(), { position: r!.pointA, quaternion: { x: 0, y: 0, z: 0, w: 1 } }, shapeOf(c.a), poseObj(A.pose))).toBeLessThan(tol);
  expect(distance(new Point(), { position: r!.pointB, quaternion: { x: 0, y: 0, z: 0, w: 1 } }, shapeOf(c.b), poseObj(B.pose))).toBeLessThan(tol);
  // pointB − pointA is the separation along the normal.
  const d: V3 = [r!.pointB.x - r!.pointA.x, r!.pointB.y - r!.pointA.y, r!.pointB.z - r!.pointA.z];
  expect(Math.abs(dot(d, n) - r!.separation)).toBeLessThan(tol);
  expect(speed).toBeGreaterThan(0);
}

describe('shapeCast, linear: the GJK ray cast on the Minkowski difference', () => {
  it('polytopes: the first time the separation reaches the target (sampling and bisection), with certificates', () => {
    tally.hit = tally.miss = tally.other = 0;
    fc.assert(fc.property(caseArb(polytopeShape), checkCase), { numRuns: runs(120), endOnFailure: true });
    expect(tally.hit).toBeGreaterThan(5);
    expect(tally.miss).toBeGreaterThan(5);
  });

  it('curved shapes (spheres, capsules, cylinders, cones, ellipsoids, rounded): the same', () => {
    tally.hit = tally.miss = tally.other = 0;
    fc.assert(fc.property(caseArb(curvedShape), checkCase), { numRuns: runs(120), endOnFailure: true });
    expect(tally.hit).toBeGreaterThan(5);
    expect(tally.miss).toBeGreaterThan(5);
  });

  it('agrees with conservative advancement (the rotating path, forced by a negligible spin)', () => {
    fc.assert(fc.property(caseArb(fc.oneof(polytopeShape, curvedShape)), (c) => {
      const r = cast(c), s = cast(c, true);
      const L = sizeOf(c);
      if (r === null || s === null) {
        // A miss on one side only is a graze: the other's separation there is within the tolerance.
        const other = r ?? s;
        if (other !== null) expect(separationAt(c, other.time) - c.target).toBeLessThan(1e-6 * L);
        return;
      }
      const speed = norm([c.vB[0] - c.vA[0], c.vB[1] - c.vA[1], c.vB[2] - c.vA[2]]);
      // Both end within their tolerances of the target: the times agree to that over the closing speed,
      // unless the path grazes (then the separation at each other's time is still within the tolerance).
      if (Math.abs(r.time - s.time) > 1e-6 * L / speed) {
        // (A graze: each time is then where the path's separation is within the tolerance of the target.)
        expect(Math.abs(separationAt(c, r.time) - c.target)).toBeLessThan(1e-6 * L);
        expect(Math.abs(separationAt(c, s.time) - c.target)).toBeLessThan(1e-6 * L);
      }
    }), { numRuns: runs(150), endOnFailure: true });
  });

  it('properties, linear and turning: a common rigid motion changes nothing but the frame; casting B at A answers the same time with the normal reversed', () => {
    let compared = 0;
    fc.assert(fc.property(caseArb(fc.oneof(polytopeShape, curvedShape)), pose(5), vec(2), fc.boolean(), (c, m, spin, turning) => {
      const wB: V3 | null = turning ? spin : null;
      const motionOf = (v: V3, w: V3 | null): Motion => (w === null ? motion(v) : { ...motion(v), angular: { x: w[0], y: w[1], z: w[2] } });
      const A = shapeOf(c.a), B = shapeOf(c.b);
      const r = shapeCast(A, poseObj(c.poseA), motion(c.vA), B, poseObj(c.poseB), motionOf(c.vB, wB), createShapeCastResult(), { targetSeparation: c.target });
      // The same scene moved by m: poses composed, velocities (linear and angular) turned.
      const q = m.quaternion;
      const moved = shapeCast(A, poseObj(composePose(m, c.poseA)), motion(rotate(q, c.vA)), B, poseObj(composePose(m, c.poseB)),
        motionOf(rotate(q, c.vB), wB && rotate(q, wB)), createShapeCastResult(), { targetSeparation: c.target });
      const swapped = shapeCast(B, poseObj(c.poseB), motionOf(c.vB, wB), A, poseObj(c.poseA), motion(c.vA), createShapeCastResult(), { targetSeparation: c.target });
      const L = sizeOf(c) + (wB ? norm(wB) * 4 : 0);
      const speed = norm([c.vB[0] - c.vA[0], c.vB[1] - c.vA[1], c.vB[2] - c.vA[2]]) + (wB ? norm(wB) * 4 : 0);
      // Times agree within the casts' tolerance over the speed, unless the path grazes (either answer).
      const dt = (turning ? 1e-6 : 1e-8) * L / Math.max(speed, 1e-3);
      for (const other of [moved, swapped]) {
        if ((r === null) !== (other === null)) {
          const hit = (r ?? other)!;
          // A hit on one side only: a graze, where the separation barely reaches the target (the same
          // function of time on the moved path, by rigid invariance; checked on linear paths).
          expect(hit.time).toBeGreaterThan(0);
          if (!turning) expect(Math.abs(separationAt(c, hit.time) - c.target)).toBeLessThan(1e-6 * L);
          continue;
        }
        if (r === null || other === null) continue;
        if (Math.abs(r.time - other.time) > dt) {
          // A graze: the times differ, but the other time is also where this path's separation is within
          // the tolerance of the target (for a turning path, within a looser bound on the time itself).
          if (turning) expect(Math.abs(r.time - other.time)).toBeLessThan(1e-3);
          else expect(Math.abs(separationAt(c, other.time) - c.target)).toBeLessThan(1e-6 * L);
          continue;
        }
        compared++;
        const n = other === swapped ? toV3(other.normal).map((x) => -x) as V3 : toV3(other.normal);
        const expectedN = other === moved ? rotate(q, toV3(r.normal)) : toV3(r.normal);
        // Normals agree where they are determined: apart at the target, or a face (sharp contacts may pick another normal of the cone).
        if (r.time > 0 && c.target > 0.01) expect(norm([n[0] - expectedN[0], n[1] - expectedN[1], n[2] - expectedN[2]])).toBeLessThan(1e-3);
      }
    }), { numRuns: runs(150) });
    expect(compared).toBeGreaterThan(30);
  });

  it('golden (casts.json linear-1-25, far-1-6): curved pairs whose contact normal missed separating them by 1.6e-5 and 5e-6', () => {
    const cases: Array<{ a: ShapeJSON; b: ShapeJSON; poseA: PoseT; poseB: PoseT; vA: V3; vB: V3 }> = [
      {
        a: { type: 'cylinder', halfHeight: 0.209769533435, radius: 0.678595836344 },
        poseA: { position: [0.769666079302, -0.477309172594, -0.26877430643], quaternion: [-0.968048426958, -0.11056877677, -0.0352737598996, -0.222289339667] },
        vA: [0.132815666822, 0.0639278369471, 0.127338642268],
        b: { type: 'cylinder', halfHeight: 0.991856418643, radius: 0.425079384912 },
        poseB: { position: [0.207273354268, 0.433640119318, 2.81565880253], quaternion: [0.899150204635, -0.267330425143, 0.343256178127, 0.0473133118137] },
        vB: [0.415238111196, -0.498514487568, -2.53411466689],
      },
      {
        a: { type: 'cylinder', halfHeight: 0.764432741259, radius: 0.200482257945 },
        poseA: { position: [11794.8510478, -18486.4875291, -20473.3629659], quaternion: [-0.213838152992, -0.870556893402, 0.17373738787, -0.407699962878] },
        vA: [0, 0, 0],
        b: { type: 'cone', halfHeight: 0.706555238855, radius: 0.437978895009 },
        poseB: { position: [11793.3570712, -18486.2881706, -20472.2567497], quaternion: [-0.1122772181, -0.797379471181, 0.280970405476, -0.522145033952] },
        vB: [1.04557297953, -0.0871526482448, -1.18946949572],
      },
    ];
    for (const c of cases) {
      const r = shapeCast(shapeFromJSON(c.a), poseObj(c.poseA), motion(c.vA), shapeFromJSON(c.b), poseObj(c.poseB), motion(c.vB))!;
      expect(r).not.toBeNull();
      expect(r.status).toBe('converged');
      const A: Placed = { json: c.a, pose: moved(c.poseA, c.vA, r.time) }, B: Placed = { json: c.b, pose: moved(c.poseB, c.vB, r.time) };
      // The normal is the last support plane's: it separates the shapes at that time to rounding.
      const overlap = overlapAlong(A, B, toV3(r.normal));
      expect(Math.abs(overlap)).toBeLessThan(1e-9 * 4);
      expect(r.separation).toBeGreaterThanOrEqual(0);
      expect(r.separation).toBeLessThan(1e-7);
    }
  });

  it('golden (a property counterexample): a cylinder and a cone stopping 0.127 short, whose witness normal missed the target by 1.5e-6 at a ray-cast tolerance of 1e-8', () => {
    tally.hit = 0;
    checkCase({
      a: { type: 'cylinder', halfHeight: 1.0646208802238106, radius: 1.8104284724220634 },
      b: { type: 'cone', halfHeight: 1.3397879805415869, radius: 1.2493138216435908 },
      poseA: { position: [0.9999999478459358, -0.7840457316488028, 0.47225680761039257], quaternion: [0.492710772207105, 0.6353747070786466, 0.5917161956691774, -0.05836968681257296] },
      poseB: { position: [0.43185273798130297, 0.8586135964528343, -2.8219237050967787], quaternion: [0.446652234999281, 0.38173058403232085, -0.6548337361764304, -0.4753696668380382] },
      vA: [0.17690132558345795, -0.9999999813735485, -0.9999999962747097], vB: [-0.8182232839011828, -1.623313450999334, 3.583574395402655],
      target: 0.12707974780350925,
    });
    expect(tally.hit).toBeGreaterThan(0);
  });

  it('misses: a path that passes by returns null, and a pair moving apart (or not at all) never meets', () => {
    const c: Case = {
      a: { type: 'box', halfExtents: [0.5, 0.5, 0.5] }, b: { type: 'capsule', halfHeight: 0.5, radius: 0.25 },
      poseA: { position: [0, 0, 0], quaternion: [0, 0, 0, 1] }, poseB: { position: [3, 1.3, 0], quaternion: [0, 0, 0, 1] },
      vA: [0, 0, 0], vB: [-6, 0, 0], target: 0,
    };
    expect(cast(c)).toBeNull();
    expect(firstTime(c, 1e-9)).toBeNull();
    // (The capsule stands along y: its lower cap reaches 0.75 below its centre.) Lower, it meets the box's top edge.
    const hit = { ...c, poseB: { position: [3, 1.24, 0] as V3, quaternion: [0, 0, 0, 1] as [number, number, number, number] } };
    expect(cast(hit)).not.toBeNull();
    expect(cast({ ...c, vB: [6, 0, 0] })).toBeNull();
    expect(cast({ ...c, vB: [0, 0, 0] })).toBeNull();
  });

  it('every scale from 1e-250 to 1e250 answers alike (outside 2^±200 by conservative advancement on the scaled contact); the squares of a size-1e250 cast once overflowed to time 0', () => {
    for (const k of [-250, -100, -30, 0, 30, 100, 250]) {
      const s = 10 ** k;
      const at = (x: number) => ({ position: { x, y: 0.3 * s, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } });
      const r = shapeCast(new Sphere(s), at(-5 * s), { linear: { x: 10 * s, y: 0, z: 0 } }, new Box(s, s, s), at(0), null)!;
      expect(r, `scale 1e${k}`).not.toBeNull();
      expect(r.time, `scale 1e${k}`).toBeCloseTo(0.3, 6);
      expect(r.normal.x, `scale 1e${k}`).toBeCloseTo(1, 6);
      expect(Math.abs(r.pointA.x / s + 1)).toBeLessThan(1e-5); // the sphere, centred at −2s then, touches x = −s
      // Turning too (conservative advancement at every scale).
      const t = shapeCast(new Sphere(s), at(-5 * s), { linear: { x: 10 * s, y: 0, z: 0 }, angular: { x: 0, y: 1, z: 0 } }, new Box(s, s, s), at(0), null)!;
      expect(t.time, `scale 1e${k}, turning`).toBeCloseTo(0.3, 6);
    }
  });

  it('a box dropped on a box: exact time, the face normal, and a target separation that stops short', () => {
    const box: ShapeJSON = { type: 'box', halfExtents: [1, 0.5, 1] };
    const c: Case = { a: box, b: box, poseA: { position: [0, 0, 0], quaternion: [0, 0, 0, 1] }, poseB: { position: [0.3, 3, -0.2], quaternion: [0, 0, 0, 1] }, vA: [0, 0, 0], vB: [0, -4, 0], target: 0 };
    const r = cast(c)!;
    expect(r.time).toBeCloseTo(0.5, 12);
    expect(r.normal.y).toBeCloseTo(1, 14);
    expect(Math.abs(r.normal.x) + Math.abs(r.normal.z)).toBeLessThan(1e-14);
    const s = cast({ ...c, target: 0.2 })!;
    expect(s.time).toBeCloseTo(0.45, 12);
    expect(s.separation).toBeCloseTo(0.2, 9);
  });
});
