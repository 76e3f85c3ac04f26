import { Type } from '@fastify/type-provider-typebox';

// As db/tables/safety.ts lists them (ITEM_TYPES, REPORT_REASONS).
export const ItemTypeSchema = Type.Union([
  Type.Literal('user'), Type.Literal('whisper'), Type.Literal('need'), Type.Literal('event'), Type.Literal('skill'), Type.Literal('message'), Type.Literal('comment'),
]);
export const ReasonSchema = Type.Union([
  Type.Literal('spam'), Type.Literal('scam'), Type.Literal('harassment'), Type.Literal('unsafe-meeting'), Type.Literal('inappropriate'), Type.Literal('other'),
]);

export const ReportBody = Type.Object({
  itemType: ItemTypeSchema,
  itemId: Type.String({ format: 'uuid' }),
  reason: ReasonSchema,
  details: Type.Optional(Type.String({ maxLength: 1000 })),
}, { additionalProperties: false });
