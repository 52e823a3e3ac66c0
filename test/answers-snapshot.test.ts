/**
 * Every query's answers, bit for bit, against digests stored before the architecture change of
 * issue 14 (test/snapshot/answers.ts says how they are computed and regenerated). Restructuring the
 * library must not move a single bit of any answer; a change meant to alter answers regenerates the
 * digests in its own commit and says why.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contact } from '../src/index.js';
import { computeAnswerDigests, mixedPairs, MIXED_SIZE } from './snapshot/answers.js';

const stored = JSON.parse(readFileSync(new URL('./snapshot/answers.json', import.meta.url), 'utf8')) as Record<string, Record<string, string[]>>;

describe('answers snapshot', () => {
  it('the mixed pool covers overlapping and separated pairs of every kind', () => {
    const s = mixedPairs();
    let overlapping = 0;
    const kinds = new Set<string>();
    for (let i = 0; i < MIXED_SIZE; i++) {
      if (contact(s.a[i], s.pa[i], s.b[i], s.pb[i])!.separation < 0) overlapping++;
      kinds.add((s.a[i] as { kind?: string }).kind ?? 'custom');
    }
    // 2,009 of 4,000 when the digests were taken; the band keeps the pool from drifting to easy cases.
    expect(overlapping / MIXED_SIZE).toBeGreaterThan(0.4);
    expect(overlapping / MIXED_SIZE).toBeLessThan(0.6);
    expect(kinds.size).toBe(13);
  });

  it('every block of every query on every pool has the stored digest', () => {
    const now = computeAnswerDigests();
    expect(Object.keys(now).sort()).toEqual(Object.keys(stored).sort());
    const changed: string[] = [];
    for (const [pool, queries] of Object.entries(stored)) {
      expect(Object.keys(now[pool]).sort()).toEqual(Object.keys(queries).sort());
      for (const [query, blocks] of Object.entries(queries)) {
        expect(now[pool][query].length).toBe(blocks.length);
        blocks.forEach((digest, k) => {
          if (now[pool][query][k] !== digest) changed.push(`${pool} ${query} block ${k}`);
        });
      }
    }
    expect(changed).toEqual([]);
  });
});
