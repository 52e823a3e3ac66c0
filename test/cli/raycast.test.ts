/** The `raycast` command in-process: its format, per-ray errors and exit codes. */
import { describe, expect, it } from 'vitest';
import { runCli, type CliInput } from '../../src/cli/cli.js';

const fileInput = (text: string): CliInput => ({ readFile: async () => text, readStdin: async () => text });
const cube = { type: 'box', halfExtents: [0.5, 0.5, 0.5] };
const at0 = { position: [0, 0, 0], quaternion: [0, 0, 0, 1] };

describe('convex-collide raycast', () => {
  it('answers each ray: a hit with t, point and normal, a miss, an error naming the field', async () => {
    const doc = {
      rays: [
        { id: 'hit', shape: cube, pose: at0, origin: [-5, 0, 0], direction: [2, 0, 0] },
        { id: 'miss', shape: cube, pose: at0, origin: [-5, 2, 0], direction: [1, 0, 0] },
        { id: 'short', shape: cube, pose: at0, origin: [-5, 0, 0], direction: [1, 0, 0], maxT: 4 },
        { id: 'hollow', shape: cube, pose: at0, origin: [0, 0, 0], direction: [0, 0, 1], solid: false },
        { id: 'bad', shape: cube, pose: at0, origin: [-5, 0, 0], direction: [0, 0, 0] },
      ],
    };
    const out = await runCli(['raycast', 'x.json'], fileInput(JSON.stringify(doc)));
    expect(out.exitCode).toBe(1);
    const r = JSON.parse(out.stdout).results;
    expect(r[0]).toEqual({ id: 'hit', hit: true, t: 2.25, point: [-0.5, 0, 0], normal: [-1, 0, 0] });
    expect(r[1]).toEqual({ id: 'miss', hit: false });
    expect(r[2]).toEqual({ id: 'short', hit: false });
    expect(r[3]).toEqual({ id: 'hollow', hit: true, t: 0.5, point: [0, 0, 0.5], normal: [0, 0, 1] });
    expect(r[4].error).toMatch(/rays\[4\]\.direction/);
  });
});

describe('convex-collide cast', () => {
  it('answers each cast: a hit with its time, a miss, an error naming the field', async () => {
    const ball = { type: 'sphere', radius: 1 };
    const doc = {
      casts: [
        { id: 'jolt', a: ball, poseA: { position: [-10, 0, 0], quaternion: [0, 0, 0, 1] }, motionA: { linear: [20, 0, 0] }, b: ball, poseB: at0 },
        { id: 'miss', a: ball, poseA: { position: [-10, 2.1, 0], quaternion: [0, 0, 0, 1] }, motionA: { linear: [20, 0, 0] }, b: ball, poseB: at0 },
        { id: 'bad', a: ball, poseA: at0, b: ball, poseB: at0, maxTime: -1 },
      ],
    };
    const out = await runCli(['cast', 'x.json'], fileInput(JSON.stringify(doc)));
    expect(out.exitCode).toBe(1);
    const r = JSON.parse(out.stdout).results;
    expect(r[0].hit).toBe(true);
    expect(r[0].time).toBeCloseTo(0.4, 6);
    expect(r[0].normal[0]).toBeCloseTo(1, 9);
    expect(r[1]).toEqual({ id: 'miss', hit: false });
    expect(r[2].error).toMatch(/casts\[2\]\.maxTime/);
  });
});
