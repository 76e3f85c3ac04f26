// Guards shared by the transformResponse mappers: answers are untrusted until checked (spec §7).
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const asString = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

export const asNumber = (value: unknown, fallback = 0): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** First array found at one of the given envelope paths ('data.notifications'), else [] (spec §7). */
export function pickList(body: unknown, paths: readonly string[]): unknown[] {
  if (Array.isArray(body)) return body;
  for (const path of paths) {
    let node: unknown = body;
    for (const key of path.split('.')) node = isRecord(node) ? node[key] : undefined;
    if (Array.isArray(node)) return node;
  }
  return [];
}
