// The explorer's page for the plane (2d.html): two 2D shapes, their contact and manifold from
// `convex-collide/2d`, the Minkowski difference of their cores, and GJK replayed step by step from the
// query's trace. It opens on the worked example of the 2D entry: a triangle (4,11), (9,9), (4,5) against a
// quadrilateral (8,6), (15,6), (13,1), (10,2), 1.7179 apart. It uses only the public entry, like any user.
import {
  Box2, Capsule2, Circle, contact, contactManifold, createContactResult, createManifold, Polygon, Rounded2,
  type GjkTraceStep2, type Pose2Like, type Shape2, type Vec2Like,
} from 'convex-collide/2d';
import { hideWorld, showWorld } from './world2d.js';

type Which = 'a' | 'b';

/** A shape of the menus: how the library builds it, and its core (local points) and radius for drawing. */
interface Kind {
  label: string;
  build(): Shape2;
  core: number[];
  radius: number;
}

const regular = (n: number, r: number): number[] => {
  const out: number[] = [];
  for (let k = 0; k < n; k++) out.push(r * Math.cos((2 * Math.PI * k) / n), r * Math.sin((2 * Math.PI * k) / n));
  return out;
};

const KINDS: Record<string, Kind> = {
  triangle: { label: 'triangle (4,11) (9,9) (4,5)', build: () => new Polygon([4, 11, 9, 9, 4, 5]), core: [4, 11, 9, 9, 4, 5], radius: 0 },
  quad: { label: 'quadrilateral (8,6) (15,6) (13,1) (10,2)', build: () => new Polygon([8, 6, 15, 6, 13, 1, 10, 2]), core: [8, 6, 15, 6, 13, 1, 10, 2], radius: 0 },
  box: { label: 'box 2 × 1', build: () => new Box2(1, 0.5), core: [-1, -0.5, 1, -0.5, 1, 0.5, -1, 0.5], radius: 0 },
  circle: { label: 'circle r = 1', build: () => new Circle(1), core: [0, 0], radius: 1 },
  capsule: { label: 'capsule h = 1, r = 0.5', build: () => new Capsule2(1, 0.5), core: [0, -1, 0, 1], radius: 0.5 },
  hexagon: { label: 'hexagon r = 1.5', build: () => new Polygon(regular(6, 1.5)), core: regular(6, 1.5), radius: 0 },
  rounded: { label: 'rounded box 2 × 1, r = 0.3', build: () => new Rounded2(new Box2(1, 0.5), 0.3), core: [-1, -0.5, 1, -0.5, 1, 0.5, -1, 0.5], radius: 0.3 },
};

const WORKED: Record<Which, { kind: string; x: number; y: number; angle: number }> = {
  a: { kind: 'triangle', x: 0, y: 0, angle: 0 },
  b: { kind: 'quad', x: 0, y: 0, angle: 0 },
};

const $ = <T extends HTMLElement = HTMLElement>(selector: string): T => {
  const e = document.querySelector<T>(selector);
  if (!e) throw new Error(`explorer (plane): missing element ${selector}`);
  return e;
};

interface Side {
  kind: string;
  shape: Shape2;
  pose: { position: { x: number; y: number }; angle: number };
  select: HTMLSelectElement;
  inputs: { x: HTMLInputElement; y: HTMLInputElement; angle: HTMLInputElement };
}

const sides = {} as Record<Which, Side>;
const result = createContactResult(), manifold = createManifold();
let steps: GjkTraceStep2[] = [];
let stepIndex = 0;

function makeEditor(which: Which): void {
  const host = $('#plane-shapes');
  const box = document.createElement('div');
  box.className = 'shape-editor';
  box.innerHTML = `<h2><i class="swatch ${which}"></i>Shape ${which.toUpperCase()}</h2>
    <div class="row"><label for="plane-${which}-kind">shape</label><select id="plane-${which}-kind"></select></div>
    <div class="row"><label for="plane-${which}-x">position</label><input id="plane-${which}-x" type="number" step="0.1" aria-label="${which} x" />
      <input id="plane-${which}-y" type="number" step="0.1" aria-label="${which} y" /></div>
    <div class="row"><label for="plane-${which}-angle">angle (°)</label><input id="plane-${which}-angle" type="number" step="5" /></div>`;
  host.append(box);
  const select = box.querySelector('select')!;
  for (const [id, k] of Object.entries(KINDS)) select.append(new Option(k.label, id));
  const inputs = {
    x: box.querySelector<HTMLInputElement>(`#plane-${which}-x`)!,
    y: box.querySelector<HTMLInputElement>(`#plane-${which}-y`)!,
    angle: box.querySelector<HTMLInputElement>(`#plane-${which}-angle`)!,
  };
  sides[which] = { kind: '', shape: KINDS.box.build(), pose: { position: { x: 0, y: 0 }, angle: 0 }, select, inputs };
  select.addEventListener('change', () => { setKind(which, select.value); fitViews(); update(); });
  for (const input of Object.values(inputs)) {
    input.addEventListener('input', () => {
      const x = Number(inputs.x.value), y = Number(inputs.y.value), deg = Number(inputs.angle.value);
      if ([x, y, deg].every(Number.isFinite)) {
        const s = sides[which];
        s.pose.position.x = x; s.pose.position.y = y; s.pose.angle = (deg * Math.PI) / 180;
        update();
      }
    });
  }
}

function setKind(which: Which, kind: string): void {
  const s = sides[which];
  s.kind = kind;
  s.shape = KINDS[kind].build();
  s.select.value = kind;
}

function showPose(which: Which): void {
  const s = sides[which];
  s.inputs.x.value = String(Number(s.pose.position.x.toFixed(4)));
  s.inputs.y.value = String(Number(s.pose.position.y.toFixed(4)));
  s.inputs.angle.value = String(Number(((s.pose.angle * 180) / Math.PI).toFixed(3)));
}

function loadWorked(): void {
  for (const which of ['a', 'b'] as const) {
    const w = WORKED[which];
    setKind(which, w.kind);
    sides[which].pose.position.x = w.x; sides[which].pose.position.y = w.y; sides[which].pose.angle = w.angle;
    showPose(which);
  }
  fitViews();
  update();
}

// ---- geometry for drawing ---------------------------------------------------------------------

/** A side's core points in world space. */
function worldCore(which: Which): Vec2Like[] {
  const s = sides[which], core = KINDS[s.kind].core, c = Math.cos(s.pose.angle), n = Math.sin(s.pose.angle);
  const out: Vec2Like[] = [];
  for (let k = 0; k < core.length; k += 2) out.push({ x: c * core[k] - n * core[k + 1] + s.pose.position.x, y: n * core[k] + c * core[k + 1] + s.pose.position.y });
  return out;
}

/** The hull of the cores' differences (world orientation), by the library's own Polygon. */
function differenceCore(): Vec2Like[] {
  const a = worldCore('a'), b = worldCore('b'), flat: number[] = [];
  for (const p of a) for (const q of b) flat.push(p.x - q.x, p.y - q.y);
  const v = new Polygon(flat).vertices, out: Vec2Like[] = [];
  for (let k = 0; k < v.length; k += 2) out.push({ x: v[k], y: v[k + 1] });
  return out;
}

/** A trace point (A's frame, Minkowski difference) turned to world orientation. */
function toWorldOrientation(p: Vec2Like): Vec2Like {
  const t = sides.a.pose.angle, c = Math.cos(t), s = Math.sin(t);
  return { x: c * p.x - s * p.y, y: s * p.x + c * p.y };
}

// ---- views ------------------------------------------------------------------------------------

class View {
  readonly canvas: HTMLCanvasElement;
  readonly ctx: CanvasRenderingContext2D;
  cx = 0; cy = 0; scale = 40;
  constructor(canvas: HTMLCanvasElement) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d')!;
  }
  resize(): void {
    const r = this.canvas.getBoundingClientRect();
    this.canvas.width = Math.max(1, Math.round(r.width));
    this.canvas.height = Math.max(1, Math.round(r.height));
  }
  fit(points: Vec2Like[], pad: number): void {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const p of points) { x0 = Math.min(x0, p.x - pad); x1 = Math.max(x1, p.x + pad); y0 = Math.min(y0, p.y - pad); y1 = Math.max(y1, p.y + pad); }
    this.cx = (x0 + x1) / 2; this.cy = (y0 + y1) / 2;
    const w = Math.max(1e-9, x1 - x0), h = Math.max(1e-9, y1 - y0);
    this.scale = 0.8 * Math.min(this.canvas.width / w, (this.canvas.height - 40) / h);
  }
  sx(x: number): number { return this.canvas.width / 2 + (x - this.cx) * this.scale; }
  sy(y: number): number { return this.canvas.height / 2 + 20 - (y - this.cy) * this.scale; }
  toWorld(px: number, py: number): Vec2Like {
    return { x: (px - this.canvas.width / 2) / this.scale + this.cx, y: -(py - this.canvas.height / 2 - 20) / this.scale + this.cy };
  }
  clear(): void {
    this.ctx.fillStyle = '#16181d';
    this.ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
  }
  /** A core (1, 2 or more points, in order) swept by a radius: the core's path stroked 2r wide with round joins. */
  rounded(points: Vec2Like[], radius: number, color: string, alpha: number): void {
    const g = this.ctx;
    g.save();
    g.beginPath();
    points.forEach((p, k) => (k === 0 ? g.moveTo(this.sx(p.x), this.sy(p.y)) : g.lineTo(this.sx(p.x), this.sy(p.y))));
    if (points.length > 2) g.closePath();
    g.globalAlpha = alpha;
    g.fillStyle = color;
    if (points.length > 2) g.fill();
    g.strokeStyle = color; g.lineJoin = 'round'; g.lineCap = 'round';
    g.lineWidth = Math.max(1, 2 * radius * this.scale);
    if (radius > 0 || points.length <= 2) g.stroke();
    g.globalAlpha = 1;
    g.lineWidth = 1.5;
    g.stroke();
    g.restore();
  }
  dot(p: Vec2Like, color: string, r = 4): void {
    const g = this.ctx;
    g.fillStyle = color;
    g.beginPath();
    g.arc(this.sx(p.x), this.sy(p.y), r, 0, 2 * Math.PI);
    g.fill();
  }
  line(p: Vec2Like, q: Vec2Like, color: string, width = 2): void {
    const g = this.ctx;
    g.strokeStyle = color; g.lineWidth = width;
    g.beginPath();
    g.moveTo(this.sx(p.x), this.sy(p.y)); g.lineTo(this.sx(q.x), this.sy(q.y));
    g.stroke();
  }
}

const worldView = new View($('#plane-world'));
const diffView = new View($('#plane-minkowski'));

function fitViews(): void {
  worldView.resize(); diffView.resize();
  const pad = Math.max(KINDS[sides.a.kind].radius, KINDS[sides.b.kind].radius) + 0.5;
  worldView.fit([...worldCore('a'), ...worldCore('b')], pad);
  diffView.fit([...differenceCore(), { x: 0, y: 0 }], KINDS[sides.a.kind].radius + KINDS[sides.b.kind].radius + 0.5);
}

// ---- the query and the drawing ----------------------------------------------------------------

const fmt = (x: number): string => (Object.is(x, -0) ? '0' : String(Number(x.toPrecision(8))));
const fmtV = (v: Vec2Like): string => `(${fmt(v.x)}, ${fmt(v.y)})`;

function update(): void {
  const a = sides.a, b = sides.b;
  steps = [];
  const error = $('#plane-error');
  try {
    contact(a.shape, a.pose as Pose2Like, b.shape, b.pose as Pose2Like, result, { trace: (s) => steps.push(s) });
    const m = contactManifold(a.shape, a.pose, b.shape, b.pose, manifold, { margin: 0 });
    error.hidden = true;
    $('#plane-intersecting').textContent = result.separation <= 0 ? 'yes' : 'no';
    $('#plane-separation').textContent = fmt(result.separation);
    $('#plane-normal').textContent = fmtV(result.normal);
    $('#plane-point-a').textContent = fmtV(result.pointA);
    $('#plane-point-b').textContent = fmtV(result.pointB);
    $('#plane-manifold').textContent = m === null ? 'none (apart)' : `${m.count} point${m.count > 1 ? 's' : ''}: ${m.points.slice(0, m.count).map((p) => fmt(p.separation)).join(', ')}`;
  } catch (e) {
    error.hidden = false;
    error.textContent = e instanceof Error ? e.message : String(e);
  }
  const slider = $<HTMLInputElement>('#plane-slider');
  slider.max = String(Math.max(0, steps.length - 1));
  stepIndex = Math.max(0, steps.length - 1);
  slider.value = String(stepIndex);
  draw();
}

function showStep(): void {
  const s = steps[stepIndex];
  $('#plane-step-label').textContent = s === undefined ? '–'
    : `step ${stepIndex + 1} of ${steps.length}: a simplex of ${s.simplex.length} point${s.simplex.length > 1 ? 's' : ''}, |v| = ${fmt(s.distance)}`;
  $('#plane-step-detail').textContent = s === undefined ? '' : `direction ${fmtV(s.direction)}, support w = ${fmtV(s.support)}, closest v = ${fmtV(s.closest)}`;
}

function draw(): void {
  const aCore = worldCore('a'), bCore = worldCore('b');
  worldView.clear();
  worldView.rounded(aCore, KINDS[sides.a.kind].radius, '#f0913a', 0.35);
  worldView.rounded(bCore, KINDS[sides.b.kind].radius, '#4a9cf0', 0.35);
  worldView.line(result.pointA, result.pointB, '#f5e663', 2);
  worldView.dot(result.pointA, '#f0913a', 5);
  worldView.dot(result.pointB, '#4a9cf0', 5);
  const n = result.normal, p = result.pointA, len = 40 / worldView.scale;
  worldView.line(p, { x: p.x + n.x * len, y: p.y + n.y * len }, '#f5e663', 1.5);
  for (const q of manifold.points.slice(0, manifold.count)) worldView.dot(q.pointB, '#a77df0', 4);

  diffView.clear();
  diffView.rounded(differenceCore(), KINDS[sides.a.kind].radius + KINDS[sides.b.kind].radius, '#a77df0', 0.25);
  diffView.dot({ x: 0, y: 0 }, '#ffffff', 4);
  const s = steps[stepIndex];
  if (s !== undefined) {
    const simplex = s.simplex.map(toWorldOrientation);
    if (simplex.length > 1) diffView.rounded(simplex, 0, '#48d99a', 0.3);
    for (const q of simplex) diffView.dot(q, '#48d99a', 5);
    const w = toWorldOrientation(s.support), v = toWorldOrientation(s.closest);
    diffView.dot(w, '#ff5f8f', 4);
    diffView.line({ x: 0, y: 0 }, v, '#66e0ff', 2);
    diffView.dot(v, '#66e0ff', 4);
  }
  showStep();
}

function step(to: number): void {
  if (steps.length === 0) return;
  stepIndex = Math.max(0, Math.min(steps.length - 1, to));
  $<HTMLInputElement>('#plane-slider').value = String(stepIndex);
  draw();
}

// ---- wiring -----------------------------------------------------------------------------------

makeEditor('a');
makeEditor('b');
$('#plane-first').addEventListener('click', () => step(0));
$('#plane-prev').addEventListener('click', () => step(stepIndex - 1));
$('#plane-next').addEventListener('click', () => step(stepIndex + 1));
$('#plane-last').addEventListener('click', () => step(steps.length - 1));
$<HTMLInputElement>('#plane-slider').addEventListener('input', (e) => step(Number((e.target as HTMLInputElement).value)));
$('#plane-reset').addEventListener('click', loadWorked);
window.addEventListener('keydown', (e) => {
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
  if (e.key === 'ArrowLeft') step(stepIndex - 1);
  if (e.key === 'ArrowRight') step(stepIndex + 1);
});
window.addEventListener('resize', () => { fitViews(); draw(); });

// Dragging: the shape whose core is nearer the pointer moves with it.
let dragging: { which: Which; dx: number; dy: number } | null = null;
worldView.canvas.addEventListener('pointerdown', (e) => {
  const r = worldView.canvas.getBoundingClientRect(), p = worldView.toWorld(e.clientX - r.left, e.clientY - r.top);
  const near = (which: Which): number => Math.min(...worldCore(which).map((q) => Math.hypot(q.x - p.x, q.y - p.y))) - KINDS[sides[which].kind].radius;
  const which: Which = near('a') < near('b') ? 'a' : 'b';
  dragging = { which, dx: sides[which].pose.position.x - p.x, dy: sides[which].pose.position.y - p.y };
  worldView.canvas.setPointerCapture(e.pointerId);
});
worldView.canvas.addEventListener('pointermove', (e) => {
  if (dragging === null) return;
  const r = worldView.canvas.getBoundingClientRect(), p = worldView.toWorld(e.clientX - r.left, e.clientY - r.top);
  const s = sides[dragging.which];
  s.pose.position.x = p.x + dragging.dx; s.pose.position.y = p.y + dragging.dy;
  showPose(dragging.which);
  update();
});
worldView.canvas.addEventListener('pointerup', () => { dragging = null; });

// Two shapes, or many bodies (world2d.ts).
function setMode(mode: 'pair' | 'world'): void {
  document.body.dataset.mode = mode;
  $('#plane-mode-pair').setAttribute('aria-pressed', String(mode === 'pair'));
  $('#plane-mode-world').setAttribute('aria-pressed', String(mode === 'world'));
  if (mode === 'world') showWorld();
  else { hideWorld(); fitViews(); draw(); }
}
$('#plane-mode-pair').addEventListener('click', () => setMode('pair'));
$('#plane-mode-world').addEventListener('click', () => setMode('world'));

loadWorked();
document.body.dataset.ready = 'true';
