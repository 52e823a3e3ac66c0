/** The `query2d` command in-process: the 2D pair format, per-pair errors naming the field, exit codes. */
import { describe, expect, it } from 'vitest';
import { runCli, type CliInput } from '../../src/cli/cli.js';

const fileInput = (text: string): CliInput => ({ readFile: async () => text, readStdin: async () => text });
const at = (x: number, y: number, angle = 0) => ({ position: [x, y], angle });

describe('convex-collide query2d', () => {
  it('answers each pair by closed forms: circles apart, boxes overlapping, a rotated capsule, the worked example', async () => {
    const doc = {
      pairs: [
        // Centres 5 apart, radii 1 and 1.5: a gap of 2.5 along +x.
        { id: 'circles', a: { type: 'circle', radius: 1 }, poseA: at(0, 0), b: { type: 'circle', radius: 1.5 }, poseB: at(3, 4) },
        // Unit squares overlapping by 0.25 in x (and 1.5 in y): depth 0.25, normal +x.
        { id: 'boxes', a: { type: 'box', halfExtents: [1, 1] }, poseA: at(0, 0), b: { type: 'box', halfExtents: [1, 1] }, poseB: at(1.75, 0.5) },
        // A capsule of half height 1 turned a quarter: its core lies on x from -1 to 1; a point at (3, 0) is 3 - 1 - 0.5 away.
        { id: 'capsule', a: { type: 'capsule', halfHeight: 1, radius: 0.5 }, poseA: at(0, 0, Math.PI / 2), b: { type: 'point' }, poseB: at(3, 0) },
        { id: 7, a: { type: 'polygon', points: [[4, 11], [9, 9], [4, 5]] }, poseA: at(0, 0), b: { type: 'polygon', points: [[8, 6], [15, 6], [13, 1], [10, 2]] }, poseB: at(0, 0) },
      ],
    };
    const out = await runCli(['query2d', 'x.json'], fileInput(JSON.stringify(doc)));
    expect(out.stderr).toBe('');
    expect(out.exitCode).toBe(0);
    const r = JSON.parse(out.stdout).results;
    expect(r.map((x: { id: unknown }) => x.id)).toEqual(['circles', 'boxes', 'capsule', 7]);
    expect(r[0].separation).toBeCloseTo(2.5, 12);
    expect(r[0].normal[0]).toBeCloseTo(0.6, 12);
    expect(r[0].normal[1]).toBeCloseTo(0.8, 12);
    expect(r[0].pointA[0]).toBeCloseTo(0.6, 12);
    expect(r[0].intersecting).toBe(false);
    expect(r[1].separation).toBeCloseTo(-0.25, 12);
    expect(r[1].normal).toEqual([1, 0]);
    expect(r[1].intersecting).toBe(true);
    expect(r[2].separation).toBeCloseTo(1.5, 12);
    // The worked example: B's vertex (8, 6) against A's edge from (9, 9) to (4, 5); |(8,6)-(9,9) x (4,5)-(9,9)| / |(4,5)-(9,9)|.
    expect(r[3].separation).toBeCloseTo(Math.abs(-1 * -4 - -3 * -5) / Math.hypot(5, 4), 12);
  });

  it('a bad pair gets an error naming the field (exit 1), the others are answered', async () => {
    const circle = { type: 'circle', radius: 1 };
    const doc = {
      pairs: [
        { id: 'ok', a: circle, poseA: at(0, 0), b: circle, poseB: at(3, 0) },
        { id: 'angle', a: circle, poseA: { position: [0, 0], angle: 'x' }, b: circle, poseB: at(3, 0) },
        { id: 'empty', a: { type: 'polygon', points: [] }, poseA: at(0, 0), b: circle, poseB: at(3, 0) },
        { id: 'radius', a: circle, poseA: at(0, 0), b: { type: 'rounded', shape: { type: 'point' }, radius: -1 }, poseB: at(3, 0) },
        { id: 'position', a: circle, poseA: { position: [0, 0, 0], angle: 0 }, b: circle, poseB: at(3, 0) },
        { id: 'type', a: { type: 'sphere', radius: 1 }, poseA: at(0, 0), b: circle, poseB: at(3, 0) },
      ],
    };
    const out = await runCli(['query2d', '-'], fileInput(JSON.stringify(doc)));
    expect(out.exitCode).toBe(1);
    expect(out.stderr).toMatch(/5 of 6 pairs could not be answered/);
    const r = JSON.parse(out.stdout).results;
    expect(r[0].separation).toBe(1);
    expect(r[1].error).toMatch(/pairs\[1\]\.poseA\.angle/);
    expect(r[2].error).toMatch(/pairs\[2\]\.a\.points/);
    expect(r[3].error).toMatch(/pairs\[3\]\.b\.radius/);
    expect(r[4].error).toMatch(/pairs\[4\]\.poseA\.position/);
    expect(r[5].error).toMatch(/pairs\[5\]\.a\.type/);
  });

  it('input that is not a pair document: exit 2 with a message', async () => {
    const out = await runCli(['query2d', 'x.json'], fileInput('{"rays": []}'));
    expect(out.exitCode).toBe(2);
    expect(out.stderr).toMatch(/pairs/);
  });
});
