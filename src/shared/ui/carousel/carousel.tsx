import { useState, type CSSProperties, type FocusEvent, type ReactNode } from 'react';
import { usePrefersReducedMotion } from '@/shared/lib/reduced-motion';
import { useInterval } from '@/shared/lib/use-interval';
import { Icon } from '../icon';
import './carousel.css';

export interface CarouselSlide {
  key: string;
  content: ReactNode;
}

export interface CarouselImage {
  src: string;
  alt: string;
}

interface CarouselProps {
  /** Accessible name of the carousel region. */
  label: string;
  /** Image mode: one image per slide; controls are named "Previous image", "Show image 2 of 3". */
  images?: readonly CarouselImage[];
  /** Shown instead when `images` is empty (the needs board's stock pictures). */
  placeholders?: readonly CarouselImage[];
  /** Content mode, for slides that are more than an image (dots named "Go to slide 2"). Ignored when `images` is given. */
  slides?: readonly CarouselSlide[];
  /** Auto-advance period in ms (home banner and create pages 2000, skills 3000); null = manual only. */
  intervalMs?: number | null;
  /** Length of the slide animation in ms (needs cards 500). */
  transitionMs?: number;
  /** Width / height of the slide area, reserved before any image loads so nothing below moves. */
  aspectRatio?: number;
  /** Stop advancing while the pointer is over the carousel. */
  pauseOnHover?: boolean;
  /** Stop advancing while keyboard focus is inside (its controls would move under the user otherwise). */
  pauseOnFocus?: boolean;
  /** Previous / next buttons over the slides. */
  showArrows?: boolean;
  /** The pause / play toggle (WCAG 2.2.2 for carousels that keep moving). */
  showPlayToggle?: boolean;
  className?: string;
}

/** Intrinsic size given to every image (with the aspect ratio): the browser reserves the box at once. */
const IMAGE_WIDTH = 960;

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * A looping slider: one slide shown at a time, advancing by itself every `intervalMs`, with
 * previous / next buttons and pagination dots. It stands still while hovered or focused, when the
 * user prefers reduced motion (until they press play) and when paused with the toggle.
 */
export function Carousel({
  label,
  images,
  placeholders = [],
  slides: contentSlides = [],
  intervalMs = 3000,
  transitionMs = 500,
  aspectRatio = 16 / 9,
  pauseOnHover = true,
  pauseOnFocus = true,
  showArrows = true,
  showPlayToggle = true,
  className,
}: CarouselProps) {
  const reducedMotion = usePrefersReducedMotion();
  const imageMode = images !== undefined;
  const shownImages = images && images.length > 0 ? images : placeholders;
  const slides: readonly CarouselSlide[] = imageMode
    ? shownImages.map((image, imageIndex) => ({
        key: `${imageIndex}:${image.src}`,
        content: (
          <img
            className="carousel__image"
            src={image.src}
            alt={image.alt}
            width={IMAGE_WIDTH}
            height={Math.round(IMAGE_WIDTH / aspectRatio)}
            // The first image is the one on screen; the others wait until the browser needs them.
            loading={imageIndex === 0 ? 'eager' : 'lazy'}
            decoding="async"
          />
        ),
      }))
    : contentSlides;

  const count = slides.length;
  const [current, setCurrent] = useState(0);
  // null until the user presses the toggle: then their choice wins over the reduced-motion setting.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const playing = playChoice ?? !reducedMotion;
  const index = count === 0 ? 0 : Math.min(current, count - 1);
  const running =
    intervalMs !== null && count > 1 && playing && !(pauseOnHover && hovered) && !(pauseOnFocus && focused);

  // The index is the reset key, so a manual change gets a full period before the next advance.
  useInterval(() => setCurrent((value) => (value + 1) % count), running ? intervalMs : null, index);

  if (count === 0) return null;

  const show = (target: number) => setCurrent((target + count) % count);
  const dotLabel = (position: number) =>
    imageMode ? `Show image ${position} of ${count}` : `Go to slide ${position}`;
  const noun = imageMode ? 'image' : 'slide';

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    // Focus moving between the carousel's own buttons is not leaving it.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      className={cx('carousel', className)}
      aria-roledescription="carousel"
      aria-label={label}
      style={{ '--carousel-ratio': aspectRatio, '--carousel-transition': `${transitionMs}ms` } as CSSProperties}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className="carousel__viewport">
        <div
          className="carousel__track"
          style={{ transform: `translateX(-${index * 100}%)` }}
          aria-live={running ? 'off' : 'polite'}
        >
          {slides.map((slide, slideIndex) => (
            <div
              key={slide.key}
              className="carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${slideIndex + 1} of ${count}`}
              aria-hidden={slideIndex !== index}
              inert={slideIndex !== index}
            >
              {slide.content}
            </div>
          ))}
        </div>

        {showArrows && count > 1 && (
          <>
            <button
              type="button"
              className="carousel__arrow carousel__arrow--prev"
              aria-label={`Previous ${noun}`}
              onClick={() => show(index - 1)}
            >
              <Icon name="chevronLeft" size={20} />
            </button>
            <button
              type="button"
              className="carousel__arrow carousel__arrow--next"
              aria-label={`Next ${noun}`}
              onClick={() => show(index + 1)}
            >
              <Icon name="chevronRight" size={20} />
            </button>
          </>
        )}
      </div>

      {count > 1 && (
        <div className="carousel__controls">
          {showPlayToggle && intervalMs !== null && (
            <button
              type="button"
              className="carousel__toggle"
              aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
              onClick={() => setPlayChoice(!playing)}
            >
              <Icon name={playing ? 'pause' : 'play'} size={16} />
            </button>
          )}
          <div className="carousel__dots">
            {slides.map((slide, slideIndex) => (
              <button
                key={slide.key}
                type="button"
                className={cx('carousel__dot', slideIndex === index && 'is-active')}
                aria-label={dotLabel(slideIndex + 1)}
                aria-current={slideIndex === index ? 'true' : undefined}
                onClick={() => show(slideIndex)}
              >
                <span className="carousel__dot-mark" />
              </button>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
