/**
 * What the decomposition's benchmarks share (decompose.ts, decompose-vs-vhacd.ts,
 * decompose-vhacd-baseline.ts): their `--name value` options, a test solid as OBJ text for V-HACD's
 * driver, and where that driver lives (../shared, beside the project: a measuring tool, not part of it).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SolidMesh } from '../test/decompose/meshes.js';

/** V-HACD 4.1's native driver (../shared/bench/native/vhacd/). */
export const VHACD_DRIVER = resolve(dirname(fileURLToPath(import.meta.url)), '..', '../shared/bench/native/vhacd/vhacd_driver');

/** The value after `--name` on the command line, or `fallback`. */
export function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

/** A mesh as Wavefront OBJ text (1-based indices), named in a comment. */
export function toObj(m: SolidMesh): string {
  const lines: string[] = [`# ${m.name}`];
  for (let i = 0; i < m.positions.length; i += 3) lines.push(`v ${m.positions[i]} ${m.positions[i + 1]} ${m.positions[i + 2]}`);
  for (let i = 0; i < m.indices.length; i += 3) lines.push(`f ${m.indices[i] + 1} ${m.indices[i + 1] + 1} ${m.indices[i + 2] + 1}`);
  return `${lines.join('\n')}\n`;
}
