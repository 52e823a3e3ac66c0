/**
 * `convex-collide query --jsonl`: a pair stream, one pair per line in, one result per line out, in
 * order, in constant memory. Checked against the document mode on the same pairs (the same answers,
 * byte for byte), for its per-line errors and exit status, and, in a real process, on a stream of
 * 200,000 pairs for its peak memory.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/cli.js';
import { runJsonlQuery } from '../../src/cli/commands/query-jsonl.js';
import { runQueryCommand } from '../../src/cli/commands/query.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SHAPES = [
  { type: 'box', halfExtents: [0.5, 0.4, 0.3] }, { type: 'sphere', radius: 0.25 }, { type: 'capsule', halfHeight: 0.4, radius: 0.2 },
  { type: 'scaled', shape: { type: 'cylinder', halfHeight: 0.5, radius: 0.3 }, scale: [1, 2, 0.5] },
];
const pair = (i: number) => ({
  id: i, a: SHAPES[i % 4], poseA: { position: [0, 0, 0], quaternion: [0, 0, 0, 1] },
  b: SHAPES[(i >> 2) % 4], poseB: { position: [0.3 + (i % 37) / 20, 0.2, 0.1], quaternion: [0, 0.3826834, 0, 0.9238795] },
});
async function* linesOf(text: string): AsyncIterable<string> {
  for (const line of text.split('\n')) yield line;
}

describe('query --jsonl', () => {
  it('answers each line as the document mode answers the same pair, in order', async () => {
    const pairs = Array.from({ length: 300 }, (_, i) => pair(i));
    const chunks: string[] = [];
    const summary = await runJsonlQuery(linesOf(pairs.map((p) => JSON.stringify(p)).join('\n')), async (c) => { chunks.push(c); });
    expect(summary).toEqual({ answered: 300, failed: 0 });
    const document = runQueryCommand(JSON.stringify({ pairs }));
    const expected = document.stdout.split('\n').slice(1, -2).map((l) => l.trim().replace(/,$/, ''));
    expect(chunks.join('').trimEnd().split('\n')).toEqual(expected);
  });

  it('writes one error line per bad line, goes on, exits 1; skips blank lines; reads a BOM', async () => {
    const text = ['\uFEFF' + JSON.stringify(pair(0)), '', 'not json', JSON.stringify({ id: 'x', a: { type: 'teapot' } }), JSON.stringify(pair(5))].join('\n');
    let out = '';
    const r = await runCli(['query', '--jsonl', 'pairs.jsonl'], {
      readFile: async () => '', readStdin: async () => '', lines: () => linesOf(text), write: async (c) => { out += c; },
    });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe('convex-collide query: 2 of 4 lines could not be answered (see their "error")\n');
    const lines = out.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => l.id)).toEqual([0, null, 'x', 5]);
    expect(lines[1].error).toMatch(/^line 3 is not valid JSON/);
    expect(lines[2].error).toMatch(/^line 4\.a\.type is "teapot"/);
    expect(lines[3].separation).toBeGreaterThan(0);
  });

  it('waits for the reader: no block is written before the previous one was taken', async () => {
    const text = Array.from({ length: 3000 }, (_, i) => JSON.stringify(pair(i))).join('\n');
    let pending = false, blocks = 0;
    await runJsonlQuery(linesOf(text), async () => {
      expect(pending).toBe(false);
      pending = true;
      blocks++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      pending = false;
    });
    expect(blocks).toBeGreaterThan(3);
  });

  it('--jsonl with --table is a usage error', async () => {
    const r = await runCli(['query', '--jsonl', '--table', 'x']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/^convex-collide query: takes --jsonl or --table, not both/);
  });

  it('streams 200,000 pairs through a real process in under 150 MB', async () => {
    const tsx = createRequire(import.meta.url).resolve('tsx');
    const child = spawn(process.execPath, ['--import', tsx, 'test/probes/jsonl-rss.ts', 'query', '--jsonl', '-'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let lines = 0, stderr = '';
    child.stdout.on('data', (d: Buffer) => { for (const b of d) if (b === 10) lines++; });
    child.stderr.on('data', (d: Buffer) => { stderr += d; });
    const done = new Promise<number>((resolve) => child.on('close', resolve));
    for (let i = 0; i < 200_000; i += 1000) {
      let block = '';
      for (let k = i; k < i + 1000; k++) block += `${JSON.stringify(pair(k))}\n`;
      if (!child.stdin.write(block)) await new Promise((resolve) => child.stdin.once('drain', resolve));
    }
    child.stdin.end();
    expect(await done).toBe(0);
    expect(lines).toBe(200_000);
    const maxRss = Number(/maxRSS (\d+)/.exec(stderr)![1]) * 1024;
    expect(maxRss).toBeLessThan(150 * 2 ** 20);
  }, 120_000);
});

describe('query --jsonl and its streams failing', () => {
  const tsx = createRequire(import.meta.url).resolve('tsx');
  const cli = `"${process.execPath}" --import "${tsx}" src/cli/main.ts query --jsonl`;
  const sh = (command: string) => spawnSync('sh', ['-c', command], { cwd: ROOT, encoding: 'utf8' });

  it('a file that cannot be read: one line, exit 2', () => {
    const r = sh(`${cli} no-such-file.jsonl`);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^convex-collide query: cannot read no-such-file\.jsonl: ENOENT/);
  });

  it('a reader that stops early is not an error; a full disk is one, said as a write failure', () => {
    const pairs = Array.from({ length: 20_000 }, (_, i) => JSON.stringify(pair(i))).join('\n');
    const early = spawnSync('sh', ['-c', `${cli} - | head -1`], { cwd: ROOT, encoding: 'utf8', input: pairs });
    expect(early.status).toBe(0);
    expect(JSON.parse(early.stdout).id).toBe(0);
    if (process.platform !== 'linux') return;
    const full = spawnSync('sh', ['-c', `${cli} - > /dev/full`], { cwd: ROOT, encoding: 'utf8', input: pairs });
    expect(full.status).toBe(2);
    expect(full.stderr).toMatch(/cannot write the output: ENOSPC/);
    expect(full.stderr).not.toMatch(/cannot read/);
  });
});
