/**
 * Hull building does not fall into a deoptimisation loop (see test/probes/deopt.ts). Counts V8's
 * `--trace-deopt` reports per function in a child process; this is not a timing test.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

test('building big then small hulls deoptimises each function only a few times', async () => {
  const tsx = createRequire(import.meta.url).resolve('tsx');
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, ['--trace-deopt', '--import', tsx, join('test', 'probes', 'deopt.ts')],
      { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 },
      (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)));
  });
  expect(stdout).toContain('probe done true');
  const counts = new Map<string, number>();
  for (const m of stdout.matchAll(/deoptimizing 0x[0-9a-f]+ <JSFunction ([\w$]*)/g)) {
    counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
  }
  // A loop shows as hundreds of deopts of one function; warm-up leaves a handful per function.
  for (const [name, n] of counts) expect(n, `deopts of ${name || '(anonymous)'}`).toBeLessThan(30);
}, 120_000);
