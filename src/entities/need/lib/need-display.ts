import type { Need, NeedLocation } from '@/shared/api';
import { assetUrl } from '@/shared/config';
import type { CarouselImage } from '@/shared/ui/carousel';

/** Spec §2 Needs: a need without photos shows these three stock pictures. */
export const STOCK_IMAGES: readonly CarouselImage[] = [1, 2, 3].map((n) => ({
  src: `/images/stock/needs-${n}.svg`,
  alt: '',
}));

/** The need's photos for a carousel, named after the need (server paths made absolute). */
export const needImages = (need: Pick<Need, 'images' | 'serviceName'>): CarouselImage[] =>
  need.images.map((path, index) => ({ src: assetUrl(path) ?? path, alt: `${need.serviceName}, photo ${index + 1} of ${need.images.length}` }));

/** 'city, state' as a card shows where a need is; either alone, or '' without both. */
export const needPlace = ({ city, state }: Pick<NeedLocation, 'city' | 'state'>) => [city, state].filter(Boolean).join(', ');

/** 'address, city, state, postal code' as the detail page shows it. */
export const needAddress = ({ address, city, state, postalCode }: NeedLocation) => [address, city, state, postalCode].filter(Boolean).join(', ');
