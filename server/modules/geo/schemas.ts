import { Type } from '@fastify/type-provider-typebox';
import { ADDRESS_PARTS } from './geocoder.js';

// Coordinates arrive as text and are parsed in routes.ts, so a bad one gets the spec's message.
export const ReverseQuery = Type.Object({ lat: Type.Optional(Type.String({ maxLength: 32 })), lon: Type.Optional(Type.String({ maxLength: 32 })) }, { additionalProperties: false });
export const SearchQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: false });

const Place = { lat: Type.Number(), lon: Type.Number(), display_name: Type.String() };
const Address = Type.Object(Object.fromEntries(ADDRESS_PARTS.map((part) => [part, Type.Optional(Type.String())])));

export const ReverseAnswer = Type.Object({ status: Type.Boolean(), address: Address, ...Place });
export const SearchAnswer = Type.Object({ status: Type.Boolean(), results: Type.Array(Type.Object(Place)) });
