import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { preferReducedMotion } from '@test-utils/match-media';
import { Carousel, type CarouselImage } from '.';

const images: CarouselImage[] = [
  { src: '/uploads/needs/a.webp', alt: 'Bike on a hill' },
  { src: '/uploads/needs/b.webp', alt: 'Tent by a lake' },
  { src: '/uploads/needs/c.webp', alt: 'Map and compass' },
];

const placeholders: CarouselImage[] = [
  { src: '/images/stock/needs-1.svg', alt: 'Travellers helping each other' },
  { src: '/images/stock/needs-2.svg', alt: 'A shared backpack' },
  { src: '/images/stock/needs-3.svg', alt: 'A helping hand on the road' },
];

const region = () => screen.getByRole('region', { name: 'Photos' });
const shown = () => within(region()).getByRole('button', { current: true });

const originalMatchMedia = window.matchMedia;

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  window.matchMedia = originalMatchMedia;
});

it('shows one image at a time, advancing every intervalMs and looping to the first', () => {
  render(<Carousel label="Photos" images={images} intervalMs={3000} />);

  expect(shown()).toHaveAccessibleName('Show image 1 of 3');
  expect(within(region()).getByRole('group', { name: '1 of 3' })).toContainElement(
    screen.getByRole('img', { name: 'Bike on a hill' }),
  );
  // Only the shown slide is exposed to assistive technology.
  expect(screen.queryByRole('img', { name: 'Tent by a lake' })).not.toBeInTheDocument();

  act(() => jest.advanceTimersByTime(2999));
  expect(shown()).toHaveAccessibleName('Show image 1 of 3');
  act(() => jest.advanceTimersByTime(1));
  expect(shown()).toHaveAccessibleName('Show image 2 of 3');
  expect(screen.getByRole('img', { name: 'Tent by a lake' })).toBeInTheDocument();

  act(() => jest.advanceTimersByTime(3000));
  expect(shown()).toHaveAccessibleName('Show image 3 of 3');
  act(() => jest.advanceTimersByTime(3000));
  expect(shown()).toHaveAccessibleName('Show image 1 of 3');
});

it('moves with the previous and next buttons (looping both ways) and the dots', () => {
  render(<Carousel label="Photos" images={images} intervalMs={null} />);

  fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
  expect(shown()).toHaveAccessibleName('Show image 3 of 3');
  fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
  expect(shown()).toHaveAccessibleName('Show image 1 of 3');
  fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
  expect(shown()).toHaveAccessibleName('Show image 2 of 3');

  fireEvent.click(screen.getByRole('button', { name: 'Show image 3 of 3' }));
  expect(shown()).toHaveAccessibleName('Show image 3 of 3');
  expect(screen.getByRole('button', { name: 'Show image 1 of 3' })).not.toHaveAttribute('aria-current');
  // Manual only: no toggle for a slideshow that does not run.
  expect(screen.queryByRole('button', { name: 'Pause slideshow' })).not.toBeInTheDocument();
});

it('gives a slide a full period after a manual change', () => {
  render(<Carousel label="Photos" images={images} intervalMs={2000} pauseOnFocus={false} />);
  act(() => jest.advanceTimersByTime(1500));
  fireEvent.click(screen.getByRole('button', { name: 'Show image 3 of 3' }));
  act(() => jest.advanceTimersByTime(1999));
  expect(shown()).toHaveAccessibleName('Show image 3 of 3');
  act(() => jest.advanceTimersByTime(1));
  expect(shown()).toHaveAccessibleName('Show image 1 of 3');
});

it('pauses while hovered', () => {
  render(<Carousel label="Photos" images={images} intervalMs={2000} />);
  fireEvent.mouseEnter(region());
  act(() => jest.advanceTimersByTime(6000));
  expect(shown()).toHaveAccessibleName('Show image 1 of 3');

  fireEvent.mouseLeave(region());
  act(() => jest.advanceTimersByTime(2000));
  expect(shown()).toHaveAccessibleName('Show image 2 of 3');
});

it('pauses while focus is inside, also when it moves between its controls', () => {
  render(
    <>
      <Carousel label="Photos" images={images} intervalMs={2000} />
      <button type="button">Elsewhere</button>
    </>,
  );
  act(() => screen.getByRole('button', { name: 'Next image' }).focus());
  act(() => screen.getByRole('button', { name: 'Show image 3 of 3' }).focus());
  act(() => jest.advanceTimersByTime(6000));
  expect(shown()).toHaveAccessibleName('Show image 1 of 3');

  act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
  act(() => jest.advanceTimersByTime(2000));
  expect(shown()).toHaveAccessibleName('Show image 2 of 3');
});

it('stops and starts with the pause / play toggle', () => {
  render(<Carousel label="Photos" images={images} intervalMs={2000} pauseOnFocus={false} />);
  fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
  act(() => jest.advanceTimersByTime(6000));
  expect(shown()).toHaveAccessibleName('Show image 1 of 3');

  fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
  act(() => jest.advanceTimersByTime(2000));
  expect(shown()).toHaveAccessibleName('Show image 2 of 3');
});

it('does not advance by itself when the user prefers reduced motion, until they press play', () => {
  preferReducedMotion();
  render(<Carousel label="Photos" images={images} intervalMs={2000} pauseOnFocus={false} />);
  act(() => jest.advanceTimersByTime(10_000));
  expect(shown()).toHaveAccessibleName('Show image 1 of 3');

  // The buttons still work, and play is an explicit choice.
  fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
  expect(shown()).toHaveAccessibleName('Show image 2 of 3');
  fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
  act(() => jest.advanceTimersByTime(2000));
  expect(shown()).toHaveAccessibleName('Show image 3 of 3');
});

it('shows the placeholders when there are no images', () => {
  render(<Carousel label="Photos" images={[]} placeholders={placeholders} intervalMs={null} />);
  expect(screen.getByRole('img', { name: 'Travellers helping each other' })).toHaveAttribute(
    'src',
    '/images/stock/needs-1.svg',
  );
  expect(within(region()).getAllByRole('button', { name: /^Show image/ })).toHaveLength(3);
});

it('renders nothing with neither images nor placeholders', () => {
  const { container } = render(<Carousel label="Photos" images={[]} />);
  expect(container).toBeEmptyDOMElement();
});

it('reserves its box: a fixed aspect ratio, sized images, lazy after the first', () => {
  render(<Carousel label="Photos" images={images} aspectRatio={4 / 3} transitionMs={500} />);
  expect(region().style.getPropertyValue('--carousel-ratio')).toBe(String(4 / 3));
  expect(region().style.getPropertyValue('--carousel-transition')).toBe('500ms');

  const imgs = region().querySelectorAll('img');
  expect([...imgs].map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
  for (const img of imgs) {
    expect(img).toHaveAttribute('width', '960');
    expect(img).toHaveAttribute('height', '720');
  }
});

it('a single image has no controls and does not move', () => {
  render(<Carousel label="Photos" images={images.slice(0, 1)} />);
  expect(screen.getByRole('img', { name: 'Bike on a hill' })).toBeInTheDocument();
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});
