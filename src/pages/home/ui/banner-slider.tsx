import { Carousel } from '@/shared/ui/carousel';
import { BANNER_INTERVAL_MS, banners } from '../config/banners';

export function BannerSlider() {
  return (
    <Carousel
      className="home__banner"
      label="Featured"
      interval={BANNER_INTERVAL_MS}
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
