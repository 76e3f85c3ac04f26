// An in-memory CacheStorage for the service worker's unit tests (jsdom has none): the part of the
// API Workbox's strategies and expiration use, matching by URL as the real one does for GET.

class MemoryCache {
  readonly entries = new Map<string, Response>();

  async match(request: RequestInfo | URL) {
    return this.entries.get(urlOf(request))?.clone();
  }

  async put(request: RequestInfo | URL, response: Response) {
    this.entries.set(urlOf(request), response);
  }

  async delete(request: RequestInfo | URL) {
    return this.entries.delete(urlOf(request));
  }

  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
}

/** What a worker's event offers a strategy: waitUntil, whose promises the test awaits. */
class TestExtendableEvent {
  readonly pending: Array<Promise<unknown>> = [];

  waitUntil(promise: Promise<unknown>) {
    this.pending.push(promise);
  }
}

const urlOf = (request: RequestInfo | URL) => (typeof request === 'string' ? request : request instanceof URL ? request.href : request.url);

/** Installs a fresh `caches` on the global scope and returns it (and FetchEvent, which Workbox names). */
export function installMemoryCaches() {
  const scope = globalThis as { FetchEvent?: unknown; ExtendableEvent?: unknown; __WB_DISABLE_DEV_LOGS?: boolean };
  // Workbox's development build logs every cache step; the assertions say what matters.
  scope.__WB_DISABLE_DEV_LOGS = true;
  scope.ExtendableEvent ??= TestExtendableEvent;
  scope.FetchEvent ??= class FetchEvent extends TestExtendableEvent {};
  const store = new Map<string, MemoryCache>();
  const caches = {
    async open(name: string) {
      if (!store.has(name)) store.set(name, new MemoryCache());
      return store.get(name)!;
    },
    async has(name: string) {
      return store.has(name);
    },
    async delete(name: string) {
      return store.delete(name);
    },
    async keys() {
      return [...store.keys()];
    },
    async match(request: RequestInfo | URL) {
      for (const cache of store.values()) {
        const found = await cache.match(request);
        if (found) return found;
      }
      return undefined;
    },
  };
  Object.defineProperty(globalThis, 'caches', { value: caches, configurable: true, writable: true });
  return caches;
}

/**
 * Runs a request through a Workbox strategy as the service worker's fetch event would, and waits
 * until everything it does after answering (the cache write, the expiration) is over.
 */
export async function handleFully(strategy: { handleAll: (options: { event: ExtendableEvent; request: Request }) => [Promise<Response>, Promise<void>] }, url: string) {
  const testEvent = new TestExtendableEvent();
  const { pending } = testEvent;
  const [response, done] = strategy.handleAll({ event: testEvent as unknown as ExtendableEvent, request: new Request(url) });
  const answer = await response;
  await done;
  // Expiration runs in waitUntil promises that can add more.
  for (let settled = 0; settled < pending.length; settled = pending.length) await Promise.all(pending);
  return answer;
}
