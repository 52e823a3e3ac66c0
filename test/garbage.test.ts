/**
 * Every public function of the entries (the main one, format and 2D), fed random garbage (fast-check `anything()` in every argument,
 * and valid values with one field replaced): the only outcomes are a value or a CollisionError naming
 * the argument. Never a raw TypeError or RangeError, never a hang.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as format from '../src/format/index.js';
import * as lib from '../src/index.js';
import * as plane from '../src/2d/index.js';
import { runs, seed } from './runs.js';

const FUNCTIONS: Record<string, (...args: unknown[]) => unknown> = {
  Point: () => new lib.Point(),
  Segment: (a, b) => new lib.Segment(a as never, b as never),
  Triangle: (a, b, c) => new lib.Triangle(a as never, b as never, c as never),
  Sphere: (r) => new lib.Sphere(r as never),
  Box: (x, y, z) => new lib.Box(x as never, y as never, z as never),
  Capsule: (h, r) => new lib.Capsule(h as never, r as never),
  Cylinder: (h, r) => new lib.Cylinder(h as never, r as never),
  Cone: (h, r) => new lib.Cone(h as never, r as never),
  Ellipsoid: (x, y, z) => new lib.Ellipsoid(x as never, y as never, z as never),
  ConvexHull: (p) => new lib.ConvexHull(p as never),
  Compound: (p) => new lib.Compound(p as never),
  TriangleMesh: (v, i) => new lib.TriangleMesh(v as never, i as never),
  'TriangleMesh.fromGeometry': (g) => lib.TriangleMesh.fromGeometry(g as never),
  Rounded: (s, r) => new lib.Rounded(s as never, r as never),
  MinkowskiSum: (a, b) => new lib.MinkowskiSum(a as never, b as never),
  Scaled: (s, k) => new lib.Scaled(s as never, k as never),
  buildHull: (p, o) => lib.buildHull(p as never, o as never),
  validateHull: (h, p, o) => lib.validateHull(h as never, p as never, o as never),
  computeAabb: (s, p, o) => lib.computeAabb(s as never, p as never, o as never),
  worldPose: (o, p, s) => lib.worldPose(o as never, p as never, s as never),
  poseFromMatrix: (e, p, s) => lib.poseFromMatrix(e as never, p as never, s as never),
  supportWithRadius: (o, s, d) => lib.supportWithRadius(o as never, s as never, d as never),
  shapeFromJSON: (j) => format.shapeFromJSON(j),
  shapeToJSON: (s) => format.shapeToJSON(s as never),
  parsePairQueryDocument: (t) => format.parsePairQueryDocument(t as never),
  readPairQuery: (j) => format.readPairQuery(j),
  readPoseJson: (j, f) => format.readPoseJson(j, f as never),
  answerPairLine: (l, n) => format.answerPairLine(l as never, n as never),
  answerPairQueryText: (t) => format.answerPairQueryText(t as never),
  describeShape: (s) => format.describeShape(s as never),
  contactManifold: (a, p, o) => lib.contactManifold(a as never, p as never, a as never, p as never, null, o as never),
  contactManifolds: (a, p, o) => lib.contactManifolds(a as never, p as never, a as never, p as never, o as never, p as never),
  answerManifoldQueryText: (t) => format.answerManifoldQueryText(t as never),
  contactFeatures: (a, p, n) => lib.contactFeatures(a as never, p as never, a as never, p as never, n as never),
  rayCast: (s, p, o) => lib.rayCast(s as never, p as never, o as never, o as never, null, p as never),
  answerRayQueryText: (t) => format.answerRayQueryText(t as never),
  answerRayJson: (j) => format.answerRayJson(j, 0),
  shapeCast: (a, p, m) => lib.shapeCast(a as never, p as never, m as never, a as never, p as never, m as never, null, p as never),
  answerCastQueryText: (t) => format.answerCastQueryText(t as never),
  answerCastJson: (j) => format.answerCastJson(j, 0),
  answerSceneQueryText: (t) => format.answerSceneQueryText(t as never),
  CollisionWorld: (o) => new lib.CollisionWorld(o as never),
  'CollisionWorld.add': (s, p, o) => new lib.CollisionWorld().add(s as never, p as never, o as never),
  'CollisionWorld.setPose': (h, p) => { const w = new lib.CollisionWorld(); w.add(new lib.Sphere(1), { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } }); w.setPose(h as never, p as never); },
  'CollisionWorld.remove': (h) => { const w = new lib.CollisionWorld(); w.add(new lib.Sphere(1), { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } }); w.remove(h as never); },
  'CollisionWorld.queryAabb': (a, b, v) => { const w = new lib.CollisionWorld(); w.add(new lib.Sphere(1), { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } }); w.queryAabb(a as never, b as never, v as never); },
  'CollisionWorld.overlapShape': (s, p, v) => { const w = new lib.CollisionWorld(); w.add(new lib.Sphere(1), { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } }); w.overlapShape(s as never, p as never, v as never); },
  'CollisionWorld.rayCastAll': (o, d, v) => { const w = new lib.CollisionWorld(); w.add(new lib.Sphere(1), { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } }); w.rayCastAll(o as never, d as never, v as never); },
  'CollisionWorld.shapeCast': (s, p, m) => { const w = new lib.CollisionWorld(); w.add(new lib.Sphere(1), { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } }); w.shapeCast(s as never, p as never, m as never); },
  'CollisionWorld.contact': (i, o, x) => {
    const w = new lib.CollisionWorld(o as never);
    w.add(new lib.Sphere(1), { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } });
    w.add(new lib.Sphere(1), { position: { x: 1, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } });
    w.update();
    w.contact(0, x as never);
    w.contact(i as never);
  },
  distanceBatch: (s, p, q) => lib.distanceBatch(s as never, p as never, q as never),
  intersectsBatch: (s, p, q) => lib.intersectsBatch(s as never, p as never, q as never),
  contactBatch: (s, p, q) => { lib.contactBatch([new lib.Sphere(1), new lib.Box(1, 1, 1)], Float64Array.of(0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1), Int32Array.of(0, 1), q as never); lib.contactBatch(s as never, p as never, Int32Array.of(0, 0)); },
  'CollisionWorld.pose': (h, o) => { const w = new lib.CollisionWorld(); const k = w.add(new lib.Sphere(1), { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } }); w.pose(k, o as never); w.pose(h as never); },
  'CollisionWorld.manifolds': (i) => { const w = new lib.CollisionWorld({ manifolds: true }); w.add(new lib.Sphere(1), { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } }); w.add(new lib.Box(1, 1, 1), { position: { x: 0.5, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } }); w.update(); w.manifolds(i as never); },
  shape2FromJSON: (j, f) => format.shape2FromJSON(j, f as never),
  readPose2Json: (j, f) => format.readPose2Json(j, f as never),
  answerPair2dJson: (j) => format.answerPair2dJson(j, 0),
  answerPair2dQueryText: (t) => format.answerPair2dQueryText(t as never),
  formatPair2dResult: (r) => format.formatPair2dResult(format.answerPair2dJson(r, 0)),
  // The 2D entry: its shapes and queries (garbage in every argument, as above).
  'plane.Point2': () => new plane.Point2(),
  'plane.Segment2': (a, b) => new plane.Segment2(a as never, b as never),
  'plane.Circle': (r) => new plane.Circle(r as never),
  'plane.Box2': (x, y) => new plane.Box2(x as never, y as never),
  'plane.Capsule2': (h, r) => new plane.Capsule2(h as never, r as never),
  'plane.Polygon': (p) => new plane.Polygon(p as never),
  'plane.Rounded2': (s, r) => new plane.Rounded2(s as never, r as never),
  'plane.intersects': (a, p, o) => plane.intersects(a as never, p as never, a as never, p as never, o as never),
  'plane.distance': (a, p, b) => plane.distance(a as never, p as never, b as never, p as never),
  'plane.closestPoints': (a, p, o) => plane.closestPoints(a as never, p as never, a as never, p as never, o as never),
  'plane.penetration': (a, p, o) => plane.penetration(a as never, p as never, a as never, p as never, null, o as never),
  'plane.contactManifold': (a, p, o) => plane.contactManifold(a as never, p as never, new plane.Box2(1, 1), { position: { x: 0.5, y: 0 }, angle: 0 }, o as never, o as never),
  'plane.rayCast': (s, p, o) => plane.rayCast(s as never, p as never, o as never, o as never, null, p as never),
  'plane.shapeCast': (a, p, m) => plane.shapeCast(a as never, p as never, m as never, new plane.Circle(1), { position: { x: 2, y: 0 }, angle: 0 }, m as never, null, p as never),
  'plane.contact': (a, p, o) => plane.contact(a as never, p as never, new plane.Circle(1), { position: { x: 0.5, y: 0 }, angle: 0 }, o as never, o as never),
  'CollisionWorld.rayCast': (o, d, x) => { const w = new lib.CollisionWorld(); w.add(new lib.Sphere(1), { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } }); w.rayCast(o as never, d as never, x as never); },
};

const valid = fc.constantFrom<unknown>(
  new lib.Box(1, 1, 1), new lib.Sphere(0.5), { x: 1, y: 2, z: 3 }, [{ x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }], [0, 0, 0, 1, 1, 1],
  { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } }, { type: 'box', halfExtents: [1, 1, 1] }, 0.5, 'x',
  lib.buildHull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]), { matrixWorld: { elements: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] } },
  // 2D shapes, poses, points and JSON.
  new plane.Polygon([0, 0, 1, 0, 0, 1]), new plane.Circle(0.5), new plane.Box2(1, 0.5), { position: { x: 0, y: 0 }, angle: 0.5 }, { x: 1, y: 2 },
  { type: 'polygon', points: [[0, 0], [1, 0], [0, 1]] }, { position: [1, 0], angle: 0 },
  // Batch inputs: a shape table, poses and pairs as typed arrays.
  [new lib.Sphere(1)], Float64Array.of(0, 0, 0, 0, 0, 0, 1), Int32Array.of(0, 0), Float64Array.of(0, 0, 0, 0, 0, 0, 2), Int32Array.of(0, 5),
);
const arg = fc.oneof(valid, fc.anything(), fc.tuple(valid, fc.string(), fc.anything()).map(([v, k, x]) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? { ...v, [k]: x } : v)));

describe('garbage into every public function', () => {
  it.each(Object.keys(FUNCTIONS))('%s returns or throws a CollisionError', (name) => {
    fc.assert(fc.property(arg, arg, arg, (x, y, z) => {
      try {
        FUNCTIONS[name](x, y, z);
      } catch (error) {
        if (!(error instanceof lib.CollisionError)) throw error;
      }
    }), { seed: seed(1126), numRuns: runs(300) });
  });
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

// Every export is in the list above or is a query (test/query/input-checks.test.ts) or a type/factory.
it('covers every function the entries export', () => {
  const queries = ['intersects', 'distance', 'closestPoints', 'penetration', 'contact'];
  const factories = ['createAabb', 'createPose', 'createContactResult', 'createPenetrationResult', 'createClosestPointsResult', 'createHullFace', 'GjkCache', 'createManifold', 'createManifoldList', 'ManifoldCache', 'createContactFeatures', 'createRayHit', 'createShapeCastResult', 'createWorldContact', 'createWorldRayHit', 'createWorldShapeCastResult'];
  const handledElsewhere = ['answerPair', 'answerPairQuery', 'formatResults', 'formatResult', 'isPairFailure', 'answerManifoldPair', 'formatManifoldResult', 'featureName', 'formatRayResult', 'formatCastResult'];
  const functions = [...Object.entries(lib), ...Object.entries(format), ...Object.entries(plane).map(([n, v]) => [`plane.${n}`, v] as const)]
    .filter(([name, v]) => typeof v === 'function' && !/Error$/.test(name)).map(([name]) => name);
  const factories2d = ['plane.createPose2', 'plane.vec2', 'plane.GjkCache', 'plane.ManifoldCache', 'plane.createManifold', 'plane.createRayHit', 'plane.createShapeCastResult', 'plane.createContactResult', 'plane.createPenetrationResult', 'plane.createClosestPointsResult'];
  const uncovered = functions.filter((n) => !(n in FUNCTIONS) && !queries.includes(n) && !factories.includes(n) && !factories2d.includes(n) && !handledElsewhere.includes(n));
  expect(uncovered).toEqual([]);
});
