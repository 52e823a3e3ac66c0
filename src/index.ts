/**
 * convex-collide: exact, allocation-free 3D collision detection between convex shapes.
 * Public API: re-exports only.
 */
export type { PoseLike, QuatLike, Vec3Like } from './math/types.js';
export * from './errors.js';
export * as tolerance from './tolerance.js';
export * from './shapes/index.js';
export { shapeFromJSON } from './scene/shape-json.js';
export { GjkCache, type GjkOptions } from './query/gjk/gjk.js';
export type { EpaOptions } from './query/epa/epa.js';
export { intersects, distance, closestPoints } from './query/closest-points.js';
export { penetration, contact, type ContactOptions } from './query/contact.js';
export {
  createClosestPointsResult, createContactResult, createPenetrationResult,
  type ClosestPointsResult, type ContactResult, type PenetrationResult, type QueryStatus,
} from './query/results.js';
export type { TraceStep, GjkTraceStep, EpaTraceStep, TraceCallback } from './query/trace.js';
export * from './hull/index.js';
export {
  parsePairQueryDocument, readPairQuery, readPair, readPoseJson, answerPair, answerPairQuery, formatResults,
  describeShape, isPairFailure, MAX_ERROR_MESSAGE_LENGTH,
  type PairId, type PoseJsonValue, type ParsedPair, type PairParseError, type PairQueryDocument,
  type PairResult, type PairFailure, type PairOutcome,
} from './scene/pair-query.js';
