import { WHISPER_CATEGORIES } from '@/shared/api';
import { useForm, type SendFormProps } from '@/shared/lib/form';
import { ErrorDialog } from '@/shared/ui/error-dialog';
import { Form } from '@/shared/ui/form';
import { ImagePicker, imageFieldsOf } from '@/shared/ui/image-picker';
import { SelectField, TextAreaField, TextField } from '@/shared/ui/text-field';
import { MAX_WHISPER_IMAGES, validateWhisper, WHISPER_LIMITS, type WhisperValues } from '../lib/whisper-values';

interface WhisperFormProps extends SendFormProps<WhisperValues> {
  submitLabel: string;
  busyLabel: string;
}

/** Create and edit form of a whisper: title, location, category, images, story. A failed send keeps what was typed. */
export function WhisperForm({ initialValues, onSubmit, busy, submitLabel, busyLabel, canSubmit }: WhisperFormProps) {
  const form = useForm({ initialValues, validate: validateWhisper, busy });
  const { field, refFor, handleSend, formError, setFormError } = form;

  return (
    <Form
      onSubmit={handleSend(onSubmit, { canSubmit, fieldNames: { keepImages: 'images' } })}
      busy={busy}
      submitLabel={submitLabel}
      busyLabel={busyLabel}
      footer={<ErrorDialog message={formError} onClose={() => setFormError(null)} />}
    >
      <TextField {...field('title')} label="Title" maxLength={WHISPER_LIMITS.title} autoComplete="off" />
      <TextField {...field('location')} label="Location" maxLength={WHISPER_LIMITS.location} autoComplete="off" />
      <SelectField {...field('category')} label="Category" placeholder="Select a category" options={WHISPER_CATEGORIES} />
      <ImagePicker
        // Its file input takes focus when the images are what is wrong (too many, or refused by the server).
        ref={refFor('images')}
        label="Images"
        noun="Image"
        max={MAX_WHISPER_IMAGES}
        hint={`Optional, up to ${MAX_WHISPER_IMAGES} images; the first is the cover.`}
        {...imageFieldsOf(form, 'images', 'keepImages')}
      />
      <TextAreaField {...field('description')} label="Story" rows={7} maxLength={WHISPER_LIMITS.description} />
    </Form>
  );
}
