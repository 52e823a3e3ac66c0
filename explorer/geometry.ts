// Turning support mappings into triangles to draw. A convex shape is the hull of its support points,
// so sampling the support mapping over many directions and running the library's quickhull on the
// samples draws any shape, including the Minkowski difference A − B, without knowing its formula.
// (A curved shape is drawn as an inscribed polytope; with about a thousand directions it sits within
// a fraction of a percent of the true surface, well below a pixel at the default zoom.)
import * as THREE from 'three';
import { buildHull } from 'convex-collide';
import type { Hull, Vec3Like } from 'convex-collide';

/** `n` unit vectors spread evenly over the sphere (a Fibonacci lattice); deterministic. */
export function fibonacciDirections(n: number): THREE.Vector3[] {
  const dirs: THREE.Vector3[] = [];
  const golden = Math.PI * (3 - Math.sqrt(5));
  for (let i = 0; i < n; i++) {
    const y = 1 - (2 * (i + 0.5)) / n;
    const r = Math.sqrt(1 - y * y);
    const phi = i * golden;
    dirs.push(new THREE.Vector3(r * Math.cos(phi), y, r * Math.sin(phi)));
  }
  // The six axis directions land exactly on box faces and cylinder caps, so boxes get their corners.
  for (const [x, y, z] of [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]]) dirs.push(new THREE.Vector3(x, y, z));
  return dirs;
}

/** Support points of `support` for every direction, with exact repeats removed. */
export function sampleSupport(support: (out: Vec3Like, dir: Vec3Like) => void, dirs: readonly THREE.Vector3[]): THREE.Vector3[] {
  const seen = new Set<string>();
  const points: THREE.Vector3[] = [];
  const out = { x: 0, y: 0, z: 0 };
  for (const d of dirs) {
    support(out, d);
    const key = `${out.x},${out.y},${out.z}`;
    if (seen.has(key)) continue;
    seen.add(key);
    points.push(new THREE.Vector3(out.x, out.y, out.z));
  }
  return points;
}

/** What a point set's convex hull looks like: a solid, a flat polygon, a segment, a single point. */
export type HullShape =
  | { readonly dimension: 3 | 2; readonly triangles: Float32Array }
  | { readonly dimension: 1; readonly ends: [THREE.Vector3, THREE.Vector3] }
  | { readonly dimension: 0; readonly point: THREE.Vector3 }
  /** `buildHull` threw: the message, and the raw points to draw instead. */
  | { readonly dimension: -1; readonly error: string; readonly points: readonly THREE.Vector3[] };

/**
 * The convex hull of `points`, from the library's `buildHull`, as something to draw: triangles
 * (counter-clockwise seen from outside; a flat polygon comes once per side), a segment or a point.
 */
export function hullOf(points: readonly THREE.Vector3[]): HullShape {
  let hull: Hull;
  try {
    hull = buildHull(points);
  } catch (e) {
    return { dimension: -1, error: e instanceof Error ? e.message : String(e), points };
  }
  const v = hull.vertices;
  const at = (i: number) => new THREE.Vector3(v[3 * i], v[3 * i + 1], v[3 * i + 2]);
  if (hull.dimension === 0) return { dimension: 0, point: at(0) };
  if (hull.dimension === 1) return { dimension: 1, ends: [at(0), at(Math.min(1, hull.vertexCount - 1))] };
  const out: number[] = [];
  const fs = hull.faceStart, fi = hull.faceIndices;
  for (let f = 0; f < hull.faceCount; f++) {
    // Fan each convex polygon from its first vertex.
    const first = fs[f], end = fs[f + 1];
    for (let k = first + 1; k + 1 < end; k++) {
      for (const i of [fi[first], fi[k], fi[k + 1]]) out.push(v[3 * i], v[3 * i + 1], v[3 * i + 2]);
    }
  }
  return { dimension: hull.dimension, triangles: new Float32Array(out) };
}

/** A drawable object for a hull: a flat-shaded mesh with its edges, a line, or a dot. */
export function hullObject(hull: HullShape, material: THREE.Material, edgeColor: THREE.ColorRepresentation, dotSize: number): THREE.Object3D {
  const group = new THREE.Group();
  if ('triangles' in hull) {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(hull.triangles, 3));
    geometry.computeVertexNormals();
    group.add(new THREE.Mesh(geometry, material));
    // Edges between faces that meet at an angle: skips the diagonals of flat polygons and the tiny
    // creases of finely sampled curved surfaces.
    const edges = new THREE.EdgesGeometry(geometry, hull.dimension === 3 ? 20 : 1);
    group.add(new THREE.LineSegments(edges, new THREE.LineBasicMaterial({ color: edgeColor, transparent: true, opacity: 0.6 })));
  } else if ('ends' in hull) {
    const geometry = new THREE.BufferGeometry().setFromPoints(hull.ends);
    group.add(new THREE.Line(geometry, new THREE.LineBasicMaterial({ color: edgeColor })));
    for (const p of hull.ends) group.add(dot(p, dotSize, edgeColor));
  } else if ('point' in hull) {
    group.add(dot(hull.point, dotSize, edgeColor));
  } else {
    // No hull: show the sampled points themselves.
    const geometry = new THREE.BufferGeometry().setFromPoints([...hull.points]);
    group.add(new THREE.Points(geometry, new THREE.PointsMaterial({ color: edgeColor, size: dotSize, sizeAttenuation: true })));
  }
  return group;
}

/** A small sphere marking a point. */
export function dot(p: Vec3Like, size: number, color: THREE.ColorRepresentation): THREE.Mesh {
  const mesh = new THREE.Mesh(new THREE.SphereGeometry(size, 16, 8), new THREE.MeshBasicMaterial({ color }));
  mesh.position.set(p.x, p.y, p.z);
  return mesh;
}

/** Frees the GPU buffers of everything under `root` (geometries and materials). */
export function disposeTree(root: THREE.Object3D): void {
  root.traverse((o) => {
    const m = o as THREE.Mesh;
    if (m.geometry) m.geometry.dispose();
    const mat = m.material as THREE.Material | THREE.Material[] | undefined;
    if (Array.isArray(mat)) mat.forEach((x) => x.dispose());
    else if (mat) mat.dispose();
  });
}
