/**
 * A stand-in for IntersectionObserver (jsdom has none): tests say when an element comes into view.
 * `installIntersectionObserver()` returns `reveal(element)` and the observers made; restore() undoes it.
 */
export function installIntersectionObserver() {
  const observers: MockIntersectionObserver[] = [];

  class MockIntersectionObserver {
    readonly elements = new Set<Element>();
    disconnected = false;

    constructor(
      private readonly callback: IntersectionObserverCallback,
      readonly options: IntersectionObserverInit = {},
    ) {
      observers.push(this);
    }

    observe(element: Element) {
      this.elements.add(element);
    }

    unobserve(element: Element) {
      this.elements.delete(element);
    }

    disconnect() {
      this.elements.clear();
      this.disconnected = true;
    }

    takeRecords(): IntersectionObserverEntry[] {
      return [];
    }

    fire(element: Element, isIntersecting: boolean) {
      const entry = { target: element, isIntersecting, intersectionRatio: isIntersecting ? 1 : 0 } as IntersectionObserverEntry;
      this.callback([entry], this as unknown as IntersectionObserver);
    }
  }

  const original = window.IntersectionObserver;
  window.IntersectionObserver = MockIntersectionObserver as unknown as typeof IntersectionObserver;

  return {
    observers,
    /** The live observers watching `element`. */
    watching: (element: Element) => observers.filter((observer) => observer.elements.has(element)),
    /** `element` scrolls into view (or out of it): every live observer watching it is told. */
    reveal(element: Element, isIntersecting = true) {
      for (const observer of observers.filter((candidate) => candidate.elements.has(element))) {
        observer.fire(element, isIntersecting);
      }
    },
    restore() {
      window.IntersectionObserver = original;
    },
  };
}
