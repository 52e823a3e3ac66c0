// The explorer opens on a collision world (world-scene.ts): hundreds of shapes drifting through a box,
// their touching pairs found live by the library's CollisionWorld. One click away (or `#pair` in the URL)
// is the pair explorer: two shapes in a world view, the Minkowski difference in a second view, the library's
// answer in the panel, and a step control replaying GJK and EPA from the query's trace. Two more modes
// ask other queries of the same pair: a ray drawn with the pointer (ray-mode.ts) and a sweep of B
// (sweep-mode.ts).
// A or B may also be a compound or a triangle mesh (concave-presets.ts, or read from a pair-query file):
// the answer then lights up the part or triangle it is about, and the difference view, which is for convex
// pairs, says so instead of drawing.
// It uses only the public entry points 'convex-collide' and 'convex-collide/format', like any other user
// of the library.
import * as THREE from 'three';
import type { Compound, Shape, TraceStep, TriangleMesh, Vec3Like } from 'convex-collide';
import { shapeFromJSON, shapeToJSON } from 'convex-collide/format';
import type { ShapeJSON } from 'convex-collide/format';
import { buildPreset, describeConcave, describePart, isConcave, isConvex } from './concave-shape.js';
import { MinkowskiView } from './minkowski-view.js';
import { parsePairFile } from './pair-file.js';
import type { FilePair, Pose } from './pair-file.js';
import { askLibrary, NO_ANSWER } from './query.js';
import type { QueryAnswer } from './query.js';
import { RayMode } from './ray-mode.js';
import { ShapeEditor } from './shape-editor.js';
import { shapeObject } from './shape-mesh.js';
import { StackScene } from './stack-scene.js';
import { CharacterScene } from './character-scene.js';
import { ArmScene } from './arm-scene.js';
import { SweepMode } from './sweep-mode.js';
import { COLORS, WorldView } from './world-view.js';
import { WorldScene } from './world-scene.js';
import type { Which } from './world-view.js';
import { onFileDrop } from './file-drop.js';

/**
 * The scene the page opens on: a unit cube at the origin and a sphere of radius 0.5 whose centre is
 * 0.75 from the cube's +x face (and over it), so the gap is exactly 0.25.
 */
const DEFAULT_SCENE = {
  a: { type: 'box', halfExtents: [0.5, 0.5, 0.5] } as ShapeJSON,
  poseA: { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } },
  b: { type: 'sphere', radius: 0.5 } as ShapeJSON,
  poseB: { position: { x: 1.25, y: 0.2, z: 0.1 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } },
};

const $ = <T extends HTMLElement = HTMLElement>(selector: string): T => {
  const e = document.querySelector<T>(selector);
  if (!e) throw new Error(`explorer: missing element ${selector}`);
  return e;
};

const world = new WorldView($('#world-view'));
const minkowski = new MinkowskiView($('#minkowski-view'));
const editors: Record<Which, ShapeEditor> = {
  a: new ShapeEditor($('#shape-editors'), 'a', 'Shape A'),
  b: new ShapeEditor($('#shape-editors'), 'b', 'Shape B'),
};
const shapes: Record<Which, Shape> = {
  a: shapeFromJSON(DEFAULT_SCENE.a),
  b: shapeFromJSON(DEFAULT_SCENE.b),
};
/** Which query the world view shows: the contact (with the manifold and the trace), a ray, or a sweep. */
type QueryMode = 'contact' | 'ray' | 'sweep';
let queryMode: QueryMode = 'contact';
const rayMode = new RayMode($('#mode-panels'), world, shapes);
const sweepMode = new SweepMode($('#mode-panels'), world, shapes);
let answer: QueryAnswer = NO_ANSWER;
/** Index into `answer.steps`; `steps.length` means "the final answer". */
let stepIndex = 0;
let filePairs: FilePair[] = [];
let pairIndex = -1;
/** Whether the shown file pair was changed by hand since it was loaded (its reference then no longer applies). */
let pairEdited = false;

// ---- shapes and poses -------------------------------------------------------------------------

function setShape(which: Which, json: ShapeJSON): void {
  let shape: Shape;
  try {
    shape = shapeFromJSON(json);
  } catch (e) {
    editors[which].showError(e instanceof Error ? e.message : String(e));
    return;
  }
  editors[which].showError(null);
  useShape(which, shape);
  pairEdited = true;
  // A new shape moves A − B: run now (not on the next frame) so the difference view can frame it.
  update();
  minkowski.fit();
}

function useShape(which: Which, shape: Shape): void {
  shapes[which] = shape;
  world.setShapeObject(which, shapeObject(shape, COLORS[which], world.dotSize));
}

/** Puts a compound or mesh of the menu (concave-presets.ts) in place of A or B, and frames the pair. */
function setPreset(which: Which, id: string): void {
  let shape: Compound | TriangleMesh;
  try {
    shape = buildPreset(id);
  } catch (e) {
    editors[which].showError(e instanceof Error ? e.message : String(e));
    return;
  }
  editors[which].showError(null);
  editors[which].setConcave(id, describeConcave(shape));
  shapes[which] = shape;
  pairEdited = true;
  // Its size may be far from the shape it replaces: frame both (this redraws and asks the library).
  fitViews();
}

function setPose(which: Which, pose: Pose): void {
  const g = world.pose[which];
  g.position.set(pose.position.x, pose.position.y, pose.position.z);
  g.quaternion.set(pose.quaternion.x, pose.quaternion.y, pose.quaternion.z, pose.quaternion.w);
  editors[which].setPose(g.position, g.quaternion);
  world.view.requestRender();
}

for (const which of ['a', 'b'] as const) {
  const editor = editors[which];
  editor.onShapeInput = (json) => setShape(which, json);
  editor.onPresetInput = (id) => setPreset(which, id);
  editor.onPoseInput = (position, quaternion) => {
    world.pose[which].position.copy(position);
    world.pose[which].quaternion.copy(quaternion);
    world.view.requestRender();
    pairEdited = true;
    scheduleUpdate();
  };
  editor.onSelectRequest = () => world.select(which);
}
world.onPoseChange = (which) => {
  editors[which].setPose(world.pose[which].position, world.pose[which].quaternion);
  pairEdited = true;
  scheduleUpdate();
};
world.onSelect = (which) => {
  editors.a.setSelected(which === 'a');
  editors.b.setSelected(which === 'b');
};

/** Frames both views on the current pair. */
function fitViews(): void {
  const pa = world.pose.a.position, pb = world.pose.b.position;
  const center = pa.clone().add(pb).multiplyScalar(0.5);
  const radius = pa.distanceTo(pb) / 2 + Math.max(shapes.a.boundingRadius, shapes.b.boundingRadius, 1e-6);
  world.frameScene(center, radius);
  // Marker sizes follow the scene's scale, so redraw the shapes at it.
  useShape('a', shapes.a);
  useShape('b', shapes.b);
  update();
  minkowski.fit();
}

// ---- asking the library -----------------------------------------------------------------------

let updatePending = false;
/** Re-runs the query at most once per frame, however many inputs changed. */
function scheduleUpdate(): void {
  if (updatePending) return;
  updatePending = true;
  requestAnimationFrame(() => {
    updatePending = false;
    update();
  });
}

/** Milliseconds spent in the last update, by part (shown in the console handle `explorer.timings`). */
const timings = { query: 0, minkowski: 0, panel: 0 };

function update(): void {
  const a = shapes.a, b = shapes.b, poseA = world.pose.a, poseB = world.pose.b;
  const t0 = performance.now();
  // Manifold points up to 1 % of the scene's size apart: a pair about to touch shows its region too.
  answer = askLibrary(a, poseA, b, poseB, 0.01 * sceneScale());
  const t1 = performance.now();
  let viewError: string | null = null;
  if (!isConvex(a) || !isConvex(b)) {
    minkowski.setUnavailable(
      'The Minkowski difference is drawn for two convex shapes. A compound or a mesh is not one: '
      + 'the library answers for it by querying each pair of parts it cannot rule out, and the world view '
      + 'lights up the part or triangle of the answer.',
    );
  } else {
    try {
      viewError = minkowski.setPair(a, poseA, b, poseB, answer.steps);
    } catch (e) {
      viewError = e instanceof Error ? e.message : String(e);
    }
  }
  const t2 = performance.now();
  timings.query = t1 - t0;
  timings.minkowski = t2 - t1;
  if (viewError) answer = { ...answer, error: [answer.error, `Minkowski view: ${viewError}`].filter(Boolean).join('\n') };
  // The ray and sweep modes draw their own answers; the contact's would be in the way.
  if (queryMode === 'contact') world.showContact(answer.contact, answer.manifold);
  else world.showContact(null);
  rayMode.update();
  sweepMode.update();
  showAnswer();
  showStep(answer.steps.length);
  showPairInfo();
  timings.panel = performance.now() - t2;
}

/**
 * Six significant digits; with a `scale`, magnitudes below 1e-12 of it show as 0, so rounding noise
 * such as 1e-17 in a unit normal does not read as a real component.
 */
const fmt = (x: number, scale = 0): string => {
  if (!Number.isFinite(x)) return String(x);
  if (Math.abs(x) < 1e-12 * scale) return '0';
  return String(Number(x.toPrecision(6)));
};
const fmtVec = (v: Vec3Like, scale = sceneScale()): string => `(${fmt(v.x, scale)}, ${fmt(v.y, scale)}, ${fmt(v.z, scale)})`;

/** A length typical of the current pair: sizes and distances from the origin. */
function sceneScale(): number {
  const pa = world.pose.a.position, pb = world.pose.b.position;
  return Math.max(shapes.a.boundingRadius, shapes.b.boundingRadius, pa.length(), pb.length(), 1e-300);
}

function showAnswer(): void {
  const c = answer.contact;
  const sep = $('#result-separation');
  const hit = $('#result-intersecting');
  hit.textContent = answer.intersects === null ? '–' : answer.intersects ? 'yes' : 'no';
  hit.dataset.value = String(answer.intersects);
  if (c) {
    sep.textContent = c.separation > 0 ? `${fmt(c.separation)} (apart)` : c.separation < 0 ? `${fmt(c.separation)} (depth ${fmt(-c.separation)})` : '0 (touching)';
    sep.dataset.value = String(c.separation);
    $('#result-separation-label').textContent = c.separation < 0 ? 'separation (−depth)' : 'separation';
    $('#result-normal').textContent = fmtVec(c.normal, 1);
    $('#result-point-a').textContent = fmtVec(c.pointA);
    $('#result-point-b').textContent = fmtVec(c.pointB);
    $('#result-status').textContent = `${c.status}, ${c.iterations} iterations`;
    // The boolean test and the signed separation come from different queries; flag a disagreement.
    const scale = Math.max(1, shapes.a.boundingRadius, shapes.b.boundingRadius);
    if (answer.intersects !== null && answer.intersects !== c.separation <= 0 && Math.abs(c.separation) > 1e-9 * scale) {
      hit.textContent += ` (but contact's separation is ${fmt(c.separation)})`;
    }
  } else {
    sep.textContent = '–';
    delete sep.dataset.value;
    for (const id of ['#result-normal', '#result-point-a', '#result-point-b', '#result-status']) $(id).textContent = '–';
  }
  showParts();
  const m = answer.manifold;
  const manifold = $('#result-manifold');
  manifold.textContent = (m === null ? '– (apart)'
    : `${m.points.length} point${m.points.length === 1 ? '' : 's'}: ${m.points.map((p) => `${p.features} (${fmt(p.separation)})`).join(', ')}`)
    + (answer.manifoldNote !== null ? ` · ${answer.manifoldNote}` : '');
  manifold.title = answer.manifoldNote ?? '';
  const err = $('#result-error');
  err.hidden = answer.error === null;
  err.textContent = answer.error ?? '';
}

/**
 * Which part of a compound, or triangle of a mesh, the answer is about, for each side that has parts
 * (`data-part-a` and `data-part-b` hold the library's partA and partB, for every pair).
 */
function showParts(): void {
  const el = $('#result-parts');
  const c = answer.contact;
  if (!c) {
    el.textContent = '–';
    delete el.dataset.partA;
    delete el.dataset.partB;
    return;
  }
  el.dataset.partA = String(c.partA);
  el.dataset.partB = String(c.partB);
  const a = describePart(shapes.a, c.partA), b = describePart(shapes.b, c.partB);
  const parts = [a && `A: ${a}`, b && `B: ${b}`].filter(Boolean);
  el.textContent = parts.length ? parts.join(' · ') : '– (two convex shapes)';
}

// ---- replaying the trace ----------------------------------------------------------------------

function describeStep(step: TraceStep): { title: string; detail: string } {
  if (step.algorithm === 'gjk') {
    const n = step.simplex.length;
    return {
      title: `GJK iteration ${step.iteration}`,
      detail: `Searched along d = ${fmtVec(step.direction, Math.hypot(step.direction.x, step.direction.y, step.direction.z))} and found support point w = ${fmtVec(step.support)}. `
        + `The simplex now has ${n} point${n === 1 ? '' : 's'}; its point closest to the origin is v = ${fmtVec(step.closest)}, |v| = ${fmt(step.distance)}.`,
    };
  }
  return {
    title: `EPA iteration ${step.iteration}`,
    detail: `The polytope has ${step.faces.length} faces. The closest face lies ${fmt(step.distance)} from the origin along n = ${fmtVec(step.normal, 1)}; `
      + `the support point along n is w = ${fmtVec(step.support)}.`,
  };
}

function showStep(index: number): void {
  const steps = answer.steps;
  stepIndex = Math.max(0, Math.min(index, steps.length));
  const step = stepIndex < steps.length ? steps[stepIndex] : null;
  const slider = $<HTMLInputElement>('#step-slider');
  slider.max = String(steps.length);
  slider.value = String(stepIndex);
  const trace = $('#trace');
  trace.dataset.stepCount = String(steps.length);
  trace.dataset.stepIndex = String(stepIndex);
  trace.dataset.algorithm = step ? step.algorithm : 'result';
  const gjk = steps.filter((s) => s.algorithm === 'gjk').length;
  const epa = steps.length - gjk;
  if (step) {
    const { title, detail } = describeStep(step);
    $('#step-label').textContent = `Step ${stepIndex + 1} of ${steps.length}: ${title}`;
    $('#step-detail').textContent = detail;
  } else if (answer.runs) {
    const { gjk: g, epa: e } = answer.runs;
    $('#step-label').textContent = 'Result (a compound or mesh pair is not replayed)';
    $('#step-detail').textContent = `To answer, the library ran GJK ${g} time${g === 1 ? '' : 's'} and EPA ${e} time${e === 1 ? '' : 's'}, `
      + 'on the pairs of parts its hierarchies could not rule out (pairs with a closed form run neither). '
      + 'The replay follows one convex pair; pick two convex shapes to see it.';
  } else {
    $('#step-label').textContent = steps.length
      ? `Result after ${steps.length} steps (${gjk} GJK${epa ? `, ${epa} EPA` : ''})`
      : 'Result (this query recorded no GJK or EPA steps)';
    $('#step-detail').textContent = steps.length
      ? 'Yellow: the answer, pointA − pointB, drawn from the origin. Press ◀◀ or ◀ to replay it from the start.'
      : 'The library answered this pair without iterating, so there is nothing to replay.';
  }
  $<HTMLButtonElement>('#step-first').disabled = steps.length === 0 || stepIndex === 0;
  $<HTMLButtonElement>('#step-prev').disabled = stepIndex === 0;
  $<HTMLButtonElement>('#step-next').disabled = stepIndex >= steps.length;
  $<HTMLButtonElement>('#step-last').disabled = stepIndex >= steps.length;
  minkowski.showStep(step, answer.contact);
}

$('#step-first').addEventListener('click', () => showStep(0));
$('#step-prev').addEventListener('click', () => showStep(stepIndex - 1));
$('#step-next').addEventListener('click', () => showStep(stepIndex + 1));
$('#step-last').addEventListener('click', () => showStep(answer.steps.length));
$<HTMLInputElement>('#step-slider').addEventListener('input', (e) => showStep((e.target as HTMLInputElement).valueAsNumber));

// ---- pair-query files -------------------------------------------------------------------------

function loadFile(name: string, text: string): void {
  const err = $('#file-error');
  try {
    filePairs = parsePairFile(text);
  } catch (e) {
    err.hidden = false;
    err.textContent = `${name}: ${e instanceof Error ? e.message : String(e)}`;
    return;
  }
  err.hidden = true;
  const select = $<HTMLSelectElement>('#pair-select');
  select.replaceChildren(...filePairs.map((p, i) => new Option(`${i + 1}. ${p.id}${p.category ? ` (${p.category})` : ''}`, String(i))));
  $('#pair-nav').hidden = filePairs.length === 0;
  if (filePairs.length === 0) {
    err.hidden = false;
    err.textContent = `${name}: the file has no pairs`;
    return;
  }
  showPair(0);
}

function showPair(index: number): void {
  if (filePairs.length === 0) return;
  pairIndex = ((index % filePairs.length) + filePairs.length) % filePairs.length;
  $<HTMLSelectElement>('#pair-select').value = String(pairIndex);
  const pair = filePairs[pairIndex];
  const err = $('#file-error');
  if (pair.error || !pair.a || !pair.b || !pair.poseA || !pair.poseB) {
    err.hidden = false;
    err.textContent = `pair ${pair.id}: ${pair.error ?? 'incomplete'}`;
    showPairInfo();
    return;
  }
  err.hidden = true;
  for (const which of ['a', 'b'] as const) {
    const shape = which === 'a' ? pair.a : pair.b;
    if (isConcave(shape)) {
      const what = shape.kind === 'compound' ? `Compound (${shape.partCount} parts)` : `Mesh (${shape.triangleCount} triangles)`;
      editors[which].setConcave(null, describeConcave(shape), `${what}, from the file`);
    } else {
      editors[which].setShape(shapeToJSON(shape));
    }
    editors[which].showError(null);
    shapes[which] = shape;
    setPose(which, which === 'a' ? pair.poseA : pair.poseB);
  }
  pairEdited = false;
  fitViews();
}

function showPairInfo(): void {
  const info = $('#pair-info');
  const pair = filePairs[pairIndex];
  if (!pair) {
    info.textContent = '';
    return;
  }
  const parts = [`Pair ${pairIndex + 1} of ${filePairs.length}: ${pair.id}`];
  if (pair.category) parts.push(`category ${pair.category}`);
  if (answer.contact) parts.push(`library: separation ${fmt(answer.contact.separation)}`);
  if (pairEdited) parts.push('edited since loaded');
  else if (pair.expected !== null) {
    parts.push(`file's reference: ${fmt(pair.expected)}`);
    if (answer.contact) parts.push(`difference ${answer.contact.separation - pair.expected >= 0 ? '+' : ''}${(answer.contact.separation - pair.expected).toExponential(2)}`);
  }
  info.textContent = parts.join(' · ');
}

async function openFile(file: File): Promise<void> {
  loadFile(file.name, await file.text());
}

$<HTMLInputElement>('#file-input').addEventListener('change', (e) => {
  const file = (e.target as HTMLInputElement).files?.[0];
  if (file) void openFile(file);
});
$('#pair-prev').addEventListener('click', () => showPair(pairIndex - 1));
$('#pair-next').addEventListener('click', () => showPair(pairIndex + 1));
$<HTMLSelectElement>('#pair-select').addEventListener('change', (e) => showPair(Number((e.target as HTMLSelectElement).value)));

onFileDrop($('#drop-overlay'), (file) => void openFile(file));

// ---- the default scene, keys, start -----------------------------------------------------------

function loadDefaultScene(): void {
  filePairs = [];
  pairIndex = -1;
  $('#pair-nav').hidden = true;
  $('#file-error').hidden = true;
  for (const which of ['a', 'b'] as const) {
    const json = which === 'a' ? DEFAULT_SCENE.a : DEFAULT_SCENE.b;
    editors[which].setShape(json);
    editors[which].showError(null);
    shapes[which] = shapeFromJSON(json);
    setPose(which, which === 'a' ? DEFAULT_SCENE.poseA : DEFAULT_SCENE.poseB);
  }
  world.select('b');
  fitViews();
}

$('#reset-scene').addEventListener('click', loadDefaultScene);

/** A cube resting on a cube, offset by (0.25, 0.25): the manifold is the four corners of the square overlap. */
function loadBoxOnBox(): void {
  loadDefaultScene();
  const cube = { type: 'box', halfExtents: [0.5, 0.5, 0.5] } as ShapeJSON;
  editors.b.setShape(cube);
  shapes.b = shapeFromJSON(cube);
  setPose('b', { position: { x: 0.25, y: 0.99, z: 0.25 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } });
  fitViews();
}
$('#box-on-box').addEventListener('click', loadBoxOnBox);

// Scenes that replace the pair while they run: the stack (examples/stack), the character, the arm
// (examples/arm). Their buttons start them; another scene's button, the pair's own buttons and the world
// mode stop them, and the pair comes back.
interface ReplacingScene { readonly active: boolean; stop(): void; onStatus: (text: string) => void }
const sceneStops: (() => void)[] = [];
function mountScene(scene: ReplacingScene, statusId: string, starts: Record<string, () => void>): void {
  scene.onStatus = (text) => { $(statusId).textContent = text; };
  const stop = (): void => {
    if (!scene.active) return;
    scene.stop();
    world.pose.a.visible = true;
    world.pose.b.visible = true;
    world.gizmo.getHelper().visible = true;
    world.gizmo.enabled = true;
    $(statusId).hidden = true;
    // The scene framed the view on itself; frame the pair again.
    fitViews();
  };
  sceneStops.push(stop);
  for (const [id, start] of Object.entries(starts)) {
    $(id).addEventListener('click', () => {
      for (const other of sceneStops) if (other !== stop) other();
      setQueryMode('contact');
      world.pose.a.visible = false;
      world.pose.b.visible = false;
      world.showContact(null);
      world.gizmo.getHelper().visible = false;
      world.gizmo.enabled = false;
      $(statusId).hidden = false;
      start();
      // (The button keeps no focus: Space is the character's jump, not a press of the button again.)
      ($(id) as HTMLButtonElement).blur();
    });
  }
}
function stopScenes(): void {
  for (const stop of sceneStops) stop();
}
for (const id of ['#reset-scene', '#box-on-box', '#mode-ray', '#mode-sweep']) $(id).addEventListener('click', stopScenes, { capture: true });
const stackScene = new StackScene(world.view);
mountScene(stackScene, '#stack-status', { '#stack-4': () => stackScene.start(4), '#stack-1': () => stackScene.start(1) });
const characterScene = new CharacterScene(world.view);
mountScene(characterScene, '#character-status', { '#character': () => characterScene.start() });
const armScene = new ArmScene(world.view);
mountScene(armScene, '#arm-status', { '#arm': () => armScene.start() });

function setMode(mode: 'translate' | 'rotate'): void {
  world.setMode(mode);
  $('#mode-translate').setAttribute('aria-pressed', String(mode === 'translate'));
  $('#mode-rotate').setAttribute('aria-pressed', String(mode === 'rotate'));
}
$('#mode-translate').addEventListener('click', () => setMode('translate'));
$('#mode-rotate').addEventListener('click', () => setMode('rotate'));
$('#fit-views').addEventListener('click', fitViews);

function setQueryMode(mode: QueryMode): void {
  queryMode = mode;
  for (const m of ['contact', 'ray', 'sweep'] as const) $(`#mode-${m}`).setAttribute('aria-pressed', String(m === mode));
  rayMode.setActive(mode === 'ray');
  sweepMode.setActive(mode === 'sweep');
  update();
}
for (const m of ['contact', 'ray', 'sweep'] as const) $(`#mode-${m}`).addEventListener('click', () => setQueryMode(m));

window.addEventListener('keydown', (e) => {
  const target = e.target as HTMLElement | null;
  if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const key = e.key.toLowerCase();
  if (pageMode === 'world') {
    // (Space on a focused button presses the button instead.)
    if (key === ' ' && target?.tagName !== 'BUTTON') {
      e.preventDefault();
      worldScene.setPaused(!worldScene.isPaused);
    } else if (key === 'n') worldScene.stepOnce();
    else if (key === 't') {
      worldScene.showTree(!worldScene.treeShown);
      writeHash();
    }
    return;
  }
  if (key === 'w') setMode('translate');
  else if (key === 'e') setMode('rotate');
  else if (key === 'q') world.select(world.selected === 'a' ? 'b' : 'a');
  else if (key === 'f') fitViews();
  else if (key === 'r') setQueryMode(queryMode === 'ray' ? 'contact' : 'ray');
  else if (key === 's') setQueryMode(queryMode === 'sweep' ? 'contact' : 'sweep');
  else if (key === 'c') setQueryMode('contact');
  else if (key === 'arrowright') showStep(stepIndex + 1);
  else if (key === 'arrowleft') showStep(stepIndex - 1);
});

// ---- which scene the page shows: the collision world (the default) or the pair ---------------------

const worldScene = new WorldScene($('#world-panel'), $('#scene-view'));
type PageMode = 'world' | 'pair';
let pageMode: PageMode | null = null;
/** Whether the pair views have been framed while on screen (framed while hidden, their aspect was wrong). */
let pairFramed = false;

/** The scene the URL asks for: `#pair`, or `#world` with `?n=` bodies and `&tree=1` (also the default). */
function readHash(): { mode: PageMode; count: number | null; tree: boolean } {
  const [name, query = ''] = location.hash.replace(/^#/, '').split('?');
  const params = new URLSearchParams(query);
  const n = Number(params.get('n'));
  return { mode: name === 'pair' ? 'pair' : 'world', count: Number.isInteger(n) && n > 0 ? Math.min(n, 20000) : null, tree: params.get('tree') === '1' };
}

/** Keeps the world's count and tree checkbox in the URL, so a reload or a shared link shows the same. */
function writeHash(): void {
  if (pageMode !== 'world') return;
  history.replaceState(null, '', `#world?n=${worldScene.bodyCount}${worldScene.treeShown ? '&tree=1' : ''}`);
}
worldScene.onStateChange = writeHash;

/** A view that was hidden saw a 1 × 1 container: give its camera the container's shape before framing. */
function syncAspect(view: { container: HTMLElement; camera: THREE.PerspectiveCamera }): void {
  const c = view.container;
  view.camera.aspect = Math.max(1, c.clientWidth) / Math.max(1, c.clientHeight);
  view.camera.updateProjectionMatrix();
}

function applyHash(): void {
  const { mode, count, tree } = readHash();
  pageMode = mode;
  document.body.dataset.mode = mode;
  $('#show-world').setAttribute('aria-pressed', String(mode === 'world'));
  $('#show-pair').setAttribute('aria-pressed', String(mode === 'pair'));
  if (mode === 'world') {
    stopScenes();
    syncAspect(worldScene.view);
    if (count !== null && count !== worldScene.bodyCount) worldScene.reset(count);
    worldScene.showTree(tree);
    worldScene.start();
  } else {
    worldScene.stop();
    if (!pairFramed) {
      pairFramed = true;
      syncAspect(world.view);
      syncAspect(minkowski.view);
      fitViews();
    }
  }
}
window.addEventListener('hashchange', applyHash);
$('#show-world').addEventListener('click', () => { if (pageMode !== 'world') location.hash = '#world'; });
$('#show-pair').addEventListener('click', () => { if (pageMode !== 'pair') location.hash = '#pair'; });

loadDefaultScene();
applyHash();
// Tells tests (and anyone scripting the page) that the first answer is on screen.
requestAnimationFrame(() => requestAnimationFrame(() => {
  document.body.dataset.ready = 'true';
}));

// A handle for poking at the page from the browser console.
Object.assign(window, { explorer: { worldScene, world, minkowski, shapes, timings, rayMode, sweepMode, get answer() { return answer; }, THREE } });
