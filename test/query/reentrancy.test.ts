/**
 * Queries run from inside other queries: a user's support function or trace callback may query, and
 * the outer query's answer must not change (it used to: the inner query overwrote the shared work
 * record, so a box–box distance of 1 came back as 4 and an overlapping pair's penetration as null).
 */
import { describe, expect, it } from 'vitest';
import {
  Box, computeAabb, contact, distance, InvalidArgumentError, intersects, penetration, Sphere, type PoseLike, type Shape,
} from '../../src/index.js';

const ID = { x: 0, y: 0, z: 0, w: 1 };
const at = (x: number, y = 0, z = 0): PoseLike => ({ position: { x, y, z }, quaternion: { ...ID } });
const unit = new Box(0.5, 0.5, 0.5);

/** A unit box of the user's own, whose support runs `inner` (a query) on every call. */
function queryingBox(inner: () => void): Shape {
  return {
    sweptRadius: 0,
    boundingRadius: Math.sqrt(0.75),
    support(out, d) {
      inner();
      out.x = d.x >= 0 ? 0.5 : -0.5; out.y = d.y >= 0 ? 0.5 : -0.5; out.z = d.z >= 0 ? 0.5 : -0.5;
      return out;
    },
  };
}

describe('re-entrant queries', () => {
  it('a support function that queries leaves the outer answer as it is', () => {
    let innerRuns = 0;
    const inner = () => { innerRuns++; expect(distance(unit, at(0), unit, at(5))).toBe(4); };
    const shape = queryingBox(inner);
    expect(distance(unit, at(0), shape, at(2))).toBe(1);
    expect(intersects(shape, at(0), unit, at(2))).toBe(false);
    expect(contact(unit, at(0), shape, at(2))!.separation).toBe(1);
    const p = penetration(unit, at(0), shape, at(0.75))!;
    expect(p).not.toBeNull();
    expect(p.depth).toBeCloseTo(0.25, 14);
    expect(innerRuns).toBeGreaterThan(10);
  });

  it('a trace callback that queries leaves the outer answer as it is', () => {
    let steps = 0;
    const trace = () => { steps++; expect(penetration(unit, at(0), unit, at(0.5))!.depth).toBeCloseTo(0.5, 14); };
    expect(contact(unit, at(0), new Sphere(0.5), at(3), undefined, { trace })!.separation).toBe(2);
    expect(penetration(unit, at(0), unit, at(0.9), undefined, { trace })!.depth).toBeCloseTo(0.1, 14);
    expect(steps).toBeGreaterThan(2);
  });

  it('a support function that queries itself forever is an error, and queries work after it', () => {
    const shape: Shape = queryingBox(() => { distance(shape, at(0), unit, at(3)); });
    expect(() => distance(shape, at(0), unit, at(3))).toThrow(InvalidArgumentError);
    expect(() => distance(shape, at(0), unit, at(3))).toThrow(/^query runs more than 64 queries deep/);
    // Every level released its work record on the way out.
    expect(distance(unit, at(0), unit, at(2))).toBe(1);
    const failing: Shape = queryingBox(() => { throw new Error('user'); });
    expect(() => contact(unit, at(0), failing, at(2))).toThrow('user');
    expect(distance(unit, at(0), unit, at(2))).toBe(1);
  });

  it('computeAabb inside computeAabb is a clear error; outside, boxes are right again', () => {
    const shape = queryingBox(() => { computeAabb(unit, at(0)); });
    expect(() => computeAabb(shape, at(0))).toThrow(/^computeAabb was called from inside computeAabb/);
    expect(computeAabb(unit, at(1)).max.x).toBe(1.5);
  });
});
