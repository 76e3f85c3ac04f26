import { useId, useState, type FormEvent } from 'react';
import { SKILL_CATEGORIES } from '@/shared/api';
import { useForm } from '@/shared/lib/form';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { TextField } from '@/shared/ui/text-field';
import { MAX_IMAGES, SKILL_MESSAGES, validateSkill, type SkillValues } from '../lib/skill-values';
import { ImagePicker } from '@/shared/ui/image-picker';

/** Why a submission failed: the server's message, and the field it is about when it names one. */
export interface SubmitFailure {
  message: string;
  field?: string;
}

interface SkillFormProps {
  initialValues: SkillValues;
  /** Sends the values; resolves with the failure to show, or null when it went through. */
  onSubmit: (values: SkillValues) => Promise<SubmitFailure | null>;
  busy: boolean;
  /** Runs first on submit, before validation; false stops the submit (the add page's login check). */
  canSubmit?: () => boolean;
}

// The server's names for what the form calls otherwise.
const serverFields = { keepImages: 'images', keepPortfolioImages: 'portfolioImages' } as const;

/** The add and edit form of a skill (spec §5 messages under each field; nothing is sent while one shows). */
export function SkillForm({ initialValues, onSubmit, busy, canSubmit }: SkillFormProps) {
  const { values, errors, setValue, field, handleSubmit, showServerError } = useForm({
    initialValues,
    validate: validateSkill,
    busy,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const descriptionId = useId();
  const categoryId = useId();

  const validateAndSend = handleSubmit(async (current) => {
    const failed = await onSubmit(current);
    if (!failed) return;
    // A message about one field goes under it; anything else into the Error dialog. Input stays as typed.
    if (!showServerError(failed.field, failed.message, serverFields)) setFailure(failed.message);
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (canSubmit && !canSubmit()) {
      event.preventDefault();
      return;
    }
    void validateAndSend(event);
  };

  const describedBy = (name: 'description' | 'category') => (errors[name] ? `${name === 'description' ? descriptionId : categoryId}-error` : undefined);
  const description = field('description');
  const category = field('category');

  return (
    <form className="skill-form" noValidate onSubmit={submit} aria-busy={busy || undefined}>
      <TextField {...field('title')} label="Title" maxLength={100} autoComplete="off" />

      <div className={['text-field', errors.description && 'text-field--invalid'].filter(Boolean).join(' ')}>
        <label className="text-field__label" htmlFor={descriptionId}>
          Description
        </label>
        <textarea
          ref={description.ref}
          id={descriptionId}
          name="description"
          className="text-field__input skill-form__textarea"
          rows={5}
          maxLength={2000}
          value={values.description}
          onChange={(event) => setValue('description', event.target.value)}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy('description')}
        />
        {errors.description && (
          <p id={`${descriptionId}-error`} className="text-field__error">
            {errors.description}
          </p>
        )}
      </div>

      <div className={['text-field', errors.category && 'text-field--invalid'].filter(Boolean).join(' ')}>
        <label className="text-field__label" htmlFor={categoryId}>
          Category
        </label>
        <select
          ref={category.ref}
          id={categoryId}
          name="category"
          className="text-field__input skill-form__select"
          value={values.category}
          onChange={(event) => setValue('category', event.target.value)}
          aria-invalid={errors.category ? true : undefined}
          aria-describedby={describedBy('category')}
        >
          <option value="">Select a category</option>
          {SKILL_CATEGORIES.map((name) => (
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

      {values.category === 'Other' && <TextField {...field('customCategory')} label="Custom category" maxLength={50} />}
      <TextField {...field('contact')} label="Contact" type="tel" autoComplete="tel" maxLength={30} />
      <TextField {...field('address')} label="Full address" autoComplete="street-address" maxLength={300} />
      <TextField {...field('email')} label="Email" type="email" autoComplete="email" />

      <ImagePicker
        label="Images"
        noun="Image"
        kept={values.keepImages}
        files={values.images}
        onKeptChange={(kept) => setValue('keepImages', kept)}
        onFilesChange={(files) => setValue('images', files)}
        max={MAX_IMAGES}
        error={errors.images}
        hint={`1 to ${MAX_IMAGES} images; the first is the cover.`}
      />
      <ImagePicker
        label="Portfolio images"
        noun="Portfolio image"
        kept={values.keepPortfolioImages}
        files={values.portfolioImages}
        onKeptChange={(kept) => setValue('keepPortfolioImages', kept)}
        onFilesChange={(files) => setValue('portfolioImages', files)}
        max={MAX_IMAGES}
        error={errors.portfolioImages}
        hint={`Optional, up to ${MAX_IMAGES} images of your work.`}
      />

      <Button type="submit" size="lg" block disabled={busy}>
        {busy ? 'Submitting...' : 'Submit'}
      </Button>

      <Modal open={failure !== null} onClose={() => setFailure(null)} title={SKILL_MESSAGES.error} className="skill-form__error">
        <p role="alert">{failure}</p>
        <Button block onClick={() => setFailure(null)}>
          OK
        </Button>
      </Modal>
    </form>
  );
}
