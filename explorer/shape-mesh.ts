// Drawing one of the library's shapes in its local frame. The common primitives get smooth three.js
// geometry; everything else (hulls, rounded shapes, Minkowski sums, user shapes) is drawn as the hull of
// its sampled support points, which is exactly the shape the library collides with. A compound is drawn
// as its parts, each at its pose; a mesh as its own triangles (flat-shaded, both sides). Either can light
// up the part an answer is about (`highlightPart`).
import * as THREE from 'three';
import { supportWithRadius } from 'convex-collide';
import type { Compound, ConvexShape, Shape, TriangleMesh } from 'convex-collide';
import { compoundParts, isConvex } from './concave-shape.js';
import { disposeTree, dot, fibonacciDirections, hullObject, hullOf, sampleSupport } from './geometry.js';

const DIRECTIONS = /* @__PURE__ */ fibonacciDirections(1200);

/** A lit, slightly transparent material so witness points inside the other shape stay visible. */
function solidMaterial(color: THREE.ColorRepresentation, flat: boolean): THREE.MeshStandardMaterial {
  return new THREE.MeshStandardMaterial({
    color, roughness: 0.55, metalness: 0.05, transparent: true, opacity: 0.82, flatShading: flat, side: THREE.DoubleSide,
  });
}

function withEdges(geometry: THREE.BufferGeometry, color: THREE.ColorRepresentation, edgeColor: THREE.ColorRepresentation): THREE.Group {
  const group = new THREE.Group();
  group.add(new THREE.Mesh(geometry, solidMaterial(color, false)));
  group.add(new THREE.LineSegments(new THREE.EdgesGeometry(geometry, 30), new THREE.LineBasicMaterial({ color: edgeColor, transparent: true, opacity: 0.5 })));
  return group;
}

/**
 * A three.js object drawing `shape` (radius included) in its local frame, in `color`.
 * `dotSize` is the radius used for shapes with no area (points, segments).
 */
export function shapeObject(shape: Shape, color: THREE.ColorRepresentation, dotSize: number): THREE.Object3D {
  if (isConvex(shape)) return convexObject(shape, color, dotSize);
  // (Shape's concave member is an interface; the explorer's compounds and meshes are the library's classes.)
  const concave = shape as Compound | TriangleMesh;
  return concave.kind === 'compound' ? compoundObject(concave, color, dotSize) : meshObject(concave, color);
}

function convexObject(shape: ConvexShape, color: THREE.ColorRepresentation, dotSize: number): THREE.Object3D {
  const edge = new THREE.Color(color).multiplyScalar(0.45);
  const seg = 64;
  switch (shape.kind) {
    case 'sphere':
      return withEdges(new THREE.SphereGeometry(Math.max(shape.radius, 1e-9), seg, seg / 2), color, edge);
    case 'box':
      return withEdges(new THREE.BoxGeometry(2 * shape.hx, 2 * shape.hy, 2 * shape.hz), color, edge);
    case 'capsule':
      return withEdges(new THREE.CapsuleGeometry(Math.max(shape.radius, 1e-9), 2 * shape.halfHeight, 16, seg), color, edge);
    case 'cylinder':
      return withEdges(new THREE.CylinderGeometry(shape.radius, shape.radius, 2 * shape.halfHeight, seg), color, edge);
    case 'cone':
      // three's cone has its apex at +height/2 on Y, like the library's.
      return withEdges(new THREE.ConeGeometry(shape.radius, 2 * shape.halfHeight, seg), color, edge);
    case 'ellipsoid': {
      const g = new THREE.SphereGeometry(1, seg, seg / 2);
      g.scale(Math.max(shape.rx, 1e-9), Math.max(shape.ry, 1e-9), Math.max(shape.rz, 1e-9));
      g.computeVertexNormals();
      return withEdges(g, color, edge);
    }
    case 'convexHull': {
      // The exact hull of the shape's own vertices, rather than of sampled support points.
      const v = shape.vertices, points: THREE.Vector3[] = [];
      for (let i = 0; i < v.length; i += 3) points.push(new THREE.Vector3(v[i], v[i + 1], v[i + 2]));
      return hullObject(hullOf(points), solidMaterial(color, true), edge, dotSize);
    }
    case 'point':
      return dot({ x: 0, y: 0, z: 0 }, dotSize, color);
    case 'segment': {
      const group = new THREE.Group();
      const a = new THREE.Vector3(shape.a.x, shape.a.y, shape.a.z), b = new THREE.Vector3(shape.b.x, shape.b.y, shape.b.z);
      group.add(new THREE.Line(new THREE.BufferGeometry().setFromPoints([a, b]), new THREE.LineBasicMaterial({ color })));
      // A thin tube so the segment stays visible at any zoom.
      const len = a.distanceTo(b);
      if (len > 0) {
        const tube = new THREE.Mesh(new THREE.CylinderGeometry(dotSize * 0.35, dotSize * 0.35, len, 12), solidMaterial(color, false));
        tube.position.copy(a).add(b).multiplyScalar(0.5);
        tube.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), b.clone().sub(a).normalize());
        group.add(tube);
      }
      group.add(dot(a, dotSize, color), dot(b, dotSize, color));
      return group;
    }
    default: {
      const points = sampleSupport((out, d) => supportWithRadius(out, shape, d), DIRECTIONS);
      return hullObject(hullOf(points), solidMaterial(color, shape.sweptRadius === 0), edge, dotSize);
    }
  }
}

// ---- compounds and meshes ---------------------------------------------------------------------

/** What `highlightPart` needs, kept in the drawing's userData. */
type ConcaveDrawing =
  | { readonly kind: 'compound'; readonly parts: readonly THREE.Object3D[]; readonly color: THREE.Color; lit: number | null }
  | { readonly kind: 'mesh'; readonly mesh: TriangleMesh; readonly overlay: THREE.Group; readonly color: THREE.Color; lit: number | null };

/** Each part drawn as a shape of its own, placed at its pose in the compound's frame. */
function compoundObject(compound: Compound, color: THREE.ColorRepresentation, dotSize: number): THREE.Object3D {
  const group = new THREE.Group();
  // The explorer made or read every compound it shows, so it knows the poses; a compound it did not
  // (none today) would show its parts unplaced rather than not at all.
  const poses = compoundParts(compound)?.poses;
  const parts = compound.shapes.map((shape, i) => {
    const part = new THREE.Group();
    part.add(convexObject(shape, color, dotSize));
    const pose = poses?.[i];
    if (pose) {
      part.position.set(pose.position.x, pose.position.y, pose.position.z);
      part.quaternion.set(pose.quaternion.x, pose.quaternion.y, pose.quaternion.z, pose.quaternion.w);
    }
    part.name = `part ${i}`;
    group.add(part);
    return part;
  });
  const drawing: ConcaveDrawing = { kind: 'compound', parts, color: new THREE.Color(color), lit: null };
  group.userData.concave = drawing;
  return group;
}

/** The mesh's own kept triangles (what the library collides with), flat-shaded and seen from both sides. */
function meshObject(mesh: TriangleMesh, color: THREE.ColorRepresentation): THREE.Object3D {
  const group = new THREE.Group();
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(mesh.vertices), 3));
  geometry.setIndex(new THREE.BufferAttribute(new Uint32Array(mesh.triangles), 1));
  geometry.computeVertexNormals();
  group.add(new THREE.Mesh(geometry, solidMaterial(color, true)));
  const overlay = new THREE.Group();
  group.add(overlay);
  const drawing: ConcaveDrawing = { kind: 'mesh', mesh, overlay, color: new THREE.Color(color), lit: null };
  group.userData.concave = drawing;
  return group;
}

/** The lit colour of a part: the shape's colour, much lighter. */
const litColor = (c: THREE.Color): THREE.Color => c.clone().lerp(new THREE.Color(0xffffff), 0.55);

/**
 * Lights up part `part` of a compound's or mesh's drawing (made by `shapeObject`), or none with null: a
 * compound's part takes a lighter, glowing colour; a mesh's triangle (its index in the list given, as
 * results report it) is drawn over the surface, with its outline on top of everything. Returns the part
 * now lit, or null (also for a convex shape's drawing, which has no parts).
 */
export function highlightPart(object: THREE.Object3D | undefined, part: number | null): number | null {
  const drawing = object?.userData.concave as ConcaveDrawing | undefined;
  if (!drawing) return null;
  if (drawing.lit === part) return part;
  if (drawing.kind === 'compound') {
    drawing.parts.forEach((p, i) => setLit(p, i === part, drawing.color));
    drawing.lit = part !== null && part >= 0 && part < drawing.parts.length ? part : null;
    return drawing.lit;
  }
  for (const child of [...drawing.overlay.children]) {
    drawing.overlay.remove(child);
    disposeTree(child);
  }
  drawing.lit = null;
  const corners = part === null ? null : sourceTriangle(drawing.mesh, part);
  if (!corners) return null;
  const fill = new THREE.Mesh(
    new THREE.BufferGeometry().setFromPoints(corners),
    // Paler than a lit compound part: a triangle of a fine mesh is small, and must stand out of its
    // neighbours. Pulled towards the camera, so it wins the depth test against its own triangle underneath.
    new THREE.MeshBasicMaterial({
      color: drawing.color.clone().lerp(new THREE.Color(0xffffff), 0.75), side: THREE.DoubleSide,
      polygonOffset: true, polygonOffsetFactor: -2, polygonOffsetUnits: -2,
    }),
  );
  // The outline over everything, witness dots included (world-view.ts draws those at render order 4).
  const outline = new THREE.LineLoop(new THREE.BufferGeometry().setFromPoints(corners), new THREE.LineBasicMaterial({ color: 0xffffff, depthTest: false, transparent: true }));
  outline.renderOrder = 5;
  drawing.overlay.add(fill, outline);
  drawing.lit = part;
  return part;
}

function setLit(root: THREE.Object3D, lit: boolean, color: THREE.Color): void {
  root.traverse((o) => {
    const m = (o as THREE.Mesh).material as THREE.Material | undefined;
    if (!m || !('color' in m) || !(m.color instanceof THREE.Color)) return;
    const base = (m.userData.baseColor ??= m.color.getHex()) as number;
    if (m instanceof THREE.LineBasicMaterial) m.color.set(lit ? 0xffffff : base);
    else m.color.set(lit ? litColor(color) : base);
    if (m instanceof THREE.MeshStandardMaterial) m.emissive.set(lit ? color.clone().multiplyScalar(0.45) : 0x000000);
  });
}

/** Each mesh's kept triangle by input index (−1: left out as degenerate), made on first use. */
const keptBySource = new WeakMap<TriangleMesh, Int32Array>();

/** Triangle `source` of the list the mesh was made from, in the mesh's frame; null if it was not kept. */
function sourceTriangle(mesh: TriangleMesh, source: number): THREE.Vector3[] | null {
  // The mesh keeps its triangles in its hierarchy's leaf order: sourceIndex maps them back, and its inverse
  // finds one.
  let kept = keptBySource.get(mesh);
  if (kept === undefined) {
    const s = mesh.sourceIndex;
    kept = new Int32Array(mesh.triangleCount + mesh.degenerateCount).fill(-1);
    for (let j = 0; j < s.length; j++) kept[s[j]] = j;
    keptBySource.set(mesh, kept);
  }
  const j = source >= 0 && source < kept.length ? kept[source] : -1;
  if (j < 0) return null;
  const v = mesh.vertices, t = mesh.triangles;
  return [0, 1, 2].map((k) => {
    const i = 3 * t[3 * j + k];
    return new THREE.Vector3(v[i], v[i + 1], v[i + 2]);
  });
}
