/** Spec §9: after login the success view stays a random 3000 to 4999 ms before going home. */
export const REDIRECT_MIN_MS = 3000;
export const REDIRECT_SPREAD_MS = 2000;

export const randomRedirectDelay = (random: () => number = Math.random): number =>
  REDIRECT_MIN_MS + Math.min(REDIRECT_SPREAD_MS - 1, Math.floor(random() * REDIRECT_SPREAD_MS));
