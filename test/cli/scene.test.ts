/** The `scene` command in-process: every pair within the margin once, in input order, rays' first hits, errors. */
import { describe, expect, it } from 'vitest';
import { runCli, type CliInput } from '../../src/cli/cli.js';
import { Box, contact, Sphere } from '../../src/index.js';

const fileInput = (text: string): CliInput => ({ readFile: async () => text, readStdin: async () => text });
const at = (x: number, y = 0, z = 0) => ({ position: [x, y, z], quaternion: [0, 0, 0, 1] });
const pose = (x: number, y = 0, z = 0) => ({ position: { x, y, z }, quaternion: { x: 0, y: 0, z: 0, w: 1 } });

describe('convex-collide scene', () => {
  it('lists each pair within the margin once (a before b in the input, sorted), with its contact, and each ray\'s first body', async () => {
    const doc = {
      bodies: [
        { id: 'floor', shape: { type: 'box', halfExtents: [5, 0.5, 5] }, pose: at(0, -0.5) },
        { id: 'ball', shape: { type: 'sphere', radius: 0.5 }, pose: at(0, 0.45) },
        { id: 'far', shape: { type: 'sphere', radius: 0.5 }, pose: at(3, 0.55) },
        { id: 'crate', shape: { type: 'box', halfExtents: [0.5, 0.5, 0.5] }, pose: at(0.9, 0.5) },
      ],
      margin: 0.1,
      rays: [
        { id: 'down', origin: [0, 5, 0], direction: [0, -1, 0] },
        { id: 'away', origin: [0, 5, 0], direction: [0, 1, 0] },
        { id: 'short', origin: [3, 5, 0], direction: [0, -1, 0], maxT: 2 },
      ],
    };
    const out = await runCli(['scene', 's.json'], fileInput(JSON.stringify(doc)));
    expect(out.exitCode).toBe(0);
    const r = JSON.parse(out.stdout);
    expect(r.contacts.map((c: { a: string; b: string }) => `${c.a}-${c.b}`)).toEqual(['floor-ball', 'floor-far', 'floor-crate', 'ball-crate']);
    // Each the pairwise contact, a before b.
    const floor = new Box(5, 0.5, 5), ball = new Sphere(0.5);
    const want = contact(floor, pose(0, -0.5), ball, pose(0, 0.45))!;
    expect(r.contacts[0].separation).toBeCloseTo(want.separation, 12);
    expect(r.contacts[0].normal).toEqual([want.normal.x, want.normal.y, want.normal.z]);
    expect(r.contacts[3].separation).toBeCloseTo(contact(ball, pose(0, 0.45), new Box(0.5, 0.5, 0.5), pose(0.9, 0.5))!.separation, 12);
    expect(r.contacts[3].normal[0]).toBeGreaterThan(0); // from the ball (a) towards the crate (b)
    expect(r.rayHits[0]).toMatchObject({ id: 'down', hit: true, body: 'ball' });
    expect(r.rayHits[0].t).toBeCloseTo(5 - 0.95, 12);
    expect(r.rayHits[1]).toEqual({ id: 'away', hit: false });
    expect(r.rayHits[2]).toEqual({ id: 'short', hit: false });
  });

  it('a bad field fails the document with a message naming it (exit 2)', async () => {
    const bad = { bodies: [{ id: 1, shape: { type: 'sphere', radius: -1 }, pose: at(0) }] };
    const out = await runCli(['scene', 's.json'], fileInput(JSON.stringify(bad)));
    expect(out.exitCode).toBe(2);
    expect(out.stderr).toMatch(/bodies\[0\]\.shape/);
    const badRay = { bodies: [], rays: [{ id: 'r', origin: [0, 0, 0], direction: [0, 0, 0] }] };
    expect((await runCli(['scene', 's.json'], fileInput(JSON.stringify(badRay)))).stderr).toMatch(/rays\[0\]\.direction/);
    expect((await runCli(['scene', 's.json'], fileInput('{"bodies": 3}'))).stderr).toMatch(/bodies is/);
    expect((await runCli(['scene', 's.json'], fileInput('{"bodies": [], "margin": -1}'))).stderr).toMatch(/margin/);
  });

  it('a list of scenes (the conformance set\'s document): each scene\'s own answer, a bad one its error (exit 1)', async () => {
    const one = { bodies: [{ id: 'a', shape: { type: 'sphere', radius: 1 }, pose: at(0) }, { id: 'b', shape: { type: 'box', halfExtents: [1, 1, 1] }, pose: at(1.5) }] };
    const two = { bodies: [{ id: 'p', shape: { type: 'sphere', radius: 0.5 }, pose: at(0) }, { id: 'q', shape: { type: 'sphere', radius: 0.5 }, pose: at(0.9) }], rays: [{ id: 'r', origin: [-5, 0, 0], direction: [1, 0, 0] }] };
    const bad = { bodies: [{ id: 1, shape: { type: 'sphere', radius: -1 }, pose: at(0) }] };
    const list = { scenes: [{ id: 's1', category: 'x', scene: one, expect: {} }, { id: 7, scene: two }, { id: 'bad', scene: bad }, 'junk'] };
    const out = await runCli(['scene', 's.json'], fileInput(JSON.stringify(list)));
    expect(out.exitCode).toBe(1);
    expect(out.stderr).toMatch(/2 scenes could not be answered/);
    const { results } = JSON.parse(out.stdout);
    expect(results).toHaveLength(4);
    // Each listed scene's answer is the single scene's, with its id.
    for (const [i, scene] of [[0, one], [1, two]] as const) {
      const alone = JSON.parse((await runCli(['scene', 's.json'], fileInput(JSON.stringify(scene)))).stdout);
      expect(results[i]).toEqual({ id: ['s1', 7][i], ...alone });
    }
    expect(results[2].id).toBe('bad');
    expect(results[2].error).toMatch(/^scenes\[2\]\.scene: .*bodies\[0\]\.shape/);
    expect(results[3]).toEqual({ id: null, error: expect.stringMatching(/^scenes\[3\] is/) });
  });
});
