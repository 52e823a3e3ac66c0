/**
 * Opens the explorer for an end-to-end test: builds it with Vite into a temporary directory, serves the
 * build on a free localhost port, and loads it in a headless Chromium (find-chromium.ts) through
 * playwright-core, with a fresh profile. `close` undoes all of it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { build, preview } from 'vite';
import { findChromium } from './find-chromium.js';

const CONFIG = fileURLToPath(new URL('../../explorer/vite.config.ts', import.meta.url));

export interface ExplorerPage {
  page: Page;
  url: string;
  /** Uncaught page errors and console errors, as they happen. */
  errors: string[];
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Builds, serves and opens the explorer, and waits until its first answer is on screen. `hash` picks the
 * scene: the page opens on the collision world, and the pair explorer (what most tests drive) is `#pair`.
 */
export async function openExplorer(timeout: number, hash = '#pair'): Promise<ExplorerPage> {
  const browser = await findChromium();
  const outDir = mkdtempSync(join(tmpdir(), 'explorer-build-'));
  const profileDir = mkdtempSync(join(tmpdir(), 'explorer-chromium-'));
  const cleanups: (() => Promise<void> | void)[] = [() => {
    for (const dir of [outDir, profileDir]) rmSync(dir, { recursive: true, force: true });
  }];
  const close = async (): Promise<void> => {
    for (const f of cleanups.reverse()) await f();
  };
  try {
    await build({ configFile: CONFIG, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    const port = await freePort();
    const server = await preview({
      configFile: CONFIG,
      logLevel: 'warn',
      build: { outDir },
      preview: { host: '127.0.0.1', port, strictPort: true, open: false },
    });
    cleanups.push(() => server.close());
    // A persistent context is how playwright takes an explicit, fresh --user-data-dir.
    const context = await chromium.launchPersistentContext(profileDir, {
      executablePath: browser.executablePath,
      args: browser.args,
      env: browser.env,
      headless: true,
      timeout,
      viewport: { width: 1400, height: 820 },
      deviceScaleFactor: 1,
    }).catch((e: unknown) => {
      throw new Error(`Could not launch ${browser.description}: ${e instanceof Error ? e.message : String(e)}`);
    });
    cleanups.push(() => context.close());
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(30_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
    });
    const url = `http://127.0.0.1:${port}/`;
    await page.goto(url + hash);
    await page.locator('body[data-ready="true"]').waitFor({ timeout: 60_000 });
    return { page, url, errors, close };
  } catch (e) {
    await close();
    throw e;
  }
}

/** Resolves after the page has drawn two more frames. */
export async function nextFrames(page: Page): Promise<void> {
  await page.waitForFunction(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))));
}
