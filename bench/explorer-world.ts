/**
 * The explorer's collision-world scene in a headless Chromium: the `update()` time the page itself measures
 * (explorer/world-scene.ts times each `CollisionWorld.update()` with performance.now() and keeps a smoothed
 * mean of about the last 20 frames in `#world-status`'s data-update-ms), read once a second for a while
 * after a warm-up, at each body count asked for; then the scene paused and stepped 300 times in one task,
 * so that no frame is drawn between updates. Issue 32's target: under 1 ms at the page's 400 bodies.
 *
 *   node --import tsx bench/explorer-world.ts [seconds] [count ...]     (default 20 s; 400 and 1,000 bodies)
 *
 * The browser is the one the end-to-end tests use (test/e2e/find-chromium.ts: npm's headless Chromium with
 * SwiftShader, so the page's drawing also runs on the CPU, beside the update: on this 2-core machine the
 * figure is an upper bound on a desktop browser's). Not part of `npm run bench`: it builds the explorer and
 * starts a browser.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { findChromium } from '../test/e2e/find-chromium.js';
import { freePort } from '../test/e2e/global-setup.js';

const CONFIG = fileURLToPath(new URL('../explorer/vite.config.ts', import.meta.url));
const WARM_SECONDS = 5;
/** Steps taken in one task at the end, paused (the smoothed mean then covers only these). */
const BACK_TO_BACK = 300;

const args = process.argv.slice(2).map(Number);
if (args.some((n) => !Number.isFinite(n) || n <= 0)) throw new Error('explorer-world: arguments are [seconds] [count ...], positive numbers');
const seconds = args[0] ?? 20;
const counts = args.length > 1 ? args.slice(1) : [400, 1000];

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const outDir = mkdtempSync(join(tmpdir(), 'explorer-bench-'));
const [found] = await Promise.all([
  findChromium(),
  build({ configFile: CONFIG, logLevel: 'warn', build: { outDir, emptyOutDir: true } }),
]);
const port = await freePort();
const server = await preview({ configFile: CONFIG, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port, strictPort: true, open: false } });
const browser = await chromium.launch({ executablePath: found.executablePath, args: found.args, env: found.env, headless: true });
try {
  console.log(`| bodies | update() while drawing, median of ${seconds} readings, ms | min–max | steps | update(), ${BACK_TO_BACK} steps back to back, ms |`);
  console.log('|--:|--:|--:|--:|--:|');
  for (const count of counts) {
    const context = await browser.newContext({ viewport: { width: 960, height: 600 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}/#world?n=${count}`);
    await page.locator('body[data-ready="true"]').waitFor({ timeout: 60_000 });
    const read = (): Promise<{ ms: number; steps: number; bodies: number }> => page.evaluate(() => {
      const d = document.getElementById('world-status')!.dataset;
      return { ms: Number(d.updateMs), steps: Number(d.steps), bodies: Number(d.bodies) };
    });
    await page.waitForTimeout(WARM_SECONDS * 1000);
    const readings: number[] = [];
    let last = await read();
    for (let s = 0; s < seconds; s++) {
      await page.waitForTimeout(1000);
      last = await read();
      readings.push(last.ms);
    }
    if (last.bodies !== count + 1) throw new Error(`explorer-world: the page made ${last.bodies} bodies for count ${count} (URL not read?)`);
    const lo = Math.min(...readings), hi = Math.max(...readings);
    // Paused, then stepped in one task: no frame is drawn between the updates (the page's own smoothed mean).
    const backToBack = await page.evaluate((steps) => {
      const scene = (window as unknown as { explorer: { worldScene: { stepOnce(): void } } }).explorer.worldScene;
      for (let k = 0; k < steps; k++) scene.stepOnce();
      return Number(document.getElementById('world-status')!.dataset.updateMs);
    }, BACK_TO_BACK);
    console.log(`| ${count} moving, 1 static | ${median(readings).toFixed(3)} | ${lo.toFixed(3)}–${hi.toFixed(3)} | ${last.steps} | ${backToBack.toFixed(3)} |`);
    await context.close();
  }
} finally {
  await browser.close();
  await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  rmSync(outDir, { recursive: true, force: true });
}
