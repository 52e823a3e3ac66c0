/**
 * `contact`'s type follows its options (issue "A user's entry point, second pass"): without
 * `options.maxDistance` it never returns null, so it is typed `ContactResult` and needs no `!`; with it,
 * `ContactResult | null`. The `expectTypeOf` lines are checked by the type check (test/typecheck.test.ts);
 * the values here by running.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { Box, contact, GjkCache, Sphere, type ContactOptions, type ContactResult } from '../../src/index.js';
import * as plane from '../../src/2d/index.js';

const at = (x: number) => ({ position: { x, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } });
const at2 = (x: number) => ({ position: { x, y: 0 }, angle: 0 });

describe('contact is typed by its options', () => {
  it('3D: ContactResult without maxDistance, ContactResult | null with it', () => {
    const a = new Sphere(1), b = new Box(1, 1, 1);
    const plain = contact(a, at(0), b, at(5));
    expectTypeOf(plain).toEqualTypeOf<ContactResult>();
    expect(plain.separation).toBeCloseTo(3, 12);
    expectTypeOf(contact(a, at(0), b, at(5), null, { cache: new GjkCache() })).toEqualTypeOf<ContactResult>();
    const limited = contact(a, at(0), b, at(5), null, { maxDistance: 1 });
    expectTypeOf(limited).toEqualTypeOf<ContactResult | null>();
    expect(limited).toBeNull();
    // Options of the declared type (maxDistance possibly set): nullable.
    const options: ContactOptions = {};
    expectTypeOf(contact(a, at(0), b, at(5), null, options)).toEqualTypeOf<ContactResult | null>();
  });

  it('2D: the same', () => {
    const a = new plane.Circle(1), b = new plane.Box2(1, 1);
    const plain = plane.contact(a, at2(0), b, at2(5));
    expectTypeOf(plain).toEqualTypeOf<plane.ContactResult>();
    expect(plain.separation).toBeCloseTo(3, 12);
    const limited = plane.contact(a, at2(0), b, at2(5), null, { maxDistance: 1 });
    expectTypeOf(limited).toEqualTypeOf<plane.ContactResult | null>();
    expect(limited).toBeNull();
  });
});
