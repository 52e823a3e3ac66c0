/**
 * `convex-collide decompose`: the OBJ reader (each statement and corner form, each error with its line),
 * the command on an L-shaped block (its two boxes: the hulls' volumes sum to the L's, every vertex inside a
 * part), the JSON input, every flag and bad flag value, the three.js format read back by three's own
 * BufferGeometryLoader, an open mesh, the progress bar, and the real process once.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BufferGeometryLoader } from 'three';
import { describe, expect, it } from 'vitest';
import { runCli, type CliInput } from '../../src/cli/cli.js';
import { runDecomposeCommand } from '../../src/cli/commands/decompose.js';
import { readObj } from '../../src/cli/commands/obj.js';
import { createProgressBar } from '../../src/cli/progress-bar.js';
import { InvalidShapeError } from '../../src/index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * An L-shaped block, the square [0, 2]² less [1, 2]², from z = 0 to 1 (volume 3), as an exporter writes it:
 * CRLF line endings, an object name, normals and texture coordinates, and every corner form. Its faces are
 * quads on the unit grid, so its two boxes meet along mesh edges.
 */
const L_OBJ = [
  '# L block',
  'mtllib l.mtl',
  'o L',
  'v 0 0 0', 'v 1 0 0', 'v 2 0 0', 'v 0 1 0', 'v 1 1 0', 'v 2 1 0', 'v 0 2 0', 'v 1 2 0',
  'v 0 0 1', 'v 1 0 1', 'v 2 0 1', 'v 0 1 1', 'v 1 1 1', 'v 2 1 1', 'v 0 2 1', 'v 1 2 1',
  'vt 0 0', 'vn 0 0 -1', 'vn 0 0 1',
  'usemtl stone',
  's off',
  'g bottom',
  'f 1 4 5 2', 'f 2/1 5/1 6/1 3/1', 'f 4//1 7//1 8//1 5//1',
  'g top',
  'f 9/1/2 10/1/2 13/1/2 12/1/2', 'f 10 11 14 13', 'f 12 13 16 15',
  'g sides',
  '',
  'f 1 2 10 9', 'f 2 3 11 10', 'f 3 6 14 11', 'f 6 5 13 14   # the inner faces of the notch',
  'f 5 8 16 13', 'f 8 7 15 16', 'f 7 4 12 15', 'f -13 -16 -8 -5',
].join('\r\n');
const L_VOLUME = 3;
const L_VERTICES: number[][] = [];
for (const z of [0, 1]) for (const [x, y] of [[0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [2, 1], [0, 2], [1, 2]]) L_VERTICES.push([x, y, z]);

/** A unit cube less its top face (two triangles): open along the top's four edges. */
const OPEN_CUBE = `v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1
f 1 4 3 2\nf 1 2 6 5\nf 2 3 7 6\nf 3 4 8 7\nf 4 1 5 8\n`;

interface Parts { parts: { vertices: number[][]; faces: number[][] }[]; concavity: number; cuts: number; merges: number }

const run = (text: string, options = {}) => runDecomposeCommand(text, options);
const parts = (text: string, options = {}): Parts => {
  const r = run(text, options);
  expect(r.exitCode, r.output).toBe(0);
  return JSON.parse(r.output) as Parts;
};
const io = (stdin: string, extra: Partial<CliInput> = {}): CliInput => ({ readFile: async () => stdin, readStdin: async () => stdin, ...extra });

type V = readonly number[];
const sub = (a: V, b: V) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: V, b: V) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const dot = (a: V, b: V) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** The volume a closed polyhedron's faces enclose (divergence theorem over each face's fan): positive when they run counter-clockwise from outside. */
function volume(vertices: number[][], faces: number[][]): number {
  let v = 0;
  for (const f of faces) for (let k = 1; k + 1 < f.length; k++) v += dot(vertices[f[0]], cross(vertices[f[k]], vertices[f[k + 1]])) / 6;
  return v;
}

/** Whether p is inside the convex polyhedron (within 1e-9): behind every face's plane, each face counter-clockwise from outside. */
function inside(p: V, vertices: number[][], faces: number[][]): boolean {
  return faces.every((f) => {
    const a = vertices[f[0]], n = cross(sub(vertices[f[1]], a), sub(vertices[f[2]], a));
    return dot(n, sub(p, a)) <= 1e-9 * Math.hypot(n[0], n[1], n[2]);
  });
}

/** The InvalidShapeError readObj throws for `text`. */
function objError(text: string): InvalidShapeError {
  try {
    readObj(text);
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidShapeError);
    return e as InvalidShapeError;
  }
  throw new Error(`readObj accepted ${JSON.stringify(text)}`);
}

describe('readObj', () => {
  it('reads v lines (x y z, a w ignored, vertex colours ignored) and clips polygon faces into triangles', () => {
    const m = readObj('v 0 0 0\nv 1 0 0 1\nv 1 1 0 0.5 0.5 0.5\nv 0 1 0\nv -1.5e0 +.5 2.\nf 1 2 3 4 5\n');
    expect(Array.from(m.positions)).toEqual([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, -1.5, 0.5, 2]);
    // A pentagon: three triangles of its corners.
    expect(m.indices.length).toBe(9);
    expect(m.positions).toBeInstanceOf(Float64Array);
    expect(m.indices).toBeInstanceOf(Int32Array);
    // A non-convex face (an L, in the plane z = 1, listed from a corner that does not see all of it: a fan
    // from it would overlap itself): four triangles, each counter-clockwise about +z, of total area 3.
    const l = readObj('v 2 0 1\nv 2 1 1\nv 1 1 1\nv 1 2 1\nv 0 2 1\nv 0 0 1\nf 1 2 3 4 5 6\n'), p = l.positions, t = l.indices;
    expect(t.length).toBe(12);
    let area = 0;
    for (let k = 0; k < t.length; k += 3) {
      const [a, b, c] = [3 * t[k], 3 * t[k + 1], 3 * t[k + 2]];
      const twice = (p[b] - p[a]) * (p[c + 1] - p[a + 1]) - (p[b + 1] - p[a + 1]) * (p[c] - p[a]);
      expect(twice).toBeGreaterThan(0);
      area += twice / 2;
    }
    expect(area).toBe(3);
    // A face whose loop crosses itself (a bow tie) is fanned from its first corner, as written.
    expect(Array.from(readObj('v 0 0 0\nv 1 1 0\nv 1 0 0\nv 0 1 0\nf 1 2 3 4\n').indices)).toEqual([0, 1, 2, 0, 2, 3]);
  });

  it('reads every corner form: i, i/t, i//n, i/t/n, and negative indices back from the last vertex', () => {
    const head = 'v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\n';
    for (const face of ['f 2 3 4', 'f 2/1 3/2 4/3', 'f 2//1 3//1 4//1', 'f 2/1/1 3/2/1 4/3/1', 'f -3 -2 -1', 'f -3/1 -2//2 4/-1/-1']) {
      expect(Array.from(readObj(head + face).indices), face).toEqual([1, 2, 3]);
    }
    // Relative to the vertices read so far: -1 is the newest at that line.
    expect(Array.from(readObj('v 0 0 0\nv 1 0 0\nv 0 1 0\nf -3 -2 -1\nv 0 0 1\nf -4 -1 -2').indices)).toEqual([0, 1, 2, 0, 3, 2]);
  });

  it('skips comments, blank lines and other statements; reads \\r\\n, \\r, a byte-order mark and continued lines', () => {
    const lines = ['# a comment', '', '   ', 'mtllib x.mtl', 'o thing', 'g group', 's 1', 'usemtl m', 'vn 0 0 1', 'vt 0.5 0.5', 'vp 0.1',
      'v 0 0 0 # trailing comment', 'v 1 0 0', 'v 0 1 \\', '  0', 'l 1 2', 'f 1 2 3'];
    for (const eol of ['\n', '\r\n', '\r']) {
      const m = readObj(`\uFEFF${lines.join(eol)}${eol}`);
      expect(Array.from(m.positions), JSON.stringify(eol)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
      expect(Array.from(m.indices)).toEqual([0, 1, 2]);
    }
  });

  it('reads the L block: 16 vertices, 14 quads as 28 triangles', () => {
    const m = readObj(L_OBJ);
    expect(Array.from(m.positions)).toEqual(L_VERTICES.flat());
    expect(m.indices.length).toBe(3 * 28);
  });

  it('says which line is wrong, and why, for each error', () => {
    const cases: [string, string, RegExp][] = [
      ['v 0 0 0\nv 1 zero 0\n', 'line 2', /has "zero" as the vertex's y coordinate; expected a finite decimal number/],
      ['v 0 0 1e999', 'line 1', /has "1e999" as the vertex's z coordinate/],
      ['v 0x10 0 0', 'line 1', /has "0x10" as the vertex's x coordinate/],
      ['v 0 0 0 nan', 'line 1', /"nan" as the vertex's w;/],
      ['\n\nv 1 2', 'line 3', /is a vertex with 2 numbers \("v 1 2"\); expected v x y z, v x y z w or v x y z r g b/],
      ['v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2', 'line 4', /is a face with 2 corners \("f 1 2"\); expected at least 3/],
      ['v 0 0 0\nv 1 0 0\nv 0 1 0\nf', 'line 4', /is a face with 0 corners/],
      ['v 0 0 0\nv 1 0 0\nv 0 1 0\nf 0 1 2', 'line 4', /has vertex index 0 at face corner 1; expected 1 to 3 \(OBJ counts from 1\) or -1 to -3/],
      ['v 0 0 0\nv 1 0 0\nv 0 1 0\n# c\nf 1 2 4', 'line 5', /has vertex index 4 at face corner 3, out of range; expected 1 to 3 or -1 to -3/],
      ['v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 -4', 'line 4', /has vertex index -4 at face corner 3, out of range/],
      // A face before the vertices it names: OBJ indices count the vertices read so far.
      ['f 1 2 3\nv 0 0 0\nv 1 0 0\nv 0 1 0', 'line 1', /has vertex index 1 at face corner 1, out of range; no vertex is defined before this line/],
      ['v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3/a', 'line 4', /has "3\/a" as face corner 3; expected i, i\/t, i\/\/n or i\/t\/n/],
      ['v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2.5 3', 'line 4', /has "2.5" as face corner 2/],
      ['v 0 0 0\r\nv 1 0 0\r\nv 0 1 0\r\nf 1 2 9', 'line 4', /vertex index 9/],
      ['# nothing\nv 0 0 0\nvn 0 0 1\n', 'input', /has no faces \(f lines\), and 1 vertices; expected an OBJ mesh of a closed solid/],
      ['', 'input', /has no faces/],
    ];
    for (const [text, field, message] of cases) {
      const e = objError(text);
      expect(e.field, text).toBe(field);
      expect(e.message, text).toMatch(message);
      expect(e.message.startsWith(`${field} `), e.message).toBe(true);
    }
  });

  it('quotes at most a little of a huge line', () => {
    expect(objError(`v 0 0 ${'9'.repeat(100_000)}x`).message.length).toBeLessThan(200);
    expect(objError(`v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 ${'9'.repeat(100_000)}`).message.length).toBeLessThan(200);
  });

  it('reads a statement continued over 100,000 lines (in linear time: appending each line was quadratic, 21 s at 200,000)', () => {
    const m = readObj(`v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 \\${'\n \\'.repeat(100_000)}\n2 3`);
    expect(Array.from(m.indices)).toEqual([0, 1, 2]);
  });

  it('never crashes or hangs on garbage: it reads a mesh or throws InvalidShapeError', () => {
    // A fixed LCG over OBJ-ish tokens: 2,000 short files.
    const tokens = ['v', 'f', 'vn', '#', '\\', '\n', '\r\n', '\r', ' ', '/', '//', '-', '0', '1', '2', '3', '-1', '1e5', '.', 'nan', 'x', '\u0000', '\uFEFF'];
    let s = 12345;
    const next = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) % tokens.length;
    let read = 0;
    for (let i = 0; i < 2000; i++) {
      let text = '';
      for (let k = 0; k < 40; k++) text += tokens[next()];
      try {
        readObj(text);
        read++;
      } catch (e) {
        expect(e, JSON.stringify(text)).toBeInstanceOf(InvalidShapeError);
      }
    }
    expect(read).toBeLessThan(2000);
  });
});

describe('decompose on an L-shaped block', () => {
  it('writes its two boxes: hulls that sum to the L\'s volume and hold every vertex, faces counter-clockwise from outside', () => {
    const out = parts(L_OBJ);
    expect(out.parts).toHaveLength(2);
    const volumes = out.parts.map((p) => volume(p.vertices, p.faces));
    // Positive: the faces run counter-clockwise seen from outside. The boxes: 2 × 1 × 1 and 1 × 1 × 1.
    expect(volumes.every((v) => v > 0)).toBe(true);
    expect(volumes.reduce((a, b) => a + b)).toBeCloseTo(L_VOLUME, 12);
    expect([...volumes].sort()).toEqual([expect.closeTo(1, 12), expect.closeTo(2, 12)]);
    for (const p of L_VERTICES) expect(out.parts.some((part) => inside(p, part.vertices, part.faces)), String(p)).toBe(true);
    expect(out.concavity).toBeGreaterThanOrEqual(0);
    expect(out.concavity).toBeLessThanOrEqual(0.02);
    expect(out.cuts).toBeGreaterThanOrEqual(1);
    expect(out.merges).toBeGreaterThanOrEqual(0);
  });

  it('reads the same mesh as JSON {"positions", "indices"}, and without indices as a triangle soup', () => {
    const m = readObj(L_OBJ);
    const fromObj = run(L_OBJ).output;
    expect(run(JSON.stringify({ positions: Array.from(m.positions), indices: Array.from(m.indices) })).output).toBe(fromObj);
    expect(run(`\uFEFF  \n${JSON.stringify({ positions: Array.from(m.positions), indices: Array.from(m.indices) })}`).output).toBe(fromObj);
    const soup = Array.from(m.indices).flatMap((i) => L_VERTICES[i]);
    const unindexed = parts(JSON.stringify({ positions: soup }));
    expect(unindexed.parts.map((p) => volume(p.vertices, p.faces)).reduce((a, b) => a + b)).toBeCloseTo(L_VOLUME, 12);
  });

  it('bad JSON input: exit 2 naming the field', () => {
    const cases: [string, RegExp][] = [
      ['{"positions": [0, 0', /^convex-collide decompose: input is not valid JSON \(.*\); expected a Wavefront OBJ file \(v and f lines\) or \{"positions"/],
      ['{"points": []}', /field "positions" is missing; expected/],
      ['{"positions": "0 0 0"}', /field "positions" is the string "0 0 0"; expected/],
      ['{"positions": [0, 0, 0], "indices": {}}', /field "indices" is an object; expected/],
      ['{"positions": [0, 0, 0, 1, 0, "a", 0, 1, 0], "indices": [0, 1, 2]}', /positions\[5\] is string "a"; expected a finite number/],
      ['{"positions": [0, 0, 0, 1, 0, 0, 0, 1, 0], "indices": [0, 1, 3]}', /indices\[2\] is 3; expected a vertex index from 0 to 2/],
      ['{"positions": [0, 0, 0, 1, 0], "indices": [0, 1, 2]}', /positions has 5 numbers; expected x, y, z for each vertex/],
      ['{"positions": [], "indices": []}', /mesh has no triangles; expected a closed solid/],
    ];
    for (const [text, message] of cases) {
      const r = run(text);
      expect(r.exitCode, text).toBe(2);
      expect(r.output, text).toMatch(message);
      expect(r.output.startsWith('convex-collide decompose: '), r.output).toBe(true);
    }
  });

  it('an open mesh (a cube missing a face): exit 2, saying the mesh is open', () => {
    const r = run(OPEN_CUBE);
    expect(r.exitCode).toBe(2);
    expect(r.output).toMatch(/^convex-collide decompose: mesh is open: 4 edges with no matching reverse edge/);
    // A flat mesh (every triangle twice, both ways) is closed but holds no volume.
    const flat = run('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\nf 1 3 2');
    expect(flat.exitCode).toBe(2);
    expect(flat.output).toMatch(/encloses no volume/);
  });
});

describe('flags', () => {
  it('--concavity, --max-parts, --effort, --seed take effect', () => {
    // The L's own hull stands 1/√2 out of it across the notch, 0.24 of its diagonal (3): within 0.5, one part.
    expect(parts(L_OBJ, { concavity: '0.5' }).parts).toHaveLength(1);
    expect(parts(L_OBJ, { maxParts: '1' }).parts).toHaveLength(1);
    for (const effort of ['fast', 'balanced', 'thorough']) expect(parts(L_OBJ, { effort }).parts, effort).toHaveLength(2);
    expect(run(L_OBJ, { seed: '7' }).output).toBe(run(L_OBJ, { seed: '7' }).output);
    expect(run(L_OBJ, { format: 'json' }).output).toBe(run(L_OBJ).output);
  });

  it('each bad value: exit 2, the flag named with what it accepts', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ concavity: 'abc' }, /--concavity is "abc"; expected a decimal number/],
      [{ concavity: '' }, /--concavity is ""; expected a decimal number/],
      [{ concavity: 'Infinity' }, /--concavity is "Infinity"/],
      [{ concavity: '0' }, /--concavity is 0; expected a number from 1e-4 to 1/],
      [{ concavity: '2' }, /--concavity is 2; expected a number from 1e-4 to 1/],
      [{ maxParts: 'many' }, /--max-parts is "many"; expected a whole number/],
      [{ maxParts: '0' }, /--max-parts is 0; expected an integer from 1 to 1024/],
      [{ maxParts: '2.5' }, /--max-parts is 2.5; expected an integer from 1 to 1024/],
      [{ maxParts: '0x10' }, /--max-parts is "0x10"; expected a whole number/],
      [{ effort: 'max' }, /--effort is "max"; expected fast, balanced or thorough/],
      [{ effort: 'FAST' }, /--effort is "FAST"/],
      [{ seed: '-1' }, /--seed is -1; expected an integer from 0 to 2\^32 − 1/],
      [{ seed: '1.5' }, /--seed is 1.5; expected an integer/],
      [{ format: 'obj' }, /--format is "obj"; expected json or three/],
    ];
    for (const [flags, message] of cases) {
      const r = run(L_OBJ, flags);
      expect(r.exitCode, JSON.stringify(flags)).toBe(2);
      expect(r.output, JSON.stringify(flags)).toMatch(new RegExp(`^convex-collide decompose: ${message.source}`));
    }
  });

  it('on the command line: --name VALUE and --name=VALUE; a missing, repeated or unknown flag is a usage error', async () => {
    const one = await runCli(['decompose', '--max-parts', '1', '-'], io(L_OBJ));
    expect(one.stderr).toBe('');
    expect(JSON.parse(one.stdout).parts).toHaveLength(1);
    expect((await runCli(['decompose', '--max-parts=1', '--effort=fast', '-'], io(L_OBJ))).stdout).toBe((await runCli(['decompose', '-', '--effort', 'fast', '--max-parts', '1'], io(L_OBJ))).stdout);
    const bad = await runCli(['decompose', '--seed', '-1', '-'], io(L_OBJ));
    expect(bad).toEqual({ stdout: '', stderr: 'convex-collide decompose: --seed is -1; expected an integer from 0 to 2^32 − 1\n', exitCode: 2 });
    const usage: [string[], RegExp][] = [
      [['decompose', '-', '--seed'], /^convex-collide decompose: --seed needs a value\n\nUsage: convex-collide decompose /],
      [['decompose', '--seed', '1', '--seed=2', '-'], /^convex-collide decompose: --seed is given twice\n/],
      [['decompose', '--parts', '3', '-'], /^convex-collide decompose: unknown option --parts \(accepted: --concavity, --max-parts, --effort, --seed, --format\)\n/],
      [['decompose', '--table', '-'], /unknown option --table/],
      [['decompose'], /^convex-collide decompose: needs a FILE/],
      [['hull', '--seed', '1', '-'], /^convex-collide hull: unknown option --seed\n/],
    ];
    // `example decompose` writes an OBJ file of an L block, cut in its two boxes.
    const example = await runCli(['example', 'decompose'], io(''));
    expect(example.stdout).toMatch(/^# An L-shaped block/);
    expect(JSON.parse((await runCli(['decompose', '-'], io(example.stdout))).stdout).parts).toHaveLength(2);
    for (const [args, message] of usage) {
      const r = await runCli(args, io(L_OBJ));
      expect(r.exitCode, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr, args.join(' ')).toMatch(message);
    }
  });
});

describe('--format three', () => {
  it('writes BufferGeometry JSON that three\'s BufferGeometryLoader reads: the parts\' vertices, their faces as triangles', () => {
    const json = parts(L_OBJ);
    const r = run(L_OBJ, { format: 'three' });
    expect(r.exitCode).toBe(0);
    const geometries = JSON.parse(r.output) as Record<string, unknown>[];
    expect(geometries).toHaveLength(json.parts.length);
    const loader = new BufferGeometryLoader();
    geometries.forEach((g, i) => {
      expect(g.metadata).toEqual({ version: 4.6, type: 'BufferGeometry', generator: 'convex-collide' });
      const geometry = loader.parse(g);
      const { vertices, faces } = json.parts[i];
      const position = geometry.getAttribute('position');
      expect(position.count).toBe(vertices.length);
      expect(position.itemSize).toBe(3);
      expect(position.array).toBeInstanceOf(Float32Array);
      expect(Array.from(position.array)).toEqual(vertices.flat().map(Math.fround));
      const index = geometry.getIndex()!;
      expect(index.array).toBeInstanceOf(Uint32Array);
      expect(index.count).toBe(3 * faces.reduce((n, f) => n + f.length - 2, 0));
      // The triangles keep the faces' counter-clockwise order (three's front faces): a positive volume, the part's.
      const tris: number[][] = [];
      for (let k = 0; k < index.count; k += 3) tris.push([index.getX(k), index.getX(k + 1), index.getX(k + 2)]);
      expect(volume(vertices, tris)).toBeCloseTo(volume(vertices, faces), 12);
      expect(volume(vertices, tris)).toBeGreaterThan(0);
    });
  });
});

describe('progress', () => {
  it('the library\'s fractions reach the callback, increasing to 1', () => {
    const seen: number[] = [];
    run(L_OBJ, { onProgress: (f: number) => seen.push(f) });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)).toBe(1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]);
  });

  it('the bar redraws in place on whole-percent changes and is wiped at the end', () => {
    const writes: string[] = [];
    const bar = createProgressBar('x', (t) => writes.push(t));
    bar.update(0);
    bar.update(0.001);
    bar.update(0.5);
    bar.update(1);
    bar.finish();
    expect(writes).toEqual([`\rx [${'-'.repeat(30)}]   0%`, `\rx [${'#'.repeat(15)}${'-'.repeat(15)}]  50%`, `\rx [${'#'.repeat(30)}] 100%`, '\r\u001b[K']);
    // No bar drawn, nothing to wipe.
    const none: string[] = [];
    createProgressBar('x', (t) => none.push(t)).finish();
    expect(none).toEqual([]);
  });

  it('the CLI draws the bar through writeProgress (a terminal), never into stdout or the returned stderr', async () => {
    const drawn: string[] = [];
    const withBar = await runCli(['decompose', '-'], io(L_OBJ, { writeProgress: (t) => drawn.push(t) }));
    const without = await runCli(['decompose', '-'], io(L_OBJ));
    expect(withBar).toEqual(without);
    expect(without.stderr).toBe('');
    expect(drawn.at(-2)).toMatch(/^\rconvex-collide decompose \[#+\] 100%$/);
    expect(drawn.at(-1)).toBe('\r\u001b[K');
    // Wiped before an error's message too.
    const wiped: string[] = [];
    const open = await runCli(['decompose', '-'], io(OPEN_CUBE, { writeProgress: (t) => wiped.push(t) }));
    expect(open.exitCode).toBe(2);
    expect(wiped.length === 0 || wiped.at(-1) === '\r\u001b[K').toBe(true);
  });
});

describe('the real process (spawned under tsx)', () => {
  it('decompose - reads OBJ on stdin, writes the parts, nothing on stderr (not a terminal: no bar), exit 0', () => {
    const p = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'decompose', '--format', 'json', '-'], {
      cwd: ROOT, input: L_OBJ, encoding: 'utf8', timeout: 60_000,
    });
    expect(p.stderr).toBe('');
    expect(p.status).toBe(0);
    expect((JSON.parse(p.stdout) as Parts).parts).toHaveLength(2);
  });
});
