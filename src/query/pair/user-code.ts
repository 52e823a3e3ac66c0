/**
 * How deep in user code the queries run: pairs with a shape of the user's own run their pair function
 * between enterUserCode and leaveUserCode (dispatch.ts's guarded entries), so that a query the user's
 * support function runs takes the next depth's work set (query-work.ts), and the supports of such pairs are
 * checked for finite points (support-pair.ts). A module of its own: the GJK support reads it, and
 * query-work.ts imports GJK.
 */
import { InvalidArgumentError } from '../../errors.js';
import { QUERY_MAX_NESTING } from '../../tolerance.js';

let depth = 0;

/** The current depth (0 outside user code). */
export function userCodeDepth(): number {
  return depth;
}

/**
 * Enters one level of user code: the pair functions of pairs that call a user's support function (a shape
 * of the user's own, or a wrapper around one) run between this and {@link leaveUserCode}, so that queries
 * the user's code runs take the next depth's work set. Only such pairs pay for it (the dispatcher's
 * guarded entries, dispatch.ts), so the queries of built-in shapes stay as lean as they were.
 * @throws InvalidArgumentError past QUERY_MAX_NESTING levels (a support function that queries itself).
 */
export function enterUserCode(): void {
  if (depth >= QUERY_MAX_NESTING) {
    throw new InvalidArgumentError('query', `runs more than ${QUERY_MAX_NESTING} queries deep (a support function that queries, recursively)`);
  }
  depth++;
}

/** Leaves the level {@link enterUserCode} entered (in a `finally`). */
export function leaveUserCode(): void {
  depth--;
}
