/**
 * How many cases a property test runs: its own count in `npm test`, FC_STRESS times that under
 * `npm run test:stress` (FC_STRESS=10). Either mode runs the fixed seed unless FC_SEED=random
 * (test/setup-seed.ts; a test names its seed through `seed` below, so that it is dropped then too).
 */
const factor = process.env.FC_STRESS === undefined ? 1 : Number(process.env.FC_STRESS);
if (!(Number.isInteger(factor) && factor >= 1)) throw new Error(`FC_STRESS must be a whole number of at least 1, not '${process.env.FC_STRESS}'`);

/** `n` cases, times FC_STRESS. */
export function runs(n: number): number {
  return n * factor;
}

/**
 * A property's own fixed seed; none under FC_SEED=random (fast-check then draws one and prints it with
 * any failure), and FC_SEED=<n> replays that seed here too.
 */
export function seed(n: number): number | undefined {
  const chosen = process.env.FC_SEED;
  return chosen === undefined ? n : chosen === 'random' ? undefined : Number(chosen);
}
