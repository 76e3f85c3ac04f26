import { useEffect, useId, useState } from 'react';
import { assetUrl } from '@/shared/config';
import { MAX_IMAGES } from '../config/messages';

interface ImagePickerProps {
  /** The need's current images that stay (edit). */
  kept: readonly string[];
  files: readonly File[];
  error?: string;
  onAdd: (files: File[]) => void;
  onRemoveKept: (path: string) => void;
  onRemoveFile: (index: number) => void;
}

/** Object URLs for the chosen files' previews, released when the files change or the form goes. */
function usePreviews(files: readonly File[]): (string | undefined)[] {
  const [urls, setUrls] = useState<(string | undefined)[]>([]);
  useEffect(() => {
    // jsdom (tests) has no createObjectURL: no preview there, the file name still shows.
    const canPreview = typeof URL.createObjectURL === 'function';
    const made = files.map((file) => (canPreview ? URL.createObjectURL(file) : undefined));
    setUrls(made);
    return () => made.forEach((url) => url && URL.revokeObjectURL(url));
  }, [files]);
  return urls;
}

/** Up to 4 photos: the current ones (removable) and new files with previews. */
export function ImagePicker({ kept, files, error, onAdd, onRemoveKept, onRemoveFile }: ImagePickerProps) {
  const id = useId();
  const inputId = `images-${id}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const previews = usePreviews(files);
  const count = kept.length + files.length;

  return (
    <div className={['text-field', 'image-picker', error && 'text-field--invalid'].filter(Boolean).join(' ')}>
      <label className="text-field__label" htmlFor={inputId}>
        Images
      </label>
      <input
        id={inputId}
        name="images"
        type="file"
        accept="image/*"
        multiple
        className="image-picker__input"
        disabled={count >= MAX_IMAGES}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
        onChange={(event) => {
          onAdd(Array.from(event.target.files ?? []));
          // The same file can be chosen again after being removed.
          event.target.value = '';
        }}
      />
      <p id={hintId} className="text-field__hint">
        Up to {MAX_IMAGES} images ({count} of {MAX_IMAGES} chosen).
      </p>
      {error && (
        <p id={errorId} className="text-field__error">
          {error}
        </p>
      )}
      {count > 0 && (
        <ul className="image-picker__list" aria-label="Chosen images">
          {kept.map((path, index) => (
            <li key={path} className="image-picker__item">
              <img src={assetUrl(path)} alt={`Current image ${index + 1}`} width={96} height={96} />
              <button type="button" className="image-picker__remove" onClick={() => onRemoveKept(path)}>
                Remove current image {index + 1}
              </button>
            </li>
          ))}
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="image-picker__item">
              {previews[index] ? (
                <img src={previews[index]} alt={file.name} width={96} height={96} />
              ) : (
                <span className="image-picker__name">{file.name}</span>
              )}
              <button type="button" className="image-picker__remove" onClick={() => onRemoveFile(index)}>
                Remove {file.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
