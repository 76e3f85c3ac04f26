/** The body field the server names when it wants the current password (403) or found it wrong (400). */
export const CURRENT_PASSWORD_FIELD = 'currentPassword';

export const CURRENT_PASSWORD_REQUIRED = 'Current password is required.';

/** The password to send: only once the server has asked for it, as spec §7's calls carry none. */
export const sudoPassword = (needed: boolean, password: string) => (needed ? password : undefined);
