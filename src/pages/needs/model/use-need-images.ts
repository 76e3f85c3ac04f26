import { useState } from 'react';
import { MAX_IMAGES, NEED_MESSAGES } from '../config/messages';

/**
 * The need's photos for the image picker: its current ones that stay (edit) and new files, 4 in all
 * at most. A pick past that keeps what fits and says so; the picker is locked while 4 are chosen.
 */
export function useNeedImages(current: readonly string[] = []) {
  const [kept, setKept] = useState<string[]>(() => [...current]);
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string>();

  const onFilesChange = (next: File[], refused?: boolean) => {
    const room = Math.max(0, MAX_IMAGES - kept.length);
    setError(next.length > room ? NEED_MESSAGES.tooManyImages : refused ? NEED_MESSAGES.onlyImages : undefined);
    setFiles(next.slice(0, room));
  };
  const onKeptChange = (next: string[]) => {
    setError(undefined);
    setKept(next);
  };

  return {
    kept,
    files,
    setError,
    picker: { kept, files, error, onFilesChange, onKeptChange, max: MAX_IMAGES, lockWhenFull: true },
  };
}
