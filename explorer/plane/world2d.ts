// The plane page's world of many bodies (2d.html, "Many bodies"): a CollisionWorld2 of boxes, circles,
// capsules and 8-gons drifting and turning (drift2d.ts), each frame every body moved and `update()` run and
// timed; bodies in a touching pair lit, each contact's normal drawn, and on demand the broad phase's trees
// (forEachTreeBox). It uses only the public entry, like any user.
import { Box2, Capsule2, Circle, CollisionWorld2, createWorldContact2, Polygon, type Shape2 } from 'convex-collide/2d';
import { driftScene, KIND_CORES, KIND_COUNT, poseAt, type DriftScene } from './drift2d.js';

const $ = <T extends HTMLElement = HTMLElement>(selector: string): T => {
  const e = document.querySelector<T>(selector);
  if (!e) throw new Error(`explorer (plane): missing element ${selector}`);
  return e;
};

/** The library's shape of each kind (drift2d.ts's KIND_CORES says the same for drawing). */
const SHAPES: readonly Shape2[] = [new Box2(0.4, 0.3), new Circle(0.35), new Capsule2(0.3, 0.2), new Polygon(KIND_CORES[3].core as number[])];

interface Running {
  scene: DriftScene;
  world: CollisionWorld2;
  handles: Int32Array;
  /** Body index of each handle. */
  index: Map<number, number>;
  step: number;
  /** The last update's milliseconds, smoothed. */
  ms: number;
}

let running: Running | null = null;
let paused = false;
let frame = 0;
const pose = { position: { x: 0, y: 0 }, angle: 0 }, contactOut = createWorldContact2();

function build(count: number): Running {
  const scene = driftScene(count), world = new CollisionWorld2(), handles = new Int32Array(count), index = new Map<number, number>();
  for (let i = 0; i < count; i++) {
    poseAt(scene, i, 0, pose);
    handles[i] = world.add(SHAPES[i % KIND_COUNT], pose);
    index.set(handles[i], i);
  }
  world.update();
  return { scene, world, handles, index, step: 0, ms: 0 };
}

/** One step: every body to its next pose, then the world's update, timed. */
function advance(r: Running): void {
  r.step++;
  for (let i = 0; i < r.scene.count; i++) { poseAt(r.scene, i, r.step, pose); r.world.setPose(r.handles[i], pose); }
  const t = performance.now();
  r.world.update();
  const ms = performance.now() - t;
  r.ms = r.ms === 0 ? ms : 0.9 * r.ms + 0.1 * ms;
}

function draw(r: Running): void {
  const canvas = $<HTMLCanvasElement>('#plane-many-canvas'), box = canvas.getBoundingClientRect();
  canvas.width = Math.max(1, Math.round(box.width)); canvas.height = Math.max(1, Math.round(box.height));
  const g = canvas.getContext('2d')!, side = r.scene.side, scale = Math.min(canvas.width, canvas.height - 40) / (side + 2);
  const sx = (x: number): number => (canvas.width - side * scale) / 2 + x * scale;
  const sy = (y: number): number => canvas.height - (canvas.height - 40 - side * scale) / 2 - y * scale;
  g.fillStyle = '#16181d'; g.fillRect(0, 0, canvas.width, canvas.height);
  g.strokeStyle = '#333844'; g.strokeRect(sx(0), sy(side), side * scale, side * scale);
  const lit = new Uint8Array(r.scene.count), w = r.world;
  for (let i = 0; i < w.contactCount; i++) {
    const c = w.contact(i, contactOut);
    lit[r.index.get(c.a)!] = 1; lit[r.index.get(c.b)!] = 1;
  }
  for (let i = 0; i < r.scene.count; i++) {
    poseAt(r.scene, i, r.step, pose);
    const { core, radius } = KIND_CORES[i % KIND_COUNT], c = Math.cos(pose.angle), s = Math.sin(pose.angle);
    g.beginPath();
    for (let k = 0; k < core.length; k += 2) {
      const x = pose.position.x + c * core[k] - s * core[k + 1], y = pose.position.y + s * core[k] + c * core[k + 1];
      if (k === 0) g.moveTo(sx(x), sy(y)); else g.lineTo(sx(x), sy(y));
    }
    if (core.length > 4) g.closePath();
    const color = lit[i] === 1 ? '#f0913a' : '#4a9cf0';
    g.strokeStyle = color; g.fillStyle = color; g.globalAlpha = lit[i] === 1 ? 0.8 : 0.35;
    g.lineJoin = 'round'; g.lineCap = 'round';
    if (radius > 0) { g.lineWidth = Math.max(1, 2 * radius * scale); g.stroke(); }
    if (core.length > 4) g.fill();
    g.globalAlpha = 1;
  }
  g.strokeStyle = '#f5e663'; g.lineWidth = 1.5;
  for (let i = 0; i < w.contactCount; i++) {
    const c = w.contact(i, contactOut), p = c.pointA;
    g.beginPath(); g.moveTo(sx(p.x), sy(p.y)); g.lineTo(sx(p.x + 0.3 * c.normal.x), sy(p.y + 0.3 * c.normal.y)); g.stroke();
  }
  if ($<HTMLInputElement>('#plane-many-tree').checked) {
    g.lineWidth = 1;
    w.forEachTreeBox((x0, y0, x1, y1, depth, leaf, isStatic) => {
      g.strokeStyle = isStatic ? '#a77df0' : '#48d99a';
      g.globalAlpha = leaf ? 0.5 : Math.max(0.15, 0.8 - 0.06 * depth);
      g.strokeRect(sx(x0), sy(y1), (x1 - x0) * scale, (y1 - y0) * scale);
    });
    g.globalAlpha = 1;
  }
  $('#plane-many-step').textContent = String(r.step);
  $('#plane-many-bodies').textContent = String(w.size);
  $('#plane-many-contacts').textContent = String(w.contactCount);
  $('#plane-many-time').textContent = `${r.ms.toFixed(2)} ms`;
}

function loop(): void {
  if (running === null) return;
  if (!paused) advance(running);
  draw(running);
  frame = requestAnimationFrame(loop);
}

/** Shows the world (built on first show, or when the body count changed) and runs it. */
export function showWorld(): void {
  const count = Number($<HTMLSelectElement>('#plane-many-count').value);
  if (running === null || running.scene.count !== count) running = build(count);
  cancelAnimationFrame(frame);
  frame = requestAnimationFrame(loop);
}

/** Stops drawing the world (kept as it is for the next show). */
export function hideWorld(): void {
  cancelAnimationFrame(frame);
}

$('#plane-many-count').addEventListener('change', () => { running = null; if (document.body.dataset.mode === 'world') showWorld(); });
$('#plane-many-pause').addEventListener('click', (e) => {
  paused = !paused;
  (e.target as HTMLElement).setAttribute('aria-pressed', String(paused));
});
$('#plane-many-next').addEventListener('click', () => {
  if (running === null) return;
  advance(running);
  draw(running);
});
$('#plane-many-tree').addEventListener('change', () => { if (running !== null) draw(running); });
