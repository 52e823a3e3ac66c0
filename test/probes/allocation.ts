/**
 * Allocation probe, run by `test/allocation.test.ts` in a child process (run-probe.ts, with its flags):
 * prints, as JSON, the JS heap bytes each pairwise query allocates once warm. Our queries promise zero;
 * V8 boxes doubles passed through non-inlined calls or read through some typed-array views, and such a
 * regression shows here long before anyone reruns the benchmarks. heap-meter.ts measures.
 */
import * as THREE from 'three';

import {
  Box, Capsule, closestPoints, Compound, computeAabb, Cone, contact, createClosestPointsResult, contactBatch, contactManifolds, createManifoldList, distanceBatch, intersectsBatch, contactManifold, ConvexHull, createAabb, createManifold, createRayHit, createShapeCastResult, ManifoldCache, rayCast, shapeCast, createContactResult, createPenetrationResult, Cylinder, distance,
  Ellipsoid, GjkCache, intersects, contactDerivatives, contactDerivativesBatch, createContactDerivatives, CONTACT_DERIVATIVES_BATCH_STRIDE, MinkowskiSum, penetration, Point, Rounded, Scaled, Segment, Sphere, Triangle, TriangleMesh, HeightField, type Shape,
} from '../../src/index.js';
import * as plane from '../../src/2d/index.js';
import { oursPairs } from '../../bench/peers/ours.js';
import { makePlanePool } from '../../bench/plane-pools.js';
import { makeBallPoints, makeBoxesPool, makeHullsPool, makeSphereBoxPool } from '../../bench/pools.js';
import { bytesPerCall, sinkIsFinite } from './heap-meter.js';

// The benchmark's own shapes and poses (bench/peers/ours.ts), on smaller pools.
const SIZE = 512;

const boxes = oursPairs(makeBoxesPool(SIZE)), sphereBox = oursPairs(makeSphereBoxPool(SIZE)), hulls = oursPairs(makeHullsPool(2, SIZE));
const pen = createPenetrationResult(), con = createContactResult();
// One loop per query, each its own function literal with a local accumulator, as a caller would write
// it: a shared loop would call the queries through one polymorphic call site, and adding into a
// module-level variable stores a fresh heap number each time; either would blame the library for the
// probe's own allocation.
const queries: Record<string, [(n: number) => number, number]> = {
  'box-box intersects': [(n) => { let acc = 0; const p = boxes; for (let k = 0; k < n; k++) { const i = k % SIZE; if (intersects(p.sA[i], p.pA[i], p.sB[i], p.pB[i])) acc++; } return acc; }, 20_000],
  'box-box distance': [(n) => { let acc = 0; const p = boxes; for (let k = 0; k < n; k++) { const i = k % SIZE; acc += distance(p.sA[i], p.pA[i], p.sB[i], p.pB[i]); } return acc; }, 20_000],
  'box-box penetration': [(n) => { let acc = 0; const p = boxes; for (let k = 0; k < n; k++) { const i = k % SIZE; const r = penetration(p.sA[i], p.pA[i], p.sB[i], p.pB[i], pen); if (r !== null) acc += r.depth; } return acc; }, 5_000],
  'box-box contact': [(n) => { let acc = 0; const p = boxes; for (let k = 0; k < n; k++) { const i = k % SIZE; acc += contact(p.sA[i], p.pA[i], p.sB[i], p.pB[i], con)!.separation; } return acc; }, 5_000],
  'sphere-box distance': [(n) => { let acc = 0; const p = sphereBox; for (let k = 0; k < n; k++) { const i = k % SIZE; acc += distance(p.sA[i], p.pA[i], p.sB[i], p.pB[i]); } return acc; }, 20_000],
  'hull-hull intersects': [(n) => { let acc = 0; const p = hulls; for (let k = 0; k < n; k++) { const i = k % SIZE; if (intersects(p.sA[i], p.pA[i], p.sB[i], p.pB[i])) acc++; } return acc; }, 10_000],
  'hull-hull distance': [(n) => { let acc = 0; const p = hulls; for (let k = 0; k < n; k++) { const i = k % SIZE; acc += distance(p.sA[i], p.pA[i], p.sB[i], p.pB[i]); } return acc; }, 10_000],
  'hull-hull contact': [(n) => { let acc = 0; const p = hulls; for (let k = 0; k < n; k++) { const i = k % SIZE; acc += contact(p.sA[i], p.pA[i], p.sB[i], p.pB[i], con)!.separation; } return acc; }, 3_000],
};
// Two hulls of 12 points in a unit ball (the Gauss-map walk: pairs/contact-hull-hull.ts), overlapping to
// apart; a box against a hull with a limit and a GjkCache per pair (the kept axis tried first:
// contact-box-hull.ts). A double option merged with its default (`options?.maxDistance ?? Infinity`) read
// 16 bytes a query here.
const smallA = new ConvexHull(makeBallPoints(12, 7)), smallB = new ConvexHull(makeBallPoints(12, 8));
const smallPoses = boxes.pB.map((p, i) => ({ position: { x: 0.3 + (2 * i) / SIZE, y: 0.2, z: 0.1 }, quaternion: p.quaternion }));
queries['hull-hull contact, 12-point hulls'] = [(n) => { let acc = 0; for (let k = 0; k < n; k++) { const i = k % SIZE; acc += contact(smallA, boxes.pA[0], smallB, smallPoses[i], con)!.separation; } return acc; }, 10_000];
const keptOptions = boxes.pB.map(() => ({ maxDistance: 0.02, cache: new GjkCache() }));
const keptPoses = boxes.pB.map((p, i) => ({ position: { x: 0.8 + (1.5 * i) / SIZE, y: 0.1, z: 0 }, quaternion: p.quaternion }));
queries['box-hull contact, a limit and a kept axis'] = [(n) => {
  let acc = 0;
  for (let k = 0; k < n; k++) { const i = k % SIZE; const r = contact(boxes.sA[i], boxes.pA[0], hulls.sB[0], keptPoses[i], con, keptOptions[i]); if (r !== null) acc += r.separation; }
  return acc;
}, 10_000];
// Every double option given (run in a process of its own, `… allocation.ts options`: where calls pass option
// objects of many shapes, as the shared rows do, V8 reads each option through a generic load, which boxes
// a double: 16 bytes an option a call, the engine's and not the query's).
const tolerances = { gjkRelativeTolerance: 1e-10, epaRelativeTolerance: 1e-10, maxDistance: 0.5 };
const optionRows = new Set(['hull-hull contact, tolerances given']);
queries['hull-hull contact, tolerances given'] = [(n) => {
  let acc = 0; const p = hulls;
  for (let k = 0; k < n; k++) { const i = k % SIZE; const r = contact(p.sA[i], p.pA[i], p.sB[i], p.pB[i], con, tolerances); if (r !== null) acc += r.separation; }
  return acc;
}, 3_000];
// Manifolds once warm: the box pool and the hull pool (every pair, a margin so that most answer), and a
// cylinder standing on a box (a disc of rim points clipped), each with a cache.
const manifold = createManifold(), manifoldCache = new ManifoldCache();
const manifoldOptions = { margin: 1, cache: manifoldCache };
queries['box-box manifold'] = [(n) => {
  let acc = 0; const p = boxes;
  for (let k = 0; k < n; k++) { const i = k % SIZE; const m = contactManifold(p.sA[i], p.pA[i], p.sB[i], p.pB[i], manifold, manifoldOptions); if (m !== null) acc += m.count; }
  return acc;
}, 5_000];
queries['hull-hull manifold'] = [(n) => {
  let acc = 0; const p = hulls;
  for (let k = 0; k < n; k++) { const i = k % SIZE; const m = contactManifold(p.sA[i], p.pA[i], p.sB[i], p.pB[i], manifold, manifoldOptions); if (m !== null) acc += m.count; }
  return acc;
}, 3_000];
const standing = new Cylinder(0.3, 0.4), ground = new Box(2, 0.5, 2);
const groundPose = { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } };
const standingPoses = [0, 1, 2, 3].map((j) => ({ position: { x: 0.1 * j, y: 0.79, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } }));
queries['cylinder-box manifold'] = [(n) => {
  let acc = 0;
  for (let k = 0; k < n; k++) { const m = contactManifold(ground, groundPose, standing, standingPoses[k & 3], manifold); if (m !== null) acc += m.count; }
  return acc;
}, 5_000];
// Ray casts once warm, with an `out`: boxes by the slab test, hulls by the GJK ray cast, from outside and
// from inside (solid false: the exit).
const rayHit = createRayHit(), hollow = { solid: false };
// Rays from B's position towards A's (each pool's A sits at the origin).
const towardsA = (p: typeof boxes) => p.pB.map((q) => ({ x: -q.position.x, y: -q.position.y, z: -q.position.z }));
const boxRays = towardsA(boxes), hullRays = towardsA(hulls);
// Contact derivatives: the hull pool (its feature classification walks a hull's faces), the box pool
// smoothed (8 contacts a call), and their batch. After the manifolds: its options reach the contact family
// as the manifolds' inner record, a shape the option loads there then know (rule 5's generic loads: run
// before the manifold rows, it made the kept-axis row above box its maxDistance).
const derivatives = createContactDerivatives(), smoothing = { smoothing: { samples: 8, noise: 0.01 } };
queries['hull-hull contact derivatives'] = [(n) => { let acc = 0; const p = hulls; for (let k = 0; k < n; k++) { const i = k % SIZE; acc += contactDerivatives(p.sA[i], p.pA[i], p.sB[i], p.pB[i], derivatives).angularB.x; } return acc; }, 3_000];
queries['box-box contact derivatives, smoothed'] = [(n) => { let acc = 0; const p = boxes; for (let k = 0; k < n; k++) { const i = k % SIZE; acc += contactDerivatives(p.sA[i], p.pA[i], p.sB[i], p.pB[i], derivatives, smoothing).linearB.y; } return acc; }, 1_000];
const derivativeShapes: Shape[] = [boxes.sA[0], hulls.sB[1], new Sphere(0.4)];
const derivativePoses = Float64Array.of(0, 0, 0, 0, 0, 0, 1, 0.9, 0.2, 0, 0, 0.6, 0, 0.8, 0.3, 1.1, 0.1, 0, 0, 0, 1);
const derivativePairs = Int32Array.of(0, 1, 1, 2, 0, 2), derivativeRows = new Float64Array(3 * CONTACT_DERIVATIVES_BATCH_STRIDE);
const secondOrder = { secondOrder: true };
queries['sphere-box contact derivatives, second order'] = [(n) => { let acc = 0; const p = sphereBox; for (let k = 0; k < n; k++) { const i = k % SIZE; const v = contactDerivatives(p.sA[i], p.pA[i], p.sB[i], p.pB[i], derivatives, secondOrder).pointBDerivatives[4]; if (v === v) acc += v; } return acc; }, 3_000];
queries['contact derivatives batch'] = [(n) => { let acc = 0; for (let k = 0; k < n; k++) acc += contactDerivativesBatch(derivativeShapes, derivativePoses, derivativePairs, derivativeRows)[10]; return acc; }, 2_000];
queries['box ray cast'] = [(n) => {
  let acc = 0; const p = boxes;
  for (let k = 0; k < n; k++) { const i = k % SIZE; const r = rayCast(p.sA[i], p.pA[i], p.pB[i].position, boxRays[i], rayHit); if (r !== null) acc += r.t; }
  return acc;
}, 20_000];
queries['hull ray cast'] = [(n) => {
  let acc = 0; const p = hulls;
  for (let k = 0; k < n; k++) { const i = k % SIZE; const r = rayCast(p.sA[i], p.pA[i], p.pB[i].position, hullRays[i], rayHit, (k & 1) === 0 ? null : hollow); if (r !== null) acc += r.t; }
  return acc;
}, 10_000];
// Shape casts: B moving towards A (linear), and turning too, every other one.
const castOut = createShapeCastResult();
const castMotions = boxRays.map((d) => ({ linear: d }));
const turning = boxRays.map((d) => ({ linear: d, angular: { x: 0.5, y: 1.5, z: -0.75 } }));
queries['box-box shape cast'] = [(n) => {
  let acc = 0; const p = boxes;
  for (let k = 0; k < n; k++) { const i = k % SIZE; const r = shapeCast(p.sA[i], p.pA[i], null, p.sB[i], p.pB[i], (k & 1) === 0 ? castMotions[i] : turning[i], castOut); if (r !== null) acc += r.time; }
  return acc;
}, 2_000];
// Linear casts (the GJK ray cast on the pair's difference) of spheres at boxes, and of hulls.
const sphereRays = towardsA(sphereBox).map((d) => ({ linear: d }));
queries['sphere-box linear cast'] = [(n) => {
  let acc = 0; const p = sphereBox;
  for (let k = 0; k < n; k++) { const i = k % SIZE; const r = shapeCast(p.sA[i], p.pA[i], null, p.sB[i], p.pB[i], sphereRays[i], castOut); if (r !== null) acc += r.time; }
  return acc;
}, 5_000];
const hullMotions = hullRays.map((d) => ({ linear: d }));
queries['hull-hull linear cast'] = [(n) => {
  let acc = 0; const p = hulls;
  for (let k = 0; k < n; k++) { const i = k % SIZE; const r = shapeCast(p.sA[i], p.pA[i], null, p.sB[i], p.pB[i], hullMotions[i], castOut); if (r !== null) acc += r.time; }
  return acc;
}, 3_000];
// Rays at every kind through one call site (everyKind: below; the loop runs after the module has), from outside and from inside (solid false: the exit).
const rayOrigins = [0.3, 1.9, -2.5, 4].map((x) => ({ x, y: 0.35, z: -0.2 }));
const rayDirs = [{ x: -1, y: 0.01, z: 0.02 }, { x: -1, y: -0.2, z: 0.1 }, { x: 1, y: 0.05, z: 0 }, { x: -2, y: 0, z: 0.3 }];
queries['ray cast, every kind'] = [(n) => {
  let acc = 0; const m = everyKind.length;
  for (let k = 0; k < n; k++) {
    const r = rayCast(everyKind[k % m], mixedA, rayOrigins[k & 3], rayDirs[k & 3], rayHit, (k & 4) === 0 ? null : hollow);
    if (r !== null) acc += r.t;
  }
  return acc;
}, 10_000];
// A compound (a table: a top, four legs) against the box pool's B boxes: the parts found through its
// hierarchy, each answered by the convex query in a child work record.
const at = (x: number, y: number, z: number) => ({ position: { x, y, z }, quaternion: { x: 0, y: 0, z: 0, w: 1 } });
const table = new Compound([
  { shape: new Box(1, 0.05, 0.6), pose: at(0, 0.75, 0) },
  ...[[-0.9, -0.5], [0.9, -0.5], [-0.9, 0.5], [0.9, 0.5]].map(([x, z]) => ({ shape: new Cylinder(0.35, 0.04), pose: at(x, 0.35, z) })),
]);
queries['compound-box contact'] = [(n) => {
  let acc = 0; const p = boxes;
  for (let k = 0; k < n; k++) { const i = k % SIZE; acc += contact(table, p.pA[i], p.sB[i], p.pB[i], con)!.separation; }
  return acc;
}, 3_000];
queries['compound-box distance'] = [(n) => {
  let acc = 0; const p = boxes;
  for (let k = 0; k < n; k++) { const i = k % SIZE; acc += distance(table, p.pA[i], p.sB[i], p.pB[i]); }
  return acc;
}, 5_000];
// Rays at a 3,200-triangle torus knot (three.js) and at the table (hollow every other one: the walk out of
// the union of the parts), found through their hierarchies; and boxes cast at the knot (the swept box
// through its hierarchy, each triangle met by the linear cast).
const knot = TriangleMesh.fromGeometry(new THREE.TorusKnotGeometry(1, 0.3, 100, 16));
queries['mesh ray cast'] = [(n) => {
  let acc = 0; const p = boxes;
  for (let k = 0; k < n; k++) { const i = k % SIZE; const r = rayCast(knot, p.pA[i], p.pB[i].position, boxRays[i], rayHit); if (r !== null) acc += r.t + r.part; }
  return acc;
}, 10_000];
// Every other ray at the table starts inside its top, by a leg, and is hollow: the walk out of the union of
// the parts runs every other query (a path run once in a while stays in V8's interpreter, which boxes).
const insideTop = boxes.pA.map((q, i) => {
  const { x, y, z, w } = q.quaternion, v = { x: 0.85 - 0.1 * (i % 3), y: 0.74, z: 0.45 };
  // v + 2w(u × v) + 2u × (u × v), u the quaternion's vector part.
  const tx = 2 * (y * v.z - z * v.y), ty = 2 * (z * v.x - x * v.z), tz = 2 * (x * v.y - y * v.x);
  return { x: q.position.x + v.x + w * tx + (y * tz - z * ty), y: q.position.y + v.y + w * ty + (z * tx - x * tz), z: q.position.z + v.z + w * tz + (x * ty - y * tx) };
});
queries['compound ray cast'] = [(n) => {
  let acc = 0; const p = boxes;
  for (let k = 0; k < n; k++) {
    const i = k % SIZE;
    const r = (k & 1) === 0 ? rayCast(table, p.pA[i], p.pB[i].position, boxRays[i], rayHit) : rayCast(table, p.pA[i], insideTop[i], boxRays[i], rayHit, hollow);
    if (r !== null) acc += r.t + r.part;
  }
  return acc;
  // (40,000: V8 optimises a path of the hollow walk late; the row allocated 0.37 to 0.75 bytes a call until
  // some 200,000 calls in, and 0 after.)
}, 40_000];
// (Each pool pose moved 5 further out along its direction from the knot: casts that start apart, which the
// linear cast over the triangles answers; one that starts within reach goes to the advancement on contact.)
const farPoses = boxes.pB.map((q) => {
  const { x, y, z } = q.position, l = Math.hypot(x, y, z), f = 1 + 5 / l;
  return { position: { x: f * x, y: f * y, z: f * z }, quaternion: q.quaternion };
});
const towardsKnot = farPoses.map((q) => ({ linear: { x: -q.position.x, y: -q.position.y, z: -q.position.z } }));
queries['box-mesh linear cast'] = [(n) => {
  let acc = 0; const p = boxes;
  for (let k = 0; k < n; k++) { const i = k % SIZE; const r = shapeCast(knot, p.pA[i], null, p.sB[i], farPoses[i], towardsKnot[i], castOut); if (r !== null) acc += r.time + r.partA; }
  return acc;
}, 500];
// A scaled shape (its support writes S·d into its own scratch) against the sphere-box pool's boxes.
const scaledCapsule = new Scaled(new Capsule(0.3, 0.2), { x: 2, y: 1, z: 0.5 });
queries['scaled-box contact'] = [(n) => {
  let acc = 0; const p = sphereBox;
  for (let k = 0; k < n; k++) { const i = k % SIZE; acc += contact(scaledCapsule, p.pA[i], p.sB[i], p.pB[i], con)!.separation; }
  return acc;
}, 10_000];
// three.js objects as poses, each a child of a group at the identity in a scene: every query checks the
// object's scale and its ancestors (math/transform.ts, checkSceneNode).
const scene = new THREE.Scene(), group = new THREE.Group();
scene.add(group);
const meshA = new THREE.Object3D(), meshB = new THREE.Object3D();
group.add(meshA, meshB);
meshB.position.set(1.5, 0.3, 0.2);
meshB.quaternion.set(0.1, 0.2, 0.3, Math.sqrt(1 - 0.14));
const unitBox = new Box(0.5, 0.5, 0.5);
queries['box-box distance, three.js objects'] = [(n) => {
  let acc = 0;
  for (let k = 0; k < n; k++) acc += distance(unitBox, meshA, unitBox, meshB);
  return acc;
}, 20_000];
// computeAabb on every kind (a hull small enough to scan, one big enough to climb, a user support map,
// nested wrappers), one after another through one call site, as a broad phase would call it.
const custom: Shape = { sweptRadius: 0.1, boundingRadius: 1, support(out, d) { out.x = d.x >= 0 ? 0.5 : -0.5; out.y = 0; out.z = 0; return out; } };
const kinds: Shape[] = [
  new Point(), new Segment({ x: 0, y: 0, z: 0 }, { x: 1, y: 1, z: 0 }), new Triangle({ x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, { x: 0, y: 1, z: 0 }),
  // Sizes that are not integers: V8 keeps an integer in a field as a small integer, which a shape's
  // support then never boxes (Cylinder(1, 0.5) hid the cylinder's boxing that Cylinder(0.75, 0.5) shows).
  new Sphere(0.75), new Box(0.5, 1.25, 0.75), new Capsule(0.75, 0.5), new Cylinder(0.75, 0.5), new Cone(0.75, 0.5), new Ellipsoid(0.5, 1.25, 0.75),
  hulls.sA[0], new ConvexHull(makeBallPoints(2000)), new Rounded(new Box(1, 1, 1), 0.1),
  new MinkowskiSum(new MinkowskiSum(new Box(1, 1, 1), new Sphere(1)), new Rounded(new Cone(1, 1), 0.2)), custom,
];
// Every built-in kind against every other (14 shapes: every kind, hulls small and big; 196 pairs at four
// poses), through one call site per query, as a scene mixing shapes calls them. A cylinder's support once
// boxed a number on every other call (8 to 30 bytes per query with a cylinder).
const everyKind = [...kinds.filter((k) => k !== custom), new Scaled(new Capsule(0.5, 0.3), { x: 2, y: 1, z: 0.5 })];
const mixedPoses = [0.3, 0.9, 1.6, 2.9].map((x) => ({ position: { x, y: 0.3, z: 0.1 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } }));
const mixedA = boxes.pA[0];
queries['distance, every pair of kinds'] = [(n) => {
  let acc = 0; const m = everyKind.length;
  for (let k = 0; k < n; k++) { const i = k % (m * m); acc += distance(everyKind[i % m], mixedA, everyKind[(i / m) | 0], mixedPoses[k & 3]); }
  return acc;
  // (50,000 a batch, as the contact row below: with 10,000 the capsule–box closed form's rarer branches were
  // still interpreted and the row read 4.6 bytes a query; 0 with 50,000 and with 200,000.)
}, 50_000];
queries['contact, every pair of kinds'] = [(n) => {
  let acc = 0; const m = everyKind.length;
  for (let k = 0; k < n; k++) { const i = k % (m * m); acc += contact(everyKind[i % m], mixedA, everyKind[(i / m) | 0], mixedPoses[k & 3], con)!.separation; }
  return acc;
  // (50,000 a batch: a pair's rarer branches, as two boxes' clipped witnesses, 1 call in 400 here, stay in V8's
  // interpreter, where every number is boxed, until they have run often enough: with 5,000 a batch the row
  // read 7 bytes a query once the table held one more pair function, 2 with 20,000, 0 with 50,000.)
}, 50_000];
const closest = createClosestPointsResult();
queries['closestPoints, every pair of kinds'] = [(n) => {
  let acc = 0; const m = everyKind.length;
  // (The certified bounds too: `upper` read back keeps them alive.)
  for (let k = 0; k < n; k++) { const i = k % (m * m); const r = closestPoints(everyKind[i % m], mixedA, everyKind[(i / m) | 0], mixedPoses[k & 3], closest); acc += r.distance + r.upper; }
  return acc;
}, 50_000];
queries['compound-box closestPoints'] = [(n) => {
  let acc = 0; const p = boxes;
  for (let k = 0; k < n; k++) { const i = k % SIZE; acc += closestPoints(table, p.pA[i], p.sB[i], p.pB[i], closest).lower; }
  return acc;
}, 3_000];
queries['manifold, every pair of kinds'] = [(n) => {
  let acc = 0; const m = everyKind.length; const o = { margin: 0.5 };
  for (let k = 0; k < n; k++) {
    const i = k % (m * m);
    const r = contactManifold(everyKind[i % m], mixedA, everyKind[(i / m) | 0], mixedPoses[k & 3], manifold, o);
    if (r !== null) acc += r.count;
  }
  return acc;
  // (20,000: the branches few pairs reach are optimised late; at 5,000 calls a batch the row read 57 bytes.)
}, 20_000];
// Every kind over a bumpy grid mesh (16 × 16 cells, 512 triangles), through one call site per query, as a
// level's ground is met by every body. A mesh's scratch triangle kept its radius as a raw double, which
// every load at the pair functions' call sites (they see every kind) boxed: about 300 bytes a contact, 1 KB
// a mesh manifold list (with doubles passed to the inner-edge helpers).
const bumps = (() => {
  const v: number[] = [], idx: number[] = [], n = 16;
  for (let i = 0; i <= n; i++) for (let j = 0; j <= n; j++) v.push((j / n - 0.5) * 8, 0.1 * Math.sin(i + 2 * j), (i / n - 0.5) * 8);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) { const a = i * (n + 1) + j; idx.push(a, a + n + 1, a + n + 2, a, a + n + 2, a + 1); }
  return new TriangleMesh(v, idx);
})();
const bumpsPose = { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } };
const abovePoses = [0, 1, 2, 3].map((k) => ({
  position: { x: 0.3 * k - 0.4, y: 0.25 + 0.05 * k, z: 0.2 * k - 0.3 }, quaternion: { x: 0.1 * k, y: 0.2, z: 0, w: Math.sqrt(1 - 0.01 * k * k - 0.04) },
}));
const bumpsList = createManifoldList(), bumpsOptions = { margin: 0.05 }, bumpsOptions2 = { maxDistance: 2 };
queries['mesh contact, every kind'] = [(n) => {
  let acc = 0; const m = everyKind.length;
  for (let k = 0; k < n; k++) { const r = contact(everyKind[k % m], abovePoses[k & 3], bumps, bumpsPose, con, bumpsOptions2); if (r !== null) acc += r.separation; }
  return acc;
}, 5_000];
queries['mesh distance, every kind'] = [(n) => {
  let acc = 0; const m = everyKind.length;
  for (let k = 0; k < n; k++) acc += distance(everyKind[k % m], abovePoses[k & 3], bumps, bumpsPose);
  return acc;
}, 5_000];
queries['mesh manifolds, every kind'] = [(n) => {
  let acc = 0; const m = everyKind.length;
  for (let k = 0; k < n; k++) acc += contactManifolds(everyKind[k % m], abovePoses[k & 3], bumps, bumpsPose, bumpsList, bumpsOptions).count;
  return acc;
}, 2_000];
// The same bumps as a height field: its triangles loaded from the heights (each one's radius computed at
// load, where a mesh's is read boxed from its table), found through its grid.
const bumpsField = new HeightField(17, 17, Array.from({ length: 289 }, (_, k) => 0.1 * Math.sin(Math.floor(k / 17) + 2 * (k % 17))), { x: 8, y: 1, z: 8 });
const fieldRays = [0, 1, 2, 3].map((k) => ({ x: 0.1 * k - 0.2, y: -1, z: 0.3 - 0.05 * k }));
const fieldCastMotion = { linear: { x: 0.5, y: -2, z: 0.25 } };
queries['field contact, every kind'] = [(n) => {
  let acc = 0; const m = everyKind.length;
  for (let k = 0; k < n; k++) { const r = contact(everyKind[k % m], abovePoses[k & 3], bumpsField, bumpsPose, con, bumpsOptions2); if (r !== null) acc += r.separation; }
  return acc;
}, 5_000];
queries['field distance, every kind'] = [(n) => {
  let acc = 0; const m = everyKind.length;
  for (let k = 0; k < n; k++) acc += distance(everyKind[k % m], abovePoses[k & 3], bumpsField, bumpsPose);
  return acc;
}, 5_000];
queries['field manifolds, every kind'] = [(n) => {
  let acc = 0; const m = everyKind.length;
  for (let k = 0; k < n; k++) acc += contactManifolds(everyKind[k % m], abovePoses[k & 3], bumpsField, bumpsPose, bumpsList, bumpsOptions).count;
  return acc;
}, 2_000];
queries['field ray cast'] = [(n) => {
  let acc = 0;
  for (let k = 0; k < n; k++) { const r = rayCast(bumpsField, bumpsPose, abovePoses[k & 3].position, fieldRays[k & 3], rayHit); if (r !== null) acc += r.t + r.part; }
  return acc;
}, 10_000];
queries['box-field linear cast'] = [(n) => {
  let acc = 0;
  for (let k = 0; k < n; k++) { const r = shapeCast(unitBox, abovePoses[k & 3], fieldCastMotion, bumpsField, bumpsPose, null, castOut); if (r !== null) acc += r.time + r.partB; }
  return acc;
}, 2_000];
// And each kind against a box, each through a call site of its own (new Function: its own type feedback),
// as an application querying one pair of kinds in a loop does.
const kindNames = ['point', 'segment', 'triangle', 'sphere', 'box', 'capsule', 'cylinder', 'cone', 'ellipsoid', 'hull', 'big hull', 'rounded', 'sum', 'scaled'];
everyKind.forEach((shape, index) => {
  for (const query of ['distance', 'contact'] as const) {
    const call = query === 'distance' ? 'distance(a, pA, b, poses[k & 3])' : 'contact(a, pA, b, poses[k & 3], out).separation';
    const loop = new Function('distance', 'contact', 'a', 'pA', 'b', 'poses', 'out',
      `return (n) => { let acc = 0; for (let k = 0; k < n; k++) acc += ${call}; return acc; };`,
    )(distance, contact, shape, mixedA, boxes.sB[0], mixedPoses, con) as (n: number) => number;
    queries[`${query}, ${kindNames[index]}-box`] = [loop, query === 'distance' ? 10_000 : 5_000];
  }
});
const box = createAabb();
queries['computeAabb every kind'] = [(n) => {
  let acc = 0;
  for (let k = 0; k < n; k++) { const i = k % SIZE; acc += computeAabb(kinds[k % kinds.length], boxes.pB[i], box).max.x; }
  return acc;
}, 20_000];
// Scaled shapes in their own loop: mixed with the custom map above, the support-based bound's load of
// sweptRadius sees a small-integer field on one map and a double on the other and boxes one number per
// call (8 bytes per query here). A mix of shape kinds at one query site allocates likewise (about 20 bytes
// per contact over seven kinds): the hardening issue's "no allocation on any shape" takes that on.
const scaledKinds: Shape[] = [new Scaled(new Sphere(1), { x: 2, y: 1, z: 0.5 }), new Scaled(new Box(1, 1, 1), { x: -1, y: 3, z: 1 })];
queries['computeAabb scaled'] = [(n) => {
  let acc = 0;
  for (let k = 0; k < n; k++) { const i = k % SIZE; acc += computeAabb(scaledKinds[k & 1], boxes.pB[i], box).max.x; }
  return acc;
}, 20_000];
// Batch queries: one call answers 64 box pairs into `out` (bodies 2k and 2k + 1 of the pool's pairs).
const BATCH = 64;
const batchShapes: Shape[] = [], batchPoses = new Float64Array(7 * 2 * BATCH), batchPairs = new Int32Array(2 * BATCH);
for (let k = 0; k < BATCH; k++) {
  batchShapes.push(boxes.sA[k], boxes.sB[k]);
  for (const [body, p] of [[2 * k, boxes.pA[k]], [2 * k + 1, boxes.pB[k]]] as const) {
    batchPoses.set([p.position.x, p.position.y, p.position.z, p.quaternion.x, p.quaternion.y, p.quaternion.z, p.quaternion.w], 7 * body);
  }
  batchPairs[2 * k] = 2 * k; batchPairs[2 * k + 1] = 2 * k + 1;
}
const batchDistances = new Float64Array(BATCH), batchHits = new Uint8Array(BATCH), batchContacts = new Float64Array(10 * BATCH);
queries['distanceBatch (a call of 64 box pairs)'] = [(n) => {
  let acc = 0;
  for (let k = 0; k < n; k++) acc += distanceBatch(batchShapes, batchPoses, batchPairs, batchDistances)[k % BATCH];
  return acc;
}, 500];
queries['intersectsBatch (a call of 64 box pairs)'] = [(n) => {
  let acc = 0;
  for (let k = 0; k < n; k++) acc += intersectsBatch(batchShapes, batchPoses, batchPairs, batchHits)[k % BATCH];
  return acc;
}, 500];
const batchBounds = new Float64Array(2 * BATCH);
queries['contactBatch with bounds (a call of 64 box pairs)'] = [(n) => {
  let acc = 0;
  for (let k = 0; k < n; k++) { contactBatch(batchShapes, batchPoses, batchPairs, batchContacts, batchBounds); acc += batchBounds[2 * (k % BATCH) + 1]; }
  return acc;
}, 200];
queries['distanceBatch with bounds (a call of 64 box pairs)'] = [(n) => {
  let acc = 0;
  for (let k = 0; k < n; k++) { distanceBatch(batchShapes, batchPoses, batchPairs, batchDistances, batchBounds); acc += batchBounds[2 * (k % BATCH)]; }
  return acc;
  // (2,000 calls a batch: with 200 the closest points' rarer branches were still interpreted, 0.4 bytes a pair.)
}, 2000];
queries['contactBatch (a call of 64 box pairs)'] = [(n) => {
  let acc = 0;
  for (let k = 0; k < n; k++) acc += contactBatch(batchShapes, batchPoses, batchPairs, batchContacts)[10 * (k % BATCH)];
  return acc;
}, 200];
// The 2D entry (`node … allocation.ts plane`, in a process of its own): its queries on the plane
// benchmark's 8-gons, and contact on every 2D kind through one call site.
const planeRows = new Set<string>();
{
  const pool = makePlanePool('8-gons', SIZE);
  const A = pool.a.map((d) => new plane.Polygon(d)), B = pool.b.map((d) => new plane.Polygon(d));
  const pA = pool.a.map((_, i) => ({ position: { x: 0, y: 0 }, angle: pool.angleA[i] }));
  const pB = pool.a.map((_, i) => ({ position: { x: pool.bx[i], y: pool.by[i] }, angle: pool.angleB[i] }));
  const cp = plane.createClosestPointsResult(), pp = plane.createPenetrationResult(), cc = plane.createContactResult(), man = plane.createManifold(), manOptions = { margin: 0.1 },
    cacheOptions = Array.from({ length: SIZE }, () => ({ margin: 0.1, cache: new plane.ManifoldCache() })), hit = plane.createRayHit(), rayDir = { x: -1, y: 0.25 };
  const castMotion = { linear: { x: 1, y: 0.5 }, angular: 2 }, castOut = plane.createShapeCastResult(), castOptions = { maxTime: 2 };
  // Boxes, circles and triangles on a grid (circle pairs too: the closed form of two points), drifting.
  // The same world keeping its touching pairs' manifolds (a cache a pair), read each step.
  const kinds2 = [new plane.Box2(0.3, 0.2), new plane.Circle(0.3), new plane.Polygon([0, 0, 0.5, 0, 0.2, 0.4])], pose2 = { position: { x: 0, y: 0 }, angle: 0 };
  const makeStep2 = (manifolds: boolean): (() => number) => {
    const world2 = new plane.CollisionWorld2({ margin: 0.05, manifolds }), handles2: number[] = [], tick2 = new Int32Array(1), kept = plane.createManifold();
    for (let i = 0; i < 200; i++) handles2.push(world2.add(kinds2[i % 3], { position: { x: (i % 20) * 0.9, y: Math.floor(i / 20) * 0.9 }, angle: 0.1 * i }));
    const step = (): number => {
      const t = ++tick2[0], w = (t % 400) < 200 ? t % 400 : 400 - (t % 400); // (a triangle wave: back and forth)
      for (let i = 0; i < 200; i++) {
        pose2.position.x = (i % 20) * 0.9 + 0.002 * w * ((i * 7) % 5 - 2); pose2.position.y = Math.floor(i / 20) * 0.9 + 0.002 * w * ((i * 3) % 5 - 2); pose2.angle = 0.1 * i + 0.003 * w;
        world2.setPose(handles2[i], pose2);
      }
      world2.update();
      let points = 0;
      if (manifolds) for (let i = 0; i < world2.contactCount; i++) { const m = world2.manifold(i, kept); if (m !== null) points += m.count; }
      return world2.contactCount + points;
    };
    for (let k = 0; k < 2000; k++) step();
    return step;
  };
  const stepWorld2 = makeStep2(false), stepWorld2Manifolds = makeStep2(true);
  // The nearest hit of rays across a world of 200 bodies (a grid), into a record of the caller's.
  const rayWorld2 = new plane.CollisionWorld2(), rayHit2 = plane.createWorldRayHit2(), rayOrigin2 = { x: -1, y: 0 }, rayDir2 = { x: 1, y: 0.05 };
  for (let i = 0; i < 200; i++) rayWorld2.add(kinds2[i % 3], { position: { x: (i % 20) * 0.9, y: Math.floor(i / 20) * 0.9 }, angle: 0.1 * i }, { static: i % 7 === 0 });
  rayWorld2.update();
  const castRay2 = (k: number): number => {
    rayOrigin2.y = 0.05 * (k % 180) - 0.5;
    return rayWorld2.rayCast(rayOrigin2, rayDir2, null, rayHit2)?.body ?? -1;
  };
  // The other scene queries on the same world: a box, a shape, every hit of a ray, a turning cast (counted
  // through an Int32Array: a closure's own counter would box).
  const seen2 = new Int32Array(1), countHandle2 = (): void => { seen2[0]++; }, countHit2 = (): void => { seen2[0]++; };
  const boxMin2 = { x: 0, y: 0 }, boxMax2 = { x: 2, y: 2 }, probeShape2 = new plane.Circle(0.6), probePose2 = { position: { x: 0, y: 0 }, angle: 0 };
  const castOut2 = plane.createWorldShapeCastResult2(), castMotion2 = { linear: { x: 3, y: 0.4 }, angular: 0.5 };
  const sceneQueries2 = (k: number): number => {
    const x = 0.1 * (k % 160);
    boxMin2.x = x; boxMax2.x = x + 1.5; probePose2.position.x = x; probePose2.position.y = 0.05 * (k % 150);
    rayOrigin2.y = 0.05 * (k % 180) - 0.5;
    rayWorld2.queryAabb(boxMin2, boxMax2, countHandle2);
    rayWorld2.overlapShape(probeShape2, probePose2, countHandle2);
    rayWorld2.rayCastAll(rayOrigin2, rayDir2, countHit2);
    return seen2[0] + (rayWorld2.shapeCast(probeShape2, probePose2, castMotion2, null, castOut2)?.body ?? -1);
  };
  const batch2Shapes: plane.Shape2[] = [], batch2Poses = new Float64Array(3 * 128), batch2Pairs = new Int32Array(128), batch2Out = new Float64Array(7 * 64);
  for (let k = 0; k < 64; k++) {
    batch2Shapes.push(A[k], B[k]);
    batch2Poses.set([pA[k].position.x, pA[k].position.y, pA[k].angle, pB[k].position.x, pB[k].position.y, pB[k].angle], 6 * k);
    batch2Pairs[2 * k] = 2 * k; batch2Pairs[2 * k + 1] = 2 * k + 1;
  }
  const rows: Record<string, [(n: number) => number, number]> = {
    '2d polygon intersects': [(n) => { let acc = 0; for (let k = 0; k < n; k++) { const i = k % SIZE; if (plane.intersects(A[i], pA[i], B[i], pB[i])) acc++; } return acc; }, 20_000],
    '2d polygon distance': [(n) => { let acc = 0; for (let k = 0; k < n; k++) { const i = k % SIZE; acc += plane.distance(A[i], pA[i], B[i], pB[i]); } return acc; }, 20_000],
    '2d polygon closestPoints': [(n) => { let acc = 0; for (let k = 0; k < n; k++) { const i = k % SIZE; acc += plane.closestPoints(A[i], pA[i], B[i], pB[i], cp).distance; } return acc; }, 20_000],
    '2d polygon penetration': [(n) => { let acc = 0; for (let k = 0; k < n; k++) { const i = k % SIZE; const r = plane.penetration(A[i], pA[i], B[i], pB[i], pp); if (r !== null) acc += r.depth; } return acc; }, 10_000],
    '2d polygon manifold': [(n) => { let acc = 0; for (let k = 0; k < n; k++) { const i = k % SIZE; const m = plane.contactManifold(A[i], pA[i], B[i], pB[i], man, manOptions); if (m !== null) acc += m.points[0].separation; } return acc; }, 10_000],
    // A cache per pair: the first round stores, the next ones hit (the pairs stay where they are).
    '2d polygon manifold (cache)': [(n) => { let acc = 0; for (let k = 0; k < n; k++) { const i = k % SIZE; const m = plane.contactManifold(A[i], pA[i], B[i], pB[i], man, cacheOptions[i]); if (m !== null) acc += m.points[0].separation; } return acc; }, 10_000],
    '2d polygon ray cast': [(n) => { let acc = 0; for (let k = 0; k < n; k++) { const i = k % SIZE; const h = plane.rayCast(A[i], pA[i], pB[i].position, rayDir, hit); if (h !== null) acc += h.t; } return acc; }, 20_000],
    '2d polygon shape cast (turning)': [(n) => { let acc = 0; for (let k = 0; k < n; k++) { const i = k % SIZE; const r = plane.shapeCast(A[i], pA[i], castMotion, B[i], pB[i], null, castOut, castOptions); if (r !== null) acc += r.time; } return acc; }, 2_000],
    '2d polygon contact': [(n) => { let acc = 0; for (let k = 0; k < n; k++) { const i = k % SIZE; acc += plane.contact(A[i], pA[i], B[i], pB[i], cc)!.separation; } return acc; }, 10_000],
    // A step of a plane world of 200 bodies drifting and turning: each moved, then the update (issue 37's
    // 0 bytes a step), after warm-up steps that grew its arrays.
    '2d world step (200 bodies)': [(n) => { let acc = 0; for (let k = 0; k < n; k++) acc += stepWorld2(); return acc; }, 200],
    '2d world rayCast, the nearest of 200 bodies': [(n) => { let acc = 0; for (let k = 0; k < n; k++) acc += castRay2(k); return acc; }, 5_000],
    '2d world queryAabb, overlapShape, rayCastAll and shapeCast (200 bodies)': [(n) => { let acc = 0; for (let k = 0; k < n; k++) acc += sceneQueries2(k); return acc; }, 2_000],
    '2d world step, manifolds kept and read (200 bodies)': [(n) => { let acc = 0; for (let k = 0; k < n; k++) acc += stepWorld2Manifolds(); return acc; }, 2000],
    // A call answers 64 pairs (bodies 2k and 2k + 1 of the pool's first 64 pairs).
    '2d contactBatch2 (a call of 64 polygon pairs)': [(n) => { let acc = 0; for (let k = 0; k < n; k++) acc += plane.contactBatch2(batch2Shapes, batch2Poses, batch2Pairs, batch2Out)[7 * (k % 64)]; return acc; }, 2_000],
  };
  const every: plane.Shape2[] = [
    new plane.Point2(), new plane.Segment2({ x: -0.5, y: 0 }, { x: 0.5, y: 0.25 }), new plane.Circle(0.5), new plane.Box2(0.5, 0.25),
    new plane.Capsule2(0.5, 0.25), A[0], new plane.Rounded2(new plane.Box2(0.25, 0.25), 0.25),
  ];
  rows['2d contact, every pair of kinds'] = [(n) => {
    let acc = 0;
    for (let k = 0; k < n; k++) {
      const i = k % SIZE;
      acc += plane.contact(every[k % 7], pA[i], every[(k >> 3) % 7], pB[i], cc)!.separation;
    }
    return acc;
  }, 10_000];
  for (const [name, row] of Object.entries(rows)) { queries[name] = row; planeRows.add(name); }
}
// `node … allocation.ts kinds` measures only the per-kind rows, in a process where nothing else ran
// first (how V8 compiles a shape's support depends on what it has inlined it into), so the test runs the
// shared rows and the per-kind rows in a process each.
const perKind = process.argv[2] === 'kinds', planeOnly = process.argv[2] === 'plane', optionsOnly = process.argv[2] === 'options';
// PROBE_ROWS=<regular expression> measures only the rows it matches (in this order), to look into one.
const only = process.env.PROBE_ROWS ? new RegExp(process.env.PROBE_ROWS) : null;
const result: Record<string, number> = {};
for (const [name, [run, count]] of Object.entries(queries)) {
  const kindRow = name.endsWith('-box') && name.includes(', ');
  if (optionRows.has(name) !== optionsOnly || planeRows.has(name) !== planeOnly || (!planeOnly && kindRow !== perKind)) continue;
  if (only === null || only.test(name)) result[name] = await bytesPerCall(run, count);
}
process.stdout.write(JSON.stringify({ result, sink: sinkIsFinite() }, (_, v) => (v === Infinity ? 'Infinity' : v)));
