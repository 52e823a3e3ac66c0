/**
 * GJK's trace in the plane (options.trace, what the explorer replays): on the worked example it ends at the
 * answer, |v| never grows from step to step, each simplex has 1 to 3 points, and a trace callback that is
 * not a function is an error naming it.
 */
import { describe, expect, it } from 'vitest';
import { contact, createPose2, distance, InvalidArgumentError, Polygon, type GjkTraceStep2 } from '../../src/2d/index.js';

describe('2D GJK trace', () => {
  it('the worked example: steps end at 11/√41, |v| never grows, the last simplex the edge and vertex that realise it', () => {
    const steps: GjkTraceStep2[] = [];
    const d = distance(new Polygon([4, 11, 9, 9, 4, 5]), createPose2(), new Polygon([8, 6, 15, 6, 13, 1, 10, 2]), createPose2(), { trace: (s) => steps.push(s) });
    expect(d).toBeCloseTo(11 / Math.sqrt(41), 14);
    expect(steps.length).toBeGreaterThanOrEqual(2);
    for (let k = 1; k < steps.length; k++) expect(steps[k].distance).toBeLessThanOrEqual(steps[k - 1].distance);
    for (const s of steps) expect(s.simplex.length).toBeGreaterThanOrEqual(1);
    const last = steps[steps.length - 1];
    expect(last.distance).toBeCloseTo(d, 14);
    // The closest pair: B's vertex (8, 6) against A's edge (9, 9)–(4, 5): the simplex holds (9, 9) − (8, 6) and (4, 5) − (8, 6).
    const pts = last.simplex.map((p) => `${p.x},${p.y}`).sort();
    expect(pts).toEqual(['-4,-1', '1,3']);
  });

  it('contact passes the trace on too; a trace that is not a function is an error naming it', () => {
    let calls = 0;
    contact(new Polygon([0, 0, 1, 0, 0, 1]), createPose2(), new Polygon([2, 0, 3, 0, 2, 1]), createPose2(), null, { trace: () => { calls++; } });
    expect(calls).toBeGreaterThan(0);
    expect(() => distance(new Polygon([0, 0, 1, 0, 0, 1]), createPose2(), new Polygon([2, 0, 3, 0, 2, 1]), createPose2(), { trace: 5 as never })).toThrow(InvalidArgumentError);
    expect(() => distance(new Polygon([0, 0, 1, 0, 0, 1]), createPose2(), new Polygon([2, 0, 3, 0, 2, 1]), createPose2(), { trace: 5 as never })).toThrow(/options\.trace/);
  });
});
