/**
 * The manifold JSON format (docs/formats.md, "Manifold document"): the pair-query document with an
 * optional `margin` per pair, answered with {@link contactManifolds}:
 *
 *   {"results": [{"id", "manifolds": [{"normal", "points": [{"pointA", "pointB", "separation",
 *     "featureA", "featureB"}, ...]}]}, ...]}
 *
 * A convex pair has at most one manifold (none when farther apart than the margin), written with
 * `partA` and `partB` 0; a compound or a mesh one for each pair of parts within the margin. Features are written as "v3", "e5", "f2", or "" on a curved surface. One bad
 * pair gets `{"id", "error"}`, and the others are still answered.
 */
import { CollisionError, contactManifolds, createManifoldList, InvalidArgumentError, InvalidJsonError, InvalidNumberError, type Feature, type Manifold } from '../../index.js';
import { isPairParseError, readPairEntry, type PairId, type ParsedPair } from '../../format/pair-document.js';
import { capMessage, describe, isPlainObject } from '../../format/read-json.js';
import { answerItemsText, internalFailure, requireOutcome, writeOutcome, toArray, type AnsweredDocument, type PairFailure } from './pair.js';

/** One manifold as written: its normal and points, and the parts it is between (0 for a convex shape). */
export interface ManifoldJson {
  partA: number;
  partB: number;
  normal: [number, number, number];
  points: {
    pointA: [number, number, number];
    pointB: [number, number, number];
    separation: number;
    featureA: string;
    featureB: string;
  }[];
}

/** The answer for one pair of a manifold document. */
export interface ManifoldPairResult {
  readonly id: PairId;
  readonly manifolds: ManifoldJson[];
}

export type ManifoldOutcome = ManifoldPairResult | PairFailure;

/** "v3", "e5", "f2", or "" for a feature of type 'none'. */
export function featureName(f: Feature): string {
  if (f === null || typeof f !== 'object' || !(f.type === 'none' || f.type === 'vertex' || f.type === 'edge' || f.type === 'face')
    || !(Number.isInteger(f.index))) {
    throw new InvalidArgumentError('f', `is ${describe(f)}; expected a manifold point's feature {type: 'none' | 'vertex' | 'edge' | 'face', index}`);
  }
  return f.type === 'none' ? '' : `${f.type[0]}${f.index}`;
}

/** Reads a pair's optional `margin`: a finite number ≥ 0 (default 0). */
function readMargin(json: unknown, index: number): number {
  const m = (json as Record<string, unknown>).margin;
  if (m === undefined) return 0;
  if (typeof m === 'number' && m >= 0 && m < Infinity) return m;
  if (typeof m === 'number') throw new InvalidNumberError(`pairs[${index}].margin`, m, 'a finite number >= 0');
  throw new InvalidJsonError(`pairs[${index}].margin`, `is ${describe(m)}; expected a finite number >= 0`);
}

const _list = /* @__PURE__ */ createManifoldList();

/** Answers one read pair with its margin. Never throws (errors become the pair's failure). */
export function answerManifoldPair(pair: ParsedPair, margin: number): ManifoldOutcome {
  if (!isPlainObject(pair)) throw new InvalidArgumentError('pair', `is ${describe(pair)}; expected a pair from readPairQuery`);
  const { id } = pair;
  try {
    // Each pair of parts' own manifold, as the format defines it: no smoothing of a mesh's inner edges.
    const list = contactManifolds(pair.a, pair.poseA, pair.b, pair.poseB, _list, { margin, meshEdges: 'exact' });
    const manifolds = list.manifolds.slice(0, list.count).map(manifoldJson);
    const numbers = manifolds.flatMap((json) => [...json.normal, ...json.points.flatMap((p) => [...p.pointA, ...p.pointB, p.separation])]);
    if (!numbers.every(Number.isFinite)) return internalFailure(id, 'the query produced a non-finite manifold');
    return { id, manifolds };
  } catch (e) {
    if (e instanceof CollisionError) return { id, error: capMessage(e.message), code: e.code };
    return internalFailure(id, e instanceof Error ? e.message : String(e));
  }
}

function manifoldJson(m: Manifold): ManifoldJson {
  const points: ManifoldJson['points'] = [];
  for (let i = 0; i < m.count; i++) {
    const p = m.points[i];
    points.push({
      pointA: toArray(p.pointA), pointB: toArray(p.pointB), separation: p.separation,
      featureA: featureName(p.featureA), featureB: featureName(p.featureB),
    });
  }
  return { partA: m.partA, partB: m.partB, normal: toArray(m.normal), points };
}

/** One result object as written (one line). */
export function formatManifoldResult(r: ManifoldOutcome): string {
  requireOutcome(r, 'answerManifoldPair');
  return writeOutcome('error' in r ? { id: r.id, error: r.error } : { id: r.id, manifolds: r.manifolds }, 'answerManifoldPair');
}

/**
 * Reads, answers and writes a manifold document from its text, pair by pair.
 * @throws InvalidJsonError when the text is not JSON, is not an object, or has no `pairs` array.
 */
export function answerManifoldQueryText(text: string): AnsweredDocument {
  return answerItemsText(text, 'pairs', 'pair objects {"id", "a", "poseA", "b", "poseB", "margin"}', (json, i) => {
    const outcome = answerManifoldItem(json, i);
    return { line: formatManifoldResult(outcome), failed: 'error' in outcome };
  });
}

/** Reads `pairs[index]` with its margin and answers it. Never throws. */
function answerManifoldItem(json: unknown, index: number): ManifoldOutcome {
  const entry = readPairEntry(json, index);
  if (isPairParseError(entry)) return { id: entry.id, error: capMessage(entry.error.message), code: entry.code };
  let margin: number;
  try {
    margin = readMargin(json, index);
  } catch (e) {
    return { id: entry.id, error: capMessage((e as Error).message), code: (e as CollisionError).code };
  }
  return answerManifoldPair(entry, margin);
}
