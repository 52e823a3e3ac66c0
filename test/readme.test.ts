/**
 * The README runs as written. Every fenced block is `ts` or `sh`:
 * - each `ts` block is written out as a module (its `convex-collide` imports pointed at src/, readme-blocks.ts)
 *   and run; every `console.log` it makes must print what the block's `// → …` comments say, in order, and it
 *   must make as many as there are comments (test/typecheck.test.ts type-checks the blocks with the project);
 * - each `sh` block's commands run, in an empty scratch folder as in a user's project: `npx convex-collide …`
 *   through a stand-in for the installed command (the CLI's source under tsx), and `npm …` lines are checked against package.json (the package's name,
 *   the scripts they name), since installing needs a network and starting the explorer never returns.
 * The `ts` blocks of docs/*.md run the same way. It also holds the README to its size and keeps history out
 * of it and docs/: no commit hashes, no benchmark runs by number.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { format } from 'node:util';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { blocks, docTsBlocks, README, ROOT, tsBlocks, writeTsBlocks, type Block } from './readme-blocks.js';

const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; scripts: Record<string, string> };
const shBlocks = blocks.filter((b) => b.lang === 'sh');
/** Generated modules live inside the repository (git-ignored), so that imports of src/ and three resolve. */
const BLOCKS_DIR = join(ROOT, 'test', '.readme');

/** The `// → text` comments of a block, in order: what its console.log calls print. */
function expectedOutputs(code: string): string[] {
  return [...code.matchAll(/\/\/ → (.*)$/gm)].map((m) => m[1].trim());
}

const modules = writeTsBlocks(BLOCKS_DIR);
afterAll(() => rmSync(BLOCKS_DIR, { recursive: true, force: true }));

/** Runs a ts block: every `console.log` it makes prints what its `// →` comments say, in order. */
async function expectBlockPrints(block: Block): Promise<void> {
  const printed: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => { printed.push(format(...args)); });
  try {
    await import(/* @vite-ignore */ pathToFileURL(modules.get(block)!).href);
  } finally {
    log.mockRestore();
  }
  expect(printed).toEqual(expectedOutputs(block.code));
}

describe('README', () => {
  it('is short, examples first, and every block is ts or sh', () => {
    // About a screenful per capability: trim before raising this (the developers' guide's bound; methods and
    // full tables go in docs/).
    expect(README.split('\n').length).toBeLessThan(300);
    expect(blocks.map((b) => b.lang).filter((l) => l !== 'ts' && l !== 'sh')).toEqual([]);
    expect(tsBlocks.length).toBeGreaterThanOrEqual(5);
    expect(README.indexOf('```ts')).toBeLessThan(README.indexOf('## Which query'));
  });

  it('names no commit and no benchmark run, nor do the docs', () => {
    const docs = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => readFileSync(join(ROOT, 'docs', f), 'utf8'));
    for (const text of [README, ...docs]) {
      expect(text.match(/`[0-9a-f]{7,40}`|\bcommit [0-9a-f]{7,40}\b|\bat [0-9a-f]{7,40}\b/g)).toBeNull();
      expect(text.match(/(?<!-)\bruns? \d+\b/gi)).toBeNull(); // "run 13", not the option --runs 9
    }
  });

  it.each(tsBlocks.map((b) => [b.line, b] as const))('ts block at line %i prints what its comments say', async (_line, block) => {
    await expectBlockPrints(block);
  });

  it('sh blocks: every command runs, or names a script and package that exist', () => {
    const bin = mkdtempSync(join(tmpdir(), 'convex-collide-bin-'));
    // The commands run in an empty folder, as in a user's project: they may write files there.
    const work = mkdtempSync(join(tmpdir(), 'convex-collide-readme-'));
    const tsx = createRequire(import.meta.url).resolve('tsx');
    const shim = join(bin, 'convex-collide');
    writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" --import "${pathToFileURL(tsx).href}" "${join(ROOT, 'src', 'cli', 'main.ts')}" "$@"\n`);
    chmodSync(shim, 0o755);
    let ran = 0;
    try {
      for (const block of shBlocks) {
        for (const raw of block.code.split('\n')) {
          const command = raw.replace(/\s+#.*$/, '').trim();
          if (command === '') continue;
          if (command.startsWith('npm ')) {
            for (const part of command.split('&&').map((p) => p.trim().split(/\s+/))) {
              expect(part[0], command).toBe('npm');
              if (part[1] === 'install') expect([undefined, PACKAGE.name], command).toContain(part[2]);
              else if (part[1] === 'run') expect(PACKAGE.scripts, command).toHaveProperty(part[2]);
              else expect(PACKAGE.scripts, command).toHaveProperty(part[1]);
            }
            continue;
          }
          const stdout = execFileSync('sh', ['-c', command.replace(/\bnpx convex-collide\b/g, 'convex-collide')], {
            cwd: work, encoding: 'utf8', env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
          });
          if (!/> \S+$/.test(command)) expect(stdout.length, command).toBeGreaterThan(0);
          ran++;
        }
      }
    } finally {
      rmSync(bin, { recursive: true, force: true });
      rmSync(work, { recursive: true, force: true });
    }
    expect(ran).toBeGreaterThanOrEqual(3);
  }, 60_000);
});

describe('docs/*.md', () => {
  it('has ts blocks to run', () => {
    expect(docTsBlocks.length).toBeGreaterThanOrEqual(5);
  });

  it.each(docTsBlocks.map((b) => [`${b.file}:${b.line}`, b] as const))('ts block %s runs and prints what its comments say', async (_where, block) => {
    await expectBlockPrints(block);
  });
});
