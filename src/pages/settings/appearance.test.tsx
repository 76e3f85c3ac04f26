import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@mocks/server';
import { startTheme, stopTheme, THEME_COLORS, THEME_KEY } from '@/shared/lib/theme';
import { fakeMatchMedia } from '@test-utils/match-media';
import { renderWithProviders, storeLogin } from '@test-utils/render';

// Settings → Appearance: the device's theme (System, Light, Dark), applied at once and kept.

const originalMatchMedia = window.matchMedia;
const root = document.documentElement;
const themeColor = () => document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content;
const systemPrefers = (dark: boolean) => {
  window.matchMedia = fakeMatchMedia((query) => dark && query === '(prefers-color-scheme: dark)');
};

/** What the page does as it starts (src/app/index.tsx), then Settings. */
async function openAppearance() {
  startTheme();
  const view = renderWithProviders('/settings');
  const section = await screen.findByRole('region', { name: 'Appearance' });
  return { ...view, group: within(section).getByRole('group', { name: 'Theme' }) };
}

beforeEach(() => {
  document.head.innerHTML = '<meta name="theme-color" content="#0f766e" />';
  root.removeAttribute('data-theme');
  systemPrefers(false);
  storeLogin();
});
afterEach(() => {
  stopTheme();
  window.matchMedia = originalMatchMedia;
});

it('offers System, Light and Dark; System is chosen at first and nothing is stored', async () => {
  const { group } = await openAppearance();
  const radios = within(group).getAllByRole('radio');
  expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['system', 'light', 'dark']);
  expect(within(group).getByRole('radio', { name: 'System' })).toBeChecked();
  expect(localStorage.getItem(THEME_KEY)).toBeNull();
  expect(root).not.toHaveAttribute('data-theme');
});

it('applies Dark at once and keeps it on the device across a reload', async () => {
  const { group, user, unmount } = await openAppearance();
  await user.click(within(group).getByRole('radio', { name: 'Dark' }));
  expect(root).toHaveAttribute('data-theme', 'dark');
  expect(themeColor()).toBe(THEME_COLORS.dark);
  expect(localStorage.getItem(THEME_KEY)).toBe('dark');

  // A reload: the page and the theme module start again from what the device stored.
  unmount();
  stopTheme();
  root.removeAttribute('data-theme');
  const again = await openAppearance();
  expect(root).toHaveAttribute('data-theme', 'dark');
  expect(within(again.group).getByRole('radio', { name: 'Dark' })).toBeChecked();
});

it('keeps the theme across a logout, which clears the rest of localStorage', async () => {
  server.use(http.post('*/api/logout', () => HttpResponse.json({ message: 'Logged out successfully' })));
  const { group, user } = await openAppearance();
  await user.click(within(group).getByRole('radio', { name: 'Light' }));
  expect(root).toHaveAttribute('data-theme', 'light');

  await user.click(screen.getByRole('button', { name: 'Open menu' }));
  // The menu's code loads on first open.
  const menu = await screen.findByRole('dialog', { name: 'Account' });
  await user.click(within(menu).getByRole('button', { name: 'Logout' }));
  await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
  expect(localStorage.getItem('userData')).toBeNull();
  expect(localStorage.getItem(THEME_KEY)).toBe('light');
  expect(localStorage.length).toBe(1);
  expect(root).toHaveAttribute('data-theme', 'light');
});

it('System forgets the stored choice and follows the system\'s preference', async () => {
  systemPrefers(true);
  localStorage.setItem(THEME_KEY, 'light');
  const { group, user } = await openAppearance();
  expect(within(group).getByRole('radio', { name: 'Light' })).toBeChecked();
  expect(themeColor()).toBe(THEME_COLORS.light);

  await user.click(within(group).getByRole('radio', { name: 'System' }));
  expect(localStorage.getItem(THEME_KEY)).toBeNull();
  // No attribute: global.css's prefers-color-scheme block decides; the bars follow the dark system.
  expect(root).not.toHaveAttribute('data-theme');
  expect(themeColor()).toBe(THEME_COLORS.dark);
});
