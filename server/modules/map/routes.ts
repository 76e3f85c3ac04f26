import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hiddenAuthorsFor } from '../../lib/blocks.js';
import { badRequest } from '../../lib/http-error.js';
import { MapPointsAnswer, MapPointsQuery } from './schemas.js';
import { LAYERS, pointsWithin, type Bounds, type Layer } from './service.js';

const numberShape = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function coordinate(raw: string, name: string, limit: number): number {
  const value = Number(raw.trim());
  if (!numberShape.test(raw.trim()) || Math.abs(value) > limit) throw badRequest(`${name} must be a number from -${limit} to ${limit}.`);
  return value;
}

const mapRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The map's layer (issue: map and trips): what has coordinates inside the visible bounds.
  app.get('/map-points', {
    config: { access: 'public' },
    schema: { querystring: MapPointsQuery, response: { 200: MapPointsAnswer } },
  }, async (request) => {
    const { query } = request;
    const bounds: Bounds = {
      south: coordinate(query.south, 'south', 90),
      west: coordinate(query.west, 'west', 180),
      north: coordinate(query.north, 'north', 90),
      east: coordinate(query.east, 'east', 180),
    };
    if (bounds.south > bounds.north) throw badRequest('south must not be north of north.');
    const named = query.layers === undefined ? LAYERS : query.layers.split(',').map((layer) => layer.trim()).filter((layer) => layer !== '');
    const unknown = named.find((layer) => !LAYERS.includes(layer as Layer));
    if (unknown !== undefined) throw badRequest(`layers must name needs, events or skills, not "${unknown}".`);
    // A member's blocks leave the other's points out, both ways.
    const excluded = await hiddenAuthorsFor(app.db, request.user?.id);
    return { success: true, ...(await pointsWithin(app.db, bounds, [...new Set(named as Layer[])], excluded)) };
  });
};

export default mapRoutes;
