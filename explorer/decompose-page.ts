// The convex decomposition page (decompose.html): a closed mesh (a built-in model, or an OBJ file opened or
// dropped) cut into convex parts by the library's decomposeToHulls in a Web Worker (decompose-worker.ts),
// so the view keeps turning and the progress bar moving while it works; Cancel terminates the worker and the
// next run starts a fresh one. Each part's hull is drawn in its own colour over the see-through mesh.
// The page opens on the torus knot, already being decomposed. `body[data-state]` says where the current run
// is ('running', 'done', 'error', 'cancelled'), for scripts and tests.
import * as THREE from 'three';
import { buildModel, MODEL_NAMES, type MeshArrays, type ModelName } from './decompose-models.js';
import type { DecomposeReply, DecomposeRequest } from './decompose-messages.js';
import { disposeTree, hullObject, hullOf } from './geometry.js';
import { readObj } from './obj-reader.js';
import { View } from './view.js';
import { onFileDrop } from './file-drop.js';

const $ = <T extends HTMLElement = HTMLElement>(selector: string): T => {
  const e = document.querySelector<T>(selector);
  if (!e) throw new Error(`decompose page: missing element ${selector}`);
  return e;
};

const view = new View($('#dec-view'));
// Pulled towards the camera by a polygon offset: where a hull's face lies on the mesh (a box's part is the
// box), the two surfaces would otherwise fight for each pixel in stripes.
const meshMaterial = new THREE.MeshStandardMaterial({ color: 0xa9b0c0, roughness: 0.8, side: THREE.DoubleSide, polygonOffset: true, polygonOffsetFactor: -1, polygonOffsetUnits: -4 });
const meshObject = new THREE.Mesh(new THREE.BufferGeometry(), meshMaterial);
// Drawn after the parts, so the see-through mesh lies over them rather than hiding them.
meshObject.renderOrder = 1;
const parts = new THREE.Group();
view.scene.add(parts, meshObject);

/** The mesh shown and decomposed, its name, and where its bounding sphere is (for the explode offsets). */
let model: MeshArrays = buildModel('knot');
let modelName = MODEL_NAMES.knot;
const modelCenter = new THREE.Vector3();
let modelRadius = 1;

// ---- the worker ---------------------------------------------------------------------------------

let worker: Worker | null = null;
const RESULT_FIELDS = ['#dec-parts', '#dec-result-concavity', '#dec-cuts', '#dec-merges', '#dec-welded', '#dec-time'];
/** The current run's number: a reply for any other (one already cancelled) is ignored. */
let job = 0;
let running = false;

function newWorker(): Worker {
  const w = new Worker(new URL('./decompose-worker.ts', import.meta.url), { type: 'module' });
  w.addEventListener('message', (e: MessageEvent<DecomposeReply>) => onReply(e.data));
  // A worker that fails to load or throws outside the request (which the worker itself reports) ends here.
  w.addEventListener('error', (e) => {
    e.preventDefault();
    stopWorker();
    finish('error', 'failed');
    showError(`The decomposition worker failed: ${e.message || 'it could not be loaded'}`);
  });
  return w;
}

function stopWorker(): void {
  worker?.terminate();
  worker = null;
  running = false;
}

/** Sends the mesh and the options to the worker (a new one after a cancel); a run in progress is dropped. */
function decomposeNow(): void {
  if (running) stopWorker();
  worker ??= newWorker();
  job++;
  running = true;
  const request: DecomposeRequest = {
    job,
    positions: model.positions.slice(),
    indices: model.indices.slice(),
    // Sent as typed: the library checks them and says what it accepts (an error in the panel), so nothing
    // is clamped here.
    options: {
      concavity: $<HTMLInputElement>('#dec-concavity').valueAsNumber,
      maxParts: $<HTMLInputElement>('#dec-max-parts').valueAsNumber,
      effort: $<HTMLSelectElement>('#dec-effort').value as 'fast' | 'balanced' | 'thorough',
    },
  };
  worker.postMessage(request, [request.positions.buffer, request.indices.buffer]);
  showError(null);
  setProgress(0);
  for (const id of RESULT_FIELDS) $(id).textContent = '–';
  $<HTMLButtonElement>('#dec-cancel').disabled = false;
  document.body.dataset.state = 'running';
  $('#dec-status').textContent = `decomposing ${modelName}…`;
}

function cancel(): void {
  if (!running) return;
  stopWorker();
  finish('cancelled', parts.children.length > 0 ? 'cancelled (the parts drawn are the previous run\'s)' : 'cancelled');
}

function onReply(reply: DecomposeReply): void {
  if (reply.job !== job) return;
  if (reply.type === 'progress') {
    setProgress(reply.fraction);
    return;
  }
  running = false;
  if (reply.type === 'error') {
    showParts([]);
    finish('error', 'failed');
    showError(`${reply.name}: ${reply.message}`);
    return;
  }
  showParts(reply.hulls);
  setProgress(1);
  $('#dec-parts').textContent = String(reply.hulls.length);
  $('#dec-result-concavity').textContent = `${(100 * reply.concavity).toFixed(2)} % of the diagonal`;
  $('#dec-cuts').textContent = String(reply.cuts);
  $('#dec-merges').textContent = String(reply.merges);
  $('#dec-welded').textContent = `${count(reply.welded, 'vertex', 'vertices')}, ${count(reply.droppedTriangles, 'triangle')} dropped`;
  $('#dec-time').textContent = `${reply.ms.toFixed(0)} ms`;
  finish('done', `${modelName}: ${count(reply.hulls.length, 'part')}`);
}

function finish(state: 'done' | 'error' | 'cancelled', status: string): void {
  $<HTMLButtonElement>('#dec-cancel').disabled = true;
  $('#dec-status').textContent = status;
  if (state !== 'done') setProgress(0);
  document.body.dataset.state = state;
}

const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

function setProgress(fraction: number): void {
  $<HTMLProgressElement>('#dec-progress').value = fraction;
}

function showError(message: string | null): void {
  const p = $('#dec-error');
  p.hidden = message === null;
  p.textContent = message ?? '';
}

// ---- drawing ------------------------------------------------------------------------------------

/** The colour of part `i`: hues a golden angle apart, so neighbours in the list differ however many there are. */
function partColor(i: number): THREE.Color {
  return new THREE.Color().setHSL((i * 0.381966) % 1, 0.65, 0.55);
}

function showParts(hulls: readonly Float64Array[]): void {
  for (const child of [...parts.children]) {
    parts.remove(child);
    disposeTree(child);
  }
  hulls.forEach((h, i) => {
    const points: THREE.Vector3[] = [];
    const centroid = new THREE.Vector3();
    for (let k = 0; k < h.length; k += 3) points.push(new THREE.Vector3(h[k], h[k + 1], h[k + 2]));
    for (const p of points) centroid.addScaledVector(p, 1 / points.length);
    const color = partColor(i);
    const object = hullObject(hullOf(points), new THREE.MeshStandardMaterial({ color, flatShading: true, roughness: 0.6 }), color.clone().multiplyScalar(0.5), modelRadius * 0.01);
    object.userData.offset = centroid.sub(modelCenter);
    parts.add(object);
  });
  updateDisplay();
}

/** The mesh's see-through when parts are drawn (opaque alone), each part pushed out from the middle by `explode`. */
function updateDisplay(): void {
  const showHulls = $<HTMLInputElement>('#dec-show-hulls').checked && parts.children.length > 0;
  parts.visible = showHulls;
  meshObject.visible = $<HTMLInputElement>('#dec-show-mesh').checked;
  meshMaterial.transparent = showHulls;
  meshMaterial.opacity = showHulls ? 0.22 : 1;
  meshMaterial.depthWrite = !showHulls;
  meshMaterial.needsUpdate = true;
  const explode = $<HTMLInputElement>('#dec-explode').valueAsNumber;
  for (const part of parts.children) part.position.copy(part.userData.offset as THREE.Vector3).multiplyScalar(explode);
  view.requestRender();
}

/** Shows `mesh` (parts cleared, camera framed) and decomposes it. */
function loadMesh(mesh: MeshArrays, name: string): void {
  model = mesh;
  modelName = name;
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(mesh.positions), 3));
  geometry.setIndex(new THREE.BufferAttribute(mesh.indices, 1));
  geometry.computeVertexNormals();
  geometry.computeBoundingSphere();
  meshObject.geometry.dispose();
  meshObject.geometry = geometry;
  modelCenter.copy(geometry.boundingSphere!.center);
  modelRadius = geometry.boundingSphere!.radius;
  $('#dec-model-info').textContent = `${name}: ${count(mesh.positions.length / 3, 'vertex', 'vertices')}, ${count(mesh.indices.length / 3, 'triangle')}`;
  showParts([]);
  view.frame(modelCenter, modelRadius);
  decomposeNow();
}

// ---- controls -----------------------------------------------------------------------------------

const select = $<HTMLSelectElement>('#dec-model');
for (const [value, label] of Object.entries(MODEL_NAMES)) select.add(new Option(label, value));
const fileOption = new Option('(file)', 'file');
fileOption.hidden = true;
select.add(fileOption);
select.addEventListener('change', () => {
  if (select.value !== 'file') loadMesh(buildModel(select.value as ModelName), MODEL_NAMES[select.value as ModelName]);
});

/** Reads an OBJ file and decomposes it; a file that cannot be read leaves the model shown and says why. */
async function openFile(file: File): Promise<void> {
  try {
    const mesh = readObj(await file.text());
    fileOption.text = file.name;
    fileOption.hidden = false;
    select.value = 'file';
    loadMesh(mesh, file.name);
  } catch (e) {
    showError(`${file.name}: ${e instanceof Error ? e.message : String(e)}`);
  }
}
$<HTMLInputElement>('#dec-file').addEventListener('change', (e) => {
  const input = e.target as HTMLInputElement;
  const file = input.files?.[0];
  if (file) void openFile(file);
  // Cleared, so that opening the same file again (after editing it) fires `change` again.
  input.value = '';
});
onFileDrop($('#drop-overlay'), (file) => void openFile(file));

// The slider and the number box are one value: either sets the other.
const concavityRange = $<HTMLInputElement>('#dec-concavity-range'), concavityBox = $<HTMLInputElement>('#dec-concavity');
concavityRange.addEventListener('input', () => { concavityBox.value = concavityRange.value; });
concavityBox.addEventListener('input', () => { concavityRange.value = concavityBox.value; });

$('#dec-run').addEventListener('click', decomposeNow);
$('#dec-cancel').addEventListener('click', cancel);
for (const id of ['#dec-show-mesh', '#dec-show-hulls', '#dec-explode']) $(id).addEventListener('input', updateDisplay);

// Anything thrown outside the handlers above lands in the panel too, never only in the console.
window.addEventListener('error', (e) => showError(e.message));
window.addEventListener('unhandledrejection', (e) => showError(e.reason instanceof Error ? e.reason.message : String(e.reason)));

loadMesh(model, modelName);
document.body.dataset.ready = 'true';
