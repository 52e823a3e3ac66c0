// The panel's editor for one shape: a kind menu, the kind's parameters, and numeric pose inputs
// (position, and rotation as XYZ Euler angles in degrees) that mirror the gizmo. The menu also offers
// compounds and meshes (concave-presets.ts), which have no parameters: the editor says what they are
// made of instead. A compound or mesh read from a pair-query file shows as a menu entry of its own.
import * as THREE from 'three';
import type { ShapeJSON } from 'convex-collide/format';
import { CONCAVE_PRESETS, concavePreset } from './concave-presets.js';
import { SHAPE_MENU, menuEntry } from './shape-params.js';
import type { Field } from './shape-params.js';
import type { Which } from './world-view.js';

const AXES = ['x', 'y', 'z'] as const;
/** The menu value of a compound or mesh read from a pair-query file. */
const FILE_OPTION = 'from-file';

/** Shortest decimal that reads back within a part in 1e9: keeps inputs readable after a drag. */
export function formatNumber(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (x === 0) return '0';
  return String(Number(x.toPrecision(9)));
}

export class ShapeEditor {
  readonly which: Which;
  readonly root: HTMLElement;
  private readonly kindSelect: HTMLSelectElement;
  private readonly params: HTMLElement;
  private readonly errorLine: HTMLElement;
  private readonly pos: HTMLInputElement[] = [];
  private readonly rot: HTMLInputElement[] = [];
  private readonly selectButton: HTMLButtonElement;
  /** The fields currently shown, in order, with their inputs. */
  private fieldInputs: { field: Field; inputs: (HTMLInputElement | HTMLTextAreaElement)[] }[] = [];
  /** Called with the edited shape's JSON whenever the kind or a parameter changes. */
  onShapeInput: (json: ShapeJSON) => void = () => {};
  /** Called with a compound's or mesh's menu id when one is chosen. */
  onPresetInput: (id: string) => void = () => {};
  /** Called with a new pose whenever a position or rotation input changes. */
  onPoseInput: (position: THREE.Vector3, quaternion: THREE.Quaternion) => void = () => {};
  onSelectRequest: () => void = () => {};

  constructor(parent: HTMLElement, which: Which, title: string) {
    this.which = which;
    const root = document.createElement('section');
    root.className = 'shape-editor';
    root.id = `shape-${which}`;
    root.innerHTML = `
      <h2><i class="swatch ${which}"></i>${title}</h2>
      <div class="row"><label for="${which}-kind">shape</label><select id="${which}-kind"></select>
        <button type="button" id="${which}-select" aria-pressed="false" title="Attach the gizmo to this shape">gizmo</button></div>
      <div class="params" id="${which}-params"></div>
      <div class="row"><label>position</label>${AXES.map((a) => `<input type="number" step="0.05" id="${which}-pos-${a}" aria-label="${title} position ${a}" />`).join('')}</div>
      <div class="row"><label>rotation °</label>${AXES.map((a) => `<input type="number" step="5" id="${which}-rot-${a}" aria-label="${title} rotation ${a} (degrees)" />`).join('')}</div>
      <p class="error" id="${which}-error" hidden></p>`;
    parent.append(root);
    this.root = root;
    this.kindSelect = root.querySelector('select')!;
    const group = (label: string, options: HTMLOptionElement[]) => {
      const g = document.createElement('optgroup');
      g.label = label;
      g.append(...options);
      this.kindSelect.append(g);
    };
    group('Convex', SHAPE_MENU.map((e) => new Option(e.label, e.kind)));
    group('Compounds', CONCAVE_PRESETS.filter((p) => p.kind === 'compound').map((p) => new Option(p.label, p.id)));
    group('Meshes', CONCAVE_PRESETS.filter((p) => p.kind === 'mesh').map((p) => new Option(p.label, p.id)));
    this.params = root.querySelector('.params')!;
    this.errorLine = root.querySelector('.error')!;
    this.selectButton = root.querySelector(`#${which}-select`)!;
    this.selectButton.addEventListener('click', () => this.onSelectRequest());
    for (const a of AXES) {
      this.pos.push(root.querySelector(`#${which}-pos-${a}`)!);
      this.rot.push(root.querySelector(`#${which}-rot-${a}`)!);
    }
    for (const input of [...this.pos, ...this.rot]) input.addEventListener('input', () => this.poseFromInputs());
    this.kindSelect.addEventListener('change', () => {
      const value = this.kindSelect.value;
      const entry = menuEntry(value);
      if (entry) {
        this.removeFileOption();
        this.showFields(entry.defaults);
        this.onShapeInput(entry.defaults);
      } else if (concavePreset(value)) {
        this.removeFileOption();
        this.showInfo('');
        this.onPresetInput(value);
      }
    });
  }

  /** Shows `json` in the editor (kind and parameters) without reporting it as an edit. */
  setShape(json: ShapeJSON): void {
    this.removeFileOption();
    this.kindSelect.value = json.type;
    this.showFields(json);
  }

  /**
   * Shows a compound or mesh: the menu entry `id` (a preset's), or with `fileLabel` an entry of its own
   * for one read from a file; `info` says what it is made of. Not reported as an edit.
   */
  setConcave(id: string | null, info: string, fileLabel?: string): void {
    this.removeFileOption();
    if (id === null) {
      const option = new Option(fileLabel ?? 'from the file', FILE_OPTION);
      option.id = `${this.which}-kind-file`;
      this.kindSelect.prepend(option);
      this.kindSelect.value = FILE_OPTION;
    } else {
      this.kindSelect.value = id;
    }
    this.showInfo(info);
  }

  /** Mirrors a pose into the inputs, except the one the user is typing in. */
  setPose(position: THREE.Vector3, quaternion: THREE.Quaternion): void {
    const euler = new THREE.Euler().setFromQuaternion(quaternion, 'XYZ');
    const rotation = [euler.x, euler.y, euler.z].map((r) => THREE.MathUtils.radToDeg(r));
    AXES.forEach((a, i) => {
      if (document.activeElement !== this.pos[i]) this.pos[i].value = formatNumber(position[a]);
      if (document.activeElement !== this.rot[i]) this.rot[i].value = formatNumber(Number(rotation[i].toFixed(6)));
    });
  }

  setSelected(selected: boolean): void {
    this.selectButton.setAttribute('aria-pressed', String(selected));
    this.root.classList.toggle('selected', selected);
  }

  showError(message: string | null): void {
    this.errorLine.hidden = message === null;
    this.errorLine.textContent = message ?? '';
  }

  private poseFromInputs(): void {
    const p = this.pos.map((i) => i.valueAsNumber);
    const r = this.rot.map((i) => i.valueAsNumber);
    if ([...p, ...r].some((v) => !Number.isFinite(v))) return;
    const rad = r.map((d) => THREE.MathUtils.degToRad(d));
    this.onPoseInput(new THREE.Vector3(p[0], p[1], p[2]), new THREE.Quaternion().setFromEuler(new THREE.Euler(rad[0], rad[1], rad[2], 'XYZ')));
  }

  private removeFileOption(): void {
    this.kindSelect.querySelector(`option[value="${FILE_OPTION}"]`)?.remove();
  }

  /** In place of parameters, a line saying what a compound or mesh is made of. */
  private showInfo(info: string): void {
    this.fieldInputs = [];
    const p = document.createElement('p');
    p.className = 'detail';
    p.id = `${this.which}-concave-info`;
    p.textContent = info;
    this.params.replaceChildren(p);
  }

  private showFields(json: ShapeJSON): void {
    const entry = menuEntry(json.type);
    this.params.replaceChildren();
    this.fieldInputs = [];
    if (!entry) return;
    const values = json as unknown as Record<string, unknown>;
    for (const field of entry.fields) {
      const row = document.createElement('div');
      row.className = 'row';
      const id = `${this.which}-param-${field.key}`;
      const label = document.createElement('label');
      label.textContent = field.label;
      row.append(label);
      const inputs: (HTMLInputElement | HTMLTextAreaElement)[] = [];
      const value = values[field.key];
      if (field.type === 'json') {
        const ta = document.createElement('textarea');
        ta.id = id;
        ta.spellcheck = false;
        ta.value = JSON.stringify(value);
        inputs.push(ta);
      } else {
        const n = field.type === 'vec3' ? 3 : 1;
        for (let i = 0; i < n; i++) {
          const input = document.createElement('input');
          input.type = 'number';
          input.step = '0.05';
          if (field.min !== undefined) input.min = String(field.min);
          input.id = field.type === 'vec3' ? `${id}-${AXES[i]}` : id;
          const v = field.type === 'vec3' ? (Array.isArray(value) ? value[i] : 0) : value;
          input.value = typeof v === 'number' ? formatNumber(v) : '0';
          input.setAttribute('aria-label', field.type === 'vec3' ? `${field.label} ${AXES[i]}` : field.label);
          inputs.push(input);
        }
      }
      label.htmlFor = inputs[0].id;
      for (const input of inputs) {
        input.addEventListener(field.type === 'json' ? 'change' : 'input', () => this.shapeFromInputs());
        row.append(input);
      }
      this.params.append(row);
      this.fieldInputs.push({ field, inputs });
    }
  }

  private shapeFromInputs(): void {
    const json: Record<string, unknown> = { type: this.kindSelect.value };
    for (const { field, inputs } of this.fieldInputs) {
      if (field.type === 'json') {
        const ta = inputs[0] as HTMLTextAreaElement;
        try {
          json[field.key] = JSON.parse(ta.value);
          ta.classList.remove('invalid');
        } catch (e) {
          ta.classList.add('invalid');
          this.showError(`${field.label}: ${e instanceof Error ? e.message : String(e)}`);
          return;
        }
      } else {
        const v = inputs.map((i) => (i as HTMLInputElement).valueAsNumber);
        // Passed on as typed (even NaN or negative), so the library's own validation answers.
        json[field.key] = field.type === 'vec3' ? v : v[0];
      }
    }
    this.onShapeInput(json as unknown as ShapeJSON);
  }
}
