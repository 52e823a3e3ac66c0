/**
 * `convex-collide query FILE`: reads a pair-query document and writes one result per pair, as the
 * results JSON (default) or as an aligned table (`--table`). The document is read by
 * src/format/pair-document.ts and answered by src/cli/answers/pair.ts.
 *
 * Exit status: 0 every pair answered; 1 some pair had an error (its slot holds `{"id", "error"}` and the
 * other pairs are still answered); 2 the input as a whole cannot be parsed (the message goes to stderr).
 */
import { isPairParseError, parsePairQueryDocument, type PairQueryDocument } from '../../format/index.js';
import { answerPairQuery, answerPairQueryText, describeShape, isPairFailure, type AnsweredDocument, type PairOutcome } from '../answers/pair.js';
import { CollisionError } from '../../index.js';

export interface QueryCommandOptions {
  /** Print an aligned, human-readable table instead of the results JSON. */
  table?: boolean;
}

/** Text to print and the exit status. `stdout` goes to standard output, `stderr` to standard error. */
export interface QueryCommandResult {
  stdout: string;
  stderr: string;
  exitCode: 0 | 1 | 2;
}

/** Runs the `query` command on the text of the input (the caller reads the file or stdin). Never throws. */
export function runQueryCommand(inputText: string, options: QueryCommandOptions = {}): QueryCommandResult {
  if (!options.table) return runQueryResults(inputText);
  let doc: PairQueryDocument;
  try {
    doc = parsePairQueryDocument(inputText);
  } catch (e) {
    return documentFailure(e);
  }
  const results = answerPairQuery(doc);
  const failures = results.filter((r) => isPairFailure(r)).length;
  const exitCode = failures > 0 ? 1 : 0;
  return { stdout: formatTable(doc, results), stderr: '', exitCode };
}

/** Exit 2 with the message of a document that cannot be read as a whole. */
function documentFailure(e: unknown): QueryCommandResult {
  const message = e instanceof CollisionError ? e.message : `internal error: ${e instanceof Error ? e.message : String(e)}`;
  return { stdout: '', stderr: `convex-collide query: ${message}\n`, exitCode: 2 };
}

/** The results document, pair by pair (answerPairQueryText: no pair kept once written). */
function runQueryResults(inputText: string): QueryCommandResult {
  let answered: AnsweredDocument;
  try {
    answered = answerPairQueryText(inputText);
  } catch (e) {
    return documentFailure(e);
  }
  const { results, total, failed } = answered;
  const stderr = failed > 0 ? `convex-collide query: ${failed} of ${total} pairs could not be answered (see their "error")\n` : '';
  return { stdout: results, stderr, exitCode: failed > 0 ? 1 : 0 };
}

const HEADERS = ['id', 'shapes', 'intersecting', 'separation', 'normal', 'status'] as const;

/**
 * An aligned plain-text table: one row per pair, in input order. A pair that could not be answered
 * shows its error message across the result columns. Ends with a one-line summary.
 */
export function formatTable(doc: PairQueryDocument, results: readonly PairOutcome[]): string {
  const rows: string[][] = [];
  const errors: (string | null)[] = [];
  let intersecting = 0, apart = 0, failed = 0;
  for (let i = 0; i < results.length; i++) {
    const r = results[i], entry = doc.entries[i];
    const shapes = entry !== undefined && !isPairParseError(entry) ? `${describeShape(entry.a)} vs ${describeShape(entry.b)}` : '?';
    const id = printable(r.id === null ? '(no id)' : String(r.id));
    if (isPairFailure(r)) {
      failed++;
      rows.push([id, shapes]);
      errors.push(printable(r.error));
      continue;
    }
    if (r.intersecting) intersecting++; else apart++;
    rows.push([id, shapes, r.intersecting ? 'yes' : 'no', formatNumber(r.separation), formatVector(r.normal), r.status]);
    errors.push(null);
  }
  // Error rows fill only the id and shapes columns; their message runs past the others.
  const widths: number[] = HEADERS.map((h) => h.length);
  for (const row of rows) {
    for (let c = 0; c < row.length; c++) widths[c] = Math.max(widths[c], row[c].length);
  }
  const line = (cells: readonly string[]): string => cells.map((cell, c) => {
    // Right-align the number column so the decimal points line up more often than not.
    if (HEADERS[c] === 'separation') return cell.padStart(widths[c]);
    return c === cells.length - 1 ? cell : cell.padEnd(widths[c]);
  }).join('  ').trimEnd();
  const out = [line(HEADERS), line(widths.map((w) => '-'.repeat(w)))];
  for (let i = 0; i < rows.length; i++) {
    const err = errors[i];
    out.push(err === null ? line(rows[i]) : `${rows[i][0].padEnd(widths[0])}  ${rows[i][1].padEnd(widths[1])}  error: ${err}`);
  }
  const total = results.length;
  out.push('', `${total} pair${total === 1 ? '' : 's'}: ${intersecting} intersecting, ${apart} apart, ${failed} error${failed === 1 ? '' : 's'}`);
  return out.join('\n') + '\n';
}

/** Six significant digits, without trailing zeros; exact zero prints as 0. */
function formatNumber(x: number): string {
  if (x === 0) return '0';
  return String(Number(x.toPrecision(6)));
}

function formatVector(v: readonly number[]): string {
  return `(${v.map((c) => {
    const s = c.toFixed(3);
    return s === '-0.000' ? '0.000' : s;
  }).join(', ')})`;
}

/** Makes a user string safe for one table cell: control characters (newlines, escapes) are escaped. */
function printable(s: string): string {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f]/.test(s) ? JSON.stringify(s).slice(1, -1) : s;
}
