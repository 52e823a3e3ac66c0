/**
 * The shape-cast JSON format (docs/formats.md, "Cast document"): `{"casts": [{"id", "a", "poseA",
 * "motionA", "b", "poseB", "motionB", "maxTime", "targetSeparation"}, ...]}`, answered with
 * {@link shapeCast} into `{"results": [{"id", "hit": true, "time", "normal", "pointA", "pointB"} |
 * {"id", "hit": false}, ...]}`. One bad cast gets `{"id", "error"}`; the others are still answered.
 */
import { createShapeCastResult, InvalidJsonError, shapeCast, type Motion } from '../../index.js';
import { readPoseJson, readShapeField, type PairId } from '../../format/pair-document.js';
import { describe, isPlainObject, readNumbers } from '../../format/read-json.js';
import { allFinite, answerItem, answerItemsText, internalFailure, requireIndex, requireOutcome, writeOutcome, toArray, type AnsweredDocument, type PairFailure } from './pair.js';

export type CastOutcome =
  | { readonly id: PairId; readonly hit: true; readonly time: number; readonly normal: [number, number, number]; readonly pointA: [number, number, number]; readonly pointB: [number, number, number] }
  | { readonly id: PairId; readonly hit: false }
  | PairFailure;

const _result = /* @__PURE__ */ createShapeCastResult();

function readMotion(json: unknown, field: string): Motion {
  if (json === undefined) return {};
  if (!isPlainObject(json)) throw new InvalidJsonError(field, `is ${describe(json)}; expected {"linear": [x, y, z], "angular": [x, y, z]}`);
  const m: Motion = {};
  if (json.linear !== undefined) { const [x, y, z] = readNumbers(json.linear, `${field}.linear`, 3, '[x, y, z]'); m.linear = { x, y, z }; }
  if (json.angular !== undefined) { const [x, y, z] = readNumbers(json.angular, `${field}.angular`, 3, '[x, y, z]'); m.angular = { x, y, z }; }
  return m;
}

function readOptionalLength(json: Record<string, unknown>, key: string, field: string): number | undefined {
  const v = json[key];
  if (v === undefined) return undefined;
  if (typeof v === 'number' && v >= 0 && v < Infinity) return v;
  throw new InvalidJsonError(`${field}.${key}`, `is ${describe(v)}; expected a finite number >= 0`);
}

/** Reads and answers `casts[index]`. Never throws. */
export function answerCastJson(json: unknown, index: number): CastOutcome {
  requireIndex(index);
  const field = `casts[${index}]`;
  return answerItem(json, field, 'a cast object {"id", "a", "poseA", "b", "poseB"}', (item, id) => {
    const a = readShapeField(item.a, `${field}.a`), poseA = readPoseJson(item.poseA, `${field}.poseA`), motionA = readMotion(item.motionA, `${field}.motionA`);
    const b = readShapeField(item.b, `${field}.b`), poseB = readPoseJson(item.poseB, `${field}.poseB`), motionB = readMotion(item.motionB, `${field}.motionB`);
    const maxTime = readOptionalLength(item, 'maxTime', field), targetSeparation = readOptionalLength(item, 'targetSeparation', field);
    const r = shapeCast(a, poseA, motionA, b, poseB, motionB, _result, { maxTime, targetSeparation });
    if (r === null) return { id, hit: false };
    const normal = toArray(r.normal), pointA = toArray(r.pointA), pointB = toArray(r.pointB);
    if (!Number.isFinite(r.time) || !allFinite([...normal, ...pointA, ...pointB])) return internalFailure(id, 'the shape cast produced a non-finite answer');
    return { id, hit: true, time: r.time, normal, pointA, pointB };
  });
}

export function formatCastResult(r: CastOutcome): string {
  requireOutcome(r, 'answerCastJson');
  if ('error' in r) return writeOutcome({ id: r.id, error: r.error }, 'answerCastJson');
  return writeOutcome(r.hit ? { id: r.id, hit: true, time: r.time, normal: r.normal, pointA: r.pointA, pointB: r.pointB } : { id: r.id, hit: false }, 'answerCastJson');
}

/**
 * Reads, answers and writes a cast document from its text.
 * @throws InvalidJsonError when the text is not JSON, is not an object, or has no `casts` array.
 */
export function answerCastQueryText(text: string): AnsweredDocument {
  return answerItemsText(text, 'casts', 'cast objects {"id", "a", "poseA", "motionA", "b", "poseB", "motionB"}', (json, i) => {
    const outcome = answerCastJson(json, i);
    return { line: formatCastResult(outcome), failed: 'error' in outcome };
  });
}
