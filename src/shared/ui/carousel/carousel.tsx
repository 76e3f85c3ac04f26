import { useState, type ReactNode } from 'react';
import { useInterval } from '@/shared/lib/use-interval';
import { Icon } from '../icon';
import './carousel.css';

export interface CarouselSlide {
  key: string;
  content: ReactNode;
}

interface CarouselProps {
  slides: CarouselSlide[];
  /** Accessible name of the carousel region. */
  label: string;
  /** Auto-advance period in ms (home banner 2000, skills and whispers 3000); null = manual only. */
  interval?: number | null;
  /** Pause while the pointer is over the slides. */
  pauseOnHover?: boolean;
  /** Show the pause / play toggle (WCAG 2.2.2 for carousels that keep moving). */
  showPlayToggle?: boolean;
  className?: string;
}

/** A looping slider with pagination dots named for screen readers ("Go to slide 2"). */
export function Carousel({
  slides,
  label,
  interval = 3000,
  pauseOnHover = false,
  showPlayToggle = true,
  className,
}: CarouselProps) {
  const count = slides.length;
  const [current, setCurrent] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const index = count === 0 ? 0 : Math.min(current, count - 1);
  const running = interval !== null && count > 1 && playing && !(pauseOnHover && hovered);

  // The index is the reset key, so a manual change gets a full period before the next advance.
  useInterval(() => setCurrent((value) => (value + 1) % count), running ? interval : null, index);

  if (count === 0) return null;

  return (
    <section
      className={['carousel', className].filter(Boolean).join(' ')}
      aria-roledescription="carousel"
      aria-label={label}
    >
      <div
        className="carousel__viewport"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
      >
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
      </div>

      {count > 1 && (
        <div className="carousel__controls">
          {showPlayToggle && interval !== null && (
            <button
              type="button"
              className="carousel__toggle"
              aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
              onClick={() => setPlaying((value) => !value)}
            >
              <Icon name={playing ? 'pause' : 'play'} size={16} />
            </button>
          )}
          <div className="carousel__dots">
            {slides.map((slide, slideIndex) => (
              <button
                key={slide.key}
                type="button"
                className={['carousel__dot', slideIndex === index && 'is-active'].filter(Boolean).join(' ')}
                aria-label={`Go to slide ${slideIndex + 1}`}
                aria-current={slideIndex === index ? 'true' : undefined}
                onClick={() => setCurrent(slideIndex)}
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
