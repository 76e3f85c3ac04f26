import { Type } from '@fastify/type-provider-typebox';

const bound = Type.String({ maxLength: 32 });

/** The visible bounds of the map (checked by the route: numbers, on the globe, south not above north). */
export const MapPointsQuery = Type.Object({
  south: bound,
  west: bound,
  north: bound,
  east: bound,
  // Which layers, comma-separated: needs, events, skills (all when absent).
  layers: Type.Optional(Type.String({ maxLength: 40 })),
}, { additionalProperties: false });

export const MapPoint = Type.Object({
  kind: Type.Union([Type.Literal('need'), Type.Literal('event'), Type.Literal('skill')]),
  _id: Type.String(),
  title: Type.String(),
  latitude: Type.Number(),
  longitude: Type.Number(),
  url: Type.String(),
});

export const MapPointsAnswer = Type.Object({ success: Type.Boolean(), data: Type.Array(MapPoint), capped: Type.Boolean() });
