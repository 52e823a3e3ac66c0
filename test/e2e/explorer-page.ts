/**
 * Opens the explorer for an end-to-end test: a fresh browser context in the shared headless Chromium, on
 * the shared explorer build (both made once by global-setup.ts). `close` closes the context.
 */
import { chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export interface ExplorerPage {
  page: Page;
  url: string;
  /** Uncaught page errors and console errors, as they happen. */
  errors: string[];
  close(): Promise<void>;
}

/** A laptop's window, for the tests that drag by pixel offsets tuned to it. */
export const LARGE = { width: 1400, height: 820 };
/**
 * The default window: half the pixels of LARGE. SwiftShader draws every frame on the CPU (about a core and a
 * half while a scene runs), and the pixels are most of that cost; the layout is the same.
 */
export const SMALL = { width: 960, height: 600 };

/**
 * Opens the explorer in a context of its own and waits until its first answer is on screen. `hash` picks
 * the scene: the page opens on the collision world, and the pair explorer (what most tests drive) is `#pair`.
 */
export async function openExplorer(timeout: number, hash = '#pair', viewport = SMALL): Promise<ExplorerPage> {
  const browser = await chromium.connect(inject('chromiumEndpoint'), { timeout });
  try {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
    });
    const url = inject('explorerUrl');
    await page.goto(url + hash);
    await page.locator('body[data-ready="true"]').waitFor({ timeout: 60_000 });
    return { page, url, errors, close: () => browser.close() };
  } catch (e) {
    await browser.close();
    throw e;
  }
}

/** Resolves after the page has drawn two more frames. */
export async function nextFrames(page: Page): Promise<void> {
  await page.waitForFunction(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))));
}
