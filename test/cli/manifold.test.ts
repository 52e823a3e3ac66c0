/** The `manifold` command in-process: its format, per-pair errors and exit codes. */
import { describe, expect, it } from 'vitest';
import { runCli, type CliInput } from '../../src/cli/cli.js';

const fileInput = (text: string): CliInput => ({ readFile: async () => text, readStdin: async () => text });
const cube = { type: 'box', halfExtents: [0.5, 0.5, 0.5] };
const at = (x: number, y: number, z: number) => ({ position: [x, y, z], quaternion: [0, 0, 0, 1] });

describe('convex-collide manifold', () => {
  it('answers each pair with its manifold, none beyond the margin, and an error naming a bad margin', async () => {
    const doc = {
      pairs: [
        { id: 'resting', a: cube, poseA: at(0, 0, 0), b: cube, poseB: at(0.25, 0.99, 0.25) },
        { id: 'apart', a: cube, poseA: at(0, 0, 0), b: cube, poseB: at(0, 1.05, 0), margin: 0.01 },
        { id: 'speculative', a: cube, poseA: at(0, 0, 0), b: cube, poseB: at(0, 1.005, 0), margin: 0.01 },
        { id: 'bad', a: cube, poseA: at(0, 0, 0), b: cube, poseB: at(0, 1, 0), margin: -1 },
      ],
    };
    const out = await runCli(['manifold', 'x.json'], fileInput(JSON.stringify(doc)));
    expect(out.exitCode).toBe(1);
    expect(out.stderr).toMatch(/1 of 4 pairs could not be answered/);
    const results = JSON.parse(out.stdout).results;
    expect(results.map((r: { id: string }) => r.id)).toEqual(['resting', 'apart', 'speculative', 'bad']);
    const [m] = results[0].manifolds;
    expect(m.partA).toBe(0);
    expect(m.normal).toEqual([0, 1, 0]);
    expect(m.points).toHaveLength(4);
    expect(m.points.map((p: { featureB: string }) => p.featureB).sort()).toEqual(['e0', 'e8', 'f3', 'v0']);
    for (const p of m.points) expect(p.separation).toBeCloseTo(-0.01, 14);
    expect(results[1].manifolds).toEqual([]);
    expect(results[2].manifolds[0].points[0].separation).toBeCloseTo(0.005, 14);
    expect(results[3].error).toMatch(/pairs\[3\]\.margin/);
  });

  it('input that is not a pair document is exit 2', async () => {
    const out = await runCli(['manifold', '-'], fileInput('{"pairs": 3}'));
    expect(out.exitCode).toBe(2);
    expect(out.stderr).toMatch(/convex-collide manifold: pairs is/);
  });
});
