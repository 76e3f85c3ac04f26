/// <reference types="leaflet-routing-machine" />
// The map imports two modules of leaflet-routing-machine's sources (its router and its route line)
// instead of its browserify bundle, which carries every control and 30 languages of instructions
// (webpack keeps English only: webpack/osrm-text-instructions-en.cjs). Their types are those of
// @types/leaflet-routing-machine.
declare module 'leaflet-routing-machine/src/osrm-v1.js' {
  import type * as L from 'leaflet';
  const OSRMv1: new (options?: L.Routing.OSRMOptions) => L.Routing.IRouter;
  export default OSRMv1;
}

declare module 'leaflet-routing-machine/src/line.js' {
  import type * as L from 'leaflet';
  const Line: new (route: L.Routing.IRoute, options?: L.Routing.LineOptions) => L.Routing.Line;
  export default Line;
}
