/**
 * shapeCast against the published cases of the peers, closed forms (sphere against sphere), and
 * certificates: at the reported time the separation is the target, and dense sampling of the exact
 * distance along the path finds no earlier time within it; a tunnelling sphere is caught.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Box, ConvexHull, InvalidNumberError, Sphere, contact, createShapeCastResult, rayCast, shapeCast, type Motion, type PoseLike } from '../../src/index.js';
import { num, vec } from '../arbitraries.js';
import { runs } from '../runs.js';

const at = (x: number, y: number, z: number): PoseLike => ({ position: { x, y, z }, quaternion: { x: 0, y: 0, z: 0, w: 1 } });
const lin = (x: number, y: number, z: number): Motion => ({ linear: { x, y, z } });

describe('shapeCast: published cases', () => {
  it('parry: a ball of radius 1 at (2,2,2) moving (−0.5,−0.5,−0.5) meets a unit cuboid moving (1,1,1) at 0.281766', () => {
    const r = shapeCast(new Sphere(1), at(2, 2, 2), lin(-0.5, -0.5, -0.5), new Box(1, 1, 1), at(0, 0, 0), lin(1, 1, 1))!;
    expect(r.time).toBeCloseTo(0.28176648720691627, 6);
    expect(r.normal.x).toBeCloseTo(-1 / Math.sqrt(3), 6);
  });
  it('Jolt: a sphere cast from (−10,0,0) along (20,0,0) meets a sphere at the origin at 0.4; from (−10,2.1,0) it misses', () => {
    const s = new Sphere(1);
    expect(shapeCast(s, at(-10, 0, 0), lin(20, 0, 0), s, at(0, 0, 0), null)!.time).toBeCloseTo(0.4, 6); // within the cast tolerance (1e-7 of the size) over the speed
    expect(shapeCast(s, at(-10, 2.1, 0), lin(20, 0, 0), s, at(0, 0, 0), null)).toBeNull();
  });
  it('a cube moving down onto a cube 0.1 below meets at 0.1; already touching is time 0', () => {
    const cube = new Box(0.5, 0.5, 0.5);
    expect(shapeCast(cube, at(0, 1.1, 0), lin(0, -1, 0), cube, at(0, 0, 0), null)!.time).toBeCloseTo(0.1, 6);
    expect(shapeCast(cube, at(0, 1, 0), lin(0, -1, 0), cube, at(0, 0, 0), null)!.time).toBe(0);
    // A target separation stops short by that distance.
    expect(shapeCast(cube, at(0, 1.1, 0), lin(0, -1, 0), cube, at(0, 0, 0), null, null, { targetSeparation: 0.05 })!.time).toBeCloseTo(0.05, 6);
  });
});

describe('shapeCast: closed forms and certificates', () => {
  it('sphere against sphere: the root of |c + t·v| = rA + rB, and a no earlier time within it', () => {
    fc.assert(fc.property(vec(3), vec(2), num(0.1, 1), num(0.1, 1), (c, v, ra, rb) => {
      const R = ra + rb;
      const cc = c[0] * c[0] + c[1] * c[1] + c[2] * c[2];
      if (cc <= R * R * 1.0001) return; // start apart (touching aside)
      const vv = v[0] * v[0] + v[1] * v[1] + v[2] * v[2], cv = c[0] * v[0] + c[1] * v[1] + c[2] * v[2];
      const disc = cv * cv - vv * (cc - R * R);
      const r = shapeCast(new Sphere(ra), at(0, 0, 0), null, new Sphere(rb), at(...c), { linear: { x: v[0], y: v[1], z: v[2] } });
      const tExact = disc >= 0 && cv < 0 ? (-cv - Math.sqrt(disc)) / vv : Infinity;
      // Grazing paths (the closest approach within the cast's tolerance of touching) may go either way.
      const tMin = Math.min(1, Math.max(0, -cv / vv));
      const closest = Math.hypot(c[0] + tMin * v[0], c[1] + tMin * v[1], c[2] + tMin * v[2]) - R;
      if (Math.abs(closest) < 1e-6 * (R + Math.sqrt(cc) + Math.sqrt(vv))) return;
      if (!(tExact <= 1) || disc < 1e-9) { if (r !== null && tExact > 1) expect(r.time).toBeGreaterThan(0.999); return; }
      expect(r).not.toBeNull();
      // Within the cast's tolerance over the closing speed.
      expect(Math.abs(r!.time - tExact)).toBeLessThan(1e-6 * (R + Math.sqrt(cc) + Math.sqrt(vv)) / Math.max(1e-3, -cv / Math.sqrt(vv)));
    }), { numRuns: runs(300) });
  });

  it('rotating hulls: at the reported time the separation is the target, and no sampled earlier time is closer', () => {
    const hull = new ConvexHull([{ x: 0.5, y: 0, z: 0 }, { x: -0.4, y: 0.4, z: 0.1 }, { x: -0.2, y: -0.4, z: 0.3 }, { x: 0, y: 0.1, z: -0.5 }, { x: 0.1, y: 0.3, z: 0.4 }]);
    fc.assert(fc.property(vec(1), vec(3), num(0, 0.1), (spin, start, target) => {
      const poseB = at(start[0] + 2.5, start[1], start[2]);
      const motionB: Motion = { linear: { x: -3, y: 0, z: 0 }, angular: { x: spin[0] * 3, y: spin[1] * 3, z: spin[2] * 3 } };
      const r = shapeCast(hull, at(0, 0, 0), null, hull, poseB, motionB, createShapeCastResult(), { targetSeparation: target });
      // The separation along the path, from the same motion model.
      const sepAt = (t: number): number => {
        const w = motionB.angular!, wl = Math.hypot(w.x, w.y, w.z), h = 0.5 * wl * t, s = wl > 0 ? Math.sin(h) / wl : 0;
        const q = { x: w.x * s, y: w.y * s, z: w.z * s, w: Math.cos(h) };
        return contact(hull, at(0, 0, 0), hull, { position: { x: poseB.position.x - 3 * t, y: poseB.position.y, z: poseB.position.z }, quaternion: q })!.separation;
      };
      // The cast's tolerance: 1e-7 of its size (radii plus the sweep, about 10 here) beyond the target.
      const tol = 1e-7 * 20;
      // Already within the target at time 0: time 0 (and nothing earlier to sample).
      if (r !== null && r.time === 0) { expect(sepAt(0)).toBeLessThanOrEqual(target + tol); return; }
      const end = r === null ? 1 : r.time;
      for (let i = 0; i < 200; i++) expect(sepAt((end * i) / 200)).toBeGreaterThan(target - tol);
      if (r !== null && r.time > 0) expect(Math.abs(sepAt(r.time) - target)).toBeLessThan(tol);
    }), { numRuns: runs(60) });
  });

  it('tunnelling: a sphere of radius 0.01 moving 100 a step past a plate 0.001 thick is caught', () => {
    const plate = new Box(1, 0.0005, 1), bullet = new Sphere(0.01);
    // Discrete checks at the start and the end of the step both miss.
    expect(contact(bullet, at(0, 50, 0), plate, at(0, 0, 0))!.separation).toBeGreaterThan(0);
    expect(contact(bullet, at(0, -50, 0), plate, at(0, 0, 0))!.separation).toBeGreaterThan(0);
    const r = shapeCast(bullet, at(0, 50, 0), lin(0, -100, 0), plate, at(0, 0, 0), null)!;
    expect(r).not.toBeNull();
    expect(r.time).toBeCloseTo((50 - 0.0105) / 100, 6);
  });

  it('bounding spheres that never meet: a box spinning 80 turns by a point just beyond its reach is a miss, with no step', () => {
    // It stepped until SHAPE_CAST_MAX_ITERATIONS and answered 'max-iterations' at t = 2.39 (a lower bound
    // for shapes that cannot touch). The box's corners reach √(1 + 2·0.01²) ≈ 1.0001; the point is at 1.1.
    const rod = new Box(1, 0.01, 0.01), spin: Motion = { angular: { x: 0, y: 0, z: 50 } };
    expect(shapeCast(rod, at(0, 0, 0), spin, new Sphere(0), at(-1.1, 0, 0), null, null, { maxTime: 10 })).toBeNull();
    // Moving past it instead, closest at t = 1 where the centres are 1.05 apart: a miss too. A ball of
    // radius 0.05 on the same path is within reach: the cast finds a touch, the separation there is the
    // target (0) within the tolerance, and none of 2,000 samples before it touches.
    expect(shapeCast(rod, at(0, 0, 0), spin, new Sphere(0), at(-1.05, -1, 0), lin(0, 1, 0), null, { maxTime: 2 })).toBeNull();
    const ball = new Sphere(0.05);
    const r = shapeCast(rod, at(0, 0, 0), spin, ball, at(-1.05, -1, 0), lin(0, 1, 0), null, { maxTime: 2 })!;
    expect(r).not.toBeNull();
    expect(r.status).toBe('converged');
    const sepAt = (t: number): number => {
      const h = 25 * t; // half the turn angle about z
      return contact(rod, { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: Math.sin(h), w: Math.cos(h) } }, ball, at(-1.05, -1 + t, 0))!.separation;
    };
    // Within the cast's tolerance: 1e-7 of its size, the radii and the sweep (1.05 + (1 + 50 · 1.0001) · 2).
    expect(Math.abs(sepAt(r.time))).toBeLessThanOrEqual(1e-7 * (1.0502 + (1 + 50 * 1.0001) * 2));
    for (let k = 0; k < 2000; k++) expect(sepAt((k / 2000) * r.time)).toBeGreaterThan(0);
  });

  it('a support function of the user\'s own may run other queries, but a cast from inside a cast is a clear error, and the next cast works', () => {
    const s = new Sphere(0.5);
    let nested: 'ray' | 'cast' | 'contact' = 'contact';
    const custom = {
      sweptRadius: 0, boundingRadius: 0.5,
      support(out: { x: number; y: number; z: number }, d: { x: number; y: number; z: number }) {
        if (nested === 'ray') rayCast(s, at(0, 0, 0), { x: -5, y: 0, z: 0 }, { x: 1, y: 0, z: 0 });
        else if (nested === 'cast') shapeCast(s, at(0, 0, 0), null, s, at(3, 0, 0), lin(-1, 0, 0));
        else contact(s, at(0, 0, 0), s, at(3, 0, 0));
        const l = Math.hypot(d.x, d.y, d.z) || 1;
        out.x = 0.5 * d.x / l; out.y = 0.5 * d.y / l; out.z = 0.5 * d.z / l;
        return out;
      },
    };
    const expected = shapeCast(s, at(-3, 0, 0), lin(2, 0, 0), s, at(0, 0, 0), null)!.time;
    expect(shapeCast(custom, at(-3, 0, 0), lin(2, 0, 0), s, at(0, 0, 0), null)!.time).toBeCloseTo(expected, 6);
    nested = 'cast';
    expect(() => shapeCast(custom, at(-3, 0, 0), lin(2, 0, 0), s, at(0, 0, 0), null)).toThrow(/do not nest/);
    nested = 'ray';
    expect(() => rayCast(custom, at(0, 0, 0), { x: -5, y: 0.1, z: 0 }, { x: 1, y: 0, z: 0 })).toThrow(/do not nest/);
    // A ray cast inside a shape cast is fine (separate scratch), and after the errors both work again.
    expect(shapeCast(custom, at(-3, 0, 0), lin(2, 0, 0), s, at(0, 0, 0), null)!.time).toBeCloseTo(expected, 6);
    nested = 'contact';
    expect(rayCast(custom, at(0, 0, 0), { x: -5, y: 0, z: 0 }, { x: 1, y: 0, z: 0 })!.t).toBeCloseTo(4.5, 9);
  });

  it('bad input names the field', () => {
    const s = new Sphere(1);
    expect(() => shapeCast(s, at(0, 0, 0), null, s, at(3, 0, 0), null, null, { maxTime: -1 })).toThrow(/options\.maxTime/);
    expect(() => shapeCast(s, at(0, 0, 0), null, s, at(3, 0, 0), null, null, { targetSeparation: Infinity })).toThrow(InvalidNumberError);
    expect(() => shapeCast(s, at(0, 0, 0), { linear: { x: Number.NaN, y: 0, z: 0 } }, s, at(3, 0, 0), null)).toThrow(/motionA\.linear\.x/);
  });
});
