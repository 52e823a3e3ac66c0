export { buildHull, buildHullFromCoords, HULL_TOLERANCE_FACTOR } from './build-hull.js';
export type { BuildHullOptions, Hull, HullDimension } from './build-hull.js';
export { validateHull } from './validate-hull.js';
export type { HullValidation, ValidateHullOptions } from './validate-hull.js';
