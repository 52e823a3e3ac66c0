// Reading a pair-query file ({"pairs": [{id, a, poseA, b, poseB}, ...]}, the format the CLI reads).
// Each pair is parsed on its own, so one bad pair shows its error and the rest still load.
import { parsePairQueryDocument, readPoseJson } from 'convex-collide/format';
import type { Compound, Shape } from 'convex-collide';
import { rememberCompound } from './concave-shape.js';

export interface Pose {
  position: { x: number; y: number; z: number };
  quaternion: { x: number; y: number; z: number; w: number };
}

export interface FilePair {
  readonly id: string;
  readonly category: string | null;
  /** The file's own reference separation, when it has one (`expect.separation`); shown for comparison. */
  readonly expected: number | null;
  readonly a: Shape | null;
  readonly b: Shape | null;
  readonly poseA: Pose | null;
  readonly poseB: Pose | null;
  /** Why the pair cannot be shown, naming the field. */
  readonly error: string | null;
}

/**
 * Parses the file's text with the library's own pair-query reader (the CLI's), adding the two keys the
 * explorer shows beside each pair: `category` and the file's reference `expect.separation`. Throws (with
 * a message for the user) only when the file as a whole is unreadable.
 */
export function parsePairFile(text: string): FilePair[] {
  const doc = parsePairQueryDocument(text);
  const raw = (JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as { pairs: unknown[] }).pairs;
  return doc.entries.map((entry) => {
    const p = (raw[entry.index] ?? {}) as Record<string, unknown>;
    const expect = p.expect as { separation?: unknown } | undefined;
    const base = {
      id: entry.id === null ? `#${entry.index}` : String(entry.id),
      category: typeof p.category === 'string' ? p.category : null,
      expected: typeof expect?.separation === 'number' ? expect.separation : null,
    };
    if ('error' in entry) return { ...base, a: null, b: null, poseA: null, poseB: null, error: entry.error.message };
    // The reader built any compound already; its part poses, which the library keeps as internal
    // transforms, are read again from the JSON for drawing (the reader checked them).
    for (const [shape, json] of [[entry.a, p.a], [entry.b, p.b]] as const) {
      if (shape.kind === 'compound') {
        const parts = (json as { parts: { pose: unknown }[] }).parts;
        rememberCompound(shape as Compound, parts.map((part, i) => readPoseJson(part.pose, `parts[${i}].pose`)));
      }
    }
    return { ...base, a: entry.a, b: entry.b, poseA: entry.poseA, poseB: entry.poseB, error: null };
  });
}
