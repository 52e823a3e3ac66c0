/**
 * `convex-collide query --jsonl FILE`: a pair stream in JSON Lines, one pair object per line, answered
 * line by line, one result per output line in input order. Memory stays constant whatever the length of
 * the stream (one line in hand, and output written in blocks, waiting when the reader is slower), so a
 * file of millions of pairs can be answered, and split or sharded with any line-based tool.
 *
 * Exit status: 0 every pair answered; 1 some line could not be (its result line holds `{"id", "error"}`,
 * and the other lines are still answered). Blank lines are skipped.
 */
import { answerPairLine, formatResult, isPairFailure } from '../answers/pair.js';

/** Output is written in blocks of about this many characters. */
const BLOCK = 1 << 16;

/** Counts of a finished stream. */
export interface JsonlSummary {
  answered: number;
  failed: number;
}

/**
 * Answers every line of `lines`, writing result lines through `write` (awaited, so a slow reader holds
 * the stream back). Never throws on any input; `write`'s own failures pass through.
 */
export async function runJsonlQuery(lines: AsyncIterable<string>, write: (chunk: string) => Promise<void>): Promise<JsonlSummary> {
  let block = '', lineNumber = 0, answered = 0, failed = 0;
  for await (const line of lines) {
    lineNumber++;
    if (line.trim() === '') continue;
    const outcome = answerPairLine(line, lineNumber);
    if (isPairFailure(outcome)) failed++;
    else answered++;
    block += `${formatResult(outcome)}\n`;
    if (block.length >= BLOCK) {
      await write(block);
      block = '';
    }
  }
  if (block !== '') await write(block);
  return { answered, failed };
}
