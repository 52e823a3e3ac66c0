// The sweep mode: shape B given a velocity and an angular velocity, A held still, and the library's
// `shapeCast` asked when B first touches A. B's path from time 0 to maxTime is drawn as faint ghosts, and
// B at the time of impact as a bright solid, with the contact points and normal there.
//
// The ghosts follow shapeCast's own motion model (`poseAtTime`), so the bright pose is where the cast
// says B touches A, and a ghost drawn overlapping A is one the cast found to come after the impact.
import * as THREE from 'three';
import { createShapeCastResult, InvalidShapeError, shapeCast, UnsupportedPairError } from 'convex-collide';
import type { Motion, PoseLike, Shape, ShapeCastResult } from 'convex-collide';
import { isConcave } from './concave-shape.js';
import {
  clearGroup, errorMessage, fmt, fmtVec, markerDot, overlayArrow, pairRadius, readVector, vectorData, vectorInputs, vectorRowHTML,
} from './mode-common.js';
import { formatNumber } from './shape-editor.js';
import { shapeObject } from './shape-mesh.js';
import { COLORS } from './world-view.js';
import type { Which, WorldView } from './world-view.js';

/** Ghosts drawn at maxTime · k / GHOSTS, k = 1 … GHOSTS (time 0 is B itself). */
const GHOSTS = 5;
const GHOST_OPACITY = 0.2;
/** Ghosts after the impact: fainter, since the cast says B never gets there without passing through A. */
const GHOST_AFTER_OPACITY = 0.07;
const IMPACT_COLOR = 0x8cc8ff;
const PATH_COLOR = 0xb8d8ff;

/** The defaults: B moves towards −x at unit speed and turns about z, for one unit of time. */
const DEFAULT_LINEAR = [-1, 0, 0];
const DEFAULT_ANGULAR = [0, 0, 1.5];
const DEFAULT_MAX_TIME = 1;

/**
 * Writes into `out` the pose at time `t` of a shape at `pose` moving by `motion`, in shapeCast's model:
 * position + t · linear, and rotation r(t) ⊗ q, where q is the pose's rotation and r(t) the turn by
 * t · |angular| about the axis `angular` (world axes, through the shape's position): the turn comes
 * after the pose's own rotation.
 */
function poseAtTime(out: THREE.Object3D, pose: PoseLike, motion: Motion, t: number): void {
  const p = pose.position, q = pose.quaternion;
  const v = motion.linear ?? { x: 0, y: 0, z: 0 }, w = motion.angular ?? { x: 0, y: 0, z: 0 };
  out.position.set(p.x + t * v.x, p.y + t * v.y, p.z + t * v.z);
  out.quaternion.set(q.x, q.y, q.z, q.w);
  const speed = Math.hypot(w.x, w.y, w.z);
  if (speed === 0 || t === 0) return;
  const r = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(w.x / speed, w.y / speed, w.z / speed), t * speed);
  // q.premultiply(r) sets q to r ⊗ q.
  out.quaternion.premultiply(r);
}

export class SweepMode {
  /** The mode's part of the panel (hidden while the mode is off). */
  readonly root: HTMLElement;
  private active = false;
  private readonly group = new THREE.Group();
  /** The ghosts and the pose at impact: rebuilt only when B's shape or the marker size changes. */
  private readonly bodies = new THREE.Group();
  /** The path, contact points and normal: redrawn on every update. */
  private readonly marks = new THREE.Group();
  private ghosts: THREE.Object3D[] = [];
  private impact: THREE.Object3D | null = null;
  private drawnShape: Shape | null = null;
  private drawnDotSize = 0;
  private readonly linear: HTMLInputElement[];
  private readonly angular: HTMLInputElement[];
  private readonly maxTime: HTMLInputElement;
  private readonly result: ShapeCastResult = createShapeCastResult();

  constructor(
    parent: HTMLElement,
    private readonly world: WorldView,
    private readonly shapes: Readonly<Record<Which, Shape>>,
  ) {
    const root = document.createElement('div');
    root.id = 'sweep-panel';
    root.className = 'mode-panel';
    root.hidden = true;
    root.innerHTML = `
      <p class="hint">B moves from its pose; A stays. At time t, B is at its position + t·v, turned by t·|ω| radians
        about the axis ω (world axes, through B's centre) after its own rotation.</p>
      ${vectorRowHTML('sweep-linear', 'velocity v', DEFAULT_LINEAR)}
      ${vectorRowHTML('sweep-angular', 'angular ω', DEFAULT_ANGULAR)}
      <div class="row"><label for="sweep-max-time">max time</label><input type="number" step="0.1" min="0" id="sweep-max-time" value="${formatNumber(DEFAULT_MAX_TIME)}" /></div>
      <dl id="sweep-result">
        <dt>time of impact</dt><dd id="sweep-time">–</dd>
        <dt>status</dt><dd id="sweep-status">–</dd>
        <dt>separation</dt><dd id="sweep-separation">–</dd>
        <dt>normal (A→B)</dt><dd id="sweep-normal">–</dd>
        <dt>point on A</dt><dd id="sweep-point-a">–</dd>
        <dt>point on B</dt><dd id="sweep-point-b">–</dd>
      </dl>
      <p class="detail">Faint: B at ${GHOSTS} times from 0 to max time (fainter after the impact), along its centre's
        path. Bright: B at the time of impact, with the contact points and the normal (yellow).</p>
      <p class="note" id="sweep-note" hidden></p>
      <p class="error" id="sweep-error" hidden></p>`;
    parent.append(root);
    this.root = root;
    this.linear = vectorInputs(root, 'sweep-linear');
    this.angular = vectorInputs(root, 'sweep-angular');
    this.maxTime = root.querySelector<HTMLInputElement>('#sweep-max-time')!;
    for (const input of [...this.linear, ...this.angular, this.maxTime]) input.addEventListener('input', () => this.update());
    this.group.add(this.bodies, this.marks);
    this.group.visible = false;
    world.view.scene.add(this.group);
  }

  setActive(on: boolean): void {
    if (on === this.active) return;
    this.active = on;
    this.root.hidden = !on;
    this.group.visible = on;
    if (on) this.update();
    else this.world.view.requestRender();
  }

  /** Runs the cast for the current inputs and poses and draws it; does nothing while the mode is off. */
  update(): void {
    if (!this.active) return;
    const a = this.shapes.a, b = this.shapes.b, poseA = this.world.pose.a, poseB = this.world.pose.b;
    const motion: Motion = { linear: readVector(this.linear), angular: readVector(this.angular) };
    const maxTime = this.maxTime.valueAsNumber;
    const out = this.root.querySelector<HTMLElement>('#sweep-result')!;
    let hit: ShapeCastResult | null = null;
    let error: string | null = null, note: string | null = null;
    try {
      // As typed (NaN included): the library's own validation answers bad input.
      hit = shapeCast(a, poseA, null, b, poseB, motion, this.result, { maxTime });
    } catch (e) {
      // shapeCast does not take compounds and meshes yet: it says so, and that is a note, not an error.
      if ((isConcave(a) || isConcave(b)) && (e instanceof InvalidShapeError || e instanceof UnsupportedPairError)) {
        note = `Sweeps with a compound or mesh are not in the library yet (shapeCast: ${e.message}). B's path is drawn, without a time of impact.`;
      } else {
        error = `shapeCast: ${errorMessage(e)}`;
      }
    }
    const noteLine = this.root.querySelector<HTMLElement>('#sweep-note')!;
    noteLine.hidden = note === null;
    noteLine.textContent = note ?? '';
    out.dataset.hit = error || note ? '' : String(hit !== null);
    this.showResult(error || note ? null : hit, error, note !== null);
    this.draw(error ? null : { motion, maxTime, hit });
  }

  private showResult(hit: ShapeCastResult | null, error: string | null, skipped = false): void {
    const el = (id: string) => this.root.querySelector<HTMLElement>(`#sweep-${id}`)!;
    const time = el('time');
    const err = el('error');
    err.hidden = error === null;
    err.textContent = error ?? '';
    if (!hit) {
      time.textContent = error || skipped ? '–' : 'no hit: B does not touch A before max time';
      delete time.dataset.value;
      for (const id of ['status', 'separation', 'normal', 'point-a', 'point-b']) {
        el(id).textContent = '–';
        delete el(id).dataset.value;
      }
      return;
    }
    time.textContent = hit.time === 0 ? '0 (B already touches A at time 0)' : fmt(hit.time);
    time.dataset.value = String(hit.time);
    el('status').textContent = `${hit.status}, ${hit.iterations} iteration${hit.iterations === 1 ? '' : 's'}`;
    el('separation').textContent = fmt(hit.separation);
    const scale = this.scale();
    el('normal').textContent = fmtVec(hit.normal, 1);
    el('normal').dataset.value = vectorData(hit.normal);
    el('point-a').textContent = fmtVec(hit.pointA, scale);
    el('point-a').dataset.value = vectorData(hit.pointA);
    el('point-b').textContent = fmtVec(hit.pointB, scale);
    el('point-b').dataset.value = vectorData(hit.pointB);
  }

  private draw(cast: { motion: Motion; maxTime: number; hit: ShapeCastResult | null } | null): void {
    clearGroup(this.marks);
    this.bodies.visible = cast !== null;
    const out = this.root.querySelector<HTMLElement>('#sweep-result')!;
    delete out.dataset.impactPose;
    if (!cast) {
      this.world.view.requestRender();
      return;
    }
    this.buildBodies();
    const { motion, maxTime, hit } = cast;
    const poseB = this.world.pose.b;
    this.ghosts.forEach((ghost, i) => {
      const t = (maxTime * (i + 1)) / GHOSTS;
      poseAtTime(ghost, poseB, motion, t);
      setOpacity(ghost, hit && t > hit.time ? GHOST_AFTER_OPACITY : GHOST_OPACITY);
    });
    const s = this.world.dotSize;
    // B's centre from time 0 to maxTime: a straight line (the turn is about the centre).
    const end = new THREE.Object3D();
    poseAtTime(end, poseB, motion, maxTime);
    if (end.position.distanceTo(poseB.position) > 0) {
      const path = new THREE.Line(new THREE.BufferGeometry().setFromPoints([poseB.position.clone(), end.position]),
        new THREE.LineDashedMaterial({ color: PATH_COLOR, dashSize: 4 * s, gapSize: 3 * s, transparent: true, opacity: 0.8 }));
      path.computeLineDistances();
      this.marks.add(path);
      for (const g of this.ghosts) this.marks.add(markerDot(g.position, 0.5 * s, PATH_COLOR));
    }
    const impact = this.impact!;
    impact.visible = hit !== null;
    if (hit) {
      poseAtTime(impact, poseB, motion, hit.time);
      const q = impact.quaternion;
      out.dataset.impactPose = JSON.stringify({ position: [impact.position.x, impact.position.y, impact.position.z], quaternion: [q.x, q.y, q.z, q.w] });
      this.marks.add(markerDot(hit.pointA, s, COLORS.a), markerDot(hit.pointB, s, COLORS.b));
      this.marks.add(overlayArrow(hit.pointA, hit.normal, 12 * s, COLORS.normal, 3 * s));
    }
    this.world.view.requestRender();
  }

  /** (Re)makes the ghosts and the impact pose's solid when B's shape or the marker size changed. */
  private buildBodies(): void {
    const b = this.shapes.b, dotSize = this.world.dotSize;
    if (b === this.drawnShape && dotSize === this.drawnDotSize) return;
    clearGroup(this.bodies);
    this.ghosts = [];
    for (let k = 0; k < GHOSTS; k++) {
      const ghost = shapeObject(b, COLORS.b, dotSize);
      ghost.traverse((o) => {
        // Ghosts do not hide what is behind them, nor each other.
        for (const m of materials(o)) m.depthWrite = false;
        o.renderOrder = 1;
      });
      this.ghosts.push(ghost);
      this.bodies.add(ghost);
    }
    const impact = shapeObject(b, IMPACT_COLOR, dotSize);
    impact.traverse((o) => {
      for (const m of materials(o)) {
        if (m instanceof THREE.MeshStandardMaterial) {
          m.emissive.setHex(0x1f4f80);
          m.opacity = 0.92;
        }
        if (m instanceof THREE.LineBasicMaterial) {
          m.color.setHex(0xffffff);
          m.opacity = 0.8;
        }
      }
    });
    this.impact = impact;
    this.bodies.add(impact);
    this.drawnShape = b;
    this.drawnDotSize = dotSize;
  }

  /** A length typical of the pair, below which a component prints as 0. */
  private scale(): number {
    const pa = this.world.pose.a.position, pb = this.world.pose.b.position;
    return Math.max(pairRadius(pa, pb, this.shapes.a.boundingRadius, this.shapes.b.boundingRadius), pa.length(), pb.length());
  }
}

function materials(o: THREE.Object3D): THREE.Material[] {
  const m = (o as THREE.Mesh).material as THREE.Material | THREE.Material[] | undefined;
  return m === undefined ? [] : Array.isArray(m) ? m : [m];
}

/** Sets every material under `root` to `opacity` times the opacity it was made with. */
function setOpacity(root: THREE.Object3D, opacity: number): void {
  root.traverse((o) => {
    for (const m of materials(o)) {
      const base = (m.userData.baseOpacity ??= m.opacity) as number;
      m.transparent = true;
      m.opacity = base * opacity;
    }
  });
}
