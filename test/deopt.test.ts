/**
 * Hull building does not fall into a deoptimisation loop (see test/probes/deopt.ts). Counts V8's
 * `--trace-deopt` reports per function in a child process; this is not a timing test.
 */
import { expect, test } from 'vitest';
import { runProbe } from './probes/run-probe.js';

test('building big then small hulls deoptimises each function only a few times', async () => {
  const stdout = await runProbe('deopt.ts', [], ['--trace-deopt']);
  expect(stdout).toContain('probe done true');
  const counts = new Map<string, number>();
  for (const m of stdout.matchAll(/deoptimizing 0x[0-9a-f]+ <JSFunction ([\w$]*)/g)) {
    counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
  }
  // A loop shows as hundreds of deopts of one function; warm-up leaves a handful per function.
  for (const [name, n] of counts) expect(n, `deopts of ${name || '(anonymous)'}`).toBeLessThan(30);
}, 120_000);
