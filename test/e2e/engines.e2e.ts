/**
 * The same bits in every engine (the hardening issue): a seeded mix of 3D and 2D answers (engines-page/
 * mix.ts: contacts, distances, rays and turning shape casts between every curved and flat kind), computed
 * here in Node and in the npm-installed headless Chromium, must be equal to the last bit. The library uses
 * no Math function that engines round differently on an answer path (math/exact-math.ts); before, 235 of
 * 14,100 such answers differed.
 */
import { fileURLToPath } from 'node:url';
import type { InlineConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as D3 from '../../src/index.js';
import * as D2 from '../../src/2d/index.js';
import { answerMix } from './engines-page/mix.js';
import { buildPage, openPage, type Cleanups } from './built-page.js';

const ROOT = fileURLToPath(new URL('./engines-page/', import.meta.url));
const src = (path: string): string => fileURLToPath(new URL(`../../src/${path}`, import.meta.url));
const CONFIG: InlineConfig = {
  root: ROOT, base: './', configFile: false, logLevel: 'warn',
  resolve: { alias: [{ find: /^convex-collide$/, replacement: src('index.ts') }, { find: /^convex-collide\/2d$/, replacement: src('2d/index.ts') }] },
  build: { target: 'esnext' },
};
const COUNT = 400;

describe('the same bits in every engine', () => {
  const cleanups: Cleanups = [];
  let outDir = '';
  beforeAll(async () => { outDir = await buildPage(CONFIG, cleanups); }, 300_000);
  afterAll(async () => { for (const f of cleanups.reverse()) await f(); });

  it(`a seeded mix of ${COUNT} pairs' answers in Chromium equals Node's, bit for bit`, async () => {
    const { page, errors } = await openPage(CONFIG, outDir, cleanups);
    const there = await page.evaluate((n) => window.runMix(n), COUNT);
    expect(errors).toEqual([]);
    const here = answerMix(COUNT, D3, D2);
    expect(here.length).toBeGreaterThan(20 * COUNT);
    const differing = here.flatMap((h, i) => (h === there[i] ? [] : [i]));
    expect(differing.length, `first differing numbers at ${differing.slice(0, 5).join(', ')}`).toBe(0);
    expect(there.length).toBe(here.length);
  }, 300_000);
});
