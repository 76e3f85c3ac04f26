/** A matchMedia for jsdom, which has none: a query matches when `matches(query)` says so, and never changes. */
export const fakeMatchMedia =
  (matches: (query: string) => boolean = () => false): typeof window.matchMedia =>
  (query) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;

/** The browser of a user who asks for reduced motion (the test puts the original matchMedia back). */
export function preferReducedMotion(): void {
  window.matchMedia = fakeMatchMedia((query) => query.includes('prefers-reduced-motion: reduce'));
}
