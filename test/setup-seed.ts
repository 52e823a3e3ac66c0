/**
 * Property tests run on a fixed seed by default, so `npm test` (and CI) gives the same verdict on the same
 * code: a random seed made CI fail on old, rare cases that no change of the day had touched. To explore new
 * cases, run `FC_SEED=random npm test` (or FC_SEED=<n> to replay one); every counterexample becomes a
 * golden test. A test names its own seed through test/runs.ts's `seed`, which FC_SEED overrides too.
 */
import fc from 'fast-check';
import { runs } from './runs.js';

const chosen = process.env.FC_SEED;
// fast-check's default of 100 cases, times FC_STRESS (runs.ts), for the properties that name no count.
fc.configureGlobal({ numRuns: runs(100), ...(chosen === 'random' ? {} : { seed: chosen === undefined ? 20261126 : Number(chosen) }) });

