/**
 * The manifold's pair table (dispatch.ts's PairTable, as every query family has one): a specialised
 * function per pair of kinds where one pays, registered in canonical order, the reversed pair served by
 * the swap wrapper; every other pair of convex kinds answers GENERAL, and the contact query's own table
 * finds its contact. A pair function writes the pair's contact into `work.contact` (world space, normal
 * from A to B) and returns NEAR, or FAR when the pair is farther apart than `work.maxSeparation`, or
 * GENERAL. Feature ids need no swapping here: the features are found afterwards, in the caller's order.
 */
import type { Transform } from '../../math/transform.js';
import type { Shape } from '../../shapes/shape.js';
import { PairTable } from '../pair/dispatch.js';
import type { QueryWork } from '../pair/query-work.js';
import { collideBoxBox, GENERAL, NEAR } from './manifold-box-box.js';
import { collideSphereSphere } from './manifold-sphere-sphere.js';

export type ManifoldPairFunction = (work: QueryWork, a: Shape, tA: Transform, b: Shape, tB: Transform) => number;

const general: ManifoldPairFunction = () => GENERAL;

/** The function for (B, A) made one for (A, B): swap the inputs, then the contact's points and normal. */
const swapManifold = (fn: ManifoldPairFunction): ManifoldPairFunction => (work, a, tA, b, tB) => {
  const route = fn(work, b, tB, a, tA);
  if (route === NEAR) {
    const c = work.contact;
    const x = c.pointA.x, y = c.pointA.y, z = c.pointA.z;
    c.pointA.x = c.pointB.x; c.pointA.y = c.pointB.y; c.pointA.z = c.pointB.z;
    c.pointB.x = x; c.pointB.y = y; c.pointB.z = z;
    c.normal.x = -c.normal.x; c.normal.y = -c.normal.y; c.normal.z = -c.normal.z;
  }
  return route;
};

/** Specialised functions call no user code: no guard (the general route's contact query guards its own). */
const unguarded = (fn: ManifoldPairFunction): ManifoldPairFunction => fn;

export const MANIFOLD = /* @__PURE__ */ (() => {
  const table = new PairTable<ManifoldPairFunction>('contactManifold', general, swapManifold, unguarded);
  table.register('sphere', 'sphere', collideSphereSphere as ManifoldPairFunction);
  table.register('box', 'box', collideBoxBox as ManifoldPairFunction);
  return table;
})();
