/**
 * `convex-collide manifold FILE`: the contact manifold of every pair of a pair-query document (an
 * optional `margin` per pair), in the format of docs/formats.md ("Manifold document"). Exit status as
 * `query`: 0 every pair answered, 1 some pair had an error, 2 the input cannot be read as a whole.
 */
import { answerManifoldQueryText, type AnsweredDocument } from '../../format/index.js';
import { CollisionError } from '../../index.js';
import type { QueryCommandResult } from './query.js';

/** Runs the `manifold` command on the input's text. Never throws. */
export function runManifoldCommand(inputText: string): QueryCommandResult {
  let answered: AnsweredDocument;
  try {
    answered = answerManifoldQueryText(inputText);
  } catch (e) {
    const message = e instanceof CollisionError ? e.message : `internal error: ${e instanceof Error ? e.message : String(e)}`;
    return { stdout: '', stderr: `convex-collide manifold: ${message}\n`, exitCode: 2 };
  }
  const { results, total, failed } = answered;
  const stderr = failed > 0 ? `convex-collide manifold: ${failed} of ${total} pairs could not be answered (see their "error")\n` : '';
  return { stdout: results, stderr, exitCode: failed > 0 ? 1 : 0 };
}
