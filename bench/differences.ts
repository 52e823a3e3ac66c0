/**
 * The figures of docs/differences.md: where rapier, planck.js and three-mesh-bvh answer differently from
 * us on the same pairs, and by how much. One run, one process, no timings:
 *
 *   node --import tsx bench/differences.ts
 *
 * prints the markdown tables the page quotes. Every input is seeded or written out here and nothing is
 * timed, so the figures depend on the libraries' versions (printed first), not on the machine or the day.
 *
 * - rapier (3D, WASM, float32): hand-placed pairs against closed-form or brute-force exact answers
 *   (bench/oracles.ts); the seeded pools of the pairwise and ray benchmarks (bench/pools.ts,
 *   bench/sweeps.ts) through the same adapters (bench/peers/), scored like the benchmark (bench/harness.ts);
 *   ours also on the pools' inputs rounded to float32, to separate rapier's storage from its computation;
 *   its `contactShape` prediction and the contact points of a stepped world against our `contact` and
 *   `contactManifold`.
 * - planck.js (2D, float64): two boxes 0.005 apart through each of its queries; the plane benchmark's
 *   8-gon pool (bench/plane-pools.ts); what its `PolygonShape` makes of 16 points, of collinear points and
 *   of a tiny triangle.
 * - three-mesh-bvh (on a three.js torus knot): rays from outside and from inside the tube, all hits, the
 *   closest point to a point and boxes, against ours and the brute-force answers of bench/mesh-oracles.ts.
 */
import { readFileSync } from 'node:fs';
import RAPIER from '@dimforge/rapier3d-compat';
import * as planck from 'planck';
import { DoubleSide, Ray, Vector3 } from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import {
  Box, Capsule, Cone, contact, contactManifold, ConvexHull, createManifold, createRayHit, Cylinder, distance, rayCast, Sphere,
  type PoseLike, type Shape,
} from '../src/index.js';
import {
  Box2, contact as contact2, contactManifold as contactManifold2, distance as distance2, intersects as intersects2, Point2, Polygon,
  Rounded2, type Pose2Like,
} from '../src/2d/index.js';
import { scoreHits, scoreLength, type Accuracy } from './harness.js';
import { MeshOracle } from './mesh-oracles.js';
import { makeMesh, makeMeshQueries, MESH_SPECS } from './mesh-pools.js';
import {
  boxBoxSatDepth, boxCorners, boxesTruth, hullsTruth, hullTopology, placePolytope, pointTriangleDistanceSq, polytopeDistance, quatToMatrix,
  segmentSegmentDistanceSq, sphereBoxSignedDistance, sphereBoxTruth, type PoolTruth, type V3,
} from './oracles.js';
import { allPairs } from './peers/common.js';
import { freeSubjects, makeSubjects, meshBoxIntersectionCases, meshPointCases, meshRayCases } from './peers/mesh-peers.js';
import { oursCases, oursRayCases } from './peers/ours.js';
import { initRapier, rapierCases, rapierRayCases } from './peers/rapier.js';
import { exactSeparations } from './plane-oracles.js';
import { makePlanePool } from './plane-pools.js';
import { makeBoxesPool, makeHullsPool, makeSphereBoxPool, type Pool } from './pools.js';
import { makeRayPool, type RayShapeKind } from './sweeps.js';
import { rayTruth } from './sweep-oracles.js';

/** Seeded pairs per pool (rapier's pairwise pools, planck's 8-gons). */
const PAIRS = 2000;
/** Seeded rays per shape kind. */
const RAYS = 10_000;

const out: string[] = [];
const line = (s = ''): void => { out.push(s); };
const table = (head: string[], rows: string[][], align?: string[]): void => {
  line(`| ${head.join(' | ')} |`);
  line(`|${(align ?? head.map((_, k) => (k === 0 ? '---' : '--:'))).join('|')}|`);
  for (const r of rows) line(`| ${r.join(' | ')} |`);
  line();
};
/** An error or a difference: 0, or two significant digits. */
const e = (x: number | undefined): string => (x === undefined ? '' : x === 0 ? '0' : x.toExponential(1));
/** A length as printed in the tables: ten decimals. */
const v = (x: number): string => (Number.isNaN(x) ? '—' : x.toFixed(10));
const pct = (x: number | undefined): string => (x === undefined ? '' : `${(100 * x).toFixed(x === 1 ? 0 : 1)} %`);
const int = (n: number): string => n.toLocaleString('en-US');

function version(pkg: string): string {
  return (JSON.parse(readFileSync(new URL(`../node_modules/${pkg}/package.json`, import.meta.url), 'utf8')) as { version: string }).version;
}

type Q = { x: number; y: number; z: number; w: number };
const I: Q = { x: 0, y: 0, z: 0, w: 1 };
/** A new zero vector: rapier writes its answers into the vectors of a target it is given, so none is shared. */
const zero = (): { x: number; y: number; z: number } => ({ x: 0, y: 0, z: 0 });
/** A target for rapier's `contactShape`, with vectors of its own. */
const shapeContact = (): RAPIER.ShapeContact => new RAPIER.ShapeContact(0, zero(), zero(), zero(), zero());
/** The unit quaternion of a turn by `angle` about the axis (x, y, z) (any length). */
function axisAngle(x: number, y: number, z: number, angle: number): Q {
  const l = Math.hypot(x, y, z), s = Math.sin(angle / 2) / l;
  return { x: x * s, y: y * s, z: z * s, w: Math.cos(angle / 2) };
}
const qArray = (q: Q): number[] => [q.x, q.y, q.z, q.w];
const pose = (x: number, y: number, z: number, q: Q = I): PoseLike => ({ position: { x, y, z }, quaternion: q });

// ---------------------------------------------------------------------------------------------------
// rapier

/** Our answer and rapier's on one hand-placed pair, with the exact signed separation. */
function rapierFixedPairs(): void {
  const target = shapeContact();
  const rows: string[][] = [];
  const add = (name: string, exact: number, a: Shape, pa: PoseLike, b: Shape, pb: PoseLike, ra: RAPIER.Shape, rb: RAPIER.Shape): void => {
    const ours = contact(a, pa, b, pb)!.separation;
    const theirs = ra.contactShape(pa.position, pa.quaternion, rb, pb.position, pb.quaternion, 100, target)!.distance;
    rows.push([name, v(exact), v(ours), v(theirs), e(Math.abs(ours - exact)), e(Math.abs(theirs - exact))]);
  };
  // A box (0.5, 0.4, 0.3) at the origin, turned 0.7 rad about (1, 2, 3).
  const hA: V3 = [0.5, 0.4, 0.3], qA = axisAngle(1, 2, 3, 0.7), boxA = new Box(...hA), rBoxA = new RAPIER.Cuboid(...hA);
  const atA = pose(0, 0, 0, qA);
  const spheres: [string, V3, number][] = [['apart', [1.1, 0.35, -0.2], 0.3], ['overlapping', [0.55, 0.2, -0.1], 0.3]];
  for (const [label, c, r] of spheres) {
    const exact = sphereBoxSignedDistance(hA, qArray(qA), 0, c, r);
    add(`sphere–box, ${label}`, exact, boxA, atA, new Sphere(r), pose(...c), rBoxA, new RAPIER.Ball(r));
  }
  // Box B (0.3, 0.6, 0.2), turned 0.5 rad about (0, 1, 1).
  const hB: V3 = [0.3, 0.6, 0.2], qB = axisAngle(0, 1, 1, 0.5), boxTopology = hullTopology(boxCorners(1, 1, 1));
  const boxes: [string, V3][] = [['apart', [1.3, 0.9, 0.3]], ['overlapping', [0.75, 0.45, 0.2]]];
  for (const [label, c] of boxes) {
    const depth = boxBoxSatDepth(hA, qArray(qA), 0, [0, 0, 0], hB, qArray(qB), 0, c);
    const exact = depth > 0 ? -depth : polytopeDistance(
      placePolytope(boxCorners(...hA), boxTopology, qArray(qA), 0, [0, 0, 0]), placePolytope(boxCorners(...hB), boxTopology, qArray(qB), 0, c));
    add(`box–box, ${label}`, exact, boxA, atA, new Box(...hB), pose(...c, qB), rBoxA, new RAPIER.Cuboid(...hB));
  }
  // The 30-point hull of the hull pool (points on the unit sphere) turned as box A, and a capsule (half
  // height 0.4 along its y) turned 1 rad about x. Its axis segment stays outside the hull, so the exact
  // separation is the segment's distance to the hull (vertex–triangle and segment–edge pairs) less the radius.
  const template = makeHullsPool(2, 1).template, pts: V3[] = [];
  for (let k = 0; k < template.length; k += 3) pts.push([template[k], template[k + 1], template[k + 2]]);
  const hull = placePolytope(pts, hullTopology(pts), qArray(qA), 0, [0, 0, 0]);
  const qC = axisAngle(1, 0, 0, 1), mC = quatToMatrix(qArray(qC)), c: V3 = [0.9, 1.1, 0.3], hh = 0.4;
  const ends: V3[] = [-hh, hh].map((y) => [c[0] + mC[1] * y, c[1] + mC[4] * y, c[2] + mC[7] * y]);
  let core = Infinity;
  for (const [i, j, k] of hull.tris) for (const p of ends) core = Math.min(core, pointTriangleDistanceSq(p, hull.verts[i], hull.verts[j], hull.verts[k]));
  for (const [i, j] of hull.segs) core = Math.min(core, segmentSegmentDistanceSq(ends[0], ends[1], hull.verts[i], hull.verts[j]));
  core = Math.sqrt(core);
  const ourHull = new ConvexHull(template), theirHull = new RAPIER.ConvexPolyhedron(new Float32Array(template), null)!;
  for (const [label, r] of [['apart', 0.25], ['overlapping', 0.55]] as const) {
    add(`capsule–hull, ${label}`, core - r, new Capsule(hh, r), pose(...c, qC), ourHull, atA, new RAPIER.Capsule(hh, r), theirHull);
  }
  line('### rapier: hand-placed pairs');
  line();
  line('Signed separation (distance, or minus the depth): ours `contact(…).separation`, rapier `Shape.contactShape(…, prediction 100).distance`.');
  line();
  table(['pair', 'exact', 'ours', 'rapier', 'ours − exact', 'rapier − exact'], rows.map((r) => [r[0], r[1], r[2], r[3], r[4], r[5]]));
}

/** A copy of a pool with every number rounded to float32, as rapier stores it. */
function roundedToFloat32<P extends Pool>(p: P): P {
  const copy: Record<string, unknown> = { ...p };
  for (const [k, x] of Object.entries(copy)) if (x instanceof Float64Array) copy[k] = Float64Array.from(new Float32Array(x));
  return copy as unknown as P;
}

/** The distance of a sphere from a cylinder or a cone (half height h along y, radius R) at the origin, in closed form. */
function sphereRoundSolidDistance(kind: 'cylinder' | 'cone', h: number, R: number, m: number[], c: V3, r: number): number {
  // The centre in the solid's frame; the solid is symmetric about y, so the problem is planar in (ρ, y).
  const x = m[0] * c[0] + m[3] * c[1] + m[6] * c[2], y = m[1] * c[0] + m[4] * c[1] + m[7] * c[2], z = m[2] * c[0] + m[5] * c[1] + m[8] * c[2];
  const rho = Math.hypot(x, z);
  if (kind === 'cylinder') return Math.hypot(Math.max(rho - R, 0), Math.max(Math.abs(y) - h, 0)) - r;
  // The cone's half section: the triangle (0, h), (R, −h), (0, −h) (apex up, as rapier's and ours).
  if (y >= -h && y <= h && rho <= (R * (h - y)) / (2 * h)) return -r;
  const seg = (ax: number, ay: number, bx: number, by: number): number => {
    const ex = bx - ax, ey = by - ay, t = Math.max(0, Math.min(1, ((rho - ax) * ex + (y - ay) * ey) / (ex * ex + ey * ey)));
    return Math.hypot(rho - ax - t * ex, y - ay - t * ey);
  };
  return Math.min(seg(0, h, R, -h), seg(R, -h, 0, -h)) - r;
}

function rapierPools(): void {
  const rows: string[][] = [];
  const row = (pairs: string, query: string, ours: Accuracy, theirs: Accuracy, rounded: Accuracy): void => {
    rows.push([pairs, query, int(ours.n), e(ours.maxError), e(theirs.medianError), e(theirs.maxError), pct(theirs.within1e6), e(rounded.maxError)]);
  };
  const pools: [string, Pool, (p: never) => PoolTruth][] = [
    ['sphere–box', makeSphereBoxPool(PAIRS), sphereBoxTruth as (p: never) => PoolTruth],
    ['box–box', makeBoxesPool(PAIRS), boxesTruth as (p: never) => PoolTruth],
    ['hull–hull (30 points)', makeHullsPool(2, PAIRS), hullsTruth as (p: never) => PoolTruth],
  ];
  for (const [name, pool, truthOf] of pools) {
    const truth = truthOf(pool as never), rounded = roundedToFloat32(pool);
    for (const kind of ['distance', 'penetration'] as const) {
      if (kind === 'penetration' && pool.kind === 'hulls') continue; // (the hull oracle has no depth)
      const pairs = Int32Array.from(allPairs(PAIRS).filter((i) => (kind === 'distance' ? truth.distance[i] > 0 : truth.overlap[i] === 1)));
      const exact = (i: number): number => (kind === 'distance' ? truth.distance[i] : truth.depth[i]);
      const group = { name, kind, pool, pairs };
      const ours = oursCases(group)[0], theirs = rapierCases(group).find((c) => c.lib === 'rapier (colliders)')!;
      const oursRounded = oursCases({ ...group, pool: rounded })[0];
      row(name, kind === 'distance' ? 'distance (pairs apart)' : 'depth (pairs overlapping)',
        scoreLength(ours.answer!, exact, pairs), scoreLength(theirs.answer!, exact, pairs), scoreLength(oursRounded.answer!, exact, pairs));
    }
  }
  // A sphere (radius 0.3) against a cylinder or a cone (the ray pools' sizes and turns), at twice the box pool's B positions.
  const boxes = makeBoxesPool(PAIRS), target = shapeContact(), r = 0.3;
  for (const kind of ['cylinder', 'cone'] as const) {
    const exact: number[] = [], ours: number[] = [], theirs: number[] = [], rounded: number[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const h = boxes.halfA[3 * i + 1], R = boxes.halfA[3 * i];
      const q = boxes.quatA.subarray(4 * i, 4 * i + 4), c: V3 = [2 * boxes.posB[3 * i], 2 * boxes.posB[3 * i + 1], 2 * boxes.posB[3 * i + 2]];
      const x = sphereRoundSolidDistance(kind, h, R, quatToMatrix(q), c, r);
      if (!(x > 0)) continue;
      const pa = pose(0, 0, 0, { x: q[0], y: q[1], z: q[2], w: q[3] }), pb = pose(...c);
      const solid = kind === 'cylinder' ? new Cylinder(h, R) : new Cone(h, R);
      const f = Math.fround;
      const solid32 = kind === 'cylinder' ? new Cylinder(f(h), f(R)) : new Cone(f(h), f(R));
      const pa32 = pose(0, 0, 0, { x: f(q[0]), y: f(q[1]), z: f(q[2]), w: f(q[3]) }), pb32 = pose(f(c[0]), f(c[1]), f(c[2]));
      const rSolid = kind === 'cylinder' ? new RAPIER.Cylinder(h, R) : new RAPIER.Cone(h, R);
      exact.push(x);
      ours.push(distance(solid, pa, new Sphere(r), pb));
      rounded.push(distance(solid32, pa32, new Sphere(f(r)), pb32));
      theirs.push(Math.max(0, rSolid.contactShape(pa.position, pa.quaternion, new RAPIER.Ball(r), pb.position, pb.quaternion, 100, target)!.distance));
    }
    const idx = allPairs(exact.length), ex = (i: number): number => exact[i];
    row(`sphere–${kind}`, 'distance (pairs apart)', scoreLength((i) => ours[i], ex, idx), scoreLength((i) => theirs[i], ex, idx), scoreLength((i) => rounded[i], ex, idx));
  }
  line(`### rapier: seeded pools (${int(PAIRS)} pairs each)`);
  line();
  line('Error: |answer − exact| / max(1, |exact|); the shapes are 0.25 to 1 in size. "float32 inputs": ours on the same pairs with every size, position and quaternion rounded to float32 first.');
  line();
  table(['shapes', 'query', 'pairs', 'ours max error', 'rapier median error', 'rapier max error', 'rapier within 1e-6', 'ours on float32 inputs: max error'], rows,
    ['---', '---', '--:', '--:', '--:', '--:', '--:', '--:']);
}

function rapierRays(): void {
  const rows: string[][] = [];
  const kinds: RayShapeKind[] = ['sphere', 'box', 'capsule', 'cylinder', 'cone', 'rounded box'];
  for (const shape of kinds) {
    const pool = makeRayPool(shape, RAYS), exact = rayTruth(pool), group = { name: shape, pool };
    const ours = scoreHits(oursRayCases(group)[0].answer!, (i) => exact[i], allPairs(RAYS));
    const theirs = scoreHits(rapierRayCases(group)[0].answer!, (i) => exact[i], allPairs(RAYS));
    rows.push([shape, int(ours.bothHit ?? 0), int(ours.disagree!.length), e(ours.maxError), int(theirs.disagree!.length), e(theirs.medianError), e(theirs.maxError), pct(theirs.within1e6)]);
  }
  line(`### rapier: rays (${int(RAYS)} seeded rays per shape)`);
  line();
  line('Ours `rayCast`, rapier `Collider.castRay(ray, 1e9, solid)`; t in units of the ray\'s direction (about 1 at the hits), error |t − exact| / max(1, exact) on the rays both hit.');
  line();
  table(['shape', 'hits', 'ours: hit or miss wrong', 'ours max error', 'rapier: hit or miss wrong', 'rapier median error', 'rapier max error', 'rapier within 1e-6'], rows);
}

/** Two unit cubes face to face (B above A, shifted 0.2 and 0.1 sideways), `gap` apart. */
function rapierPrediction(): void {
  const world0 = new RAPIER.World(zero());
  const prediction = world0.integrationParameters.normalizedPredictionDistance * world0.lengthUnit;
  world0.free();
  const cube = new Box(0.5, 0.5, 0.5), rCube = new RAPIER.Cuboid(0.5, 0.5, 0.5), at = (gap: number): PoseLike => pose(0.2, 1 + gap, 0.1);
  const target = shapeContact();
  const show = (x: number | null | undefined): string => (x == null ? '`null`' : x.toFixed(7));
  const rows: string[][] = [];
  for (const gap of [0.05, 0.01, -0.01]) {
    const b = at(gap);
    const call = (p: number): number | undefined => rCube.contactShape(zero(), I, rCube, b.position, b.quaternion, p, target)?.distance;
    rows.push([String(gap), show(call(0)), show(call(0.1)), show(contact(cube, pose(0, 0, 0), cube, b)!.separation),
      show(contact(cube, pose(0, 0, 0), cube, b, undefined, { maxDistance: 0 })?.separation)]);
  }
  line('### rapier: contacts within a distance');
  line();
  line(`Two unit cubes face to face. rapier's default prediction distance in a world: ${prediction} (\`integrationParameters.normalizedPredictionDistance\` × \`lengthUnit\`).`);
  line();
  table(['gap', 'rapier `contactShape`, prediction 0', 'prediction 0.1', 'ours `contact()`', 'ours `contact(…, { maxDistance: 0 })`'], rows);

  // A world stepped once: A fixed, B dynamic, no gravity; the contact points of its narrow phase.
  const stepped = (descA: RAPIER.ColliderDesc, tA: V3, descB: RAPIER.ColliderDesc, tB: V3, qB: Q): { all: number[]; solver: number } => {
    const world = new RAPIER.World(zero());
    const a = world.createCollider(descA, world.createRigidBody(RAPIER.RigidBodyDesc.fixed().setTranslation(...tA)));
    const b = world.createCollider(descB, world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(...tB).setRotation(qB)));
    world.step();
    const all: number[] = [];
    let solver = 0;
    world.contactPair(a, b, (m) => {
      for (let k = 0; k < m.numContacts(); k++) all.push(m.contactDist(k));
      solver += m.numSolverContacts();
    });
    world.free();
    return { all, solver };
  };
  const list = (d: number[]): string => (d.length === 0 ? 'none' : `${d.length}: ${d.map((x) => x.toFixed(3)).join(', ')}`);
  const ourPoints = (a: Shape, pa: PoseLike, b: Shape, pb: PoseLike, margin: number): string => {
    const m = contactManifold(a, pa, b, pb, createManifold(), { margin });
    return m === null ? '`null`' : list(Array.from({ length: m.count }, (_, k) => m.points[k].separation));
  };
  const mrows: string[][] = [];
  for (const gap of [0.01, 0.025]) {
    const r = stepped(RAPIER.ColliderDesc.cuboid(0.5, 0.5, 0.5), [0, 0, 0], RAPIER.ColliderDesc.cuboid(0.5, 0.5, 0.5), [0.2, 1 + gap, 0.1], I);
    mrows.push([`unit cubes face to face, ${gap} apart`, list(r.all), String(r.solver), ourPoints(cube, pose(0, 0, 0), cube, at(gap), 0), ourPoints(cube, pose(0, 0, 0), cube, at(gap), prediction)]);
  }
  {
    // A cylinder (half height 0.5, radius 0.4) tilted 0.1 rad about x, its lowest rim point 0.01 into a large box's top face.
    const tilt = axisAngle(1, 0, 0, 0.1), y = 0.5 * Math.cos(0.1) + 0.4 * Math.sin(0.1) - 0.01;
    const r = stepped(RAPIER.ColliderDesc.cuboid(2, 1, 2), [0, -1, 0], RAPIER.ColliderDesc.cylinder(0.5, 0.4), [0, y, 0], tilt);
    const ground = new Box(2, 1, 2), cyl = new Cylinder(0.5, 0.4);
    mrows.push(['cylinder tilted 0.1 rad, 0.01 into a box', list(r.all), String(r.solver), ourPoints(ground, pose(0, -1, 0), cyl, pose(0, y, 0, tilt), 0),
      ourPoints(ground, pose(0, -1, 0), cyl, pose(0, y, 0, tilt), prediction)]);
  }
  line('### rapier: contact points of a stepped world');
  line();
  line('rapier: `world.step()` once (A fixed, B dynamic, no gravity), then `world.contactPair`: every manifold point\'s `contactDist` and the count of `numSolverContacts`. Ours: `contactManifold` with `margin` 0 and with the prediction distance.');
  line();
  table(['pair', 'rapier points: distances', 'rapier solver contacts', 'ours, margin 0', `ours, margin ${prediction.toFixed(2)}`], mrows, ['---', '---', '--:', '---', '---']);
}

// ---------------------------------------------------------------------------------------------------
// planck.js

const pose2 = (x: number, y: number, angle = 0): Pose2Like => ({ position: { x, y }, angle });

function planckSkin(): void {
  const skin = planck.Settings.polygonRadius, gap = 0.005;
  const A = new planck.BoxShape(0.5, 0.5), B = new planck.BoxShape(0.5, 0.5);
  const xfA = new planck.Transform(planck.Vec2(0, 0), 0), xfB = new planck.Transform(planck.Vec2(1 + gap, 0.2), 0);
  const manifold = new planck.Manifold(), wm = new planck.WorldManifold();
  planck.CollidePolygons(manifold, A, xfA, B, xfB);
  manifold.getWorldManifold(wm, xfA, A.getRadius(), xfB, B.getRadius());
  const input = new planck.DistanceInput(), output = new planck.DistanceOutput(), cache = new planck.SimplexCache();
  input.proxyA.set(A, 0); input.proxyB.set(B, 0); input.transformA.setTransform(xfA); input.transformB.setTransform(xfB);
  const planckDistance = (useRadii: boolean): number => { input.useRadii = useRadii; cache.count = 0; planck.Distance(output, cache, input); return output.distance; };
  const world = new planck.World({ gravity: planck.Vec2(0, 0) });
  world.createBody({ type: 'static', position: planck.Vec2(0, 0) }).createFixture(new planck.BoxShape(0.5, 0.5));
  world.createBody({ type: 'dynamic', position: planck.Vec2(1 + gap, 0.2) }).createFixture(new planck.BoxShape(0.5, 0.5), 1);
  world.step(1 / 60);
  const touching: boolean[] = [];
  for (let c = world.getContactList(); c; c = c.getNext()) touching.push(c.isTouching());

  const box = new Box2(0.5, 0.5), round = new Rounded2(box, skin), pA = pose2(0, 0), pB = pose2(1 + gap, 0.2);
  const points = (m: ReturnType<typeof contactManifold2>): string =>
    (m === null ? '`null`' : `${m.count} points, ${Array.from({ length: m.count }, (_, k) => m.points[k].separation.toFixed(4)).join(', ')}`);
  const f = (x: number): string => x.toFixed(4);
  const wmSeps = Array.from({ length: wm.pointCount }, (_, k) => wm.separations[k].toFixed(4)).join(', ');
  line(`### planck: two unit boxes ${gap} apart`);
  line();
  line(`planck.Settings: linearSlop ${planck.Settings.linearSlop}, polygonRadius ${skin}, maxPolygonVertices ${planck.Settings.maxPolygonVertices}.`);
  line();
  table(['query', 'planck', 'ours', `ours on \`Rounded2(box, ${skin})\``], [
    ['overlap test', `\`testOverlap\`: ${planck.testOverlap(A, 0, B, 0, xfA, xfB)}`, `\`intersects\`: ${intersects2(box, pA, box, pB)}`, `${intersects2(round, pA, round, pB)}`],
    ['distance', `\`Distance\`: ${f(planckDistance(false))} (\`useRadii\` false), ${f(planckDistance(true))} (true)`, `\`distance\`: ${f(distance2(box, pA, box, pB))}`, f(distance2(round, pA, round, pB))],
    ['contact manifold', `\`CollidePolygons\`: ${manifold.pointCount} points, \`getWorldManifold\` separations ${wmSeps}`, `\`contactManifold\`: ${points(contactManifold2(box, pA, box, pB))}`, points(contactManifold2(round, pA, round, pB))],
    ['separation', '', `\`contact\`: ${f(contact2(box, pA, box, pB)!.separation)}`, f(contact2(round, pA, round, pB)!.separation)],
    ['in a world, after one `step`', `\`contact.isTouching()\`: ${touching.join(', ')}`, '', ''],
  ], ['---', '---', '---', '---']);
}

function planckPool(): void {
  const pool = makePlanePool('8-gons', PAIRS), exact = exactSeparations(pool), skin = planck.Settings.polygonRadius;
  const input = new planck.DistanceInput(), output = new planck.DistanceOutput(), cache = new planck.SimplexCache();
  const manifold = new planck.Manifold(), wm = new planck.WorldManifold();
  let dSharp = 0, dRound = 0, overlapWrong = 0, overlapWrongMin = Infinity, overlapWrongMax = 0, overlapWrongTrue = 0, overlapWrongRound = 0, manifolds = 0, dManifold = 0, maxSharp = 0;
  for (let i = 0; i < PAIRS; i++) {
    const polygon = (d: Float64Array): planck.PolygonShape => {
      const pts: planck.Vec2[] = [];
      for (let k = 0; k < d.length; k += 2) pts.push(planck.Vec2(d[k], d[k + 1]));
      return new planck.PolygonShape(pts);
    };
    const a = polygon(pool.a[i]), b = polygon(pool.b[i]);
    const xfA = new planck.Transform(planck.Vec2(0, 0), pool.angleA[i]), xfB = new planck.Transform(planck.Vec2(pool.bx[i], pool.by[i]), pool.angleB[i]);
    const oa = new Polygon(pool.a[i]), ob = new Polygon(pool.b[i]), ra = new Rounded2(oa, skin), rb = new Rounded2(ob, skin);
    const pA = pose2(0, 0, pool.angleA[i]), pB = pose2(pool.bx[i], pool.by[i], pool.angleB[i]);
    input.proxyA.set(a, 0); input.proxyB.set(b, 0); input.transformA.setTransform(xfA); input.transformB.setTransform(xfB);
    input.useRadii = false; cache.count = 0; planck.Distance(output, cache, input);
    const ours = distance2(oa, pA, ob, pB);
    dSharp = Math.max(dSharp, Math.abs(output.distance - ours));
    maxSharp = Math.max(maxSharp, Math.abs(ours - Math.max(0, exact[i])));
    input.useRadii = true; cache.count = 0; planck.Distance(output, cache, input);
    dRound = Math.max(dRound, Math.abs(output.distance - distance2(ra, pA, rb, pB)));
    const theirOverlap = planck.testOverlap(a, 0, b, 0, xfA, xfB);
    if (theirOverlap !== intersects2(oa, pA, ob, pB)) { overlapWrong++; if (theirOverlap) overlapWrongTrue++; overlapWrongMin = Math.min(overlapWrongMin, ours); overlapWrongMax = Math.max(overlapWrongMax, ours); }
    if (theirOverlap !== intersects2(ra, pA, rb, pB)) overlapWrongRound++;
    planck.CollidePolygons(manifold, a, xfA, b, xfB);
    if (manifold.pointCount > 0) {
      manifolds++;
      manifold.getWorldManifold(wm, xfA, a.getRadius(), xfB, b.getRadius());
      let s = Infinity;
      for (let k = 0; k < wm.pointCount; k++) s = Math.min(s, wm.separations[k]);
      dManifold = Math.max(dManifold, Math.abs(s - contact2(ra, pA, rb, pB)!.separation));
    }
  }
  line(`### planck: ${int(PAIRS)} seeded 8-gon pairs`);
  line();
  line(`(ours within ${e(maxSharp)} of the brute-force distances)`);
  line();
  table(['planck', 'ours', 'pairs', 'largest difference'], [
    ['`Distance`, `useRadii` false', '`distance`', int(PAIRS), e(dSharp)],
    ['`Distance`, `useRadii` true', `\`distance\` of the \`Rounded2(…, ${skin})\` pair`, int(PAIRS), e(dRound)],
    ['`testOverlap`', '`intersects`', int(PAIRS), `${overlapWrong} answers differ (planck's is true on ${overlapWrongTrue}), on pairs ${overlapWrongMin.toFixed(4)} to ${overlapWrongMax.toFixed(4)} apart`],
    ['`testOverlap`', `\`intersects\` of the \`Rounded2(…, ${skin})\` pair`, int(PAIRS), `${overlapWrongRound} answers differ`],
    ['`CollidePolygons`: deepest `getWorldManifold` separation', `\`contact\` of the \`Rounded2(…, ${skin})\` pair`, int(manifolds), e(dManifold)],
  ], ['---', '---', '--:', '---']);
}

function planckPolygons(): void {
  const flat = (pts: number[][]): number[] => pts.flat();
  const describe = (s: planck.PolygonShape): string => `${s.m_count} vertices${s.m_count === 4 ? `: ${s.m_vertices.map((p) => `(${p.x}, ${p.y})`).join(', ')}` : ''}`;
  const rows: string[][] = [];
  // 16 points on the unit circle; the distance from a point 0.2 beyond the 15th.
  const circle: number[][] = Array.from({ length: 16 }, (_, k) => [Math.cos((2 * Math.PI * k) / 16), Math.sin((2 * Math.PI * k) / 16)]);
  const theirs16 = new planck.PolygonShape(circle.map(([x, y]) => planck.Vec2(x, y))), ours16 = new Polygon(flat(circle));
  const far = [1.2 * circle[14][0], 1.2 * circle[14][1]];
  const input = new planck.DistanceInput(), output = new planck.DistanceOutput(), cache = new planck.SimplexCache();
  input.proxyA.set(theirs16, 0); input.proxyB.set(new planck.CircleShape(0), 0);
  input.transformA.setTransform(new planck.Transform(planck.Vec2(0, 0), 0)); input.transformB.setTransform(new planck.Transform(planck.Vec2(far[0], far[1]), 0));
  input.useRadii = false; cache.count = 0; planck.Distance(output, cache, input);
  rows.push(['16 points on the unit circle', `${theirs16.m_count} vertices; a point 0.2 beyond the 15th point is ${output.distance.toFixed(4)} away`,
    `${ours16.count} vertices; ${distance2(ours16, pose2(0, 0), new Point2(), pose2(far[0], far[1])).toFixed(4)} away`]);
  const line3 = [[0, 0], [1, 0], [2, 0]], tiny = [[0, 0], [0.002, 0], [0, 0.002]];
  rows.push(['(0, 0), (1, 0), (2, 0): collinear', describe(new planck.PolygonShape(line3.map(([x, y]) => planck.Vec2(x, y)))), `count ${new Polygon(flat(line3)).count} (a segment)`]);
  rows.push(['(0, 0), (0.002, 0), (0, 0.002)', describe(new planck.PolygonShape(tiny.map(([x, y]) => planck.Vec2(x, y)))), `count ${new Polygon(flat(tiny)).count} (the triangle)`]);
  line('### planck: polygons from points');
  line();
  table(['points', 'planck `new PolygonShape(points)`', 'ours `new Polygon(points)`'], rows, ['---', '---', '---']);
}

// ---------------------------------------------------------------------------------------------------
// three-mesh-bvh

function meshBvh(): void {
  const mesh = makeMesh(MESH_SPECS[0]), q = makeMeshQueries(mesh, 1000, 0x19000), n = q.n;
  const subjects = makeSubjects(mesh), oracle = new MeshOracle(mesh.positions, mesh.index), bvh = subjects.center;
  const rows: string[][] = [];
  const same = (a: number, b: number): boolean => (Number.isNaN(a) && Number.isNaN(b)) || Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b));

  // Rays from outside: ours, raycastFirst(ray, DoubleSide) (the benchmark's cases), and raycastFirst(ray) with its default side.
  const rayCasesOf = meshRayCases('rays', subjects, q, true);
  const oursRay = rayCasesOf.find((c) => c.lib === 'convex-collide')!.answer!, theirsRay = rayCasesOf.find((c) => c.lib === 'three-mesh-bvh (CENTER)')!.answer!;
  const exactRay = (i: number): number => oracle.rayT(q.rayOrigin[3 * i], q.rayOrigin[3 * i + 1], q.rayOrigin[3 * i + 2], q.rayDir[3 * i], q.rayDir[3 * i + 1], q.rayDir[3 * i + 2]);
  const ray = (o: number[], d: number[]): Ray => new Ray(new Vector3(o[0], o[1], o[2]), new Vector3(d[0], d[1], d[2]).normalize());
  let agreeDouble = 0, agreeFront = 0, maxDelta = 0, maxOurs = 0, hits = 0, allHits = 0, notFirst = 0;
  const inside: { o: number[]; d: number[] }[] = [];
  for (let i = 0; i < n; i++) {
    const o = [q.rayOrigin[3 * i], q.rayOrigin[3 * i + 1], q.rayOrigin[3 * i + 2]], d = [q.rayDir[3 * i], q.rayDir[3 * i + 1], q.rayDir[3 * i + 2]];
    const len = Math.hypot(d[0], d[1], d[2]), t = oursRay(i), td = theirsRay(i), tf = (bvh.raycastFirst(ray(o, d))?.distance ?? NaN) / len;
    if (same(td, t)) agreeDouble++;
    if (same(tf, t)) agreeFront++;
    if (Number.isNaN(t)) continue;
    hits++;
    maxDelta = Math.max(maxDelta, Math.abs(td - t) / Math.max(1, t));
    maxOurs = Math.max(maxOurs, Math.abs(exactRay(i) - t) / Math.max(1, t));
    const all = bvh.raycast(ray(o, d), DoubleSide);
    allHits += all.length;
    if (all[0].distance !== Math.min(...all.map((h) => h.distance))) notFirst++;
    // The same ray from 0.5 past its first hit: inside the tube (radius 3), facing the tube's far wall from within.
    inside.push({ o: [0, 1, 2].map((k) => o[k] + t * d[k] + (0.5 * d[k]) / len), d });
  }
  rows.push([`${int(n)} rays from outside`, '`raycastFirst(ray, DoubleSide)`', '`rayCast`',
    `${int(agreeDouble)} of ${int(n)} the same (${int(hits)} hits); largest difference ${e(maxDelta)} (ours within ${e(maxOurs)} of brute force)`]);
  rows.push(['the same rays', '`raycastFirst(ray)` (its default side, `FrontSide`)', '`rayCast`', `${int(agreeFront)} of ${int(n)} the same`]);
  let frontSame = 0, doubleSame = 0;
  const hit = createRayHit(), identity = pose(0, 0, 0);
  for (const { o, d } of inside) {
    const len = Math.hypot(d[0], d[1], d[2]);
    const t = rayCast(subjects.ours, identity, { x: o[0], y: o[1], z: o[2] }, { x: d[0], y: d[1], z: d[2] }, hit)?.t ?? NaN;
    if (same((bvh.raycastFirst(ray(o, d))?.distance ?? NaN) / len, t)) frontSame++;
    if (same((bvh.raycastFirst(ray(o, d), DoubleSide)?.distance ?? NaN) / len, t)) doubleSame++;
  }
  rows.push([`${int(inside.length)} rays starting inside the tube`, '`raycastFirst(ray)`', '`rayCast`', `${int(frontSame)} of ${int(inside.length)} the same`]);
  rows.push(['the same rays', '`raycastFirst(ray, DoubleSide)`', '`rayCast`', `${int(doubleSame)} of ${int(inside.length)} the same`]);
  rows.push([`the ${int(hits)} rays from outside that hit`, '`raycast(ray, DoubleSide)`: every hit', '`rayCast`: the first',
    `${(allHits / hits).toFixed(2)} hits a ray on average; the first listed is not the nearest on ${int(notFirst)}`]);

  // Closest point to a point (the benchmark's cases).
  const pointCases = meshPointCases('points', subjects, q);
  const oursPoint = pointCases.find((c) => c.lib === 'convex-collide')!.answer!, theirsPoint = pointCases.find((c) => c.lib === 'three-mesh-bvh (CENTER)')!.answer!;
  let maxPoint = 0, maxPointExact = 0;
  for (let i = 0; i < n; i++) {
    const a = oursPoint(i), b = theirsPoint(i), x = oracle.pointDistance(q.point[3 * i], q.point[3 * i + 1], q.point[3 * i + 2]);
    maxPoint = Math.max(maxPoint, Math.abs(a - b));
    maxPointExact = Math.max(maxPointExact, Math.abs(a - x), Math.abs(b - x));
  }
  rows.push([`${int(n)} points`, '`closestPointToPoint(point).distance`', '`closestPoints(new Point(), …).distance`',
    `largest difference ${e(maxPoint)} (both within ${e(maxPointExact)} of brute force)`]);

  // Boxes: the boolean, and the depth where they overlap the surface.
  const boxCases = meshBoxIntersectionCases('boxes', subjects, q);
  const oursBox = boxCases.find((c) => c.lib === 'convex-collide')!.answer!, theirsBox = boxCases.find((c) => c.lib === 'three-mesh-bvh (CENTER)')!.answer!;
  let boxSame = 0, overlapping = 0, maxDepth = 0;
  for (let i = 0; i < n; i++) {
    if (oursBox(i) === theirsBox(i)) boxSame++;
    const c = q.boxCentre.subarray(3 * i, 3 * i + 3), r = q.boxQuat.subarray(4 * i, 4 * i + 4), h = q.boxHalf.subarray(3 * i, 3 * i + 3);
    const x = oracle.boxSeparation(c, r, h);
    if (x >= 0) continue;
    overlapping++;
    const ours = contact(new Box(h[0], h[1], h[2]), pose(c[0], c[1], c[2], { x: r[0], y: r[1], z: r[2], w: r[3] }), subjects.ours, identity)!.separation;
    maxDepth = Math.max(maxDepth, Math.abs(ours - x));
  }
  rows.push([`${int(n)} boxes`, '`intersectsBox(box, boxToMesh)`', '`intersects`', `${int(boxSame)} of ${int(n)} the same`]);
  rows.push([`the ${int(overlapping)} boxes that overlap the surface`, 'no depth query', '`contact(…).separation`: minus the depth', `ours within ${e(maxDepth)} of brute force`]);
  freeSubjects(subjects);
  line(`### three-mesh-bvh: a torus knot of ${int(mesh.triangles)} triangles`);
  line();
  line('`TorusKnotGeometry(10, 3, 250, 20)`; queries seeded as in the mesh benchmark. "The same": equal to 1e-12, or both a miss. three-mesh-bvh\'s `distance` is divided by the length of the ray\'s direction, which it takes as a unit vector, to give our `t`.');
  line();
  table(['queries', 'three-mesh-bvh', 'ours', 'result'], rows, ['---', '---', '---', '---']);
}

// ---------------------------------------------------------------------------------------------------

await initRapier();
line(`<!-- node --import tsx bench/differences.ts: @dimforge/rapier3d-compat ${version('@dimforge/rapier3d-compat')}, planck ${version('planck')}, three-mesh-bvh ${version('three-mesh-bvh')}, three ${version('three')} -->`);
line();
rapierFixedPairs();
rapierPools();
rapierRays();
rapierPrediction();
planckSkin();
planckPool();
planckPolygons();
meshBvh();
process.stdout.write(`${out.join('\n')}\n`);
