import { useCallback, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { toast } from 'react-toastify';
import { GENERIC_ERROR, getServerMessage, useUpdateProfileMutation, type User } from '@/shared/api';
import { sessionUserUpdated } from '@/shared/auth';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { FormAlert } from '@/shared/ui/form-alert';
import { TextField } from '@/shared/ui/text-field';
import { GENDERS, PROFILE_UPDATED, toProfileValues, type ProfileValues } from '../lib/profile-values';
import { useLocationSwitch } from '../model/use-location-switch';
import { LocationSwitch } from './location-switch';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The edit form of My Profile; Save Changes asks first (spec §2). */
export function ProfileForm({ user }: { user: User }) {
  const dispatch = useDispatch();
  const [updateProfile, { isLoading: saving }] = useUpdateProfileMutation();
  const [values, setValues] = useState<ProfileValues>(() => toProfileValues(user));
  const [confirming, setConfirming] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const bioId = useId();
  const genderId = useId();

  const setLocation = useCallback((location: string) => setValues((current) => ({ ...current, location })), []);
  const locationSwitch = useLocationSwitch(setLocation);

  const change =
    (field: keyof ProfileValues) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValues((current) => ({ ...current, [field]: event.target.value }));

  const askToSave = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!saving) setConfirming(true);
  };

  const save = async () => {
    setFormError(null);
    try {
      const result = await updateProfile({
        userId: user._id,
        update: {
          fullName: values.fullName.trim(),
          bio: values.bio.trim(),
          location: values.location.trim(),
          contact: values.contact,
          useCurrentLocation: locationSwitch.on,
          gender: values.gender,
        },
      }).unwrap();
      setConfirming(false);
      if (!result.status) {
        setFormError(result.message || GENERIC_ERROR);
        return;
      }
      if (result.user) dispatch(sessionUserUpdated({ ...result.user }));
      toast.success(result.message || PROFILE_UPDATED);
    } catch (failure) {
      setConfirming(false);
      setFormError(getServerMessage(failure) ?? GENERIC_ERROR);
    }
  };

  return (
    <section className="profile-card" aria-labelledby="profile-edit">
      <h2 id="profile-edit" className="profile-card__title">
        Edit Profile
      </h2>
      <form className="profile-form" noValidate onSubmit={askToSave} aria-busy={saving || undefined}>
        <FormAlert message={formError} />
        <TextField
          label="Full Name"
          name="fullName"
          autoComplete="name"
          placeholder="First and last name"
          value={values.fullName}
          onChange={change('fullName')}
        />
        <div className="text-field">
          <label className="text-field__label" htmlFor={bioId}>
            Bio
          </label>
          <textarea
            id={bioId}
            name="bio"
            className="text-field__input profile-form__bio"
            rows={4}
            maxLength={500}
            placeholder="A few words about how you travel"
            value={values.bio}
            onChange={change('bio')}
          />
        </div>
        <div className="profile-form__row">
          <div className="text-field">
            <label className="text-field__label" htmlFor={genderId}>
              Gender
            </label>
            <select
              id={genderId}
              name="gender"
              className="text-field__input profile-form__select"
              value={values.gender}
              onChange={change('gender')}
            >
              <option value="">Select gender</option>
              {GENDERS.map((gender) => (
                <option key={gender} value={gender}>
                  {capitalise(gender)}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label="Contact No"
            name="contact"
            type="tel"
            readOnly
            value={values.contact}
            hint="Your contact number cannot be changed here."
          />
        </div>
        <TextField
          label="Location"
          name="location"
          autoComplete="address-level2"
          placeholder="City, State"
          value={values.location}
          onChange={change('location')}
        />
        <LocationSwitch
          on={locationSwitch.on}
          busy={locationSwitch.busy}
          error={locationSwitch.error}
          onToggle={locationSwitch.toggle}
        />
        <Button type="submit" size="lg" block disabled={saving}>
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
      </form>
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
    </section>
  );
}
