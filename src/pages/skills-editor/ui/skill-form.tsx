import { SKILL_CATEGORIES } from '@/shared/api';
import { useForm, type SendFormProps } from '@/shared/lib/form';
import { ErrorDialog } from '@/shared/ui/error-dialog';
import { Form } from '@/shared/ui/form';
import { ImagePicker, imageFieldsOf } from '@/shared/ui/image-picker';
import { SelectField, TextAreaField, TextField } from '@/shared/ui/text-field';
import { MAX_IMAGES, validateSkill, type SkillValues } from '../lib/skill-values';

// The server's names for what the form calls otherwise.
const serverFields = { keepImages: 'images', keepPortfolioImages: 'portfolioImages' } as const;

/**
 * The add and edit form of a skill (spec §5 messages under each field; nothing is sent while one
 * shows). A failure the server does not tie to a field shows in the Error dialog; input stays as typed.
 */
export function SkillForm({ initialValues, onSubmit, busy, canSubmit }: SendFormProps<SkillValues>) {
  const form = useForm({ initialValues, validate: validateSkill, busy });
  const { values, field, handleSend, formError, setFormError } = form;

  return (
    <Form
      onSubmit={handleSend(onSubmit, { canSubmit, fieldNames: serverFields })}
      busy={busy}
      submitLabel="Submit"
      busyLabel="Submitting..."
      footer={<ErrorDialog message={formError} onClose={() => setFormError(null)} />}
    >
      <TextField {...field('title')} label="Title" maxLength={100} autoComplete="off" />
      <TextAreaField {...field('description')} label="Description" rows={5} maxLength={2000} />
      <SelectField {...field('category')} label="Category" placeholder="Select a category" options={SKILL_CATEGORIES} />
      {values.category === 'Other' && <TextField {...field('customCategory')} label="Custom category" maxLength={50} />}
      <TextField {...field('contact')} label="Contact" type="tel" autoComplete="tel" maxLength={30} />
      <TextField {...field('address')} label="Full address" autoComplete="street-address" maxLength={300} />
      <TextField {...field('email')} label="Email" type="email" autoComplete="email" />
      <ImagePicker label="Images" noun="Image" max={MAX_IMAGES} hint={`1 to ${MAX_IMAGES} images; the first is the cover.`} {...imageFieldsOf(form, 'images', 'keepImages')} />
      <ImagePicker
        label="Portfolio images"
        noun="Portfolio image"
        max={MAX_IMAGES}
        hint={`Optional, up to ${MAX_IMAGES} images of your work.`}
        {...imageFieldsOf(form, 'portfolioImages', 'keepPortfolioImages')}
      />
    </Form>
  );
}
