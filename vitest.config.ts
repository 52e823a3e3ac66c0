import { defineConfig } from 'vitest/config';
import LongestFirst from './test/sequencer.js';

/** The tests that need a browser: test/e2e/*.e2e.ts, gathered in one file (one build and one Chromium, global-setup.ts). */
const BROWSER = ['test/e2e/browser.test.ts'];
/** Checks of what we build: the type checks, the package as npm would publish it, the API reference. */
const BUILD = ['test/typecheck.test.ts', 'test/package.test.ts', 'test/api-docs.test.ts'];

// `npm test` runs the three projects, the longest files first (test/sequencer.ts); `npm run test:quick` only
// `unit` (no browser, no packing, no type check), for the edit loop. The unit files share
// their workers' module graph (isolate: false): importing the library afresh for each of 70 files cost 30 s.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    // A fixed fast-check seed unless FC_SEED=random (test/setup-seed.ts).
    setupFiles: ['test/setup-seed.ts'],
    // Three workers on two cores: the browser file mostly waits on frames, and the others keep both cores busy.
    maxWorkers: 3,
    sequence: { sequencer: LongestFirst },
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: [...BROWSER, ...BUILD], isolate: false } },
      { extends: true, test: { name: 'build', include: BUILD } },
      { extends: true, test: { name: 'browser', include: BROWSER, globalSetup: ['test/e2e/global-setup.ts'] } },
    ],
  },
});
