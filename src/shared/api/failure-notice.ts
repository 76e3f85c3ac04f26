/** The text, and a title above it when the spec gives one ('Join Failed'). */
type Listener = (text: string, title?: string) => void;

const listeners = new Set<Listener>();

/**
 * Where the text of a failed optimistic change goes (the spec's error line, e.g. 'Failed to update
 * follow status'): the app shows it as a toast. Returns the unregister function.
 */
export function onFailureNotice(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function noticeFailure(text: string, title?: string): void {
  for (const listener of [...listeners]) listener(text, title);
}
