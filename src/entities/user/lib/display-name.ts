/** The name fields every user shape shares (session user, fetched profile, message sender). */
export interface NamedUser {
  firstName?: string;
  lastName?: string;
  username?: string;
}

/** 'First Last' (either alone when the other is blank); '' without either: for a line shown only when there is a name. */
export function getName(user: NamedUser | null | undefined): string {
  return [user?.firstName, user?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/** 'First Last', else the username, else 'User'. */
export function getFullName(user: NamedUser | null | undefined): string {
  return getName(user) || user?.username?.trim() || 'User';
}

/** Home's welcome line: the stored first name, or 'User' if none (spec §2 Home). */
export function getFirstName(user: NamedUser | null | undefined): string {
  return user?.firstName?.trim() || 'User';
}
