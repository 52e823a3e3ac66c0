// The bodies of the world scene (world-scene.ts): what kinds there are, described as data in the JSON SHAPE
// format (so a test can build the same shapes in another process), built with the library, and turned into
// one cheap triangle geometry each, for an InstancedMesh to draw hundreds of.
import * as THREE from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import { Compound } from 'convex-collide';
import type { Shape } from 'convex-collide';
import { shapeFromJSON } from 'convex-collide/format';
import type { ShapeJSON } from 'convex-collide/format';
import { disposeTree } from './geometry.js';
import { shapeObject } from './shape-mesh.js';

/** A kind of body: a convex shape in the JSON SHAPE format, or a compound of convex parts at poses. */
export type BodyKind =
  | { readonly name: string; readonly shape: ShapeJSON }
  | { readonly name: string; readonly parts: readonly { shape: ShapeJSON; position: number[]; quaternion: number[] }[] };

/** A deterministic pseudo-random generator (mulberry32), so that Reset and the tests see the same scene. */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A lumpy rock: points on a squashed sphere, their radii jittered, for quickhull to wrap. */
function rockPoints(count: number, seed: number): number[][] {
  const rand = random(seed), golden = Math.PI * (3 - Math.sqrt(5));
  return Array.from({ length: count }, (_, i) => {
    const y = 1 - (2 * (i + 0.5)) / count, r = Math.sqrt(1 - y * y), phi = i * golden;
    const s = 0.24 + 0.1 * rand();
    return [1.3 * s * r * Math.cos(phi), 0.8 * s * y, s * r * Math.sin(phi)];
  });
}

const TURN_Z = [0, 0, Math.SQRT1_2, Math.SQRT1_2];
const NO_TURN = [0, 0, 0, 1];
/** The bodies, in turn: every kind of convex shape the library has a closed form or a support map for, and a compound. */
export const BODY_KINDS: readonly BodyKind[] = [
  { name: 'box', shape: { type: 'box', halfExtents: [0.34, 0.22, 0.16] } },
  { name: 'sphere', shape: { type: 'sphere', radius: 0.26 } },
  { name: 'capsule', shape: { type: 'capsule', halfHeight: 0.26, radius: 0.15 } },
  { name: 'cylinder', shape: { type: 'cylinder', halfHeight: 0.2, radius: 0.24 } },
  { name: 'cone', shape: { type: 'cone', halfHeight: 0.28, radius: 0.24 } },
  { name: 'rock (hull of 24 points)', shape: { type: 'convexHull', points: rockPoints(24, 7) } },
  { name: 'cube', shape: { type: 'box', halfExtents: [0.24, 0.24, 0.24] } },
  { name: 'tetrahedron (hull)', shape: { type: 'convexHull', points: [[0.3, 0.3, 0.3], [0.3, -0.3, -0.3], [-0.3, 0.3, -0.3], [-0.3, -0.3, 0.3]] } },
  {
    name: 'dumbbell (compound)',
    parts: [
      { shape: { type: 'sphere', radius: 0.17 }, position: [-0.32, 0, 0], quaternion: NO_TURN },
      { shape: { type: 'sphere', radius: 0.17 }, position: [0.32, 0, 0], quaternion: NO_TURN },
      { shape: { type: 'cylinder', halfHeight: 0.3, radius: 0.06 }, position: [0, 0, 0], quaternion: TURN_Z },
    ],
  },
];

/** Builds a kind's shape with the library (the tests build it again from the same description). */
export function buildKind(kind: BodyKind): Shape {
  if ('shape' in kind) return shapeFromJSON(kind.shape);
  return new Compound(kind.parts.map((p) => ({
    shape: shapeFromJSON(p.shape),
    pose: {
      position: { x: p.position[0], y: p.position[1], z: p.position[2] },
      quaternion: { x: p.quaternion[0], y: p.quaternion[1], z: p.quaternion[2], w: p.quaternion[3] },
    },
  })));
}

/** A triangle geometry of a shape's drawing (position and normal only, so the kinds merge and instance alike). */
export function kindGeometry(kind: BodyKind): THREE.BufferGeometry {
  const parts = 'shape' in kind ? [{ shape: kind.shape, position: [0, 0, 0], quaternion: NO_TURN }] : kind.parts;
  const pieces = parts.map((p) => {
    const g = primitiveGeometry(p.shape) ?? drawnGeometry(shapeFromJSON(p.shape));
    g.applyQuaternion(new THREE.Quaternion(p.quaternion[0], p.quaternion[1], p.quaternion[2], p.quaternion[3]));
    g.translate(p.position[0], p.position[1], p.position[2]);
    return g;
  });
  const merged = pieces.length === 1 ? pieces[0] : mergeGeometries(pieces);
  if (!merged) throw new Error(`explorer: cannot merge the parts of ${kind.name}`);
  return merged;
}

/** three.js's own geometry for the curved primitives, with fewer segments than the pair view: hundreds are drawn. */
function primitiveGeometry(shape: ShapeJSON): THREE.BufferGeometry | null {
  const strip = (g: THREE.BufferGeometry): THREE.BufferGeometry => {
    g.deleteAttribute('uv');
    return g.toNonIndexed();
  };
  switch (shape.type) {
    case 'sphere': return strip(new THREE.SphereGeometry(shape.radius, 20, 12));
    case 'box': return strip(new THREE.BoxGeometry(2 * shape.halfExtents[0], 2 * shape.halfExtents[1], 2 * shape.halfExtents[2]));
    case 'capsule': return strip(new THREE.CapsuleGeometry(shape.radius, 2 * shape.halfHeight, 6, 16));
    case 'cylinder': return strip(new THREE.CylinderGeometry(shape.radius, shape.radius, 2 * shape.halfHeight, 20));
    case 'cone': return strip(new THREE.ConeGeometry(shape.radius, 2 * shape.halfHeight, 20));
    default: return null;
  }
}

/** Any other shape as the pair view draws it (a hull's own faces), flat-shaded. */
function drawnGeometry(shape: Shape): THREE.BufferGeometry {
  const object = shapeObject(shape, 0xffffff, 0.01);
  const found: THREE.BufferGeometry[] = [];
  object.traverse((o) => {
    if (o instanceof THREE.Mesh) found.push(o.geometry as THREE.BufferGeometry);
  });
  if (found.length === 0) throw new Error('explorer: no triangles in a shape drawing');
  // Its own triangles unshared, so that computed normals are the faces' (flat shading from one material).
  const flat = found[0].index ? found[0].toNonIndexed() : found[0].clone();
  disposeTree(object);
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', flat.getAttribute('position'));
  g.computeVertexNormals();
  return g;
}

