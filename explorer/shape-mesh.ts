// Drawing one of the library's shapes in its local frame. The common primitives get smooth three.js
// geometry; everything else (hulls, rounded shapes, Minkowski sums, user shapes) is drawn as the hull of
// its sampled support points, which is exactly the shape the library collides with.
import * as THREE from 'three';
import { supportWithRadius } from 'convex-collide';
import type { ConvexShape } from 'convex-collide';
import { dot, fibonacciDirections, hullObject, hullOf, sampleSupport } from './geometry.js';

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
export function shapeObject(shape: ConvexShape, color: THREE.ColorRepresentation, dotSize: number): THREE.Object3D {
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
