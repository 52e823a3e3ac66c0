/**
 * The 2D pair format (docs/formats.md, "Two dimensions"): `{"pairs": [{"id", "a", "poseA", "b",
 * "poseB"}, ...]}` with 2D shapes and poses `{"position": [x, y], "angle": radians}`, answered with the
 * 2D {@link contact} into `{"results": [{"id", "intersecting", "separation", "normal": [x, y], "pointA",
 * "pointB"}, ...]}`. One bad pair gets `{"id", "error"}`; the others are still answered.
 */
import { CollisionError, InvalidJsonError, InvalidRadiusError, InvalidShapeError } from '../errors.js';
import { requireFieldName } from './shape-json.js';
import { Box2 } from '../2d/shapes/box2.js';
import { Capsule2 } from '../2d/shapes/capsule2.js';
import { Circle } from '../2d/shapes/circle.js';
import { Point2 } from '../2d/shapes/point2.js';
import { Polygon } from '../2d/shapes/polygon.js';
import { Rounded2 } from '../2d/shapes/rounded2.js';
import { Segment2 } from '../2d/shapes/segment2.js';
import type { Shape2 } from '../2d/shapes/shape2.js';
import { contact } from '../2d/pair-queries2.js';
import { createContactResult } from '../2d/results2.js';
import type { Pose2Like } from '../2d/types.js';
import { SHAPE_MAX_NESTING } from '../tolerance.js';
import {
  answerItemsText, capMessage, describe, internalFailure, isPlainObject, readNumbers,
  type AnsweredDocument, type PairFailure, type PairId, requireIndex, requireOutcome } from './pair-query.js';

/** The answer for one 2D pair. */
export type Pair2dOutcome =
  | {
    readonly id: PairId; readonly intersecting: boolean; readonly separation: number;
    readonly normal: [number, number]; readonly pointA: [number, number]; readonly pointB: [number, number];
  }
  | PairFailure;

const SHAPE_TYPES = 'point, segment, circle, box, capsule, polygon, rounded';

/**
 * A 2D shape from its JSON description (the SHAPE of the 2D format), every problem a typed error naming
 * the field: an unknown type, a missing or non-finite number, a negative size, a polygon with no points.
 */
export function shape2FromJSON(json: unknown, field = 'shape'): Shape2 {
  return readShape2(json, requireFieldName(field), 0);
}

function readShape2(json: unknown, field: string, depth: number): Shape2 {
  if (!isPlainObject(json)) throw new InvalidShapeError(field, `is ${describe(json)}; expected a 2D shape object {"type": ${SHAPE_TYPES}, ...}`);
  if (depth > SHAPE_MAX_NESTING) throw new InvalidShapeError(field, `nests shapes more than ${SHAPE_MAX_NESTING} deep`);
  const type = json.type;
  switch (type) {
    case 'point':
      return new Point2();
    case 'segment': {
      const [ax, ay] = readNumbers(json.a, `${field}.a`, 2, '[x, y]');
      const [bx, by] = readNumbers(json.b, `${field}.b`, 2, '[x, y]');
      return new Segment2({ x: ax, y: ay }, { x: bx, y: by });
    }
    case 'circle':
      return new Circle(readSize(json.radius, `${field}.radius`));
    case 'box': {
      const [hx, hy] = readNumbers(json.halfExtents, `${field}.halfExtents`, 2, '[x, y]');
      return new Box2(nonNegative(hx, `${field}.halfExtents[0]`), nonNegative(hy, `${field}.halfExtents[1]`));
    }
    case 'capsule':
      return new Capsule2(readSize(json.halfHeight, `${field}.halfHeight`), readSize(json.radius, `${field}.radius`));
    case 'polygon': {
      const points = json.points;
      if (!Array.isArray(points) || points.length === 0) {
        throw new InvalidShapeError(`${field}.points`, `is ${describe(points)}; expected a non-empty array of points [x, y]`);
      }
      const flat: number[] = [];
      for (let i = 0; i < points.length; i++) flat.push(...readNumbers(points[i], `${field}.points[${i}]`, 2, '[x, y]'));
      return new Polygon(flat);
    }
    case 'rounded':
      return new Rounded2(readShape2(json.shape, `${field}.shape`, depth + 1), readSize(json.radius, `${field}.radius`));
    default:
      throw new InvalidShapeError(`${field}.type`, `is ${describe(type)}; expected one of ${SHAPE_TYPES}`);
  }
}

function readSize(v: unknown, field: string): number {
  if (typeof v !== 'number') throw new InvalidJsonError(field, `is ${describe(v)}; expected a finite number >= 0`);
  return nonNegative(v, field);
}

function nonNegative(v: number, field: string): number {
  if (!Number.isFinite(v) || v < 0) throw new InvalidRadiusError(field, v);
  return v;
}

/** A 2D pose `{"position": [x, y], "angle": radians}` (any finite angle). */
export function readPose2Json(json: unknown, field: string): Pose2Like {
  requireFieldName(field);
  if (!isPlainObject(json)) throw new InvalidJsonError(field, `is ${describe(json)}; expected a pose {"position": [x, y], "angle": radians}`);
  const [x, y] = readNumbers(json.position, `${field}.position`, 2, '[x, y]');
  const [angle] = readNumbers([json.angle], `${field}.angle`, 1, '(radians)');
  return { position: { x, y }, angle };
}

const _contact = /* @__PURE__ */ createContactResult();

/** Reads and answers `pairs[index]` of a 2D document. Never throws. */
export function answerPair2dJson(json: unknown, index: number): Pair2dOutcome {
  requireIndex(index);
  const field = `pairs[${index}]`;
  let id: PairId | null = null;
  try {
    if (!isPlainObject(json)) throw new InvalidJsonError(field, `is ${describe(json)}; expected a pair object {"id", "a", "poseA", "b", "poseB"}`);
    const rawId = json.id;
    if (typeof rawId === 'string' || (typeof rawId === 'number' && Number.isFinite(rawId))) id = rawId;
    else throw new InvalidJsonError(`${field}.id`, `is ${describe(rawId)}; expected a string or a finite number`);
    const a = shape2FromJSON(json.a, `${field}.a`);
    const poseA = readPose2Json(json.poseA, `${field}.poseA`);
    const b = shape2FromJSON(json.b, `${field}.b`);
    const poseB = readPose2Json(json.poseB, `${field}.poseB`);
    const r = contact(a, poseA, b, poseB, _contact);
    if (r === null) return internalFailure(id, 'contact() returned null without a maxDistance');
    const sep = r.separation;
    const normal: [number, number] = [r.normal.x, r.normal.y], pointA: [number, number] = [r.pointA.x, r.pointA.y];
    const pointB: [number, number] = [r.pointB.x, r.pointB.y];
    if (![sep, ...normal, ...pointA, ...pointB].every(Number.isFinite)) {
      return internalFailure(id, `the query produced a non-finite result (separation ${sep})`);
    }
    return { id, intersecting: sep <= 0, separation: sep, normal, pointA, pointB };
  } catch (e) {
    if (e instanceof CollisionError) {
      const message = e.message.startsWith(field) ? e.message : `${field}: ${e.message}`;
      return { id, error: capMessage(message), code: e.code };
    }
    return internalFailure(id, e instanceof Error ? e.message : String(e));
  }
}

/** One result as its line of the results document. */
export function formatPair2dResult(r: Pair2dOutcome): string {
  requireOutcome(r, 'answerPair2dJson');
  if ('error' in r) return JSON.stringify({ id: r.id, error: r.error });
  return JSON.stringify({ id: r.id, intersecting: r.intersecting, separation: r.separation, normal: r.normal, pointA: r.pointA, pointB: r.pointB });
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
