/**
 * Runs the `convex-collide` command (its arguments are this script's) and reports its peak resident
 * memory on stderr at exit, for test/cli/jsonl.test.ts.
 */
process.on('exit', () => process.stderr.write(`maxRSS ${process.resourceUsage().maxRSS}\n`));
await import('../../src/cli/main.js');
