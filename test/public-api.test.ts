/**
 * The public API is exactly what CONTRIBUTING.md ("Public entries") lists: every export of the four
 * entries, values and types, named there, and nothing named there missing. Types are read with the
 * TypeScript compiler, values from the modules themselves.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The names listed under `### \`entry\`` in CONTRIBUTING.md: each bullet's names before its first ': '. */
function documented(entry: string): string[] {
  const text = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');
  const start = text.indexOf(`### \`${entry}\`\n`);
  expect(start, `CONTRIBUTING.md has a section for ${entry}`).toBeGreaterThanOrEqual(0);
  const rest = text.slice(start + 1);
  const end = rest.search(/\n##/);
  const names: string[] = [];
  for (const line of rest.slice(0, end < 0 ? undefined : end).split('\n')) {
    if (!line.startsWith('- ')) continue;
    const head = line.slice(2, line.indexOf(': ') < 0 ? undefined : line.indexOf(': '));
    for (const m of head.matchAll(/`([A-Za-z_$][\w$]*)`/g)) names.push(m[1]);
  }
  return names.sort();
}

const ENTRIES = [['convex-collide', 'src/index.ts', 9], ['convex-collide/format', 'src/format/index.ts', 9], ['convex-collide/threads', 'src/threads/index.ts', 2], ['convex-collide/2d', 'src/2d/index.ts', 20], ['convex-collide/three', 'src/three/index.ts', 3]] as const;

/**
 * One TypeScript program over the four entries (one program, not one per entry: each parses the whole
 * library), without the standard library's declarations (`noLib`): listing a module's exports needs only
 * its own files, and parsing lib.*.d.ts was most of this file's time.
 */
let program: ts.Program | undefined;

/** Every name the module at `path` exports, types included, by the TypeScript compiler. */
function exported(path: string): string[] {
  program ??= ts.createProgram(ENTRIES.map(([, p]) => join(ROOT, p)), {
    module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, strict: true, noEmit: true, noLib: true, types: [],
  });
  const checker = program.getTypeChecker();
  const symbol = checker.getSymbolAtLocation(program.getSourceFile(join(ROOT, path))!)!;
  return checker.getExportsOfModule(symbol).map((s) => s.name).sort();
}

describe('public API', () => {
  for (const [entry, path, least] of ENTRIES) {
    it(`${entry}: exports exactly what CONTRIBUTING.md lists`, async () => {
      const listed = documented(entry);
      expect(listed.length).toBeGreaterThanOrEqual(least);
      expect(new Set(listed).size, 'a name listed twice').toBe(listed.length);
      const names = exported(path);
      expect(names).toEqual(listed);
      // Every runtime export is among them (the compiler's list includes types).
      const values = Object.keys(await import(join(ROOT, path)));
      for (const v of values) expect(listed).toContain(v);
    }, 60_000);
  }

  it('package.json exports the five entries (types, import, default) and its own package.json, nothing else; three is a peer of its entry alone', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    expect(Object.keys(pkg.exports).sort()).toEqual(['.', './2d', './format', './package.json', './threads', './three']);
    expect(pkg.exports['./2d']).toEqual({ types: './dist/2d/index.d.ts', import: './dist/2d/index.js', default: './dist/2d/index.js' });
    expect(pkg.exports['./threads']).toEqual({ types: './dist/threads/index.d.ts', import: './dist/threads/index.js', default: './dist/threads/index.js' });
    expect(pkg.exports['.']).toEqual({ types: './dist/index.d.ts', import: './dist/index.js', default: './dist/index.js' });
    expect(pkg.exports['./format']).toEqual({ types: './dist/format/index.d.ts', import: './dist/format/index.js', default: './dist/format/index.js' });
    expect(pkg.exports['./three']).toEqual({ types: './dist/three/index.d.ts', import: './dist/three/index.js', default: './dist/three/index.js' });
    expect(pkg.exports['./package.json']).toBe('./package.json');
    // (three optional: only convex-collide/three imports it; the other entries run without it.)
    const peers = pkg as unknown as { peerDependencies: Record<string, string>; peerDependenciesMeta: Record<string, { optional: boolean }>; dependencies?: unknown };
    expect(Object.keys(peers.peerDependencies)).toEqual(['three']);
    expect(peers.peerDependenciesMeta.three.optional).toBe(true);
    expect(peers.dependencies).toBeUndefined();
  });
});
