export { buildHull, buildHullFromCoords, HULL_TOLERANCE_FACTOR } from './quickhull.js';
export type { BuildHullOptions, Hull, HullDimension } from './quickhull.js';
export { validateHull } from './validate-hull.js';
export type { HullValidation, ValidateHullOptions } from './validate-hull.js';
