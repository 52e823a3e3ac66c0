/**
 * The type checks of `npm test`, as tests of their own so that they run beside the others rather than before
 * them all. They run TypeScript 7's native compiler (`tsgo`, @typescript/native-preview): the same checker,
 * ported to Go, checks both programs in about 7 CPU-s where TypeScript 5.9's took 44 (TypeDoc and the
 * package's build keep 5.9, whose JavaScript API TypeDoc needs):
 * - tsconfig.json (src, tests, benchmarks and examples) with the README's ts blocks, in one program (the
 *   blocks' own program checked the library a second time): test/.typecheck/tsconfig.json extends it;
 * - explorer/tsconfig.json: the explorer against the public API (it needs DOM types and resolves
 *   'convex-collide' to the sources, and Vite builds it without checking types), so that a change to the API
 *   that breaks the explorer fails here, naming the line.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ROOT, writeTsBlocks } from './readme-blocks.js';

// (The package exports no bin path; its package.json's `bin` names it.)
const TSGO = join(dirname(createRequire(import.meta.url).resolve('@typescript/native-preview/package.json')), 'bin', 'tsgo');
/** tsconfig.json and the README's blocks (git-ignored; TypeScript's wildcards skip folders named with a dot). */
const WITH_README = join(ROOT, 'test', '.typecheck');
writeTsBlocks(WITH_README);
writeFileSync(join(WITH_README, 'tsconfig.json'), JSON.stringify({
  extends: '../../tsconfig.json', compilerOptions: { noEmit: true }, include: ['../../src', '../../test', '../../bench', '../../examples', '*.ts'],
}));
afterAll(() => rmSync(WITH_README, { recursive: true, force: true }));

it.concurrent.each([
  ["tsconfig.json and the README's ts blocks", 'test/.typecheck/tsconfig.json'],
  ['explorer/tsconfig.json', 'explorer/tsconfig.json'],
])('%s: no type error', async (_, project) => {
  const result = await new Promise<{ code: number; output: string }>((resolve) => {
    execFile(process.execPath, [TSGO, '-p', project, '--noEmit'], { cwd: ROOT }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
  expect(result.output).toBe('');
  expect(result.code).toBe(0);
}, 300_000);
