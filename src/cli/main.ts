#!/usr/bin/env node
/**
 * Entry point of the `convex-collide` command (package.json `bin`). Everything else lives in cli.ts;
 * this file only connects it to the process. It sets `process.exitCode` rather than calling
 * `process.exit()`, so output piped to another program is flushed in full before Node exits.
 */
import { runCli } from './cli.js';

// A reader that stops early (`convex-collide query f.json | head`) closes the pipe: that is not an error.
// Any other failure to write (a full disk: ENOSPC) is reported in one line, with exit status 2.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') return;
  process.stderr.write(`convex-collide: cannot write the output: ${e.code ?? e.message}\n`);
  process.exitCode = 2;
});

const { stdout, stderr, exitCode } = await runCli(process.argv.slice(2));
if (stdout) process.stdout.write(stdout);
if (stderr) process.stderr.write(stderr);
process.exitCode = exitCode;
