import type * as AfterFirstScreen from './index';

/** Each test loads the module afresh: it remembers the first call's promise. */
async function load() {
  let mod: typeof AfterFirstScreen | undefined;
  await jest.isolateModulesAsync(async () => {
    mod = await import('./index');
  });
  return mod!;
}

/** Whether the promise has settled once pending callbacks have run (microtasks only: the clock is fake). */
const settledYet = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
  return done;
};

describe('afterFirstScreen', () => {
  const realReadyState = Object.getOwnPropertyDescriptor(Document.prototype, 'readyState')!;
  let idleCallbacks: { callback: () => void; timeout?: number }[];

  beforeEach(() => {
    // The timers only: the test gives its own requestIdleCallback and load time.
    jest.useFakeTimers({ doNotFake: ['requestIdleCallback', 'cancelIdleCallback', 'performance', 'queueMicrotask', 'nextTick'] });
    idleCallbacks = [];
    window.requestIdleCallback = ((callback: () => void, options?: { timeout?: number }) => {
      idleCallbacks.push({ callback, timeout: options?.timeout });
      return idleCallbacks.length;
    }) as typeof window.requestIdleCallback;
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
    delete (performance as Partial<Performance>).getEntriesByType;
    delete (performance as { timing?: unknown }).timing;
    Object.defineProperty(document, 'readyState', realReadyState);
    delete (window as Partial<Window>).requestIdleCallback;
  });

  it('waits for the load event, a few seconds more, then for the idle main thread (with a timeout)', async () => {
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'interactive' });
    const { afterFirstScreen, AFTER_LOAD_MS, IDLE_TIMEOUT_MS } = await load();
    const settled = afterFirstScreen();
    // A page still loading: the seconds count from its load event, however long that takes.
    jest.advanceTimersByTime(2 * AFTER_LOAD_MS);
    expect(idleCallbacks).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    jest.advanceTimersByTime(AFTER_LOAD_MS - 1);
    expect(idleCallbacks).toHaveLength(0);
    expect(await settledYet(settled)).toBe(false);

    jest.advanceTimersByTime(1);
    expect(idleCallbacks).toEqual([{ callback: expect.any(Function), timeout: IDLE_TIMEOUT_MS }]);
    expect(await settledYet(settled)).toBe(false);

    idleCallbacks[0]!.callback();
    expect(await settledYet(settled)).toBe(true);
    // Later callers get the same moment, without waiting again.
    expect(afterFirstScreen()).toBe(settled);
  });

  it('on a page that has loaded already, waits what remains of those seconds since its load', async () => {
    jest.spyOn(performance, 'now').mockReturnValue(11_000);
    // jsdom has no navigation timing: the browser's entry, as it reads a second after the load.
    Object.defineProperty(performance, 'getEntriesByType', {
      configurable: true,
      value: (type: string) => (type === 'navigation' ? [{ loadEventEnd: 10_000 }] : []),
    });
    const { afterFirstScreen, AFTER_LOAD_MS } = await load();
    const settled = afterFirstScreen();
    jest.advanceTimersByTime(AFTER_LOAD_MS - 1000 - 1);
    expect(idleCallbacks).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(idleCallbacks).toHaveLength(1);
    idleCallbacks[0]!.callback();
    expect(await settledYet(settled)).toBe(true);
  });

  it('reads the load time from the first Navigation Timing where the second is missing (older WebViews)', async () => {
    jest.spyOn(performance, 'now').mockReturnValue(11_000);
    Object.defineProperty(performance, 'timing', { configurable: true, value: { navigationStart: 5_000, loadEventEnd: 15_000 } });
    const { afterFirstScreen, AFTER_LOAD_MS } = await load();
    void afterFirstScreen();
    jest.advanceTimersByTime(AFTER_LOAD_MS - 1000 - 1);
    expect(idleCallbacks).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(idleCallbacks).toHaveLength(1);
  });

  it('where no load time is known (jsdom), only waits for idle time', async () => {
    const { afterFirstScreen } = await load();
    const settled = afterFirstScreen();
    expect(idleCallbacks).toHaveLength(1);
    idleCallbacks[0]!.callback();
    expect(await settledYet(settled)).toBe(true);
  });

  it('goes after the seconds past the load event where there is no requestIdleCallback (Safari)', async () => {
    delete (window as Partial<Window>).requestIdleCallback;
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    const { afterFirstScreen, AFTER_LOAD_MS } = await load();
    const settled = afterFirstScreen();
    jest.advanceTimersByTime(2 * AFTER_LOAD_MS);
    expect(await settledYet(settled)).toBe(false);
    window.dispatchEvent(new Event('load'));
    jest.advanceTimersByTime(AFTER_LOAD_MS - 1);
    expect(await settledYet(settled)).toBe(false);
    jest.advanceTimersByTime(1);
    expect(await settledYet(settled)).toBe(true);
  });
});
