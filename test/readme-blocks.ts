/**
 * The fenced blocks of the README and of docs/*.md, and their `ts` blocks written out as modules (their
 * `convex-collide` imports pointed at src/), for test/readme.test.ts, which runs them, and
 * test/typecheck.test.ts, which type-checks them with the rest of the project in one program.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** A fenced block: its language, its code, its file (`README.md`, `docs/world.md`) and its first line there. */
export interface Block { lang: string; code: string; file: string; line: number }

function fencedBlocks(file: string, text: string): Block[] {
  return [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({
    lang: m[1], code: m[2], file, line: text.slice(0, m.index).split('\n').length,
  }));
}

/** The README's blocks. */
export const blocks: Block[] = fencedBlocks('README.md', README);
export const tsBlocks = blocks.filter((b) => b.lang === 'ts');
/** The `ts` blocks of docs/*.md: run as the README's are. */
export const docTsBlocks: Block[] = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort()
  .flatMap((f) => fencedBlocks(`docs/${f}`, readFileSync(join(ROOT, 'docs', f), 'utf8'))).filter((b) => b.lang === 'ts');

function moduleSource(code: string): string {
  return code
    .replace(/from 'convex-collide\/format'/g, "from '../../src/format/index.js'")
    .replace(/from 'convex-collide\/threads'/g, "from '../../src/threads/index.js'")
    .replace(/from 'convex-collide\/2d'/g, "from '../../src/2d/index.js'")
    .replace(/from 'convex-collide\/three'/g, "from '../../src/three/index.js'")
    .replace(/from 'convex-collide'/g, "from '../../src/index.js'");
}

/**
 * Writes each ts block (the README's and the docs') as `<file>-<line>.ts` into `dir`, a folder of test/
 * (emptied first; git-ignored, and inside the repository so that imports of src/ and three resolve).
 * Returns the modules' paths by block.
 */
export function writeTsBlocks(dir: string): Map<Block, string> {
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(dir)) rmSync(join(dir, f), { recursive: true, force: true });
  const paths = new Map<Block, string>();
  for (const b of [...tsBlocks, ...docTsBlocks]) {
    const path = join(dir, `${b.file.replace(/\W+/g, '-')}-${b.line}.ts`);
    writeFileSync(path, moduleSource(b.code));
    paths.set(b, path);
  }
  return paths;
}
