/**
 * Reading the pair-query JSON format (docs/formats.md, "Pair-query document"): a document of posed shape
 * pairs, `{"pairs": [{"id", "a", "poseA", "b", "poseB"}, ...]}`, and its POSE. (Answering and writing the
 * results is the command line's: cli/answers/pair.ts.)
 *
 * Reading is split in two levels, because the format promises that one bad pair does not stop the
 * others:
 * - the document as a whole (not JSON, not an object, no `pairs` array) is a top-level error, thrown
 *   as {@link InvalidJsonError};
 * - everything inside one pair (id, shapes, poses) is that pair's error, kept in its entry as a
 *   {@link PairParseError}, and the other pairs are still read.
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
import { CollisionError, InvalidArgumentError, InvalidJsonError, InvalidNumberError, InvalidQuaternionError } from '../errors.js';
import type { PoseLike, QuatLike, Vec3Like } from '../math/types.js';
import type { Shape } from '../shapes/shape.js';
import { QUATERNION_UNIT_TOLERANCE } from '../tolerance.js';
import { requireFieldName, shapeFromJSON } from './shape-json.js';
import { Compound } from '../query/parted/compound.js';
import { TriangleMesh } from '../query/parted/triangle-mesh.js';
import { HalfSpace } from '../query/plane/half-space.js';
import { HeightField } from '../query/parted/height-field.js';
import { describe, isPlainObject, parseJsonText, readNumbers } from './read-json.js';

/**
 * A pair's id as written in the input: any string, or a finite number. Numbers are kept as numbers
 * and written back unchanged (`"id": 7` in, `"id": 7` out), so a reader can match results to pairs
 * with `===` on the parsed values. Ids need not be unique; results are always in input order.
 */
export type PairId = string | number;

/** A pose read from JSON: plain objects, the quaternion already normalised. Satisfies {@link PoseLike}. */
export interface PoseJsonValue extends PoseLike {
  /** The position, from the JSON `[x, y, z]`. */
  position: Vec3Like;
  /** The orientation, from the JSON `[x, y, z, w]`, normalised to unit length. */
  quaternion: QuatLike;
}

/** One pair that passed validation and can be queried. */
export interface ParsedPair {
  /** Position in the input's `pairs` array. */
  readonly index: number;
  /** The pair's id as written. */
  readonly id: PairId;
  /** The first shape (a convex shape, a compound or a mesh). */
  readonly a: Shape;
  /** Where `a` is: its pose in world space. */
  readonly poseA: PoseJsonValue;
  /** The second shape. */
  readonly b: Shape;
  /** Where `b` is. */
  readonly poseB: PoseJsonValue;
}

/** One pair that could not be read. */
export interface PairParseError {
  /** Position in the input's `pairs` array. */
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

/**
 * True when an entry of a {@link PairQueryDocument} is a pair that could not be read (its `error` names
 * the field), false for a {@link ParsedPair} ready to query.
 */
export function isPairParseError(entry: ParsedPair | PairParseError): entry is PairParseError {
  if (entry === null || typeof entry !== 'object') throw new InvalidArgumentError('entry', `is ${describe(entry)}; expected an entry of a parsed document`);
  return 'error' in entry;
}

/** A pair-query document after reading: one entry per input pair, in input order. */
export interface PairQueryDocument {
  /** One entry per element of `pairs`, in order: a pair ready to query, or why it could not be read. */
  readonly entries: ReadonlyArray<ParsedPair | PairParseError>;
}

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
export function readShapeField(json: unknown, field: string): Shape {
  if (json === undefined) throw new InvalidJsonError(field, 'is missing; expected a shape object with a "type"');
  try {
    if (isPlainObject(json) && json.type === 'compound') return readCompound(json, field);
    if (isPlainObject(json) && json.type === 'mesh') return readMesh(json, field);
    if (isPlainObject(json) && json.type === 'halfSpace') return new HalfSpace();
    if (isPlainObject(json) && json.type === 'heightField') return readHeightField(json, field);
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

/** The `compound` SHAPE type: `{"type": "compound", "parts": [{"shape": SHAPE, "pose": POSE}, ...]}` (convex parts). */
function readCompound(json: Record<string, unknown>, field: string): Compound {
  const parts = json.parts;
  if (!Array.isArray(parts)) throw new InvalidJsonError(`${field}.parts`, `is ${describe(parts)}; expected an array of {"shape", "pose"}`);
  return new Compound(parts.map((part: unknown, i) => {
    const f = `${field}.parts[${i}]`;
    if (!isPlainObject(part)) throw new InvalidJsonError(f, `is ${describe(part)}; expected {"shape", "pose"}`);
    if (isPlainObject(part.shape) && (part.shape.type === 'compound' || part.shape.type === 'mesh' || part.shape.type === 'heightField' || part.shape.type === 'halfSpace')) {
      throw new InvalidJsonError(`${f}.shape`, `is a ${String(part.shape.type)}; a part must be a convex shape`);
    }
    return { shape: shapeFromJSON(part.shape, `${f}.shape`), pose: readPoseJson(part.pose, `${f}.pose`) };
  }));
}

/**
 * The `heightField` SHAPE type: `{"type": "heightField", "rows": R, "cols": C, "heights": [...], "scale": [x, y, z]}`,
 * `rows · cols` heights row-major, null for a hole (JSON has no NaN).
 */
function readHeightField(json: Record<string, unknown>, field: string): HeightField {
  const heights = json.heights;
  if (!Array.isArray(heights)) throw new InvalidJsonError(`${field}.heights`, `is ${describe(heights)}; expected an array of rows · cols numbers (null for a hole)`);
  const h = new Float64Array(heights.length);
  heights.forEach((v: unknown, i) => {
    if (v === null) h[i] = Number.NaN;
    else if (typeof v === 'number' && Number.isFinite(v)) h[i] = v;
    else throw new InvalidJsonError(`${field}.heights[${i}]`, `is ${describe(v)}; expected a finite number, or null for a hole`);
  });
  const s = readNumbers(json.scale, `${field}.scale`, 3, '[x, y, z]');
  for (const k of ['rows', 'cols'] as const) {
    const n = json[k];
    if (!(typeof n === 'number' && Number.isInteger(n) && n >= 2)) throw new InvalidJsonError(`${field}.${k}`, `is ${describe(n)}; expected an integer >= 2`);
  }
  return new HeightField(json.rows as number, json.cols as number, h, { x: s[0], y: s[1], z: s[2] });
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
