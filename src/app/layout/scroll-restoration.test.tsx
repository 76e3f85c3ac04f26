import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders, skipSplash } from '@test-utils/render';

beforeEach(skipSplash);

const scrollTo = jest.spyOn(window, 'scrollTo');
let scrollY = 0;
Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });

/** The user scrolls the window to `y`. */
function scrollWindow(y: number) {
  scrollY = y;
  fireEvent.scroll(window);
}

afterEach(() => {
  scrollY = 0;
  scrollTo.mockClear();
});

it('a new page starts at the top; back returns to where the previous one was left', async () => {
  const { router } = renderWithProviders('/about-us');
  await screen.findByRole('heading', { name: 'About Us', level: 1 });
  scrollWindow(400);

  await act(() => router.navigate('/help-support'));
  await screen.findByRole('heading', { name: 'Help & Support', level: 1 });
  expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  scrollWindow(120);

  await act(() => router.navigate(-1));
  await screen.findByRole('heading', { name: 'About Us', level: 1 });
  expect(scrollTo).toHaveBeenLastCalledWith(0, 400);

  await act(() => router.navigate(1));
  await screen.findByRole('heading', { name: 'Help & Support', level: 1 });
  expect(scrollTo).toHaveBeenLastCalledWith(0, 120);
});

it('a #hash goes to its element', async () => {
  const scrollIntoView = jest.fn();
  Element.prototype.scrollIntoView = scrollIntoView;
  const { router } = renderWithProviders('/help-support');
  await screen.findByRole('heading', { name: 'Help & Support', level: 1 });
  scrollTo.mockClear();

  await act(() => router.navigate('/about-us#about-mission'));
  await screen.findByRole('heading', { name: 'About Us', level: 1 });
  expect(scrollIntoView.mock.contexts).toEqual([screen.getByRole('heading', { name: 'Our mission' })]);
  expect(scrollTo).not.toHaveBeenCalled();
});

it('positions are kept for the tab when the page is left (a reload), and the browser restores on its own again', async () => {
  const { router } = renderWithProviders('/about-us');
  await screen.findByRole('heading', { name: 'About Us', level: 1 });
  expect(window.history.scrollRestoration).toBe('manual');
  scrollWindow(250);

  fireEvent(window, new Event('pagehide'));
  expect(JSON.parse(sessionStorage.getItem('react-router-scroll-positions') ?? '{}')).toEqual({ [router.state.location.key]: 250 });
  expect(window.history.scrollRestoration).toBe('auto');
});
