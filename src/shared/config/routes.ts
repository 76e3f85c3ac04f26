// Every path of the product (spec §2) is built here, so no route string is typed twice.
// Route patterns for the router use the same builders with ':id'.
type Id = string | number;

export const paths = {
  home: () => '/',
  login: () => '/login',
  register: () => '/register',
  forgotPassword: {
    root: () => '/forgot-password',
    otp: (email?: string) =>
      email === undefined ? '/forgot-password/otp' : `/forgot-password/otp?email=${encodeURIComponent(email)}`,
    setPassword: () => '/forgot-password/set-password',
  },
  map: () => '/map',
  profile: () => '/profile',
  settings: {
    root: () => '/settings',
    changePassword: () => '/settings/change-password',
    changeEmail: () => '/settings/change-email',
    verifyEmailOtp: () => '/settings/verify-email-otp',
    blocked: () => '/settings/blocked',
    notifications: () => '/settings/notifications',
  },
  /** An e-mail's unsubscribe link (`token` signed by the server); works signed out. */
  unsubscribe: (token?: string) => (token === undefined ? '/unsubscribe' : `/unsubscribe?token=${encodeURIComponent(token)}`),
  /** Moderators only; anyone else sees the 404 page. */
  moderation: () => '/moderation',
  messages: {
    root: () => '/messages',
    bySender: (senderId: Id) => `/messages/${senderId}`,
  },
  allRequests: () => '/all-requests',
  planTrip: () => '/plan-trip',
  trips: () => '/trips',
  editTrip: (id: Id) => `/trips/${id}/edit`,
  helpSupport: () => '/help-support',
  location: () => '/location',
  challenges: {
    root: () => '/challenges',
    detail: (id: Id) => `/challenge-details/${id}`,
    joined: (id: Id) => `/joined-challenge/${id}`,
  },
  aboutUs: () => '/about-us',
  events: {
    root: () => '/events',
    add: () => '/events/add-event',
    byId: (id: Id) => `/events/${id}`,
    edit: (id: Id) => `/events/${id}/edit`,
  },
  skills: {
    root: () => '/skills',
    add: () => '/skills/add-skills',
    byId: (id: Id) => `/skills/${id}`,
    edit: (id: Id) => `/skills/${id}/edit`,
  },
  companions: () => '/companions',
  needs: {
    root: () => '/needs',
    create: () => '/needs/create-needs',
    byId: (id: Id) => `/needs/${id}`,
    edit: (id: Id) => `/needs/${id}/edit`,
  },
  whispers: {
    root: () => '/whispers',
    detail: (id: Id) => `/whispers/whisper-detail/${id}`,
    create: () => '/whispers/create-whisper',
    profile: (id: Id) => `/whispers/profile/${id}`,
    edit: (id: Id) => `/whispers/whisper-detail/${id}/edit`,
  },
} as const;

/** Screens shown without the shell (header, sidebars, bottom navigation, footer): spec §1. */
export const shellessPaths: readonly string[] = [
  paths.login(),
  paths.register(),
  paths.forgotPassword.root(),
  paths.forgotPassword.otp(),
  paths.forgotPassword.setPassword(),
];

export function isShellHidden(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return shellessPaths.includes(normalized.toLowerCase());
}
