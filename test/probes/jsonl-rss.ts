/**
 * Runs the `convex-collide` command (its arguments are this script's) and reports its peak resident
 * memory on stderr at exit, for test/cli/jsonl.test.ts: VmHWM of /proc/self/status where there is one
 * (Linux), since getrusage's maxRSS survives exec and so can report the parent's size at the fork (a
 * test runner's 180 MB, when the test ran in a worker thread); elsewhere maxRSS.
 */
import { readFileSync } from 'node:fs';

function peakKb(): number {
  try {
    const m = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]);
  } catch { /* no procfs */ }
  return process.resourceUsage().maxRSS;
}

process.on('exit', () => process.stderr.write(`maxRSS ${peakKb()}\n`));
await import('../../src/cli/main.js');
