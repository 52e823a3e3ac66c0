/**
 * World poses of three.js objects (src/math/world-pose.ts) and the check that keeps a three.js object
 * passed as a pose from giving a silently wrong answer (src/math/transform.ts). The oracles are three.js's
 * own: `getWorldPosition`, `getWorldQuaternion`, `getWorldScale` and `Matrix4.decompose`, and for the
 * queries brute force over the world vertices that three.js's `matrixWorld` gives a box's geometry.
 */
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import {
  Box, contact, createPose, distance, InvalidNumberError, InvalidPoseError, poseFromMatrix, Scaled, Sphere, worldPose,
} from '../../src/index.js';
import * as O from '../oracles.js';
import { mulberry32 } from '../random.js';

const rand = mulberry32(1125);
const u = (lo: number, hi: number) => lo + (hi - lo) * rand();
const randomQuaternion = () => new THREE.Quaternion(u(-1, 1), u(-1, 1), u(-1, 1), u(-1, 1)).normalize();

/**
 * Three groups, each moved, rotated and uniformly scaled (a non-uniform scale on a group would shear
 * its rotated children, which no pose and scale can represent), then the leaf with its own per-axis scale.
 */
function nest(leaf: THREE.Object3D, scene: THREE.Scene, leafScale: [number, number, number]): void {
  let parent: THREE.Object3D = scene;
  for (let level = 0; level < 3; level++) {
    const group = new THREE.Group();
    group.position.set(u(-3, 3), u(-3, 3), u(-3, 3));
    group.quaternion.copy(randomQuaternion());
    group.scale.setScalar(u(0.5, 2));
    parent.add(group);
    parent = group;
  }
  leaf.position.set(u(-1, 1), u(-1, 1), u(-1, 1));
  leaf.quaternion.copy(randomQuaternion());
  leaf.scale.set(...leafScale);
  parent.add(leaf);
}

describe('worldPose against three.js', () => {
  it('gives three\'s world position, quaternion and scale for objects three groups deep', () => {
    const pose = createPose(), scale = { x: 0, y: 0, z: 0 };
    const p = new THREE.Vector3(), q = new THREE.Quaternion(), s = new THREE.Vector3();
    for (let k = 0; k < 200; k++) {
      const scene = new THREE.Scene(), mesh = new THREE.Object3D();
      nest(mesh, scene, [u(0.2, 3), u(0.2, 3), u(0.2, 3)]);
      scene.updateMatrixWorld();
      worldPose(mesh, pose, scale);
      mesh.getWorldPosition(p);
      mesh.getWorldQuaternion(q);
      mesh.getWorldScale(s);
      const size = 1 + p.length();
      expect(O.dist(O.toV3(pose.position), [p.x, p.y, p.z])).toBeLessThanOrEqual(1e-13 * size);
      // q and −q are the same rotation.
      const dot = pose.quaternion.x * q.x + pose.quaternion.y * q.y + pose.quaternion.z * q.z + pose.quaternion.w * q.w;
      expect(1 - Math.abs(dot)).toBeLessThanOrEqual(1e-13);
      expect(O.dist(O.toV3(scale), [s.x, s.y, s.z])).toBeLessThanOrEqual(1e-13 * s.length());
    }
  });

  it('an unscaled rotated object reads back scale 1 exactly; a uniformly scaled one gives a Scaled shape with a radius', () => {
    const scale = { x: 0, y: 0, z: 0 };
    for (let k = 0; k < 1000; k++) {
      const scene = new THREE.Scene(), group = new THREE.Group(), mesh = new THREE.Object3D();
      group.quaternion.copy(randomQuaternion());
      mesh.quaternion.copy(randomQuaternion());
      scene.add(group);
      group.add(mesh);
      scene.updateMatrixWorld();
      worldPose(mesh, createPose(), scale);
      expect(scale).toEqual({ x: 1, y: 1, z: 1 });
      group.scale.setScalar(2);
      scene.updateMatrixWorld();
      worldPose(mesh, createPose(), scale);
      // Each component within a few ulps of 2, and the shape keeps its swept radius (a sphere stays a sphere).
      expect(new Scaled(new Sphere(0.5), scale).sweptRadius).toBeCloseTo(1, 12);
    }
  });

  it('reads a mirror (negative determinant) as three\'s decompose does: x scale negative', () => {
    const m = new THREE.Matrix4().compose(new THREE.Vector3(1, 2, 3), randomQuaternion(), new THREE.Vector3(-2, 1, 0.5));
    const t = new THREE.Vector3(), q = new THREE.Quaternion(), s = new THREE.Vector3();
    m.decompose(t, q, s);
    const scale = { x: 0, y: 0, z: 0 };
    const pose = poseFromMatrix(m.elements, createPose(), scale);
    expect(scale.x).toBeCloseTo(s.x, 13);
    expect(scale.x).toBeLessThan(0);
    expect(scale.y).toBeCloseTo(s.y, 13);
    expect(scale.z).toBeCloseTo(s.z, 13);
    expect(pose.position).toEqual({ x: 1, y: 2, z: 3 });
    expect(Math.abs(pose.quaternion.x * q.x + pose.quaternion.y * q.y + pose.quaternion.z * q.z + pose.quaternion.w * q.w)).toBeCloseTo(1, 13);
  });

  it('reads matrices rounded to six decimals', () => {
    // About 2 % of such rotations have two columns off orthogonal by more than 1e-6.
    for (let k = 0; k < 500; k++) {
      const source = randomQuaternion();
      const m = new THREE.Matrix4().compose(new THREE.Vector3(1, 2, 3), source, new THREE.Vector3(1, 1, 1));
      const rounded = m.elements.map((v) => Math.round(v * 1e6) / 1e6);
      const scale = { x: 0, y: 0, z: 0 };
      const pose = poseFromMatrix(rounded, createPose(), scale);
      const q = pose.quaternion;
      expect(Math.abs(q.x * source.x + q.y * source.y + q.z * source.z + q.w * source.w)).toBeCloseTo(1, 11);
      expect(pose.position).toEqual({ x: 1, y: 2, z: 3 });
      for (const c of [scale.x, scale.y, scale.z]) expect(Math.abs(c - 1)).toBeLessThan(2e-6);
    }
  });

  it('rejects a sheared matrix, naming the columns', () => {
    // A non-uniformly scaled parent of a rotated child: three renders it sheared.
    const scene = new THREE.Scene(), parent = new THREE.Group(), child = new THREE.Object3D();
    parent.scale.set(3, 1, 1);
    child.quaternion.setFromAxisAngle(new THREE.Vector3(0, 0, 1), Math.PI / 4);
    scene.add(parent);
    parent.add(child);
    scene.updateMatrixWorld();
    expect(() => worldPose(child)).toThrow(InvalidPoseError);
    expect(() => worldPose(child)).toThrow(/object\.matrixWorld\.elements has a shear: its columns 0 and 1 meet at/);
    // A shear of 1e-5 is rejected too: the tolerance is 4e-6.
    const e = new THREE.Matrix4().elements.slice();
    e[4] = 1e-5;
    expect(() => poseFromMatrix(e)).toThrow(/has a shear/);
  });

  it('rejects bad matrices with typed errors naming the element', () => {
    const e = new THREE.Matrix4().elements.slice();
    e[13] = NaN;
    expect(() => poseFromMatrix(e)).toThrow(InvalidNumberError);
    expect(() => poseFromMatrix(e)).toThrow(/elements\[13\] is NaN/);
    expect(() => poseFromMatrix([1, 2, 3])).toThrow(/elements is not 16 numbers/);
    const zero = new THREE.Matrix4().makeScale(1, 0, 1).elements;
    expect(() => poseFromMatrix(zero)).toThrow(/has a zero scale/);
    const projective = new THREE.Matrix4().makePerspective(-1, 1, 1, -1, 1, 10).elements;
    expect(() => poseFromMatrix(projective)).toThrow(/expected \(0, 0, 0, 1\)/);
    expect(() => worldPose({} as never)).toThrow(/object\.matrixWorld is missing/);
  });
});

describe('queries on three.js scene graphs', () => {
  /** Brute force: distance from a point to the hull of the box geometry's eight world corners. */
  function boxPointDistance(mesh: THREE.Mesh, point: THREE.Vector3): number {
    const corners: O.V3[] = [];
    for (const x of [-0.5, 0.5]) for (const y of [-0.5, 0.5]) for (const z of [-0.5, 0.5]) {
      const v = new THREE.Vector3(x, y, z).applyMatrix4(mesh.matrixWorld);
      corners.push([v.x, v.y, v.z]);
    }
    return O.polytopeDistance(
      { json: { type: 'convexHull', points: corners }, pose: O.IDENTITY },
      { json: { type: 'point' }, pose: O.at(point.x, point.y, point.z) },
    ).distance;
  }

  it('a scaled box and a ball, each three groups deep: worldPose + Scaled give the world answer', () => {
    const unitBox = new Box(0.5, 0.5, 0.5), ball = new Sphere(0.5);
    const poseA = createPose(), poseB = createPose(), scaleA = { x: 1, y: 1, z: 1 }, scaleB = { x: 1, y: 1, z: 1 };
    let apart = 0;
    for (let k = 0; k < 100; k++) {
      const scene = new THREE.Scene();
      const boxMesh = new THREE.Mesh(new THREE.BoxGeometry(1, 1, 1));
      const ballMesh = new THREE.Mesh(new THREE.SphereGeometry(0.5));
      nest(boxMesh, scene, [u(0.5, 4), u(0.5, 4), u(0.5, 4)]);
      const s = u(0.3, 2);
      nest(ballMesh, scene, [s, s, s]);
      scene.updateMatrixWorld();
      worldPose(boxMesh, poseA, scaleA);
      worldPose(ballMesh, poseB, scaleB);
      const r = contact(new Scaled(unitBox, scaleA), poseA, new Scaled(ball, scaleB), poseB)!;
      const centre = ballMesh.getWorldPosition(new THREE.Vector3());
      const radius = 0.5 * ballMesh.getWorldScale(new THREE.Vector3()).x;
      const want = boxPointDistance(boxMesh, centre) - radius;
      if (want > 1e-9) {
        apart++;
        expect(Math.abs(r.separation - want), `pair ${k}`).toBeLessThanOrEqual(1e-9 * (1 + centre.length()));
      } else {
        expect(r.separation, `pair ${k}`).toBeLessThanOrEqual(1e-9);
      }
    }
    expect(apart).toBeGreaterThan(20);
  });

  it('a mesh inside a moved group passed as a pose is an error, not the local answer', () => {
    const scene = new THREE.Scene(), group = new THREE.Group();
    group.position.set(10, 0, 0);
    const a = new THREE.Mesh(), b = new THREE.Mesh();
    scene.add(group);
    group.add(a);
    scene.add(b);
    b.position.set(11.25, 0, 0);
    scene.updateMatrixWorld();
    // Read as local, the pair would be 10.25 apart; in the world it is 0.25 apart.
    expect(() => distance(new Sphere(0.5), a, new Sphere(0.5), b)).toThrow(InvalidPoseError);
    expect(() => distance(new Sphere(0.5), a, new Sphere(0.5), b)).toThrow(/^poseA is inside a transformed object \(1 level up\): its pose is not world space; pass worldPose\(object\) as the pose$/);
    expect(distance(new Sphere(0.5), worldPose(a), new Sphere(0.5), worldPose(b))).toBeCloseTo(0.25, 14);
  });

  it('a mesh in a group that is only rotated, only scaled, or has a hand-set matrix is an error too', () => {
    const pose = { position: { x: 5, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } };
    const cases: ((g: THREE.Group) => void)[] = [
      (g) => g.quaternion.setFromAxisAngle(new THREE.Vector3(0, 1, 0), 0.1),
      (g) => g.scale.setScalar(2),
      (g) => { g.matrixAutoUpdate = false; g.matrix.makeTranslation(1, 0, 0); },
    ];
    for (const transform of cases) {
      const scene = new THREE.Scene(), group = new THREE.Group(), a = new THREE.Mesh();
      scene.add(group);
      group.add(a);
      transform(group);
      expect(() => distance(new Sphere(0.5), a, new Sphere(0.5), pose)).toThrow(/poseA is inside a transformed object/);
    }
    // The mesh's own hand-set matrix: its position and quaternion are not read by three.js either.
    const b = new THREE.Mesh();
    b.matrixAutoUpdate = false;
    expect(() => distance(new Sphere(0.5), pose, new Sphere(0.5), b)).toThrow(/poseB has matrixAutoUpdate false/);
  });

  it('untransformed ancestors pass: (0, 0, 0, -1) is no rotation, an identity hand-set matrix is none either', () => {
    const scene = new THREE.Scene(), group = new THREE.Group(), inner = new THREE.Group(), a = new THREE.Mesh();
    group.quaternion.set(0, 0, 0, -1);
    inner.matrixAutoUpdate = false;
    scene.add(group);
    group.add(inner);
    inner.add(a);
    a.position.set(2, 0, 0);
    expect(distance(new Sphere(0.5), a, new Sphere(0.5), { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } })).toBe(1);
    // A plain pose is never taken for a three.js object, whatever other fields it has.
    const plain = { position: { x: 2, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 }, scale: 1, parent: 'x' };
    expect(distance(new Sphere(0.5), plain, new Sphere(0.5), { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } })).toBe(1);
  });

  it('a scaled mesh passed as a pose is an error naming its scale', () => {
    const scene = new THREE.Scene(), a = new THREE.Mesh();
    a.scale.set(2, 1, 1);
    scene.add(a);
    expect(() => distance(new Box(0.5, 0.5, 0.5), a, new Sphere(1), { position: { x: 5, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } }))
      .toThrow(/^poseA\.scale is \(2, 1, 1\); a pose is a rotation and a translation: read it with worldPose/);
  });

  it('meshes directly in the scene, or in untransformed groups, are poses as they are', () => {
    const scene = new THREE.Scene(), group = new THREE.Group(), a = new THREE.Mesh(), b = new THREE.Mesh();
    scene.add(group);
    group.add(a);
    scene.add(b);
    a.position.set(1, 2, 3);
    a.quaternion.copy(randomQuaternion());
    b.position.set(1, 2, 5);
    expect(distance(new Sphere(0.5), a, new Sphere(0.5), b)).toBeCloseTo(1, 14);
  });

  it('a cyclic parent chain is an error, not a hang', () => {
    const node: { isObject3D: true; position: object; quaternion: object; parent: unknown } = {
      isObject3D: true, position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 }, parent: null,
    };
    node.parent = node;
    expect(() => distance(new Sphere(1), node as never, new Sphere(1), node as never)).toThrow(/poseA\.parent chain is deeper than 256 levels/);
  });
});
