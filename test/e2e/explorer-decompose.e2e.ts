/**
 * End-to-end test of the explorer's convex decomposition page (explorer/decompose.html, decompose-page.ts)
 * in a headless Chromium: it opens on the torus knot and decomposes it in its Web Worker with no input (at
 * least one part, the time shown, the progress bar full, no console error); the chair's part count is the
 * one decomposeToHulls gives for the same model in this process; Cancel stops a run (the worker terminated)
 * and the next run starts a new one; and an OBJ file opened through the file input is decomposed (a cube of
 * quads written with negative indices: one part), while an open one, or one that is not OBJ, leaves a
 * typed error's message in the panel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decomposeToHulls } from '../../src/index.js';
import { buildModel } from '../../explorer/decompose-models.js';
import { openExplorer, type ExplorerPage } from './explorer-page.js';

const TIMEOUT = 60_000;
const SETUP_TIMEOUT = 120_000;
/** The knot takes about 2 s in Node; SwiftShader and a busy machine may double it. */
const RUN = { timeout: 30_000 };

let explorer: ExplorerPage;
const text = async (selector: string): Promise<string> => (await explorer.page.locator(selector).textContent()) ?? '';
const state = (s: string) => explorer.page.locator(`body[data-state="${s}"]`).waitFor({ state: 'attached', ...RUN });

/** A unit cube of six quads, every face written with negative (relative) indices and `i/t/n` corners. */
const CUBE_OBJ = [
  '# a cube', 'v 0 0 0', 'v 1 0 0', 'v 1 1 0', 'v 0 1 0', 'v 0 0 1', 'v 1 0 1', 'v 1 1 1', 'v 0 1 1', 'vt 0 0', 'vn 0 0 1',
  'f -8/1/1 -5/1/1 -6/1/1 -7/1/1', 'f -4 -3 -2 -1', 'f -8//1 -7//1 -3//1 -4//1', 'f -6 -5 -1 -2', 'f -7 -6 -2 -3', 'f -5 -8 -4 -1',
].join('\n');

async function openObj(name: string, contents: string): Promise<void> {
  await explorer.page.locator('#dec-file').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(contents) });
}

describe('the convex decomposition page', () => {
  beforeAll(async () => { explorer = await openExplorer(TIMEOUT, 'decompose.html'); }, SETUP_TIMEOUT);
  afterAll(async () => { await explorer?.close(); });

  it('opens on the torus knot, decomposed in a worker with no input', async () => {
    const page = explorer.page;
    await state('done');
    expect(page.workers().map((w) => w.url())).toEqual([expect.stringMatching(/decompose-worker/)]);
    expect(Number(await text('#dec-parts'))).toBeGreaterThanOrEqual(1);
    expect(await text('#dec-time')).toMatch(/^\d+ ms$/);
    expect(await text('#dec-result-concavity')).toMatch(/^\d+\.\d\d % of the diagonal$/);
    expect(await page.locator('#dec-progress').evaluate((p) => (p as HTMLProgressElement).value)).toBe(1);
    expect(await page.locator('#dec-error').isHidden()).toBe(true);
    expect(explorer.errors).toEqual([]);
  }, TIMEOUT);

  it('gives the chair as many parts as decomposeToHulls here; Cancel ends a run and the next starts a new worker', async () => {
    const page = explorer.page;
    await page.locator('#dec-model').selectOption('chair');
    await state('done');
    expect(Number(await text('#dec-parts'))).toBe(decomposeToHulls(buildModel('chair')).hulls.length);
    // The knot takes seconds: cancelled while it runs, its worker goes.
    await page.locator('#dec-model').selectOption('knot');
    await state('running');
    await page.locator('#dec-cancel').click();
    await state('cancelled');
    await expect.poll(() => page.workers().length, RUN).toBe(0);
    await page.locator('#dec-model').selectOption('chair');
    await state('done');
    expect(page.workers()).toHaveLength(1);
    expect(explorer.errors).toEqual([]);
  }, TIMEOUT);

  it('decomposes an OBJ file opened, and shows why one cannot be', async () => {
    const page = explorer.page;
    await openObj('cube.obj', CUBE_OBJ);
    await state('done');
    expect(await text('#dec-model-info')).toBe('cube.obj: 8 vertices, 12 triangles');
    expect(await text('#dec-parts')).toBe('1');
    // Open: one triangle. The library's typed error, with its count of open edges.
    await openObj('triangle.obj', 'v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n');
    await state('error');
    expect(await text('#dec-error')).toMatch(/^InvalidShapeError: mesh is open: 3 edges with no matching reverse edge/);
    expect(await text('#dec-parts')).toBe('–');
    // Not OBJ: the reader names the line, and the model shown stays.
    await openObj('bad.obj', 'v 0 0 0\nf 1 2 x\n');
    expect(await text('#dec-error')).toBe('bad.obj: OBJ line 2: face corner "2" refers to vertex 2, but 1 vertex is defined above it');
    expect(await text('#dec-model-info')).toBe('triangle.obj: 3 vertices, 1 triangle');
    expect(explorer.errors).toEqual([]);
  }, TIMEOUT);
});
