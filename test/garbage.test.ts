/**
 * The hostile caller (issue: "the garbage fuzz over every export has only two outcomes, a right answer or a
 * typed error"). Every function and method the entries export (main, format, 2D, threads; the three.js
 * adapter is the main entry's worldPose, poseFromMatrix, TriangleMesh.fromGeometry and three.js objects as
 * poses) gets, in every argument, `out` and `options` included: valid values, valid values with an extra
 * field the API allows (poses and vectors carry fields of their own, as three.js objects do), and garbage
 * (test/garbage-values.ts: frozen and getter-only records, sparse arrays, proxies, symbol keys, throwing
 * valueOf, null prototypes, extreme numbers, BigInt, functions, long strings, typed arrays of the wrong kind,
 * detached buffers, misspelt fields, fast-check's anything). The outcome must be:
 * - a thrown CollisionError, whose message betrays no raw JavaScript error; or
 * - a value, with no input mutated (its plain data is snapshotted before the call; `out` arguments excepted),
 *   no NaN the inputs did not carry in, no raw error text or INTERNAL failure inside it; a misspelt options
 *   object is not accepted silently; and a call whose only garbage is an allowed extra field gives the same
 *   answer as the clean call.
 * Never another error, never a hang (a call taking over HANG_MS fails). A fixed seed, FC_SEED=random to explore.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as plane from '../src/2d/index.js';
import * as lib from '../src/index.js';
import * as threads from '../src/threads/index.js';
import {
  answerForm, argOf, cleanArgOf, findNaN, findRawError, format, HOSTILE, HostileGetterError, nanPlaces, RAW_ERROR_TEXT, snapshot, VALID, type Drawn, type Kind,
} from './garbage-values.js';
import { runs, seed } from './runs.js';

/** One export: the kind of each argument, the call, and which arguments it may write (`out`). */
interface Spec {
  readonly args: readonly Kind[];
  readonly call: (...a: never[]) => unknown;
  readonly outs?: readonly number[];
  /** Stores its arguments as given, documented so (vec2, createPose2): NaN in, NaN out. */
  readonly passThrough?: boolean;
  /** What is wrong with an answer it returned (null: nothing), beyond the checks every export gets. */
  readonly answer?: (value: unknown) => string | null;
}

/** An answer that is JSON text (or `key` of it is): null when it parses. */
const jsonText = (key?: string) => (value: unknown): string | null => {
  const text = key === undefined ? value : (value as Record<string, unknown>)[key];
  if (key !== undefined && text === null) return null;
  if (typeof text !== 'string') return `is ${typeof text}, not JSON text`;
  try { JSON.parse(text); return null; } catch (e) { return `is not JSON (${(e as Error).message}): ${text.slice(0, 200)}`; }
};
/** shapeToJSON's answer reads back (shapeFromJSON) to a shape that writes the same JSON. */
const roundTrip = (value: unknown): string | null => {
  try {
    const again = format.shapeToJSON(format.shapeFromJSON(value));
    return answerForm(again) === answerForm(value) ? null : `reads back as ${JSON.stringify(again).slice(0, 200)}`;
  } catch (e) {
    return `does not read back: ${describeError(e)}`;
  }
};

const at = (x: number, y: number, z: number) => ({ position: { x, y, z }, quaternion: { x: 0, y: 0, z: 0, w: 1 } });
/** A world of three bodies (two touching), brought up to date. */
function world(options: lib.WorldOptions = { manifolds: true }): lib.CollisionWorld {
  const w = new lib.CollisionWorld(options);
  w.add(new lib.Sphere(0.5), at(0, 0, 0));
  w.add(new lib.Box(0.5, 0.5, 0.5), at(0.8, 0, 0));
  w.add(new lib.ConvexHull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]), at(3, 0, 0), { static: true });
  w.update();
  return w;
}
/** A plane world of three bodies (two touching, one static), brought up to date. */
function world2(options: plane.World2Options = { manifolds: true }): plane.CollisionWorld2 {
  const w = new plane.CollisionWorld2(options), at2 = (x: number, y: number) => ({ position: { x, y }, angle: 0 });
  w.add(new plane.Circle(0.5), at2(0, 0));
  w.add(new plane.Box2(0.5, 0.5), at2(0.8, 0));
  w.add(new plane.Polygon([0, 0, 1, 0, 0, 1]), at2(3, 0), { static: true });
  w.update();
  return w;
}
const factory = (f: (...a: never[]) => unknown): Spec => ({ args: ['none', 'none'], call: f });
const q3 = (out?: Kind, options?: Kind): Kind[] => ['shape', 'pose', 'shape', 'pose', ...(out ? [out] : []), ...(options ? [options] : [])];
const q2 = (out?: Kind, options?: Kind): Kind[] => ['shape2', 'pose2', 'shape2', 'pose2', ...(out ? [out] : []), ...(options ? [options] : [])];
/** Calls `f` with the arguments as they are (garbage in, typed as never: the point of the test). */
const as = <T extends unknown[]>(f: (...a: T) => unknown) => f as unknown as (...a: never[]) => unknown;
const New = <T extends unknown[]>(C: new (...a: T) => unknown) => as((...a: T) => new C(...a));

const FUNCTIONS: Record<string, Spec> = {
  // The main entry: shapes.
  Point: { args: ['none'], call: New(lib.Point as unknown as new (...a: unknown[]) => unknown) },
  Segment: { args: ['vec', 'vec'], call: New(lib.Segment) },
  Triangle: { args: ['vec', 'vec', 'vec'], call: New(lib.Triangle) },
  Sphere: { args: ['positive'], call: New(lib.Sphere) },
  Box: { args: ['positive', 'positive', 'positive'], call: New(lib.Box) },
  Capsule: { args: ['positive', 'length'], call: New(lib.Capsule) },
  Cylinder: { args: ['positive', 'positive'], call: New(lib.Cylinder) },
  Cone: { args: ['positive', 'positive'], call: New(lib.Cone) },
  Ellipsoid: { args: ['positive', 'positive', 'positive'], call: New(lib.Ellipsoid) },
  ConvexHull: { args: ['points', 'opts.build'], call: New(lib.ConvexHull) },
  Compound: { args: ['parts'], call: New(lib.Compound) },
  TriangleMesh: { args: ['meshVertices', 'meshIndices'], call: New(lib.TriangleMesh) },
  HalfSpace: { args: [], call: New(lib.HalfSpace) },
  HeightField: { args: ['gridCount', 'gridCount', 'heights', 'fieldScale'], call: New(lib.HeightField) },
  'TriangleMesh.fromGeometry': { args: ['geometry'], call: as(lib.TriangleMesh.fromGeometry) },
  Rounded: { args: ['convex', 'length'], call: New(lib.Rounded) },
  MinkowskiSum: { args: ['convex', 'convex'], call: New(lib.MinkowskiSum) },
  Scaled: { args: ['convex', 'scale'], call: New(lib.Scaled) },
  supportWithRadius: { args: ['out.vecRequired', 'convex', 'dir'], call: as(lib.supportWithRadius), outs: [0] },
  // Hulls, poses (the three.js adapter), boxes.
  decompose: { args: ['solidMesh', 'opts.decompose'], call: as(lib.decompose) },
  decomposeToHulls: { args: ['solidMesh', 'opts.decompose'], call: as(lib.decomposeToHulls) },
  buildHull: { args: ['points', 'opts.build'], call: as(lib.buildHull) },
  validateHull: { args: ['hull', 'points', 'opts.validate'], call: as(lib.validateHull) },
  worldPose: { args: ['object3d', 'out.pose', 'out.vec'], call: as(lib.worldPose), outs: [1, 2] },
  poseFromMatrix: { args: ['matrix', 'out.pose', 'out.vec'], call: as(lib.poseFromMatrix), outs: [1, 2] },
  computeAabb: { args: ['shape', 'pose', 'out.aabb'], call: as(lib.computeAabb), outs: [2] },
  // Pair queries.
  intersects: { args: q3(undefined, 'opts.gjk'), call: as(lib.intersects) },
  distance: { args: q3(undefined, 'opts.gjk'), call: as(lib.distance) },
  closestPoints: { args: q3('out.closest', 'opts.gjk'), call: as(lib.closestPoints), outs: [4] },
  penetration: { args: q3('out.penetration', 'opts.contact'), call: as(lib.penetration), outs: [4] },
  contact: { args: q3('out.contact', 'opts.contact'), call: as(lib.contact), outs: [4] },
  contactDerivatives: { args: q3('out.derivatives', 'opts.derivatives'), call: as(lib.contactDerivatives), outs: [4] },
  contactManifold: { args: q3('out.manifold', 'opts.manifold'), call: as(lib.contactManifold), outs: [4] },
  contactManifolds: { args: q3('out.manifoldList', 'opts.manifolds'), call: as(lib.contactManifolds), outs: [4] },
  contactFeatures: { args: [...q3(), 'dir', 'out.features'], call: as(lib.contactFeatures), outs: [5] },
  rayCast: { args: ['shape', 'pose', 'vec', 'dir', 'out.rayHit', 'opts.ray'], call: as(lib.rayCast), outs: [4] },
  shapeCast: { args: ['shape', 'pose', 'motion', 'shape', 'pose', 'motion', 'out.cast', 'opts.cast'], call: as(lib.shapeCast), outs: [6] },
  // Batches.
  distanceBatch: { args: ['shapes', 'poses7', 'pairs', 'out.f64', 'out.f64'], call: as(lib.distanceBatch), outs: [3, 4] },
  intersectsBatch: { args: ['shapes', 'poses7', 'pairs', 'out.u8'], call: as(lib.intersectsBatch), outs: [3] },
  contactBatch: { args: ['shapes', 'poses7', 'pairs', 'out.f64', 'out.f64'], call: as(lib.contactBatch), outs: [3, 4] },
  contactDerivativesBatch: { args: ['shapes', 'poses7', 'pairs', 'out.f64big', 'opts.derivatives'], call: as(lib.contactDerivativesBatch), outs: [3] },
  // Factories and caches (they take nothing: garbage given them is ignored).
  createAabb: factory(lib.createAabb), createPose: factory(lib.createPose), createContactResult: factory(lib.createContactResult),
  createPenetrationResult: factory(lib.createPenetrationResult), createClosestPointsResult: factory(lib.createClosestPointsResult),
  createManifold: factory(lib.createManifold), createManifoldList: factory(lib.createManifoldList), createContactFeatures: factory(lib.createContactFeatures),
  createContactDerivatives: factory(lib.createContactDerivatives),
  createRayHit: factory(lib.createRayHit), createShapeCastResult: factory(lib.createShapeCastResult), createWorldContact: factory(lib.createWorldContact),
  createWorldRayHit: factory(lib.createWorldRayHit), createWorldShapeCastResult: factory(lib.createWorldShapeCastResult),
  createCharacterMove: factory(lib.createCharacterMove), createCharacterCollision: factory(lib.createCharacterCollision),
  // A character on a fresh world of three bodies: one move.
  CharacterController: { args: ['opts.character', 'shape', 'pose', 'vec'], call: as((o: lib.CharacterControllerOptions, s: lib.Shape, p: lib.PoseLike, d: lib.Vec3Like) => {
    const c = new lib.CharacterController(world(), o);
    const m = c.move(s, p, d);
    return [m.translation, m.grounded, m.ground, m.collisionCount, m.collisionCount > 0 ? c.collision(0) : null];
  }) },
  createHullFace: { args: ['capacity'], call: as(lib.createHullFace) },
  GjkCache: { args: ['none'], call: New(lib.GjkCache as unknown as new (...a: unknown[]) => unknown) },
  ManifoldCache: { args: ['none'], call: New(lib.ManifoldCache as unknown as new (...a: unknown[]) => unknown) },
  // The world: each call on a fresh world of three bodies.
  CollisionWorld: { args: ['opts.world'], call: as((o: lib.WorldOptions) => { const w = new lib.CollisionWorld(o); w.add(new lib.Sphere(1), at(0, 0, 0)); w.add(new lib.Sphere(1), at(1, 0, 0)); w.update(); return [w.contactCount, w.margin, w.keepsManifolds]; }) },
  'CollisionWorld.add': { args: ['shape', 'pose', 'opts.body'], call: as((s: lib.Shape, p: lib.PoseLike, o: lib.BodyOptions) => { const w = world(); const h = w.add(s, p, o); w.update(); return [h, w.size, w.contactCount, w.userData(h)]; }) },
  'CollisionWorld.update': { args: ['opts.world', 'shape', 'pose'], call: as((o: lib.WorldOptions, s: lib.Shape, p: lib.PoseLike) => { const w = new lib.CollisionWorld(o); w.add(new lib.Box(1, 1, 1), at(0, 0, 0)); w.add(s, p); w.update(); return w.contactCount > 0 ? [w.contact(0), w.keepsManifolds ? w.manifolds(0) : null] : 0; }) },
  'CollisionWorld.setPose': { args: ['handle', 'pose'], call: as((h: number, p: lib.PoseLike) => { const w = world(); w.setPose(h, p); w.update(); return [w.pose(h), w.contactCount]; }) },
  'CollisionWorld.remove': { args: ['handle'], call: as((h: number) => { const w = world(); w.remove(h); w.update(); return [w.size, w.has(h)]; }) },
  'CollisionWorld.shape': { args: ['handle'], call: as((h: number) => world().shape(h)) },
  'CollisionWorld.pose': { args: ['handle', 'out.pose'], call: as((h: number, o: lib.Pose) => world().pose(h, o)), outs: [1] },
  'CollisionWorld.userData': { args: ['handle'], call: as((h: number) => world().userData(h)) },
  'CollisionWorld.has': { args: ['handle'], call: as((h: number) => world().has(h)) },
  'CollisionWorld.size': { args: ['none'], call: () => world().size },
  'CollisionWorld.stamp': { args: ['none'], call: () => world().stamp },
  'CollisionWorld.contactCount': { args: ['none'], call: () => world().contactCount },
  'CollisionWorld.contact': { args: ['index', 'out.worldContact'], call: as((i: number, o: lib.WorldContact) => world().contact(i, o)), outs: [1] },
  'CollisionWorld.manifolds': { args: ['index', 'out.manifoldList'], call: as((i: number, o: lib.ManifoldList) => world().manifolds(i, o)), outs: [1] },
  'CollisionWorld.forEachContact': { args: ['visit'], call: as((v: (c: lib.WorldContact) => void) => world().forEachContact(v)) },
  'CollisionWorld.beganTouching': { args: ['visit'], call: as((v: (a: number, b: number) => void) => world().beganTouching(v)) },
  'CollisionWorld.endedTouching': { args: ['visit'], call: as((v: (a: number, b: number) => void) => { const w = world(); w.setPose(1, at(5, 5, 5)); w.update(); w.endedTouching(v); }) },
  'CollisionWorld.queryAabb': { args: ['vec', 'vec', 'visit'], call: as((a: lib.Vec3Like, b: lib.Vec3Like, v: (h: number) => boolean) => world().queryAabb(a, b, v)) },
  'CollisionWorld.overlapShape': { args: ['shape', 'pose', 'visit'], call: as((s: lib.Shape, p: lib.PoseLike, v: (h: number) => boolean) => world().overlapShape(s, p, v)) },
  'CollisionWorld.rayCast': { args: ['vec', 'dir', 'opts.worldRay', 'out.worldRayHit'], call: as((o: lib.Vec3Like, d: lib.Vec3Like, x: lib.WorldRayCastOptions, h: lib.WorldRayHit) => world().rayCast(o, d, x, h)), outs: [3] },
  'CollisionWorld.rayCastAll': { args: ['vec', 'dir', 'visit', 'opts.worldRay'], call: as((o: lib.Vec3Like, d: lib.Vec3Like, v: (h: lib.WorldRayHit) => boolean, x: lib.WorldRayCastOptions) => world().rayCastAll(o, d, v, x)) },
  'CollisionWorld.shapeCast': { args: ['shape', 'pose', 'motion', 'opts.worldCast', 'out.worldCast'], call: as((s: lib.Shape, p: lib.PoseLike, m: lib.Motion, x: lib.WorldShapeCastOptions, o: lib.WorldShapeCastResult) => world().shapeCast(s, p, m, x, o)), outs: [4] },
  'CollisionWorld.forEachTreeBox': { args: ['visit'], call: as((v: lib.TreeBoxVisitor) => world().forEachTreeBox(v)) },
  // The format entry.
  shapeFromJSON: { args: ['json.shape', 'field'], call: as(format.shapeFromJSON) },
  shapeToJSON: { args: ['shape', 'field'], call: as(format.shapeToJSON), answer: roundTrip },
  parsePairQueryDocument: { args: ['text.pairs'], call: as(format.parsePairQueryDocument) },
  readPairQuery: { args: ['json.pairDoc'], call: as(format.readPairQuery) },
  readPoseJson: { args: ['json.pose', 'field'], call: as(format.readPoseJson) },
  poseToJSON: { args: ['pose', 'field'], call: as(format.poseToJSON) },
  pairQueryToJSON: { args: ['pairsToWrite'], call: as(format.pairQueryToJSON) },
  answerPair: { args: ['parsedPair'], call: as(format.answerPair) },
  answerPairQuery: { args: ['pairQueryDoc'], call: as(format.answerPairQuery) },
  answerPairLine: { args: ['line', 'lineNumber'], call: as(format.answerPairLine) },
  answerPairQueryText: { args: ['text.pairs'], call: as(format.answerPairQueryText), answer: jsonText('results') },
  formatResults: { args: ['outcomes'], call: as(format.formatResults), answer: jsonText() },
  formatResult: { args: ['outcome.pair'], call: as(format.formatResult), answer: jsonText() },
  isPairFailure: { args: ['outcome.pair'], call: as(format.isPairFailure) },
  isPairParseError: { args: ['parsedPair'], call: as(format.isPairParseError) },
  describeShape: { args: ['shape'], call: as(format.describeShape) },
  answerManifoldPair: { args: ['parsedPair', 'margin'], call: as(format.answerManifoldPair) },
  answerManifoldQueryText: { args: ['text.manifold'], call: as(format.answerManifoldQueryText), answer: jsonText('results') },
  formatManifoldResult: { args: ['outcome.manifold'], call: as(format.formatManifoldResult), answer: jsonText() },
  featureName: { args: ['feature'], call: as(format.featureName) },
  answerRayJson: { args: ['json.ray', 'jsonIndex'], call: as(format.answerRayJson) },
  answerRayQueryText: { args: ['text.rays'], call: as(format.answerRayQueryText), answer: jsonText('results') },
  formatRayResult: { args: ['outcome.ray'], call: as(format.formatRayResult), answer: jsonText() },
  answerCastJson: { args: ['json.cast', 'jsonIndex'], call: as(format.answerCastJson) },
  answerCastQueryText: { args: ['text.casts'], call: as(format.answerCastQueryText), answer: jsonText('results') },
  formatCastResult: { args: ['outcome.cast'], call: as(format.formatCastResult), answer: jsonText() },
  answerSceneQueryText: { args: ['text.scene'], call: as(format.answerSceneQueryText), answer: jsonText('text') },
  shape2FromJSON: { args: ['json.shape2', 'field'], call: as(format.shape2FromJSON) },
  readPose2Json: { args: ['json.pose2', 'field'], call: as(format.readPose2Json) },
  answerPair2dJson: { args: ['json.pair2d', 'jsonIndex'], call: as(format.answerPair2dJson) },
  answerPair2dQueryText: { args: ['text.pair2d'], call: as(format.answerPair2dQueryText), answer: jsonText('results') },
  formatPair2dResult: { args: ['outcome.pair2d'], call: as(format.formatPair2dResult), answer: jsonText() },
  // The 2D entry.
  'plane.Point2': { args: ['none'], call: New(plane.Point2 as unknown as new (...a: unknown[]) => unknown) },
  'plane.Segment2': { args: ['vec2', 'vec2'], call: New(plane.Segment2) },
  'plane.Circle': { args: ['positive'], call: New(plane.Circle) },
  'plane.Box2': { args: ['positive', 'positive'], call: New(plane.Box2) },
  'plane.Capsule2': { args: ['positive', 'length'], call: New(plane.Capsule2) },
  'plane.Polygon': { args: ['points2'], call: New(plane.Polygon) },
  'plane.Rounded2': { args: ['shape2', 'length'], call: New(plane.Rounded2) },
  'plane.intersects': { args: q2(undefined, 'opts2.gjk'), call: as(plane.intersects) },
  'plane.distance': { args: q2(undefined, 'opts2.gjk'), call: as(plane.distance) },
  'plane.closestPoints': { args: q2('out2.closest', 'opts2.gjk'), call: as(plane.closestPoints), outs: [4] },
  'plane.penetration': { args: q2('out2.penetration', 'opts2.contact'), call: as(plane.penetration), outs: [4] },
  'plane.contact': { args: q2('out2.contact', 'opts2.contact'), call: as(plane.contact), outs: [4] },
  'plane.contactManifold': { args: q2('out2.manifold', 'opts2.manifold'), call: as(plane.contactManifold), outs: [4] },
  'plane.distanceBatch2': { args: ['shapes2', 'poses3', 'pairs', 'out.f64'], call: as(plane.distanceBatch2), outs: [3] },
  'plane.intersectsBatch2': { args: ['shapes2', 'poses3', 'pairs', 'out.u8'], call: as(plane.intersectsBatch2), outs: [3] },
  'plane.contactBatch2': { args: ['shapes2', 'poses3', 'pairs', 'out.f64'], call: as(plane.contactBatch2), outs: [3] },
  'plane.rayCast': { args: ['shape2', 'pose2', 'vec2', 'dir2', 'out2.rayHit', 'opts2.ray'], call: as(plane.rayCast), outs: [4] },
  'plane.shapeCast': { args: ['shape2', 'pose2', 'motion2', 'shape2', 'pose2', 'motion2', 'out2.cast', 'opts2.cast'], call: as(plane.shapeCast), outs: [6] },
  'plane.createPose2': { args: ['length', 'length', 'length'], call: as(plane.createPose2), passThrough: true },
  'plane.vec2': { args: ['length', 'length'], call: as(plane.vec2), passThrough: true },
  'plane.GjkCache': { args: ['none'], call: New(plane.GjkCache as unknown as new (...a: unknown[]) => unknown) },
  'plane.ManifoldCache': { args: ['none'], call: New(plane.ManifoldCache as unknown as new (...a: unknown[]) => unknown) },
  'plane.createManifold': factory(plane.createManifold), 'plane.createRayHit': factory(plane.createRayHit), 'plane.createShapeCastResult': factory(plane.createShapeCastResult),
  'plane.createContactResult': factory(plane.createContactResult), 'plane.createPenetrationResult': factory(plane.createPenetrationResult),
  'plane.createClosestPointsResult': factory(plane.createClosestPointsResult),
  'plane.createWorldContact2': factory(plane.createWorldContact2), 'plane.createWorldRayHit2': factory(plane.createWorldRayHit2),
  'plane.createWorldShapeCastResult2': factory(plane.createWorldShapeCastResult2),
  'plane.CollisionWorld2': { args: ['opts2.world'], call: as((o: plane.World2Options) => { const w = new plane.CollisionWorld2(o); w.add(new plane.Circle(1), { position: { x: 0, y: 0 }, angle: 0 }); w.add(new plane.Circle(1), { position: { x: 1, y: 0 }, angle: 0 }); w.update(); return [w.contactCount, w.margin, w.keepsManifolds]; }) },
  'CollisionWorld2.add': { args: ['shape2', 'pose2', 'opts.body'], call: as((s: plane.Shape2, p: plane.Pose2Like, o: plane.Body2Options) => { const w = world2(); const h = w.add(s, p, o); w.update(); return [h, w.size, w.contactCount, w.userData(h)]; }) },
  'CollisionWorld2.update': { args: ['opts2.world', 'shape2', 'pose2'], call: as((o: plane.World2Options, s: plane.Shape2, p: plane.Pose2Like) => { const w = new plane.CollisionWorld2(o); w.add(new plane.Box2(1, 1), { position: { x: 0, y: 0 }, angle: 0 }); w.add(s, p); w.update(); return w.contactCount > 0 ? [w.contact(0), w.manifold(0)] : 0; }) },
  'CollisionWorld2.setPose': { args: ['handle', 'pose2'], call: as((h: number, p: plane.Pose2Like) => { const w = world2(); w.setPose(h, p); w.update(); return [w.pose(h), w.contactCount]; }) },
  'CollisionWorld2.remove': { args: ['handle'], call: as((h: number) => { const w = world2(); w.remove(h); w.update(); return [w.size, w.has(h)]; }) },
  'CollisionWorld2.shape': { args: ['handle'], call: as((h: number) => world2().shape(h)) },
  'CollisionWorld2.pose': { args: ['handle', 'out2.pose'], call: as((h: number, o: plane.Pose2Like) => world2().pose(h, o)), outs: [1] },
  'CollisionWorld2.userData': { args: ['handle'], call: as((h: number) => world2().userData(h)) },
  'CollisionWorld2.has': { args: ['handle'], call: as((h: number) => world2().has(h)) },
  'CollisionWorld2.contact': { args: ['index', 'out2.worldContact'], call: as((i: number, o: plane.WorldContact2) => world2().contact(i, o)), outs: [1] },
  'CollisionWorld2.manifold': { args: ['index', 'out2.manifold'], call: as((i: number, o: plane.Manifold) => world2().manifold(i, o)), outs: [1] },
  'CollisionWorld2.forEachContact': { args: ['visit'], call: as((v: (c: plane.WorldContact2) => void) => world2().forEachContact(v)) },
  'CollisionWorld2.stamp': { args: ['none'], call: () => world2().stamp },
  'CollisionWorld2.size': { args: ['none'], call: () => world2().size },
  'CollisionWorld2.contactCount': { args: ['none'], call: () => world2().contactCount },
  'CollisionWorld2.tightBox': { args: ['handle'], call: as((h: number) => world2().tightBox(h)) },
  'CollisionWorld2.beganTouching': { args: ['visit'], call: as((v: (a: number, b: number) => void) => world2().beganTouching(v)) },
  'CollisionWorld2.endedTouching': { args: ['visit'], call: as((v: (a: number, b: number) => void) => { const w = world2(); w.setPose(1, { position: { x: 5, y: 5 }, angle: 0 }); w.update(); w.endedTouching(v); }) },
  'CollisionWorld2.queryAabb': { args: ['vec2', 'vec2', 'visit'], call: as((a: plane.Vec2Like, b: plane.Vec2Like, v: (h: number) => boolean) => world2().queryAabb(a, b, v)) },
  'CollisionWorld2.overlapShape': { args: ['shape2', 'pose2', 'visit'], call: as((s: plane.Shape2, p: plane.Pose2Like, v: (h: number) => boolean) => world2().overlapShape(s, p, v)) },
  'CollisionWorld2.rayCast': { args: ['vec2', 'dir2', 'opts2.worldRay', 'out2.worldRayHit'], call: as((o: plane.Vec2Like, d: plane.Vec2Like, x: plane.WorldRayCastOptions2, h: plane.WorldRayHit2) => world2().rayCast(o, d, x, h)), outs: [3] },
  'CollisionWorld2.rayCastAll': { args: ['vec2', 'dir2', 'visit', 'opts2.worldRay'], call: as((o: plane.Vec2Like, d: plane.Vec2Like, v: (h: plane.WorldRayHit2) => boolean, x: plane.WorldRayCastOptions2) => world2().rayCastAll(o, d, v, x)) },
  'CollisionWorld2.shapeCast': { args: ['shape2', 'pose2', 'motion2', 'opts2.worldCast', 'out2.worldCast'], call: as((s: plane.Shape2, p: plane.Pose2Like, m: plane.Motion2, x: plane.WorldShapeCastOptions2, o: plane.WorldShapeCastResult2) => world2().shapeCast(s, p, m, x, o)), outs: [4] },
  'CollisionWorld2.forEachTreeBox': { args: ['visit'], call: as((v: plane.TreeBoxVisitor2) => world2().forEachTreeBox(v)) },
};

/** Longest a single call may take (a hostile value that makes a loop run away is a hang). */
const HANG_MS = 3000;

/** What one call gave: a value, or what it threw. */
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };
function attempt(f: () => unknown): Outcome {
  try {
    return { ok: true, value: f() };
  } catch (error) {
    return { ok: false, error };
  }
}
const describeError = (e: unknown): string => (e instanceof Error ? `${e.constructor.name}: ${e.message.slice(0, 300)}` : `non-error ${String(e)}`);

/**
 * Answers of a fixed set of queries (3D contact and closest points, a derivatives batch, 2D contact and
 * manifold), as text: equal before and after any call, or that call left state behind (module-level flags
 * and scratch records are shared by every query: a throwing contactDerivatives once left one set, and every
 * later derivatives batch went wrong).
 */
function stateProbe(): string {
  const q = { x: 0, y: 0, z: 0.38268343236508984, w: 0.9238795325112867 }, at = (x: number) => ({ position: { x, y: 0.1, z: 0 }, quaternion: q });
  const box = new lib.Box(0.5, 0.3, 0.4), ball = new lib.Sphere(0.4), hull = new lib.ConvexHull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
  const c = lib.contact(box, at(0), ball, at(0.7)), d = lib.closestPoints(hull, at(0), box, at(2));
  // (Two pairs of different gradients: a gradient left over from the first would show in the second.)
  const g = lib.contactDerivativesBatch([box, ball, hull], Float64Array.of(0, 0, 0, 0, 0, 0, 1, 0.7, 0.2, 0.1, 0, 0, 0, 1, 0.2, 0.9, -0.3, 0, 0, 0, 1), Int32Array.of(0, 1, 2, 0));
  const p2 = { position: { x: 0.6, y: 0.1 }, angle: 0.3 }, o2 = { position: { x: 0, y: 0 }, angle: 0 };
  const c2 = plane.contact(new plane.Box2(0.5, 0.3), o2, new plane.Polygon([0, 0, 0.5, 0, 0.2, 0.4]), p2);
  const m2 = plane.contactManifold(new plane.Box2(0.5, 0.3), o2, new plane.Box2(0.3, 0.3), p2, null, { margin: 0.01 });
  return JSON.stringify([c, d, Array.from(g), c2, m2]);
}
const STATE = stateProbe();

/** Checks one call of `name` with the drawn arguments; throws an Error saying what is wrong. */
function check(name: string, spec: Spec, drawn: readonly Drawn[]): void {
  checkCall(name, spec, drawn);
  if (stateProbe() !== STATE) throw new Error(`${name}: left state behind: the probe's answers changed after the call`);
}

function checkCall(name: string, spec: Spec, drawn: readonly Drawn[]): void {
  const args = drawn.map((d) => d.make());
  const inputs = args.map((_, i) => i).filter((i) => !spec.outs?.includes(i));
  const before = inputs.map((i) => snapshot(args[i]));
  const carried = nanPlaces(args);
  const start = performance.now();
  const outcome = attempt(() => spec.call(...(args as never[])));
  const ms = performance.now() - start;
  const fail: (why: string) => never = (why) => { throw new Error(`${name}: ${why}`); };
  if (ms > HANG_MS) fail(`took ${ms.toFixed(0)} ms (a hang)`);
  if (!outcome.ok) {
    const e = outcome.error;
    if (e instanceof HostileGetterError) return; // a getter of the caller's threw: passed through, as any callback's error
    if (!(e instanceof lib.CollisionError)) fail(`threw a raw ${describeError(e)}\n${e instanceof Error ? e.stack?.split('\n').slice(1, 4).join('\n') : ''}`);
    if (RAW_ERROR_TEXT.test(e.message)) fail(`threw a CollisionError whose message betrays a raw error: ${e.message.slice(0, 300)}`);
  }
  inputs.forEach((i, k) => {
    const after = snapshot(args[i]);
    if (after !== before[k]) fail(`mutated its argument ${i} (${drawn[i].label}):\nbefore ${before[k].slice(0, 300)}\nafter  ${after.slice(0, 300)}`);
  });
  if (!outcome.ok) return;
  const value = outcome.value;
  if (value instanceof Promise && !args.includes(value)) fail('returned a promise (async exports are checked in the threads test)');
  if (!spec.passThrough) {
    const nan = findNaN(value, carried);
    if (nan !== null) fail(`answered NaN at ${nan}`);
  }
  const raw = findRawError(value);
  if (raw !== null) fail(`answered with a raw error inside: ${raw}`);
  const wrong = spec.answer?.(value) ?? null;
  if (wrong !== null) fail(`answered wrongly: the answer ${wrong}`);
  // A misspelt options object (an unknown key) must not be run as if the key were absent.
  spec.args.forEach((kind, i) => {
    if (kind.startsWith('opts') && drawn[i].tag === 'misspelt' && args[i] !== null && typeof args[i] === 'object') fail(`accepted the misspelt options ${drawn[i].label} without a word`);
  });
  // An allowed extra field changes nothing: the same answer as the clean arguments give.
  if (drawn.some((d) => d.tag === 'extra') && drawn.every((d) => d.tag === 'valid' || d.tag === 'extra')) {
    const got = answerForm(value);
    const clean = attempt(() => spec.call(...(drawn.map((d) => d.clean!()) as never[])));
    if (!clean.ok) fail(`answered with the extra field but threw ${describeError(clean.error)} without it`);
    const want = answerForm(clean.value);
    if (got !== want) fail(`answered differently with the extra field:\nwith    ${got.slice(0, 400)}\nwithout ${want.slice(0, 400)}`);
  }
}

describe('garbage into every public function: a right answer or a CollisionError', () => {
  it.each(Object.keys(FUNCTIONS))('%s', (name) => {
    const spec = FUNCTIONS[name];
    // A quarter of the calls all valid (some with an allowed extra field): their answers are checked too.
    const calls = fc.oneof({ weight: 3, arbitrary: fc.tuple(...spec.args.map(argOf)) }, { weight: 1, arbitrary: fc.tuple(...spec.args.map(cleanArgOf)) });
    fc.assert(fc.property(calls, (drawn) => check(name, spec, drawn)), { seed: seed(1126), numRuns: runs(150) });
  });
});

/** Checks one async call: a value, or a rejection / throw with a CollisionError; never a hang. */
async function checkAsync(name: string, call: () => unknown): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`${name}: no answer in 10 s (a hang)`)), 10_000); });
  try {
    await Promise.race([Promise.resolve().then(call), hang]);
  } catch (e) {
    if (e instanceof Error && e.message.endsWith('(a hang)')) throw e;
    // A getter of the caller's threw: passed through, as the synchronous check allows (FC_SEED=-740827926:
    // a pose whose position getter throws, given to the plane world an async update runs on).
    if (e instanceof HostileGetterError) return;
    if (!(e instanceof lib.CollisionError)) throw new Error(`${name}: threw a raw ${describeError(e)}`);
    if (RAW_ERROR_TEXT.test(e.message)) throw new Error(`${name}: threw a CollisionError whose message betrays a raw error: ${e.message}`);
  } finally {
    clearTimeout(timer);
  }
}

describe('the threads entry and the world\'s async update: a right answer or a CollisionError, every pool terminated', () => {
  it('BatchPool.create with each hostile options value (every pool made is terminated at once)', async () => {
    // Each hostile value as the options and as options.threads. (As the options, only the primitives and a
    // few objects: any other object starts a default pool, up to 8 workers, to the same code path.)
    const objects = /^(Object\.create\(null\)|null-prototype \{maxT: 1\}|\{\} with Symbol keys|frozen options.*|Proxy\(\{maxT: 1\}\)|\{threads: throwing\}|\[\]|new Map\(\)|\{valueOf, toString, @@toPrimitive: throw\})$/;
    const values: [string, () => unknown][] = [
      ...(VALID['opts.pool'] as [string, () => unknown][]),
      ...HOSTILE.filter(([l, f]) => { const v = f(); return v === null || typeof v !== 'object' || objects.test(l); }),
      ...HOSTILE.map(([l, f]): [string, () => unknown] => [`{threads: ${l}}`, () => ({ threads: f() })]),
      ['{thread: 1} (misspelt)', () => ({ thread: 1 })], ['{threads: 1.5}', () => ({ threads: 1.5 })], ['{threads: 65}', () => ({ threads: 65 })],
      ['{threads: 1n}', () => ({ threads: 1n })], ['{get threads() { return 1 }}', () => Object.defineProperty({}, 'threads', { get: () => 1, enumerable: true })],
    ];
    const failures: string[] = [];
    for (const [label, make] of values) {
      let pool: threads.BatchPool | undefined;
      try {
        pool = await threads.BatchPool.create(make() as never);
        if (label.includes('misspelt')) failures.push(`BatchPool.create(${label}) accepted a misspelt option`);
        if (!(Number.isInteger(pool.threads) && pool.threads >= 1)) failures.push(`BatchPool.create(${label}) made a pool of ${pool.threads} threads`);
      } catch (e) {
        if (!(e instanceof lib.CollisionError)) failures.push(`BatchPool.create(${label}) threw a raw ${describeError(e)}`);
      } finally {
        await pool?.terminate();
      }
    }
    expect(failures).toEqual([]);
  });

  it('a pool\'s methods, before and after terminate(), and a world updated on it', async () => {
    const pool = await threads.BatchPool.create({ threads: 1 });
    try {
      const methods: Record<string, { args: Kind[]; call: (...a: never[]) => unknown }> = {
        setShapes: { args: ['shapes'], call: as((s: lib.Shape[]) => pool.setShapes(s)) },
        distance: { args: ['shapes', 'poses7', 'pairs', 'out.f64'], call: as(async (s: lib.Shape[], p: Float64Array, q: Int32Array, o: Float64Array) => { pool.setShapes(s); return pool.distance(p, q, o); }) },
        intersects: { args: ['shapes', 'poses7', 'pairs', 'out.u8'], call: as(async (s: lib.Shape[], p: Float64Array, q: Int32Array, o: Uint8Array) => { pool.setShapes(s); return pool.intersects(p, q, o); }) },
        contact: { args: ['shapes', 'poses7', 'pairs', 'out.f64'], call: as(async (s: lib.Shape[], p: Float64Array, q: Int32Array, o: Float64Array) => { pool.setShapes(s); return pool.contact(p, q, o); }) },
        setShapes2: { args: ['shapes2'], call: as((s: plane.Shape2[]) => pool.setShapes2(s)) },
        distance2: { args: ['shapes2', 'poses3', 'pairs', 'out.f64'], call: as(async (s: plane.Shape2[], p: Float64Array, q: Int32Array, o: Float64Array) => { pool.setShapes2(s); return pool.distance2(p, q, o); }) },
        intersects2: { args: ['shapes2', 'poses3', 'pairs', 'out.u8'], call: as(async (s: plane.Shape2[], p: Float64Array, q: Int32Array, o: Uint8Array) => { pool.setShapes2(s); return pool.intersects2(p, q, o); }) },
        contact2: { args: ['shapes2', 'poses3', 'pairs', 'out.f64'], call: as(async (s: plane.Shape2[], p: Float64Array, q: Int32Array, o: Float64Array) => { pool.setShapes2(s); return pool.contact2(p, q, o); }) },
        'CollisionWorld2.updateAsync': { args: ['opts2.world', 'shape2', 'pose2'], call: as(async (o: plane.World2Options, s: plane.Shape2, p: plane.Pose2Like) => { const w = new plane.CollisionWorld2(o === undefined || o === null || typeof o !== 'object' || Array.isArray(o) || ArrayBuffer.isView(o) ? o : { ...o, threads: pool }); w.add(new plane.Box2(1, 1), { position: { x: 0, y: 0 }, angle: 0 }); w.add(s, p); await w.updateAsync(); return w.contactCount > 0 ? [w.contact(0), w.manifold(0)] : 0; }) },
        'CollisionWorld.updateAsync': { args: ['opts.world', 'shape', 'pose'], call: as(async (o: lib.WorldOptions, s: lib.Shape, p: lib.PoseLike) => { const w = new lib.CollisionWorld(o === undefined || o === null || typeof o !== 'object' || Array.isArray(o) ? o : { ...o, threads: pool }); w.add(new lib.Box(1, 1, 1), at(0, 0, 0)); w.add(s, p); await w.updateAsync(); return w.contactCount; }) },
      };
      for (const [name, m] of Object.entries(methods)) {
        await fc.assert(fc.asyncProperty(fc.tuple(...m.args.map(argOf)), async (drawn) => checkAsync(`BatchPool.${name}`, () => m.call(...(drawn.map((d) => d.make()) as never[])))), { seed: seed(1127), numRuns: runs(25) });
      }
      // The internal narrow phase, as a hostile caller reaches it.
      await fc.assert(fc.asyncProperty(argOf('none'), async (d) => checkAsync('BatchPool.narrowPhase', () => pool.narrowPhase(d.make() as never))), { seed: seed(1128), numRuns: runs(25) });
    } finally {
      await pool.terminate();
    }
    for (const call of [() => pool.setShapes([]), () => pool.distance(new Float64Array(7), new Int32Array(0)), () => pool.contact(new Float64Array(7), new Int32Array(0))]) {
      await expect(Promise.resolve().then(call)).rejects.toBeInstanceOf(lib.InvalidArgumentError);
    }
  });

  it('decomposeInWorker with hostile meshes and options (a worker a call, each one ended)', async () => {
    await fc.assert(fc.asyncProperty(argOf('solidMesh'), argOf('opts.decompose'), async (m, o) => checkAsync('decomposeInWorker', () => threads.decomposeInWorker(m.make() as never, o.make() as never))), { seed: seed(1129), numRuns: runs(12) });
  }, 60_000);
});

it('the counterexamples FC_SEED=random found are typed errors (golden)', () => {
  // A field name whose toString is null made the message throw a raw TypeError; a Float64Array as a ray
  // cast's options had its own `filter` method called as the filter (seed -668520744).
  const named = { toString: null } as never;
  const pose = { position: [0, 0, 0], quaternion: [0, 0, 0, 1] };
  for (const call of [
    () => format.shapeFromJSON({ type: 'point' }, named), () => format.shape2FromJSON({ type: 'point' }, named),
    () => format.readPoseJson(pose, named), () => format.readPose2Json({ position: [0, 0], angle: 0 }, named),
    () => format.answerPairLine('{}', named),
  ]) expect(call).toThrow(lib.InvalidArgumentError);
  const w = new lib.CollisionWorld();
  w.add(new lib.Sphere(1), { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } });
  expect(() => w.rayCast({ x: 0, y: 1, z: 3 }, { x: 0, y: 0, z: -1 }, Float64Array.of(0, 0, 0, 0, 0, 0, 1) as never)).toThrow(/options is .*expected an options object/);
  expect(() => w.rayCast({ x: 0, y: 1, z: 3 }, { x: 0, y: 0, z: -1 }, [] as never)).toThrow(lib.InvalidArgumentError);
});

/** A call's verdict for the golden list: null when it threw a CollisionError, else what it did. */
async function verdict(call: () => unknown): Promise<string | null> {
  try {
    const value = await call();
    return `returned ${answerForm(value).slice(0, 160)}`;
  } catch (e) {
    return e instanceof lib.CollisionError ? null : `threw a raw ${describeError(e)}`;
  }
}

it('hostile values found by the fuzz are typed errors (golden)', async () => {
  // Each a smallest direct call that the fuzz (fixed seed, or FC_SEED=random) found giving a raw error, a
  // value with raw error text in it, a wrong answer, or a misspelt option run as if absent. Every one must
  // throw a CollisionError (a function documented "never throws" included: these are bad arguments, as
  // answerPairLine's lineNumber already is, not bad input). Failing until src/ is fixed; the raw error each
  // gave when found is in its comment.
  const pose = at(0, 0, 0), sphere = new lib.Sphere(0.5), down = { x: 0, y: -1, z: 0 }, above = { x: 0, y: 3, z: 0 };
  const frozenVec = () => Object.freeze({ x: 0, y: 0, z: 0 });
  const coercible = { valueOf: (): never => { throw new Error('HOSTILE-COERCION'); }, toString: (): never => { throw new Error('HOSTILE-COERCION'); } } as never;
  const flat = () => Float64Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1);
  const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
  const sparse = (n: number): never => { const a: unknown[] = []; a.length = n; return a as never; };
  const world = () => { const w = new lib.CollisionWorld(); w.add(new lib.Sphere(1), pose); return w; };
  const noReturn = { sweptRadius: 0, boundingRadius: 1, support: () => undefined } as never;
  const custom = { sweptRadius: 0, boundingRadius: 1, support: (out: lib.Vec3Like) => out } as never;
  const calls: [string, () => unknown][] = [
    // TypeError: Cannot assign to read only property 'x' (shapes/sphere.ts:26, from shape.ts:171).
    ['supportWithRadius(frozen out)', () => lib.supportWithRadius(frozenVec(), sphere, down)],
    // TypeError: Cannot assign to read only property 'x' (math/world-pose.ts:118).
    ['worldPose(object, undefined, frozen outScale)', () => lib.worldPose({ matrixWorld: { elements: IDENTITY } }, undefined, frozenVec())],
    ['poseFromMatrix(identity, undefined, frozen outScale)', () => lib.poseFromMatrix(IDENTITY, undefined, frozenVec())],
    // TypeError: Method get TypedArray.prototype.length called on incompatible receiver (math/world-pose.ts:66).
    ['poseFromMatrix(Proxy(Float64Array(16)))', () => lib.poseFromMatrix(new Proxy(new Float64Array(16), {}))],
    // TypeError: Cannot set properties of undefined (setting 'type') (query/manifold/contact-features.ts:64).
    ['contactFeatures(..., out = {})', () => lib.contactFeatures(sphere, pose, sphere, pose, down, {} as never)],
    // RangeError: Invalid typed array length: -3 (shapes/convex-hull.ts:52); {} was taken (its points an empty object).
    ['createHullFace(-1)', () => lib.createHullFace(-1)],
    ['createHullFace({})', () => lib.createHullFace({} as never)],
    // TypeError: Method get TypedArray.prototype.length ... (math/read-input.ts:23, 2d/hull2.ts:20, query/parted/triangle-mesh.ts:70).
    ['buildHull(Proxy(Float64Array))', () => lib.buildHull(new Proxy(flat(), {}))],
    ['new ConvexHull(Proxy(Float64Array))', () => new lib.ConvexHull(new Proxy(flat(), {}))],
    ['new TriangleMesh(vertices, Proxy(Int32Array))', () => new lib.TriangleMesh([0, 0, 0, 1, 0, 0, 0, 1, 0], new Proxy(Int32Array.of(0, 1, 2), {}))],
    ['new plane.Polygon(Proxy(Float64Array))', () => new plane.Polygon(new Proxy(Float64Array.of(0, 0, 1, 0, 0, 1), {}))],
    // RangeError: Invalid typed array length: -3 (math/read-input.ts:37; 2d: -2), 25769803770 (query/parted/compound.ts:55).
    ['buildHull({length: -1})', () => lib.buildHull({ length: -1 } as never)],
    ['new plane.Polygon({length: -1})', () => new plane.Polygon({ length: -1 } as never)],
    ['new Compound(sparse array of length 2^32 - 1)', () => new lib.Compound(sparse(2 ** 32 - 1))],
    // RangeError: Invalid typed array length: 12884901885 / 8589934590 (FC_SEED=-613476161, -101860978: the
    // copy of a list allocated before any entry was read).
    ['new ConvexHull(sparse array of length 2^32 - 1)', () => new lib.ConvexHull(sparse(2 ** 32 - 1))],
    ['buildHull(sparse array of length 2^32 - 1)', () => lib.buildHull(sparse(2 ** 32 - 1))],
    ['new TriangleMesh(sparse array of length 2^32 - 1, indices)', () => new lib.TriangleMesh(sparse(2 ** 32 - 1), [0, 1, 2])],
    ['new plane.Polygon(sparse array of length 2^32 - 1)', () => new plane.Polygon(sparse(2 ** 32 - 1))],
    // TypeError: Cannot convert object to primitive value (FC_SEED=-101860978): a hull record, its vertexCount replaced.
    ['new ConvexHull({...hull, vertexCount: [{}]})', () => new lib.ConvexHull({ ...lib.buildHull(flat()), vertexCount: [{}] } as never)],
    // A misspelt option, run as if absent (no key check in hull/build-hull.ts, hull/validate-hull.ts).
    ['buildHull(points, {tolerence})', () => lib.buildHull(flat(), { tolerence: 1e-3 } as never)],
    ['new ConvexHull(points, {tolerence})', () => new lib.ConvexHull(flat(), { tolerence: 1e-3 } as never)],
    ['validateHull(hull, points, {maxError})', () => lib.validateHull(lib.buildHull(flat()), flat(), { maxError: 1 } as never)],
    // The value coerced into the message (String(v)): its toString ran (query/parted/triangle-mesh.ts:82, world/world-records.ts:194).
    ['new TriangleMesh(vertices, [throwing toString, 1, 2])', () => new lib.TriangleMesh([0, 0, 0, 1, 0, 0, 0, 1, 0], [coercible, 1, 2])],
    ['world.add(shape, pose, {group: throwing toString})', () => world().add(sphere, pose, { group: coercible })],
    // TypeError: Cannot read properties of undefined (reading 'x') (query/pair/support-pair.ts:29): a support that returns nothing.
    ['distance(sphere, pose, custom support returning undefined, pose)', () => lib.distance(sphere, pose, noReturn, at(3, 0, 0))],
    // TypeError: Cannot set properties of undefined (setting 'x'): checkHitOut (query/pair/out-record.ts:65) takes
    // `pointA` for `point` and the reverse (query/cast/ray-cast.ts:177, world/scene-queries.ts:338 and :346).
    ['rayCast(..., out = createClosestPointsResult())', () => lib.rayCast(sphere, pose, above, down, lib.createClosestPointsResult() as never)],
    ['world.rayCast(..., out = createShapeCastResult())', () => world().rayCast(above, down, null, lib.createShapeCastResult() as never)],
    ['world.shapeCast(..., out = createWorldRayHit())', () => world().shapeCast(sphere, at(0, 3, 0), { linear: { x: 0, y: -3, z: 0 } }, null, lib.createWorldRayHit() as never)],
    // The format entry. shapeToJSON's field is not checked (format/shape-json.ts:155, 159, 183 -> errors.ts:102).
    ['shapeToJSON(custom shape, Symbol())', () => format.shapeToJSON(custom, Symbol('field') as never)],
    ['shapeToJSON(null, throwing toString)', () => format.shapeToJSON(null as never, coercible)],
    // A 2D shape: TypeError: Cannot read properties of undefined (reading 'x') (format/shape-json.ts:161), or wrong JSON.
    ['shapeToJSON(new plane.Segment2(...))', () => format.shapeToJSON(new plane.Segment2({ x: -1, y: 0 }, { x: 1, y: 0 }) as never)],
    ['shapeToJSON(new plane.Box2(1, 1)) (gave {"type":"box","halfExtents":[1,1,null]})', () => format.shapeToJSON(new plane.Box2(1, 1) as never)],
    ['shapeToJSON({kind: "sphere", radius: "x"}) (gave {"type":"sphere","radius":"x"})', () => format.shapeToJSON({ kind: 'sphere', radius: 'x' } as never)],
    // TypeError: Cannot destructure property 'id' of 'pair' (format/pair-query.ts:341, format/manifold-query.ts:59).
    ['answerPair(undefined)', () => format.answerPair(undefined as never)],
    ['answerManifoldPair(undefined, 0)', () => format.answerManifoldPair(undefined as never, 0)],
    // TypeError: Cannot read properties of undefined (reading 'entries') (format/pair-query.ts:360); 'in' on 1 (:106 from :361).
    ['answerPairQuery(undefined)', () => format.answerPairQuery(undefined as never)],
    ['answerPairQuery({entries: [1]})', () => format.answerPairQuery({ entries: [1] } as never)],
    // TypeError: Cannot use 'in' operator to search for 'error' in null (format/pair-query.ts:106).
    ['isPairFailure(null)', () => format.isPairFailure(null as never)],
    // TypeError: Cannot read properties of null (reading 'type') (format/manifold-query.ts:43); and a coerced index.
    ['featureName(null)', () => format.featureName(null as never)],
    ['featureName({type: "vertex", index: throwing toString})', () => format.featureName({ type: 'vertex', index: coercible })],
    // Answered '... is not valid JSON (line.charCodeAt is not a function)' (format/pair-query.ts:402, format/scene-query.ts:27).
    ['answerPairLine(5, 1)', () => format.answerPairLine(5 as never, 1)],
    ['answerSceneQueryText(5)', () => format.answerSceneQueryText(5 as never)],
    // The index coerced into the field name: TypeError: Cannot convert a Symbol value to a string (format/ray-query.ts:24,
    // format/cast-query.ts:38, format/pair2d-query.ts:102); an object index answered 'rays[[object Object]] ...'.
    ['answerRayJson({}, Symbol())', () => format.answerRayJson({}, Symbol('i') as never)],
    ['answerRayJson({}, {})', () => format.answerRayJson({}, {} as never)],
    ['answerCastJson({}, Symbol())', () => format.answerCastJson({}, Symbol('i') as never)],
    ['answerPair2dJson({}, Symbol())', () => format.answerPair2dJson({}, Symbol('i') as never)],
    // Holes written as empty lines: not JSON (format/pair-query.ts:376); a sparse array of length 2^32 - 1 runs for about 3 minutes.
    ['formatResults([, ,])', () => format.formatResults([, ,] as never)],
    // TypeError: Do not know how to serialize a BigInt (format/pair-query.ts:386, manifold-query.ts:88, ray-query.ts:59, cast-query.ts:65, pair2d-query.ts:134).
    ['formatResult({id: 1n, error})', () => format.formatResult({ id: 1n, error: 'x' } as never)],
    ['formatManifoldResult({id: 1n, manifolds: []})', () => format.formatManifoldResult({ id: 1n, manifolds: [] } as never)],
    ['formatRayResult({id: 1n, hit: false})', () => format.formatRayResult({ id: 1n, hit: false } as never)],
    ['formatCastResult({id: 1n, hit: false})', () => format.formatCastResult({ id: 1n, hit: false } as never)],
    ['formatPair2dResult({id: 1n, error})', () => format.formatPair2dResult({ id: 1n, error: 'x' } as never)],
    // The vertex count coerced (format/pair-query.ts:432).
    ['describeShape({kind: "convexHull", vertexCount: throwing toString})', () => format.describeShape({ kind: 'convexHull', vertexCount: coercible } as never)],
  ];
  const failures: string[] = [];
  for (const [label, call] of calls) {
    const v = await verdict(call);
    if (v !== null) failures.push(`${label}: ${v}`);
  }
  // The threads entry: a misspelt option made a default pool; narrowPhase (public, documented @internal) read
  // a missing job (TypeError: Cannot read properties of undefined (reading 'shares'), threads/batch-pool.ts:189).
  const pools: threads.BatchPool[] = [];
  try {
    const misspelt = await verdict(async () => pools.push(await threads.BatchPool.create({ thread: 1 } as never)));
    if (misspelt !== null) failures.push(`BatchPool.create({thread: 1}): ${misspelt}`);
    const pool = await threads.BatchPool.create({ threads: 1 });
    pools.push(pool);
    const job = await verdict(() => pool.narrowPhase(undefined as never));
    if (job !== null) failures.push(`pool.narrowPhase(undefined): ${job}`);
  } finally {
    await Promise.all(pools.map((p) => p.terminate()));
  }
  expect(failures).toEqual([]);
});

// Every function the entries export, and every method of their classes, is in the lists above.
it('covers every function the entries export', () => {
  const entries = [['', lib], ['', format], ['plane.', plane], ['', threads]] as const;
  const functions = entries.flatMap(([prefix, m]) => Object.entries(m).filter(([name, v]) => typeof v === 'function' && !/Error$/.test(name)).map(([name]) => `${prefix}${name}`));
  const methods = (C: { prototype: object; name: string }) => Object.getOwnPropertyNames(C.prototype).filter((n) => n !== 'constructor').map((n) => `${C.name}.${n}`);
  const statics = (C: object, name: string) => Object.getOwnPropertyNames(C).filter((n) => typeof (C as Record<string, unknown>)[n] === 'function').map((n) => `${name}.${n}`);
  const pool = ['BatchPool', 'BatchPool.create', 'BatchPool.setShapes', 'BatchPool.distance', 'BatchPool.intersects', 'BatchPool.contact', 'BatchPool.setShapes2', 'BatchPool.distance2', 'BatchPool.intersects2', 'BatchPool.contact2', 'BatchPool.narrowPhase', 'BatchPool.terminate', 'BatchPool.sharesMemory', 'BatchPool.run', 'BatchPool.collect', 'BatchPool.checkLive', 'BatchPool.sendShapes', 'CollisionWorld.updateAsync', 'CollisionWorld2.updateAsync', 'decomposeInWorker'];
  // The plane world's private helpers (TypeScript's `private`, still on the prototype).
  const world2Private = ['guard', 'hold', 'notWhileUpdating', 'beginUpdate', 'finishUpdate', 'ended'].map((n) => `CollisionWorld2.${n}`);
  const all = [...functions, ...methods(lib.CollisionWorld), ...methods(plane.CollisionWorld2).filter((n) => !world2Private.includes(n)), ...methods(threads.BatchPool), ...statics(lib.TriangleMesh, 'TriangleMesh'), ...statics(threads.BatchPool, 'BatchPool')];
  expect(all.filter((n) => !(n in FUNCTIONS) && !pool.includes(n))).toEqual([]);
});
