// The world view: shapes A and B at their poses, a gizmo to move and turn them, and the query's answer
// drawn on top (witness points, the segment between them, the normal as an arrow, and for a compound or
// mesh the part or triangle the answer is about, lit up).
import * as THREE from 'three';
import { TransformControls } from 'three/addons/controls/TransformControls.js';
import { disposeTree } from './geometry.js';
import type { ContactLike, ManifoldLike } from './query.js';
import { highlightPart } from './shape-mesh.js';
import { View } from './view.js';

export type Which = 'a' | 'b';
export const COLORS = { a: 0xf0913a, b: 0x4a9cf0, normal: 0xf5e663, manifold: 0x5fe08a } as const;

export class WorldView {
  readonly view: View;
  /** The shapes' poses. Direct children of the scene, so each one is a valid world pose for queries. */
  readonly pose: Record<Which, THREE.Group> = { a: new THREE.Group(), b: new THREE.Group() };
  readonly gizmo: TransformControls;
  selected: Which = 'b';
  /** Called while the gizmo moves a shape, and once when a drag ends. */
  onPoseChange: (which: Which) => void = () => {};
  onSelect: (which: Which) => void = () => {};
  private readonly overlay = new THREE.Group();
  private readonly grid: THREE.GridHelper;
  private markerSize = 0.03;

  constructor(container: HTMLElement) {
    this.view = new View(container);
    const scene = this.view.scene;
    this.pose.a.name = 'A';
    this.pose.b.name = 'B';
    scene.add(this.pose.a, this.pose.b, this.overlay);
    this.grid = new THREE.GridHelper(10, 20, 0x3a3f4b, 0x2a2e37);
    this.grid.position.y = -1.2;
    scene.add(this.grid);

    this.gizmo = new TransformControls(this.view.camera, this.view.renderer.domElement);
    this.gizmo.setSize(0.7);
    scene.add(this.gizmo.getHelper());
    this.gizmo.addEventListener('change', () => this.view.requestRender());
    this.gizmo.addEventListener('objectChange', () => this.onPoseChange(this.selected));
    this.gizmo.addEventListener('dragging-changed', (e) => {
      this.view.orbit.enabled = !e.value;
    });
    this.gizmo.attach(this.pose[this.selected]);
    this.installPicking();
  }

  /** Replaces the drawing of a shape (its pose is kept). */
  setShapeObject(which: Which, object: THREE.Object3D): void {
    const pose = this.pose[which];
    for (const child of [...pose.children]) {
      pose.remove(child);
      disposeTree(child);
    }
    pose.add(object);
    this.view.requestRender();
  }

  select(which: Which): void {
    this.selected = which;
    this.gizmo.attach(this.pose[which]);
    this.onSelect(which);
    this.view.requestRender();
  }

  setMode(mode: 'translate' | 'rotate'): void {
    this.gizmo.setMode(mode);
    this.view.requestRender();
  }

  /**
   * Draws the answer: witness points, the gap between them and the normal from A's witness point; the
   * manifold's points on A with the contact polygon through them (green); and on a compound or mesh, the
   * answer's part lit up (the container's `data-lit-a` and `data-lit-b` say which, for scripts and tests).
   */
  showContact(result: ContactLike | null, manifold: ManifoldLike | null = null): void {
    for (const child of [...this.overlay.children]) {
      this.overlay.remove(child);
      disposeTree(child);
    }
    for (const which of ['a', 'b'] as const) {
      const lit = highlightPart(this.pose[which].children[0], result ? result[which === 'a' ? 'partA' : 'partB'] : null);
      const key = which === 'a' ? 'litA' : 'litB';
      if (lit === null) delete this.view.container.dataset[key];
      else this.view.container.dataset[key] = String(lit);
    }
    if (result) {
      const pa = toV(result.pointA), pb = toV(result.pointB), n = toV(result.normal);
      const s = this.markerSize;
      this.overlay.add(marker(pa, s, COLORS.a), marker(pb, s, COLORS.b));
      const line = new THREE.Line(new THREE.BufferGeometry().setFromPoints([pa, pb]), new THREE.LineBasicMaterial({ color: 0xffffff, depthTest: false, transparent: true }));
      line.renderOrder = 2;
      this.overlay.add(line);
      // Apart: from A's witness to B's (the gap). Overlapping: from B's witness to A's, the push
      // `depth · normal` that would separate B. Either way the arrow points along the normal.
      const start = result.separation >= 0 ? pa : pb;
      const len = Math.max(Math.abs(result.separation), 12 * s);
      if (n.lengthSq() > 0) {
        const arrow = new THREE.ArrowHelper(n.clone().normalize(), start, len, COLORS.normal, Math.min(len * 0.3, 6 * s), Math.min(len * 0.15, 3 * s));
        arrow.traverse((o) => {
          const m = (o as THREE.Mesh).material as THREE.Material | undefined;
          if (m) { m.depthTest = false; m.transparent = true; }
          o.renderOrder = 3;
        });
        this.overlay.add(arrow);
      }
    }
    if (manifold && manifold.points.length > 1) {
      const corners = manifold.points.map((p) => toV(p.pointA));
      for (const c of corners) this.overlay.add(marker(c, this.markerSize * 0.8, COLORS.manifold));
      const outline = new THREE.LineLoop(new THREE.BufferGeometry().setFromPoints(corners), new THREE.LineBasicMaterial({ color: COLORS.manifold, depthTest: false, transparent: true }));
      outline.renderOrder = 2;
      this.overlay.add(outline);
    }
    this.view.requestRender();
  }

  /** Frames both shapes; `scale` is a typical size of the scene (sets marker sizes and the grid). */
  frameScene(center: THREE.Vector3, radius: number): void {
    this.markerSize = radius * 0.02;
    this.grid.scale.setScalar(radius / 2.5);
    this.grid.position.set(center.x, center.y - radius * 0.75, center.z);
    this.view.frame(center, radius);
  }

  /** Where a shape's origin is on screen, in CSS pixels from the canvas's top left (for scripts and tests). */
  screenPoint(which: Which): { x: number; y: number } {
    const p = this.pose[which].position.clone().project(this.view.camera);
    const canvas = this.view.renderer.domElement;
    return { x: ((p.x + 1) / 2) * canvas.clientWidth, y: ((1 - p.y) / 2) * canvas.clientHeight };
  }

  get dotSize(): number {
    return this.markerSize;
  }

  private installPicking(): void {
    const canvas = this.view.renderer.domElement;
    let down: { x: number; y: number } | null = null;
    canvas.addEventListener('pointerdown', (e) => { down = { x: e.clientX, y: e.clientY }; });
    canvas.addEventListener('pointerup', (e) => {
      if (!down || Math.hypot(e.clientX - down.x, e.clientY - down.y) > 4 || this.gizmo.dragging) return;
      down = null;
      const rect = canvas.getBoundingClientRect();
      const ndc = new THREE.Vector2(((e.clientX - rect.left) / rect.width) * 2 - 1, -((e.clientY - rect.top) / rect.height) * 2 + 1);
      const ray = new THREE.Raycaster();
      ray.setFromCamera(ndc, this.view.camera);
      const hit = ray.intersectObjects([this.pose.a, this.pose.b], true)[0];
      if (!hit) return;
      let o: THREE.Object3D | null = hit.object;
      while (o && o !== this.pose.a && o !== this.pose.b) o = o.parent;
      if (o === this.pose.a) this.select('a');
      else if (o === this.pose.b) this.select('b');
    });
  }
}

const toV = (v: { x: number; y: number; z: number }) => new THREE.Vector3(v.x, v.y, v.z);

/** A dot drawn on top of everything, so a witness point inside a shape stays visible. */
function marker(p: THREE.Vector3, size: number, color: THREE.ColorRepresentation): THREE.Mesh {
  const m = new THREE.Mesh(
    new THREE.SphereGeometry(size, 16, 8),
    new THREE.MeshBasicMaterial({ color: new THREE.Color(color).lerp(new THREE.Color(0xffffff), 0.35), depthTest: false, transparent: true }),
  );
  m.position.copy(p);
  m.renderOrder = 4;
  return m;
}
