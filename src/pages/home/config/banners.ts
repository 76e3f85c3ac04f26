/** Home banner slides: SVGs in public/images/banners/ (served at /images/banners/). */
export const banners = [
  { key: 'plan', src: '/images/banners/banner-1.svg', alt: 'Plan your next adventure: mountains at sunrise' },
  { key: 'needs', src: '/images/banners/banner-2.svg', alt: 'Travellers helping travellers: share a need, offer a hand' },
  { key: 'events', src: '/images/banners/banner-3.svg', alt: 'Free events on the road: meet people at a lantern-lit evening' },
  { key: 'skills', src: '/images/banners/banner-4.svg', alt: 'Swap skills by barter: teach what you know, learn something new' },
] as const;

/** Spec §9: the home banner advances every 2 s. */
export const BANNER_INTERVAL_MS = 2000;
