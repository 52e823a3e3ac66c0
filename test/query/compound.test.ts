/**
 * Queries on compounds against brute force: the minimum over every part pair, each part placed by
 * composing poses in the test (quaternions, test/oracles.ts) and answered by the convex query, for
 * compounds of up to 20 parts against convex shapes and against each other; the part indices; the
 * swapped pair; and early outs that must not skip a deeper overlap.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Box, Compound, Sphere, closestPoints, contact, contactManifold, createContactResult, distance, intersects, penetration, type ConvexShape } from '../../src/index.js';
import { shapeFromJSON, type ShapeJSON } from '../../src/format/index.js';
import { answerPairQueryText } from '../../src/cli/answers/pair.js';
import { anyShape, pose } from '../arbitraries.js';
import { composePose, poseObj, type PoseT } from '../oracles.js';
import { runs } from '../runs.js';

interface Parts { shapes: ConvexShape[]; poses: PoseT[]; compound: Compound }

const partsArb = (max: number) => fc.array(fc.record({ shape: anyShape, pose: pose(2) }), { minLength: 1, maxLength: max }).map((ps): Parts => {
  const shapes = ps.map((p) => shapeFromJSON(p.shape as ShapeJSON));
  return { shapes, poses: ps.map((p) => p.pose), compound: new Compound(shapes.map((shape, i) => ({ shape, pose: poseObj(ps[i].pose) }))) };
});

/** Brute force: contact of every part (placed in the world) with `other`: the least separation. */
function bruteContact(c: Parts, cPose: PoseT, other: ConvexShape, oPose: PoseT) {
  let best = Infinity;
  c.shapes.forEach((shape, i) => { best = Math.min(best, contact(shape, poseObj(composePose(cPose, c.poses[i])), other, poseObj(oPose))!.separation); });
  return { best };
}

describe('compounds: every query is the minimum over part pairs (brute force)', () => {
  it('against a convex shape: contact, penetration, distance, closestPoints, intersects, and the part indices', () => {
    fc.assert(fc.property(partsArb(20), pose(2), anyShape, pose(4), (c, cPose, otherJson, oPose) => {
      const other = shapeFromJSON(otherJson as ShapeJSON);
      const { best } = bruteContact(c, cPose, other, oPose);
      const size = 10;
      const r = contact(c.compound, poseObj(cPose), other, poseObj(oPose), createContactResult())!;
      expect(Math.abs(r.separation - best)).toBeLessThan(1e-9 * size);
      // The part: the brute force's, unless another part is within rounding of it.
      const partSep = contact(c.shapes[r.partA], poseObj(composePose(cPose, c.poses[r.partA])), other, poseObj(oPose))!.separation;
      expect(Math.abs(partSep - best)).toBeLessThan(1e-9 * size);
      expect(r.partB).toBe(0);
      // Swapped: the same separation, the normal reversed, the indices swapped.
      const s = contact(other, poseObj(oPose), c.compound, poseObj(cPose))!;
      expect(Math.abs(s.separation - r.separation)).toBeLessThan(1e-12 * size);
      expect(s.partB).toBe(r.partA);
      expect(s.partA).toBe(0);
      expect(s.normal.x).toBeCloseTo(-r.normal.x, 12);
      // The other families agree.
      const d = distance(c.compound, poseObj(cPose), other, poseObj(oPose));
      expect(Math.abs(d - Math.max(best, 0))).toBeLessThan(1e-9 * size);
      expect(Math.abs(closestPoints(other, poseObj(oPose), c.compound, poseObj(cPose)).distance - d)).toBeLessThan(1e-9 * size);
      if (Math.abs(best) > 1e-9 * size) {
        expect(intersects(c.compound, poseObj(cPose), other, poseObj(oPose))).toBe(best < 0);
        const p = penetration(c.compound, poseObj(cPose), other, poseObj(oPose));
        if (best < 0) expect(Math.abs(p!.depth + best)).toBeLessThan(1e-9 * size);
        else expect(p).toBeNull();
      }
    }), { numRuns: runs(120) });
  });

  it('compound against compound: the least separation over every pair of parts', () => {
    fc.assert(fc.property(partsArb(6), pose(2), partsArb(6), pose(3), (a, pa, b, pb) => {
      let best = Infinity;
      a.shapes.forEach((sa, i) => b.shapes.forEach((sb, j) => {
        best = Math.min(best, contact(sa, poseObj(composePose(pa, a.poses[i])), sb, poseObj(composePose(pb, b.poses[j])))!.separation);
      }));
      const r = contact(a.compound, poseObj(pa), b.compound, poseObj(pb))!;
      expect(Math.abs(r.separation - best)).toBeLessThan(1e-9 * 10);
      const sep = contact(a.shapes[r.partA], poseObj(composePose(pa, a.poses[r.partA])), b.shapes[r.partB], poseObj(composePose(pb, b.poses[r.partB])))!.separation;
      expect(Math.abs(sep - best)).toBeLessThan(1e-9 * 10);
      expect(Math.abs(distance(a.compound, poseObj(pa), b.compound, poseObj(pb)) - Math.max(best, 0))).toBeLessThan(1e-9 * 10);
      if (Math.abs(best) > 1e-8) expect(intersects(a.compound, poseObj(pa), b.compound, poseObj(pb))).toBe(best < 0);
    }), { numRuns: runs(60) });
  });

  it('an overlap found first does not hide a deeper one in another part whose box also touches', () => {
    const at = (x: number, y: number, z: number) => ({ position: { x, y, z }, quaternion: { x: 0, y: 0, z: 0, w: 1 } });
    // Part 0 grazes the ball, part 1 swallows its centre.
    const c = new Compound([{ shape: new Box(0.5, 0.5, 0.5), pose: at(-0.95, 0, 0) }, { shape: new Box(0.3, 0.3, 0.3), pose: at(0.1, 0, 0) }]);
    const r = contact(c, at(0, 0, 0), new Sphere(0.5), at(0, 0, 0))!;
    expect(r.partA).toBe(1);
    expect(r.separation).toBeCloseTo(-0.7, 12); // the ball's centre is 0.2 inside part 1's nearest face: depth 0.2 + 0.5 (part 0: 0.05)
  });
});

describe('contactManifold (one manifold) sends a compound to contactManifolds', () => {
  it('an UnsupportedPairError naming the argument and the query to use', () => {
    const c = new Compound([{ shape: new Box(1, 1, 1), pose: poseObj({ position: [0, 0, 0], quaternion: [0, 0, 0, 1] }) }]);
    const P0 = poseObj({ position: [0, 0, 0], quaternion: [0, 0, 0, 1] });
    expect(() => contactManifold(new Box(1, 1, 1), P0, c, P0)).toThrow(/^contactManifold: b is a compound, .*use contactManifolds/);
    expect(() => contactManifold(c, P0, new Box(1, 1, 1), P0)).toThrow(/^contactManifold: a is a compound/);
  });
});

describe('compounds in the JSON pair format', () => {
  const P = { position: [0, 0, 0], quaternion: [0, 0, 0, 1] };
  const L = { type: 'compound', parts: [
    { shape: { type: 'box', halfExtents: [1, 0.1, 0.1] }, pose: P },
    { shape: { type: 'box', halfExtents: [0.1, 1, 0.1] }, pose: { position: [-0.9, 0.9, 0], quaternion: [0, 0, 0, 1] } },
  ] };
  it('answers a compound as a pair shape, as the library does', () => {
    const doc = { pairs: [{ id: 1, a: L, poseA: P, b: { type: 'sphere', radius: 0.2 }, poseB: { position: [0.5, 0.5, 0], quaternion: [0, 0, 0, 1] } }] };
    const out = JSON.parse(answerPairQueryText(JSON.stringify(doc)).results) as { results: { separation: number }[] };
    expect(out.results[0].separation).toBeCloseTo(0.2, 12); // 0.5 − 0.1 − 0.2 above the bar
  });
  it('names a bad part: a compound inside a compound, a missing part list, a bad pose', () => {
    const answer = (a: unknown) => JSON.parse(answerPairQueryText(JSON.stringify({ pairs: [{ id: 1, a, poseA: P, b: { type: 'sphere', radius: 1 }, poseB: P }] })).results) as { results: { error?: string }[] };
    expect(answer({ type: 'compound', parts: [{ shape: L, pose: P }] }).results[0].error).toMatch(/pairs\[0\]\.a\.parts\[0\]\.shape.*convex/);
    expect(answer({ type: 'compound' }).results[0].error).toMatch(/pairs\[0\]\.a\.parts/);
    expect(answer({ type: 'compound', parts: [] }).results[0].error).toMatch(/empty/);
    expect(answer({ type: 'compound', parts: [{ shape: { type: 'sphere', radius: 1 }, pose: { position: [0, 0, 'x'], quaternion: [0, 0, 0, 1] } }] }).results[0].error).toMatch(/pairs\[0\]\.a\.parts\[0\]\.pose/);
  });
});
