import type { CarouselImage } from '@/shared/ui/carousel';
import { assetUrl } from '@/shared/config';

/** Spec §2 Needs: a need without photos shows these three stock pictures. */
export const STOCK_IMAGES: readonly CarouselImage[] = [1, 2, 3].map((n) => ({
  src: `/images/stock/needs-${n}.svg`,
  alt: '',
}));

/** The need's photos for a carousel, named after the need (server paths made absolute). */
export const needImages = (images: readonly string[], name: string): CarouselImage[] =>
  images.map((path, index) => ({ src: assetUrl(path) ?? path, alt: `${name}, photo ${index + 1} of ${images.length}` }));
