import type * as AfterFirstScreen from './index';

/** Each test loads the module afresh: it remembers the first call's promise. */
async function load() {
  let mod: typeof AfterFirstScreen | undefined;
  await jest.isolateModulesAsync(async () => {
    mod = await import('./index');
  });
  return mod!;
}

const settledYet = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('afterFirstScreen', () => {
  const realReadyState = Object.getOwnPropertyDescriptor(Document.prototype, 'readyState')!;
  let idleCallbacks: { callback: () => void; timeout?: number }[];

  beforeEach(() => {
    idleCallbacks = [];
    window.requestIdleCallback = ((callback: () => void, options?: { timeout?: number }) => {
      idleCallbacks.push({ callback, timeout: options?.timeout });
      return idleCallbacks.length;
    }) as typeof window.requestIdleCallback;
  });
  afterEach(() => {
    Object.defineProperty(document, 'readyState', realReadyState);
    delete (window as Partial<Window>).requestIdleCallback;
  });

  it('waits for the load event, then for the idle main thread (at most a second)', async () => {
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'interactive' });
    const { afterFirstScreen, IDLE_TIMEOUT_MS } = await load();
    const settled = afterFirstScreen();
    expect(await settledYet(settled)).toBe(false);

    window.dispatchEvent(new Event('load'));
    expect(idleCallbacks).toHaveLength(1);
    expect(idleCallbacks[0]!.timeout).toBe(IDLE_TIMEOUT_MS);
    expect(await settledYet(settled)).toBe(false);

    idleCallbacks[0]!.callback();
    expect(await settledYet(settled)).toBe(true);
    // Later callers get the same moment, without waiting again.
    expect(afterFirstScreen()).toBe(settled);
  });

  it('only waits for idle time on a page that has loaded already', async () => {
    const { afterFirstScreen } = await load();
    const settled = afterFirstScreen();
    expect(idleCallbacks).toHaveLength(1);
    idleCallbacks[0]!.callback();
    expect(await settledYet(settled)).toBe(true);
  });

  it('goes at the load event where there is no requestIdleCallback (Safari)', async () => {
    delete (window as Partial<Window>).requestIdleCallback;
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    const { afterFirstScreen } = await load();
    const settled = afterFirstScreen();
    expect(await settledYet(settled)).toBe(false);
    window.dispatchEvent(new Event('load'));
    expect(await settledYet(settled)).toBe(true);
  });
});
