/**
 * A test page built by Vite as a user's app would be (a root with an index.html, the library aliased to its
 * sources), served, and opened in the shared headless Chromium (global-setup.ts), for the browser tests
 * that compare a page's answers with this process's (threads-browser.e2e.ts, engines.e2e.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { build, preview, type InlineConfig } from 'vite';
import { inject } from 'vitest';
import { freePort } from './global-setup.js';

/** Undone in reverse order by the suite's afterAll. */
export type Cleanups = (() => Promise<void> | void)[];

/** Builds the page of `config` into a fresh directory (removed by the cleanups); returns the directory. */
export async function buildPage(config: InlineConfig, cleanups: Cleanups): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'test-page-'));
  cleanups.push(() => rmSync(outDir, { recursive: true, force: true }));
  await build({ ...config, build: { ...config.build, outDir, emptyOutDir: true } });
  return outDir;
}

/**
 * Serves the built page (with `headers`) and opens it in a context of its own of the shared browser, once
 * its body says data-ready; `errors` collects the page's uncaught errors and console errors as they happen.
 */
export async function openPage(config: InlineConfig, outDir: string, cleanups: Cleanups, headers: Record<string, string> = {}): Promise<{ page: Page; errors: string[] }> {
  const port = await freePort();
  const server = await preview({ ...config, build: { outDir }, preview: { host: '127.0.0.1', port, strictPort: true, open: false, headers } });
  cleanups.push(() => server.close());
  const browser = await chromium.connect(inject('chromiumEndpoint'));
  cleanups.push(() => browser.close());
  const page = await (await browser.newContext()).newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.locator('body[data-ready="true"]').waitFor({ state: 'attached', timeout: 60_000 });
  return { page, errors };
}
