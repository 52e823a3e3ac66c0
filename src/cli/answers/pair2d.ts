/**
 * The 2D pair format (docs/formats.md, "Two dimensions"): `{"pairs": [{"id", "a", "poseA", "b",
 * "poseB"}, ...]}` with 2D shapes and poses `{"position": [x, y], "angle": radians}`, answered with the
 * 2D {@link contact} into `{"results": [{"id", "intersecting", "separation", "normal": [x, y], "pointA",
 * "pointB"}, ...]}`. One bad pair gets `{"id", "error"}`; the others are still answered.
 */
import { contact, createContactResult } from '../../2d/index.js';
import { readPose2Json, shape2FromJSON } from '../../format/shape2-json.js';
import { answerItem, answerItemsText, internalFailure, requireIndex, requireOutcome, writeOutcome, type AnsweredDocument, type PairFailure } from './pair.js';
import type { PairId } from '../../format/pair-document.js';

/** The answer for one 2D pair. */
export type Pair2dOutcome =
  | {
    readonly id: PairId; readonly intersecting: boolean; readonly separation: number;
    readonly normal: [number, number]; readonly pointA: [number, number]; readonly pointB: [number, number];
  }
  | PairFailure;

const _contact = /* @__PURE__ */ createContactResult();

/** Reads and answers `pairs[index]` of a 2D document. Never throws. */
export function answerPair2dJson(json: unknown, index: number): Pair2dOutcome {
  requireIndex(index);
  const field = `pairs[${index}]`;
  return answerItem(json, field, 'a pair object {"id", "a", "poseA", "b", "poseB"}', (item, id) => {
    const a = shape2FromJSON(item.a, `${field}.a`);
    const poseA = readPose2Json(item.poseA, `${field}.poseA`);
    const b = shape2FromJSON(item.b, `${field}.b`);
    const poseB = readPose2Json(item.poseB, `${field}.poseB`);
    const r = contact(a, poseA, b, poseB, _contact);
    const sep = r.separation;
    const normal: [number, number] = [r.normal.x, r.normal.y], pointA: [number, number] = [r.pointA.x, r.pointA.y];
    const pointB: [number, number] = [r.pointB.x, r.pointB.y];
    if (![sep, ...normal, ...pointA, ...pointB].every(Number.isFinite)) {
      return internalFailure(id, `the query produced a non-finite result (separation ${sep})`);
    }
    return { id, intersecting: sep <= 0, separation: sep, normal, pointA, pointB };
  });
}

/** One result as its line of the results document. */
export function formatPair2dResult(r: Pair2dOutcome): string {
  requireOutcome(r, 'answerPair2dJson');
  if ('error' in r) return writeOutcome({ id: r.id, error: r.error }, 'answerPair2dJson');
  return writeOutcome({ id: r.id, intersecting: r.intersecting, separation: r.separation, normal: r.normal, pointA: r.pointA, pointB: r.pointB }, 'answerPair2dJson');
}

/**
 * Reads, answers and writes a 2D pair document from its text, one pair at a time.
 * @throws InvalidJsonError when the text is not JSON, not an object, or has no `pairs` array.
 */
export function answerPair2dQueryText(text: string): AnsweredDocument {
  return answerItemsText(text, 'pairs', 'pair objects {"id", "a", "poseA", "b", "poseB"} (2D)', (json, i) => {
    const outcome = answerPair2dJson(json, i);
    return { line: formatPair2dResult(outcome), failed: 'error' in outcome };
  });
}
