/**
 * The commands that answer a document item by item (`manifold`, `raycast`, `cast`): the document's
 * answer from `convex-collide/format` on stdout, a count of the items that could not be answered on
 * stderr. Exit status as `query`: 0 every item answered, 1 some item had an error (its result holds
 * `{"id", "error"}`), 2 the input cannot be read as a whole.
 */
import type { AnsweredDocument } from '../answers/pair.js';
import { CollisionError } from '../../index.js';
import type { QueryCommandResult } from './query.js';

/** Runs `command` on the input's text with `answer`; `noun` names its items in messages. Never throws. */
export function runDocumentCommand(command: string, noun: string, answer: (text: string) => AnsweredDocument, inputText: string): QueryCommandResult {
  let answered: AnsweredDocument;
  try {
    answered = answer(inputText);
  } catch (e) {
    const message = e instanceof CollisionError ? e.message : `internal error: ${e instanceof Error ? e.message : String(e)}`;
    return { stdout: '', stderr: `convex-collide ${command}: ${message}\n`, exitCode: 2 };
  }
  const { results, total, failed } = answered;
  const stderr = failed > 0 ? `convex-collide ${command}: ${failed} of ${total} ${noun} could not be answered (see their "error")\n` : '';
  return { stdout: results, stderr, exitCode: failed > 0 ? 1 : 0 };
}
