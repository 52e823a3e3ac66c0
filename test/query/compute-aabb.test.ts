/**
 * computeAabb against independent oracles (test/oracles.ts): the box of a convex set along world axis i
 * spans [−h(−e_i), h(e_i)], with h the oracle's own support function written from each shape's
 * definition; for polytopes, the same box comes from brute force over the world vertices. The box must
 * be tight (each face at the oracle's extreme) and contain every sampled support point.
 */
import fc from 'fast-check';
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { shapeFromJSON, type ShapeJSON } from '../../src/format/index.js';
import {
  Box, computeAabb, Cone, createAabb, Cylinder, InvalidNumberError, InvalidQuaternionError, InvalidShapeError, type Aabb, type Shape,
} from '../../src/index.js';
import * as A from '../arbitraries.js';
import * as O from '../oracles.js';
import { runs, seed } from '../runs.js';

const DIRECTIONS = O.sphereDirections(200);
const AXES: O.V3[] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];

/** The oracle's box: per axis, the support values along ±e_i. */
function oracleBox(p: O.Placed): { min: O.V3; max: O.V3 } {
  const min: O.V3 = [0, 0, 0], max: O.V3 = [0, 0, 0];
  AXES.forEach((e, i) => {
    max[i] = O.supportWorld(p, e)[i];
    min[i] = O.supportWorld(p, [-e[0], -e[1], -e[2]])[i];
  });
  return { min, max };
}

const isPolytope = (j: ShapeJSON) => ['point', 'segment', 'triangle', 'box', 'convexHull'].includes(j.type);

function checkBox(j: ShapeJSON, pose: O.PoseT, tolerance: number): void {
  const shape = shapeFromJSON(j);
  const box = computeAabb(shape, O.poseObj(pose));
  const scale = O.shapeSize(j) + O.norm(pose.position as O.V3);
  const tol = tolerance * (1 + scale);
  const want = oracleBox({ json: j, pose });
  const got = { min: [box.min.x, box.min.y, box.min.z], max: [box.max.x, box.max.y, box.max.z] };
  for (let i = 0; i < 3; i++) {
    expect(Math.abs(got.min[i] - want.min[i]), `min[${i}] ${JSON.stringify(j)}`).toBeLessThanOrEqual(tol);
    expect(Math.abs(got.max[i] - want.max[i]), `max[${i}] ${JSON.stringify(j)}`).toBeLessThanOrEqual(tol);
  }
  // Every sampled support point inside (the worst one checked: one expect, not 1,200 per case).
  let outside = 0, worst: O.V3 = [0, 0, 0];
  for (const d of DIRECTIONS) {
    const p = O.supportWorld({ json: j, pose }, d);
    for (let i = 0; i < 3; i++) {
      const beyond = Math.max(got.min[i] - p[i], p[i] - got.max[i]);
      if (beyond > outside) { outside = beyond; worst = p; }
    }
  }
  expect(outside, `support point ${worst} outside the box ${JSON.stringify(got)} of ${JSON.stringify(j)}`).toBeLessThanOrEqual(tol);
  // Polytopes: brute force over the world vertices gives the same box.
  if (isPolytope(j)) {
    const vs = O.polytopeVertices({ json: j, pose });
    for (let i = 0; i < 3; i++) {
      expect(Math.abs(got.min[i] - Math.min(...vs.map((v) => v[i])))).toBeLessThanOrEqual(tol);
      expect(Math.abs(got.max[i] - Math.max(...vs.map((v) => v[i])))).toBeLessThanOrEqual(tol);
    }
  }
}

describe('computeAabb', () => {
  it('every kind, posed at random: the oracle support box, containing every support point', () => {
    fc.assert(fc.property(A.anyShape, A.pose(3), (j, pose) => checkBox(j, pose, 1e-12)), { seed: seed(1401), numRuns: runs(400) });
  });

  it('hard set: slivers, flat and near-coplanar hulls, scales 1e-3..1e3, poses 1e5 from the origin', () => {
    const hard = fc.oneof(A.sliverShape, A.flatShape, A.nearCoplanarHull, A.scaledPolytope.map((s) => s.json));
    fc.assert(fc.property(hard, A.pose(3), fc.constantFrom(1, 1e5), (j, pose, far) => {
      checkBox(j, { ...pose, position: O.scale(pose.position as O.V3, far) }, 1e-12);
    }), { seed: seed(1402), numRuns: runs(300) });
  });

  it('axis-aligned curved shapes: the closed-form boxes exactly', () => {
    const p = O.poseObj(O.at(1, 2, 3));
    const cyl = computeAabb(new Cylinder(2, 0.5), p);
    expect([cyl.min, cyl.max]).toEqual([{ x: 0.5, y: 0, z: 2.5 }, { x: 1.5, y: 4, z: 3.5 }]);
    const cone = computeAabb(new Cone(1, 0.5), p);
    expect([cone.min, cone.max]).toEqual([{ x: 0.5, y: 1, z: 2.5 }, { x: 1.5, y: 3, z: 3.5 }]);
  });

  it('an axis 1e-9 off a world axis: the discs of a cone and a cylinder still span r·√(u_j² + u_k²)', () => {
    // Found by the nested-sum property (seed 1405): a quaternion 2e-10 off a rotation that maps the
    // cone's axis onto z. The disc's extent along z is then 0.2 × 1.3e-9; computed as r·√(1 − u_z²) it
    // was all rounding (0), and the box missed the base rim by 2.6e-10.
    const pose: O.PoseT = { position: [-3, -3, -3], quaternion: [-0.5000000002328306, -0.5000000002328306, -0.5000000002328306, -0.49999999930150807] };
    for (const j of [{ type: 'cone', halfHeight: 0.4, radius: 0.2 }, { type: 'cylinder', halfHeight: 0.4, radius: 0.2 }] as ShapeJSON[]) {
      checkBox(j, pose, 1e-15);
    }
  });

  it('big hulls (support by hill climbing) and a user support map (six support calls)', () => {
    const pts: O.V3[] = O.sphereDirections(500).map((d) => O.scale(d, 1.5));
    fc.assert(fc.property(A.pose(3), (pose) => checkBox({ type: 'convexHull', points: pts }, pose, 1e-12)), { seed: seed(1403), numRuns: runs(50) });
    const custom: Shape = {
      sweptRadius: 0.1, boundingRadius: 1,
      support(out, d) {
        out.x = d.x >= 0 ? 0.4 : -0.4; out.y = d.y >= 0 ? 0.3 : -0.3; out.z = d.z >= 0 ? 0.2 : -0.2;
        return out;
      },
    };
    fc.assert(fc.property(A.pose(3), (pose) => {
      const box = computeAabb(custom, O.poseObj(pose));
      const want = oracleBox({ json: { type: 'rounded', shape: { type: 'box', halfExtents: [0.4, 0.3, 0.2] }, radius: 0.1 }, pose });
      for (let i = 0; i < 3; i++) {
        expect(Math.abs([box.min.x, box.min.y, box.min.z][i] - want.min[i])).toBeLessThan(1e-12);
        expect(Math.abs([box.max.x, box.max.y, box.max.z][i] - want.max[i])).toBeLessThan(1e-12);
      }
    }), { seed: seed(1404), numRuns: runs(100) });
  });

  it('nested sums: each level of a sum of sums gets its own scratch', () => {
    const j: ShapeJSON = {
      type: 'minkowskiSum',
      a: { type: 'minkowskiSum', a: { type: 'box', halfExtents: [0.3, 0.1, 0.2] }, b: { type: 'segment', a: [0, 0, 0], b: [0.5, 0.2, 0] } },
      b: { type: 'rounded', shape: { type: 'minkowskiSum', a: { type: 'cone', halfHeight: 0.4, radius: 0.2 }, b: { type: 'sphere', radius: 0.1 } }, radius: 0.05 },
    };
    fc.assert(fc.property(A.pose(3), (pose) => checkBox(j, pose, 1e-12)), { seed: seed(1405), numRuns: runs(100) });
  });

  it('writes into out and returns it; a three.js Box3 and an Object3D work as out and pose', () => {
    const out: Aabb = createAabb();
    expect(computeAabb(new Box(1, 2, 3), O.poseObj(O.IDENTITY), out)).toBe(out);
    expect([out.min, out.max]).toEqual([{ x: -1, y: -2, z: -3 }, { x: 1, y: 2, z: 3 }]);
    const mesh = new THREE.Object3D();
    mesh.position.set(1, 0, 0);
    mesh.quaternion.setFromAxisAngle(new THREE.Vector3(0, 0, 1), Math.PI / 2);
    const box3 = new THREE.Box3();
    expect(computeAabb(new Box(1, 2, 3), mesh, box3)).toBe(box3);
    expect(box3.min.x).toBeCloseTo(-1, 15);
    expect(box3.max.x).toBeCloseTo(3, 15);
    expect(box3.min.y).toBeCloseTo(-1, 15);
    expect(box3.max.y).toBeCloseTo(1, 15);
    expect(box3.max.z).toBeCloseTo(3, 15);
  });

  it('bad input: typed errors naming the field', () => {
    const p = O.poseObj(O.IDENTITY);
    expect(() => computeAabb(null as unknown as Shape, p)).toThrow(InvalidShapeError);
    expect(() => computeAabb({ kind: 'compound', boundingRadius: 1 } as unknown as Shape, p)).toThrow(/^shape is not a shape/);
    expect(() => computeAabb(new Box(1, 1, 1), { position: { x: NaN, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } }))
      .toThrow(InvalidNumberError);
    expect(() => computeAabb(new Box(1, 1, 1), { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 2 } }))
      .toThrow(InvalidQuaternionError);
  });
});
