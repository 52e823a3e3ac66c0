import { describe, expect, it } from 'vitest';
import { buildHull } from '../../src/hull/build-hull.js';
import { validateHull } from '../../src/hull/validate-hull.js';
import { runHullCommand } from '../../src/cli/commands/hull.js';
import { runCli } from '../../src/cli/cli.js';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

describe('convex-collide hull', () => {
  it('writes vertices, faces and normals of a cube with interior points', () => {
    const points: number[][] = [[0.5, 0.5, 0.5]];
    for (const x of [0, 1]) for (const y of [0, 1]) for (const z of [0, 1]) points.push([x, y, z], [x, 0.5, z]);
    const r = runHullCommand(JSON.stringify({ points }));
    expect(r.exitCode).toBe(0);
    const out = JSON.parse(r.output);
    expect(out.vertices).toHaveLength(8);
    expect(out.faces).toHaveLength(6);
    expect(out.normals).toHaveLength(6);
    // The output re-validates as a hull.
    const h = buildHull(out.vertices.flat());
    expect(validateHull(h, points.flat(), { inputIndices: false }).errors).toEqual([]);
  });

  it('a flat input writes its polygon once per side', () => {
    const r = runHullCommand('{"points": [[0,0,0],[1,0,0],[0,1,0],[1,1,0],[0.5,0.5,0]]}');
    const out = JSON.parse(r.output);
    expect(out.faces).toHaveLength(2);
    expect(out.normals[0][2]).toBe(-out.normals[1][2]);
  });

  it('malformed input exits 2 with a message naming the field', () => {
    expect(runHullCommand('{not json').exitCode).toBe(2);
    expect(runHullCommand('[]').output).toMatch(/expected \{"points"/);
    expect(runHullCommand('{"pts": []}').output).toMatch(/"points" is missing/);
    expect(runHullCommand('{"points": []}').output).toMatch(/empty/);
    expect(runHullCommand('{"points": [[0,0]]}').output).toMatch(/points\[0\]/);
    const r = runHullCommand('{"points": [[0,0,0],[1,"a",0]]}');
    expect(r.exitCode).toBe(2);
    expect(r.output).toMatch(/points\[1\]\[1\]/);
  });
});

describe('the command on hostile input (the hardening probes)', () => {
  const run = (text: string) => runCli(['hull', '-'], { readStdin: async () => text, readFile: async () => text });

  it('reads a leading byte-order mark, as query does', async () => {
    const r = await run('\uFEFF{"points": [[0,0,0],[1,0,0],[0,1,0],[0,0,1]]}');
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).faces).toHaveLength(4);
  });

  it('a point nested 100,000 deep is a one-line message, not an internal error', async () => {
    let point = '[0,0,0]';
    for (let i = 0; i < 100_000; i++) point = `[${point}]`;
    const r = await run(`{"points": [${point}]}`);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe('convex-collide hull: points[0] is an array of length 1; expected [x, y, z] (three finite numbers)\n');
  });

  it('quotes at most a little of a huge value, and escapes control bytes', async () => {
    const huge = await run(`{"points": [[0, 0, "${'x'.repeat(2_000_000)}"]]}`);
    expect(huge.exitCode).toBe(2);
    expect(huge.stderr.length).toBeLessThan(300);
    const garbage = await run('garb\u0001\u001b[31mage');
    expect(garbage.exitCode).toBe(2);
    expect(garbage.stderr).toContain('garb\\u0001\\u001b[31mage');
    expect(garbage.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
  });

  it('a full disk is a one-line error with exit status 2, not an uncaught exception', () => {
    if (process.platform !== 'linux') return;
    const r = spawnSync('sh', ['-c', `"${process.execPath}" --import tsx src/cli/main.ts query examples/pairs.json > /dev/full`], {
      cwd: fileURLToPath(new URL('../../', import.meta.url)), encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('convex-collide: cannot write the output: ENOSPC\n');
  });
});
