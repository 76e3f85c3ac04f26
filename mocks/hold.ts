/**
 * A gate a test holds a pending step at (`passed`) until it calls `release()`: what shows while a
 * request is pending (a spinner, 'Saving...'), or what waits behind a running task, is there to be
 * seen however slow the machine is. Used by the client's held answers (handlers/answer.ts) and by
 * server tests.
 */
export function hold(): { passed: Promise<void>; release: () => void } {
  let release: () => void = () => undefined;
  const passed = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { passed, release };
}
