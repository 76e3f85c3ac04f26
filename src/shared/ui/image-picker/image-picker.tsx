import { useEffect, useId, useMemo, type ChangeEvent, type Ref } from 'react';
import { assetUrl } from '@/shared/config';
import { Icon } from '../icon';
import './image-picker.css';

interface ImagePickerProps {
  label: string;
  /** Singular noun for the names of the buttons and images ('image', 'portfolio image'). */
  noun: string;
  /** Current images of the record (edit) that stay; their paths go back as keepImages. */
  kept: readonly string[];
  files: readonly File[];
  onKeptChange: (kept: string[]) => void;
  /** The files after a pick or a removal; `refused` when the pick held files that are not images (left out). */
  onFilesChange: (files: File[], refused?: boolean) => void;
  max: number;
  /** No picking while `max` images are chosen (the need form); otherwise the form's check says there are too many. */
  lockWhenFull?: boolean;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/** Preview addresses for picked files; jsdom has no createObjectURL, so there a file shows by name only. */
function usePreviews(files: readonly File[]): string[] {
  const urls = useMemo(
    () => files.map((file) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '')),
    [files],
  );
  useEffect(() => () => urls.forEach((url) => url && URL.revokeObjectURL(url)), [urls]);
  return urls;
}

/**
 * A multiple image picker (image/* only) with previews and a remove button on each. One pick keeps
 * at most the first `max` files; kept and new images together past `max` are the form's error.
 */
export function ImagePicker({ label, noun, kept, files, onKeptChange, onFilesChange, max, lockWhenFull, error, hint, ref }: ImagePickerProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const previews = usePreviews(files);
  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ');

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    const images = chosen.filter((file) => file.type.startsWith('image/'));
    // Cleared, so picking the same file again after removing it still fires a change.
    event.target.value = '';
    if (chosen.length > 0) onFilesChange([...files, ...images.slice(0, max)], images.length < chosen.length);
  };

  const items = [
    ...kept.map((path, index) => ({
      key: `kept:${path}`,
      src: assetUrl(path) ?? path,
      name: '',
      remove: () => onKeptChange(kept.filter((_, at) => at !== index)),
    })),
    ...files.map((file, index) => ({
      key: `new:${index}:${file.name}`,
      src: previews[index] ?? '',
      name: file.name,
      remove: () => onFilesChange(files.filter((_, at) => at !== index)),
    })),
  ];

  return (
    <div className={['text-field', 'image-picker', error && 'text-field--invalid'].filter(Boolean).join(' ')}>
      <label className="text-field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        className="image-picker__input"
        type="file"
        accept="image/*"
        multiple
        disabled={lockWhenFull && kept.length + files.length >= max}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={pick}
      />
      <p id={hintId} className="text-field__hint">
        {hint ?? `Up to ${max} images.`}
      </p>
      {items.length > 0 && (
        <ul className="image-picker__previews" aria-label={`${label} chosen`}>
          {items.map((item, index) => {
            const name = `${noun} ${index + 1}`;
            return (
              <li key={item.key} className="image-picker__preview">
                {item.src ? (
                  <img src={item.src} alt={item.name ? `${name}: ${item.name}` : name} width={96} height={72} />
                ) : (
                  <span className="image-picker__name">{item.name}</span>
                )}
                <button type="button" className="image-picker__remove" aria-label={`Remove ${name}`} onClick={item.remove}>
                  <Icon name="close" size={16} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p id={errorId} className="text-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

type KeysOf<V, T> = { [K in keyof V]-?: V[K] extends T ? K : never }[keyof V] & string;

interface FormFields<V> {
  values: V;
  errors: Partial<Record<keyof V & string, string>>;
  setValue: <K extends keyof V>(name: K, value: V[K]) => void;
}

/** The picker's images bound to two fields of a form (useForm): the new files (whose error it shows) and the kept paths. */
export function imageFieldsOf<V>(form: FormFields<V>, files: KeysOf<V, File[]>, kept: KeysOf<V, string[]>) {
  return {
    files: form.values[files] as File[],
    kept: form.values[kept] as string[],
    error: form.errors[files],
    onFilesChange: (next: File[]) => form.setValue(files, next as V[typeof files]),
    onKeptChange: (next: string[]) => form.setValue(kept, next as V[typeof kept]),
  };
}
