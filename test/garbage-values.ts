/**
 * What test/garbage.test.ts feeds every export: for each kind of argument its valid values (some with an
 * extra field the API allows: poses and vectors, as three.js objects carry), a pool of hostile values mixed
 * into every argument, and the walks that check an answer (inputs not mutated, no NaN, no raw error text).
 */
import fc from 'fast-check';
import { types } from 'node:util';
import * as THREE from 'three';
import * as plane from '../src/2d/index.js';
import * as formatEntry from '../src/format/index.js';
import * as pairAnswers from '../src/cli/answers/pair.js';
import * as manifoldAnswers from '../src/cli/answers/manifold.js';
import * as rayAnswers from '../src/cli/answers/ray.js';
import * as castAnswers from '../src/cli/answers/cast.js';
import * as sceneAnswers from '../src/cli/answers/scene.js';
import * as pair2dAnswers from '../src/cli/answers/pair2d.js';

/** The format entry and the command line's answerers (each command's document answered and written), all hostile-called. */
export const format = {
  ...formatEntry,
  answerPair: pairAnswers.answerPair, answerPairQuery: pairAnswers.answerPairQuery, answerPairLine: pairAnswers.answerPairLine,
  answerPairQueryText: pairAnswers.answerPairQueryText, formatResults: pairAnswers.formatResults, formatResult: pairAnswers.formatResult,
  isPairFailure: pairAnswers.isPairFailure, describeShape: pairAnswers.describeShape,
  answerManifoldPair: manifoldAnswers.answerManifoldPair, answerManifoldQueryText: manifoldAnswers.answerManifoldQueryText,
  formatManifoldResult: manifoldAnswers.formatManifoldResult, featureName: manifoldAnswers.featureName,
  answerRayJson: rayAnswers.answerRayJson, answerRayQueryText: rayAnswers.answerRayQueryText, formatRayResult: rayAnswers.formatRayResult,
  answerCastJson: castAnswers.answerCastJson, answerCastQueryText: castAnswers.answerCastQueryText, formatCastResult: castAnswers.formatCastResult,
  answerSceneQueryText: sceneAnswers.answerSceneQueryText,
  answerPair2dJson: pair2dAnswers.answerPair2dJson, answerPair2dQueryText: pair2dAnswers.answerPair2dQueryText,
  formatPair2dResult: pair2dAnswers.formatPair2dResult,
};
import * as lib from '../src/index.js';

/** An argument as drawn: made afresh for each call; a valid one (or one with an allowed extra field) also has its clean form. */
export interface Drawn {
  readonly label: string;
  /** valid: a value the API accepts; extra: one with an unknown field the API documents as allowed; misspelt: an options object with a misspelt key; garbage: anything else. */
  readonly tag: 'valid' | 'extra' | 'misspelt' | 'garbage';
  make(): unknown;
  /** The clean value (a valid value, or an extra one without its field), made afresh. */
  readonly clean?: () => unknown;
}

function drawn(label: string, tag: Drawn['tag'], make: () => unknown, clean?: () => unknown): Drawn {
  // (fast-check prints a counterexample through this method.)
  return { label, tag, make, clean, [fc.toStringMethod]: () => label } as Drawn;
}

/** Thrown by the hostile values' valueOf / toString / Symbol.toPrimitive: the library coerced a value it should have type-checked. */
export class HostileCoercionError extends Error {}
/** Thrown by a hostile getter: user code failing, which the library may let through (it must read fields). */
export class HostileGetterError extends Error {}

const coerce = (): never => { throw new HostileCoercionError('HOSTILE-COERCION: a valueOf/toString of the caller\'s was called (the library coerced a value instead of checking its type)'); };
const coercible = (): object => ({ valueOf: coerce, toString: coerce, [Symbol.toPrimitive]: coerce });
const coercibleNoPrimitive = (): object => ({ valueOf: coerce, toString: coerce });

/** Every proxy this file makes, with its target: a snapshot of a proxy snapshots its target (a proxy of a typed array has no readable length). */
const proxyTargets = new WeakMap<object, object>();
function proxy<T extends object>(target: T): T {
  const p = new Proxy(target, {});
  proxyTargets.set(p, target);
  return p;
}

// ---------------------------------------------------------------------------------------------------------
// Valid values, by kind of argument.

const at = (x: number, y: number, z: number, q: [number, number, number, number] = [0, 0, 0, 1]) => ({
  position: { x, y, z }, quaternion: { x: q[0], y: q[1], z: q[2], w: q[3] },
});
const S = Math.SQRT1_2;

const sphere = new lib.Sphere(0.5), box = new lib.Box(0.5, 0.5, 0.5);
const hull = new lib.ConvexHull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
const custom: lib.CustomShape = {
  kind: 'custom', sweptRadius: 0, boundingRadius: 0.9,
  support(out, d) { out.x = d.x >= 0 ? 0.5 : -0.5; out.y = d.y >= 0 ? 0.5 : -0.5; out.z = d.z >= 0 ? 0.5 : -0.5; return out; },
};
const CONVEX: [string, lib.ConvexShape][] = [
  ['Sphere(0.5)', sphere], ['Box(0.5,0.5,0.5)', box], ['Capsule(0.5,0.25)', new lib.Capsule(0.5, 0.25)], ['Cylinder(0.5,0.5)', new lib.Cylinder(0.5, 0.5)],
  ['Cone(0.5,0.5)', new lib.Cone(0.5, 0.5)], ['Ellipsoid(1,0.5,0.25)', new lib.Ellipsoid(1, 0.5, 0.25)], ['ConvexHull(tetrahedron)', hull], ['Point()', new lib.Point()],
  ['Segment', new lib.Segment({ x: -1, y: 0, z: 0 }, { x: 1, y: 0, z: 0 })], ['Triangle', new lib.Triangle({ x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, { x: 0, y: 1, z: 0 })],
  ['Rounded(box,0.1)', new lib.Rounded(box, 0.1)], ['MinkowskiSum(sphere,box)', new lib.MinkowskiSum(sphere, box)], ['Scaled(box,{2,1,1})', new lib.Scaled(box, { x: 2, y: 1, z: 1 })],
  ['custom support map', custom],
];
const compound = new lib.Compound([{ shape: box, pose: at(0, 0, 0) }, { shape: sphere, pose: at(1, 0, 0) }]);
const mesh = new lib.TriangleMesh([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0], [0, 1, 2, 2, 1, 3]);
const SHAPES: [string, lib.Shape][] = [...CONVEX, ['Compound(box,sphere)', compound], ['TriangleMesh(2 triangles)', mesh], ['TriangleMesh.fromGeometry(BoxGeometry)', lib.TriangleMesh.fromGeometry(new THREE.BoxGeometry(1, 1, 1))], ['HalfSpace', new lib.HalfSpace()], ['HeightField(3x3)', new lib.HeightField(3, 3, [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8], { x: 4, y: 1, z: 4 })]];

/** A three.js object at (x, y, z), its world matrix up to date (a pose as it is). */
function object3d(x: number, y: number, z: number): THREE.Object3D {
  const o = new THREE.Mesh();
  o.position.set(x, y, z);
  o.quaternion.setFromAxisAngle(new THREE.Vector3(0, 0, 1), 0.3);
  o.updateMatrixWorld();
  return o;
}

const hull4 = lib.buildHull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
const sphere2 = new plane.Circle(0.5), box2 = new plane.Box2(0.5, 0.5);
const SHAPES2: [string, plane.Shape2][] = [
  ['Point2()', new plane.Point2()], ['Segment2', new plane.Segment2({ x: -1, y: 0 }, { x: 1, y: 0 })], ['Circle(0.5)', sphere2], ['Box2(0.5,0.5)', box2],
  ['Capsule2(0.5,0.25)', new plane.Capsule2(0.5, 0.25)], ['Polygon(triangle)', new plane.Polygon([0, 0, 1, 0, 0, 1])], ['Rounded2(box2,0.1)', new plane.Rounded2(box2, 0.1)],
];

const jsonPose = (x = 0, y = 0, z = 0) => ({ position: [x, y, z], quaternion: [0, 0, 0, 1] });
const JSON_SHAPES = (): unknown[] => [
  { type: 'box', halfExtents: [0.5, 0.5, 0.5] }, { type: 'sphere', radius: 0.5 }, { type: 'capsule', halfHeight: 0.5, radius: 0.25 },
  { type: 'convexHull', points: [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]] }, { type: 'rounded', shape: { type: 'box', halfExtents: [1, 0.5, 0.25] }, radius: 0.05 },
  { type: 'compound', parts: [{ shape: { type: 'box', halfExtents: [1, 1, 1] }, pose: jsonPose() }, { shape: { type: 'sphere', radius: 1 }, pose: jsonPose(1.5) }] },
  { type: 'mesh', vertices: [[0, 0, 0], [1, 0, 0], [0, 1, 0]], triangles: [[0, 1, 2]] },
];
const jsonPair = (id: unknown = 1, y = 0.9) => ({ id, a: { type: 'box', halfExtents: [0.5, 0.5, 0.5] }, poseA: jsonPose(), b: { type: 'sphere', radius: 0.5 }, poseB: jsonPose(0, y, 0) });
const jsonRay = () => ({ id: 'r', shape: { type: 'sphere', radius: 1 }, pose: jsonPose(), origin: [0, 0, 5], direction: [0, 0, -1], maxT: 10 });
const jsonCast = () => ({ id: 'c', a: { type: 'sphere', radius: 0.5 }, poseA: jsonPose(0, 3, 0), motionA: { linear: [0, -2, 0] }, b: { type: 'box', halfExtents: [1, 1, 1] }, poseB: jsonPose(), maxTime: 2 });
const jsonPair2d = () => ({ id: 'p', a: { type: 'polygon', points: [[0, 0], [1, 0], [0, 1]] }, poseA: { position: [0, 0], angle: 0 }, b: { type: 'circle', radius: 0.5 }, poseB: { position: [1, 0.2], angle: 0.5 } });
const jsonScene = () => ({
  bodies: [{ id: 1, shape: { type: 'sphere', radius: 1 }, pose: jsonPose() }, { id: 'b', shape: { type: 'box', halfExtents: [1, 1, 1] }, pose: jsonPose(1.5) }],
  margin: 0.1, rays: [{ id: 'r', origin: [0, 5, 0], direction: [0, -1, 0], maxT: 10 }],
});

const parsedPair = () => format.readPairQuery({ pairs: [jsonPair()] }).entries[0];
const IDENTITY16 = () => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
/** A unit cube's corners and its 12 triangles, counter-clockwise seen from outside. */
const CUBE_POSITIONS = () => [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1];
const CUBE_INDICES = () => [0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4, 3, 4, 7];

type Factory = [string, () => unknown];
const fixed = (entries: [string, unknown][]): Factory[] => entries.map(([l, v]) => [l, () => v]);

/** The valid values of each kind of argument (each made afresh by its factory; shapes are shared, being immutable). */
export const VALID = {
  none: [['undefined', () => undefined]],
  shape: fixed(SHAPES),
  convex: fixed(CONVEX),
  pose: [
    ['identity pose', () => at(0, 0, 0)], ['pose (0.5,0,0)', () => at(0.5, 0, 0)], ['pose (0,0.9,0)', () => at(0, 0.9, 0)],
    ['pose (0,0.6,0) turned 90° about z', () => at(0, 0.6, 0, [0, 0, S, S])], ['pose (3,0,0)', () => at(3, 0, 0)],
    ['three.js Mesh at (0.4,0.2,0)', () => object3d(0.4, 0.2, 0)],
  ],
  vec: [['{0,0,0}', () => ({ x: 0, y: 0, z: 0 })], ['{0,3,0}', () => ({ x: 0, y: 3, z: 0 })], ['{0.2,0.1,-3}', () => ({ x: 0.2, y: 0.1, z: -3 })], ['THREE.Vector3(0,2,0)', () => new THREE.Vector3(0, 2, 0)]],
  dir: [['{0,-1,0}', () => ({ x: 0, y: -1, z: 0 })], ['{0,0,1}', () => ({ x: 0, y: 0, z: 1 })], ['{1,1,0}', () => ({ x: 1, y: 1, z: 0 })], ['THREE.Vector3(0,-1,0)', () => new THREE.Vector3(0, -1, 0)]],
  length: fixed([['0.5', 0.5], ['1', 1], ['0', 0], ['2', 2]]),
  positive: fixed([['0.5', 0.5], ['1', 1], ['2', 2]]),
  scale: [['{2,1,1}', () => ({ x: 2, y: 1, z: 1 })], ['{-1,1,0.5}', () => ({ x: -1, y: 1, z: 0.5 })]],
  points: [
    ['flat tetrahedron', () => [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]], ['{x,y,z}[] cube', () => [-1, 1].flatMap((x) => [-1, 1].flatMap((y) => [-1, 1].map((z) => ({ x, y, z }))))],
    ['Float64Array tetrahedron', () => Float64Array.of(0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 2)], ['Float32Array tetrahedron', () => Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1)],
  ],
  hull: fixed([['buildHull(tetrahedron)', hull4]]),
  gridCount: [['3', () => 3], ['2', () => 2]],
  heights: [['9 heights', () => [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]], ['Float32Array 9', () => Float32Array.of(0, 1, 0, 1, 0, 1, 0, 1, 0)], ['9 with a hole', () => [0, 0, 0, 0, Number.NaN, 0, 0, 0, 1]]],
  fieldScale: [['undefined', () => undefined], ['{4,1,4}', () => ({ x: 4, y: 1, z: 4 })]],
  meshIndices: [['[0,1,2, 2,1,3]', () => [0, 1, 2, 2, 1, 3]], ['Uint16Array [0,1,2]', () => Uint16Array.of(0, 1, 2)], ['Int32Array [0,1,2]', () => Int32Array.of(0, 1, 2)]],
  meshVertices: [['flat 4 vertices', () => [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0]], ['Float32Array 4 vertices', () => Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0)]],
  geometry: [
    ['THREE.BoxGeometry', () => new THREE.BoxGeometry(1, 1, 1)],
    ['{attributes.position} without index', () => ({ attributes: { position: { array: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0), itemSize: 3 } }, index: null })],
  ],
  solidMesh: [
    ['THREE.BoxGeometry (seams welded)', () => new THREE.BoxGeometry(1, 2, 1)],
    ['{positions, indices} cube', () => ({ positions: CUBE_POSITIONS(), indices: CUBE_INDICES() })],
    ['TriangleMesh cube', () => new lib.TriangleMesh(CUBE_POSITIONS(), CUBE_INDICES())],
  ],
  parts: [['[box, sphere at (1,0,0)]', () => [{ shape: box, pose: at(0, 0, 0) }, { shape: sphere, pose: at(1, 0, 0) }]]],
  matrix: [['identity 16', IDENTITY16], ['translation 16', () => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1]], ['Float32Array identity', () => Float32Array.from(IDENTITY16())], ['THREE.Matrix4 elements', () => new THREE.Matrix4().makeRotationY(0.5).elements]],
  object3d: [['three.js Mesh', () => object3d(1, 0, 0)], ['{matrixWorld}', () => ({ matrixWorld: { elements: IDENTITY16() } })]],
  'out.pose': [['undefined', () => undefined], ['createPose()', () => lib.createPose()]],
  'out.vec': [['undefined', () => undefined], ['{0,0,0}', () => ({ x: 0, y: 0, z: 0 })], ['THREE.Vector3', () => new THREE.Vector3()]],
  'out.vecRequired': [['{0,0,0}', () => ({ x: 0, y: 0, z: 0 })], ['THREE.Vector3', () => new THREE.Vector3()]],
  'opts.build': [['undefined', () => undefined], ['{}', () => ({})], ['{tolerance: 1e-9}', () => ({ tolerance: 1e-9 })]],
  'opts.decompose': [['undefined', () => undefined], ['{}', () => ({})], ['{maxParts: 2}', () => ({ maxParts: 2 })], ['{effort: fast, concavity: 0.05}', () => ({ effort: 'fast', concavity: 0.05 })]],
  'opts.validate': [['undefined', () => undefined], ['{}', () => ({})], ['{maxErrors: 3}', () => ({ maxErrors: 3 })], ['{inputIndices: false}', () => ({ inputIndices: false })]],
  'opts.gjk': [
    ['undefined', () => undefined], ['null', () => null], ['{}', () => ({})], ['{gjkMaxIterations: 30}', () => ({ gjkMaxIterations: 30 })],
    ['{gjkRelativeTolerance: 1e-6}', () => ({ gjkRelativeTolerance: 1e-6 })], ['{cache: new GjkCache()}', () => ({ cache: new lib.GjkCache() })], ['{trace: () => {}}', () => ({ trace: () => undefined })],
  ],
  'opts.contact': [
    ['undefined', () => undefined], ['null', () => null], ['{}', () => ({})], ['{maxDistance: 5}', () => ({ maxDistance: 5 })], ['{maxDistance: 0}', () => ({ maxDistance: 0 })],
    ['{epaMaxIterations: 40, epaRelativeTolerance: 1e-6}', () => ({ epaMaxIterations: 40, epaRelativeTolerance: 1e-6 })], ['{cache: new GjkCache()}', () => ({ cache: new lib.GjkCache() })],
  ],
  'opts.derivatives': [
    ['undefined', () => undefined], ['null', () => null], ['{}', () => ({})], ['{smoothing: null}', () => ({ smoothing: null })],
    ['{smoothing: {samples: 4, noise: 0.01}}', () => ({ smoothing: { samples: 4, noise: 0.01 } })], ['{smoothing: {samples: 2, noise: 0.1, seed: 7}, epaMaxIterations: 40}', () => ({ smoothing: { samples: 2, noise: 0.1, seed: 7 }, epaMaxIterations: 40 })],
    ['{secondOrder: true}', () => ({ secondOrder: true })],
  ],
  'opts.manifold': [['undefined', () => undefined], ['null', () => null], ['{}', () => ({})], ['{margin: 0.1}', () => ({ margin: 0.1 })], ['{maxPoints: 8}', () => ({ maxPoints: 8 })], ['{cache: new ManifoldCache()}', () => ({ cache: new lib.ManifoldCache() })]],
  'opts.manifolds': [['undefined', () => undefined], ['null', () => null], ['{}', () => ({})], ['{margin: 0.1, meshEdges: exact}', () => ({ margin: 0.1, meshEdges: 'exact' })], ['{maxPoints: 4}', () => ({ maxPoints: 4 })]],
  'opts.ray': [['undefined', () => undefined], ['null', () => null], ['{}', () => ({})], ['{maxT: 10}', () => ({ maxT: 10 })], ['{solid: false}', () => ({ solid: false })]],
  'opts.cast': [['undefined', () => undefined], ['null', () => null], ['{}', () => ({})], ['{maxTime: 2}', () => ({ maxTime: 2 })], ['{targetSeparation: 0.01}', () => ({ targetSeparation: 0.01 })]],
  motion: [
    ['undefined', () => undefined], ['null', () => null], ['{}', () => ({})], ['{linear: {0,-2,0}}', () => ({ linear: { x: 0, y: -2, z: 0 } })],
    ['{linear, angular}', () => ({ linear: { x: 0, y: -2, z: 0 }, angular: { x: 0, y: 0, z: 1 } })],
  ],
  'out.closest': [['undefined', () => undefined], ['null', () => null], ['createClosestPointsResult()', () => lib.createClosestPointsResult()]],
  'out.penetration': [['undefined', () => undefined], ['null', () => null], ['createPenetrationResult()', () => lib.createPenetrationResult()]],
  'out.contact': [['undefined', () => undefined], ['null', () => null], ['createContactResult()', () => lib.createContactResult()]],
  'out.derivatives': [['undefined', () => undefined], ['null', () => null], ['createContactDerivatives()', () => lib.createContactDerivatives()]],
  'out.manifold': [['undefined', () => undefined], ['null', () => null], ['createManifold()', () => lib.createManifold()]],
  'out.manifoldList': [['undefined', () => undefined], ['null', () => null], ['createManifoldList()', () => lib.createManifoldList()]],
  'out.features': [['undefined', () => undefined], ['null', () => null], ['createContactFeatures()', () => lib.createContactFeatures()]],
  'out.rayHit': [['undefined', () => undefined], ['null', () => null], ['createRayHit()', () => lib.createRayHit()]],
  'out.cast': [['undefined', () => undefined], ['null', () => null], ['createShapeCastResult()', () => lib.createShapeCastResult()]],
  'out.aabb': [['undefined', () => undefined], ['null', () => null], ['createAabb()', () => lib.createAabb()], ['THREE.Box3', () => new THREE.Box3()]],
  'out.worldContact': [['undefined', () => undefined], ['null', () => null], ['createWorldContact()', () => lib.createWorldContact()]],
  'out.worldRayHit': [['undefined', () => undefined], ['null', () => null], ['createWorldRayHit()', () => lib.createWorldRayHit()]],
  'out.worldCast': [['undefined', () => undefined], ['null', () => null], ['createWorldShapeCastResult()', () => lib.createWorldShapeCastResult()]],
  'opts.character': [['undefined', () => undefined], ['{}', () => ({})], ['{autostep, snapToGround}', () => ({ autostep: { maxHeight: 0.3, minWidth: 0.1 }, snapToGround: 0.2 })], ['{offset: 0.05, up: {0,0,1}}', () => ({ offset: 0.05, up: { x: 0, y: 0, z: 1 } })]],
  'opts.world': [['undefined', () => undefined], ['{}', () => ({})], ['{margin: 0.1}', () => ({ margin: 0.1 })], ['{manifolds: true, maxPoints: 4}', () => ({ manifolds: true, maxPoints: 4 })], ['{manifolds: true, meshEdges: exact}', () => ({ manifolds: true, meshEdges: 'exact' })]],
  'opts.body': [['undefined', () => undefined], ['{}', () => ({})], ['{static: true}', () => ({ static: true })], ['{group: 1, mask: 0xffffffff}', () => ({ group: 1, mask: 0xffffffff })], ['{userData}', () => ({ userData: { name: 'crate' } })]],
  'opts.worldRay': [['undefined', () => undefined], ['null', () => null], ['{}', () => ({})], ['{maxT: 10}', () => ({ maxT: 10 })], ['{solid: false}', () => ({ solid: false })], ['{filter: h => h !== 0}', () => ({ filter: (h: number) => h !== 0 })]],
  'opts.worldCast': [['undefined', () => undefined], ['null', () => null], ['{}', () => ({})], ['{maxTime: 3}', () => ({ maxTime: 3 })], ['{targetSeparation: 0.1, filter}', () => ({ targetSeparation: 0.1, filter: () => true })]],
  visit: [['() => undefined', () => () => undefined], ['() => true', () => () => true], ['() => false', () => () => false]],
  handle: fixed([['0', 0], ['1', 1], ['2', 2]]),
  index: fixed([['0', 0], ['1', 1]]),
  capacity: [['undefined', () => undefined], ['8', () => 8], ['1', () => 1]],
  // Batches: a shape table, poses (7 numbers a body) and pairs.
  shapes: [['[sphere, box]', () => [sphere, box]], ['[sphere]', () => [sphere]], ['[compound, mesh, hull]', () => [compound, mesh, hull]]],
  poses7: [['Float64Array 2 bodies', () => Float64Array.of(0, 0, 0, 0, 0, 0, 1, 0.6, 0, 0, 0, 0, 0, 1)], ['Float64Array 3 bodies', () => Float64Array.of(0, 0, 0, 0, 0, 0, 1, 0.6, 0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 0, S, S)]],
  pairs: [['Int32Array [0,1]', () => Int32Array.of(0, 1)], ['Int32Array [0,1, 1,0]', () => Int32Array.of(0, 1, 1, 0)], ['Int32Array []', () => new Int32Array(0)]],
  // The 2D batches: a 2D shape table and poses (3 numbers a body).
  shapes2: [['[circle, box2]', () => [sphere2, box2]], ['[circle]', () => [sphere2]], ['[polygon, capsule2, rounded2]', () => [SHAPES2[5][1], SHAPES2[4][1], SHAPES2[6][1]]]],
  poses3: [['Float64Array 2 bodies', () => Float64Array.of(0, 0, 0, 0.6, 0, 0.3)], ['Float64Array 3 bodies', () => Float64Array.of(0, 0, 0, 0.6, 0, 0.3, 3, 0, 1)]],
  'out.f64': [['undefined', () => undefined], ['null', () => null], ['Float64Array(40)', () => new Float64Array(40)]],
  'out.f64big': [['undefined', () => undefined], ['null', () => null], ['Float64Array(100)', () => new Float64Array(100)]],
  'out.u8': [['undefined', () => undefined], ['null', () => null], ['Uint8Array(4)', () => new Uint8Array(4)]],
  // The format entry.
  'json.shape': JSON_SHAPES().map((j, i): Factory => [`shape JSON ${(j as { type: string }).type}`, () => JSON_SHAPES()[i]]),
  'json.pose': [['pose JSON', () => jsonPose()], ['pose JSON (1,0.2,0) turned', () => ({ position: [1, 0.2, 0], quaternion: [0, 0.3826834, 0, 0.9238795] })]],
  field: fixed([['"shape"', 'shape'], ['"pairs[0].poseA"', 'pairs[0].poseA'], ['undefined', undefined]]),
  'json.pairDoc': [['pair document', () => ({ pairs: [jsonPair(), jsonPair('far', 3)] })]],
  'text.pairs': [['pair document text', () => JSON.stringify({ pairs: [jsonPair(), jsonPair('bad', Number.NaN)] })], ['BOM + empty pairs', () => '\ufeff{"pairs": []}']],
  line: [['pair line', () => JSON.stringify(jsonPair())], ['pair line far', () => JSON.stringify(jsonPair('x', 3))]],
  lineNumber: fixed([['1', 1], ['7', 7]]),
  'text.manifold': [['manifold document text', () => JSON.stringify({ pairs: [{ ...jsonPair(), margin: 0.1 }, jsonPair('far', 3)] })]],
  'text.rays': [['ray document text', () => JSON.stringify({ rays: [jsonRay()] })]],
  'json.ray': [['ray JSON', jsonRay]],
  'text.casts': [['cast document text', () => JSON.stringify({ casts: [jsonCast()] })]],
  'json.cast': [['cast JSON', jsonCast]],
  'text.scene': [['scene document text', () => JSON.stringify(jsonScene())]],
  'text.pair2d': [['2D pair document text', () => JSON.stringify({ pairs: [jsonPair2d()] })]],
  'json.pair2d': [['2D pair JSON', jsonPair2d]],
  'json.shape2': [['polygon JSON', () => ({ type: 'polygon', points: [[0, 0], [1, 0], [0, 1]] })], ['circle JSON', () => ({ type: 'circle', radius: 0.5 })]],
  'json.pose2': [['2D pose JSON', () => ({ position: [1, 0], angle: 0.5 })]],
  jsonIndex: fixed([['0', 0], ['3', 3]]),
  parsedPair: [['readPairQuery(...).entries[0]', parsedPair]],
  pairsToWrite: [['[readPairQuery(...).entries[0]]', () => [parsedPair()]], ['[]', () => []]],
  pairQueryDoc: [['readPairQuery(pair document)', () => format.readPairQuery({ pairs: [jsonPair(), { id: 'bad' }] })]],
  margin: fixed([['0', 0], ['0.1', 0.1]]),
  'outcome.pair': [['answerPair(pair)', () => format.answerPair(parsedPair() as formatEntry.ParsedPair)], ['failure outcome', () => ({ id: 2, error: 'pairs[2].a is missing', code: 'INVALID_JSON' })]],
  outcomes: [['[answerPair(pair)]', () => [format.answerPair(parsedPair() as formatEntry.ParsedPair)]], ['[]', () => []]],
  'outcome.manifold': [['answerManifoldPair(pair, 0.1)', () => format.answerManifoldPair(parsedPair() as formatEntry.ParsedPair, 0.1)]],
  feature: [['{type: vertex, index: 3}', () => ({ type: 'vertex', index: 3 })], ['{type: none, index: 0}', () => ({ type: 'none', index: 0 })]],
  'outcome.ray': [['answerRayJson(ray, 0)', () => format.answerRayJson(jsonRay(), 0)]],
  'outcome.cast': [['answerCastJson(cast, 0)', () => format.answerCastJson(jsonCast(), 0)]],
  'outcome.pair2d': [['answerPair2dJson(pair, 0)', () => format.answerPair2dJson(jsonPair2d(), 0)]],
  // The 2D entry.
  shape2: fixed(SHAPES2),
  pose2: [
    ['2D identity', () => ({ position: { x: 0, y: 0 }, angle: 0 })], ['2D (0.5,0) angle 0.5', () => ({ position: { x: 0.5, y: 0 }, angle: 0.5 })],
    ['2D (3,0)', () => ({ position: { x: 3, y: 0 }, angle: 0 })], ['2D THREE.Vector2 (0,0.8)', () => ({ position: new THREE.Vector2(0, 0.8), angle: 1 })],
  ],
  vec2: [['{0,0}', () => ({ x: 0, y: 0 })], ['{0,3}', () => ({ x: 0, y: 3 })], ['THREE.Vector2(1,2)', () => new THREE.Vector2(1, 2)]],
  dir2: [['{0,-1}', () => ({ x: 0, y: -1 })], ['{1,1}', () => ({ x: 1, y: 1 })]],
  points2: [['flat triangle', () => [0, 0, 1, 0, 0, 1]], ['{x,y}[] square', () => [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 }]]],
  'opts2.gjk': [['undefined', () => undefined], ['null', () => null], ['{}', () => ({})], ['{gjkMaxIterations: 30}', () => ({ gjkMaxIterations: 30 })], ['{cache: new GjkCache()}', () => ({ cache: new plane.GjkCache() })]],
  'opts2.contact': [['undefined', () => undefined], ['null', () => null], ['{}', () => ({})], ['{maxDistance: 5}', () => ({ maxDistance: 5 })], ['{epaMaxIterations: 40}', () => ({ epaMaxIterations: 40 })]],
  'opts2.manifold': [['undefined', () => undefined], ['null', () => null], ['{}', () => ({})], ['{margin: 0.1}', () => ({ margin: 0.1 })], ['{cache: new ManifoldCache()}', () => ({ cache: new plane.ManifoldCache() })]],
  'opts2.ray': [['undefined', () => undefined], ['{}', () => ({})], ['{maxT: 10, solid: false}', () => ({ maxT: 10, solid: false })]],
  'opts2.cast': [['undefined', () => undefined], ['{}', () => ({})], ['{maxTime: 2}', () => ({ maxTime: 2 })]],
  motion2: [['undefined', () => undefined], ['null', () => null], ['{linear: {0,-2}}', () => ({ linear: { x: 0, y: -2 } })], ['{linear, angular: 1}', () => ({ linear: { x: 0, y: -2 }, angular: 1 })]],
  'out2.closest': [['undefined', () => undefined], ['null', () => null], ['createClosestPointsResult()', () => plane.createClosestPointsResult()]],
  'out2.penetration': [['undefined', () => undefined], ['null', () => null], ['createPenetrationResult()', () => plane.createPenetrationResult()]],
  'out2.contact': [['undefined', () => undefined], ['null', () => null], ['createContactResult()', () => plane.createContactResult()]],
  'out2.manifold': [['undefined', () => undefined], ['null', () => null], ['createManifold()', () => plane.createManifold()]],
  'out2.rayHit': [['undefined', () => undefined], ['null', () => null], ['createRayHit()', () => plane.createRayHit()]],
  'out2.cast': [['undefined', () => undefined], ['null', () => null], ['createShapeCastResult()', () => plane.createShapeCastResult()]],
  'opts2.world': [['undefined', () => undefined], ['{}', () => ({})], ['{margin: 0.1}', () => ({ margin: 0.1 })], ['{manifolds: true}', () => ({ manifolds: true })]],
  'opts2.worldRay': [['undefined', () => undefined], ['null', () => null], ['{}', () => ({})], ['{maxT: 10}', () => ({ maxT: 10 })], ['{solid: false}', () => ({ solid: false })], ['{filter: h => h !== 0}', () => ({ filter: (h: number) => h !== 0 })]],
  'opts2.worldCast': [['undefined', () => undefined], ['null', () => null], ['{}', () => ({})], ['{maxTime: 3}', () => ({ maxTime: 3 })], ['{targetSeparation: 0.1, filter}', () => ({ targetSeparation: 0.1, filter: () => true })]],
  'out2.worldContact': [['undefined', () => undefined], ['null', () => null], ['createWorldContact2()', () => plane.createWorldContact2()]],
  'out2.worldRayHit': [['undefined', () => undefined], ['null', () => null], ['createWorldRayHit2()', () => plane.createWorldRayHit2()]],
  'out2.worldCast': [['undefined', () => undefined], ['null', () => null], ['createWorldShapeCastResult2()', () => plane.createWorldShapeCastResult2()]],
  'out2.pose': [['undefined', () => undefined], ['null', () => null], ['createPose2()', () => plane.createPose2()]],
  // The threads entry.
  'opts.pool': [['undefined', () => undefined], ['{threads: 1}', () => ({ threads: 1 })]],
} satisfies Record<string, Factory[]>;

export type Kind = keyof typeof VALID;

/**
 * The kinds whose plain objects may carry fields of their own (three.js vectors and objects do): where a
 * value with one more field must give the same answer as without it. (Options objects, motions and the JSON
 * formats check their keys: an unknown key there is garbage.)
 */
const EXTRA_ALLOWED = new Set<Kind>(['pose', 'vec', 'dir', 'scale', 'points', 'pose2', 'vec2', 'dir2', 'points2', 'motion', 'motion2']);
/** Kinds whose own keys are checked (a motion's), but whose vectors are three.js-like: an extra field goes one level down only. */
const EXTRA_INNER_ONLY = new Set<Kind>(['motion', 'motion2']);
/** Field names no API reads (not x/y/z/w, position, quaternion, angle, isObject3D, matrixWorld, ...). */
const EXTRA_KEYS: (string | symbol)[] = ['name', 'userData', 'uuid', 'extra', '_cached', Symbol('extra')];

// ---------------------------------------------------------------------------------------------------------
// The hostile pool, mixed into every argument.

const frozen = <T extends object>(o: T): T => Object.freeze(o);
function deepFreeze<T>(o: T): T {
  if (o !== null && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const k of Reflect.ownKeys(o)) deepFreeze((o as Record<PropertyKey, unknown>)[k]);
  }
  return o;
}
/** `o` with `key` turned into a getter-only property (its current value, or `value`). */
function getterOnly<T extends object>(o: T, key: string, value?: unknown): T {
  const v = value === undefined ? (o as Record<string, unknown>)[key] : value;
  Object.defineProperty(o, key, { get: () => v, enumerable: true, configurable: false });
  return o;
}
function throwingGetter<T extends object>(o: T, key: string): T {
  Object.defineProperty(o, key, { get: () => { throw new HostileGetterError(`hostile getter ${key}`); }, enumerable: true });
  return o;
}
function detached<T extends ArrayBufferView>(a: T): T {
  structuredClone(a.buffer, { transfer: [a.buffer as ArrayBuffer] });
  return a;
}
function shrunk(): Float64Array {
  const b = new (ArrayBuffer as unknown as new (n: number, o: { maxByteLength: number }) => ArrayBuffer & { resize(n: number): void })(56, { maxByteLength: 56 });
  const a = new Float64Array(b);
  a.set([0, 0, 0, 0, 0, 0, 1]);
  b.resize(0);
  return a;
}
const nullProto = <T extends object>(o: T): T => Object.assign(Object.create(null) as T, o);
const deepNullProto = (o: unknown): unknown => (o === null || typeof o !== 'object' || ArrayBuffer.isView(o) ? o
  : Array.isArray(o) ? o.map(deepNullProto) : nullProto(Object.fromEntries(Object.entries(o).map(([k, v]) => [k, deepNullProto(v)]))));
const withSymbol = <T extends object>(o: T): T => Object.defineProperties(o, { [Symbol('k')]: { value: 1, enumerable: true }, [Symbol.toStringTag]: { value: 'Float64Array', enumerable: true } });

const RESULT_FACTORIES: [string, () => object][] = [
  ['createContactResult()', lib.createContactResult], ['createClosestPointsResult()', lib.createClosestPointsResult], ['createPenetrationResult()', lib.createPenetrationResult],
  ['createRayHit()', lib.createRayHit], ['createShapeCastResult()', lib.createShapeCastResult], ['createManifold()', lib.createManifold], ['createManifoldList()', lib.createManifoldList],
  ['createContactFeatures()', lib.createContactFeatures], ['createAabb()', lib.createAabb], ['createPose()', lib.createPose], ['createWorldContact()', lib.createWorldContact],
  ['createWorldRayHit()', lib.createWorldRayHit], ['createWorldShapeCastResult()', lib.createWorldShapeCastResult], ['plane.createContactResult()', plane.createContactResult],
  ['plane.createClosestPointsResult()', plane.createClosestPointsResult], ['plane.createPenetrationResult()', plane.createPenetrationResult], ['plane.createRayHit()', plane.createRayHit],
  ['plane.createShapeCastResult()', plane.createShapeCastResult], ['plane.createManifold()', plane.createManifold],
];
/** The first field of a record holding a number, and the first holding a plain object (its vector). */
function fieldsOf(o: object): { num?: string; obj?: string } {
  const e = Object.entries(o);
  return { num: e.find(([, v]) => typeof v === 'number')?.[0], obj: e.find(([, v]) => v !== null && typeof v === 'object' && !Array.isArray(v))?.[0] };
}

const LONG = 'x'.repeat(100_000);
const DEEP_JSON = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
// eslint-disable-next-line no-sparse-arrays
const sparse = (): unknown[] => [, { x: 0, y: 0, z: 0 }, ,];

export const HOSTILE: Factory[] = [
  // Frozen results (shallow, and deep), and records with a getter-only field.
  ...RESULT_FACTORIES.flatMap(([l, f]): Factory[] => {
    const { num, obj } = fieldsOf(f());
    return [
      [`Object.freeze(${l})`, () => frozen(f())],
      [`deep-frozen ${l}`, () => deepFreeze(f())],
      ...(obj === undefined ? [] : [[`${l} with getter-only ${obj}`, () => getterOnly(f(), obj)], [`${l} whose ${obj} getter gives a frozen vector`, () => { const o = f(); return getterOnly(o, obj, Object.freeze((o as Record<string, unknown>)[obj])); }]] as Factory[]),
      ...(num === undefined ? [] : [[`${l} with getter-only ${num}`, () => getterOnly(f(), num)]] as Factory[]),
      [`Proxy(${l})`, () => proxy(f())],
    ];
  }),
  ['Object.freeze(identity pose)', () => deepFreeze(at(0, 0, 0))],
  ['pose with getter-only position', () => getterOnly(at(0, 0, 0), 'position')],
  ['pose whose position getter throws', () => throwingGetter(at(0, 0, 0), 'position')],
  ['frozen options {maxDistance: 1}', () => frozen({ maxDistance: 1 })],
  ['frozen GjkCache', () => frozen(new lib.GjkCache())],
  ['frozen ManifoldCache', () => frozen(new lib.ManifoldCache())],
  ['frozen []', () => frozen([])],
  ['frozen [sphere, box]', () => frozen([sphere, box])],
  // Sparse arrays, and arrays where objects are expected.
  ['[, {0,0,0}, ,]', sparse],
  // eslint-disable-next-line no-sparse-arrays
  ['[, 1, , 2]', () => [, 1, , 2]],
  ['new Array(7)', () => new Array(7)],
  // eslint-disable-next-line no-sparse-arrays
  ['sparse flat points [0,0,0, ,1,0, 0,0,1, 0,0,0]', () => [0, 0, 0, , 1, 0, 0, 0, 1, 0, 0, 0]],
  // eslint-disable-next-line no-sparse-arrays
  ['[, sphere]', () => [, sphere]],
  // eslint-disable-next-line no-sparse-arrays
  ['[, {shape: box, pose}]', () => [, { shape: box, pose: at(0, 0, 0) }]],
  ['sparse array of length 2^32 - 1', () => { const a: unknown[] = []; a.length = 2 ** 32 - 1; return a; }],
  ['{length: 1e9}', () => ({ length: 1e9 })],
  ['{length: -1}', () => ({ length: -1 })],
  ['{length: 2^53}', () => ({ length: 2 ** 53 })],
  ['[0,0,0]', () => [0, 0, 0]],
  ['[[0,0,0],[0,0,0,1]]', () => [[0, 0, 0], [0, 0, 0, 1]]],
  ['[]', () => []],
  ['[1]', () => [1]],
  ['[{}]', () => [{}]],
  ['[null]', () => [null]],
  ['[sphere]', () => [sphere]],
  // Proxies of typed arrays and of valid objects.
  ['Proxy(Float64Array 2 bodies)', () => proxy(Float64Array.of(0, 0, 0, 0, 0, 0, 1, 0.6, 0, 0, 0, 0, 0, 1))],
  ['Proxy(Int32Array [0,1])', () => proxy(Int32Array.of(0, 1))],
  ['Proxy(Uint8Array(4))', () => proxy(new Uint8Array(4))],
  ['Proxy(Float64Array(40))', () => proxy(new Float64Array(40))],
  ['Proxy(Float32Array points)', () => proxy(Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1))],
  ['Proxy(identity pose)', () => proxy(at(0, 0, 0))],
  ['Proxy({0,1,0})', () => proxy({ x: 0, y: 1, z: 0 })],
  ['Proxy(Sphere)', () => proxy(new lib.Sphere(1))],
  ['Proxy(Box)', () => proxy(new lib.Box(1, 1, 1))],
  ['Proxy(ConvexHull)', () => proxy(hull)],
  ['Proxy(Compound)', () => proxy(compound)],
  ['Proxy(TriangleMesh)', () => proxy(mesh)],
  ['Proxy(Circle)', () => proxy(new plane.Circle(1))],
  ['Proxy(Polygon)', () => proxy(new plane.Polygon([0, 0, 1, 0, 0, 1]))],
  ['Proxy([sphere, box])', () => proxy([sphere, box])],
  ['Proxy({maxT: 1})', () => proxy({ maxT: 1 })],
  ['Proxy(GjkCache)', () => proxy(new lib.GjkCache())],
  ['Proxy(ManifoldCache)', () => proxy(new lib.ManifoldCache())],
  ['Proxy(buildHull result)', () => proxy(hull4)],
  ['Proxy(2D pose)', () => proxy({ position: { x: 0, y: 0 }, angle: 0 })],
  ['Proxy(CollisionWorld)', () => proxy(new lib.CollisionWorld())],
  // Symbol keys.
  ['{0,0,0} with Symbol keys', () => withSymbol({ x: 0, y: 0, z: 0 })],
  ['identity pose with Symbol keys', () => withSymbol(at(0, 0, 0))],
  ['{} with Symbol keys', () => withSymbol({})],
  ['Float64Array with Symbol keys', () => withSymbol(Float64Array.of(0, 0, 0, 0, 0, 0, 1))],
  // valueOf / toString that throw, alone and as fields.
  ['{valueOf, toString, @@toPrimitive: throw}', coercible],
  ['{valueOf, toString: throw}', coercibleNoPrimitive],
  ['{x: throwing, y: 0, z: 0}', () => ({ x: coercible(), y: 0, z: 0 })],
  ['pose with throwing position.x', () => ({ position: { x: coercible(), y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } })],
  ['{maxDistance: throwing}', () => ({ maxDistance: coercible() })],
  ['{maxT: throwing}', () => ({ maxT: coercible() })],
  ['{margin: throwing}', () => ({ margin: coercible() })],
  ['{threads: throwing}', () => ({ threads: coercible() })],
  ['{type: throwing}', () => ({ type: coercible() })],
  ['{type: sphere, radius: throwing}', () => ({ type: 'sphere', radius: coercible() })],
  ['{id: throwing, ...pair}', () => ({ ...jsonPair(), id: coercible() })],
  ['[throwing, 0, 0]', () => [coercible(), 0, 0]],
  ['{position: {0,0}, angle: throwing}', () => ({ position: { x: 0, y: 0 }, angle: coercible() })],
  ['{type: vertex, index: throwing}', () => ({ type: 'vertex', index: coercible() })],
  ['{id: 1, error: throwing}', () => ({ id: 1, error: coercible() })],
  // Null prototypes.
  ['Object.create(null)', () => Object.create(null) as object],
  ['null-prototype identity pose', () => deepNullProto(at(0, 0, 0))],
  ['null-prototype {0,1,0}', () => nullProto({ x: 0, y: 1, z: 0 })],
  ['null-prototype {maxT: 1}', () => nullProto({ maxT: 1 })],
  ['null-prototype shape JSON', () => deepNullProto({ type: 'box', halfExtents: [1, 1, 1] })],
  ['null-prototype pair JSON', () => deepNullProto(jsonPair())],
  // Numbers, BigInts, functions, symbols, strings.
  ...fixed([
    ['-0', -0], ['1e308', 1e308], ['5e-324', 5e-324], ['NaN', Number.NaN], ['Infinity', Infinity], ['-Infinity', -Infinity], ['-1', -1], ['1.5', 1.5],
    ['2^31', 2 ** 31], ['2^53 + 2', 2 ** 53 + 2], ['1n', 1n], ['0n', 0n], ['-(2n^64n)', -(2n ** 64n)], ['true', true], ['Symbol()', Symbol('s')],
    ['""', ''], ['"1"', '1'], ['"NaN"', 'NaN'], ['"\\u0000"', '\u0000'], ['100k-char string', LONG], ['20k-deep JSON array text', DEEP_JSON],
    ['"{\\"pairs\\": 5}"', '{"pairs": 5}'], ['"null"', 'null'],
  ]),
  ['() => undefined', () => () => undefined],
  ['() => NaN', () => () => Number.NaN],
  ['async () => {}', () => async () => undefined],
  ['function with properties {x,y,z}', () => Object.assign(() => undefined, { x: 0, y: 0, z: 0 })],
  ['new Number(1)', () => new Number(1)],
  ['new String("box")', () => new String('box')],
  ['new Date(NaN)', () => new Date(Number.NaN)],
  ['new Map()', () => new Map()],
  ['/x/', () => /x/],
  ['new Error()', () => new Error('not a shape')],
  ['Promise.resolve()', () => Promise.resolve()],
  // Typed arrays of the wrong kind, detached and shrunk buffers.
  ['Int8Array [0,0,0]', () => Int8Array.of(0, 0, 0)],
  ['Float32Array 2 bodies', () => Float32Array.of(0, 0, 0, 0, 0, 0, 1, 0.6, 0, 0, 0, 0, 0, 1)],
  ['Uint8ClampedArray [0,1]', () => Uint8ClampedArray.of(0, 1)],
  ['Int32Array 2 bodies', () => Int32Array.of(0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1)],
  ['Float64Array [0,1] (as pairs)', () => Float64Array.of(0, 1)],
  ['Uint32Array [0,1]', () => Uint32Array.of(0, 1)],
  ['BigInt64Array [0n,1n]', () => BigInt64Array.of(0n, 1n)],
  ['Float64Array [NaN x 7]', () => new Float64Array(7).fill(Number.NaN)],
  ['Int32Array [0, 99]', () => Int32Array.of(0, 99)],
  ['Int32Array [-1, 0]', () => Int32Array.of(-1, 0)],
  ['Int32Array [0]', () => Int32Array.of(0)],
  ['Float64Array subarray (offset 1)', () => Float64Array.of(9, 0, 0, 0, 0, 0, 0, 1).subarray(1)],
  ['DataView', () => new DataView(new ArrayBuffer(56))],
  ['ArrayBuffer(56)', () => new ArrayBuffer(56)],
  ['Float64Array on a SharedArrayBuffer', () => { const a = new Float64Array(new SharedArrayBuffer(56)); a[6] = 1; return a; }],
  ['detached Float64Array(7)', () => detached(Float64Array.of(0, 0, 0, 0, 0, 0, 1))],
  ['detached Int32Array [0,1]', () => detached(Int32Array.of(0, 1))],
  ['detached Uint8Array(4)', () => detached(new Uint8Array(4))],
  ['detached Float32Array points', () => detached(Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0))],
  ['Float64Array on a resizable buffer shrunk to 0', shrunk],
  ['Float64Array(0)', () => new Float64Array(0)],
  ['Int32Array(0)', () => new Int32Array(0)],
  // Shapes and records that are only copies (no methods), and wrong-kind objects.
  ['{...new Box(1,1,1)}', () => ({ ...new lib.Box(1, 1, 1) })],
  ['structuredClone(Sphere)', () => structuredClone(new lib.Sphere(1))],
  ['{kind: "sphere", radius: 1}', () => ({ kind: 'sphere', radius: 1 })],
  ['{support: 1, sweptRadius: 0, boundingRadius: 1}', () => ({ support: 1, sweptRadius: 0, boundingRadius: 1 })],
  ['custom shape with NaN boundingRadius', () => ({ ...custom, boundingRadius: Number.NaN })],
  ['custom shape whose support returns nothing', () => ({ sweptRadius: 0, boundingRadius: 1, support: () => undefined })],
  ['a 3D shape where a 2D one goes (Box)', () => box],
  ['a 2D shape where a 3D one goes (Circle)', () => sphere2],
  ['THREE.Object3D inside a moved parent (local pose is not world)', () => { const p = new THREE.Group(); p.position.set(1, 0, 0); const c = new THREE.Mesh(); p.add(c); p.updateMatrixWorld(); return c; }],
  ['THREE.Vector3(NaN, 0, 0)', () => new THREE.Vector3(Number.NaN, 0, 0)],
  ['THREE.Quaternion(0,0,0,0)', () => new THREE.Quaternion(0, 0, 0, 0)],
  ['pose with zero quaternion', () => at(0, 0, 0, [0, 0, 0, 0])],
  ['pose with 1e308 position', () => at(1e308, 0, 0)],
  ['pose with 5e-324 position', () => at(5e-324, 0, 0)],
  ['pose with -0 everywhere', () => at(-0, -0, -0, [-0, -0, -0, 1])],
  ['{x: 1e308, y: 1e308, z: 1e308}', () => ({ x: 1e308, y: 1e308, z: 1e308 })],
  ['{x: 5e-324, y: 0, z: 0}', () => ({ x: 5e-324, y: 0, z: 0 })],
  ['{x: 0n, y: 0n, z: 0n}', () => ({ x: 0n, y: 0n, z: 0n })],
  ['{x: "0", y: 0, z: 0}', () => ({ x: '0', y: 0, z: 0 })],
  ['{matrixWorld: {elements: Proxy(array)}}', () => ({ matrixWorld: { elements: proxy(IDENTITY16()) } })],
  ['{attributes: {position: {array: detached}}}', () => ({ attributes: { position: { array: detached(Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0)), itemSize: 3 } } })],
  ['{attributes: {position: {array: [..], itemSize: 0}}}', () => ({ attributes: { position: { array: [0, 0, 0, 1, 0, 0, 0, 1, 0], itemSize: 0 } } })],
  ['{attributes: {position: {array: [..], itemSize: 2}}}', () => ({ attributes: { position: { array: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1], itemSize: 2 } } })],
  ['{attributes: {position}, index: {array: [0, 1, 99]}}', () => ({ attributes: { position: { array: [0, 0, 0, 1, 0, 0, 0, 1, 0], itemSize: 3 } }, index: { array: [0, 1, 99] } })],
  ['deeply nested rounded shape JSON', () => { let j: unknown = { type: 'sphere', radius: 1 }; for (let i = 0; i < 5000; i++) j = { type: 'rounded', shape: j, radius: 0.1 }; return j; }],
  ['deeply nested array', () => { let a: unknown = []; for (let i = 0; i < 20_000; i++) a = [a]; return a; }],
  ['object cycle {self}', () => { const o: Record<string, unknown> = { x: 0, y: 0, z: 0 }; o.self = o; o.position = o; o.quaternion = o; return o; }],
];

/** Valid options, poses and JSON with one field misspelt (the hostile caller's typo). */
export const MISSPELT: Factory[] = [
  ['{maxDistanse: 1}', () => ({ maxDistanse: 1 })], ['{maxt: 10}', () => ({ maxt: 10 })], ['{soild: false}', () => ({ soild: false })],
  ['{maxTim: 2}', () => ({ maxTim: 2 })], ['{targetSeperation: 0.1}', () => ({ targetSeperation: 0.1 })], ['{margn: 0.1}', () => ({ margn: 0.1 })],
  ['{maxPoint: 4}', () => ({ maxPoint: 4 })], ['{meshEdge: exact}', () => ({ meshEdge: 'exact' })], ['{gjkMaxIteration: 3}', () => ({ gjkMaxIteration: 3 })],
  ['{manifold: true}', () => ({ manifold: true })], ['{statc: true}', () => ({ statc: true })], ['{filtr: () => true}', () => ({ filtr: () => true })],
  ['{thread: 1}', () => ({ thread: 1 })], ['{tolerence: 0.001}', () => ({ tolerence: 0.001 })], ['{maxError: 1}', () => ({ maxError: 1 })],
  ['{linaer: {0,-1,0}}', () => ({ linaer: { x: 0, y: -1, z: 0 } })], ['{linear: {0,-1}, angualr: 1}', () => ({ linear: { x: 0, y: -1 }, angualr: 1 })],
  ['{positon, quaternion}', () => ({ positon: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } })],
  ['{position, quaternoin}', () => ({ position: { x: 0, y: 0, z: 0 }, quaternoin: { x: 0, y: 0, z: 0, w: 1 } })],
  ['{x, y, zz}', () => ({ x: 0, y: 0, zz: 0 })], ['{position: {0,0}, angel: 0}', () => ({ position: { x: 0, y: 0 }, angel: 0 })],
  ['{type: box, halfExtent: [1,1,1]}', () => ({ type: 'box', halfExtent: [1, 1, 1] })], ['{type: sphere, radus: 1}', () => ({ type: 'sphere', radus: 1 })],
  ['{type: shpere, radius: 1}', () => ({ type: 'shpere', radius: 1 })], ['{pairs: [pair with poseB misspelt]}', () => ({ pairs: [{ ...jsonPair(), poseB: undefined, posB: jsonPose() }] })],
  ['{rays: ...} misspelt "ray"', () => ({ ray: [jsonRay()] })], ['{bodys: [...]}', () => ({ bodys: [] })],
  ['{shape, pos} (part)', () => ({ shape: box, pos: at(0, 0, 0) })], ['{type: vertx, index: 1}', () => ({ type: 'vertx', index: 1 })],
];

/** fast-check's anything, with every option that makes it more hostile. */
const anything = fc.anything({
  maxDepth: 2, withBigInt: true, withBoxedValues: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true,
  withObjectString: true, withSparseArray: true, withTypedArray: true, withUnicodeString: true,
});

const ALL_VALID: Factory[] = Object.entries(VALID).flatMap(([kind, list]) => (list as Factory[]).map(([l, f]): Factory => [`${kind}:${l}`, f]));

/**
 * Where a field may be set in a value: on it (unless an array), or on one of its object fields, one level
 * down; each as the key path to the object ([] or [key]).
 */
function objectPaths(v: unknown): PropertyKey[][] {
  if (v === null || typeof v !== 'object' || ArrayBuffer.isView(v)) return [];
  const inner = fieldKeys(v).filter((k) => {
    const x = (v as Record<PropertyKey, unknown>)[k];
    return x !== null && typeof x === 'object' && !Array.isArray(x) && !ArrayBuffer.isView(x);
  });
  return [...(Array.isArray(v) ? [] : [[]]), ...inner.map((k) => [k])];
}
/** The own enumerable data fields of an object (what a copy keeps). */
const fieldKeys = (o: object): PropertyKey[] => Reflect.ownKeys(o).filter((k) => { const d = Object.getOwnPropertyDescriptor(o, k)!; return d.enumerable === true && 'value' in d; });
const isThree = (o: object): boolean => o instanceof THREE.Object3D || o instanceof THREE.Vector3 || o instanceof THREE.Vector2 || o instanceof THREE.Quaternion
  || o instanceof THREE.Matrix4 || o instanceof THREE.BufferGeometry || o instanceof THREE.Box3;
/**
 * A shallow copy, so that shared values are never written: a three.js object keeps its class (a three.js
 * object with a bad field is what a caller has); any other class instance (a shape, a hull) becomes a plain
 * object with its fields, which is not that class (a shape's fields are read-only: a copy that kept its class
 * would be a forged shape).
 */
const copy = <T>(o: T): T => (Array.isArray(o) ? [...o] : isThree(o as object) ? Object.assign(Object.create(Object.getPrototypeOf(o) as object) as object, o) : { ...o }) as T;
/** `v` (a fresh copy, and a copy of the object on the path) with `key` set to `x` on the object at `path`. */
function withField(v: unknown, path: PropertyKey[], key: PropertyKey, x: unknown): unknown {
  const top = copy(v) as Record<PropertyKey, unknown>;
  let target = top;
  if (path.length === 1) target = top[path[0]] = copy(top[path[0]]) as Record<PropertyKey, unknown>;
  target[key] = x;
  return top;
}

const validArb = (kind: Kind) => fc.constantFrom(...(VALID[kind] as Factory[])).map(([l, f]) => drawn(l, 'valid', f, f));

function extraArb(kind: Kind): fc.Arbitrary<Drawn> | null {
  if (!EXTRA_ALLOWED.has(kind)) return null;
  const paths = (v: unknown) => objectPaths(v).filter((p) => !EXTRA_INNER_ONLY.has(kind) || p.length > 0);
  const list = (VALID[kind] as Factory[]).filter(([, f]) => paths(f()).length > 0);
  if (list.length === 0) return null;
  return fc.tuple(fc.constantFrom(...list), fc.constantFrom(...EXTRA_KEYS), fc.nat(), anything).map(([[l, f], key, where, x]) => {
    const all = paths(f()), path = all[where % all.length];
    return drawn(`${l} + extra field ${path.map(String).join('.')}${path.length > 0 ? '.' : ''}${String(key)} = ${fc.stringify(x)}`, 'extra', () => withField(f(), path, key, x), f);
  });
}

/** A valid value of the kind (or of any kind) with one of its fields replaced by anything. */
const fieldValue = fc.oneof(anything.map((x) => [fc.stringify(x), x] as const), fc.constantFrom(...HOSTILE).map(([l, f]) => [`hostile ${l}`, f()] as const));
const replacedArb = (kind: Kind) => fc.tuple(fc.constantFrom(...(VALID[kind] as Factory[]), ...ALL_VALID), fc.nat(), fieldValue).map(([[l, f], which, [xl, x]]) => {
  const fields = objectPaths(f()).flatMap((path) => {
    const o = (path.length === 0 ? f() : (f() as Record<PropertyKey, unknown>)[path[0]]) as object;
    return fieldKeys(o).map((k) => [path, k] as const);
  });
  if (fields.length === 0) return drawn(l, 'garbage', f);
  const [path, k] = fields[which % fields.length];
  return drawn(`${l} with ${[...path, k].map(String).join('.')} = ${xl}`, 'garbage', () => withField(f(), path, k, x));
});

export const hostileArb = fc.constantFrom(...HOSTILE).map(([l, f]) => drawn(`hostile: ${l}`, 'garbage', f));
const misspeltArb = fc.constantFrom(...MISSPELT).map(([l, f]) => drawn(`misspelt: ${l}`, 'misspelt', f));
const anythingArb = anything.map((x) => drawn(`anything: ${fc.stringify(x)}`, 'garbage', () => x));
const otherValidArb = fc.constantFrom(...ALL_VALID).map(([l, f]) => drawn(`valid elsewhere: ${l}`, 'garbage', f));

/** One argument of the kind, valid: as it is, or with an extra field where the API allows one. */
export function cleanArgOf(kind: Kind): fc.Arbitrary<Drawn> {
  const extra = extraArb(kind);
  return extra === null ? validArb(kind) : fc.oneof(validArb(kind), extra);
}

/** One argument of the kind: mostly valid (so that the other arguments' garbage reaches deep), else garbage of every sort. */
export function argOf(kind: Kind): fc.Arbitrary<Drawn> {
  const extra = extraArb(kind);
  return fc.oneof(
    { weight: 10, arbitrary: validArb(kind) },
    ...(extra === null ? [] : [{ weight: 3, arbitrary: extra }]),
    { weight: 5, arbitrary: hostileArb },
    { weight: 2, arbitrary: anythingArb },
    { weight: 1, arbitrary: misspeltArb },
    { weight: 1, arbitrary: otherValidArb },
    { weight: 2, arbitrary: replacedArb(kind) },
  );
}

// ---------------------------------------------------------------------------------------------------------
// The walks: snapshots of plain data (to find a mutated input), NaN in an answer, raw error text.

function isPlain(o: object): boolean {
  const p = Object.getPrototypeOf(o) as object | null;
  return p === null || p === Object.prototype || Array.isArray(o);
}
const num = (n: number): string => (Object.is(n, -0) ? '-0' : String(n));

/**
 * A string that changes when the plain data reachable from `v` does: plain objects and arrays (every own
 * key, symbols too, holes kept; accessors by identity, never called), typed arrays, buffers, and this file's
 * proxies (by their target). Class instances (shapes, caches, three.js objects) are not read.
 */
export function snapshot(v: unknown): string {
  const seen = new Map<object, number>(), ids = new Map<unknown, number>();
  const id = (x: unknown): number => { let n = ids.get(x); if (n === undefined) ids.set(x, n = ids.size); return n; };
  const walk = (x: unknown, depth: number): string => {
    switch (typeof x) {
      case 'number': return num(x);
      case 'string': return x.length > 200 ? `str(${x.length}:${x.slice(0, 40)})` : JSON.stringify(x);
      case 'bigint': return `${x}n`;
      case 'symbol': case 'function': return `${typeof x}#${id(x)}`;
      case 'undefined': case 'boolean': return String(x);
    }
    if (x === null) return 'null';
    const o = x as object;
    if (seen.has(o)) return `@${seen.get(o)}`;
    seen.set(o, seen.size);
    if (types.isProxy(o)) { const t = proxyTargets.get(o); return t === undefined ? `proxy#${id(o)}` : `proxy(${walk(t, depth)})`; }
    if (depth > 8) return '…';
    if (ArrayBuffer.isView(o)) {
      let bytes: Uint8Array;
      try { bytes = new Uint8Array(o.buffer, o.byteOffset, o.byteLength); } catch { return `${o.constructor.name}(detached)`; }
      return `${o.constructor.name}(${o.byteLength}:${bytes.length > 4096 ? 'long' : bytes.join(',')})`;
    }
    if (o instanceof ArrayBuffer) return `ArrayBuffer(${o.byteLength}:${o.byteLength > 4096 ? 'long' : new Uint8Array(o).join(',')})`;
    if (!isPlain(o)) return `instance ${o.constructor?.name ?? '?'}#${id(o)}`;
    const parts: string[] = [Object.isFrozen(o) ? 'frozen' : Object.isExtensible(o) ? '' : 'sealed'];
    const keys = Reflect.ownKeys(o);
    if (keys.length > 5000) return `big(${keys.length})`;
    for (const k of keys) {
      const d = Object.getOwnPropertyDescriptor(o, k)!;
      const name = typeof k === 'symbol' ? `sym#${id(k)}` : k;
      parts.push('value' in d ? `${name}:${walk(d.value, depth + 1)}` : `${name}:get#${id(d.get)}/set#${id(d.set)}`);
    }
    return `${Array.isArray(o) ? '[' : '{'}${parts.join(',')}${Array.isArray(o) ? ']' : '}'}`;
  };
  return walk(v, 0);
}

/** Every (object, key) of plain data reachable from `roots` that holds NaN: NaN an input carried in is not the answer's. */
export function nanPlaces(roots: unknown[]): WeakMap<object, Set<PropertyKey>> {
  const places = new WeakMap<object, Set<PropertyKey>>();
  visit(roots, (o, k, value) => {
    if (typeof value === 'number' && Number.isNaN(value)) {
      let s = places.get(o);
      if (s === undefined) places.set(o, s = new Set());
      s.add(k);
    }
  });
  return places;
}

/** Calls `at` for every data field (and typed-array element) of the objects reachable from `v` (not through proxies or getters). */
function visit(v: unknown, at: (o: object, k: PropertyKey, value: unknown) => void): void {
  const seen = new Set<object>();
  let budget = 50_000;
  const walk = (x: unknown, depth: number): void => {
    if (x === null || typeof x !== 'object' || seen.has(x) || depth > 7 || budget <= 0) return;
    seen.add(x);
    if (types.isProxy(x) || x instanceof THREE.Object3D || x instanceof THREE.BufferGeometry) return;
    if (ArrayBuffer.isView(x)) {
      if (x instanceof DataView || x.byteLength > 8 * 20_000) return;
      const a = x as unknown as ArrayLike<unknown>;
      for (let i = 0; i < a.length; i++) at(x, i, a[i]);
      budget -= a.length;
      return;
    }
    if (x instanceof Map) { for (const [k, e] of x) { at(x, k as PropertyKey, e); walk(e, depth + 1); } return; }
    const keys = Reflect.ownKeys(x);
    budget -= keys.length;
    for (const k of keys) {
      const d = Object.getOwnPropertyDescriptor(x, k);
      if (d === undefined || !('value' in d)) continue;
      at(x, k, d.value);
      walk(d.value, depth + 1);
    }
  };
  walk(v, 0);
}

/** The first NaN of an answer that its inputs did not carry in, as a path; null when none. */
export function findNaN(result: unknown, carried: WeakMap<object, Set<PropertyKey>>): string | null {
  let found: string | null = null;
  visit(result, (o, k, value) => {
    if (found === null && typeof value === 'number' && Number.isNaN(value) && !carried.get(o)?.has(k)) found = `${o.constructor?.name ?? 'Object'}[${String(k)}]`;
  });
  return found;
}

/** Text of a raw JavaScript error (or of a hostile value) inside a message or an answer: a raw error in disguise. */
export const RAW_ERROR_TEXT = /internal error|is not a function|Cannot read propert|Cannot set propert|Cannot assign|Cannot convert|is not iterable|Cannot use 'in'|Maximum call stack|Invalid array length|Invalid typed array length|is not a constructor|Cannot create property|Cannot define property|Cannot redefine|object is not extensible|read-only property|detached|HOSTILE-COERCION|Cannot mix BigInt|Cannot perform|on a revoked|\[object /;

/** The first string of an answer (or an `INTERNAL` code) that betrays a raw error; null when none. */
export function findRawError(result: unknown): string | null {
  if (typeof result === 'string') return RAW_ERROR_TEXT.test(result) ? result.slice(0, 300) : null;
  let found: string | null = null;
  visit(result, (_, k, value) => {
    if (found !== null) return;
    if (typeof value === 'string' && RAW_ERROR_TEXT.test(value)) found = value.slice(0, 300);
    else if (k === 'code' && value === 'INTERNAL') found = 'an outcome with code INTERNAL';
  });
  return found;
}

/** A comparable form of an answer: as `snapshot`, but class instances (shapes, results) are read too. */
export function answerForm(v: unknown): string {
  const seen = new Set<object>();
  const walk = (x: unknown, depth: number): string => {
    if (x === null || typeof x !== 'object') return typeof x === 'number' ? num(x) : typeof x === 'string' ? JSON.stringify(x) : typeof x === 'function' ? 'function' : String(x);
    if (seen.has(x) || depth > 6) return '@';
    seen.add(x);
    if (types.isProxy(x)) return 'proxy';
    if (ArrayBuffer.isView(x)) return `${x.constructor.name}(${Array.from(x as unknown as ArrayLike<number>, (n) => (typeof n === 'number' ? num(n) : String(n))).join(',')})`;
    if (x instanceof THREE.Object3D) return 'three.js object';
    const parts: string[] = [];
    for (const k of Reflect.ownKeys(x)) {
      const d = Object.getOwnPropertyDescriptor(x, k)!;
      if ('value' in d && typeof k === 'string') parts.push(`${k}:${walk(d.value, depth + 1)}`);
    }
    return `${x.constructor?.name ?? ''}{${parts.join(',')}}`;
  };
  return walk(v, 0);
}
