// What the ray and sweep modes share: rows of number inputs for the panel, numbers printed the way the
// result panel prints them, and markers drawn over the world view (on top of the shapes, so a point
// inside a shape stays visible).
import * as THREE from 'three';
import type { Vec3Like } from 'convex-collide';
import { disposeTree } from './geometry.js';
import { formatNumber } from './shape-editor.js';

export const AXES = ['x', 'y', 'z'] as const;

/** A panel row of three number inputs with ids `${id}-x`, `-y`, `-z`, holding `values`. */
export function vectorRowHTML(id: string, label: string, values: readonly number[], step = 0.1): string {
  const inputs = AXES.map((a, i) => `<input type="number" step="${step}" id="${id}-${a}" value="${formatNumber(values[i])}" aria-label="${label} ${a}" />`);
  return `<div class="row"><label for="${id}-x">${label}</label>${inputs.join('')}</div>`;
}

/** The three inputs of a row made by `vectorRowHTML`. */
export function vectorInputs(root: HTMLElement, id: string): HTMLInputElement[] {
  return AXES.map((a) => root.querySelector<HTMLInputElement>(`#${id}-${a}`)!);
}

/** What the inputs hold, as typed (NaN for an empty or unreadable one, so the library's validation answers). */
export const readVector = (inputs: readonly HTMLInputElement[]): Vec3Like =>
  ({ x: inputs[0].valueAsNumber, y: inputs[1].valueAsNumber, z: inputs[2].valueAsNumber });

export function writeVector(inputs: readonly HTMLInputElement[], v: Vec3Like): void {
  AXES.forEach((a, i) => { inputs[i].value = formatNumber(v[a]); });
}

/** Six significant digits; with a `scale`, magnitudes below 1e-12 of it show as 0 (as the result panel does). */
export const fmt = (x: number, scale = 0): string => {
  if (!Number.isFinite(x)) return String(x);
  if (Math.abs(x) < 1e-12 * scale) return '0';
  return String(Number(x.toPrecision(6)));
};
export const fmtVec = (v: Vec3Like, scale: number): string => `(${fmt(v.x, scale)}, ${fmt(v.y, scale)}, ${fmt(v.z, scale)})`;

/** A vector in full precision, for a `data-` attribute that tests and scripts read back. */
export const vectorData = (v: Vec3Like): string => JSON.stringify([v.x, v.y, v.z]);

export const errorMessage = (e: unknown): string => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));

/** Removes and frees everything under `group`. */
export function clearGroup(group: THREE.Group): void {
  for (const child of [...group.children]) {
    group.remove(child);
    disposeTree(child);
  }
}

/** A dot drawn on top of everything, in a lightened `color`. */
export function markerDot(p: Vec3Like, size: number, color: THREE.ColorRepresentation): THREE.Mesh {
  const m = new THREE.Mesh(
    new THREE.SphereGeometry(size, 16, 8),
    new THREE.MeshBasicMaterial({ color: new THREE.Color(color).lerp(new THREE.Color(0xffffff), 0.35), depthTest: false, transparent: true }),
  );
  m.position.set(p.x, p.y, p.z);
  m.renderOrder = 4;
  return m;
}

/** An arrow from `from` along the unit vector `dir`, drawn on top of everything. */
export function overlayArrow(from: Vec3Like, dir: Vec3Like, length: number, color: THREE.ColorRepresentation, headSize: number): THREE.ArrowHelper {
  const arrow = new THREE.ArrowHelper(
    new THREE.Vector3(dir.x, dir.y, dir.z).normalize(), new THREE.Vector3(from.x, from.y, from.z), length, color,
    Math.min(length * 0.3, 2 * headSize), Math.min(length * 0.15, headSize),
  );
  arrow.traverse((o) => {
    const m = (o as THREE.Mesh).material as THREE.Material | undefined;
    if (m) { m.depthTest = false; m.transparent = true; }
    o.renderOrder = 3;
  });
  return arrow;
}

/**
 * A radius about the pair's midpoint that holds both shapes (as the Fit button frames them): the
 * length the modes size their drawings by.
 */
export function pairRadius(pa: THREE.Vector3, pb: THREE.Vector3, radiusA: number, radiusB: number): number {
  return pa.distanceTo(pb) / 2 + Math.max(radiusA, radiusB, 1e-6);
}
