/**
 * The `convex-collide` command end to end: the example file against closed forms, malformed input
 * against the exit codes and messages of the conformance README, and the usage errors. Most tests run
 * the CLI in-process through `runCli` with fake I/O; one group spawns `src/cli/main.ts` under tsx to
 * check the real process wiring (stdin, stdout, stderr, exit status).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli, type CliInput } from '../../src/cli/cli.js';
import { COMMAND_HELP, EXAMPLES as HELP_EXAMPLES } from '../../src/cli/help.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const EXAMPLES = fileURLToPath(new URL('../../examples/pairs.json', import.meta.url));

type Vec = [number, number, number];
interface Result { id: string; intersecting?: boolean; separation?: number; normal?: Vec; pointA?: Vec; pointB?: Vec; error?: string }
interface ExamplePair { id: string; a: Record<string, unknown>; poseA: { position: Vec; quaternion: number[] }; b: Record<string, unknown>; poseB: { position: Vec; quaternion: number[] } }

/** Fake I/O: `files` by path, and `stdin` for `-`. A path not in `files` fails like a missing file. */
function io(files: Record<string, string>, stdin = ''): CliInput {
  return {
    readFile: async (path) => {
      if (path in files) return files[path];
      throw new Error(`ENOENT: no such file or directory, open '${path}'`);
    },
    readStdin: async () => stdin,
  };
}

async function query(doc: unknown, ...flags: string[]) {
  const text = typeof doc === 'string' ? doc : JSON.stringify(doc);
  return runCli(['query', 'in.json', ...flags], io({ 'in.json': text }));
}

function results(stdout: string): Result[] {
  return (JSON.parse(stdout) as { results: Result[] }).results;
}

const IDENTITY = { position: [0, 0, 0], quaternion: [0, 0, 0, 1] };
const BOX = { type: 'box', halfExtents: [0.5, 0.5, 0.5] };
const goodPair = (id: string) => ({ id, a: BOX, poseA: IDENTITY, b: BOX, poseB: { position: [3, 0, 0], quaternion: [0, 0, 0, 1] } });

// --- small exact helpers for the closed forms ---------------------------------------------------
const sub = (p: readonly number[], q: readonly number[]): Vec => [p[0] - q[0], p[1] - q[1], p[2] - q[2]];
const dot = (p: readonly number[], q: readonly number[]) => p[0] * q[0] + p[1] * q[1] + p[2] * q[2];
const len = (p: readonly number[]) => Math.hypot(p[0], p[1], p[2]);
/** Rotates v by the unit quaternion q = [x, y, z, w]: v + 2w(u×v) + 2u×(u×v). */
function rotate(q: readonly number[], v: Vec): Vec {
  const [x, y, z, w] = q;
  const cx = y * v[2] - z * v[1], cy = z * v[0] - x * v[2], cz = x * v[1] - y * v[0];
  return [
    v[0] + 2 * (w * cx + y * cz - z * cy),
    v[1] + 2 * (w * cy + z * cx - x * cz),
    v[2] + 2 * (w * cz + x * cy - y * cx),
  ];
}
/** Distance from point p to the segment [s0, s1]: clamp the projection parameter to [0, 1]. */
function pointSegmentDistance(p: Vec, s0: Vec, s1: Vec): number {
  const d = sub(s1, s0);
  const t = Math.min(1, Math.max(0, dot(sub(p, s0), d) / dot(d, d)));
  return len(sub(p, [s0[0] + t * d[0], s0[1] + t * d[1], s0[2] + t * d[2]]));
}

describe('query on examples/pairs.json', () => {
  const text = readFileSync(EXAMPLES, 'utf8');
  const pairs = (JSON.parse(text) as { pairs: ExamplePair[] }).pairs;
  const byId = (id: string) => {
    const p = pairs.find((x) => x.id === id);
    if (!p) throw new Error(`examples/pairs.json has no pair "${id}"`);
    return p;
  };

  /**
   * Closed-form separations, each derived from the pair's own numbers in the file, so editing the
   * example without updating its derivation fails here.
   */
  const CLOSED_FORMS: Record<string, { sep: (p: ExamplePair) => number; tol: number }> = {
    // Axis-aligned boxes, B directly on top of A: A's top face y = hA, B's bottom face y = yB − hB.
    'a crate rests flat on a wider slab': {
      sep: (p) => (p.poseB.position[1] - (p.b.halfExtents as Vec)[1]) - (p.a.halfExtents as Vec)[1], tol: 0,
    },
    // B is turned about the vertical only, so its vertical extent is still ±hB; the horizontal
    // overlaps (> 1) are far deeper than the vertical one, so SAT picks y: depth = hA + hB − yB.
    'a turned crate sinks 5 cm into the slab below it': {
      sep: (p) => p.poseB.position[1] - (p.b.halfExtents as Vec)[1] - (p.a.halfExtents as Vec)[1], tol: 1e-12,
    },
    // Capsule = segment (0, ±h, 0) rotated by its pose, swept by rA: distance(centre, segment) − rA − rB.
    'a ball floats above the end of a capsule lying on its side': {
      sep: (p) => {
        const h = p.a.halfHeight as number, q = p.poseA.quaternion, c = p.poseA.position;
        const end = (s: number): Vec => {
          const r = rotate(q, [0, s * h, 0]);
          return [r[0] + c[0], r[1] + c[1], r[2] + c[2]];
        };
        return pointSegmentDistance(p.poseB.position, end(-1), end(1)) - (p.a.radius as number) - (p.b.radius as number);
      },
      tol: 1e-12,
    },
    // Both tetrahedra span x in [0, 1] locally; B is shifted by dx, and A's vertex (1,0,0) faces B's vertex
    // (dx,0,0), the closest pair because A lies in x <= 1 and B in x >= dx.
    'two tetrahedra stand one metre apart': { sep: (p) => p.poseB.position[0] - 1, tol: 1e-12 },
    // An upright cylinder of radius r centred at x = c against the face x = hA of the box:
    // overlap in x is hA − (c − r); every other direction needs more (the cylinder is inside in y and z).
    'a post is driven 20 cm into the side of a block': {
      sep: (p) => (p.poseB.position[0] - (p.b.radius as number)) - (p.a.halfExtents as Vec)[0], tol: 1e-12,
    },
    // Sphere centre on the box's diagonal: nearest core point is the corner (h, h, h), so
    // separation = |centre − corner| − rounding − sphere radius.
    'a ball hovers off the corner of a rounded box': {
      sep: (p) => {
        const h = ((p.a.shape as Record<string, unknown>).halfExtents as Vec)[0];
        return len(sub(p.poseB.position, [h, h, h])) - (p.a.radius as number) - (p.b.radius as number);
      },
      tol: 1e-12,
    },
    // The upturned cone's apex (0, yB − hB, 0) sits inside the ellipsoid on its shortest axis, below the
    // pole (0, ry, 0); the depth is the apex's distance to the surface, ry − apex (the cone flares away
    // from the surface above it). Curved shapes: looser tolerance.
    'an upturned cone pokes its tip 10 cm into an egg': {
      sep: (p) => (p.poseB.position[1] - (p.b.halfHeight as number)) - (p.a.radii as Vec)[1], tol: 1e-7,
    },
  };

  it('answers every pair (exit 0) in input order', async () => {
    const out = await runCli(['query', EXAMPLES]);
    expect(out.exitCode).toBe(0);
    expect(out.stderr).toBe('');
    expect(results(out.stdout).map((r) => r.id)).toEqual(pairs.map((p) => p.id));
  });

  it('has a closed form for every example, covering the kinds the README promises', () => {
    expect(Object.keys(CLOSED_FORMS).sort()).toEqual(pairs.map((p) => p.id).sort());
    const kinds = new Set(pairs.flatMap((p) => [p.a.type, p.b.type]));
    for (const k of ['box', 'sphere', 'capsule', 'convexHull', 'cylinder', 'rounded', 'cone', 'ellipsoid']) expect(kinds).toContain(k);
  });

  it('matches the closed-form separations, with consistent witnesses', async () => {
    const out = await runCli(['query', EXAMPLES]);
    for (const r of results(out.stdout)) {
      const { sep, tol } = CLOSED_FORMS[r.id];
      const expected = sep(byId(r.id));
      expect(Math.abs((r.separation as number) - expected), r.id).toBeLessThanOrEqual(tol);
      expect(r.intersecting, r.id).toBe(expected <= 0);
      const n = r.normal as Vec, gap = sub(r.pointB as Vec, r.pointA as Vec);
      expect(len(n), r.id).toBeCloseTo(1, 12);
      // Apart: pointB − pointA = separation · normal. Overlapping: (pointA − pointB) · normal = depth.
      if (expected > 0) expect(len(sub(gap, n.map((c) => c * expected) as Vec)), r.id).toBeLessThan(1e-9);
      else expect(-dot(gap, n), r.id).toBeCloseTo(-(r.separation as number), 6);
    }
  });

  it('the touching pair reports exactly 0', async () => {
    const r = results((await runCli(['query', EXAMPLES])).stdout)[0];
    expect(r).toMatchObject({ id: 'a crate rests flat on a wider slab', intersecting: true, separation: 0 });
  });

  it('--table prints one aligned row per pair and a summary', async () => {
    const out = await runCli(['query', EXAMPLES, '--table']);
    expect(out.exitCode).toBe(0);
    const lines = out.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^id\s+shapes\s+intersecting\s+separation\s+normal\s+status$/);
    for (const p of pairs) expect(out.stdout).toContain(p.id);
    expect(out.stdout).toContain('rounded box vs sphere');
    expect(lines.at(-1)).toBe(`${pairs.length} pairs: 4 intersecting, 3 apart, 0 errors`);
    // Aligned: every pair row starts its "shapes" cell at the same column as the header.
    const col = lines[0].indexOf('shapes');
    for (const line of lines.slice(2, 2 + pairs.length)) expect(line[col - 1]).toBe(' ');
  });
});

describe('query on malformed input', () => {
  it('not JSON: exit 2, message on stderr, nothing on stdout', async () => {
    const out = await query('{"pairs": [1, 2');
    expect(out.exitCode).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toMatch(/^convex-collide query: input is not valid JSON/);
  });

  it('no pairs array: exit 2 naming "pairs"', async () => {
    const out = await query({ pair: [] });
    expect(out.exitCode).toBe(2);
    expect(out.stderr).toContain('pairs is missing; expected an array of pair objects');
    expect((await query([])).exitCode).toBe(2);
  });

  const perPair: [string, Record<string, unknown>, RegExp][] = [
    ['bad quaternion', { poseA: { position: [0, 0, 0], quaternion: [0, 0, 0, 1.2] } },
      /^pairs\[1\]\.poseA\.quaternion has length 1\.2; expected a unit quaternion \(length within 1e-6 of 1\)$/],
    ['NaN written as a string', { poseB: { position: ['NaN', 0, 0], quaternion: [0, 0, 0, 1] } },
      /^pairs\[1\]\.poseB\.position\[0\] is string "NaN"; expected a finite number/],
    ['unknown shape type', { a: { type: 'teapot' } }, /^pairs\[1\]\.a\.type is "teapot"; expected one of point, segment, .*minkowskiSum, scaled$/],
    ['negative radius', { b: { type: 'sphere', radius: -2 } }, /^pairs\[1\]\.b\.radius is -2; expected a finite number >= 0$/],
    ['empty hull points', { a: { type: 'convexHull', points: [] } }, /^pairs\[1\]\.a\b.*empty/],
    ['hull point of the wrong length', { b: { type: 'convexHull', points: [[0, 0, 0], [1, 0]] } }, /^pairs\[1\]\.b\.points\[1\] is an array of length 2/],
    ['missing pose', { poseB: undefined }, /^pairs\[1\]\.poseB is missing; expected a pose/],
  ];
  for (const [name, change, message] of perPair) {
    it(`${name}: exit 1, the pair's error names the field, the other pairs are answered`, async () => {
      const bad = { ...goodPair('bad'), ...change };
      const out = await query({ pairs: [goodPair('first'), bad, goodPair('last')] });
      expect(out.exitCode).toBe(1);
      const rs = results(out.stdout);
      expect(rs.map((r) => r.id)).toEqual(['first', 'bad', 'last']);
      expect(Object.keys(rs[1])).toEqual(['id', 'error']);
      expect(rs[1].error).toMatch(message);
      expect(rs[0].separation).toBe(2);
      expect(rs[2].separation).toBe(2);
      expect(out.stderr).toContain('1 of 3 pairs could not be answered');
    });
  }

  it('Infinity (1e999 in the file): exit 1 naming the component', async () => {
    const text = JSON.stringify({ pairs: [goodPair('inf')] }).replace('"position":[3,0,0]', '"position":[3,1e999,0]');
    expect(text).toContain('1e999');
    const out = await query(text);
    expect(out.exitCode).toBe(1);
    expect(results(out.stdout)[0].error).toMatch(/^pairs\[0\]\.poseB\.position\[1\] is Infinity; expected a finite number/);
  });

  it('--table shows a failed pair\'s message and counts it', async () => {
    const out = await query({ pairs: [goodPair('ok'), { ...goodPair('broken'), a: { type: 'sphere', radius: -1 } }] }, '--table');
    expect(out.exitCode).toBe(1);
    expect(out.stdout).toMatch(/broken\s+\?\s+error: pairs\[1\]\.a\.radius is -1/);
    expect(out.stdout.trimEnd().split('\n').at(-1)).toBe('2 pairs: 0 intersecting, 1 apart, 1 error');
  });

  it('an empty pairs array is answered with an empty results array (exit 0)', async () => {
    const out = await query({ pairs: [] });
    expect(out.exitCode).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual({ results: [] });
  });
});

describe('command line', () => {
  it('--help, -h and help give the overview of every command, with examples (exit 0)', async () => {
    for (const args of [['--help'], ['-h'], ['help']]) {
      const out = await runCli(args, io({}));
      expect(out.exitCode).toBe(0);
      expect(out.stdout).toMatch(/convex-collide query \[--table\] FILE/);
      expect(out.stdout).toMatch(/convex-collide hull FILE/);
      expect(out.stdout).toMatch(/convex-collide help COMMAND/);
      expect(out.stdout).toMatch(/Examples:/);
      // No example names a file an installed package does not have.
      expect(out.stdout).not.toMatch(/examples\//);
    }
  });

  it('help COMMAND and COMMAND --help give that command\'s page: usage, formats, an example that runs', async () => {
    for (const command of Object.keys(COMMAND_HELP)) {
      for (const args of [['help', command], [command, '--help'], [command, '-h']]) {
        const out = await runCli(args, io({}));
        expect(out.exitCode, args.join(' ')).toBe(0);
        expect(out.stdout).toBe(COMMAND_HELP[command]);
      }
      const page = COMMAND_HELP[command];
      expect(page).toMatch(new RegExp(`^Usage: convex-collide ${command} `));
      expect(page).toMatch(/Input: /);
      expect(page).toMatch(/Output: /);
      expect(page).not.toMatch(/Usage:[^]*Usage:/); // its own usage only, not the overview
      // The example on the page runs: its input on standard input, exit 0, something written.
      const { input, args } = HELP_EXAMPLES[command];
      expect(page).toContain(`echo '${input}'`);
      const out = await runCli(args, io({}, input));
      expect(out.stderr, command).toBe('');
      expect(out.exitCode, command).toBe(0);
      expect(out.stdout.length).toBeGreaterThan(0);
    }
  });

  it('example COMMAND writes an input file the command answers (an installed package has no example files)', async () => {
    for (const command of Object.keys(COMMAND_HELP)) {
      const example = await runCli(['example', command], io({}));
      expect(example.exitCode, command).toBe(0);
      const out = await runCli([command, 'made.json'], io({ 'made.json': example.stdout }));
      expect(out.stderr, command).toBe('');
      expect(out.exitCode, command).toBe(0);
      expect(out.stdout.length).toBeGreaterThan(0);
    }
    // A pair stream: one pair a line, answered by query --jsonl (its page says so).
    const stream = await runCli(['example', 'query', '--jsonl'], io({}));
    expect(stream.stdout.trim().split('\n').map((line) => JSON.parse(line).id)).toEqual(['p']);
    for (const args of [['help', 'example'], ['example', '--help']]) expect((await runCli(args, io({}))).stdout).toMatch(/^Usage: convex-collide example COMMAND/);
    for (const args of [['example'], ['example', 'teapot'], ['example', 'query', 'more'], ['example', 'constructor'], ['example', 'hull', '--jsonl']]) {
      const out = await runCli(args, io({}));
      expect(out.exitCode, args.join(' ')).toBe(2);
      expect(out.stderr).toMatch(/^convex-collide example: takes one COMMAND/);
    }
  });

  it('every command\'s error on input it cannot read begins with "convex-collide COMMAND: "', async () => {
    for (const command of Object.keys(COMMAND_HELP)) {
      const out = await runCli([command, '-'], io({}, '{not json'));
      expect(out.exitCode, command).toBe(2);
      expect(out.stderr.startsWith(`convex-collide ${command}: `), out.stderr).toBe(true);
      // And it says the document's own form (raycast once said {"pairs": ...}).
      const key = { raycast: 'rays', cast: 'casts', hull: 'points', scene: 'bodies', scene2d: 'bodies', decompose: 'positions' }[command] ?? 'pairs';
      expect(out.stderr, command).toContain(`"${key}"`);
    }
  });

  it('help for an unknown command (or an Object property name) is a usage error', async () => {
    for (const topic of ['frobnicate', 'constructor', '__proto__']) {
      const out = await runCli(['help', topic], io({}));
      expect(out.exitCode).toBe(2);
      expect(out.stderr).toMatch(new RegExp(`no help for "${topic}"`));
    }
  });

  it('no arguments: the help text on stderr, exit 2', async () => {
    const out = await runCli([], io({}));
    expect(out.exitCode).toBe(2);
    expect(out.stderr).toMatch(/Usage:/);
  });

  it('--version prints the package version', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(await runCli(['--version'], io({}))).toEqual({ stdout: `${pkg.version}\n`, stderr: '', exitCode: 0 });
  });

  const usage: [string[], RegExp][] = [
    [['frobnicate', 'x.json'], /unknown command "frobnicate"; expected query, query2d, manifold, raycast, cast, scene, scene2d, hull or decompose/],
    [['--verbose'], /unknown option --verbose/],
    [['query', 'in.json', '--tabel'], /^convex-collide query: unknown option --tabel \(accepted: --table, --jsonl\)\n\nUsage: convex-collide query /],
    [['hull', 'in.json', '--table'], /^convex-collide hull: unknown option --table\n\nUsage: convex-collide hull /],
    [['query'], /^convex-collide query: needs a FILE \(or - for standard input\)/],
    [['query', 'a.json', 'b.json'], /^convex-collide query: takes one FILE, got 2/],
  ];
  for (const [args, message] of usage) {
    it(`${args.join(' ')}: usage message, exit 2`, async () => {
      const out = await runCli(args, io({ 'in.json': '{"pairs": []}' }));
      expect(out.exitCode).toBe(2);
      expect(out.stdout).toBe('');
      expect(out.stderr).toMatch(message);
      expect(out.stderr).toMatch(/Usage:/);
    });
  }

  it('an unreadable file: exit 2 naming the file', async () => {
    const out = await runCli(['query', 'nowhere.json'], io({}));
    expect(out.exitCode).toBe(2);
    expect(out.stderr).toMatch(/^convex-collide query: cannot read nowhere\.json: ENOENT/);
  });

  it('- reads standard input, and -- lets a file name start with a dash', async () => {
    const doc = JSON.stringify({ pairs: [goodPair('stdin')] });
    expect(results((await runCli(['query', '-'], io({}, doc))).stdout)[0].id).toBe('stdin');
    expect(results((await runCli(['query', '--', '-odd.json'], io({ '-odd.json': doc }))).stdout)[0].id).toBe('stdin');
  });

  it('hull dispatches to the hull command', async () => {
    const out = await runCli(['hull', '-'], io({}, '{"points": [[0,0,0], [1,0,0], [0,1,0], [0,0,1], [0.1,0.1,0.1]]}'));
    expect(out.exitCode).toBe(0);
    const hull = JSON.parse(out.stdout) as { vertices: number[][]; faces: number[][] };
    expect(hull.vertices).toHaveLength(4);
    expect(hull.faces).toHaveLength(4);
    const bad = await runCli(['hull', '-'], io({}, 'not json'));
    expect(bad.exitCode).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/not valid JSON/);
  });
});

describe('the real process (spawned under tsx)', () => {
  const run = (args: string[], stdin?: string) => spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    cwd: ROOT, input: stdin, encoding: 'utf8', timeout: 60_000,
  });

  it('query FILE writes the results to stdout and exits 0', () => {
    const p = run(['query', 'examples/pairs.json']);
    expect(p.stderr).toBe('');
    expect(p.status).toBe(0);
    expect(results(p.stdout)).toHaveLength(7);
  });

  it('query - reads stdin; unparsable input exits 2 with the message on stderr', () => {
    const p = run(['query', '-'], 'this is not json');
    expect(p.status).toBe(2);
    expect(p.stdout).toBe('');
    expect(p.stderr).toMatch(/convex-collide query: input is not valid JSON/);
  });
});
