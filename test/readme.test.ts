import { describe, expect, it } from 'vitest';
import { Box, closestPoints, contact, createContactResult, distance, GjkCache, intersects, penetration, Sphere } from '../src/index.js';

/** The README's API tour, run as written, so its stated answers stay true. */
describe('README API tour', () => {
  const crate = new Box(0.5, 0.5, 0.5);
  const ball = new Sphere(0.25);
  const poseA = { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } };
  const poseB = { position: { x: 1, y: 0.2, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } };

  it('answers as the README says', () => {
    expect(intersects(crate, poseA, ball, poseB)).toBe(false);
    expect(distance(crate, poseA, ball, poseB)).toBeCloseTo(0.25, 15);
    expect(closestPoints(crate, poseA, ball, poseB).distance).toBeCloseTo(0.25, 15);
    const p = penetration(crate, poseA, ball, { ...poseB, position: { x: 0.6, y: 0, z: 0 } })!;
    expect(p.depth).toBeCloseTo(0.15, 15);
    expect(p.normal).toEqual({ x: 1, y: 0, z: 0 });
    expect(p.pointA.x).toBeCloseTo(0.5, 15);
    expect(p.pointB.x).toBeCloseTo(0.35, 15);
    const out = createContactResult();
    const c = contact(crate, poseA, ball, poseB, out, { maxDistance: 1, cache: new GjkCache() });
    expect(c).toBe(out);
    expect(c!.separation).toBeCloseTo(0.25, 15);
  });
});
