/**
 * The checks the JSON readers of the documents share (docs/formats.md): a document's text parsed, a value
 * described in a message without serialising it, an array of finite numbers read, a message capped, so that
 * the pair reader and the command line's documents word their errors alike. (The SHAPE reader quotes a
 * string its own way, `type is "teapot"`.) Not part of the `convex-collide/format` entry.
 */
import { InvalidJsonError, InvalidNumberError } from '../errors.js';

/**
 * Longest error message written into a result. A message quotes at most a short summary of the bad
 * value, but the shape reader's messages can quote whole (user-sized) arrays; past this length the
 * message is cut and says by how much, so one hostile pair cannot blow up the output.
 */
export const MAX_ERROR_MESSAGE_LENGTH = 2000;

/**
 * JSON.parse of a document's text, a byte-order mark skipped, its failure an InvalidJsonError saying the
 * document's form (`expected` for a pair-query document unless given).
 */
export function parseJsonText(text: string, expected = '{"pairs": [{"id", "a", "poseA", "b", "poseB"}, ...]}'): unknown {
  if (typeof text !== 'string') throw new InvalidJsonError('input', `is ${describe(text)}; expected JSON text`);
  // A leading byte-order mark is encoding, not content (editors on Windows write one).
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new InvalidJsonError('input', `is not valid JSON (${why}); expected ${expected}`);
  }
  return json;
}

export function capMessage(message: string): string {
  if (message.length <= MAX_ERROR_MESSAGE_LENGTH) return message;
  return `${message.slice(0, MAX_ERROR_MESSAGE_LENGTH)}… (message cut, ${message.length - MAX_ERROR_MESSAGE_LENGTH} more characters)`;
}

/** Reads an array of exactly `count` finite numbers at `field`. */
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

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** A bounded description of a JSON value for messages: never serialises a whole array or object. */
export function describe(v: unknown): string {
  if (v === undefined) return 'missing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return `an array of length ${v.length}`;
  if (typeof v === 'string') return v.length <= 40 ? `the string ${JSON.stringify(v)}` : `a string of length ${v.length}`;
  if (typeof v === 'object') return 'an object';
  return `${typeof v} ${String(v)}`;
}
