/**
 * A Node worker thread running one of this folder's worker scripts (the BatchPool's, decompose's): the
 * built .js beside this file, or, run from the TypeScript sources (the project's tests), the .ts file
 * loaded through tsx, which the worker registers first (a worker's execArgv does not take --import).
 */
import type { Worker as NodeWorker } from 'node:worker_threads';

/** Whether this runs under Node (worker_threads), not a browser. */
export function isNode(): boolean {
  return typeof process === 'object' && process !== null && typeof process.versions?.node === 'string';
}

/** A Node worker running `./<stem>.js` (or `.ts` from the sources) of this folder. */
export async function nodeWorker(stem: string): Promise<NodeWorker> {
  const { Worker } = await import('node:worker_threads');
  const here = import.meta.url, fromSource = here.endsWith('.ts');
  const url = new URL(`./${stem}${fromSource ? '.ts' : '.js'}`, here);
  return fromSource
    ? new Worker(`import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(url.href)}); });`, { eval: true })
    : new Worker(url, { execArgv: workerExecArgv(process.execArgv) });
}

/**
 * The parent's execArgv without what would make the worker run something else (-e, -p and their
 * values, --input-type): a worker given a file must run that file.
 */
function workerExecArgv(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-e' || a === '--eval' || a === '-p' || a === '--print') { i++; continue; }
    if (a.startsWith('--input-type') || a.startsWith('--eval=') || a.startsWith('--print=')) continue;
    out.push(a);
  }
  return out;
}
