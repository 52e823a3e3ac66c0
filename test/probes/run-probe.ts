/**
 * Runs a probe script (test/probes/…) in a Node process of its own, under tsx, and returns what it prints
 * on stdout. Allocation probes get heap-meter.ts's flags.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The Node flags an allocation probe runs under (heap-meter.ts says why each):
 * optimising compiles on the main thread, and a young generation of 64 MB so that no scavenge runs in a batch.
 */
export const PROBE_FLAGS = [
  '--expose-gc', '--no-concurrent-recompilation', '--no-concurrent-osr', '--min-semi-space-size=64', '--max-semi-space-size=64',
];

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = createRequire(import.meta.url).resolve('tsx');

/** Runs `test/probes/<script>` with `flags` and `args`; rejects with its stderr when it fails. */
export function runProbe(script: string, args: string[] = [], flags: string[] = []): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    execFile(process.execPath, [...flags, '--import', TSX, join('test', 'probes', script), ...args],
      { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 },
      (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)));
  });
}

/** Runs an allocation probe (heap-meter.ts's flags) and returns its rows: bytes per call, or 'Infinity'. */
export async function allocationProbe(script: string, args: string[] = []): Promise<Record<string, number | 'Infinity'>> {
  return (JSON.parse(await runProbe(script, args, PROBE_FLAGS)) as { result: Record<string, number | 'Infinity'> }).result;
}
