import { Carousel } from '@/shared/ui/carousel';
import { BANNER_INTERVAL_MS, banners } from '../config/banners';

export function BannerSlider() {
  return (
    <Carousel
      className="home__banner"
      label="Featured"
      intervalMs={BANNER_INTERVAL_MS}
      // The banner's SVGs are 1200 × 500; the box is reserved at that shape before they load.
      aspectRatio={1200 / 500}
      // The banner as it was: it keeps turning after a dot is pressed (its pause toggle stops it), no arrows.
      pauseOnHover={false}
      pauseOnFocus={false}
      showArrows={false}
      slides={banners.map((banner, index) => ({
        key: banner.key,
        content: (
          <img
            src={banner.src}
            alt={banner.alt}
            width={1200}
            height={500}
            loading={index === 0 ? 'eager' : 'lazy'}
            decoding="async"
          />
        ),
      }))}
    />
  );
}
