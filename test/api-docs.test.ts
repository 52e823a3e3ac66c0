/**
 * The API reference (`npm run docs`: TypeDoc over the public entries, typedoc.json) builds without a
 * warning: every public symbol a signature names is exported, every `{@link}` resolves, no internal
 * helper leaks into the reference, and every export, class member and field of every result and option
 * is documented (`validation.notDocumented`, with warnings as errors; TypeDoc's default kinds, which
 * leave out parameters: a function's comment describes them). Built into a scratch folder; docs/api is not committed.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

it('TypeDoc builds the API reference without warnings, every export and field documented', async () => {
  const typedoc = join(createRequire(import.meta.url).resolve('typedoc/package.json'), '..', 'bin', 'typedoc');
  const out = mkdtempSync(join(tmpdir(), 'convex-collide-api-'));
  try {
    const result = await new Promise<{ code: number; output: string }>((resolve) => {
      // (--skipErrorChecking: the type check is tsconfig.json's, test/typecheck.test.ts; TypeDoc's own repeated it.)
      execFile(process.execPath, [typedoc, '--out', out, '--logLevel', 'Warn', '--skipErrorChecking'], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } }, (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
      });
    });
    expect(result.output.trim()).toBe('');
    expect(result.code).toBe(0);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}, 120_000);
