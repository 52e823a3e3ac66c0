/**
 * Global setup of the browser tests (the `browser` project of vitest.config.ts): one explorer build, one
 * server for it, and one headless Chromium for every e2e file, each file in a fresh browser context of its
 * own (explorer-page.ts). Each file building and launching its own cost about 10 s of the suite.
 *
 * The browser is find-chromium.ts's (on the first run after `npm install` it extracts the npm Chromium,
 * ~200 MB written, which may take a minute on a slow disk). Everything is undone at teardown.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import type { TestProject } from 'vitest/node';
import { findChromium } from './find-chromium.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The served explorer build, ending in '/'. */
    explorerUrl: string;
    /** The shared Chromium's endpoint, for playwright's `chromium.connect`. */
    chromiumEndpoint: string;
  }
}

const CONFIG = fileURLToPath(new URL('../../explorer/vite.config.ts', import.meta.url));

export async function freePort(): Promise<number> {
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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cleanups: (() => Promise<void> | void)[] = [];
  const teardown = async (): Promise<void> => {
    for (const f of cleanups.reverse()) await f();
  };
  try {
    const outDir = mkdtempSync(join(tmpdir(), 'explorer-build-'));
    cleanups.push(() => rmSync(outDir, { recursive: true, force: true }));
    const [browser] = await Promise.all([
      findChromium(),
      build({ configFile: CONFIG, logLevel: 'warn', build: { outDir, emptyOutDir: true } }),
    ]);
    const port = await freePort();
    const server = await preview({
      configFile: CONFIG, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port, strictPort: true, open: false },
    });
    cleanups.push(() => server.close());
    const chromiumServer = await chromium.launchServer({
      executablePath: browser.executablePath, args: browser.args, env: browser.env, headless: true, timeout: 120_000,
    }).catch((e: unknown) => {
      throw new Error(`Could not launch ${browser.description}: ${e instanceof Error ? e.message : String(e)}`);
    });
    cleanups.push(() => chromiumServer.close());
    project.provide('explorerUrl', `http://127.0.0.1:${port}/`);
    project.provide('chromiumEndpoint', chromiumServer.wsEndpoint());
  } catch (e) {
    await teardown();
    throw e;
  }
  return teardown;
}
