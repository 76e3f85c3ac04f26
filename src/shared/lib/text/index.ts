/** `text` cut to at most `max` characters, with '...' when it was cut (spec §9's description cuts). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}
