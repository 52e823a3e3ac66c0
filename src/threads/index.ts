/**
 * convex-collide/threads: batch queries across worker threads (Node's worker_threads, browsers' module
 * Web Workers). A subpath of its own, so that the main entry pulls in no worker code.
 */
export { BatchPool, type BatchPoolOptions } from './batch-pool.js';
export { decomposeInWorker } from './decompose-in-worker.js';
