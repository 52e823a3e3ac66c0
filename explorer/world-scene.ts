// The world scene, what the page opens on: a few hundred of the library's shapes drift and tumble through
// a box, and a CollisionWorld (the broad phase's trees, then the narrow phase on the pairs they find) is
// updated after every move. The motion is kinematic: each body keeps its velocity and spin and bounces off
// the walls, passing through the others, so pairs begin and end touching all the time and no solver is
// needed. Bodies in a touching pair take the touching colour, each contact's points and normal are drawn
// over them, the tree's boxes on demand, and the panel shows the time of each update().
//
// A frame allocates little beyond the panel's text and three.js's uploads: bodies live in typed arrays, one
// pose record carries every setPose, each kind of body is one InstancedMesh, and the contacts and the tree
// boxes are each one geometry rewritten in place (it grows, by doubling, only when it runs out of room).
// (While the tree is shown, the library's forEachTreeBox allocates: its numbers are boxed for the callback.)
import * as THREE from 'three';
import { CollisionWorld } from 'convex-collide';
import type { WorldContact } from 'convex-collide';
import { shapeFromJSON } from 'convex-collide/format';
import type { ShapeJSON } from 'convex-collide/format';
import { BODY_KINDS, buildKind, kindGeometry, random } from './world-bodies.js';
import type { BodyKind } from './world-bodies.js';
import { View } from './view.js';

/** A fixed column through the middle of the box, floor to ceiling, in the world's static tree: bodies drift through it. */
const COLUMN_RADIUS = 0.45;
/** Bodies per unit volume: about one touching pair for every three or four bodies. */
const DENSITY = 0.5;
const STEP = 1 / 60;
/** Weight of the newest update() time in the shown average (about the last 20 frames). */
const SMOOTHING = 0.05;
export const DEFAULT_COUNT = 400;

const REST_COLORS = [0x4f7fb8, 0x5a8f9e, 0x6b78b0, 0x4c9a86, 0x7c6fb0, 0x8a8f5a, 0x5c86c9, 0x66a0a8, 0x9a7aa8];
const TOUCH_COLOR = 0xff6a3d;
const COLUMN_COLOR = 0x8b91a0;
const POINT_COLOR = 0xffffff;
const NORMAL_COLOR = 0xf5e663;
const NORMAL_LENGTH = 0.18;

/**
 * A line or point geometry rewritten in place every frame: `positions` (and `colors`) hold `capacity`
 * vertices, and `reserve` doubles them when a frame needs more.
 */
class LiveBuffer {
  readonly geometry = new THREE.BufferGeometry();
  positions = new Float32Array(0);
  colors: Float32Array | null = null;

  constructor(private readonly withColors: boolean) {
    this.reserve(256);
  }

  reserve(vertices: number): void {
    if (3 * vertices <= this.positions.length) return;
    const n = Math.max(3 * vertices, 2 * this.positions.length);
    // Dropping the old GPU buffers first: three.js makes new ones for the new attributes on the next render.
    this.geometry.dispose();
    this.positions = new Float32Array(n);
    this.geometry.setAttribute('position', new THREE.BufferAttribute(this.positions, 3).setUsage(THREE.DynamicDrawUsage));
    if (this.withColors) {
      this.colors = new Float32Array(n);
      this.geometry.setAttribute('color', new THREE.BufferAttribute(this.colors, 3).setUsage(THREE.DynamicDrawUsage));
    }
  }

  /** Draws the first `vertices` vertices. */
  commit(vertices: number): void {
    this.geometry.setDrawRange(0, vertices);
    this.geometry.getAttribute('position').needsUpdate = true;
    if (this.colors) this.geometry.getAttribute('color').needsUpdate = true;
  }
}

/** What the panel shows, also kept as data- attributes of `#world-status` for tests and scripts. */
export interface WorldStatus {
  bodies: number;
  touching: number;
  /** Smoothed time of update(), ms. */
  updateMs: number;
  steps: number;
  /** Boxes drawn for the tree (0 while hidden). */
  treeBoxes: number;
}

/** What `forEachTreeBox` calls for each of the broad phase's boxes. */
type TreeBoxVisitor = Parameters<CollisionWorld['forEachTreeBox']>[0];

/** The 12 edges of a box as pairs of corners, a corner numbered by its bits (1: max x, 2: max y, 4: max z). */
const BOX_EDGES = [0, 1, 2, 3, 4, 5, 6, 7, 0, 2, 1, 3, 4, 6, 5, 7, 0, 4, 1, 5, 2, 6, 3, 7];

export class WorldScene {
  readonly view: View;
  readonly root: HTMLElement;
  readonly status: WorldStatus = { bodies: 0, touching: 0, updateMs: 0, steps: 0, treeBoxes: 0 };
  /** Called when the count or the tree checkbox changes (main.ts keeps them in the URL). */
  onStateChange: () => void = () => {};
  private readonly shapes = BODY_KINDS.map(buildKind);
  private readonly geometries = BODY_KINDS.map(kindGeometry);
  private readonly material = new THREE.MeshStandardMaterial({ roughness: 0.6, metalness: 0.05, flatShading: false });
  private readonly bodyGroup = new THREE.Group();
  private meshes: THREE.InstancedMesh[] = [];
  private readonly column: THREE.Mesh;
  private columnJSON: ShapeJSON = { type: 'cylinder', halfHeight: 1, radius: COLUMN_RADIUS };
  private readonly contacts = new LiveBuffer(false);
  private readonly normals = new LiveBuffer(false);
  private readonly treeLines = new LiveBuffer(true);
  private readonly contactObjects: THREE.Object3D[];
  private readonly treeObject: THREE.LineSegments;
  private readonly walls: THREE.LineSegments;

  private world = new CollisionWorld();
  private count = 0;
  /** Half the side of the box the bodies move in. */
  private half = 1;
  // Bodies 0 … count − 1 move; body `count` is the column.
  private kind = new Uint8Array(0);
  private instance = new Int32Array(0);
  private handles = new Float64Array(0);
  private readonly bodyOf = new Map<number, number>();
  private radius = new Float64Array(0);
  private position = new Float64Array(0);
  private velocity = new Float64Array(0);
  private quaternion = new Float64Array(0);
  private spin = new Float64Array(0);
  private touching = new Uint8Array(0);
  private contactVertices = 0;
  private treeVertices = 0;

  private running = false;
  private paused = false;
  private frame = 0;
  private readonly pose = { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } };
  private readonly matrix = new THREE.Matrix4();
  private readonly p = new THREE.Vector3();
  private readonly q = new THREE.Quaternion();
  private readonly one = new THREE.Vector3(1, 1, 1);
  private readonly color = new THREE.Color();
  private readonly restColors = BODY_KINDS.map((_, k) => new THREE.Color(REST_COLORS[k % REST_COLORS.length]));
  private readonly touchColor = new THREE.Color(TOUCH_COLOR);
  private readonly background = new THREE.Color(0x16181d);
  private readonly el: Record<'bodies' | 'touching' | 'update' | 'boxes' | 'pause' | 'count' | 'countLabel' | 'tree' | 'contacts' | 'status', HTMLElement>;

  constructor(parent: HTMLElement, container: HTMLElement) {
    this.view = new View(container);
    const scene = this.view.scene;
    this.column = new THREE.Mesh(
      new THREE.CylinderGeometry(COLUMN_RADIUS, COLUMN_RADIUS, 2, 32),
      new THREE.MeshStandardMaterial({ color: COLUMN_COLOR, roughness: 0.8, transparent: true, opacity: 0.45 }),
    );
    this.walls = new THREE.LineSegments(new THREE.EdgesGeometry(new THREE.BoxGeometry(2, 2, 2)), new THREE.LineBasicMaterial({ color: 0x59606e }));
    const points = new THREE.Points(this.contacts.geometry, new THREE.PointsMaterial({ color: POINT_COLOR, size: 4, sizeAttenuation: false, depthTest: false, transparent: true }));
    const normals = new THREE.LineSegments(this.normals.geometry, new THREE.LineBasicMaterial({ color: NORMAL_COLOR, depthTest: false, transparent: true }));
    this.treeObject = new THREE.LineSegments(this.treeLines.geometry, new THREE.LineBasicMaterial({ vertexColors: true, transparent: true, opacity: 0.7 }));
    this.contactObjects = [points, normals];
    // Drawn over the bodies (the points of an overlapping pair are inside them); their boxes change every
    // frame, so three.js's culling by a stale bounding sphere would drop them.
    for (const o of [points, normals, this.treeObject]) {
      o.frustumCulled = false;
      o.renderOrder = 3;
    }
    this.treeObject.visible = false;
    scene.add(this.bodyGroup, this.column, this.walls, points, normals, this.treeObject);

    const root = document.createElement('div');
    root.id = 'world-panel-body';
    root.innerHTML = `
      <p class="hint">Hundreds of shapes drift and tumble through a box, passing through each other and the grey
        column (kinematic motion, no solver). After each move the library's <code>CollisionWorld.update()</code>
        finds the pairs whose tree boxes overlap and runs the narrow phase on them.</p>
      <dl id="world-status">
        <dt>bodies</dt><dd id="world-bodies">–</dd>
        <dt>touching pairs</dt><dd id="world-touching">–</dd>
        <dt>update()</dt><dd id="world-update">–</dd>
        <dt>tree boxes</dt><dd id="world-boxes">hidden</dd>
      </dl>
      <div class="buttons">
        <button type="button" id="world-pause" aria-pressed="false">Pause (Space)</button>
        <button type="button" id="world-step">Step (N)</button>
        <button type="button" id="world-reset">Reset</button>
      </div>
      <div class="row"><label for="world-count">bodies</label>
        <input type="range" id="world-count" min="50" max="3000" step="50" value="${DEFAULT_COUNT}" />
        <span id="world-count-label">${DEFAULT_COUNT}</span></div>
      <div class="row"><input type="checkbox" id="world-tree" /><label for="world-tree" class="wide">tree boxes (T)</label></div>
      <div class="row"><input type="checkbox" id="world-contacts" checked /><label for="world-contacts" class="wide">contact points and normals</label></div>
      <p class="detail"><i class="swatch touch"></i> a body in a touching pair; white dots: the contact's witness points,
        yellow: its normal. Tree boxes: <i class="swatch leaf"></i> a body's fat box, <i class="swatch inner"></i> inner
        nodes (fainter deeper down), <i class="swatch static"></i> the static tree. The update time is the mean of about
        the last 20 steps.</p>`;
    parent.append(root);
    this.root = root;
    const $ = (id: string): HTMLElement => root.querySelector<HTMLElement>(`#${id}`)!;
    this.el = {
      bodies: $('world-bodies'), touching: $('world-touching'), update: $('world-update'), boxes: $('world-boxes'),
      pause: $('world-pause'), count: $('world-count'), countLabel: $('world-count-label'), tree: $('world-tree'),
      contacts: $('world-contacts'), status: $('world-status'),
    };
    this.el.pause.addEventListener('click', () => this.setPaused(!this.paused));
    $('world-step').addEventListener('click', () => this.stepOnce());
    $('world-reset').addEventListener('click', () => this.reset(this.count));
    const count = this.el.count as HTMLInputElement;
    count.addEventListener('input', () => { this.el.countLabel.textContent = count.value; });
    count.addEventListener('change', () => {
      this.reset(count.valueAsNumber);
      this.onStateChange();
    });
    this.el.tree.addEventListener('change', () => {
      this.showTree((this.el.tree as HTMLInputElement).checked);
      this.onStateChange();
    });
    this.el.contacts.addEventListener('change', () => {
      for (const o of this.contactObjects) o.visible = (this.el.contacts as HTMLInputElement).checked;
      this.view.requestRender();
    });
  }

  get bodyCount(): number {
    return this.count;
  }

  get treeShown(): boolean {
    return this.treeObject.visible;
  }

  /** Starts (or resumes) the animation; builds the bodies the first time. */
  start(): void {
    if (this.count === 0) this.reset(DEFAULT_COUNT);
    this.running = true;
    this.schedule();
  }

  /** Stops the animation (the page shows another scene); the bodies stay as they are. */
  stop(): void {
    this.running = false;
    cancelAnimationFrame(this.frame);
  }

  setPaused(paused: boolean): void {
    this.paused = paused;
    this.el.pause.setAttribute('aria-pressed', String(paused));
    this.el.pause.textContent = paused ? 'Resume (Space)' : 'Pause (Space)';
    this.schedule();
  }

  get isPaused(): boolean {
    return this.paused;
  }

  /** Advances one step and pauses. */
  stepOnce(): void {
    if (!this.paused) this.setPaused(true);
    this.advance();
  }

  showTree(on: boolean): void {
    (this.el.tree as HTMLInputElement).checked = on;
    this.treeObject.visible = on;
    this.draw();
  }

  /** A fresh world of `count` moving bodies (and the column), the same ones for the same count. */
  reset(count: number): void {
    count = Math.max(1, Math.round(count));
    (this.el.count as HTMLInputElement).value = String(count);
    this.el.countLabel.textContent = String(count);
    this.count = count;
    // The box grows with the count, so the density (and the share of bodies touching) stays the same.
    this.half = 0.5 * Math.cbrt(count / DENSITY);
    const h = this.half, n = count + 1;
    this.kind = new Uint8Array(n);
    this.instance = new Int32Array(n);
    this.handles = new Float64Array(n);
    this.radius = new Float64Array(n);
    this.position = new Float64Array(3 * n);
    this.velocity = new Float64Array(3 * n);
    this.quaternion = new Float64Array(4 * n);
    this.spin = new Float64Array(3 * n);
    this.touching = new Uint8Array(n);
    this.bodyOf.clear();
    this.world = new CollisionWorld();
    const rand = random(20);
    const perKind = new Int32Array(BODY_KINDS.length);
    for (let i = 0; i < count; i++) {
      const k = i % BODY_KINDS.length, shape = this.shapes[k];
      this.kind[i] = k;
      this.instance[i] = perKind[k]++;
      const r = (this.radius[i] = shape.boundingRadius);
      for (let a = 0; a < 3; a++) {
        this.position[3 * i + a] = (2 * rand() - 1) * (h - r);
        // Speeds of 0.3 to 1.2 box-units a second, in any direction.
        this.velocity[3 * i + a] = (2 * rand() - 1) * 0.7;
        this.spin[3 * i + a] = (2 * rand() - 1) * 2.5;
      }
      // A uniformly random orientation (Shoemake).
      const u1 = rand(), u2 = 2 * Math.PI * rand(), u3 = 2 * Math.PI * rand();
      const s1 = Math.sqrt(1 - u1), s2 = Math.sqrt(u1);
      this.quaternion.set([s1 * Math.sin(u2), s1 * Math.cos(u2), s2 * Math.sin(u3), s2 * Math.cos(u3)], 4 * i);
      this.handles[i] = this.world.add(shape, this.poseOf(i));
      this.bodyOf.set(this.handles[i], i);
    }
    // The column, through the middle from floor to ceiling.
    const c = count;
    this.quaternion[4 * c + 3] = 1;
    this.columnJSON = { type: 'cylinder', halfHeight: h, radius: COLUMN_RADIUS };
    this.handles[c] = this.world.add(shapeFromJSON(this.columnJSON), this.poseOf(c), { static: true });
    this.bodyOf.set(this.handles[c], c);
    this.column.scale.set(1, h, 1);
    this.walls.scale.setScalar(h);

    for (const m of this.meshes) {
      this.bodyGroup.remove(m);
      m.dispose();
    }
    this.meshes = BODY_KINDS.map((_, k) => {
      const mesh = new THREE.InstancedMesh(this.geometries[k], this.material, perKind[k]);
      // Instances move every frame: the mesh's bounding sphere (computed once) would cull them wrongly.
      mesh.frustumCulled = false;
      mesh.instanceMatrix.setUsage(THREE.DynamicDrawUsage);
      mesh.setColorAt(0, this.restColors[k]);
      mesh.instanceColor!.setUsage(THREE.DynamicDrawUsage);
      this.bodyGroup.add(mesh);
      return mesh;
    });
    this.contacts.reserve(4 * count);
    this.normals.reserve(2 * count);
    this.view.frame(new THREE.Vector3(0, 0, 0), 1.45 * h);
    this.status.steps = 0;
    this.status.updateMs = 0;
    this.timeUpdate();
    this.draw();
  }

  // ---- stepping ---------------------------------------------------------------------------------

  private schedule(): void {
    cancelAnimationFrame(this.frame);
    if (!this.running || this.paused) return;
    const tick = (): void => {
      if (!this.running || this.paused) return;
      this.advance();
      this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);
  }

  private advance(): void {
    this.move(STEP);
    this.timeUpdate();
    this.status.steps++;
    this.draw();
  }

  /** Moves every body by `dt`: straight on, turning at its spin, and bouncing off the walls. */
  private move(dt: number): void {
    const p = this.position, v = this.velocity, q = this.quaternion, w = this.spin, h = this.half;
    for (let i = 0; i < this.count; i++) {
      const r = this.radius[i];
      for (let a = 3 * i; a < 3 * i + 3; a++) {
        p[a] += v[a] * dt;
        // Its bounding sphere stays in the box: reflect the velocity where it would leave.
        if ((p[a] > h - r && v[a] > 0) || (p[a] < r - h && v[a] < 0)) v[a] = -v[a];
      }
      // q ← (rotation by spin · dt) q: the spin is in world axes.
      const wx = w[3 * i], wy = w[3 * i + 1], wz = w[3 * i + 2];
      const rate = Math.hypot(wx, wy, wz), half = 0.5 * rate * dt;
      const s = rate > 0 ? Math.sin(half) / rate : 0, c = Math.cos(half);
      const ax = wx * s, ay = wy * s, az = wz * s;
      const k = 4 * i, qx = q[k], qy = q[k + 1], qz = q[k + 2], qw = q[k + 3];
      let nx = c * qx + ax * qw + ay * qz - az * qy;
      let ny = c * qy - ax * qz + ay * qw + az * qx;
      let nz = c * qz + ax * qy - ay * qx + az * qw;
      let nw = c * qw - ax * qx - ay * qy - az * qz;
      const len = Math.hypot(nx, ny, nz, nw);
      nx /= len; ny /= len; nz /= len; nw /= len;
      q[k] = nx; q[k + 1] = ny; q[k + 2] = nz; q[k + 3] = nw;
      this.world.setPose(this.handles[i], this.poseOf(i));
    }
  }

  /** Body i's pose, in the one record every setPose reads (the world copies it). */
  private poseOf(i: number): { position: { x: number; y: number; z: number }; quaternion: { x: number; y: number; z: number; w: number } } {
    const pose = this.pose, p = this.position, q = this.quaternion;
    pose.position.x = p[3 * i]; pose.position.y = p[3 * i + 1]; pose.position.z = p[3 * i + 2];
    pose.quaternion.x = q[4 * i]; pose.quaternion.y = q[4 * i + 1]; pose.quaternion.z = q[4 * i + 2]; pose.quaternion.w = q[4 * i + 3];
    return pose;
  }

  private timeUpdate(): void {
    const t0 = performance.now();
    this.world.update();
    const ms = performance.now() - t0;
    // The first update of a world inserts every body: not what a step costs, so it does not count.
    if (this.status.steps === 0) return;
    this.status.updateMs = this.status.steps === 1 ? ms : this.status.updateMs + SMOOTHING * (ms - this.status.updateMs);
  }

  // ---- drawing ----------------------------------------------------------------------------------

  private readonly visitContact = (c: WorldContact): void => {
    const i = this.bodyOf.get(c.a), j = this.bodyOf.get(c.b);
    if (i !== undefined) this.touching[i] = 1;
    if (j !== undefined) this.touching[j] = 1;
    const n = this.contactVertices, pos = this.contacts.positions, nor = this.normals.positions;
    // Room for them was reserved from contactCount before the visit.
    const a = c.pointA, b = c.pointB, d = c.normal;
    pos[3 * n] = a.x; pos[3 * n + 1] = a.y; pos[3 * n + 2] = a.z;
    pos[3 * n + 3] = b.x; pos[3 * n + 4] = b.y; pos[3 * n + 5] = b.z;
    nor[3 * n] = a.x; nor[3 * n + 1] = a.y; nor[3 * n + 2] = a.z;
    nor[3 * n + 3] = a.x + NORMAL_LENGTH * d.x; nor[3 * n + 4] = a.y + NORMAL_LENGTH * d.y; nor[3 * n + 5] = a.z + NORMAL_LENGTH * d.z;
    this.contactVertices = n + 2;
  };

  private readonly visitTreeBox: TreeBoxVisitor = (minX, minY, minZ, maxX, maxY, maxZ, depth, isLeaf, isStatic) => {
    const v = this.treeVertices, pos = this.treeLines.positions, col = this.treeLines.colors!;
    const color = this.color;
    if (isStatic) color.setHex(isLeaf ? 0xc8ccd6 : 0x8b91a0);
    else if (isLeaf) color.setHex(0x5fe08a);
    // Inner nodes: lilac at the root, fading towards the background with depth.
    else color.setHex(0xb48cff).lerp(this.background, Math.min(depth / 14, 0.8));
    for (let e = 0; e < 24; e++) {
      const corner = BOX_EDGES[e], k = 3 * (v + e);
      pos[k] = corner & 1 ? maxX : minX;
      pos[k + 1] = corner & 2 ? maxY : minY;
      pos[k + 2] = corner & 4 ? maxZ : minZ;
      col[k] = color.r; col[k + 1] = color.g; col[k + 2] = color.b;
    }
    this.treeVertices = v + 24;
  };

  /** Writes the instances, their colours, the contacts and the tree boxes, and the panel; then renders. */
  private draw(): void {
    const m = this.matrix, p = this.p, q = this.q, pos = this.position, quat = this.quaternion;
    const n = this.count;
    this.touching.fill(0);
    this.contactVertices = 0;
    const touching = this.world.contactCount;
    this.contacts.reserve(2 * touching);
    this.normals.reserve(2 * touching);
    this.world.forEachContact(this.visitContact);
    this.contacts.commit(this.contactVertices);
    this.normals.commit(this.contactVertices);
    for (let i = 0; i < n; i++) {
      const mesh = this.meshes[this.kind[i]], j = this.instance[i];
      p.set(pos[3 * i], pos[3 * i + 1], pos[3 * i + 2]);
      q.set(quat[4 * i], quat[4 * i + 1], quat[4 * i + 2], quat[4 * i + 3]);
      mesh.setMatrixAt(j, m.compose(p, q, this.one));
      mesh.setColorAt(j, this.touching[i] ? this.touchColor : this.restColors[this.kind[i]]);
    }
    for (const mesh of this.meshes) {
      mesh.instanceMatrix.needsUpdate = true;
      mesh.instanceColor!.needsUpdate = true;
    }
    (this.column.material as THREE.MeshStandardMaterial).color.setHex(this.touching[n] ? TOUCH_COLOR : COLUMN_COLOR);

    this.treeVertices = 0;
    if (this.treeObject.visible) {
      // Two trees of 2·bodies − 1 nodes at most.
      this.treeLines.reserve(24 * 2 * (n + 1));
      this.world.forEachTreeBox(this.visitTreeBox);
    }
    this.treeLines.commit(this.treeVertices);

    const s = this.status;
    s.bodies = n + 1;
    s.touching = touching;
    s.treeBoxes = this.treeVertices / 24;
    this.el.bodies.textContent = `${n} moving, 1 static`;
    this.el.touching.textContent = String(touching);
    this.el.update.textContent = s.steps > 0 ? `${s.updateMs.toFixed(3)} ms` : '–';
    this.el.boxes.textContent = this.treeObject.visible ? String(s.treeBoxes) : 'hidden';
    const d = this.el.status.dataset;
    d.bodies = String(s.bodies);
    d.touching = String(touching);
    d.updateMs = String(s.updateMs);
    d.steps = String(s.steps);
    d.treeBoxes = String(s.treeBoxes);
    this.view.requestRender();
  }

  // ---- for tests and scripts -------------------------------------------------------------------

  /**
   * The scene as data: the kinds, every body's kind and pose (exactly the numbers given to setPose; the
   * column is kind −1, shape `column`), and the touching pairs of the last update as body indices. A test builds
   * the shapes again from this and checks the pairs against its own all-pairs loop.
   */
  snapshot(): { kinds: readonly BodyKind[]; column: ShapeJSON; bodies: { kind: number; position: number[]; quaternion: number[] }[]; touching: [number, number][] } {
    const bodies = Array.from({ length: this.count + 1 }, (_, i) => ({
      kind: i < this.count ? this.kind[i] : -1,
      position: Array.from(this.position.subarray(3 * i, 3 * i + 3)),
      quaternion: Array.from(this.quaternion.subarray(4 * i, 4 * i + 4)),
    }));
    const touching: [number, number][] = [];
    this.world.forEachContact((c) => {
      const i = this.bodyOf.get(c.a)!, j = this.bodyOf.get(c.b)!;
      touching.push(i < j ? [i, j] : [j, i]);
    });
    return { kinds: BODY_KINDS, column: this.columnJSON, bodies, touching };
  }
}
