/**
 * End-to-end test of the explorer's page for the plane (explorer/2d.html, plane/main2d.ts) in a headless
 * Chromium: it opens on the worked example (a triangle against a quadrilateral, 1.7179 apart) with the
 * library's own answer, replays GJK step by step ending at that distance, and follows a pose typed in:
 * after each change the separation shown is the one `contact` gives in this process for the same shapes and
 * poses (read back from the page), and the trace's last step is GJK's distance of the cores. Its world of
 * many bodies, paused at a step, shows the touching pairs of the same world built in this process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Box2, Capsule2, Circle, CollisionWorld2, contact, Polygon, type Pose2Like } from '../../src/2d/index.js';
import { driftScene, KIND_CORES, KIND_COUNT, poseAt } from '../../explorer/plane/drift2d.js';
import { openExplorer, type ExplorerPage } from './explorer-page.js';

const TIMEOUT = 120_000;
const SETUP_TIMEOUT = 120_000;

let explorer: ExplorerPage;
const text = async (selector: string): Promise<string> => (await explorer.page.locator(selector).textContent()) ?? '';

describe('the plane page', () => {
  beforeAll(async () => { explorer = await openExplorer(TIMEOUT, '2d.html'); }, SETUP_TIMEOUT);
  afterAll(async () => { await explorer?.close(); });

  it('opens on the worked example with the library\'s distance, and GJK\'s steps end there', async () => {
    const page = explorer.page;
    const triangle = new Polygon([4, 11, 9, 9, 4, 5]), quad = new Polygon([8, 6, 15, 6, 13, 1, 10, 2]);
    const still: Pose2Like = { position: { x: 0, y: 0 }, angle: 0 };
    const expected = contact(triangle, still, quad, still)!.separation;
    expect(Number(await text('#plane-separation'))).toBeCloseTo(expected, 7);
    expect(expected).toBeCloseTo(11 / Math.sqrt(41), 12);
    const last = await text('#plane-step-label');
    expect(last).toMatch(/^step (\d+) of \1:/);
    expect(Number(/\|v\| = ([\d.e+-]+)/.exec(last)![1])).toBeCloseTo(expected, 7);
    // Back to the first step: one point, farther than the answer; then forward, one at a time, never farther.
    await page.locator('#plane-first').click();
    const first = await text('#plane-step-label');
    expect(first).toMatch(/^step 1 of \d+: a simplex of 1 point,/);
    let previous = Infinity;
    for (;;) {
      const label = await text('#plane-step-label');
      const d = Number(/\|v\| = ([\d.e+-]+)/.exec(label)![1]);
      expect(d).toBeLessThanOrEqual(previous + 1e-12);
      previous = d;
      const [, k, n] = /^step (\d+) of (\d+)/.exec(label)!;
      if (k === n) break;
      await page.locator('#plane-next').click();
    }
    expect(previous).toBeCloseTo(expected, 7);
    expect(explorer.errors).toEqual([]);
  }, TIMEOUT);

  it('follows a shape and a pose typed in: the separation shown is contact\'s for the poses read back', async () => {
    const page = explorer.page;
    await page.locator('#plane-b-kind').selectOption('box');
    for (const [x, y, deg] of [[6, 8, 30], [5.5, 8, 0], [12, 3, -45]] as const) {
      await page.locator('#plane-b-x').fill(String(x));
      await page.locator('#plane-b-y').fill(String(y));
      await page.locator('#plane-b-angle').fill(String(deg));
      const pose: Pose2Like = {
        position: { x: Number(await page.locator('#plane-b-x').inputValue()), y: Number(await page.locator('#plane-b-y').inputValue()) },
        angle: (Number(await page.locator('#plane-b-angle').inputValue()) * Math.PI) / 180,
      };
      const c = contact(new Polygon([4, 11, 9, 9, 4, 5]), { position: { x: 0, y: 0 }, angle: 0 }, new Box2(1, 0.5), pose)!;
      expect(Number(await text('#plane-separation'))).toBeCloseTo(c.separation, 7);
      expect(await text('#plane-intersecting')).toBe(c.separation <= 0 ? 'yes' : 'no');
    }
    expect(explorer.errors).toEqual([]);
  }, TIMEOUT);
});

describe('the plane page\'s many bodies', () => {
  beforeAll(async () => { explorer = await openExplorer(TIMEOUT, '2d.html'); }, SETUP_TIMEOUT);
  afterAll(async () => { await explorer?.close(); });

  it('runs a CollisionWorld2 of drifting bodies: paused at a step, its touching pairs are those of the same world built here', async () => {
    const page = explorer.page;
    await page.locator('#plane-mode-world').click();
    expect(await page.evaluate(() => document.body.dataset.mode)).toBe('world');
    await page.locator('#plane-many-count').selectOption('200');
    await expect.poll(async () => Number(await text('#plane-many-step')), { timeout: 30_000 }).toBeGreaterThan(5);
    await page.locator('#plane-many-pause').click();
    await page.locator('#plane-many-tree').check();
    await page.locator('#plane-many-next').click();
    const step = Number(await text('#plane-many-step'));
    expect(Number(await text('#plane-many-bodies'))).toBe(200);
    expect(await text('#plane-many-time')).toMatch(/^\d+\.\d\d ms$/);
    // The same scene here: a fresh world at that step's poses (its touching set depends on the poses alone).
    const scene = driftScene(200), world = new CollisionWorld2(), pose = { position: { x: 0, y: 0 }, angle: 0 };
    const shapes = [new Box2(0.4, 0.3), new Circle(0.35), new Capsule2(0.3, 0.2), new Polygon(KIND_CORES[3].core as number[])];
    for (let i = 0; i < 200; i++) { poseAt(scene, i, step, pose); world.add(shapes[i % KIND_COUNT], pose); }
    world.update();
    expect(world.contactCount).toBeGreaterThan(20);
    expect(Number(await text('#plane-many-contacts'))).toBe(world.contactCount);
    // Back to two shapes: the pair's answer is shown again.
    await page.locator('#plane-mode-pair').click();
    expect(await page.locator('#plane-separation').isVisible()).toBe(true);
    expect(explorer.errors).toEqual([]);
  }, TIMEOUT);
});
