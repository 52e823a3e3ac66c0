/**
 * Argument handling and dispatch for the `convex-collide` command. Kept apart from main.ts (which only
 * wires this to the process) so tests can run the whole CLI in-process with fake I/O.
 *
 * Conventions: results go to stdout, messages to stderr. Exit status 0 on success; 1 when `query`
 * answered the file but some pair had an error; 2 for bad usage (unknown command or option, missing
 * FILE) and for input that cannot be read or parsed at all.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { runDecomposeCommand } from './commands/decompose.js';
import { runHullCommand } from './commands/hull.js';
import { answerCastQueryText } from './answers/cast.js';
import { answerManifoldQueryText } from './answers/manifold.js';
import { answerPair2dQueryText } from './answers/pair2d.js';
import { answerRayQueryText } from './answers/ray.js';
import { answerSceneQueryText } from './answers/scene.js';
import { answerScene2dText } from './answers/scene2d.js';
import { runDocumentCommand } from './commands/document.js';
import { runJsonlQuery } from './commands/query-jsonl.js';
import { runQueryCommand } from './commands/query.js';
import { COMMAND_HELP, EXAMPLE_HELP, EXAMPLES, HELP } from './help.js';
import { createProgressBar } from './progress-bar.js';

/** Where the CLI reads its input and streams its output. Tests replace it. */
export interface CliInput {
  /** Reads a whole file as UTF-8 text. */
  readFile(path: string): Promise<string>;
  /** Reads all of standard input as UTF-8 text. */
  readStdin(): Promise<string>;
  /** The lines of a file, or of standard input for `-`, as they arrive (`query --jsonl`). */
  lines?(path: string): AsyncIterable<string>;
  /** Writes a block of output at once, resolving when the reader can take more (`query --jsonl`). */
  write?(chunk: string): Promise<void>;
  /**
   * Redraws a progress bar on standard error at once (`decompose`), or does nothing when standard error is
   * not a terminal. Absent: no bar (the tests' fake I/O).
   */
  writeProgress?(text: string): void;
}

/** What the CLI prints and its exit status. */
export interface CliOutput {
  stdout: string;
  stderr: string;
  exitCode: number;
}


/** Each command's flags: `options` stand alone, `values` take a value (`--name VALUE` or `--name=VALUE`). */
const COMMANDS: Record<string, { options: readonly string[]; values?: readonly string[] }> = {
  query: { options: ['--table', '--jsonl'] },
  manifold: { options: [] },
  raycast: { options: [] },
  cast: { options: [] },
  scene: { options: [] },
  hull: { options: [] },
  decompose: { options: [], values: ['--concavity', '--max-parts', '--effort', '--seed', '--format'] },
  query2d: { options: [] },
  scene2d: { options: [] },
};

/** Reads from the real file system and process.stdin. */
export const processInput: CliInput = {
  readFile: (path) => readFile(path, 'utf8'),
  lines(path) {
    const stream = path === '-' ? process.stdin : createReadStream(path, { encoding: 'utf8' });
    return createInterface({ input: stream, crlfDelay: Infinity });
  },
  async write(chunk) {
    if (process.stdout.destroyed) throw Object.assign(new Error('standard output is closed'), { code: 'EPIPE' });
    // Wait for the reader, or for the stream to end (a reader gone: 'drain' would never come).
    if (!process.stdout.write(chunk)) await Promise.race([once(process.stdout, 'drain'), once(process.stdout, 'close')]);
  },
  writeProgress(text) {
    // A bar in a file or a pipe would be carriage returns in the log: drawn on a terminal only.
    if (process.stderr.isTTY) process.stderr.write(text);
  },
  async readStdin() {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    return Buffer.concat(chunks).toString('utf8');
  },
};

/** Runs the CLI on `args` (process.argv without node and the script). Never throws. */
export async function runCli(args: readonly string[], input: CliInput = processInput): Promise<CliOutput> {
  const result = await runCommand(args, input);
  return { ...result, stderr: printable(result.stderr) };
}

/** Longest line of a message on stderr; the rest is cut, saying how much (as the query command's errors). */
const MAX_MESSAGE_LINE = 2000;

/**
 * A message made safe for a terminal: control characters that an input quoted in it may hold (a JSON
 * parser's excerpt of garbage) written as \u escapes, and lines cut at MAX_MESSAGE_LINE characters.
 */
function printable(text: string): string {
  const escaped = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return escaped.split('\n').map((line) => (line.length <= MAX_MESSAGE_LINE ? line
    : `${line.slice(0, MAX_MESSAGE_LINE)}… (cut, ${line.length - MAX_MESSAGE_LINE} more characters)`)).join('\n');
}

async function runCommand(args: readonly string[], input: CliInput): Promise<CliOutput> {
  if (args.length === 0) return usageError(null);
  // A command's own page (`help COMMAND`, `COMMAND --help`), else the overview.
  if (args[0] === 'help' || args.includes('--help') || args.includes('-h')) {
    const topic = args[0] === 'help' ? args[1] : args[0];
    if (topic === undefined || topic.startsWith('-')) return { stdout: HELP, stderr: '', exitCode: 0 };
    const page = topic === 'example' ? EXAMPLE_HELP : Object.hasOwn(COMMAND_HELP, topic) ? COMMAND_HELP[topic] : undefined;
    if (page === undefined) return usageError(`no help for "${topic}"; expected query, query2d, manifold, raycast, cast, scene, scene2d, hull, decompose or example`);
    return { stdout: page, stderr: '', exitCode: 0 };
  }
  if (args.length === 1 && args[0] === '--version') return { stdout: `${await readVersion()}\n`, stderr: '', exitCode: 0 };
  // An input file to start from, for an installed package has none: `convex-collide example query > pairs.json`.
  if (args[0] === 'example') {
    const topic = args[1];
    const jsonl = args.length === 3 && topic === 'query' && args[2] === '--jsonl';
    if (!(args.length === 2 || jsonl) || !Object.hasOwn(EXAMPLES, topic)) {
      return usageError(`takes one COMMAND (and --jsonl after query)${args.length === 2 ? `, not "${topic}"` : ''}; expected query, query2d, manifold, raycast, cast, scene, scene2d, hull or decompose`, 'example');
    }
    const file = EXAMPLES[topic].file;
    if (file !== undefined && !jsonl) return { stdout: file, stderr: '', exitCode: 0 };
    const doc = JSON.parse(EXAMPLES[topic].input) as Record<string, unknown[]>;
    // A pair stream: one pair object a line. A document: one item a line, as the results are written.
    if (jsonl) return { stdout: doc.pairs.map((pair) => `${JSON.stringify(pair)}\n`).join(''), stderr: '', exitCode: 0 };
    const lines = Object.entries(doc).map(([key, items]) => `"${key}": [\n  ${items.map((item) => JSON.stringify(item)).join(',\n  ')}\n]`);
    return { stdout: `{${lines.join(', ')}}\n`, stderr: '', exitCode: 0 };
  }

  const [command, ...rest] = args;
  const spec = COMMANDS[command];
  if (spec === undefined) {
    return usageError(command.startsWith('-') ? `unknown option ${command}` : `unknown command "${command}"; expected query, query2d, manifold, raycast, cast, scene, scene2d, hull or decompose`);
  }
  const flags = new Set<string>();
  const values = new Map<string, string>();
  const valued = spec.values ?? [];
  const files: string[] = [];
  let onlyFiles = false;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (onlyFiles || arg === '-' || !arg.startsWith('-')) files.push(arg);
    else if (arg === '--') onlyFiles = true;
    else if (spec.options.includes(arg)) flags.add(arg);
    else {
      // An option with a value: `--seed 7` or `--seed=7`. The next argument is the value even when it starts
      // with a dash (`--seed -1` is a bad seed, reported as one, not an unknown option -1).
      const eq = arg.indexOf('=');
      const name = eq < 0 ? arg : arg.slice(0, eq);
      const accepted = [...spec.options, ...valued];
      if (!valued.includes(name)) return usageError(`unknown option ${name}${accepted.length ? ` (accepted: ${accepted.join(', ')})` : ''}`, command);
      // (Given twice is more likely a slip than an override: which one was meant?)
      if (values.has(name)) return usageError(`${name} is given twice`, command);
      if (eq >= 0) values.set(name, arg.slice(eq + 1));
      else if (i + 1 < rest.length) values.set(name, rest[++i]);
      else return usageError(`${name} needs a value`, command);
    }
  }
  if (files.length !== 1) {
    return usageError(files.length === 0 ? 'needs a FILE (or - for standard input)' : `takes one FILE, got ${files.length}`, command);
  }

  const file = files[0];
  if (flags.has('--jsonl')) {
    if (flags.has('--table')) return usageError('takes --jsonl or --table, not both', command);
    return runJsonl(file, input);
  }
  let text: string;
  try {
    text = file === '-' ? await input.readStdin() : await input.readFile(file);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return { stdout: '', stderr: `convex-collide ${command}: cannot read ${file === '-' ? 'standard input' : file}: ${why}\n`, exitCode: 2 };
  }

  try {
    if (command === 'query') return runQueryCommand(text, { table: flags.has('--table') });
    if (command === 'manifold') return runDocumentCommand(command, 'pairs', answerManifoldQueryText, text);
    if (command === 'raycast') return runDocumentCommand(command, 'rays', answerRayQueryText, text);
    if (command === 'cast') return runDocumentCommand(command, 'casts', answerCastQueryText, text);
    if (command === 'query2d') return runDocumentCommand(command, 'pairs', answerPair2dQueryText, text);
    if (command === 'scene2d') {
      const scene = answerScene2dText(text);
      if (scene.error !== null) return { stdout: '', stderr: `convex-collide scene2d: ${scene.error}\n`, exitCode: 2 };
      return { stdout: `${scene.text}\n`, stderr: '', exitCode: 0 };
    }
    if (command === 'scene') {
      const scene = answerSceneQueryText(text);
      if (scene.error !== null) return { stdout: '', stderr: `convex-collide scene: ${scene.error}\n`, exitCode: 2 };
      // (A list of scenes: as query, 1 when some scene could not be answered.)
      return scene.failed === 0 ? { stdout: `${scene.text}\n`, stderr: '', exitCode: 0 }
        : { stdout: `${scene.text}\n`, stderr: `convex-collide scene: ${scene.failed} ${scene.failed === 1 ? 'scene' : 'scenes'} could not be answered (see their "error")\n`, exitCode: 1 };
    }
    if (command === 'decompose') return runDecompose(text, values, input);
    const hull = runHullCommand(text);
    // The hull command prints its result on success and a message otherwise.
    return hull.exitCode === 0
      ? { stdout: hull.output, stderr: '', exitCode: 0 }
      : { stdout: '', stderr: hull.output, exitCode: hull.exitCode };
  } catch (e) {
    // The commands do not throw on any input; reaching here is a bug.
    const why = e instanceof Error ? (e.stack ?? e.message) : String(e);
    return { stdout: '', stderr: `convex-collide ${command}: internal error, please report it: ${why}\n`, exitCode: 2 };
  }
}

/** `decompose`: the flags' values to the command, with a progress bar when standard error is a terminal. */
function runDecompose(text: string, values: ReadonlyMap<string, string>, input: CliInput): CliOutput {
  const bar = input.writeProgress === undefined ? null : createProgressBar('convex-collide decompose', (t) => input.writeProgress?.(t));
  let result;
  try {
    result = runDecomposeCommand(text, {
      concavity: values.get('--concavity'), maxParts: values.get('--max-parts'), effort: values.get('--effort'),
      seed: values.get('--seed'), format: values.get('--format'), onProgress: bar === null ? null : (f) => bar.update(f),
    });
  } finally {
    // Wiped before anything else is written, an error included.
    bar?.finish();
  }
  return result.exitCode === 0 ? { stdout: result.output, stderr: '', exitCode: 0 } : { stdout: '', stderr: result.output, exitCode: result.exitCode };
}

/** `query --jsonl`: streams the answers through `input.write`; messages and the status are returned. */
async function runJsonl(file: string, input: CliInput): Promise<CliOutput> {
  if (input.lines === undefined || input.write === undefined) {
    return { stdout: '', stderr: 'convex-collide query: --jsonl needs a streaming input\n', exitCode: 2 };
  }
  const writeOut = input.write;
  let writing = false;
  const write = async (chunk: string): Promise<void> => {
    writing = true;
    await writeOut(chunk);
    writing = false;
  };
  try {
    const { answered, failed } = await runJsonlQuery(input.lines(file), write);
    const stderr = failed > 0 ? `convex-collide query: ${failed} of ${answered + failed} lines could not be answered (see their "error")\n` : '';
    return { stdout: '', stderr, exitCode: failed > 0 ? 1 : 0 };
  } catch (e) {
    const why = e instanceof Error ? ((e as NodeJS.ErrnoException).code ?? e.message) : String(e);
    // A reader that stopped early (EPIPE) is not an error, as in the document mode.
    if (writing && why === 'EPIPE') return { stdout: '', stderr: '', exitCode: 0 };
    const what = writing ? 'cannot write the output' : `cannot read ${file === '-' ? 'standard input' : file}`;
    return { stdout: '', stderr: `convex-collide query: ${what}: ${why}\n`, exitCode: 2 };
  }
}

/**
 * A usage error: the message under the prefix every error of that command has (`convex-collide query: …`;
 * `convex-collide: …` before a command is known), then that command's page, or the overview.
 */
function usageError(problem: string | null, command?: string): CliOutput {
  if (problem === null) return { stdout: '', stderr: HELP, exitCode: 2 };
  const page = command === undefined ? HELP : command === 'example' ? EXAMPLE_HELP : COMMAND_HELP[command];
  return { stdout: '', stderr: `convex-collide${command === undefined ? '' : ` ${command}`}: ${problem}\n\n${page}`, exitCode: 2 };
}

async function readVersion(): Promise<string> {
  // src/cli/cli.ts and dist/cli/cli.js both sit two levels below package.json.
  try {
    const pkg: unknown = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
    const version = (pkg as { version?: unknown }).version;
    return typeof version === 'string' ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}
