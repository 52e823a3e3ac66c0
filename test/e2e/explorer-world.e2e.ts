/**
 * End-to-end test of the explorer's collision-world scene (explorer/world-scene.ts), the scene the page
 * opens on, in a headless Chromium (see explorer-page.ts and find-chromium.ts).
 *
 * It checks that the scene runs (bodies drawn, some in the touching colour; steps counted; a nonzero
 * update() time shown), that the touching pairs it shows are exactly the pairs an all-pairs loop of
 * `intersects` finds in this process for the same bodies (the shapes rebuilt here from the page's
 * descriptions, the poses read back to the bit: no broad phase, no warm start, no page code), that the
 * tree-box checkbox draws the broad phase's boxes and takes them away, that the count slider and the URL
 * make a world of that size, and that the pair explorer is one click away and back.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Compound, contact, intersects } from '../../src/index.js';
import type { PoseLike, Shape } from '../../src/index.js';
import { shapeFromJSON } from '../../src/format/index.js';
import type { ShapeJSON } from '../../src/format/index.js';
import { nextFrames, openExplorer, type ExplorerPage } from './explorer-page.js';

const TIMEOUT = 120_000;
/** Opening a page in the shared browser (global-setup.ts built and served the explorer). */
const SETUP_TIMEOUT = 120_000;
const POLL = { timeout: 30_000 };

/** What `explorer.worldScene.snapshot()` returns (explorer/world-scene.ts), as JSON. */
interface Snapshot {
  kinds: ({ name: string; shape: ShapeJSON } | { name: string; parts: { shape: ShapeJSON; position: number[]; quaternion: number[] }[] })[];
  column: ShapeJSON;
  bodies: { kind: number; position: number[]; quaternion: number[] }[];
  touching: [number, number][];
}

const poseOf = (position: number[], quaternion: number[]): PoseLike => ({
  position: { x: position[0], y: position[1], z: position[2] },
  quaternion: { x: quaternion[0], y: quaternion[1], z: quaternion[2], w: quaternion[3] },
});

/** The page's bodies built here, and their touching pairs by brute force: every pair, `intersects`. */
function allPairsTouching(snap: Snapshot): { pairs: Set<string>; shapes: Shape[]; poses: PoseLike[] } {
  const kinds = snap.kinds.map((k): Shape => ('shape' in k
    ? shapeFromJSON(k.shape)
    : new Compound(k.parts.map((p) => ({ shape: shapeFromJSON(p.shape), pose: poseOf(p.position, p.quaternion) })))));
  const column = shapeFromJSON(snap.column);
  const shapes = snap.bodies.map((b) => (b.kind < 0 ? column : kinds[b.kind]));
  const poses = snap.bodies.map((b) => poseOf(b.position, b.quaternion));
  const pairs = new Set<string>();
  for (let i = 0; i < shapes.length; i++) {
    for (let j = i + 1; j < shapes.length; j++) {
      if (intersects(shapes[i], poses[i], shapes[j], poses[j])) pairs.add(`${i},${j}`);
    }
  }
  return { pairs, shapes, poses };
}

/** Decodes a PNG in the page and counts its pixels: distinct colours, and the share in the touching colour. */
async function pixelStats(page: Page, png: Buffer): Promise<{ colours: number; touching: number; lilac: number }> {
  return page.evaluate(async (base64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${base64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, img.width, img.height).data;
    const colours = new Set<number>();
    let touching = 0, lilac = 0;
    for (let i = 0; i < data.length; i += 4) {
      const r = data[i], g = data[i + 1], b = data[i + 2];
      colours.add(((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3));
      if (r > 140 && r > g + 50 && r > b + 80) touching++; // #ff6a3d, lit
      if (b > 110 && r > g + 25 && b > g + 40) lilac++; // the tree's inner boxes, #b48cff fading into the background
    }
    const pixels = data.length / 4;
    return { colours: colours.size, touching: touching / pixels, lilac: lilac / pixels };
  }, png.toString('base64'));
}

describe('explorer world scene (headless Chromium)', () => {
  let explorer: ExplorerPage | undefined;
  let page: Page;
  let url = '';

  // No hash: what `npm start` opens.
  beforeAll(async () => {
    explorer = await openExplorer(TIMEOUT, '');
    ({ page, url } = explorer);
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await explorer?.close();
  }, TIMEOUT);

  const status = async (): Promise<Record<string, string>> =>
    page.locator('#world-status').evaluate((e) => ({ ...(e as HTMLElement).dataset }) as Record<string, string>);
  const steps = async (): Promise<number> => Number((await status()).steps);
  const snapshot = async (): Promise<Snapshot> =>
    page.evaluate(() => JSON.parse(JSON.stringify((window as unknown as { explorer: { worldScene: { snapshot(): unknown } } }).explorer.worldScene.snapshot())));

  /** Pauses the scene (if it runs) and waits until the status is drawn from the last update. */
  async function pause(): Promise<void> {
    if ((await page.locator('#world-pause').getAttribute('aria-pressed')) !== 'true') await page.locator('#world-pause').click();
    await nextFrames(page);
  }

  it('opens on the world: bodies move and are drawn, some touching, with update()\'s time', async () => {
    expect(await page.evaluate(() => document.body.dataset.mode)).toBe('world');
    expect(await page.locator('#scene-view canvas').isVisible()).toBe(true);
    expect(await page.locator('#world-view').isVisible()).toBe(false);
    // (Ten steps: each frame is drawn on the CPU, about a fifth of a core-second for 400 bodies.)
    await expect.poll(steps, POLL).toBeGreaterThan(10);
    const s = await status();
    expect(Number(s.bodies)).toBe(401);
    expect(Number(s.touching)).toBeGreaterThan(20);
    expect(Number(s.updateMs)).toBeGreaterThan(0);
    expect(await page.locator('#world-update').textContent()).toMatch(/^\d+\.\d{3} ms$/);
    expect(Number((await page.locator('#world-update').textContent())!.split(' ')[0])).toBeGreaterThan(0);
    // Still moving.
    const before = await steps();
    await expect.poll(steps, POLL).toBeGreaterThan(before + 2);

    const stats = await pixelStats(page, await page.locator('#scene-view canvas').screenshot());
    expect(stats.colours).toBeGreaterThan(200);
    expect(stats.touching).toBeGreaterThan(0.01);
    expect(explorer!.errors).toEqual([]);
  }, TIMEOUT);

  it('shows the touching pairs an all-pairs loop of intersects finds for the same bodies', async () => {
    await pause();
    for (let round = 0; round < 3; round++) {
      const shown = Number((await status()).touching);
      const snap = await snapshot();
      expect(snap.bodies.length).toBe(401);
      const { pairs } = allPairsTouching(snap);
      const listed = new Set(snap.touching.map(([i, j]) => `${i},${j}`));
      expect(listed.size).toBe(snap.touching.length);
      expect(shown).toBe(listed.size);
      expect(pairs.size).toBeGreaterThan(20);
      expect([...listed].filter((p) => !pairs.has(p))).toEqual([]);
      expect([...pairs].filter((p) => !listed.has(p))).toEqual([]);
      // Step on (the poses change) and check again.
      const at = await steps();
      for (let k = 0; k < 4; k++) await page.locator('#world-step').click();
      await expect.poll(steps, POLL).toBe(at + 4);
      await nextFrames(page);
    }
    expect(explorer!.errors).toEqual([]);
  }, TIMEOUT);

  it('agrees with contact on every listed pair\'s separation sign (a pair listed is one that touches)', async () => {
    const snap = await snapshot();
    const { shapes, poses } = allPairsTouching(snap);
    for (const [i, j] of snap.touching) expect(contact(shapes[i], poses[i], shapes[j], poses[j])!.separation).toBeLessThanOrEqual(0);
  }, TIMEOUT);

  it('draws the tree\'s boxes when asked, and takes them away', async () => {
    await pause();
    const canvas = page.locator('#scene-view canvas');
    const off = await canvas.screenshot();
    expect(Number((await status()).treeBoxes)).toBe(0);
    await page.locator('#world-tree').check();
    await nextFrames(page);
    // Every node of the world's two binary trees: 2 · 400 − 1 for the moving bodies, and the column's leaf.
    await expect.poll(async () => Number((await status()).treeBoxes), POLL).toBe(800);
    expect(await page.locator('#world-boxes').textContent()).toMatch(/^\d+$/);
    expect(page.url()).toMatch(/#world\?n=400&tree=1$/);
    const on = await canvas.screenshot();
    expect(on.equals(off)).toBe(false);
    const [statsOff, statsOn] = [await pixelStats(page, off), await pixelStats(page, on)];
    expect(statsOn.lilac).toBeGreaterThan(statsOff.lilac + 0.02);

    await page.locator('#world-tree').uncheck();
    await nextFrames(page);
    expect(Number((await status()).treeBoxes)).toBe(0);
    expect((await canvas.screenshot()).equals(off)).toBe(true);
    expect(explorer!.errors).toEqual([]);
  }, TIMEOUT);

  it('makes a world of the count the slider or the URL asks for', async () => {
    await page.locator('#world-tree').uncheck();
    await page.locator('#world-count').fill('100');
    await expect.poll(async () => Number((await status()).bodies), POLL).toBe(101);
    expect(page.url()).toMatch(/#world\?n=100$/);
    const snap = await snapshot();
    expect(snap.bodies.length).toBe(101);
    expect(Number((await status()).touching)).toBe(allPairsTouching(snap).pairs.size);

    // (The empty query makes this a new page load, not a same-document jump to another hash.)
    await page.goto(`${url}?#world?n=250&tree=1`);
    await page.locator('body[data-ready="true"]').waitFor({ timeout: 60_000 });
    // (Paused: what follows reads the world's size and tree, and each running frame costs the CPU a fifth of a second.)
    await pause();
    await expect.poll(async () => Number((await status()).bodies), POLL).toBe(251);
    expect(await page.locator('#world-tree').isChecked()).toBe(true);
    await expect.poll(async () => Number((await status()).treeBoxes), POLL).toBe(2 * 250);
    expect(explorer!.errors).toEqual([]);
  }, TIMEOUT);

  it('switches to the pair explorer in one click, and back', async () => {
    if ((await page.locator('#world-pause').getAttribute('aria-pressed')) === 'true') await page.locator('#world-pause').click();
    await page.locator('#show-pair').click();
    await expect.poll(() => page.evaluate(() => document.body.dataset.mode), POLL).toBe('pair');
    expect(page.url()).toMatch(/#pair$/);
    expect(await page.locator('#world-view canvas').isVisible()).toBe(true);
    expect(await page.locator('#scene-view').isVisible()).toBe(false);
    expect(Number(await page.locator('#result-separation').getAttribute('data-value'))).toBeCloseTo(0.25, 9);
    // The world stands still while hidden.
    const at = await steps();
    await nextFrames(page);
    expect(await steps()).toBe(at);

    await page.locator('#show-world').click();
    await expect.poll(() => page.evaluate(() => document.body.dataset.mode), POLL).toBe('world');
    await expect.poll(steps, POLL).toBeGreaterThan(at);
    expect(explorer!.errors).toEqual([]);
  }, TIMEOUT);
});
