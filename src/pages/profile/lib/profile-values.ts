import { getName } from '@/entities/user';
import type { User } from '@/shared/api';

/** Spec §9 genders; the select shows them capitalised. */
export const GENDERS = ['male', 'female', 'other'] as const;

export const PROFILE_UPDATED = 'Your profile has been updated successfully.';

export interface ProfileValues {
  fullName: string;
  bio: string;
  gender: string;
  /** Read-only: sent back as it is. */
  contact: string;
  location: string;
}

export const toProfileValues = (user: User): ProfileValues => ({
  fullName: getName(user),
  bio: user.bio ?? '',
  gender: GENDERS.includes(user.gender as (typeof GENDERS)[number]) ? (user.gender as string) : '',
  contact: user.contactNumber || user.phone || '',
  location: user.location ?? '',
});
