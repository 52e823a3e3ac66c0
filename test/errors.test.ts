/**
 * Error names: each error's `name` is its class's exported name, whatever the class is called at run time
 * (a minifier renames classes: the explorer's build printed "ag: …" before names came from the codes).
 */
import { expect, it } from 'vitest';
import * as lib from '../src/index.js';

it('every error class names itself by its exported name, and keeps it when the class is renamed', () => {
  const classes = Object.entries(lib).filter(([name, v]) => typeof v === 'function' && /Error$/.test(name) && name !== 'CollisionError');
  expect(classes.length).toBe(9);
  for (const [name, cls] of classes) {
    const Ctor = cls as new (...args: unknown[]) => lib.CollisionError;
    const e = new Ctor('field', 'a message');
    expect(e.name).toBe(name);
    expect(e).toBeInstanceOf(lib.CollisionError);
    // A minified build: the same class under another name.
    const Renamed = { ag: class extends Ctor {} }.ag;
    expect(Renamed.name).toBe('ag');
    expect(new Renamed('field', 'a message').name).toBe(name);
  }
});
