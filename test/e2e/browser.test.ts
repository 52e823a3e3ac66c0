/**
 * The browser tests, one file of them so that they run one after another in one worker while the other
 * tests use the cores: their pages draw in software WebGL, and three at once drew at a few frames a second.
 * global-setup.ts builds and serves the explorer and launches Chromium once for all of them; each suite
 * opens its own browser context (explorer-page.ts).
 */
import './explorer.e2e.js';
import './explorer-world.e2e.js';
import './explorer-concave.e2e.js';
import './explorer-casts.e2e.js';
import './explorer-2d.e2e.js';
import './explorer-decompose.e2e.js';
import './threads-browser.e2e.js';
import './engines.e2e.js';
