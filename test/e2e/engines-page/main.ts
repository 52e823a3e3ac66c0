/** The page of test/e2e/engines.e2e.ts: the seeded mix of answers (mix.ts), as this browser computes them. */
import * as D3 from 'convex-collide';
import * as D2 from 'convex-collide/2d';
import { answerMix } from './mix.js';

declare global {
  interface Window { runMix(count: number): string[] }
}
window.runMix = (count) => answerMix(count, D3, D2);
document.body.dataset.ready = 'true';
