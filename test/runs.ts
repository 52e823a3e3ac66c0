/**
 * How many cases a property test runs: its own count in `npm test`, FC_STRESS times that under
 * `npm run test:stress` (FC_STRESS=10). Either mode runs the fixed seed unless FC_SEED=random
 * (test/setup-seed.ts).
 */
const factor = process.env.FC_STRESS === undefined ? 1 : Number(process.env.FC_STRESS);
if (!(Number.isInteger(factor) && factor >= 1)) throw new Error(`FC_STRESS must be a whole number of at least 1, not '${process.env.FC_STRESS}'`);

/** `n` cases, times FC_STRESS. */
export function runs(n: number): number {
  return n * factor;
}
