import { useId, useState, type ChangeEvent } from 'react';
import { toast } from 'react-toastify';
import { UserAvatar } from '@/entities/user';
import { getErrorMessage, useUploadProfileImageMutation, type User } from '@/shared/api';
import { buttonClassName } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { Icon, type IconName } from '@/shared/ui/icon';
import { Spinner } from '@/shared/ui/spinner';
import { checkPhoto, PHOTO_MESSAGES } from '../lib/photo';
import { MyTripsLink } from './my-trips-link';

/** One term and its value; the icon goes inside the <dt>, since a <dl> group <div> holds only <dt> and <dd>. */
function Detail({ icon, label, value }: { icon: IconName; label: string; value?: string }) {
  return (
    <div className="profile-summary__detail">
      <dt>
        <span className="profile-summary__detail-icon">
          <Icon name={icon} size={18} />
        </span>
        {label}
      </dt>
      <dd>{value?.trim() || <span className="profile-summary__empty">Not set</span>}</dd>
    </div>
  );
}

/** Photo (with the picker), first name, username, phone, e-mail and location (spec §2 My Profile). */
export function ProfileSummary({ user }: { user: User }) {
  const [upload, { isLoading: uploading }] = useUploadProfileImageMutation();
  const [photoError, setPhotoError] = useState<string | null>(null);
  const errorId = useId();

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Picking the same file again must fire a change again.
    event.target.value = '';
    if (!file) return;
    const problem = checkPhoto(file);
    setPhotoError(problem ?? null);
    if (problem) return;
    try {
      const result = await upload({ userId: user._id, file }).unwrap();
      if (!result.success || !result.imageUrl) {
        setPhotoError(PHOTO_MESSAGES.failed);
        return;
      }
      toast.success(PHOTO_MESSAGES.uploaded);
    } catch (failure) {
      setPhotoError(getErrorMessage(failure, PHOTO_MESSAGES.failed));
    }
  };

  const { profileImage } = user;

  return (
    <Card as="section" panel className="profile-summary" aria-labelledby="profile-name">
      <div className="profile-summary__photo">
        <UserAvatar user={user} size={112} alt={profileImage ? 'Profile photo' : ''} />
        {uploading && (
          <span className="profile-summary__uploading">
            <Spinner size="sm" label="Uploading photo" />
          </span>
        )}
      </div>
      {/* The file input covers the button-looking label: a click (or a tap) hits the input itself. */}
      <label className={buttonClassName({ variant: 'secondary', size: 'sm' }, 'photo-picker')} aria-disabled={uploading || undefined}>
        <Icon name="camera" size={18} />
        <span>{uploading ? 'Uploading...' : 'Change photo'}</span>
        <input
          type="file"
          accept="image/*"
          className="photo-picker__input"
          disabled={uploading}
          aria-describedby={photoError ? errorId : undefined}
          onChange={pick}
        />
      </label>
      {photoError && (
        <p id={errorId} className="profile-summary__error" role="alert">
          {photoError}
        </p>
      )}

      <div className="profile-summary__who">
        <h2 id="profile-name" className="profile-summary__name">
          {user.firstName || user.username}
        </h2>
        <p className="profile-summary__username">@{user.username}</p>
      </div>
      <dl className="profile-summary__details">
        <Detail icon="phone" label="Phone" value={user.phone || user.contactNumber} />
        <Detail icon="mail" label="Email" value={user.email} />
        <Detail icon="location" label="Location" value={user.location} />
      </dl>
      <MyTripsLink userId={user._id} />
    </Card>
  );
}
