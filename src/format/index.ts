/**
 * `convex-collide/format`: the JSON formats of the command line, shared with the explorer and with any
 * tool that stores shapes: shapes (`shapeFromJSON`, `shapeToJSON`) and pair-query documents (read,
 * answer, write). A separate entry, so that code which only queries shapes does not carry the readers.
 * Exports by name only; CONTRIBUTING.md ("Public entries") lists and explains them.
 */
export { shapeFromJSON, shapeToJSON, type ShapeJSON } from './shape-json.js';
export {
  answerPair, answerPairLine, answerPairQuery, answerPairQueryText, describeShape, formatResult, formatResults, isPairFailure, parsePairQueryDocument, readPairQuery,
  readPoseJson,
  type AnsweredDocument, type PairFailure, type PairId, type PairOutcome, type PairParseError, type PairQueryDocument, type PairResult, type ParsedPair,
  type PoseJsonValue,
} from './pair-query.js';
export {
  answerManifoldPair, answerManifoldQueryText, featureName, formatManifoldResult,
  type ManifoldJson, type ManifoldOutcome, type ManifoldPairResult,
} from './manifold-query.js';
export { answerRayJson, answerRayQueryText, formatRayResult, type RayOutcome } from './ray-query.js';
export { answerCastJson, answerCastQueryText, formatCastResult, type CastOutcome } from './cast-query.js';
export { answerSceneQueryText, type SceneAnswer } from './scene-query.js';
export { answerPair2dJson, answerPair2dQueryText, formatPair2dResult, readPose2Json, shape2FromJSON, type Pair2dOutcome } from './pair2d-query.js';
