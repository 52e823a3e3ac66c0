/**
 * The certified bounds against a pair-query document with references (the conformance suite's pairs.json
 * or compounds.json: `expect.separation`, `expect.scale`, and `expect.exact: false` where a cylinder, cone
 * or ellipsoid is involved). An exact reference must lie within `contact`'s bounds (its distance within
 * `closestPoints`'); an inexact one is a certified interval of its own, which must meet ours: apart,
 * [`expect.lower`, `expect.separation`] (a duality gap); overlapping, `expect.separation` is at most the
 * exact value (a depth found over many directions is at least the true one). Then how many pairs' bounds
 * are within 1e-9 of the size (the larger of `expect.scale` and |separation|, the conformance checker's),
 * the widest listed. The file is given: the project's tests do not read it.
 *
 *   node --import tsx bench/bounds-held-out.ts ../shared/conformance/pairs.json [more.json …]
 */
import { readFileSync } from 'node:fs';
import { closestPoints, contact } from '../src/index.js';
import { readPairQuery } from '../src/format/index.js';

interface Expect { separation?: number; scale?: number; exact?: boolean; lower?: number }
const files = process.argv.slice(2);
if (files.length === 0) { console.error('usage: bench/bounds-held-out.ts FILE.json [...]'); process.exit(2); }
for (const file of files) {
  const json = JSON.parse(readFileSync(file, 'utf8')) as { pairs: { id: string; expect?: Expect }[] };
  const expected = new Map(json.pairs.map((p) => [String(p.id), p.expect]));
  let n = 0, held = 0, tight = 0;
  const wide: string[] = [], broken: string[] = [];
  for (const entry of readPairQuery(json).entries) {
    if (!('a' in entry)) continue;
    const e = expected.get(String(entry.id));
    if (e === undefined || typeof e.separation !== 'number') continue;
    n++;
    const s = e.separation, size = Math.max(e.scale ?? 1, Math.abs(s));
    const c = contact(entry.a, entry.poseA, entry.b, entry.poseB), q = closestPoints(entry.a, entry.poseA, entry.b, entry.poseB);
    // The reference's own interval: the exact value where exact; else as the header says.
    const lo = e.exact !== false ? s : s > 0 ? (e.lower ?? -Infinity) : s, hi = e.exact !== false || s > 0 ? s : Infinity;
    const dLo = Math.max(lo, 0), dHi = Math.max(hi, 0);
    if (c.lower <= hi && lo <= c.upper && q.lower <= dHi && dLo <= q.upper) held++;
    else broken.push(`${entry.id}: reference [${lo}, ${hi}] against [${c.lower}, ${c.upper}], distance [${q.lower}, ${q.upper}]`);
    const width = Math.max(c.upper - c.lower, q.upper - q.lower) / size;
    if (width <= 1e-9) tight++; else wide.push(`${entry.id}: ${width.toExponential(2)} of the size`);
  }
  console.log(`${file}: ${n} pairs with a reference; consistent with it ${held}; within 1e-9 of the size ${tight} (${(100 * tight / Math.max(n, 1)).toFixed(1)} %)`);
  for (const line of broken.slice(0, 10)) console.log(`  not held: ${line}`);
  for (const line of wide.slice(0, 10)) console.log(`  wide: ${line}`);
}
