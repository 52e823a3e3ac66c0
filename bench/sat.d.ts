// sat (SAT.js) ships no types; the benchmark uses this much of it.
declare module 'sat' {
  class Vector { constructor(x?: number, y?: number); x: number; y: number }
  class Polygon { constructor(pos?: Vector, points?: Vector[]); setAngle(angle: number): Polygon; pos: Vector }
  class Circle { constructor(pos?: Vector, r?: number); pos: Vector; r: number }
  class Response { overlap: number; overlapN: Vector; clear(): Response }
  function testPolygonPolygon(a: Polygon, b: Polygon, response?: Response): boolean;
  function testCircleCircle(a: Circle, b: Circle, response?: Response): boolean;
  const SAT: { Vector: typeof Vector; Polygon: typeof Polygon; Circle: typeof Circle; Response: typeof Response; testPolygonPolygon: typeof testPolygonPolygon; testCircleCircle: typeof testCircleCircle };
  export default SAT;
}
