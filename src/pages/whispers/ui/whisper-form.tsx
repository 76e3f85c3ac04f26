import { useId, useState, type FormEvent } from 'react';
import { WHISPER_CATEGORIES } from '@/shared/api';
import { useForm } from '@/shared/lib/form';
import { Button } from '@/shared/ui/button';
import { ImagePicker } from '@/shared/ui/image-picker';
import { Modal } from '@/shared/ui/modal';
import { TextField } from '@/shared/ui/text-field';
import { MAX_WHISPER_IMAGES, validateWhisper, WHISPER_LIMITS, type WhisperValues } from '../lib/whisper-values';

export interface SubmitFailure {
  message: string;
  field?: string;
}

interface WhisperFormProps {
  initialValues: WhisperValues;
  /** Sends the values; resolves with the failure to show, or null when it went through. */
  onSubmit: (values: WhisperValues) => Promise<SubmitFailure | null>;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  /** Runs first on submit; false stops it (the login check). */
  canSubmit?: () => boolean;
}

/** Create and edit form of a whisper: title, location, category, images, story. A failed send keeps what was typed. */
export function WhisperForm({ initialValues, onSubmit, busy, submitLabel, busyLabel, canSubmit }: WhisperFormProps) {
  const { values, errors, setValue, field, refFor, handleSubmit, showServerError } = useForm({ initialValues, validate: validateWhisper, busy });
  const [failure, setFailure] = useState<string | null>(null);
  const storyId = useId();
  const categoryId = useId();

  const validateAndSend = handleSubmit(async (current) => {
    const failed = await onSubmit(current);
    if (!failed) return;
    if (!showServerError(failed.field, failed.message, { keepImages: 'images' })) setFailure(failed.message);
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (canSubmit && !canSubmit()) {
      event.preventDefault();
      return;
    }
    void validateAndSend(event);
  };
  const story = field('description');
  const category = field('category');

  return (
    <form className="whisper-form" noValidate onSubmit={submit} aria-busy={busy || undefined}>
      <TextField {...field('title')} label="Title" maxLength={WHISPER_LIMITS.title} autoComplete="off" />
      <TextField {...field('location')} label="Location" maxLength={WHISPER_LIMITS.location} autoComplete="off" />

      <div className={['text-field', errors.category && 'text-field--invalid'].filter(Boolean).join(' ')}>
        <label className="text-field__label" htmlFor={categoryId}>
          Category
        </label>
        <select
          ref={category.ref}
          id={categoryId}
          name="category"
          className="text-field__input"
          value={values.category}
          onChange={(event) => setValue('category', event.target.value)}
          aria-invalid={errors.category ? true : undefined}
          aria-describedby={errors.category ? `${categoryId}-error` : undefined}
        >
          <option value="">Select a category</option>
          {WHISPER_CATEGORIES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        {errors.category && (
          <p id={`${categoryId}-error`} className="text-field__error">
            {errors.category}
          </p>
        )}
      </div>

      <ImagePicker
        // Its file input takes focus when the images are what is wrong (too many, or refused by the server).
        ref={refFor('images')}
        label="Images"
        noun="Image"
        kept={values.keepImages}
        files={values.images}
        onKeptChange={(kept) => setValue('keepImages', kept)}
        onFilesChange={(files) => setValue('images', files)}
        max={MAX_WHISPER_IMAGES}
        error={errors.images}
        hint={`Optional, up to ${MAX_WHISPER_IMAGES} images; the first is the cover.`}
      />

      <div className={['text-field', errors.description && 'text-field--invalid'].filter(Boolean).join(' ')}>
        <label className="text-field__label" htmlFor={storyId}>
          Story
        </label>
        <textarea
          ref={story.ref}
          id={storyId}
          name="description"
          className="text-field__input whisper-form__story"
          rows={7}
          maxLength={WHISPER_LIMITS.description}
          value={values.description}
          onChange={(event) => setValue('description', event.target.value)}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${storyId}-error` : undefined}
        />
        {errors.description && (
          <p id={`${storyId}-error`} className="text-field__error">
            {errors.description}
          </p>
        )}
      </div>

      <Button type="submit" size="lg" block disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>

      <Modal open={failure !== null} onClose={() => setFailure(null)} title="Error">
        <p role="alert">{failure}</p>
        <Button block onClick={() => setFailure(null)}>
          OK
        </Button>
      </Modal>
    </form>
  );
}
