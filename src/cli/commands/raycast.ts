/**
 * `convex-collide raycast FILE`: where each ray of a ray document first meets its shape, in the format
 * of docs/formats.md ("Ray document"). Exit status as `query`.
 */
import { answerRayQueryText, type AnsweredDocument } from '../../format/index.js';
import { CollisionError } from '../../index.js';
import type { QueryCommandResult } from './query.js';

export function runRaycastCommand(inputText: string): QueryCommandResult {
  let answered: AnsweredDocument;
  try {
    answered = answerRayQueryText(inputText);
  } catch (e) {
    const message = e instanceof CollisionError ? e.message : `internal error: ${e instanceof Error ? e.message : String(e)}`;
    return { stdout: '', stderr: `convex-collide raycast: ${message}\n`, exitCode: 2 };
  }
  const { results, total, failed } = answered;
  const stderr = failed > 0 ? `convex-collide raycast: ${failed} of ${total} rays could not be answered (see their "error")\n` : '';
  return { stdout: results, stderr, exitCode: failed > 0 ? 1 : 0 };
}
