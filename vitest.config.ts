import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/sequencer.js';

/** The tests that need a browser: test/e2e/*.e2e.ts, gathered in one file (one build and one Chromium, global-setup.ts). */
const BROWSER = ['test/e2e/browser.test.ts'];
/**
 * What `npm run test:quick` leaves out: the checks of what we build (the type checks, the package, the API
 * reference, the README, the public API), the V8 probes (allocation, deoptimisation) and the benchmark pools'
 * facts. None of them tests a query's answers.
 */
const SLOW = [
  'test/typecheck.test.ts', 'test/package.test.ts', 'test/api-docs.test.ts', 'test/readme.test.ts', 'test/public-api.test.ts',
  'test/allocation.test.ts', 'test/world/world-allocation.test.ts', 'test/deopt.test.ts', 'test/bench/pools.test.ts',
];

// `npm test` runs both projects, the longest files first (test/sequencer.ts). `npm run test:quick`
// (`--mode quick`) runs the unit project less SLOW, for the edit loop; `npm run test:stress` (`--mode stress`)
// the same files with ten times the property cases, then the hull fuzzer for a minute. The unit files run in
// worker threads that keep their module graph from file to file (isolate: false): importing the library
// afresh for each of 70 files cost 30 s, and forked workers 9 s more than threads.
export default defineConfig(({ mode }) => {
  const lean = mode === 'quick' || mode === 'stress', stress = mode === 'stress';
  return {
    // The package's own name, as examples/ import it (a user's code), pointed at the sources (tsconfig.json's paths).
    resolve: {
      alias: [
        { find: /^convex-collide$/, replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)) },
        { find: /^convex-collide\/(format|threads|2d)$/, replacement: fileURLToPath(new URL('./src/$1/index.ts', import.meta.url)) },
      ],
    },
    test: {
      // Under `npm run test:stress` (`--mode stress`) the properties run ten times their cases (test/runs.ts).
      env: stress ? { FC_STRESS: process.env.FC_STRESS ?? '10' } : {},
      testTimeout: stress ? 600_000 : 60_000,
      // A fixed fast-check seed unless FC_SEED=random (test/setup-seed.ts).
      setupFiles: ['test/setup-seed.ts'],
      // Three workers on two cores: the browser file mostly waits on frames, and the others keep both cores busy.
      maxWorkers: 3,
      sequence: { sequencer: LongestFirst },
      projects: [
        // (The timeout again here: the projects did not take the root's, and a stress run's ten-times-longer
        // property ran into 60 s.)
        { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: lean ? [...BROWSER, ...SLOW] : BROWSER, isolate: false, pool: 'threads', testTimeout: stress ? 600_000 : 60_000 } },
        ...(lean ? [] : [{ extends: true, test: { name: 'browser', include: BROWSER, globalSetup: ['test/e2e/global-setup.ts'] } }]),
      ],
    },
  };
});
