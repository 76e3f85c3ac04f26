type Close = () => void;

const closers = new Set<Close>();

/**
 * What else must stop when a session ends (logout, account deletion, a refused token), beside the
 * api cache: the realtime socket registers its close here, so every way out closes it. Returns the
 * unregister function.
 */
export function onSessionEnd(close: Close): () => void {
  closers.add(close);
  return () => {
    closers.delete(close);
  };
}

export function runSessionEndHooks(): void {
  for (const close of [...closers]) close();
}
