import { describe, expect, it } from 'vitest';
import { buildHull } from '../../src/hull/build-hull.js';
import { validateHull } from '../../src/hull/validate-hull.js';
import { runHullCommand } from '../../src/cli/commands/hull.js';

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
