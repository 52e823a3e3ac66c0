/**
 * `decomposeInWorker` (convex-collide/threads) against `decomposeToHulls` on this thread: the same bits;
 * progress arrives on this thread; an abort rejects with the signal's reason at once (the busy worker
 * terminated); bad input rejects with the same typed error before a worker starts. (From the sources the
 * worker loads decompose-worker.ts through tsx; the packed library's .js worker is run by test/package.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { decomposeToHulls, InvalidArgumentError, InvalidShapeError } from '../../src/index.js';
import { decomposeInWorker } from '../../src/threads/index.js';
import { box, torus, uBlock } from '../decompose/meshes.js';

const bits = (hulls: Float64Array[]): number[][] => hulls.map((h) => Array.from(h));

describe('decomposeInWorker', () => {
  it('answers the same bits as this thread, with progress, two at once', async () => {
    const seen: number[] = [];
    const [a, b] = await Promise.all([decomposeInWorker(torus(), { onProgress: (f) => seen.push(f) }), decomposeInWorker(uBlock(), { effort: 'fast' })]);
    expect(bits(a.hulls)).toEqual(bits(decomposeToHulls(torus()).hulls));
    expect(bits(b.hulls)).toEqual(bits(decomposeToHulls(uBlock(), { effort: 'fast' }).hulls));
    expect(a.concavity).toBe(decomposeToHulls(torus()).concavity);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)).toBe(1);
  }, 30_000);

  it('an abort rejects with its reason at once, before or during the work', async () => {
    const before = new AbortController();
    before.abort(new Error('not wanted'));
    await expect(decomposeInWorker(torus(), { signal: before.signal })).rejects.toThrow('not wanted');
    const during = new AbortController();
    const t0 = performance.now();
    const run = decomposeInWorker(torus(), { signal: during.signal, onProgress: () => during.abort() });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    // (The whole torus takes about a second on one thread; the abort comes at the first cut's progress.)
    expect(performance.now() - t0).toBeLessThan(20_000);
  }, 30_000);

  it('bad input rejects with the typed error of decomposeToHulls', async () => {
    const m = box();
    await expect(decomposeInWorker({ positions: m.positions, indices: m.indices.slice(3) })).rejects.toThrow(InvalidShapeError);
    await expect(decomposeInWorker(m, { maxParts: 0 })).rejects.toThrow(InvalidArgumentError);
    await expect(decomposeInWorker(m, { maxParts: 0 })).rejects.toThrow(/options.maxParts/);
  });
});
