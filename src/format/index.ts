/**
 * `convex-collide/format`: the JSON formats of docs/formats.md, for any tool that stores shapes: shapes
 * and poses both ways (`shapeFromJSON`, `shapeToJSON`, `readPoseJson`, `poseToJSON`), pair-query documents
 * read into shapes and poses and written from them, and the 2D shapes and poses. A separate entry, so that code which only queries shapes does not carry
 * the readers. (Answering documents is the command line's.) Exports by name only; CONTRIBUTING.md
 * ("Public entries") lists them.
 */
export { shapeFromJSON, shapeToJSON, type ShapeJSON } from './shape-json.js';
export {
  isPairParseError, parsePairQueryDocument, readPairQuery, readPoseJson,
  type PairId, type PairParseError, type PairQueryDocument, type ParsedPair, type PoseJsonValue,
} from './pair-document.js';
export { readPose2Json, shape2FromJSON } from './shape2-json.js';
export { pairQueryToJSON, poseToJSON, type PairQueryJSON, type PairToWrite, type NonConvexShapeJSON, type PoseJSON } from './write-json.js';
