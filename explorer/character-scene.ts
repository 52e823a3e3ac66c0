// The character scene: a capsule walked with the keyboard (W A S D or the arrows, Space to jump) through a
// small level by convex-collide's CharacterController: a wavy height-field terrain, a low step it climbs and a high
// ledge it does not, a 30° ramp it walks and a 60° one it slides off, a wall it slides along, and a ground
// half-space under it all. The status line says whether it stands on ground, on which body, and how long a
// move took.
import * as THREE from 'three';
import { Box, Capsule, CharacterController, CollisionWorld, HalfSpace, HeightField, createCharacterMove, type Shape } from 'convex-collide';
import { disposeTree } from './geometry.js';
import type { View } from './view.js';

const at = (x: number, y: number, z: number, q = { x: 0, y: 0, z: 0, w: 1 }) => ({ position: { x, y, z }, quaternion: q });
const aboutX = (angle: number) => ({ x: Math.sin(angle / 2), y: 0, z: 0, w: Math.cos(angle / 2) });

/** The level: its bodies' shapes, poses, names and colours. */
function level(): { shape: Shape; pose: ReturnType<typeof at>; name: string; color: number }[] {
  // A 41 × 41 height field over 20 × 20 (cells 0.5 apart): waves on the far side only; the near side is
  // flat, where the steps and ramps stand.
  const n = 41, size = 20, heights: number[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const x = (j / (n - 1) - 0.5) * size, z = (i / (n - 1) - 0.5) * size;
      heights.push(z < -2 ? 0.25 * Math.sin(x * 0.6) * Math.sin(z * 0.5) - 0.25 : 0);
    }
  }
  return [
    { shape: new HalfSpace(), pose: at(0, -1, 0), name: 'ground half-space', color: 0x2d3140 },
    { shape: new HeightField(n, n, heights, { x: size, y: 1, z: size }), pose: at(0, 0, 0), name: 'terrain (height field)', color: 0x4a5568 },
    { shape: new Box(1, 0.1, 1), pose: at(-4, 0.1, 4), name: 'step (0.2 high)', color: 0x6b8e5a },
    { shape: new Box(1, 0.4, 1), pose: at(-7, 0.4, 4), name: 'ledge (0.8 high)', color: 0x8e6b5a },
    { shape: new Box(1.5, 0.05, 3), pose: at(2, 1.5 * Math.sin(Math.PI / 6), 4 + 3 * Math.cos(Math.PI / 6) - 3, aboutX(-Math.PI / 6)), name: '30° ramp', color: 0x5a7a8e },
    { shape: new Box(1.5, 0.05, 3), pose: at(6, 3 * Math.sin(Math.PI / 3) - 0.05, 2 + 3 * Math.cos(Math.PI / 3), aboutX(-Math.PI / 3)), name: '60° ramp', color: 0x8e5a7a },
    { shape: new Box(0.25, 1.5, 4), pose: at(9.5, 1.5, 2), name: 'wall', color: 0x7a6a55 },
  ];
}

/** The three.js geometry of a level shape (the half-space as a large thin slab). */
function geometryOf(shape: Shape): THREE.BufferGeometry {
  if (shape instanceof Box) return new THREE.BoxGeometry(2 * shape.hx, 2 * shape.hy, 2 * shape.hz);
  if (shape instanceof HeightField) {
    // The field's samples as vertices, two triangles a cell split as the field splits them.
    const { rows, cols, heights, scale } = shape, position = new Float32Array(3 * rows * cols), index: number[] = [];
    for (let i = 0; i < rows; i++) {
      for (let j = 0; j < cols; j++) position.set([(j / (cols - 1) - 0.5) * scale.x, heights[i * cols + j] * scale.y, (i / (rows - 1) - 0.5) * scale.z], 3 * (i * cols + j));
    }
    for (let i = 0; i < rows - 1; i++) {
      for (let j = 0; j < cols - 1; j++) {
        const a = i * cols + j, b = a + 1, c = a + cols, d = c + 1;
        index.push(a, d, b, a, c, d);
      }
    }
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.BufferAttribute(position, 3));
    g.setIndex(index);
    g.computeVertexNormals();
    return g;
  }
  return new THREE.BoxGeometry(60, 0.02, 60).translate(0, -0.01, 0);
}

export class CharacterScene {
  private readonly group = new THREE.Group();
  private readonly keys = new Set<string>();
  private world: CollisionWorld | null = null;
  private controller: CharacterController | null = null;
  private names: string[] = [];
  private readonly capsule = new Capsule(0.5, 0.3);
  private readonly position = { x: 0, y: 0.81, z: 0 };
  private readonly pose = { position: this.position, quaternion: { x: 0, y: 0, z: 0, w: 1 } };
  private readonly move = createCharacterMove();
  private body: THREE.Mesh | null = null;
  private vertical = 0;
  private frame = 0;
  private running = false;
  /** Called with a line of text after each move (ground, body, position, time). */
  onStatus: (text: string) => void = () => {};

  constructor(private readonly view: View) {
    view.scene.add(this.group);
    // While it runs, the walking keys are the character's (the explorer's own use W, arrows and Space too).
    const claim = (e: KeyboardEvent, down: boolean): void => {
      if (!this.running) return;
      const key = e.key.toLowerCase();
      if (!['w', 'a', 's', 'd', 'arrowup', 'arrowdown', 'arrowleft', 'arrowright', ' '].includes(key)) return;
      if (down) this.keys.add(key); else this.keys.delete(key);
      e.preventDefault();
      e.stopImmediatePropagation();
    };
    window.addEventListener('keydown', (e) => claim(e, true), { capture: true });
    window.addEventListener('keyup', (e) => claim(e, false), { capture: true });
  }

  get active(): boolean {
    return this.running;
  }

  start(): void {
    this.stop();
    const world = new CollisionWorld();
    this.names = [];
    for (const b of level()) {
      const h = world.add(b.shape, b.pose, { static: true });
      this.names[h] = b.name;
      const mesh = new THREE.Mesh(geometryOf(b.shape), new THREE.MeshStandardMaterial({ color: b.color, roughness: 0.9, flatShading: b.shape instanceof HeightField }));
      mesh.position.set(b.pose.position.x, b.pose.position.y, b.pose.position.z);
      mesh.quaternion.set(b.pose.quaternion.x, b.pose.quaternion.y, b.pose.quaternion.z, b.pose.quaternion.w);
      this.group.add(mesh);
    }
    this.world = world;
    this.controller = new CharacterController(world, { autostep: { maxHeight: 0.3, minWidth: 0.1 }, snapToGround: 0.2 });
    this.body = new THREE.Mesh(new THREE.CapsuleGeometry(0.3, 1, 6, 12), new THREE.MeshStandardMaterial({ color: 0xe0a040, roughness: 0.6 }));
    this.group.add(this.body);
    this.position.x = 0; this.position.y = 0.81; this.position.z = 0;
    this.vertical = 0;
    this.running = true;
    this.view.frame(new THREE.Vector3(0, 1, 0), 7);
    // From behind and above the start, looking along −z over the level.
    this.view.camera.position.set(0, 6, 9);
    this.view.orbit.target.set(0, 1, 0);
    this.view.orbit.update();
    const tick = (): void => {
      if (!this.running || this.world !== world) return;
      this.step();
      this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);
  }

  stop(): void {
    this.running = false;
    this.keys.clear();
    cancelAnimationFrame(this.frame);
    for (const child of [...this.group.children]) {
      this.group.remove(child);
      disposeTree(child);
    }
    this.world = null;
    this.controller = null;
    this.body = null;
    this.view.requestRender();
  }

  /** One frame: the keys' walk (0.06 a frame), gravity and jumps, through the controller. */
  step(): void {
    const c = this.controller!, k = this.keys, speed = 0.06;
    const dx = (k.has('d') || k.has('arrowright') ? 1 : 0) - (k.has('a') || k.has('arrowleft') ? 1 : 0);
    const dz = (k.has('s') || k.has('arrowdown') ? 1 : 0) - (k.has('w') || k.has('arrowup') ? 1 : 0);
    const l = Math.hypot(dx, dz) || 1;
    if (this.move.grounded && k.has(' ')) this.vertical = 0.2;
    this.vertical = Math.max(this.vertical - 0.01, -0.5);
    const t0 = performance.now();
    const m = c.move(this.capsule, this.pose, { x: (speed * dx) / l, y: this.vertical, z: (speed * dz) / l }, this.move);
    const took = performance.now() - t0;
    this.position.x += m.translation.x; this.position.y += m.translation.y; this.position.z += m.translation.z;
    if (m.grounded && this.vertical < 0) this.vertical = 0;
    this.body!.position.set(this.position.x, this.position.y, this.position.z);
    // The camera follows the character (its orbit keeps its angle).
    const v = this.view, tx = m.translation.x, ty = m.translation.y, tz = m.translation.z;
    v.camera.position.x += tx; v.camera.position.y += ty; v.camera.position.z += tz;
    v.orbit.target.x += tx; v.orbit.target.y += ty; v.orbit.target.z += tz;
    v.orbit.update();
    const ground = m.ground >= 0 ? this.names[m.ground] ?? `body ${m.ground}` : 'nothing';
    this.onStatus(`${m.grounded ? 'on' : 'above'} ${ground}; at (${this.position.x.toFixed(2)}, ${this.position.y.toFixed(2)}, ${this.position.z.toFixed(2)}); `
      + `${m.collisionCount} contacts; move ${took.toFixed(2)} ms`);
    this.view.requestRender();
  }
}
