/**
 * The explorer is type-checked here because the root `tsc` (tsconfig.json) does not cover explorer/
 * (it needs DOM types and resolves 'convex-collide' to the sources) and Vite builds without checking
 * types. A change to the public API that breaks the explorer fails here, naming the line.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

it('explorer/ type-checks against the public API', async () => {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const result = await new Promise<{ code: number; output: string }>((resolve) => {
    execFile(process.execPath, [tsc, '-p', 'explorer/tsconfig.json'], { cwd: ROOT }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
  expect(result.output).toBe('');
  expect(result.code).toBe(0);
}, 120_000);
