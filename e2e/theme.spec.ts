import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { expect, test } from './session';

// The dark theme in a real browser: it follows the system, a choice in Settings → Appearance overrides
// it at once, stays across a reload and a logout, and System goes back to following the system.

test.use({ signedIn: true, reducedMotion: 'reduce' });

/** What the page shows: its color-scheme (set with the tokens), the body's colour and the browser bars'. */
const drawn = (page: Page) =>
  page.evaluate(() => ({
    scheme: getComputedStyle(document.documentElement).colorScheme,
    body: getComputedStyle(document.body).backgroundColor,
    themeColor: document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content,
    attribute: document.documentElement.getAttribute('data-theme'),
    stored: localStorage.getItem('theme'),
  }));

const LIGHT = { scheme: 'light', body: 'rgb(245, 247, 246)', themeColor: '#0f766e' };
const DARK = { scheme: 'dark', body: 'rgb(15, 23, 42)', themeColor: '#0f172a' };

async function openAppearance(page: Page) {
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Appearance' });
  await expect(section.getByRole('group', { name: 'Theme' })).toBeVisible();
  return section;
}

test('follows the system with no choice, and nothing is stored', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const section = await openAppearance(page);
  await expect(section.getByRole('radio', { name: 'System' })).toBeChecked();
  expect(await drawn(page)).toEqual({ ...DARK, attribute: null, stored: null });

  // The system turns light while the page is open: the page and the bars follow.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => drawn(page)).toEqual({ ...LIGHT, attribute: null, stored: null });
});

test('a choice applies at once, before the app renders on a reload, and stays across a logout', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const section = await openAppearance(page);
  await section.getByRole('radio', { name: 'Dark' }).check();
  // At once: within a second (once, in CI, the body was read a frame before its new colour).
  await expect.poll(() => drawn(page), { timeout: 1000 }).toEqual({ ...DARK, attribute: 'dark', stored: 'dark' });
  await expectNoSeriousViolations(page, '/settings with Dark chosen');

  // On a reload the theme is on the page by the time the document has loaded (the bundle's first
  // module), before React renders anything.
  await page.evaluate(() => sessionStorage.setItem('themeProbe', ''));
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      sessionStorage.setItem('themeProbe', `${document.documentElement.getAttribute('data-theme')}|${document.getElementById('root')?.childElementCount}`);
    });
  });
  await page.reload();
  await expect(section.getByRole('radio', { name: 'Dark' })).toBeChecked();
  expect(await page.evaluate(() => sessionStorage.getItem('themeProbe'))).toBe('dark|0');
  expect(await drawn(page)).toEqual({ ...DARK, attribute: 'dark', stored: 'dark' });

  // Logout clears the member's data from localStorage, not the device's theme.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(await drawn(page)).toEqual({ ...DARK, attribute: 'dark', stored: 'dark' });
  await page.goto('/login');
  expect(await drawn(page)).toEqual({ ...DARK, attribute: 'dark', stored: 'dark' });
});

test('Light on a dark system, then System again', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const section = await openAppearance(page);
  await section.getByRole('radio', { name: 'Light' }).check();
  await expect.poll(() => drawn(page), { timeout: 1000 }).toEqual({ ...LIGHT, attribute: 'light', stored: 'light' });
  await expectNoSeriousViolations(page, '/settings with Light chosen on a dark system');

  await section.getByRole('radio', { name: 'System' }).check();
  await expect.poll(() => drawn(page), { timeout: 1000 }).toEqual({ ...DARK, attribute: null, stored: null });
});
