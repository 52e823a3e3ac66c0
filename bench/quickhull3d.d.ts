// quickhull3d's package entry does not load under Node ESM, so the benchmarks import its bundled
// build directly; that file ships without types. Its default export is `qh(points, options)`.
declare module 'quickhull3d/dist/quickhull3d.js' {
  export default function qh(points: number[][], options?: { skipTriangulation?: boolean }): number[][];
}
