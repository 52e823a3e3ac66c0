/**
 * The pair-query JSON format (docs/formats.md, "Pair-query document"): read a document of posed shape
 * pairs, answer each pair with {@link contact}, and write the results document.
 *
 * Reading is split in two levels, because the format promises that one bad pair does not stop the
 * others:
 * - the document as a whole (not JSON, not an object, no `pairs` array) is a top-level error, thrown
 *   as {@link InvalidJsonError};
 * - everything inside one pair (id, shapes, poses) is that pair's error, reported in its result slot
 *   as `{"id", "error"}`, and the other pairs are still answered.
 *
 * Every message names the field that was wrong (`pairs[3].poseA.quaternion[2]`), what it held and what
 * is accepted. Nothing is clamped, truncated or dropped: a quaternion is normalised only when its length
 * is already within {@link QUATERNION_UNIT_TOLERANCE} of 1, and rejected otherwise.
 *
 * Hostile input: `JSON.parse` itself does not recurse on the stack (it parses 10⁶ nested arrays), shape
 * nesting is capped by `shapeFromJSON`, and this module never walks a value it has not checked the type
 * of, so deep nesting, huge arrays and wrong types end as messages, never as a crash or a hang. Values
 * quoted in messages are summarised (type and length), never serialised whole.
 */
import { CollisionError, InvalidArgumentError, InvalidJsonError, InvalidNumberError, InvalidQuaternionError, InvalidShapeError } from '../errors.js';
import type { PoseLike, QuatLike, Vec3Like } from '../math/types.js';
import { contact } from '../query/contact/contact.js';
import type { QueryStatus } from '../query/pair/results.js';
import { KIND_INDEX, type Shape } from '../shapes/shape.js';
import { QUATERNION_UNIT_TOLERANCE } from '../tolerance.js';
import { requireFieldName, shapeFromJSON } from './shape-json.js';
import { Compound } from '../query/parted/compound.js';
import { TriangleMesh } from '../query/parted/triangle-mesh.js';

/**
 * A pair's id as written in the input: any string, or a finite number. Numbers are kept as numbers
 * and written back unchanged (`"id": 7` in, `"id": 7` out), so a reader can match results to pairs
 * with `===` on the parsed values. Ids need not be unique; results are always in input order.
 */
export type PairId = string | number;

/** A pose read from JSON: plain objects, the quaternion already normalised. Satisfies {@link PoseLike}. */
export interface PoseJsonValue extends PoseLike {
  position: Vec3Like;
  quaternion: QuatLike;
}

/** One pair that passed validation and can be queried. */
export interface ParsedPair {
  /** Position in the input's `pairs` array. */
  readonly index: number;
  readonly id: PairId;
  readonly a: Shape;
  readonly poseA: PoseJsonValue;
  readonly b: Shape;
  readonly poseB: PoseJsonValue;
}

/** One pair that could not be read. */
export interface PairParseError {
  readonly index: number;
  /** The pair's id, or `null` when the id itself was missing or invalid (or the pair is not an object). */
  readonly id: PairId | null;
  /**
   * The typed error (a {@link CollisionError}); its message names the field
   * (`pairs[3].poseA.quaternion ...`). Any other Error here is a bug in convex-collide, kept so the
   * other pairs can still be answered.
   */
  readonly error: Error;
  /** `error.code` for a CollisionError, else `'INTERNAL'`. */
  readonly code: string;
}

/** A pair-query document after reading: one entry per input pair, in input order. */
export interface PairQueryDocument {
  readonly entries: ReadonlyArray<ParsedPair | PairParseError>;
}

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

export type PairOutcome = PairResult | PairFailure;

/** True when `x` is a pair that could not be read or answered. */
export function isPairFailure(x: PairOutcome): x is PairFailure;
export function isPairFailure(x: ParsedPair | PairParseError): x is PairParseError;
export function isPairFailure(x: PairOutcome | ParsedPair | PairParseError): boolean {
  if (x === null || typeof x !== 'object') throw new InvalidArgumentError('x', `is ${describe(x)}; expected an outcome or a parsed pair`);
  return 'error' in x;
}

/**
 * Longest error message written into a result. A message quotes at most a short summary of the bad
 * value, but the shape reader's messages can quote whole (user-sized) arrays; past this length the
 * message is cut and says by how much, so one hostile pair cannot blow up the output.
 */
export const MAX_ERROR_MESSAGE_LENGTH = 2000;

const UNIT_QUATERNION = 'a unit quaternion (length within 1e-6 of 1)';

/**
 * Reads a pair-query document from its text.
 * @returns one entry per element of `pairs`, in order: a {@link ParsedPair}, or a {@link PairParseError}
 *   for a pair that cannot be read (the other pairs are unaffected).
 * @throws InvalidJsonError when the text is not JSON, is not an object, or has no `pairs` array.
 */
export function parsePairQueryDocument(text: string): PairQueryDocument {
  return readPairQuery(parseJsonText(text));
}

/** JSON.parse of a document's text, a byte-order mark skipped, its failure an InvalidJsonError. */
/** @internal (format/ modules only) */
export function parseJsonText(text: string): unknown {
  if (typeof text !== 'string') throw new InvalidJsonError('input', `is ${describe(text)}; expected JSON text`);
  // A leading byte-order mark is encoding, not content (editors on Windows write one).
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new InvalidJsonError('input', `is not valid JSON (${why}); expected {"pairs": [{"id", "a", "poseA", "b", "poseB"}, ...]}`);
  }
  return json;
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
    const outcome = isPairFailure(entry) ? { id: entry.id, error: capMessage(entry.error.message), code: entry.code } : answerPair(entry);
    return { line: formatResult(outcome), failed: isPairFailure(outcome) };
  });
}

/**
 * The loop of every document the command line answers (`query`, `manifold`, `raycast`, `cast`): reads
 * `{"<key>": [...]}` from its text, answers the items in order, each by `answer` as one line of the
 * results document, and lets each parsed item go once its line is written.
 * @internal (format/ modules only)
 * @throws InvalidJsonError when the text is not JSON, is not an object, or has no `key` array.
 */
export function answerItemsText(
  text: string, key: string, itemForm: string, answer: (json: unknown, index: number) => { line: string; failed: boolean },
): AnsweredDocument {
  const json = parseJsonText(text);
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
 * Reads an already-parsed pair-query document (the value of `JSON.parse`). See
 * {@link parsePairQueryDocument}.
 * @throws InvalidJsonError when `json` is not an object with a `pairs` array.
 */
export function readPairQuery(json: unknown): PairQueryDocument {
  if (!isPlainObject(json)) {
    throw new InvalidJsonError('input', `is ${describe(json)}; expected an object {"pairs": [...]}`);
  }
  const pairs = json.pairs;
  if (!Array.isArray(pairs)) {
    throw new InvalidJsonError('pairs', `is ${describe(pairs)}; expected an array of pair objects {"id", "a", "poseA", "b", "poseB"}`);
  }
  const entries: (ParsedPair | PairParseError)[] = [];
  for (let i = 0; i < pairs.length; i++) entries.push(readPairEntry(pairs[i], i));
  return { entries };
}

/** Reads `pairs[index]`, turning any library error into that pair's {@link PairParseError}. */
/** @internal (format/ modules only) */
export function readPairEntry(json: unknown, index: number): ParsedPair | PairParseError {
  let id: PairId | null = null;
  try {
    id = readPairId(json, index);
    return readPair(json, index);
  } catch (e) {
    if (e instanceof CollisionError) return { index, id, error: e, code: e.code };
    // Not a problem with the input but a bug below us: keep it to this pair, say so.
    const message = `internal error, please report it with this pair: ${e instanceof Error ? e.message : String(e)}`;
    return { index, id, error: new Error(message), code: 'INTERNAL' };
  }
}

function readPairId(json: unknown, index: number, field = `pairs[${index}]`): PairId {
  if (!isPlainObject(json)) {
    throw new InvalidJsonError(field, `is ${describe(json)}; expected a pair object {"id", "a", "poseA", "b", "poseB"}`);
  }
  const id = json.id;
  if (typeof id === 'string') return id;
  if (typeof id === 'number') {
    if (!Number.isFinite(id)) throw new InvalidNumberError(`${field}.id`, id, 'a string or a finite number');
    return id;
  }
  throw new InvalidJsonError(`${field}.id`, `is ${describe(id)}; expected a string or a finite number`);
}

/**
 * Reads and validates one pair object; `index` is its position in `pairs` (for messages).
 * Keys other than `id`, `a`, `poseA`, `b`, `poseB` are ignored.
 * @throws the first problem found, as a typed error naming the field: InvalidJsonError (wrong type or
 *   missing field), InvalidNumberError (NaN, ±Infinity, or a number written as a string),
 *   InvalidQuaternionError, and from `shapeFromJSON`: InvalidShapeError, InvalidRadiusError,
 *   DegenerateHullError.
 */
export function readPair(json: unknown, index: number, field = `pairs[${index}]`): ParsedPair {
  const id = readPairId(json, index, field);
  const o = json as Record<string, unknown>;
  const a = readShapeField(o.a, `${field}.a`);
  const poseA = readPoseJson(o.poseA, `${field}.poseA`);
  const b = readShapeField(o.b, `${field}.b`);
  const poseB = readPoseJson(o.poseB, `${field}.poseB`);
  return { index, id, a, poseA, b, poseB };
}

/**
 * `shapeFromJSON`, making sure the message names the shape: errors raised below the JSON reader
 * (for example by the hull builder, which knows only its own argument names) do not know which pair
 * they belong to, so their message is prefixed with `field`.
 */
/** @internal (format/ modules only) */
export function readShapeField(json: unknown, field: string): Shape {
  if (json === undefined) throw new InvalidJsonError(field, 'is missing; expected a shape object with a "type"');
  try {
    if (isPlainObject(json) && json.type === 'compound') return readCompound(json, field);
    if (isPlainObject(json) && json.type === 'mesh') return readMesh(json, field);
    return shapeFromJSON(json, field);
  } catch (e) {
    if (e instanceof CollisionError && !e.message.startsWith(field)) {
      e.message = `${field}: ${e.message}`;
    }
    throw e;
  }
}

/**
 * Reads a POSE `{"position": [x, y, z], "quaternion": [x, y, z, w]}` at `field`. The quaternion is
 * normalised when its length is within 1e-6 of 1 (JSON written with a few digits is rarely exactly
 * unit), so the returned pose is exactly what the query uses.
 * @throws InvalidJsonError for a wrong type or a missing member; InvalidNumberError for a component
 *   that is NaN, ±Infinity (JSON `1e999` reads as Infinity) or a string; InvalidQuaternionError when
 *   the quaternion's length is not within 1e-6 of 1 (including the zero quaternion).
 */
export function readPoseJson(json: unknown, field: string): PoseJsonValue {
  requireFieldName(field);
  if (!isPlainObject(json)) {
    throw new InvalidJsonError(field, `is ${describe(json)}; expected a pose {"position": [x, y, z], "quaternion": [x, y, z, w]}`);
  }
  const p = readNumbers(json.position, `${field}.position`, 3, '[x, y, z]');
  const q = readNumbers(json.quaternion, `${field}.quaternion`, 4, '[x, y, z, w]');
  const x = q[0], y = q[1], z = q[2], w = q[3];
  // Computed with hypot so that a quaternion of huge (but finite) components is not squared to
  // Infinity and reported with a misleading length.
  // (Not Math.hypot: the same bits in every engine, math/exact-math.ts; scaled, so that 1e200 has a length.)
  const big = Math.max(Math.abs(x), Math.abs(y), Math.abs(z), Math.abs(w));
  const sx = x / big, sy = y / big, sz = z / big, sw = w / big;
  const length = big > 0 && big < Infinity ? big * Math.sqrt(sx * sx + sy * sy + sz * sz + sw * sw) : big;
  if (!(Math.abs(length - 1) <= QUATERNION_UNIT_TOLERANCE)) {
    throw new InvalidQuaternionError(`${field}.quaternion`, `has length ${length}; expected ${UNIT_QUATERNION}`);
  }
  return {
    position: { x: p[0], y: p[1], z: p[2] },
    quaternion: { x: x / length, y: y / length, z: z / length, w: w / length },
  };
}

/** Reads an array of exactly `count` finite numbers at `field`. */
/** @internal (format/ modules only) */
export function readNumbers(value: unknown, field: string, count: number, form: string): number[] {
  if (!Array.isArray(value) || value.length !== count) {
    throw new InvalidJsonError(field, `is ${describe(value)}; expected an array of ${count} finite numbers ${form}`);
  }
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(readFiniteNumber(value[i], `${field}[${i}]`));
  return out;
}

function readFiniteNumber(v: unknown, field: string): number {
  if (typeof v === 'number') {
    if (Number.isFinite(v)) return v;
    throw new InvalidNumberError(field, v, Number.isNaN(v)
      ? 'a finite number'
      : 'a finite number (a JSON number too large for float64, such as 1e999, reads as Infinity)');
  }
  // "NaN", "Infinity", "1.5": numbers written as strings are a number problem, so say so.
  if (typeof v === 'string' && v.length <= 40) throw new InvalidNumberError(field, v, 'a finite number (a JSON number, not a string)');
  throw new InvalidJsonError(field, `is ${describe(v)}; expected a finite number`);
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
    if (r === null) return internalFailure(id, 'contact() returned null without a maxDistance');
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
    out.push(isPairFailure(entry)
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
  return JSON.stringify(isPairFailure(r)
    ? { id: r.id, error: r.error }
    : { id: r.id, intersecting: r.intersecting, separation: r.separation, normal: r.normal, pointA: r.pointA, pointB: r.pointB });
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
  if (!(KIND_INDEX in shape) && typeof (shape as { support?: unknown }).support !== 'function') {
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

/** @internal (format/ modules only) */
export function internalFailure(id: PairId | null, why: string): PairFailure {
  return { id, error: capMessage(`internal error, please report it with this pair: ${why}`), code: 'INTERNAL' };
}

/** @internal (format/ modules only) */
export function capMessage(message: string): string {
  if (message.length <= MAX_ERROR_MESSAGE_LENGTH) return message;
  return `${message.slice(0, MAX_ERROR_MESSAGE_LENGTH)}… (message cut, ${message.length - MAX_ERROR_MESSAGE_LENGTH} more characters)`;
}

/** @internal (format/ modules only) */
export function toArray(v: Readonly<Vec3Like>): [number, number, number] {
  return [v.x, v.y, v.z];
}

/** @internal (format/ modules only) */
export function allFinite(v: readonly number[]): boolean {
  return Number.isFinite(v[0]) && Number.isFinite(v[1]) && Number.isFinite(v[2]);
}

/** @internal (format/ modules only) */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** A bounded description of a JSON value for messages: never serialises a whole array or object. */
/** @internal (format/ modules only) */
export function describe(v: unknown): string {
  if (v === undefined) return 'missing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return `an array of length ${v.length}`;
  if (typeof v === 'string') return v.length <= 40 ? `the string ${JSON.stringify(v)}` : `a string of length ${v.length}`;
  if (typeof v === 'object') return 'an object';
  return `${typeof v} ${String(v)}`;
}

/** The `compound` SHAPE type: `{"type": "compound", "parts": [{"shape": SHAPE, "pose": POSE}, ...]}` (convex parts). */
function readCompound(json: Record<string, unknown>, field: string): Compound {
  const parts = json.parts;
  if (!Array.isArray(parts)) throw new InvalidJsonError(`${field}.parts`, `is ${describe(parts)}; expected an array of {"shape", "pose"}`);
  return new Compound(parts.map((part: unknown, i) => {
    const f = `${field}.parts[${i}]`;
    if (!isPlainObject(part)) throw new InvalidJsonError(f, `is ${describe(part)}; expected {"shape", "pose"}`);
    if (isPlainObject(part.shape) && (part.shape.type === 'compound' || part.shape.type === 'mesh')) {
      throw new InvalidJsonError(`${f}.shape`, `is a ${String(part.shape.type)}; a part must be a convex shape`);
    }
    return { shape: shapeFromJSON(part.shape, `${f}.shape`), pose: readPoseJson(part.pose, `${f}.pose`) };
  }));
}

/**
 * The `mesh` SHAPE type: `{"type": "mesh", "vertices": [[x, y, z], ...], "triangles": [[i, j, k], ...]}`.
 * Every vertex and triangle is checked here, so that a message names the JSON field (the mesh's own checks
 * name its constructor's arguments).
 */
function readMesh(json: Record<string, unknown>, field: string): TriangleMesh {
  const vertices = json.vertices, triangles = json.triangles;
  if (!Array.isArray(vertices) || vertices.length === 0) {
    throw new InvalidJsonError(`${field}.vertices`, `is ${describe(vertices)}; expected a non-empty array of [x, y, z]`);
  }
  if (!Array.isArray(triangles) || triangles.length === 0) {
    throw new InvalidJsonError(`${field}.triangles`, `is ${describe(triangles)}; expected a non-empty array of [i, j, k] vertex indices`);
  }
  const flat = new Float64Array(3 * vertices.length);
  vertices.forEach((v: unknown, i) => flat.set(readNumbers(v, `${field}.vertices[${i}]`, 3, '[x, y, z]'), 3 * i));
  const indices = new Int32Array(3 * triangles.length);
  triangles.forEach((t: unknown, i) => {
    const f = `${field}.triangles[${i}]`;
    if (!Array.isArray(t) || t.length !== 3) throw new InvalidJsonError(f, `is ${describe(t)}; expected [i, j, k]: three vertex indices`);
    for (let k = 0; k < 3; k++) {
      const x: unknown = t[k];
      if (!(typeof x === 'number' && Number.isInteger(x) && x >= 0 && x < vertices.length)) {
        throw new InvalidJsonError(`${f}[${k}]`, `is ${describe(x)}; expected an integer vertex index from 0 to ${vertices.length - 1}`);
      }
      indices[3 * i + k] = x;
    }
  });
  return new TriangleMesh(flat, indices);
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

/** @internal Throws unless `index` is what the JSON answerers take: a pair's index, a whole number ≥ 0. */
export function requireIndex(index: unknown): void {
  if (!(typeof index === 'number' && Number.isInteger(index) && index >= 0)) {
    throw new InvalidArgumentError('index', `is ${describe(index)}; expected the pair's index in its document (an integer >= 0)`);
  }
}
