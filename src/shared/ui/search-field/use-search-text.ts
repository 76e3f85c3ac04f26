import { useState } from 'react';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';

/** The server is asked once the typing has paused this long. */
const SEARCH_PAUSE_MS = 300;

/** A board search's text: as typed (for the box), and settled (trimmed, after a pause) for the query. */
export function useSearchText() {
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text, SEARCH_PAUSE_MS).trim();
  return { text, setText, settled };
}
