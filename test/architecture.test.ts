/**
 * The layout of src/ as docs/architecture.md describes it: folders in layers, every import
 * going down a layer or staying in its folder (so no cycle between folders can form), no runtime import
 * cycle between files, and the command line using only the public entries, like any user.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'src');

/** The layers, lowest first: a module may import from its own unit and from units of lower layers. */
const LAYERS: readonly (readonly string[])[] = [
  ['errors.ts', 'tolerance.ts', 'work-sharing.ts'],
  ['math'],
  ['bvh'],
  ['hull'],
  ['shapes'],
  ['query'],
  ['world', 'batch', '2d', 'decompose'],
  ['format'],
  ['threads', 'three'],
  ['index.ts'],
  ['cli'],
];

interface Import { from: string; to: string; typeOnly: boolean }

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : name.endsWith('.ts') ? [path] : [];
  });
}

/** Every relative import and re-export of every file of src/, resolved to a path relative to src/. */
function imports(): Import[] {
  const out: Import[] = [];
  const pattern = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?'(\.{1,2}\/[^']+)'/gm;
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(pattern)) {
      // `import { type A, type B } from` is type-only too.
      const clause = m[0];
      const braces = /\{([^}]*)\}/.exec(clause)?.[1];
      const allTypes = braces !== undefined && braces.split(',').map((s) => s.trim()).filter(Boolean).every((s) => s.startsWith('type '));
      const target = relative(SRC, resolve(dirname(file), m[3].replace(/\.js$/, '.ts')));
      out.push({ from: relative(SRC, file), to: target, typeOnly: m[2] !== undefined || allTypes });
    }
  }
  return out;
}

/** The unit of a path: its top folder under src/, or the file itself at the top. */
const unit = (path: string): string => path.split('/')[0];
const layer = (path: string): number => LAYERS.findIndex((l) => l.includes(unit(path)));

describe('architecture', () => {
  const all = imports();

  it('finds the imports (the parser is not silently empty)', () => {
    expect(all.length).toBeGreaterThan(150);
    expect(all.some((i) => i.from === 'query/contact/contact.ts' && i.to === 'query/pair/dispatch.ts')).toBe(true);
    expect(all.some((i) => i.typeOnly)).toBe(true);
  });

  it('every file of src/ belongs to a layer', () => {
    for (const f of sourceFiles(SRC)) expect(layer(relative(SRC, f)), relative(SRC, f)).toBeGreaterThanOrEqual(0);
  });

  it('every import goes down a layer or stays in its unit (type imports included): no cycle between folders', () => {
    const upward = all.filter((i) => unit(i.from) !== unit(i.to) && layer(i.to) >= layer(i.from));
    expect(upward.map((i) => `${i.from} -> ${i.to}`)).toEqual([]);
  });

  it('no runtime import cycle between files', () => {
    const graph = new Map<string, string[]>();
    for (const i of all) if (!i.typeOnly) graph.set(i.from, [...(graph.get(i.from) ?? []), i.to]);
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (f: string, path: string[]): void => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        cycles.push([...path.slice(path.indexOf(f)), f].join(' -> '));
        return;
      }
      state.set(f, 'open');
      for (const g of graph.get(f) ?? []) visit(g, [...path, f]);
      state.set(f, 'done');
    };
    for (const f of graph.keys()) visit(f, []);
    expect(cycles).toEqual([]);
  });

  it('the command line imports only the public entries, the format readers it answers with (and its own files)', () => {
    const fromCli = all.filter((i) => unit(i.from) === 'cli' && unit(i.to) !== 'cli');
    expect(fromCli.length).toBeGreaterThan(0);
    // (And the plane world, whose first step answers scene2d before it is a public class: issue 37; and the
    // decomposition's exact polygon triangulator, which the OBJ reader clips a polygon face with.)
    for (const i of fromCli) expect(['index.ts', '2d/index.ts', 'format/index.ts', 'format/pair-document.ts', 'format/read-json.ts', 'format/shape2-json.ts', 'decompose/polygon-triangulate.ts'], `${i.from} -> ${i.to}`).toContain(i.to);
  });

  it('the 2D entry imports no 3D geometry: outside 2d/ only errors, tolerances, the out-record checks, the engine-independent sine and cosine, the power-of-two scaling, the dynamic AABB tree, the pair set and the shared-memory primitives of worker threads (and result types)', () => {
    const out = all.filter((i) => unit(i.from) === '2d' && unit(i.to) !== '2d');
    expect(out.length).toBeGreaterThan(0);
    const runtime = [...new Set(out.filter((i) => !i.typeOnly).map((i) => i.to))].sort();
    // (The plane world's broad phase is its float32 tree, on the 3D tree's nodes, and the pairs' hash set: no geometry of shapes.)
    // (And updateAsync's shared arrays and claim counter, which know no geometry.)
    expect(runtime).toEqual(['bvh/pair-set.ts', 'bvh/plane-tree.ts', 'errors.ts', 'math/exact-math.ts', 'math/power-of-two.ts', 'query/pair/out-record.ts', 'tolerance.ts', 'work-sharing.ts']);
    // Types only (erased): the QueryStatus union, the tree's class as a type where its queries are walked, and the pool's interface.
    expect([...new Set(out.filter((i) => i.typeOnly).map((i) => i.to))].sort()).toEqual(['bvh/plane-tree.ts', 'query/pair/results.ts', 'work-sharing.ts']);
  });

  it('the main entry re-exports by name (no `export *` but the tolerance namespace)', () => {
    const text = readFileSync(join(SRC, 'index.ts'), 'utf8');
    expect(text.match(/export \*(?! as tolerance)/g)).toBeNull();
    expect(readFileSync(join(SRC, 'format', 'index.ts'), 'utf8').match(/export \*/g)).toBeNull();
  });
});
