/**
 * The issue's targets, checked against one run's figures (no assertion: it reports).
 *
 *   node --import tsx bench/summary.ts run.json     # from a run saved with npm run bench -- --json run.json
 *
 * run.ts prints the same table at the end of every run.
 *
 * Targets (issue 5): per pairwise query at least 5× faster than rapier's fastest JavaScript path;
 * intersection and distance within 1.5× of the native C figures of POOLS.md; box–box penetration
 * faster than coal's native 1,914 ns; hull building at least 5× faster than quickhull3d.
 * Targets (issue 18): rays and shape casts at least 5× faster than rapier's fastest path, a ray against
 * a box or a sphere under 60 ns, against the 30-point hull under 300 ns, a linear box–box cast under 2 µs;
 * 0 bytes per query throughout.
 */
import { readFileSync } from 'node:fs';

export interface SummaryRow {
  group: string;
  lib: string;
  ours: boolean;
  timing: { nsMedian: number; bytesPerQuery: number | null };
}

/** Native C figures of POOLS.md, ns per query (measured on an AMD EPYC Zen 4 class machine). */
export const NATIVE_NS: Record<string, Array<[string, number]>> = {
  'box–box intersection': [['libccd MPR', 304], ['coal GJK', 389], ['libccd GJK', 514]],
  'box–box distance': [['openGJK', 363], ['coal GJK', 524]],
  'box–box penetration': [['coal GJK+EPA', 1914], ['libccd GJK+EPA', 4250]],
  'hull–hull distance (R = 2)': [['openGJK', 650], ['coal', 1316]],
  'hull–hull intersection (R = 2)': [['libccd GJK', 477]],
};

/** Issue 18's time targets, ns per query. */
export const SWEEP_TARGET_NS: Record<string, number> = {
  'ray–sphere': 60, 'ray–box': 60, 'ray–hull (30 points)': 300, 'box–box linear cast': 2000,
};

/** Ray and shape-cast groups (bench/ray.bench.ts, bench/cast.bench.ts): issue 18's table. */
function isSweep(group: string): boolean {
  return !group.startsWith('2d ') && (group.startsWith('ray–') || group.endsWith(' cast') || group.includes(' cast ('));
}

function fmt(ns: number): string {
  return ns >= 1e6 ? `${(ns / 1e6).toFixed(1)} ms` : Math.round(ns).toLocaleString('en-US');
}

function verdict(ok: boolean): string {
  return ok ? 'met' : '**missed**';
}

export function summarize(rows: SummaryRow[]): string {
  const groups = [...new Set(rows.map((r) => r.group))];
  const out: string[] = [];
  out.push('| query | ours ns | rapier fastest ns (path) | rapier ÷ ours (target ≥ 5) | native C ns | ours ÷ native (target ≤ 1.5) | ours B/query (target 0) |');
  out.push('|---|--:|--:|--:|--:|--:|--:|');
  for (const g of groups) {
    const rs = rows.filter((r) => r.group === g);
    const ours = rs.find((r) => r.ours);
    if (!ours || g.startsWith('hull building') || g.startsWith('support') || g.startsWith('2d ') || isSweep(g)) continue;
    const rapier = rs.filter((r) => r.lib.startsWith('rapier')).sort((a, b) => a.timing.nsMedian - b.timing.nsMedian)[0];
    const ratio = rapier ? rapier.timing.nsMedian / ours.timing.nsMedian : NaN;
    const native = NATIVE_NS[g];
    const nativeBest = native ? Math.min(...native.map((n) => n[1])) : NaN;
    const nativeName = native ? native.find((n) => n[1] === nativeBest)![0] : '';
    const isPen = g === 'box–box penetration';
    const vsNative = native ? ours.timing.nsMedian / nativeBest : NaN;
    const nativeTarget = isPen
      ? `${vsNative.toFixed(1)}× (target: < 1,914 ns: ${verdict(ours.timing.nsMedian < 1914)})`
      : native ? `${vsNative.toFixed(1)}× (${verdict(vsNative <= 1.5)})` : '';
    out.push(`| ${g} | ${fmt(ours.timing.nsMedian)} | ${rapier ? `${fmt(rapier.timing.nsMedian)} (${rapier.lib.replace(/^rapier \((.*)\)$/, '$1')})` : ''} | ${rapier ? `${ratio.toFixed(1)}× (${verdict(ratio >= 5)})` : ''} | ${native ? `${nativeBest.toLocaleString('en-US')} (${nativeName})` : ''} | ${nativeTarget} | ${ours.timing.bytesPerQuery === null ? 'n/a' : Math.round(ours.timing.bytesPerQuery)} (${verdict(ours.timing.bytesPerQuery !== null && ours.timing.bytesPerQuery < 0.5)}) |`);
  }
  if (out.length === 2) out.length = 0; // (no pairwise query in this run)
  const sweeps = groups.filter(isSweep);
  if (sweeps.length) {
    if (out.length) out.push('');
    out.push('| ray or cast | ours ns | target ns | rapier fastest ns (path) | rapier ÷ ours (target ≥ 5) | ours B/query (target 0) |');
    out.push('|---|--:|--:|--:|--:|--:|');
    for (const g of sweeps) {
      const rs = rows.filter((r) => r.group === g);
      const ours = rs.find((r) => r.ours);
      if (!ours) continue;
      const rapier = rs.filter((r) => r.lib.startsWith('rapier')).sort((a, b) => a.timing.nsMedian - b.timing.nsMedian)[0];
      const ratio = rapier ? rapier.timing.nsMedian / ours.timing.nsMedian : NaN;
      const target = SWEEP_TARGET_NS[g];
      const b = ours.timing.bytesPerQuery;
      out.push(`| ${g} | ${fmt(ours.timing.nsMedian)} | ${target ? `${target.toLocaleString('en-US')} (${verdict(ours.timing.nsMedian < target)})` : ''} | ${rapier ? `${fmt(rapier.timing.nsMedian)} (${rapier.lib.replace(/^rapier \((.*)\)$/, '$1')})` : ''} | ${rapier ? `${ratio.toFixed(1)}× (${verdict(ratio >= 5)})` : ''} | ${b === null ? 'n/a' : b < 0.5 ? '0' : b < 10 ? b.toFixed(1).replace(/\.0$/, '') : Math.round(b)} (${verdict(b !== null && b < 0.5)}) |`);
    }
  }
  const planes = groups.filter((g) => g.startsWith('2d '));
  if (planes.length) {
    if (out.length) out.push('');
    out.push('| 2D query | ours ns | planck ns | planck ÷ ours (target ≥ 2) | sat ns | ours B/query (target 0) |');
    out.push('|---|--:|--:|--:|--:|--:|');
    for (const g of planes) {
      const rs = rows.filter((r) => r.group === g);
      const ours = rs.find((r) => r.ours);
      if (!ours) continue;
      const pl = rs.find((r) => r.lib === 'planck'), sat = rs.find((r) => r.lib === 'sat');
      const ratio = pl ? pl.timing.nsMedian / ours.timing.nsMedian : NaN;
      const b = ours.timing.bytesPerQuery;
      out.push(`| ${g.slice(3)} | ${fmt(ours.timing.nsMedian)} | ${pl ? fmt(pl.timing.nsMedian) : ''} | ${pl ? `${ratio.toFixed(1)}× (${verdict(ratio >= 2)})` : ''} | ${sat ? fmt(sat.timing.nsMedian) : ''} | ${b === null ? 'n/a' : b < 0.5 ? '0' : Math.round(b)} (${verdict(b !== null && b < 0.5)}) |`);
    }
  }
  const builds = groups.filter((g) => g.startsWith('hull building'));
  if (builds.length) {
    out.push('');
    out.push('| hull building | ours ms | quickhull3d ms | quickhull3d ÷ ours (target ≥ 5) | three.js ms | rapier ms |');
    out.push('|---|--:|--:|--:|--:|--:|');
    for (const g of builds) {
      const rs = rows.filter((r) => r.group === g);
      const ms = (lib: string): number | undefined => rs.find((r) => r.lib.startsWith(lib))?.timing.nsMedian;
      const o = rs.find((r) => r.ours)?.timing.nsMedian, q = ms('quickhull3d');
      const f = (x: number | undefined): string => (x === undefined ? '' : (x / 1e6).toFixed(2));
      out.push(`| ${g.replace('hull building, ', '')} | ${f(o)} | ${f(q)} | ${o && q ? `${(q / o).toFixed(1)}× (${verdict(q / o >= 5)})` : ''} | ${f(ms('three.js'))} | ${f(ms('rapier'))} |`);
    }
  }
  return out.join('\n');
}

const isMain = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '\0');
if (isMain) {
  const path = process.argv[2] ?? 'bench-results.json';
  const data = JSON.parse(readFileSync(path, 'utf8')) as { rows: SummaryRow[] };
  process.stdout.write(`${summarize(data.rows)}\n`);
}
