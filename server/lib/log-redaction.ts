/**
 * What a log line may hold of an error: drizzle's query errors carry the bound parameters
 * (password hashes, code hashes, addresses), so only the statement and its cause are kept.
 */
export function loggable(error: unknown): unknown {
  if (error && typeof error === 'object' && 'query' in error && 'params' in error) {
    const { query, cause } = error as { query: string; cause?: unknown };
    return { message: 'Database query failed', query, cause };
  }
  return error;
}
