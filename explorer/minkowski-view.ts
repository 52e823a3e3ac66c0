// The configuration-space view: the Minkowski difference A − B = { a − b } drawn around the origin.
// The shapes intersect exactly when it contains the origin, and their distance is its distance to the
// origin, which is what GJK measures; EPA measures how deep the origin lies inside it.
//
// The library runs every query in A's local frame and traces points in that frame. This view draws that
// frame turned by A's rotation (not moved), so directions here match the world view's.
//
// It is for convex pairs: a compound or a mesh has no support mapping, and its queries run GJK and EPA on
// many pairs of parts. For such a pair the view is emptied and says so (`setUnavailable`).
import * as THREE from 'three';
import { supportWithRadius } from 'convex-collide';
import type { EpaTraceStep, GjkTraceStep, PoseLike, ConvexShape, TraceStep, Vec3Like } from 'convex-collide';
import { dot, fibonacciDirections, hullObject, hullOf, sampleSupport } from './geometry.js';
import { clearGroup } from './mode-common.js';
import type { ContactLike } from './query.js';
import { View } from './view.js';

// Two hulls of these per pose change (cores, and with radii): 600 keeps a drag smooth and curved
// differences round enough.
const DIRECTIONS = /* @__PURE__ */ fibonacciDirections(600);
const COLORS = { hull: 0xa77df0, simplex: 0x48d99a, support: 0xff5f8f, closest: 0x66e0ff, face: 0xf5e663, direction: 0xff5f8f, answer: 0xf5e663 };

export class MinkowskiView {
  readonly view: View;
  /** A's local frame, turned by A's rotation: the trace's points go in here. */
  private readonly local = new THREE.Group();
  private readonly hullGroup = new THREE.Group();
  private readonly stepGroup = new THREE.Group();
  /** World-oriented overlay for the final answer. */
  private readonly answerGroup = new THREE.Group();
  private readonly axes = new THREE.AxesHelper(1);
  private size = 1;
  private center = new THREE.Vector3();
  private radius = 1;
  private unavailable = false;

  constructor(container: HTMLElement) {
    this.view = new View(container);
    this.view.camera.position.set(2.5, 2, 3.5);
    this.local.add(this.hullGroup, this.stepGroup, this.axes);
    this.view.scene.add(this.local, this.answerGroup);
  }

  /**
   * Recomputes the hull of A − B from support points: for a direction d (A's frame),
   * s_{A−B}(d) = s_A(d) − (R s_B(−Rᵀ d) + t), where (R, t) is B's pose seen from A.
   * `steps` (the query's trace) adds its support points to the samples. Returns why the hull could
   * not be built, or null.
   */
  setPair(a: ConvexShape, poseA: PoseLike, b: ConvexShape, poseB: PoseLike, steps: readonly TraceStep[] = []): string | null {
    this.setMessage(null);
    const qA = quat(poseA.quaternion), qB = quat(poseB.quaternion);
    const qAInv = qA.clone().invert();
    const rel = qAInv.clone().multiply(qB);
    const relInv = rel.clone().invert();
    const t = vec(poseB.position).sub(vec(poseA.position)).applyQuaternion(qAInv);
    this.local.quaternion.copy(qA);

    const dB = new THREE.Vector3(), sB = { x: 0, y: 0, z: 0 };
    const diff = (withRadius: boolean) => (out: Vec3Like, d: Vec3Like) => {
      dB.set(-d.x, -d.y, -d.z).applyQuaternion(relInv);
      if (withRadius) {
        supportWithRadius(out, a, d);
        supportWithRadius(sB, b, dB);
      } else {
        a.support(out, d);
        b.support(sB, dB);
      }
      const p = dB.set(sB.x, sB.y, sB.z).applyQuaternion(rel).add(t);
      out.x -= p.x;
      out.y -= p.y;
      out.z -= p.z;
    };

    clearGroup(this.hullGroup);
    const corePoints = sampleSupport(diff(false), DIRECTIONS);
    // The trace's support points are points of the cores' A − B too. Adding them makes sure every
    // simplex and polytope vertex is on the drawn hull, even a corner that no sample direction found.
    for (const step of steps) corePoints.push(vec(step.support));
    const rounded = a.sweptRadius + b.sweptRadius > 0;
    const fullPoints = rounded ? sampleSupport(diff(true), DIRECTIONS) : corePoints;
    const sphere = new THREE.Sphere().setFromPoints([...fullPoints, new THREE.Vector3()]);
    this.center.copy(sphere.center).applyQuaternion(qA);
    this.radius = Math.max(sphere.radius, 1e-6);
    this.size = this.radius * 0.018;
    this.axes.scale.setScalar(this.radius * 0.25);

    const coreMaterial = new THREE.MeshStandardMaterial({
      color: COLORS.hull, transparent: true, opacity: rounded ? 0.45 : 0.3, side: THREE.DoubleSide, depthWrite: false, flatShading: true,
    });
    const coreHull = hullOf(corePoints);
    this.hullGroup.add(hullObject(coreHull, coreMaterial, COLORS.hull, this.size));
    if (rounded) {
      // Only the front faces of the outer shell: it is closed and convex, so that is all of it there is to see.
      const fullMaterial = new THREE.MeshStandardMaterial({ color: 0xc8b4ff, transparent: true, opacity: 0.16, side: THREE.FrontSide, depthWrite: false });
      const full = hullObject(hullOf(fullPoints), fullMaterial, 0x8070a0, this.size);
      full.children.forEach((c) => { if (c instanceof THREE.LineSegments) c.visible = false; });
      this.hullGroup.add(full);
    }
    this.hullGroup.add(dot({ x: 0, y: 0, z: 0 }, this.size * 1.2, 0xffffff));
    const note = this.view.container.querySelector('.minkowski-note');
    if (note) note.textContent = rounded ? 'solid: the cores, which GJK and EPA work on · shell: with the radii added' : '';
    this.view.requestRender();
    return coreHull.dimension === -1 ? `buildHull on ${corePoints.length} support points of A − B: ${coreHull.error}` : null;
  }

  /** Empties the view and shows `reason` in its place (for a pair that is not two convex shapes). */
  setUnavailable(reason: string): void {
    for (const g of [this.hullGroup, this.stepGroup, this.answerGroup]) clearGroup(g);
    this.axes.visible = false;
    const note = this.view.container.querySelector('.minkowski-note');
    if (note) note.textContent = '';
    this.setMessage(reason);
    this.view.requestRender();
  }

  private setMessage(reason: string | null): void {
    this.unavailable = reason !== null;
    this.axes.visible = !this.unavailable;
    const container = this.view.container;
    if (reason === null) delete container.dataset.unavailable;
    else container.dataset.unavailable = 'true';
    const message = container.querySelector<HTMLElement>('.view-message');
    if (message) {
      message.hidden = reason === null;
      message.textContent = reason ?? '';
    }
  }

  fit(): void {
    this.view.frame(this.center, this.radius);
  }

  /**
   * Shows one trace step, or with `step` null the final answer: the vector from the origin to the
   * closest point of A − B (apart), or the penetration vector (overlapping).
   */
  showStep(step: TraceStep | null, answer: ContactLike | null): void {
    for (const g of [this.stepGroup, this.answerGroup]) clearGroup(g);
    if (this.unavailable) return;
    if (step?.algorithm === 'gjk') this.drawGjk(step);
    else if (step?.algorithm === 'epa') this.drawEpa(step);
    else if (answer) {
      // pointA − pointB: the point of A − B nearest the origin when apart; depth·normal when overlapping.
      const v = vec(answer.pointA).sub(vec(answer.pointB));
      if (v.lengthSq() > 0) {
        this.answerGroup.add(onTop(new THREE.ArrowHelper(v.clone().normalize(), new THREE.Vector3(), v.length(), COLORS.answer, Math.min(v.length() * 0.3, this.size * 8), Math.min(v.length() * 0.15, this.size * 4))));
      }
      this.answerGroup.add(onTop(dot(v, this.size * 1.5, COLORS.answer)));
    }
    this.view.requestRender();
  }

  private drawGjk(step: GjkTraceStep): void {
    const g = this.stepGroup, s = this.size;
    const pts = step.simplex.map(vec);
    g.add(simplexObject(pts, COLORS.simplex));
    for (const p of pts) g.add(onTop(dot(p, s * 1.3, COLORS.simplex)));
    const d = vec(step.direction);
    if (d.lengthSq() > 0) {
      const len = this.radius * 0.3;
      g.add(onTop(new THREE.ArrowHelper(d.normalize(), new THREE.Vector3(), len, COLORS.direction, len * 0.2, len * 0.1)));
    }
    g.add(onTop(dot(step.support, s * 2, COLORS.support)));
    const v = vec(step.closest);
    const toClosest = new THREE.Line(
      new THREE.BufferGeometry().setFromPoints([new THREE.Vector3(), v]),
      new THREE.LineDashedMaterial({ color: COLORS.closest, dashSize: s * 3, gapSize: s * 2 }),
    );
    toClosest.computeLineDistances();
    g.add(onTop(toClosest));
    g.add(onTop(dot(v, s * 1.4, COLORS.closest)));
  }

  private drawEpa(step: EpaTraceStep): void {
    const g = this.stepGroup, s = this.size;
    const positions: number[] = [];
    for (const f of step.faces) for (const p of f) positions.push(p.x, p.y, p.z);
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
    geometry.computeVertexNormals();
    g.add(new THREE.Mesh(geometry, new THREE.MeshStandardMaterial({ color: COLORS.simplex, transparent: true, opacity: 0.25, side: THREE.DoubleSide, depthWrite: false, flatShading: true })));
    g.add(new THREE.LineSegments(new THREE.WireframeGeometry(geometry), new THREE.LineBasicMaterial({ color: COLORS.simplex })));
    const closest = step.faces[step.closestFace];
    if (closest) {
      const fg = new THREE.BufferGeometry().setFromPoints(closest.map(vec));
      fg.computeVertexNormals();
      g.add(onTop(new THREE.Mesh(fg, new THREE.MeshBasicMaterial({ color: COLORS.face, transparent: true, opacity: 0.7, side: THREE.DoubleSide }))));
    }
    const n = vec(step.normal);
    if (n.lengthSq() > 0) {
      const len = Math.max(Math.abs(step.distance), s * 6);
      g.add(onTop(new THREE.ArrowHelper(n.normalize(), new THREE.Vector3(), len, COLORS.face, Math.min(len * 0.3, s * 8), Math.min(len * 0.15, s * 4))));
    }
    g.add(onTop(dot(step.support, s * 2, COLORS.support)));
  }
}

/** The simplex (1 to 4 points) as edges and, from a triangle up, translucent faces. */
function simplexObject(pts: THREE.Vector3[], color: THREE.ColorRepresentation): THREE.Object3D {
  const group = new THREE.Group();
  const edges: THREE.Vector3[] = [];
  for (let i = 0; i < pts.length; i++) for (let j = i + 1; j < pts.length; j++) edges.push(pts[i], pts[j]);
  if (edges.length) group.add(onTop(new THREE.LineSegments(new THREE.BufferGeometry().setFromPoints(edges), new THREE.LineBasicMaterial({ color }))));
  if (pts.length >= 3) {
    const tri: THREE.Vector3[] = [];
    const faces = pts.length === 3 ? [[0, 1, 2]] : [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]];
    for (const f of faces) for (const i of f) tri.push(pts[i]);
    const geometry = new THREE.BufferGeometry().setFromPoints(tri);
    geometry.computeVertexNormals();
    group.add(new THREE.Mesh(geometry, new THREE.MeshBasicMaterial({ color, transparent: true, opacity: 0.22, side: THREE.DoubleSide, depthWrite: false })));
  }
  return group;
}

/** Draws an object over the hull, so the simplex inside a translucent hull stays readable. */
function onTop<T extends THREE.Object3D>(o: T): T {
  o.traverse((c) => {
    const m = (c as THREE.Mesh).material as THREE.Material | undefined;
    if (m) { m.depthTest = false; m.transparent = true; }
    c.renderOrder = 5;
  });
  return o;
}

const vec = (v: Readonly<Vec3Like>) => new THREE.Vector3(v.x, v.y, v.z);
const quat = (q: Readonly<{ x: number; y: number; z: number; w: number }>) => new THREE.Quaternion(q.x, q.y, q.z, q.w).normalize();
