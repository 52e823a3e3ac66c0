/**
 * examples/arm: gradient steps on the summed penetration push a chain of capsules out of its obstacles.
 * The chain rule's gradient against central differences of the cost itself; the cost never increasing
 * and reaching 0; the final poses clear of every obstacle by the margin, checked by `contact` directly.
 */
import { describe, expect, it } from 'vitest';
import { Arm, defaultObstacles } from '../../examples/arm/arm.js';
import { contact } from '../../src/index.js';

describe('examples/arm', () => {
  it('its gradient is the cost\'s central differences', () => {
    for (const angles of [undefined, [0.5, -0.3, 0.8, 0.1, -0.4, 0.6]]) {
      const arm = new Arm(defaultObstacles(), { angles });
      expect(arm.cost).toBeGreaterThan(0.1);
      arm.evaluate(arm.angles);
      const g = arm.gradient(new Float64Array(arm.links)), h = 1e-6;
      for (let k = 0; k < arm.links; k++) {
        const plus = Float64Array.from(arm.angles), minus = Float64Array.from(arm.angles);
        plus[k] += h; minus[k] -= h;
        const fd = (arm.evaluate(plus) - arm.evaluate(minus)) / (2 * h);
        expect(Math.abs(g[k] - fd), `joint ${k}`).toBeLessThan(1e-5 * Math.max(1, Math.abs(fd)));
      }
    }
  });

  it('small steps take it out of every obstacle, the cost never rising', () => {
    const arm = new Arm(defaultObstacles());
    let last = arm.cost;
    for (let k = 0; k < 400 && arm.cost > 0; k++) {
      arm.step(0.02);
      expect(arm.cost).toBeLessThanOrEqual(last);
      last = arm.cost;
    }
    expect(arm.cost).toBe(0);
    expect(arm.steps).toBeGreaterThan(10);
    // Every link clear of every obstacle by the margin, by contact itself.
    for (let j = 0; j < arm.links; j++) {
      const p = arm.linkPose(j), pose = { position: { x: p[0], y: p[1], z: p[2] }, quaternion: { x: p[3], y: p[4], z: p[5], w: p[6] } };
      for (const o of arm.obstacles) expect(contact(o.shape, o, arm.shape, pose).separation).toBeGreaterThanOrEqual(arm.margin - 1e-12);
    }
  });
});
