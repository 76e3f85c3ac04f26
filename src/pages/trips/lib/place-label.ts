/** The server takes places of at most this many characters. */
export const PLACE_MAX = 200;

/**
 * A picked suggestion as the field shows and sends it: its name, cut after whole parts to fit
 * (a long 'Manali, Kullu, Himachal Pradesh, …' keeps its first parts; companions are matched on
 * the first one anyway).
 */
export function placeLabel(displayName: string): string {
  const parts = displayName.split(',').map((part) => part.trim()).filter(Boolean);
  let label = '';
  for (const part of parts) {
    const next = label ? `${label}, ${part}` : part;
    if (next.length > PLACE_MAX) break;
    label = next;
  }
  return label || displayName.slice(0, PLACE_MAX);
}
