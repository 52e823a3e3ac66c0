// The ray mode: a ray drawn with the pointer in the world view and cast at both shapes with the
// library's `rayCast`. Each hit is drawn (a dot at the point, an arrow along the outward normal) and
// listed in the panel with its t; a miss is listed as one.
//
// Drawing a ray: pressing the left button puts its origin under the pointer, and dragging aims it at
// the point under the pointer. Both points lie on the view plane: the plane through the point the view
// turns about, facing the camera. So the ray lies in that plane and is seen at full length, and a ray
// drawn across a shape passes through the shape's middle, not in front of it or behind it (a ray from the
// camera through the pointer would be seen end-on, as a dot). While the mode is on, the left button
// belongs to the ray and the gizmo is put away; the right button turns the view (with Shift, pans) and
// the wheel zooms. The panel's inputs hold the ray that is cast (a drag writes them): typing there
// sets a ray exactly.
import * as THREE from 'three';
import { createRayHit, InvalidShapeError, rayCast, UnsupportedPairError } from 'convex-collide';
import type { RayHit, Shape, Vec3Like } from 'convex-collide';
import { isConcave } from './concave-shape.js';
import {
  clearGroup, errorMessage, fmt, fmtVec, markerDot, overlayArrow, pairRadius, readVector, vectorData, vectorInputs, vectorRowHTML, writeVector,
} from './mode-common.js';
import { COLORS } from './world-view.js';
import type { Which, WorldView } from './world-view.js';

const RAY_COLOR = 0xffffff;
/** A press and release closer than this on screen (CSS pixels) moves the origin and keeps the aim. */
const MIN_DRAG_PIXELS = 3;
/**
 * A drag writes its origin rounded to this fraction of the pair's size (a power of ten), and its unit
 * direction to this many decimals: far finer than a pixel, and short enough to read in the inputs.
 */
const DRAG_ROUNDING = 1e-4;

export class RayMode {
  /** The mode's part of the panel (hidden while the mode is off). */
  readonly root: HTMLElement;
  private active = false;
  /** Whether a ray has been placed yet (the first time the mode turns on, a default one is). */
  private placed = false;
  private readonly group = new THREE.Group();
  private readonly origin: HTMLInputElement[];
  private readonly direction: HTMLInputElement[];
  private readonly solid: HTMLInputElement;
  private readonly hits: Record<Which, RayHit> = { a: createRayHit(), b: createRayHit() };
  private drag: { pointerId: number; x: number; y: number; start: THREE.Vector3; plane: THREE.Plane } | null = null;
  /** What the mode changed in the view, to put back when it turns off. */
  private saved: { rightButton: THREE.MOUSE | null | undefined; beforeRender: () => void } | null = null;

  constructor(
    parent: HTMLElement,
    private readonly world: WorldView,
    private readonly shapes: Readonly<Record<Which, Shape>>,
  ) {
    const root = document.createElement('div');
    root.id = 'ray-panel';
    root.className = 'mode-panel';
    root.hidden = true;
    root.innerHTML = `
      <p class="hint">Press in the world view where the ray starts and drag to aim it: both ends lie on the plane
        through the middle of the view, facing you. Right-drag turns the view, the wheel zooms. Or type the ray:</p>
      ${vectorRowHTML('ray-origin', 'origin', [0, 0, 0])}
      ${vectorRowHTML('ray-dir', 'direction', [1, 0, 0])}
      <div class="row"><label for="ray-solid">solid</label><input type="checkbox" id="ray-solid" checked />
        <span class="hint">an origin inside hits at t = 0; unticked, the ray is followed out of the shape</span></div>
      <dl id="ray-result">
        <dt><i class="swatch a"></i> A: t</dt><dd id="ray-a-t">–</dd>
        <dt>point</dt><dd id="ray-a-point">–</dd>
        <dt>normal</dt><dd id="ray-a-normal">–</dd>
        <dt><i class="swatch b"></i> B: t</dt><dd id="ray-b-t">–</dd>
        <dt>point</dt><dd id="ray-b-point">–</dd>
        <dt>normal</dt><dd id="ray-b-normal">–</dd>
        <dt>first hit</dt><dd id="ray-first">–</dd>
      </dl>
      <p class="detail">White: the ray, from its origin (dot) to the arrow. Dots: hit points, in the shape's colour;
        yellow arrows: the outward normals there. t is in units of the direction (a drag writes a unit one, to 4 decimals).</p>
      <p class="note" id="ray-note" hidden></p>
      <p class="error" id="ray-error" hidden></p>`;
    parent.append(root);
    this.root = root;
    this.origin = vectorInputs(root, 'ray-origin');
    this.direction = vectorInputs(root, 'ray-dir');
    this.solid = root.querySelector<HTMLInputElement>('#ray-solid')!;
    for (const input of [...this.origin, ...this.direction, this.solid]) input.addEventListener('input', () => this.update());
    this.group.visible = false;
    world.view.scene.add(this.group);

    // Capture phase on the view's container: the ray's presses never reach the orbit controls, the
    // gizmo or the click-to-select under them, whose listeners are on the canvas.
    world.view.container.addEventListener('pointerdown', (e) => this.pointerDown(e), { capture: true });
  }

  setActive(on: boolean): void {
    if (on === this.active) return;
    this.active = on;
    this.root.hidden = !on;
    this.group.visible = on;
    const { view, gizmo } = this.world;
    const helper = gizmo.getHelper();
    if (on) {
      this.saved = { rightButton: view.orbit.mouseButtons.RIGHT, beforeRender: view.beforeRender };
      view.orbit.mouseButtons.RIGHT = THREE.MOUSE.ROTATE;
      gizmo.enabled = false;
      // Selecting a shape (Q, or its editor's button) re-attaches the gizmo, which shows it again.
      const before = view.beforeRender;
      view.beforeRender = () => {
        before();
        helper.visible = false;
      };
      if (!this.placed) this.placeDefaultRay();
      this.update();
    } else {
      this.endDrag();
      if (this.saved) {
        view.orbit.mouseButtons.RIGHT = this.saved.rightButton;
        view.beforeRender = this.saved.beforeRender;
        this.saved = null;
      }
      gizmo.enabled = true;
      helper.visible = gizmo.object !== undefined;
      clearGroup(this.group);
      view.requestRender();
    }
  }

  /** Sets the ray (world space; `direction` any non-zero vector) and casts it. */
  setRay(origin: Vec3Like, direction: Vec3Like): void {
    writeVector(this.origin, origin);
    writeVector(this.direction, direction);
    this.placed = true;
    this.update();
  }

  /** Casts the ray in the inputs at both shapes and shows the hits; does nothing while the mode is off. */
  update(): void {
    if (!this.active) return;
    const origin = readVector(this.origin), direction = readVector(this.direction);
    const solid = this.solid.checked;
    const found: Record<Which, RayHit | null> = { a: null, b: null };
    const errors: string[] = [], notes: string[] = [];
    const skipped: Record<Which, boolean> = { a: false, b: false };
    for (const which of ['a', 'b'] as const) {
      const shape = this.shapes[which];
      try {
        found[which] = rayCast(shape, this.world.pose[which], origin, direction, this.hits[which], { solid });
      } catch (e) {
        // rayCast does not take compounds and meshes yet: it says so, and the other shape is still cast at.
        if (isConcave(shape) && (e instanceof InvalidShapeError || e instanceof UnsupportedPairError)) {
          skipped[which] = true;
          notes.push(`${which.toUpperCase()} is a ${shape.kind}: not cast at (rayCast: ${e.message})`);
        } else {
          errors.push(`rayCast at ${which.toUpperCase()}: ${errorMessage(e)}`);
        }
      }
    }
    const ok = errors.length === 0;
    const result = this.root.querySelector<HTMLElement>('#ray-result')!;
    result.dataset.ray = ok ? JSON.stringify({ origin: [origin.x, origin.y, origin.z], direction: [direction.x, direction.y, direction.z], solid }) : '';
    for (const which of ['a', 'b'] as const) this.showHit(which, ok ? found[which] : null, ok && !skipped[which]);
    const first = this.root.querySelector<HTMLElement>('#ray-first')!;
    const hitWhich = (['a', 'b'] as const).filter((w) => found[w] !== null).sort((u, v) => found[u]!.t - found[v]!.t);
    const castAt = (['a', 'b'] as const).filter((w) => !skipped[w]);
    first.textContent = !ok || castAt.length === 0 ? '–'
      : hitWhich.length > 0 ? `${hitWhich[0].toUpperCase()}, at t = ${fmt(found[hitWhich[0]]!.t)}`
      : castAt.length === 2 ? 'none: the ray misses both shapes' : `none: the ray misses ${castAt[0].toUpperCase()}`;
    const note = this.root.querySelector<HTMLElement>('#ray-note')!;
    note.hidden = notes.length === 0;
    note.textContent = notes.join('\n');
    const err = this.root.querySelector<HTMLElement>('#ray-error')!;
    err.hidden = ok;
    err.textContent = errors.join('\n');
    this.draw(ok ? origin : null, direction, found);
  }

  private showHit(which: Which, hit: RayHit | null, ok: boolean): void {
    const t = this.root.querySelector<HTMLElement>(`#ray-${which}-t`)!;
    const point = this.root.querySelector<HTMLElement>(`#ray-${which}-point`)!;
    const normal = this.root.querySelector<HTMLElement>(`#ray-${which}-normal`)!;
    t.dataset.hit = String(hit !== null);
    if (!hit) {
      t.textContent = ok ? 'miss' : '–';
      for (const e of [t, point, normal]) delete e.dataset.value;
      point.textContent = normal.textContent = '–';
      return;
    }
    const inside = hit.t === 0 && this.solid.checked;
    t.textContent = inside ? '0 (origin inside or on the shape: the normal is −direction)' : fmt(hit.t);
    t.dataset.value = String(hit.t);
    point.textContent = fmtVec(hit.point, this.scale());
    point.dataset.value = vectorData(hit.point);
    normal.textContent = fmtVec(hit.normal, 1);
    normal.dataset.value = vectorData(hit.normal);
  }

  private draw(origin: Vec3Like | null, direction: Vec3Like, found: Record<Which, RayHit | null>): void {
    clearGroup(this.group);
    const s = this.world.dotSize;
    if (origin) {
      const o = new THREE.Vector3(origin.x, origin.y, origin.z);
      const d = new THREE.Vector3(direction.x, direction.y, direction.z).normalize();
      // Long enough to cross the whole pair, wherever the origin is.
      const { center, radius } = this.pairSphere();
      const length = o.distanceTo(center) + 1.2 * radius;
      const ray = new THREE.ArrowHelper(d, o, length, RAY_COLOR, 6 * s, 3 * s);
      ray.line.renderOrder = 2;
      this.group.add(ray, markerDot(origin, s * 0.8, RAY_COLOR));
      for (const which of ['a', 'b'] as const) {
        const hit = found[which];
        if (!hit) continue;
        this.group.add(markerDot(hit.point, s, COLORS[which]), overlayArrow(hit.point, hit.normal, 12 * s, COLORS.normal, 3 * s));
      }
    }
    this.world.view.requestRender();
  }

  /** A ray along +x from outside A, a little above and in front of A's centre (so it crosses A). */
  private placeDefaultRay(): void {
    const p = this.world.pose.a.position, r = this.shapes.a.boundingRadius;
    const at = (x: number) => roundTo(x, 10 ** Math.floor(Math.log10(DRAG_ROUNDING * r)));
    this.setRay({ x: at(p.x - 1.5 * r), y: at(p.y + 0.3 * r), z: at(p.z + 0.2 * r) }, { x: 1, y: 0, z: 0 });
  }

  private pairSphere(): { center: THREE.Vector3; radius: number } {
    const pa = this.world.pose.a.position, pb = this.world.pose.b.position;
    return { center: pa.clone().add(pb).multiplyScalar(0.5), radius: pairRadius(pa, pb, this.shapes.a.boundingRadius, this.shapes.b.boundingRadius) };
  }

  /** A length typical of the pair, below which a component prints as 0. */
  private scale(): number {
    const { center, radius } = this.pairSphere();
    return Math.max(radius, center.length());
  }

  // ---- the pointer ------------------------------------------------------------------------------

  private pointerDown(e: PointerEvent): void {
    const canvas = this.world.view.renderer.domElement;
    if (!this.active || e.target !== canvas || e.button !== 0 || this.drag) return;
    e.stopPropagation();
    e.preventDefault();
    const camera = this.world.view.camera;
    const plane = new THREE.Plane().setFromNormalAndCoplanarPoint(camera.getWorldDirection(new THREE.Vector3()), this.world.view.orbit.target);
    const start = this.onPlane(e, plane);
    if (!start) return;
    this.drag = { pointerId: e.pointerId, x: e.clientX, y: e.clientY, start, plane };
    window.addEventListener('pointermove', this.onMove, true);
    window.addEventListener('pointerup', this.onUp, true);
    window.addEventListener('pointercancel', this.onUp, true);
    // The press moves the origin and keeps the aim, until the drag aims it.
    this.setRay(this.roundOrigin(start), readVector(this.direction));
  }

  private readonly onMove = (e: PointerEvent): void => {
    const drag = this.drag;
    if (!drag || e.pointerId !== drag.pointerId) return;
    e.stopPropagation();
    if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < MIN_DRAG_PIXELS) return;
    const end = this.onPlane(e, drag.plane);
    if (!end) return;
    const d = end.sub(drag.start);
    if (!(d.lengthSq() > 0)) return;
    d.normalize();
    const r = (x: number) => roundTo(x, DRAG_ROUNDING);
    this.setRay(this.roundOrigin(drag.start), { x: r(d.x), y: r(d.y), z: r(d.z) });
  };

  private readonly onUp = (e: PointerEvent): void => {
    if (!this.drag || e.pointerId !== this.drag.pointerId) return;
    this.onMove(e);
    this.endDrag();
  };

  private endDrag(): void {
    this.drag = null;
    window.removeEventListener('pointermove', this.onMove, true);
    window.removeEventListener('pointerup', this.onUp, true);
    window.removeEventListener('pointercancel', this.onUp, true);
  }

  private roundOrigin(p: THREE.Vector3): Vec3Like {
    const step = 10 ** Math.floor(Math.log10(DRAG_ROUNDING * this.pairSphere().radius));
    return { x: roundTo(p.x, step), y: roundTo(p.y, step), z: roundTo(p.z, step) };
  }

  /** Where the camera's ray through the pointer meets `plane`, or null (it cannot miss a plane facing the camera). */
  private onPlane(e: PointerEvent, plane: THREE.Plane): THREE.Vector3 | null {
    const rect = this.world.view.renderer.domElement.getBoundingClientRect();
    const ndc = new THREE.Vector2(((e.clientX - rect.left) / rect.width) * 2 - 1, -((e.clientY - rect.top) / rect.height) * 2 + 1);
    const raycaster = new THREE.Raycaster();
    raycaster.setFromCamera(ndc, this.world.view.camera);
    return raycaster.ray.intersectPlane(plane, new THREE.Vector3());
  }
}

/** `x` to the nearest multiple of `step`, printed without the multiplication's rounding noise. */
const roundTo = (x: number, step: number): number => Number((Math.round(x / step) * step).toPrecision(12));
