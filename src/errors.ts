/**
 * Typed errors. Every error the library throws extends {@link CollisionError} and carries a stable
 * `code`, so callers can branch on it without parsing messages. Messages name the field that was
 * wrong, what it held, and what is accepted.
 */

/** Stable machine-readable error codes. */
export type CollisionErrorCode =
  | 'INVALID_NUMBER'
  | 'INVALID_RADIUS'
  | 'INVALID_QUATERNION'
  | 'INVALID_POSE'
  | 'INVALID_ARGUMENT'
  | 'INVALID_SHAPE'
  | 'DEGENERATE_HULL'
  | 'UNSUPPORTED_PAIR'
  | 'INVALID_JSON';

/** Base class of every error thrown by convex-collide. */
export class CollisionError extends Error {
  /** Stable machine-readable code: one for each subclass, and the error's `name` follows from it. */
  readonly code: CollisionErrorCode;
  constructor(code: CollisionErrorCode, message: string) {
    super(message);
    this.code = code;
    // From the code, not `new.target.name`: a minifier renames classes (the explorer's build printed
    // "ag: contactManifold: …"), and a name is part of what a user reads and matches on.
    this.name = ERROR_NAMES[code];
  }
}

/** Each code's class name. */
const ERROR_NAMES: Record<CollisionErrorCode, string> = {
  INVALID_NUMBER: 'InvalidNumberError',
  INVALID_RADIUS: 'InvalidRadiusError',
  INVALID_QUATERNION: 'InvalidQuaternionError',
  INVALID_POSE: 'InvalidPoseError',
  INVALID_ARGUMENT: 'InvalidArgumentError',
  INVALID_SHAPE: 'InvalidShapeError',
  DEGENERATE_HULL: 'DegenerateHullError',
  UNSUPPORTED_PAIR: 'UnsupportedPairError',
  INVALID_JSON: 'InvalidJsonError',
};

/** A number was NaN or ±Infinity where a finite number is required. */
export class InvalidNumberError extends CollisionError {
  /** The field that held the bad value, e.g. `"points[3].y"`. */
  readonly field: string;
  constructor(field: string, value: unknown, accepted = 'a finite number') {
    super('INVALID_NUMBER', `${field} is ${describeValue(value)}; expected ${accepted}`);
    this.field = field;
  }
}

/** A radius, half height or half extent was negative or not finite. */
export class InvalidRadiusError extends CollisionError {
  /** The field that held the bad value, e.g. `"Box.hx"` or `"Sphere.radius"`. */
  readonly field: string;
  constructor(field: string, value: unknown, accepted = 'a finite number >= 0') {
    super('INVALID_RADIUS', `${field} is ${describeValue(value)}; expected ${accepted}`);
    this.field = field;
  }
}

/** A rotation quaternion was zero, not finite, or not of unit length within 1e-6. */
export class InvalidQuaternionError extends CollisionError {
  /** The field that held the bad quaternion, e.g. `"poseA.quaternion"`. */
  readonly field: string;
  constructor(field: string, message: string) {
    super('INVALID_QUATERNION', `${field} ${message}`);
    this.field = field;
  }
}

/**
 * A pose that cannot be read as a rotation and a translation: a world matrix with a shear or a zero
 * scale, or a three.js object whose local pose is not its world pose (a scaled object, or one inside a
 * transformed group) passed as a pose.
 */
export class InvalidPoseError extends CollisionError {
  /** The field that held the bad pose, e.g. `"poseA"` or `"poseA.scale"`. */
  readonly field: string;
  constructor(field: string, message: string) {
    super('INVALID_POSE', `${field} ${message}`);
    this.field = field;
  }
}

/**
 * An argument of a query that is neither a shape nor a pose was not what the query takes: `options` that
 * is not an object, a `cache` that is not a GjkCache (or is frozen), a `trace` that is not a function, an
 * `out` that is not a writable result record.
 */
export class InvalidArgumentError extends CollisionError {
  /** The argument, option or method that was wrong, e.g. `"options.solid"`, `"index"` or `"add"`. */
  readonly field: string;
  constructor(field: string, message: string) {
    super('INVALID_ARGUMENT', `${field} ${message}`);
    this.field = field;
  }
}

/** A shape description was malformed: unknown type, missing field, empty point list. */
export class InvalidShapeError extends CollisionError {
  /** The field of the shape description that was wrong, e.g. `"ConvexHull.points.faceStart"` or `"a.radius"`. */
  readonly field: string;
  constructor(field: string, message: string) {
    super('INVALID_SHAPE', `${field} ${message}`);
    this.field = field;
  }
}

/**
 * Why a hull could not be built: `'too-few-points'` (no points), `'inconsistent'` (no tolerance gave a valid
 * hull). Coincident, collinear and coplanar points are not errors: they give a point, a segment or a polygon.
 */
export type DegenerateHullReason = 'too-few-points' | 'inconsistent';

/** A hull was asked for where the input cannot give one (for example, no points at all). */
export class DegenerateHullError extends CollisionError {
  /** Why the hull could not be built: `'too-few-points'` for no points, `'inconsistent'` when no tolerance gave a valid hull. */
  readonly reason: DegenerateHullReason;
  constructor(reason: DegenerateHullReason, message: string) {
    super('DEGENERATE_HULL', message);
    this.reason = reason;
  }
}

/** The dispatcher has no way to answer a query for this pair of shapes. */
export class UnsupportedPairError extends CollisionError {
  constructor(message: string) {
    super('UNSUPPORTED_PAIR', message);
  }
}

/** A JSON document could not be read: not JSON at all, or not of the expected form. */
export class InvalidJsonError extends CollisionError {
  /** The path of the offending value in the document, e.g. `"pairs[2].poseA"`, or `"input"` for text that is not JSON. */
  readonly field: string;
  constructor(field: string, message: string) {
    super('INVALID_JSON', `${field} ${message}`);
    this.field = field;
  }
}

/** Longest description of a bad value put into a message, so a hostile input cannot bloat it. */
const MAX_VALUE_DESCRIPTION = 80;

/** A short description of a bad value for a message: `NaN`, `missing`, `string "1"`, `an object`. */
export function describeValue(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'bigint') return `bigint ${value}n`;
  if (typeof value === 'symbol') return value.toString();
  if (typeof value === 'function') return 'a function';
  let text: string;
  try {
    text = `${typeof value} ${JSON.stringify(value)}`;
  } catch {
    text = typeof value;
  }
  return text.length > MAX_VALUE_DESCRIPTION ? `${text.slice(0, MAX_VALUE_DESCRIPTION)}…` : text;
}

/** Throws {@link InvalidNumberError} unless `value` is a finite number. Returns it. */
export function requireFinite(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new InvalidNumberError(field, value);
  return value;
}

/** Throws {@link InvalidRadiusError} unless `value` is a finite number >= 0. Returns it. */
export function requireNonNegative(value: unknown, field: string, accepted?: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new InvalidRadiusError(field, value, accepted);
  return value;
}

/**
 * Throws for a key of `obj` that is not one of `known` (a misspelt option was ignored without a word:
 * `{ maxDistanse: 0.5 }` ran as if no limit were given). A for-in over the object's keys: no allocation for
 * an object of a fixed shape, and a few string comparisons a key.
 * @throws InvalidArgumentError naming `<field>.<key>`, the accepted keys, and the nearest one.
 */
export function checkKnownKeys(obj: object, known: KnownKeys, field: string): void {
  // The object checked last passes at once: an options object hoisted out of a loop costs one comparison
  // (a fresh literal a call, a for-in and a Set lookup a key: about 30 ns for one key).
  if (obj === known.last) return;
  const set = known.set;
  for (const key in obj) {
    if (!set.has(key)) throwUnknownKey(key, known.list, field);
  }
  known.last = obj;
}

/** The accepted keys of an options object (knownKeys), with the last object that passed. */
export interface KnownKeys {
  readonly list: readonly string[];
  readonly set: ReadonlySet<string>;
  last: object | null;
}

/** The accepted keys, for checkKnownKeys. */
export function knownKeys(list: readonly string[]): KnownKeys {
  return { list, set: new Set(list), last: null };
}

function throwUnknownKey(key: string, known: readonly string[], field: string): never {
  let best = '', bestDistance = 3;
  for (const k of known) {
    const d = editDistance(key.toLowerCase(), k.toLowerCase());
    if (d < bestDistance) { best = k; bestDistance = d; }
  }
  const hint = best !== '' ? ` (did you mean ${best}?)` : '';
  throw new InvalidArgumentError(`${field}.${key}`, `is not an option here${hint}; expected ${known.length > 0 ? `one of ${known.join(', ')}` : 'none'}`);
}

/** Levenshtein distance (small strings: option names). */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

/** The longest list a shape is read from: 2^28 entries (a Float64Array of 2 GB, three times that for points as objects). */
export const MAX_LIST_LENGTH = 2 ** 28;

/**
 * The length of a list a caller passed (an array, a typed array, any array-like), checked: a whole number
 * from 0 to MAX_LIST_LENGTH. A Proxy of a typed array passes `typeof` but its `length` getter throws a raw
 * TypeError (the getter refuses a proxy as its receiver), and `{length: -1}` made a typed array of a
 * negative size (a raw RangeError): both are an InvalidShapeError naming `field`.
 * @throws InvalidShapeError naming `field`, saying `expected` when it is not a list.
 */
export function listLength(list: unknown, field: string, expected: string): number {
  if (list === null || typeof list !== 'object') throw new InvalidShapeError(field, `is ${describeValue(list)}; expected ${expected}`);
  let n: unknown;
  try {
    n = (list as { length?: unknown }).length;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw new InvalidShapeError(field, `is a list whose length cannot be read (a Proxy of a typed array?); expected ${expected}`);
  }
  if (typeof n !== 'number') throw new InvalidShapeError(field, `is not a list (its length is ${describeValue(n)}); expected ${expected}`);
  if (!(Number.isInteger(n) && n >= 0)) throw new InvalidShapeError(field, `has length ${describeValue(n)}; expected ${expected}`);
  // (A sparse array of length 2^32 − 1 asked for a typed array of 100 GB: a raw RangeError.)
  if (n > MAX_LIST_LENGTH) throw new InvalidShapeError(field, `has length ${n}; expected at most ${MAX_LIST_LENGTH} entries (${expected})`);
  return n;
}
