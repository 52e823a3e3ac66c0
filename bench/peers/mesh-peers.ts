/**
 * The libraries of the mesh and compound benchmark (bench/mesh.bench.ts), each on the same pools
 * (bench/mesh-pools.ts), every structure built up front, the mesh at the identity pose for all of them
 * (so that no library pays for moving the query into the mesh's frame):
 *
 * - convex-collide: `TriangleMesh(positions, index)` and `Compound(parts)` through the public queries;
 * - three-mesh-bvh 0.9: `new MeshBVH(geometry)` (its default CENTER split) and, for rays and points,
 *   `new MeshBVH(geometry, { strategy: SAH })`, each on its own clone of the geometry (a MeshBVH reorders the index it is given
 *   in place); `raycastFirst(ray, DoubleSide)` (our mesh is two-sided), `closestPointToPoint(point,
 *   target)`, `intersectsBox(box3, boxToMesh)`. It has no closest-point or contact query for a convex
 *   shape other than a point: a sphere's distance is its centre's distance minus its radius (exact for a
 *   sphere), and a box gets the boolean test only;
 * - rapier3d-compat 0.21 (WASM, float32): a `ColliderDesc.trimesh` (no flags) or `ColliderDesc.compound`
 *   collider in a never-stepped world; `castRayAndGetNormal(ray, 1e9, solid, target)`,
 *   `projectPoint(point, solid = false, target)` (sphere: centre's distance minus radius, as for
 *   three-mesh-bvh), `intersectsShape(cuboid, pos, rot)`, `contactShape(shape, pos, rot, prediction,
 *   target)` with the prediction equal to our `maxDistance`.
 *
 * Each case's loop is its own function literal, so that its call sites stay monomorphic (common.ts). The
 * box–mesh contact and the compound groups also time the part pairs the traversal tests (tested-pairs.ts).
 */
import RAPIER from '@dimforge/rapier3d-compat';
import { Box3, DoubleSide, Matrix4, Quaternion, Ray, Vector3 } from 'three';
import { MeshBVH, SAH, type HitPointInfo } from 'three-mesh-bvh';
import {
  Box, Capsule, closestPoints, Compound, contact, ConvexHull, createClosestPointsResult, createContactResult, createRayHit,
  Cylinder, distance, intersects, Point, rayCast, Sphere, Triangle, TriangleMesh, type ContactOptions, type ConvexShape,
} from '../../src/index.js';
import type { Case } from '../harness.js';
import type { BenchMesh, CompoundPool, MeshQueries } from '../mesh-pools.js';
import { hullTopology, type V3 } from '../oracles.js';
import { testedPairs, testedPairsCase, type PlainPose } from './tested-pairs.js';

type V = { x: number; y: number; z: number };
type Q = { x: number; y: number; z: number; w: number };
const IDENTITY: PlainPose = { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } };

function vecs(a: Float64Array, n: number): V[] {
  const out: V[] = [];
  for (let i = 0; i < n; i++) out.push({ x: a[3 * i], y: a[3 * i + 1], z: a[3 * i + 2] });
  return out;
}
function quats(a: Float64Array, n: number): Q[] {
  const out: Q[] = [];
  for (let i = 0; i < n; i++) out.push({ x: a[4 * i], y: a[4 * i + 1], z: a[4 * i + 2], w: a[4 * i + 3] });
  return out;
}

/** Every library's structure over one mesh. */
export interface MeshSubjects {
  ours: TriangleMesh;
  center: MeshBVH;
  sah: MeshBVH;
  world: RAPIER.World;
  collider: RAPIER.Collider;
}

export function makeSubjects(m: BenchMesh): MeshSubjects {
  const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
  return {
    ours: new TriangleMesh(m.positions, m.index),
    center: new MeshBVH(m.geometry.clone()),
    sah: new MeshBVH(m.geometry.clone(), { strategy: SAH }),
    world,
    collider: world.createCollider(RAPIER.ColliderDesc.trimesh(new Float32Array(m.positions), Uint32Array.from(m.index))),
  };
}

export function freeSubjects(s: MeshSubjects): void {
  s.world.free();
}

/** Whether `rayCast` accepts a mesh yet (it is being written): false while it throws that it does not know the kind. */
export function oursRayCastsMeshes(mesh: TriangleMesh): boolean {
  try {
    rayCast(mesh, IDENTITY, { x: 0, y: 0, z: 100 }, { x: 0, y: 0, z: -1 }, createRayHit());
    return true;
  } catch (e) {
    if (e instanceof Error && /does not know/.test(e.message)) return false;
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------------
// Rays: answer t in units of the pool's direction (t = 1 at the aim point), NaN for a miss.

export function meshRayCases(group: string, s: MeshSubjects, q: MeshQueries, withOurs: boolean): Case[] {
  const n = q.n, origins = vecs(q.rayOrigin, n), dirs = vecs(q.rayDir, n);
  const cases: Case[] = [];
  if (withOurs) {
    const hit = createRayHit(), mesh = s.ours;
    const cast = (i: number): number => rayCast(mesh, IDENTITY, origins[i], dirs[i], hit)?.t ?? NaN;
    cases.push({
      group, lib: 'convex-collide', ours: true, cycle: n, note: 'rayCast(mesh, pose, origin, direction, out)', answer: cast,
      batch(start, count) {
        let sum = 0, k = start % n;
        for (let c = 0; c < count; c++) { const t = cast(k); if (t === t) sum += t; if (++k === n) k = 0; }
        return sum;
      },
    });
  }
  const rays: Ray[] = [], lengths: number[] = [];
  for (let i = 0; i < n; i++) {
    const d = new Vector3(dirs[i].x, dirs[i].y, dirs[i].z);
    lengths.push(d.length());
    rays.push(new Ray(new Vector3(origins[i].x, origins[i].y, origins[i].z), d.normalize()));
  }
  const center = s.center, sah = s.sah;
  const castCenter = (i: number): number => { const h = center.raycastFirst(rays[i], DoubleSide); return h === null ? NaN : h.distance / lengths[i]; };
  const castSah = (i: number): number => { const h = sah.raycastFirst(rays[i], DoubleSide); return h === null ? NaN : h.distance / lengths[i]; };
  cases.push({
    group, lib: 'three-mesh-bvh (CENTER)', cycle: n, note: 'MeshBVH (default strategy).raycastFirst(ray, DoubleSide)', answer: castCenter,
    batch(start, count) {
      let sum = 0, k = start % n;
      for (let c = 0; c < count; c++) { const t = castCenter(k); if (t === t) sum += t; if (++k === n) k = 0; }
      return sum;
    },
  }, {
    group, lib: 'three-mesh-bvh (SAH)', cycle: n, note: 'MeshBVH({ strategy: SAH }).raycastFirst(ray, DoubleSide)', answer: castSah,
    batch(start, count) {
      let sum = 0, k = start % n;
      for (let c = 0; c < count; c++) { const t = castSah(k); if (t === t) sum += t; if (++k === n) k = 0; }
      return sum;
    },
  });
  const rRays = origins.map((o, i) => new RAPIER.Ray(o, dirs[i]));
  const target = new RAPIER.RayIntersection(0, { x: 0, y: 0, z: 0 }), col = s.collider;
  const castRapier = (i: number): number => col.castRayAndGetNormal(rRays[i], 1e9, true, target)?.timeOfImpact ?? NaN;
  cases.push({
    group, lib: 'rapier (collider)', cycle: n, note: 'Collider.castRayAndGetNormal(ray, 1e9, solid, target)', answer: castRapier,
    batch(start, count) {
      let sum = 0, k = start % n;
      for (let c = 0; c < count; c++) { const t = castRapier(k); if (t === t) sum += t; if (++k === n) k = 0; }
      return sum;
    },
  });
  return cases;
}

// ---------------------------------------------------------------------------------------------------
// The closest point on the mesh to a point: answer the distance.

export function meshPointCases(group: string, s: MeshSubjects, q: MeshQueries): Case[] {
  const n = q.n, pts = vecs(q.point, n), point = new Point(), mesh = s.ours, out = createClosestPointsResult();
  const poses: PlainPose[] = pts.map((p) => ({ position: p, quaternion: IDENTITY.quaternion }));
  const ours = (i: number): number => closestPoints(point, poses[i], mesh, IDENTITY, out).distance;
  const v3 = pts.map((p) => new Vector3(p.x, p.y, p.z));
  const hitC: HitPointInfo = { point: new Vector3(), distance: 0, faceIndex: 0 }, hitS: HitPointInfo = { point: new Vector3(), distance: 0, faceIndex: 0 };
  const center = s.center, sah = s.sah;
  const viaCenter = (i: number): number => center.closestPointToPoint(v3[i], hitC)!.distance;
  const viaSah = (i: number): number => sah.closestPointToPoint(v3[i], hitS)!.distance;
  const proj = new RAPIER.PointProjection({ x: 0, y: 0, z: 0 }, false), col = s.collider;
  const viaRapier = (i: number): number => {
    const r = col.projectPoint(pts[i], false, proj);
    if (r === null) return NaN;
    const p = pts[i];
    return Math.hypot(r.point.x - p.x, r.point.y - p.y, r.point.z - p.z);
  };
  return [{
    group, lib: 'convex-collide', ours: true, cycle: n, note: 'closestPoints(new Point(), pose, mesh, pose, out).distance', answer: ours,
    batch(start, count) {
      let sum = 0, k = start % n;
      for (let c = 0; c < count; c++) { sum += ours(k); if (++k === n) k = 0; }
      return sum;
    },
  }, {
    group, lib: 'three-mesh-bvh (CENTER)', cycle: n, note: 'MeshBVH.closestPointToPoint(point, target).distance', answer: viaCenter,
    batch(start, count) {
      let sum = 0, k = start % n;
      for (let c = 0; c < count; c++) { sum += viaCenter(k); if (++k === n) k = 0; }
      return sum;
    },
  }, {
    group, lib: 'three-mesh-bvh (SAH)', cycle: n, note: 'the same on the SAH tree', answer: viaSah,
    batch(start, count) {
      let sum = 0, k = start % n;
      for (let c = 0; c < count; c++) { sum += viaSah(k); if (++k === n) k = 0; }
      return sum;
    },
  }, {
    group, lib: 'rapier (collider)', cycle: n, note: 'Collider.projectPoint(point, solid = false, target), |projection − point|', answer: viaRapier,
    batch(start, count) {
      let sum = 0, k = start % n;
      for (let c = 0; c < count; c++) { sum += viaRapier(k); if (++k === n) k = 0; }
      return sum;
    },
  }];
}

// ---------------------------------------------------------------------------------------------------
// Spheres: answer the distance (0 when overlapping).

export function meshSphereCases(group: string, s: MeshSubjects, q: MeshQueries): Case[] {
  const n = q.n, centres = vecs(q.sphereCentre, n), r = q.sphereRadius, mesh = s.ours, out = createClosestPointsResult();
  const spheres = Array.from(r, (x) => new Sphere(x));
  const poses: PlainPose[] = centres.map((p) => ({ position: p, quaternion: IDENTITY.quaternion }));
  const ours = (i: number): number => closestPoints(spheres[i], poses[i], mesh, IDENTITY, out).distance;
  const v3 = centres.map((p) => new Vector3(p.x, p.y, p.z));
  const hitC: HitPointInfo = { point: new Vector3(), distance: 0, faceIndex: 0 }, center = s.center;
  const viaCenter = (i: number): number => Math.max(0, center.closestPointToPoint(v3[i], hitC)!.distance - r[i]);
  const proj = new RAPIER.PointProjection({ x: 0, y: 0, z: 0 }, false), col = s.collider;
  const viaRapier = (i: number): number => {
    const pr = col.projectPoint(centres[i], false, proj);
    if (pr === null) return NaN;
    const p = centres[i];
    return Math.max(0, Math.hypot(pr.point.x - p.x, pr.point.y - p.y, pr.point.z - p.z) - r[i]);
  };
  return [{
    group, lib: 'convex-collide', ours: true, cycle: n, note: 'closestPoints(sphere, pose, mesh, pose, out).distance', answer: ours,
    batch(start, count) {
      let sum = 0, k = start % n;
      for (let c = 0; c < count; c++) { sum += ours(k); if (++k === n) k = 0; }
      return sum;
    },
  }, {
    group, lib: 'three-mesh-bvh (CENTER)', cycle: n, note: 'max(0, MeshBVH.closestPointToPoint(centre, target).distance − radius)', answer: viaCenter,
    batch(start, count) {
      let sum = 0, k = start % n;
      for (let c = 0; c < count; c++) { sum += viaCenter(k); if (++k === n) k = 0; }
      return sum;
    },
  }, {
    group, lib: 'rapier (collider)', cycle: n, note: 'max(0, |Collider.projectPoint(centre, false, target) − centre| − radius)', answer: viaRapier,
    batch(start, count) {
      let sum = 0, k = start % n;
      for (let c = 0; c < count; c++) { sum += viaRapier(k); if (++k === n) k = 0; }
      return sum;
    },
  }];
}

// ---------------------------------------------------------------------------------------------------
// Boxes: intersection (1/0), and contact within maxDistance (signed separation, NaN beyond).

interface BoxInputs { boxes: Box[]; poses: PlainPose[]; cuboids: RAPIER.Cuboid[]; box3: Box3[]; toMesh: Matrix4[] }

function boxInputs(q: { n: number; boxCentre: Float64Array; boxHalf: Float64Array; boxQuat: Float64Array }): BoxInputs {
  const n = q.n, c = vecs(q.boxCentre, n), r = quats(q.boxQuat, n), h = q.boxHalf;
  const boxes: Box[] = [], poses: PlainPose[] = [], cuboids: RAPIER.Cuboid[] = [], box3: Box3[] = [], toMesh: Matrix4[] = [];
  for (let i = 0; i < n; i++) {
    boxes.push(new Box(h[3 * i], h[3 * i + 1], h[3 * i + 2]));
    poses.push({ position: c[i], quaternion: r[i] });
    cuboids.push(new RAPIER.Cuboid(h[3 * i], h[3 * i + 1], h[3 * i + 2]));
    const half = new Vector3(h[3 * i], h[3 * i + 1], h[3 * i + 2]);
    box3.push(new Box3(half.clone().negate(), half));
    toMesh.push(new Matrix4().compose(new Vector3(c[i].x, c[i].y, c[i].z), new Quaternion(r[i].x, r[i].y, r[i].z, r[i].w), new Vector3(1, 1, 1)));
  }
  return { boxes, poses, cuboids, box3, toMesh };
}

export function meshBoxIntersectionCases(group: string, s: MeshSubjects, q: MeshQueries): Case[] {
  const n = q.n, { boxes, poses, cuboids, box3, toMesh } = boxInputs(q), mesh = s.ours, col = s.collider, center = s.center;
  const ours = (i: number): number => (intersects(boxes[i], poses[i], mesh, IDENTITY) ? 1 : 0);
  const viaCenter = (i: number): number => (center.intersectsBox(box3[i], toMesh[i]) ? 1 : 0);
  const viaRapier = (i: number): number => (col.intersectsShape(cuboids[i], poses[i].position, poses[i].quaternion) ? 1 : 0);
  return [{
    group, lib: 'convex-collide', ours: true, cycle: n, note: 'intersects(box, pose, mesh, pose)', answer: ours,
    batch(start, count) {
      let sum = 0, k = start % n;
      for (let c = 0; c < count; c++) { sum += ours(k); if (++k === n) k = 0; }
      return sum;
    },
  }, {
    group, lib: 'three-mesh-bvh (CENTER)', cycle: n, note: 'MeshBVH.intersectsBox(Box3 of the half extents, box-to-mesh Matrix4)', answer: viaCenter,
    batch(start, count) {
      let sum = 0, k = start % n;
      for (let c = 0; c < count; c++) { sum += viaCenter(k); if (++k === n) k = 0; }
      return sum;
    },
  }, {
    group, lib: 'rapier (collider)', cycle: n, note: 'Collider.intersectsShape(cuboid, position, rotation)', answer: viaRapier,
    batch(start, count) {
      let sum = 0, k = start % n;
      for (let c = 0; c < count; c++) { sum += viaRapier(k); if (++k === n) k = 0; }
      return sum;
    },
  }];
}

export function meshBoxContactCases(group: string, s: MeshSubjects, q: MeshQueries, maxDistance: number): Case[] {
  const n = q.n, { boxes, poses, cuboids } = boxInputs(q), mesh = s.ours, col = s.collider, out = createContactResult();
  const options: ContactOptions = { maxDistance };
  const ours = (i: number): number => contact(boxes[i], poses[i], mesh, IDENTITY, out, options)?.separation ?? NaN;
  const target = new RAPIER.ShapeContact(0, { x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 0 });
  const viaRapier = (i: number): number => col.contactShape(cuboids[i], poses[i].position, poses[i].quaternion, maxDistance, target)?.distance ?? NaN;
  const v = mesh.vertices, tri = mesh.triangles;
  const triangles = new Map<number, Triangle>();
  const part = (p: number): { shape: ConvexShape; pose: PlainPose } => {
    let t = triangles.get(p);
    if (!t) {
      const a = 3 * tri[3 * p], b = 3 * tri[3 * p + 1], c = 3 * tri[3 * p + 2];
      t = new Triangle({ x: v[a], y: v[a + 1], z: v[a + 2] }, { x: v[b], y: v[b + 1], z: v[b + 2] }, { x: v[c], y: v[c + 1], z: v[c + 2] });
      triangles.set(p, t);
    }
    return { shape: t, pose: IDENTITY };
  };
  const tested = testedPairs(mesh, boxes, poses, maxDistance, part, (p) => mesh.sourceIndex[p]);
  return [{
    group, lib: 'convex-collide', ours: true, cycle: n, note: `contact(box, pose, mesh, pose, out, { maxDistance: ${maxDistance} })`, answer: ours,
    batch(start, count) {
      let sum = 0, k = start % n;
      for (let c = 0; c < count; c++) { const x = ours(k); if (x === x) sum += x; if (++k === n) k = 0; }
      return sum;
    },
  }, testedPairsCase(group, tested, boxes, poses, maxDistance, 'triangle'), {
    group, lib: 'rapier (collider)', cycle: n, note: `Collider.contactShape(cuboid, position, rotation, prediction ${maxDistance}, target)`, answer: viaRapier,
    batch(start, count) {
      let sum = 0, k = start % n;
      for (let c = 0; c < count; c++) { const x = viaRapier(k); if (x === x) sum += x; if (++k === n) k = 0; }
      return sum;
    },
  }];
}

// ---------------------------------------------------------------------------------------------------
// A box against a 20-part compound.

export interface CompoundSubjects {
  ours: Compound;
  world: RAPIER.World;
  collider: RAPIER.Collider;
  /** Each part alone (our shape and its pose), for the reference answers and the tested pairs. */
  parts: Array<{ shape: ConvexShape; pose: PlainPose }>;
}

export function makeCompoundSubjects(pool: CompoundPool): CompoundSubjects {
  const parts: Array<{ shape: ConvexShape; pose: PlainPose }> = [];
  const rShapes: RAPIER.Shape[] = [], positions: V[] = [], rotations: Q[] = [];
  const pts: V3[] = [];
  for (let k = 0; k < pool.hullTemplate.length; k += 3) pts.push([pool.hullTemplate[k], pool.hullTemplate[k + 1], pool.hullTemplate[k + 2]]);
  const hullIndices = Uint32Array.from(hullTopology(pts).tris.flat());
  for (const p of pool.parts) {
    const d = p.dims;
    let shape: ConvexShape, r: RAPIER.Shape;
    switch (p.kind) {
      case 'box': shape = new Box(d[0], d[1], d[2]); r = new RAPIER.Cuboid(d[0], d[1], d[2]); break;
      case 'sphere': shape = new Sphere(d[0]); r = new RAPIER.Ball(d[0]); break;
      case 'capsule': shape = new Capsule(d[0], d[1]); r = new RAPIER.Capsule(d[0], d[1]); break;
      case 'cylinder': shape = new Cylinder(d[0], d[1]); r = new RAPIER.Cylinder(d[0], d[1]); break;
      case 'hull': {
        const scaled = pool.hullTemplate.map((x) => x * d[0]);
        shape = new ConvexHull(scaled);
        r = new RAPIER.ConvexPolyhedron(new Float32Array(scaled), hullIndices);
        break;
      }
    }
    parts.push({ shape, pose: { position: p.position, quaternion: p.quaternion } });
    rShapes.push(r); positions.push(p.position); rotations.push(p.quaternion);
  }
  const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
  const collider = world.createCollider(RAPIER.ColliderDesc.compound(rShapes, positions, rotations));
  return { ours: new Compound(parts.map((x) => ({ shape: x.shape, pose: x.pose }))), world, collider, parts };
}

/**
 * Reference answers: every part against the box by the convex query, the least answer (separation, or
 * distance), NaN beyond `maxDistance`. This checks the traversal, not the convex queries (which the
 * pairwise benchmark scores against exact answers).
 */
export function compoundReference(c: CompoundSubjects, pool: CompoundPool, maxDistance: number | undefined): Float64Array {
  const { boxes, poses } = boxInputs(pool), out = createContactResult(), ans = new Float64Array(pool.n);
  for (let i = 0; i < pool.n; i++) {
    let best = Infinity;
    for (const p of c.parts) {
      best = Math.min(best, maxDistance === undefined ? distance(boxes[i], poses[i], p.shape, p.pose) : contact(boxes[i], poses[i], p.shape, p.pose, out)!.separation);
    }
    ans[i] = maxDistance !== undefined && best > maxDistance ? NaN : best;
  }
  return ans;
}

/** Contact within `maxDistance`, or distance (`maxDistance` undefined; rapier then predicts up to 100). */
export function compoundCases(group: string, c: CompoundSubjects, pool: CompoundPool, maxDistance: number | undefined): Case[] {
  const n = pool.n, { boxes, poses, cuboids } = boxInputs(pool), compound = c.ours, col = c.collider;
  const tested = testedPairs(compound, boxes, poses, maxDistance, (p) => c.parts[p], (p) => p);
  const target = new RAPIER.ShapeContact(0, { x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 0 });
  const cases: Case[] = [];
  if (maxDistance === undefined) {
    const ours = (i: number): number => distance(boxes[i], poses[i], compound, IDENTITY);
    const viaRapier = (i: number): number => {
      const r = col.contactShape(cuboids[i], poses[i].position, poses[i].quaternion, 100, target);
      return r === null ? NaN : Math.max(0, r.distance);
    };
    cases.push({
      group, lib: 'convex-collide', ours: true, cycle: n, note: 'distance(box, pose, compound, pose)', answer: ours,
      batch(start, count) {
        let sum = 0, k = start % n;
        for (let q = 0; q < count; q++) { sum += ours(k); if (++k === n) k = 0; }
        return sum;
      },
    }, testedPairsCase(group, tested, boxes, poses, undefined, 'part'), {
      group, lib: 'rapier (collider)', cycle: n, note: 'compound collider .contactShape(cuboid, position, rotation, prediction 100, target): max(0, distance)', answer: viaRapier,
      batch(start, count) {
        let sum = 0, k = start % n;
        for (let q = 0; q < count; q++) { const x = viaRapier(k); if (x === x) sum += x; if (++k === n) k = 0; }
        return sum;
      },
    });
    return cases;
  }
  const out = createContactResult(), options: ContactOptions = { maxDistance };
  const ours = (i: number): number => contact(boxes[i], poses[i], compound, IDENTITY, out, options)?.separation ?? NaN;
  const viaRapier = (i: number): number => col.contactShape(cuboids[i], poses[i].position, poses[i].quaternion, maxDistance, target)?.distance ?? NaN;
  cases.push({
    group, lib: 'convex-collide', ours: true, cycle: n, note: `contact(box, pose, compound, pose, out, { maxDistance: ${maxDistance} })`, answer: ours,
    batch(start, count) {
      let sum = 0, k = start % n;
      for (let q = 0; q < count; q++) { const x = ours(k); if (x === x) sum += x; if (++k === n) k = 0; }
      return sum;
    },
  }, testedPairsCase(group, tested, boxes, poses, maxDistance, 'part'), {
    group, lib: 'rapier (collider)', cycle: n, note: `compound collider .contactShape(cuboid, position, rotation, prediction ${maxDistance}, target)`, answer: viaRapier,
    batch(start, count) {
      let sum = 0, k = start % n;
      for (let q = 0; q < count; q++) { const x = viaRapier(k); if (x === x) sum += x; if (++k === n) k = 0; }
      return sum;
    },
  });
  return cases;
}
