import { useId } from 'react';
import { STOCK_IMAGES } from '@/entities/need';
import type { Need, NeedType } from '@/shared/api';
import { Carousel } from '@/shared/ui/carousel';
import { Form, FormRow } from '@/shared/ui/form';
import { ImagePicker } from '@/shared/ui/image-picker';
import { TextAreaField, TextField } from '@/shared/ui/text-field';
import { MAX_IMAGES } from '../config/messages';
import { useNeedForm } from '../model/use-need-form';
import { NeedLocationFields } from './need-location-fields';

/** Spec §2 Create need: the hero pictures move on every 2 s. */
const HERO_INTERVAL_MS = 2000;

const TYPES: readonly { value: NeedType; label: string }[] = [
  { value: 'need', label: 'Need (I am looking for help)' },
  { value: 'available', label: 'Available (I offer a service)' },
];

/**
 * The create and edit form of a need (spec §2, §5). Without `need` it creates; with it, the owner
 * edits it (current images stay unless removed).
 */
export function NeedForm({ need }: { need?: Need }) {
  const { form, images, busy, editing, onSubmit } = useNeedForm(need);
  const { values, errors, field, setValue } = form;
  const typeErrorId = `${useId()}-error`;
  const chosen = images.kept.length + images.files.length;

  return (
    <div className="need-form-layout">
      <Carousel
        label="Travellers helping each other"
        images={STOCK_IMAGES}
        intervalMs={HERO_INTERVAL_MS}
        aspectRatio={16 / 7}
        className="need-form__hero"
      />
      <Form
        onSubmit={onSubmit}
        busy={busy}
        submitLabel={editing ? 'Save Changes' : 'Create Need'}
        busyLabel={editing ? 'Saving...' : 'Creating...'}
      >
        <fieldset className="need-form__types" aria-describedby={errors.type ? typeErrorId : undefined}>
          <legend className="text-field__label">Type</legend>
          {TYPES.map((option, index) => (
            <label key={option.value} className="need-form__type">
              <input
                type="radio"
                name="type"
                value={option.value}
                checked={values.type === option.value}
                onChange={() => setValue('type', option.value)}
                ref={index === 0 ? field('type').ref : undefined}
              />
              <span>{option.label}</span>
            </label>
          ))}
          {errors.type && (
            <p id={typeErrorId} className="text-field__error">
              {errors.type}
            </p>
          )}
        </fieldset>
        <TextField {...field('category')} label="Category" placeholder="Accommodation, Transport, Guide..." maxLength={60} />
        <TextField {...field('serviceName')} label="Service name" placeholder="What is needed or offered" maxLength={120} />
        <TextAreaField {...field('description')} label="Description" rows={5} maxLength={2000} />
        <FormRow>
          <TextField {...field('phone')} label="Phone" type="tel" autoComplete="tel" placeholder="+919876543210" />
          <TextField {...field('email')} label="Email" type="email" autoComplete="email" placeholder="you@example.com" />
        </FormRow>
        <NeedLocationFields form={form} />
        <ImagePicker label="Images" noun="Image" hint={`Up to ${MAX_IMAGES} images (${chosen} of ${MAX_IMAGES} chosen).`} {...images.picker} />
      </Form>
    </div>
  );
}
