/**
 * The order in which vitest starts the test files: the longest first, so that no long file starts last
 * and runs alone while the other cores idle ("longest processing time first"). The list is kept by hand from
 * a run's timings on a 2-core machine (the browser file waits on frames for about a minute and a half; the
 * others spawn compilers, packers and probes); every other file follows in vitest's own order.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONGEST = [
  'test/e2e/browser.test.ts', 'test/allocation.test.ts', 'test/api-docs.test.ts', 'test/package.test.ts', 'test/readme.test.ts',
  'test/cli/jsonl.test.ts', 'test/typecheck.test.ts', 'test/bench/pools.test.ts', 'test/world/world-allocation.test.ts', 'test/query/mesh.test.ts',
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification): number => {
      const at = LONGEST.findIndex((path) => file.moduleId.endsWith(path));
      return at < 0 ? LONGEST.length : at;
    };
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
