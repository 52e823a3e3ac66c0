/**
 * cannon-es 0.20 (pure JavaScript) where it can answer: it has no distance or penetration-depth
 * query, only contact generation, so it appears in the intersection groups. Its narrow phase is
 * called directly with `justTest = true` (`Narrowphase.boxBox`, `sphereBox`, `convexConvex`), which
 * returns `true` on the first contact found: SAT over face normals and edge pairs, then face
 * clipping. Hulls are `ConvexPolyhedron`s built from the template's exact triangulated faces.
 */
import * as CANNON from 'cannon-es';
import type { Case } from '../harness.js';
import { hullTopology, type V3 } from '../oracles.js';
import type { PairGroup } from './common.js';

export function cannonCases(g: PairGroup): Case[] {
  if (g.kind === 'manifold') return cannonManifoldCases(g);
  if (g.kind !== 'intersection') return [];
  const p = g.pool;
  const np = new CANNON.Narrowphase(new CANNON.World());
  const bodyA = new CANNON.Body(), bodyB = new CANNON.Body();
  const xA: CANNON.Vec3[] = [], xB: CANNON.Vec3[] = [], qA: CANNON.Quaternion[] = [], qB: CANNON.Quaternion[] = [];
  for (let i = 0; i < p.size; i++) {
    xA.push(new CANNON.Vec3(0, 0, 0));
    xB.push(new CANNON.Vec3(p.posB[3 * i], p.posB[3 * i + 1], p.posB[3 * i + 2]));
    qA.push(new CANNON.Quaternion(p.quatA[4 * i], p.quatA[4 * i + 1], p.quatA[4 * i + 2], p.quatA[4 * i + 3]));
    qB.push(p.kind === 'sphere-box'
      ? new CANNON.Quaternion(0, 0, 0, 1)
      : new CANNON.Quaternion(p.quatB[4 * i], p.quatB[4 * i + 1], p.quatB[4 * i + 2], p.quatB[4 * i + 3]));
  }
  const idx = g.pairs, n = idx.length;
  let test: (i: number) => boolean;
  let note: string;
  if (p.kind === 'boxes') {
    const sA: CANNON.Box[] = [], sB: CANNON.Box[] = [];
    for (let i = 0; i < p.size; i++) {
      sA.push(new CANNON.Box(new CANNON.Vec3(p.halfA[3 * i], p.halfA[3 * i + 1], p.halfA[3 * i + 2])));
      sB.push(new CANNON.Box(new CANNON.Vec3(p.halfB[3 * i], p.halfB[3 * i + 1], p.halfB[3 * i + 2])));
    }
    test = (i) => np.boxBox(sA[i], sB[i], xA[i], xB[i], qA[i], qB[i], bodyA, bodyB, null, null, true) === true;
    note = 'Narrowphase.boxBox(justTest)';
  } else if (p.kind === 'sphere-box') {
    const box: CANNON.Box[] = [], ball: CANNON.Sphere[] = [];
    for (let i = 0; i < p.size; i++) {
      box.push(new CANNON.Box(new CANNON.Vec3(p.halfA[3 * i], p.halfA[3 * i + 1], p.halfA[3 * i + 2])));
      ball.push(new CANNON.Sphere(p.radiusB[i]));
    }
    // cannon's pair order is (sphere, box).
    test = (i) => np.sphereBox(ball[i], box[i], xB[i], xA[i], qB[i], qA[i], bodyB, bodyA, null, null, true) === true;
    note = 'Narrowphase.sphereBox(justTest)';
  } else {
    const pts: V3[] = [];
    for (let k = 0; k < p.template.length; k += 3) pts.push([p.template[k], p.template[k + 1], p.template[k + 2]]);
    const topo = hullTopology(pts);
    const hull = new CANNON.ConvexPolyhedron({
      vertices: pts.map(([x, y, z]) => new CANNON.Vec3(x, y, z)),
      faces: topo.tris.map((t) => [...t]),
    });
    test = (i) => np.convexConvex(hull, hull, xA[i], xB[i], qA[i], qB[i], bodyA, bodyB, null, null, true) === true;
    note = 'Narrowphase.convexConvex(justTest)';
  }
  return [{
    group: g.name, lib: 'cannon-es', cycle: n, note,
    // Its hull test takes milliseconds per pair: score the first 500 pairs only.
    ...(p.kind === 'hulls' ? { accuracySubset: 500 } : {}),
    batch(start, count) {
      let hits = 0, k = start % n;
      for (let c = 0; c < count; c++) {
        if (test(idx[k])) hits++;
        if (++k === n) k = 0;
      }
      return hits;
    },
    answer: (i) => (test(i) ? 1 : 0),
  }];
}

/**
 * cannon-es's contact generation (its manifolds): `Narrowphase.boxBox` and `convexConvex` with
 * `justTest = false`, which clip the faces (ConvexPolyhedron.clipAgainstHull) and write one
 * ContactEquation per point into the narrow phase's result list; the equations go back to its pool
 * after each pair, as a world step does.
 */
function cannonManifoldCases(g: PairGroup): Case[] {
  const p = g.pool;
  if (p.kind === 'sphere-box') return [];
  const world = new CANNON.World();
  const np = new CANNON.Narrowphase(world);
  const result: CANNON.ContactEquation[] = [], friction: CANNON.FrictionEquation[] = [];
  const npx = np as unknown as { result: CANNON.ContactEquation[]; frictionResult: CANNON.FrictionEquation[]; currentContactMaterial: CANNON.ContactMaterial; contactPointPool: CANNON.ContactEquation[] };
  npx.result = result; npx.frictionResult = friction; npx.currentContactMaterial = world.defaultContactMaterial;
  const bodyA = new CANNON.Body({ mass: 1 }), bodyB = new CANNON.Body({ mass: 1 });
  const at = (i: number, b: boolean): [CANNON.Vec3, CANNON.Quaternion] => {
    const x = b ? new CANNON.Vec3(p.posB[3 * i], p.posB[3 * i + 1], p.posB[3 * i + 2]) : new CANNON.Vec3(0, 0, 0);
    const q = b ? new CANNON.Quaternion(p.quatB[4 * i], p.quatB[4 * i + 1], p.quatB[4 * i + 2], p.quatB[4 * i + 3])
      : new CANNON.Quaternion(p.quatA[4 * i], p.quatA[4 * i + 1], p.quatA[4 * i + 2], p.quatA[4 * i + 3]);
    return [x, q];
  };
  const xA: CANNON.Vec3[] = [], xB: CANNON.Vec3[] = [], qA: CANNON.Quaternion[] = [], qB: CANNON.Quaternion[] = [];
  for (let i = 0; i < p.size; i++) {
    const [a, qa] = at(i, false), [b, qb] = at(i, true);
    xA.push(a); qA.push(qa); xB.push(b); qB.push(qb);
  }
  let collide: (i: number) => void;
  let note: string;
  if (p.kind === 'boxes') {
    const sA: CANNON.Box[] = [], sB: CANNON.Box[] = [];
    for (let i = 0; i < p.size; i++) {
      sA.push(new CANNON.Box(new CANNON.Vec3(p.halfA[3 * i], p.halfA[3 * i + 1], p.halfA[3 * i + 2])));
      sB.push(new CANNON.Box(new CANNON.Vec3(p.halfB[3 * i], p.halfB[3 * i + 1], p.halfB[3 * i + 2])));
    }
    collide = (i) => { np.boxBox(sA[i], sB[i], xA[i], xB[i], qA[i], qB[i], bodyA, bodyB, null, null, false); };
    note = 'Narrowphase.boxBox: contact equations';
  } else {
    const pts: V3[] = [];
    for (let k = 0; k < p.template.length; k += 3) pts.push([p.template[k], p.template[k + 1], p.template[k + 2]]);
    const topo = hullTopology(pts);
    const hull = new CANNON.ConvexPolyhedron({ vertices: pts.map(([x, y, z]) => new CANNON.Vec3(x, y, z)), faces: topo.tris.map((t) => [...t]) });
    collide = (i) => { np.convexConvex(hull, hull, xA[i], xB[i], qA[i], qB[i], bodyA, bodyB, null, null, false); };
    note = 'Narrowphase.convexConvex: contact equations (faces as the template\'s triangles)';
  }
  /** Runs one pair and hands its equations back; returns how many points it made and the deepest. */
  const run = (i: number): [number, number] => {
    collide(i);
    let deepest = NaN;
    for (const c of result) {
      // cannon's penetration: (rj + xj − ri − xi) · ni < 0 where the shapes overlap.
      const d = (c.rj.x + c.bj.position.x - c.ri.x - c.bi.position.x) * c.ni.x
        + (c.rj.y + c.bj.position.y - c.ri.y - c.bi.position.y) * c.ni.y
        + (c.rj.z + c.bj.position.z - c.ri.z - c.bi.position.z) * c.ni.z;
      deepest = Number.isNaN(deepest) ? -d : Math.max(deepest, -d);
    }
    const n = result.length;
    for (const c of result) npx.contactPointPool.push(c);
    result.length = 0;
    friction.length = 0;
    return [n, deepest];
  };
  const idx = g.pairs, n = idx.length;
  return [{
    group: g.name, lib: 'cannon-es', cycle: n, note,
    ...(p.kind === 'hulls' ? { accuracySubset: 0 } : {}),
    batch(start, count) {
      let points = 0, k = start % n;
      for (let c = 0; c < count; c++) {
        points += run(idx[k])[0];
        if (++k === n) k = 0;
      }
      return points;
    },
    answer: (i) => run(i)[1],
  }];
}
