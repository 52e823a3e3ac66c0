/**
 * The type checks of `npm test`, as tests of their own so that they run beside the others (about 25 s of a
 * core) rather than before them all:
 * - tsconfig.json: src, tests, benchmarks and examples;
 * - explorer/tsconfig.json: the explorer against the public API (it needs DOM types and resolves
 *   'convex-collide' to the sources, and Vite builds it without checking types), so that a change to the API
 *   that breaks the explorer fails here, naming the line.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

it.concurrent.each(['tsconfig.json', 'explorer/tsconfig.json'])('%s type-checks', async (project) => {
  const result = await new Promise<{ code: number; output: string }>((resolve) => {
    execFile(process.execPath, [TSC, '-p', project, '--noEmit'], { cwd: ROOT }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
  expect(result.output).toBe('');
  expect(result.code).toBe(0);
}, 300_000);
