/**
 * The SHAPE and POSE of the 2D format (docs/formats.md, "Two dimensions"): `{"type": "circle", "radius": 1}`
 * and the like, and poses `{"position": [x, y], "angle": radians}`, read into the shapes of
 * `convex-collide/2d`. (Answering the 2D pair document is the command line's: cli/answers/pair2d.ts.)
 */
import { InvalidJsonError, InvalidRadiusError, InvalidShapeError } from '../errors.js';
import { requireFieldName } from './shape-json.js';
import { Box2 } from '../2d/shapes/box2.js';
import { Capsule2 } from '../2d/shapes/capsule2.js';
import { Circle } from '../2d/shapes/circle.js';
import { Point2 } from '../2d/shapes/point2.js';
import { Polygon } from '../2d/shapes/polygon.js';
import { Rounded2 } from '../2d/shapes/rounded2.js';
import { Segment2 } from '../2d/shapes/segment2.js';
import type { Shape2 } from '../2d/shapes/shape2.js';
import type { Pose2Like } from '../2d/types.js';
import { SHAPE_MAX_NESTING } from '../tolerance.js';
import { describe, isPlainObject, readNumbers } from './read-json.js';

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
