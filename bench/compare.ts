/**
 * Diffs two `npm run bench -- --json` outputs, row by row (STYLE §10: attach this to any pull
 * request that touches query/ or broadphase/).
 *
 *   node --import tsx bench/compare.ts <base.json> <head.json>
 *   npm run bench -- --json /tmp/base.json     # on the base checkout, then on the head checkout:
 *   npm run bench -- --json /tmp/head.json && node --import tsx bench/compare.ts /tmp/base.json /tmp/head.json
 *
 * Prints the median time of each row in both files, the ratio head ÷ base (< 1: head is faster),
 * and allocation and accuracy changes. Timing differences within the runs' own min–max spread are
 * marked "~" (noise); the machine line of each file is printed so that mismatched machines show.
 */
import { readFileSync } from 'node:fs';

interface JsonRow {
  group: string;
  lib: string;
  timing: { nsMedian: number; nsMin: number; nsMax: number; bytesPerQuery: number | null };
  accuracy: { agree?: number; within1e6?: number; within1e3?: number } | null;
}
interface JsonFile { machine: Record<string, string>; rows: JsonRow[] }

function load(path: string): JsonFile {
  return JSON.parse(readFileSync(path, 'utf8')) as JsonFile;
}

function share(a: JsonRow['accuracy']): string {
  if (!a) return '';
  if (a.agree !== undefined) return `${(100 * a.agree).toFixed(2)} %`;
  return a.within1e6 !== undefined ? `${(100 * a.within1e6).toFixed(2)} %` : '';
}

function main(): void {
  const [basePath, headPath] = process.argv.slice(2);
  if (!basePath || !headPath) {
    process.stderr.write('usage: node --import tsx bench/compare.ts <base.json> <head.json>\n');
    process.exit(2);
  }
  const base = load(basePath), head = load(headPath);
  const key = (r: JsonRow): string => `${r.group} | ${r.lib}`;
  const baseRows = new Map(base.rows.map((r) => [key(r), r]));
  const lines = [
    `base: ${base.machine.cpu}, Node ${base.machine.node}, ${base.machine.date}`,
    `head: ${head.machine.cpu}, Node ${head.machine.node}, ${head.machine.date}`,
    '',
    '| group | library | base ns | head ns | head ÷ base | base B | head B | accuracy base → head |',
    '|---|---|--:|--:|--:|--:|--:|---|',
  ];
  for (const h of head.rows) {
    const b = baseRows.get(key(h));
    if (!b) {
      lines.push(`| ${h.group} | ${h.lib} | — | ${h.timing.nsMedian.toFixed(0)} | new | — | ${h.timing.bytesPerQuery?.toFixed(0) ?? 'n/a'} | ${share(h.accuracy)} |`);
      continue;
    }
    const ratio = h.timing.nsMedian / b.timing.nsMedian;
    const overlap = h.timing.nsMin <= b.timing.nsMax && b.timing.nsMin <= h.timing.nsMax;
    lines.push(`| ${h.group} | ${h.lib} | ${b.timing.nsMedian.toFixed(0)} | ${h.timing.nsMedian.toFixed(0)} | ${overlap ? '~' : ''}${ratio.toFixed(2)} | ${b.timing.bytesPerQuery?.toFixed(0) ?? 'n/a'} | ${h.timing.bytesPerQuery?.toFixed(0) ?? 'n/a'} | ${share(b.accuracy)} → ${share(h.accuracy)} |`);
  }
  for (const b of base.rows) if (!head.rows.some((h) => key(h) === key(b))) lines.push(`| ${b.group} | ${b.lib} | ${b.timing.nsMedian.toFixed(0)} | — | removed | | | |`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

main();
