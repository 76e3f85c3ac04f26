import type { FastifyError, FastifySchemaValidationError } from 'fastify';

type SchemaErrorDataVar = NonNullable<FastifyError['validationContext']>;

/**
 * One readable sentence from the schema errors of a request, e.g. "username must not have more
 * than 30 characters" or "Unexpected field: isAdmin". TypeBox reports errors in the order found.
 */
export function validationMessage(errors: FastifySchemaValidationError[], context?: SchemaErrorDataVar): string {
  const where = (instancePath: string) => instancePath.replace(/^\//, '').replace(/\//g, '.');
  // One error per unknown field, found before the summary error that TypeBox's cap of 8 errors cuts off.
  const unknown = errors.filter((e) => e.keyword === 'boolean' && e.schemaPath.endsWith('/additionalProperties'));
  if (unknown.length) return `Unexpected field: ${unknown.map((e) => where(e.instancePath)).join(', ')}`;
  const first = errors[0];
  if (!first) return 'Invalid request';
  const field = where(first.instancePath);
  const subject = field || (context === 'body' ? 'Request body' : context ?? 'Request');
  if (first.keyword === 'required') {
    const params = first.params as { requiredProperties?: string[]; missingProperty?: string };
    const missing = params.requiredProperties?.[0] ?? params.missingProperty;
    if (missing) return `${field ? `${field}.` : ''}${missing} is required`;
  }
  if (first.keyword === 'format') {
    return `${subject} is not a valid ${(first.params as { format?: string }).format ?? 'value'}`;
  }
  return `${subject} ${first.message}`;
}
