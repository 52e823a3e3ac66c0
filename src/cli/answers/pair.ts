/**
 * Answering the pair-query JSON format (docs/formats.md, "Results"), the `query` command: each pair read
 * by format/pair-document.ts answered with `contact`, and the results document written, one line a pair.
 * One bad pair gets `{"id", "error"}` in its slot, and the others are still answered.
 */
import { CollisionError, Compound, contact, InvalidArgumentError, InvalidJsonError, InvalidShapeError, type QueryStatus, TriangleMesh, type Shape, type Vec3Like } from '../../index.js';
import { isPairParseError, readPair, readPairEntry, type PairId, type PairQueryDocument, type ParsedPair } from '../../format/pair-document.js';
import { capMessage, describe, isPlainObject, parseJsonText } from '../../format/read-json.js';

/** The answer for one pair, in world space (see {@link contact}). */
export interface PairResult {
  readonly id: PairId;
  /** True when the shapes share at least one point: `separation <= 0`. */
  readonly intersecting: boolean;
  /** Distance when apart, minus the penetration depth when overlapping, 0 when touching. */
  readonly separation: number;
  /** Unit vector from A towards B, `[x, y, z]`. */
  readonly normal: [number, number, number];
  readonly pointA: [number, number, number];
  readonly pointB: [number, number, number];
  /** How the query ended; not part of the JSON output (the CLI's table shows it). */
  readonly status: QueryStatus;
  readonly iterations: number;
}

/** A pair that could not be answered. */
export interface PairFailure {
  readonly id: PairId | null;
  /** Message naming the field, e.g. `pairs[3].a.radius is -1; expected a finite number >= 0`. */
  readonly error: string;
  /** The library's error code, or `'INTERNAL'` for a failure that is a bug in convex-collide. */
  readonly code: string;
}

/** A pair's answer or its failure. */
export type PairOutcome = PairResult | PairFailure;

/** True when `x` is a pair that could not be read or answered. */
export function isPairFailure(x: PairOutcome): x is PairFailure {
  if (x === null || typeof x !== 'object') throw new InvalidArgumentError('x', `is ${describe(x)}; expected an outcome`);
  return 'error' in x;
}

/** Counts and text of a document answered by {@link answerPairQueryText}. */
export interface AnsweredDocument {
  /** The results document, as {@link formatResults} writes it. */
  readonly results: string;
  readonly total: number;
  readonly failed: number;
}

/**
 * Reads, answers and writes a pair-query document from its text, one pair at a time: the same results
 * as `formatResults(answerPairQuery(parsePairQueryDocument(text)))`, but no pair's shapes or answer is
 * kept once its result line is written (a document of 200,000 pairs peaked at 758 MB the other way).
 * @throws InvalidJsonError when the text is not JSON, is not an object, or has no `pairs` array.
 */
export function answerPairQueryText(text: string): AnsweredDocument {
  return answerItemsText(text, 'pairs', 'pair objects {"id", "a", "poseA", "b", "poseB"}', (json, i) => {
    const entry = readPairEntry(json, i);
    const outcome = isPairParseError(entry) ? { id: entry.id, error: capMessage(entry.error.message), code: entry.code } : answerPair(entry);
    return { line: formatResult(outcome), failed: isPairFailure(outcome) };
  });
}

/**
 * The loop of every document the command line answers (`query`, `manifold`, `raycast`, `cast`): reads
 * `{"<key>": [...]}` from its text, answers the items in order, each by `answer` as one line of the
 * results document, and lets each parsed item go once its line is written.
 * @throws InvalidJsonError when the text is not JSON, is not an object, or has no `key` array.
 */
export function answerItemsText(
  text: string, key: string, itemForm: string, answer: (json: unknown, index: number) => { line: string; failed: boolean },
): AnsweredDocument {
  const json = parseJsonText(text, `{"${key}": [${/\{[^}]*\}/.exec(itemForm)?.[0] ?? '...'}, ...]}`);
  if (!isPlainObject(json)) {
    throw new InvalidJsonError('input', `is ${describe(json)}; expected an object {"${key}": [...]}`);
  }
  const items = json[key];
  if (!Array.isArray(items)) {
    throw new InvalidJsonError(key, `is ${describe(items)}; expected an array of ${itemForm}`);
  }
  const lines: string[] = [];
  let failed = 0;
  for (let i = 0; i < items.length; i++) {
    const { line, failed: bad } = answer(items[i], i);
    items[i] = undefined; // the parsed item is ours (parsed here): let it go
    if (bad) failed++;
    lines.push(line);
  }
  const results = lines.length === 0 ? '{"results": []}\n' : `{"results": [\n  ${lines.join(',\n  ')}\n]}\n`;
  return { results, total: lines.length, failed };
}

/**
 * Answers one pair with {@link contact}. Never throws: a library error becomes a {@link PairFailure}
 * with its message; anything else (a bug) becomes a failure with code `'INTERNAL'`. A result whose
 * numbers are not all finite is also reported as an `'INTERNAL'` failure rather than written out as
 * `null`s, since JSON cannot carry NaN.
 */
export function answerPair(pair: ParsedPair): PairOutcome {
  if (!isPlainObject(pair)) throw new InvalidArgumentError('pair', `is ${describe(pair)}; expected a pair from parsePairQueryDocument or readPairQuery`);
  const { id } = pair;
  try {
    const r = contact(pair.a, pair.poseA, pair.b, pair.poseB);
    const normal = toArray(r.normal), pointA = toArray(r.pointA), pointB = toArray(r.pointB);
    const sep = r.separation;
    if (!Number.isFinite(sep) || !allFinite(normal) || !allFinite(pointA) || !allFinite(pointB)) {
      return internalFailure(id, `the query produced a non-finite result (separation ${sep})`);
    }
    return { id, intersecting: sep <= 0, separation: sep, normal, pointA, pointB, status: r.status, iterations: r.iterations };
  } catch (e) {
    if (e instanceof CollisionError) return { id, error: capMessage(e.message), code: e.code };
    return internalFailure(id, e instanceof Error ? e.message : String(e));
  }
}

/** Answers every entry of a document in input order; entries that failed to parse keep their error. */
export function answerPairQuery(doc: PairQueryDocument): PairOutcome[] {
  if (doc === null || typeof doc !== 'object' || !Array.isArray((doc as { entries?: unknown }).entries)) {
    throw new InvalidArgumentError('doc', `is ${describe(doc)}; expected a document from parsePairQueryDocument`);
  }
  const out: PairOutcome[] = [];
  for (const entry of doc.entries) {
    if ((entry as unknown) === null || typeof entry !== 'object') throw new InvalidArgumentError('doc.entries', `holds ${describe(entry)}; expected parsed pairs from parsePairQueryDocument`);
    out.push(isPairParseError(entry)
      ? { id: entry.id, error: capMessage(entry.error.message), code: entry.code }
      : answerPair(entry));
  }
  return out;
}

/**
 * Writes the results document exactly as docs/formats.md ("Results") specifies, one result per line:
 * `{"results": [{"id", "intersecting", "separation", "normal", "pointA", "pointB"}, ...]}`, and
 * `{"id", "error"}` for a pair that could not be answered. Numbers are written in the shortest form
 * that reads back to the same float64. Ends with a newline.
 */
export function formatResults(results: readonly PairOutcome[]): string {
  if (!Array.isArray(results)) throw new InvalidArgumentError('results', `is ${describe(results)}; expected an array of outcomes from answerPair`);
  if (results.length === 0) return '{"results": []}\n';
  // Holes would be written as empty lines (not JSON); the first is found at once, however long the array.
  for (let i = 0; i < results.length; i++) {
    if (!(i in results)) throw new InvalidArgumentError(`results[${i}]`, 'is a hole; expected an outcome from answerPair');
  }
  return `{"results": [\n  ${results.map(formatResult).join(',\n  ')}\n]}\n`;
}

/**
 * One result as the JSON object the results document holds (one line, no newline): `{"id",
 * "intersecting", "separation", "normal", "pointA", "pointB"}`, or `{"id", "error"}`.
 */
export function formatResult(r: PairOutcome): string {
  requireOutcome(r, 'answerPair');
  return writeOutcome(isPairFailure(r)
    ? { id: r.id, error: r.error }
    : { id: r.id, intersecting: r.intersecting, separation: r.separation, normal: r.normal, pointA: r.pointA, pointB: r.pointB }, 'answerPair');
}

/**
 * Answers one line of a JSON Lines pair stream (docs/formats.md, "Pair streams"): the line holds one
 * pair object `{"id", "a", "poseA", "b", "poseB"}`; `lineNumber` (from 1) names it in messages. Never
 * throws: a line that is not JSON, or not a valid pair, gives a failure (its id when it has a readable
 * one, else null).
 */
export function answerPairLine(line: string, lineNumber: number): PairOutcome {
  if (typeof lineNumber !== 'number') throw new InvalidArgumentError('lineNumber', `is ${describe(lineNumber)}; expected the line's number`);
  if (typeof line !== 'string') throw new InvalidArgumentError('line', `is ${describe(line)}; expected one line of a JSON Lines stream, as a string`);
  const field = `line ${lineNumber}`;
  let json: unknown;
  try {
    json = JSON.parse(line.charCodeAt(0) === 0xfeff ? line.slice(1) : line);
  } catch (e) {
    return { id: null, error: capMessage(`${field} is not valid JSON (${(e as Error).message})`), code: 'INVALID_JSON' };
  }
  let pair: ParsedPair;
  try {
    pair = readPair(json, lineNumber - 1, field);
  } catch (e) {
    const id = isPlainObject(json) && (typeof json.id === 'string' || (typeof json.id === 'number' && Number.isFinite(json.id))) ? json.id : null;
    if (e instanceof CollisionError) return { id, error: capMessage(e.message), code: e.code };
    return internalFailure(id, e instanceof Error ? e.message : String(e));
  }
  return answerPair(pair);
}

/**
 * A short readable name of a shape for tables and logs: `box`, `rounded box`, `(sphere + box)`,
 * `hull(12)` (its vertex count), `custom` for a user's own support map.
 */
export function describeShape(shape: Shape): string {
  if (shape === null || typeof shape !== 'object') throw new InvalidShapeError('shape', `is ${describe(shape)}; expected a shape`);
  if (!(shape instanceof Compound || shape instanceof TriangleMesh) && typeof (shape as { support?: unknown }).support !== 'function') {
    throw new InvalidShapeError('shape', `is an object of kind ${describe((shape as { kind?: unknown }).kind)} with no support method, not a shape; expected a shape`);
  }
  return describeShapeAt(shape, 0);
}

function describeShapeAt(shape: Shape, depth: number): string {
  if (depth > 3) return '…';
  switch (shape.kind) {
    case 'rounded': return `rounded ${describeShapeAt(shape.shape, depth + 1)}`;
    case 'minkowskiSum': return `(${describeShapeAt(shape.a, depth + 1)} + ${describeShapeAt(shape.b, depth + 1)})`;
    case 'scaled': return `scaled ${describeShapeAt(shape.shape, depth + 1)}`;
    case 'convexHull': return typeof shape.vertexCount === 'number' ? `hull(${shape.vertexCount})` : 'hull';
    case undefined: return 'custom';
    default: return typeof shape.kind === 'string' ? shape.kind : 'custom';
  }
}

export function internalFailure(id: PairId | null, why: string): PairFailure {
  return { id, error: capMessage(`internal error, please report it with this pair: ${why}`), code: 'INTERNAL' };
}

export function toArray(v: Readonly<Vec3Like>): [number, number, number] {
  return [v.x, v.y, v.z];
}

export function allFinite(v: readonly number[]): boolean {
  return Number.isFinite(v[0]) && Number.isFinite(v[1]) && Number.isFinite(v[2]);
}

/**
 * Checks an outcome given to a format function: an object (answers and failures both are). A missing one
 * threw a raw TypeError from the `in` test.
 * @throws InvalidArgumentError naming `result` and where outcomes come from.
 */
export function requireOutcome(r: unknown, source: string): void {
  if (!isPlainObject(r)) throw new InvalidArgumentError('result', `is ${describe(r)}; expected an outcome from ${source}`);
  // (JSON writes a string, a finite number or null; a BigInt made JSON.stringify throw a raw TypeError.)
  const id = r.id;
  if (!(id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)))) {
    throw new InvalidArgumentError('result.id', `is ${describe(id)}; expected a string, a finite number or null (an outcome from ${source})`);
  }
}

/**
 * One outcome's JSON text. An outcome the answerers made always writes; one edited by hand may hold a
 * value JSON cannot write (a BigInt, a cycle), which is a typed error naming `result`, not the raw
 * TypeError of JSON.stringify.
 */
export function writeOutcome(value: object, source: string): string {
  try {
    return JSON.stringify(value);
  } catch (e) {
    throw new InvalidArgumentError('result', `holds a value JSON cannot write (${e instanceof Error ? e.message : String(e)}); expected an outcome from ${source}`);
  }
}

/** Throws unless `index` is what the JSON answerers take: a pair's index, a whole number ≥ 0. */
export function requireIndex(index: unknown): void {
  if (!(typeof index === 'number' && Number.isInteger(index) && index >= 0)) {
    throw new InvalidArgumentError('index', `is ${describe(index)}; expected the pair's index in its document (an integer >= 0)`);
  }
}

/**
 * Reads item `index` of a document (`field`, as `rays[3]`: an object with an id, of the `form` named in
 * messages) and answers it with `answer`. Never throws: a library error becomes the item's failure, its
 * message naming the field; anything else, a failure with code `'INTERNAL'`.
 */
export function answerItem<T>(json: unknown, field: string, form: string, answer: (item: Record<string, unknown>, id: PairId) => T): T | PairFailure {
  let id: PairId | null = null;
  try {
    if (!isPlainObject(json)) throw new InvalidJsonError(field, `is ${describe(json)}; expected ${form}`);
    const rawId = json.id;
    if (typeof rawId === 'string' || (typeof rawId === 'number' && Number.isFinite(rawId))) id = rawId;
    else throw new InvalidJsonError(`${field}.id`, `is ${describe(rawId)}; expected a string or a finite number`);
    return answer(json, id);
  } catch (e) {
    if (e instanceof CollisionError) {
      const message = e.message.startsWith(field) ? e.message : `${field}: ${e.message}`;
      return { id, error: capMessage(message), code: e.code };
    }
    return internalFailure(id, e instanceof Error ? e.message : String(e));
  }
}
