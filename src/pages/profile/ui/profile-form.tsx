import { useCallback, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { GENERIC_ERROR, settleStatus, useUpdateProfileMutation, type User } from '@/shared/api';
import { useForm } from '@/shared/lib/form';
import { Card } from '@/shared/ui/card';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { Form, FormRow } from '@/shared/ui/form';
import { SelectField, TextAreaField, TextField } from '@/shared/ui/text-field';
import { GENDERS, PROFILE_UPDATED, toProfileValues } from '../lib/profile-values';
import { useLocationSwitch } from '../model/use-location-switch';
import { LocationSwitch } from './location-switch';

const GENDER_OPTIONS = GENDERS.map((gender) => ({ value: gender, label: gender.charAt(0).toUpperCase() + gender.slice(1) }));

/** The edit form of My Profile; Save Changes asks first (spec §2). */
export function ProfileForm({ user }: { user: User }) {
  const [updateProfile, { isLoading: saving }] = useUpdateProfileMutation();
  const { values, setValue, field, formError, setFormError } = useForm({ initialValues: () => toProfileValues(user) });
  const [confirming, setConfirming] = useState(false);

  const setLocation = useCallback((location: string) => setValue('location', location), [setValue]);
  const locationSwitch = useLocationSwitch(setLocation);

  // Not handleSubmit: Save Changes only asks; the request, and clearing the last failure, wait for the dialog.
  const askToSave = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!saving) setConfirming(true);
  };

  const save = async () => {
    setFormError(null);
    const request = updateProfile({
      userId: user._id,
      update: {
        fullName: values.fullName.trim(),
        bio: values.bio.trim(),
        location: values.location.trim(),
        contact: values.contact,
        useCurrentLocation: locationSwitch.on,
        gender: values.gender,
      },
    });
    const outcome = await settleStatus(request, GENERIC_ERROR);
    setConfirming(false);
    if (!outcome.ok) {
      setFormError(outcome.message);
      return;
    }
    toast.success(outcome.result.message || PROFILE_UPDATED);
  };

  return (
    <Card as="section" panel aria-labelledby="profile-edit">
      <h2 id="profile-edit" className="profile-card__title">
        Edit Profile
      </h2>
      <Form className="profile-form" onSubmit={askToSave} busy={saving} error={formError} submitLabel="Save Changes" busyLabel="Saving...">
        <TextField {...field('fullName')} label="Full Name" autoComplete="name" placeholder="First and last name" />
        <TextAreaField {...field('bio')} label="Bio" rows={4} maxLength={500} placeholder="A few words about how you travel" />
        <FormRow>
          <SelectField {...field('gender')} label="Gender" placeholder="Select gender" options={GENDER_OPTIONS} />
          <TextField
            label="Contact No"
            name="contact"
            type="tel"
            readOnly
            value={values.contact}
            hint="Your contact number cannot be changed here."
          />
        </FormRow>
        <TextField {...field('location')} label="Location" autoComplete="address-level2" placeholder="City, State" />
        <LocationSwitch
          on={locationSwitch.on}
          busy={locationSwitch.busy}
          error={locationSwitch.error}
          onToggle={locationSwitch.toggle}
        />
      </Form>
      <ConfirmDialog
        open={confirming}
        title="Save changes?"
        busy={saving}
        busyLabel="Saving..."
        onConfirm={save}
        onCancel={() => setConfirming(false)}
      >
        <p>Your profile will be updated with these details.</p>
      </ConfirmDialog>
    </Card>
  );
}
