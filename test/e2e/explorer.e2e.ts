/**
 * End-to-end test of the explorer (explorer/), built with Vite and served on a free localhost port
 * (global-setup.ts, once for every e2e file), driven in a headless Chromium through playwright-core.
 *
 * It checks what a newcomer would look at: the default scene's separation against a closed form
 * computed here (not by the library), the panel following a shape moved through the page's own pose
 * inputs (apart, shallow overlap and deep overlap), the GJK trace replaying step by step, and a
 * screenshot in which both shapes are actually drawn (the canvas is not blank).
 *
 * The browser is CHROMIUM_PATH if set, else the one npm installs with the devDependency
 * @sparticuz/chromium (x64 Linux; extracted into node_modules/.cache on first use), else a system
 * Chromium on PATH: see find-chromium.ts. So on x64 Linux `npm install` is all it needs.
 * Set UPDATE_EXPLORER_SCREENSHOT=1 to also rewrite docs/explorer.png, the README's screenshot.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openExplorer, type ExplorerPage } from './explorer-page.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TIMEOUT = 120_000;
/** Opening a page in the shared browser (global-setup.ts built and served the explorer). */
const SETUP_TIMEOUT = 120_000;
/** How long to wait for the page to show a new answer (software WebGL on a busy CI machine is slow). */
const POLL = { timeout: 30_000 };

/** The default scene (explorer/main.ts DEFAULT_SCENE), restated here so the test checks the page. */
const BOX_HALF = [0.5, 0.5, 0.5] as const; // shape A: box at the origin, unrotated
const SPHERE_RADIUS = 0.5; // shape B: sphere
const SPHERE_CENTER = [1.25, 0.2, 0.1] as const;

/**
 * Closed-form signed separation of a sphere (centre c, radius r) and an axis-aligned box centred at
 * the origin: outside the box, |c − clamp(c)| − r; inside it, −(distance to the nearest face) − r.
 */
function sphereBoxSeparation(c: readonly number[], r: number, half: readonly number[]): number {
  const outside = Math.hypot(...c.map((ci, i) => Math.max(Math.abs(ci) - half[i], 0)));
  if (outside > 0) return outside - r;
  return -Math.min(...c.map((ci, i) => half[i] - Math.abs(ci))) - r;
}

describe('explorer (headless Chromium)', () => {
  let explorer: ExplorerPage | undefined;
  let page: Page;
  let url = '';
  let pageErrors: string[] = [];

  // Opens the explorer in a context of its own (explorer-page.ts; built, served and launched once by global-setup.ts).
  beforeAll(async () => {
    explorer = await openExplorer(TIMEOUT);
    ({ page, url } = explorer);
    pageErrors = explorer.errors;
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await explorer?.close();
  }, TIMEOUT);

  const separationShown = async (): Promise<number> =>
    Number(await page.locator('#result-separation').getAttribute('data-value'));

  /** Types a position for shape B into the panel, as a user would, and waits for the new answer. */
  async function moveB(x: number): Promise<number> {
    const center = [x, SPHERE_CENTER[1], SPHERE_CENTER[2]];
    const expected = sphereBoxSeparation(center, SPHERE_RADIUS, BOX_HALF);
    await page.locator('#b-pos-x').fill(String(x));
    await expect.poll(separationShown, POLL).toBeCloseTo(expected, 9);
    return expected;
  }

  it('opens on the default scene with the closed-form separation', async () => {
    await page.goto(`${url}#pair`);
    await page.locator('body[data-ready="true"]').waitFor({ timeout: 60_000 });
    const expected = sphereBoxSeparation(SPHERE_CENTER, SPHERE_RADIUS, BOX_HALF);
    expect(expected).toBeCloseTo(0.25, 15);
    expect(await separationShown()).toBeCloseTo(expected, 9);
    expect(await page.locator('#result-intersecting').textContent()).toBe('no');
    expect(await page.locator('#b-kind').inputValue()).toBe('sphere');
    expect(await page.locator('#a-kind').inputValue()).toBe('box');
    expect(pageErrors).toEqual([]);
  }, TIMEOUT);

  it('shows the manifold of a cube resting on a cube: the four corners of the overlap', async () => {
    await page.locator('#box-on-box').click();
    const POLL_MANIFOLD = { timeout: 10_000 };
    await expect.poll(() => page.locator('#result-manifold').textContent(), POLL_MANIFOLD).toMatch(/^4 points: /);
    const text = (await page.locator('#result-manifold').textContent()) ?? '';
    // B's corner inside A's top face is a vertex against the face; every point 0.01 deep.
    expect(text).toMatch(/f2\/v0 \(-0\.01\)/);
    expect(pageErrors).toEqual([]);
    await page.locator('#reset-scene').click();
    await expect.poll(() => page.locator('#b-kind').inputValue(), POLL_MANIFOLD).toBe('sphere');
  }, TIMEOUT);

  it('runs the stacking example on manifolds: the boxes stand and their contact points show', async () => {
    // (A step a frame: a second of the stack is 60 frames, which software WebGL on a busy machine draws in 20 s or more.)
    await page.locator('#stack-4').click();
    const status = page.locator('#stack-status');
    await expect.poll(async () => Number(/t = ([\d.]+) s/.exec((await status.textContent()) ?? '')?.[1] ?? 0), { timeout: 60_000 }).toBeGreaterThan(1);
    const text = (await status.textContent()) ?? '';
    // 8 resting faces of 4 points each, and the top box still up.
    expect(Number(/(\d+) contact points/.exec(text)?.[1])).toBeGreaterThanOrEqual(16);
    expect(Number(/top box at y = ([\d.]+)/.exec(text)?.[1])).toBeGreaterThan(7.3);
    expect(pageErrors).toEqual([]);
    await page.locator('#reset-scene').click();
    await expect.poll(() => status.isHidden(), { timeout: 10_000 }).toBe(true);
  }, TIMEOUT);

  it('walks a character with the keyboard: it moves, stays on the ground, and the scene ends with the default scene', async () => {
    await page.locator('#character').click();
    const status = page.locator('#character-status');
    const x = async () => Number(/at \((-?[\d.]+),/.exec((await status.textContent()) ?? '')?.[1] ?? NaN);
    await expect.poll(x, { timeout: 30_000 }).toBe(0);
    // Walking +x (D held) over the flat near side: x grows, the height stays the standing one.
    await page.keyboard.down('d');
    await expect.poll(x, { timeout: 60_000 }).toBeGreaterThan(0.5);
    await page.keyboard.up('d');
    const text = (await status.textContent()) ?? '';
    expect(text).toMatch(/^on terrain \(height field\); at \([\d.]+, 0\.81, 0\.00\)/);
    expect(pageErrors).toEqual([]);
    await page.locator('#reset-scene').click();
    await expect.poll(() => status.isHidden(), { timeout: 10_000 }).toBe(true);
  }, TIMEOUT);

  it('pushes the arm out of its obstacles by gradient steps (examples/arm): the cost falls to 0', async () => {
    await page.locator('#arm').click();
    const status = page.locator('#arm-status');
    await expect.poll(async () => (await status.textContent()) ?? '', { timeout: 90_000 }).toMatch(/^clear after \d+ steps/);
    expect(pageErrors).toEqual([]);
    // The character's button stops it and starts the character.
    await page.locator('#character').click();
    await expect.poll(() => status.isHidden(), { timeout: 10_000 }).toBe(true);
    await page.locator('#reset-scene').click();
    await expect.poll(() => page.locator('#character-status').isHidden(), { timeout: 10_000 }).toBe(true);
  }, TIMEOUT);

  it('follows shape B moved through its position input', async () => {
    // Apart, then cores apart but spheres overlapping (GJK only), then the sphere's centre inside the
    // box (GJK then EPA).
    expect(await moveB(1.6)).toBeCloseTo(0.6, 12);
    expect(await page.locator('#result-intersecting').textContent()).toBe('no');
    expect(await moveB(0.9)).toBeCloseTo(-0.1, 12);
    expect(await page.locator('#result-intersecting').textContent()).toBe('yes');
    expect(await moveB(0.3)).toBeCloseTo(-0.7, 12);
    expect(await page.locator('#result-intersecting').textContent()).toBe('yes');
    const trace = page.locator('#trace');
    expect(Number(await trace.getAttribute('data-step-count'))).toBeGreaterThan(0);
    // The trace ends on the answer; the step before it is EPA's last.
    await page.locator('#step-prev').click();
    expect(await trace.getAttribute('data-algorithm')).toBe('epa');
    expect(await page.locator('#step-label').textContent()).toMatch(/EPA iteration/);
    await moveB(SPHERE_CENTER[0]);
    expect(pageErrors).toEqual([]);
  }, TIMEOUT);

  it('replays the GJK trace one step at a time', async () => {
    const trace = page.locator('#trace');
    const count = Number(await trace.getAttribute('data-step-count'));
    expect(count).toBeGreaterThanOrEqual(2);
    // The query ends on its answer; the Minkowski view's picture changes as we step back through it.
    expect(await trace.getAttribute('data-algorithm')).toBe('result');
    const minkowskiCanvas = page.locator('#minkowski-view canvas');
    const atResult = await minkowskiCanvas.screenshot();

    await page.locator('#step-first').click();
    expect(await trace.getAttribute('data-step-index')).toBe('0');
    expect(await trace.getAttribute('data-algorithm')).toBe('gjk');
    await expect.poll(() => page.locator('#step-label').textContent(), POLL).toMatch(/^Step 1 of \d+: GJK iteration/);
    expect(await page.locator('#step-detail').textContent()).toMatch(/simplex now has [1-4] points?/);
    await page.waitForFunction(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))));
    const atFirst = await minkowskiCanvas.screenshot();
    expect(atFirst.equals(atResult)).toBe(false);

    await page.locator('#step-next').click();
    expect(await trace.getAttribute('data-step-index')).toBe('1');
    expect(await page.locator('#step-label').textContent()).toMatch(/^Step 2 of \d+: GJK iteration/);
    expect(await page.locator('#step-detail').textContent()).toMatch(/simplex now has \d points?/);
    expect(pageErrors).toEqual([]);
  }, TIMEOUT);

  it('follows shape B dragged with the mouse on its gizmo', async () => {
    // Grab the gizmo's centre handle (B's centre on screen, where it moves B in the view plane) and drag.
    const canvas = await page.locator('#world-view canvas').boundingBox();
    const onCanvas = await page.evaluate(() =>
      (window as unknown as { explorer: { world: { screenPoint(which: string): { x: number; y: number } } } }).explorer.world.screenPoint('b'));
    expect(canvas).not.toBeNull();
    const x = canvas!.x + onCanvas.x, y = canvas!.y + onCanvas.y;
    const before = await separationShown();
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= 4; i++) await page.mouse.move(x + 20 * i, y - 8 * i);
    await page.mouse.up();
    await expect.poll(separationShown, POLL).not.toBeCloseTo(before, 3);
    // The panel's inputs mirror the gizmo (to 9 significant digits); the separation matches them.
    const center = await Promise.all(['x', 'y', 'z'].map(async (a) => Number(await page.locator(`#b-pos-${a}`).inputValue())));
    expect(center[0]).toBeGreaterThan(SPHERE_CENTER[0]);
    await expect.poll(separationShown, POLL).toBeCloseTo(sphereBoxSeparation(center, SPHERE_RADIUS, BOX_HALF), 6);
    expect(pageErrors).toEqual([]);
  }, TIMEOUT);

  it('shows a pair-query file\'s pairs one by one, with the library\'s answers', async () => {
    const file = {
      pairs: [
        { id: 'cubes-gap', a: { type: 'box', halfExtents: [0.5, 0.5, 0.5] }, poseA: { position: [0, 0, 0], quaternion: [0, 0, 0, 1] },
          b: { type: 'box', halfExtents: [0.5, 0.5, 0.5] }, poseB: { position: [1.5, 0, 0], quaternion: [0, 0, 0, 1] } },
        { id: 'bad-radius', a: { type: 'sphere', radius: -1 }, poseA: { position: [0, 0, 0], quaternion: [0, 0, 0, 1] },
          b: { type: 'point' }, poseB: { position: [0, 0, 0], quaternion: [0, 0, 0, 1] } },
        // Two spheres whose centres are 1 apart with radii 1 and 0.5: depth 0.5.
        { id: 'spheres', a: { type: 'sphere', radius: 1 }, poseA: { position: [0, 0, 0], quaternion: [0, 0, 0, 1] },
          b: { type: 'sphere', radius: 0.5 }, poseB: { position: [0, 1, 0], quaternion: [0, 0, 0, 1] } },
      ],
    };
    await page.locator('#file-input').setInputFiles({ name: 'pairs.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    await expect.poll(() => page.locator('#pair-info').textContent(), POLL).toMatch(/^Pair 1 of 3: cubes-gap/);
    expect(await page.locator('#b-kind').inputValue()).toBe('box');
    expect(await separationShown()).toBeCloseTo(0.5, 9);
    await page.locator('#pair-next').click();
    expect(await page.locator('#file-error').textContent()).toMatch(/pairs\[1\]\.a.*radius/);
    await page.locator('#pair-next').click();
    await expect.poll(() => page.locator('#pair-info').textContent(), POLL).toMatch(/^Pair 3 of 3: spheres/);
    expect(await page.locator('#file-error').isHidden()).toBe(true);
    expect(await separationShown()).toBeCloseTo(-0.5, 9);
    // Back to the default scene for the screenshot.
    await page.locator('#reset-scene').click();
    await expect.poll(separationShown, POLL).toBeCloseTo(0.25, 9);
    expect(pageErrors).toEqual([]);
  }, TIMEOUT);

  it('draws both shapes (the screenshot is not a blank canvas)', async () => {
    // Show GJK's first step in the difference view, the most telling picture for the README.
    await page.locator('#step-first').click();
    await page.waitForFunction(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))));
    const resultsDir = join(ROOT, 'test-results');
    mkdirSync(resultsDir, { recursive: true });
    await page.screenshot({ path: join(resultsDir, 'explorer.png') });

    // Decode the world view's own pixels in the page and count what is on them.
    const png = await page.locator('#world-view canvas').screenshot();
    const stats = await page.evaluate(async (base64) => {
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
      let orange = 0, blue = 0;
      for (let i = 0; i < data.length; i += 4) {
        const r = data[i], g = data[i + 1], b = data[i + 2];
        colours.add(((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3));
        if (r > 120 && r > b + 60 && r > g + 20) orange++; // shape A's colour, lit
        if (b > 120 && b > r + 50) blue++; // shape B's colour, lit
      }
      const pixels = data.length / 4;
      return { colours: colours.size, orange: orange / pixels, blue: blue / pixels };
    }, png.toString('base64'));
    expect(stats.colours).toBeGreaterThan(100);
    expect(stats.orange).toBeGreaterThan(0.01);
    expect(stats.blue).toBeGreaterThan(0.005);
    expect(pageErrors).toEqual([]);

    if (process.env.UPDATE_EXPLORER_SCREENSHOT) {
      // The README's picture, multisampled (the page skips that under software WebGL unless asked).
      await page.goto(`${url}?antialias=1#pair`);
      await page.locator('body[data-ready="true"]').waitFor({ timeout: 60_000 });
      await page.locator('#step-first').click();
      await page.waitForFunction(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))));
      await page.screenshot({ path: join(ROOT, 'docs', 'explorer.png') });
    }
  }, TIMEOUT);
});
