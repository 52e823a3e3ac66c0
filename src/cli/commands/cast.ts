/**
 * `convex-collide cast FILE`: the time of impact of every cast of a cast document, in the format of
 * docs/formats.md ("Cast document"). Exit status as `query`.
 */
import { answerCastQueryText, type AnsweredDocument } from '../../format/index.js';
import { CollisionError } from '../../index.js';
import type { QueryCommandResult } from './query.js';

export function runCastCommand(inputText: string): QueryCommandResult {
  let answered: AnsweredDocument;
  try {
    answered = answerCastQueryText(inputText);
  } catch (e) {
    const message = e instanceof CollisionError ? e.message : `internal error: ${e instanceof Error ? e.message : String(e)}`;
    return { stdout: '', stderr: `convex-collide cast: ${message}\n`, exitCode: 2 };
  }
  const { results, total, failed } = answered;
  const stderr = failed > 0 ? `convex-collide cast: ${failed} of ${total} casts could not be answered (see their "error")\n` : '';
  return { stdout: results, stderr, exitCode: failed > 0 ? 1 : 0 };
}
