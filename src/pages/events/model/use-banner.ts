import { useEffect, useState, type ChangeEvent } from 'react';
import { checkBanner } from '../lib/event-form';
import type { EventFormState } from './use-event-form';

/** A local preview of the chosen banner (none where the browser cannot make object URLs). */
function usePreview(file: File | null): string | null {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return undefined;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return preview;
}

/**
 * The banner file: checked as it is chosen (an image, 5 MB at most; else its message under the
 * field and nothing kept). The form's `banner` value is its name, so it is validated like any field.
 */
export function useBanner({ setValue, setFieldError }: Pick<EventFormState, 'setValue' | 'setFieldError'>) {
  const [file, setFile] = useState<File | null>(null);
  const preview = usePreview(file);

  const choose = (change: ChangeEvent<HTMLInputElement>) => {
    const chosen = change.target.files?.[0] ?? null;
    const problem = chosen ? checkBanner(chosen) : undefined;
    if (problem) change.target.value = '';
    const kept = problem ? null : chosen;
    setFile(kept);
    setValue('banner', kept?.name ?? '');
    if (chosen) setFieldError('banner', problem);
  };

  return { file, preview, choose };
}
