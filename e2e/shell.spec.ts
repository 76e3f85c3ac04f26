import { expect, test } from '@playwright/test';

test('the shell is hidden on the auth routes and shown elsewhere', async ({ page }) => {
  for (const route of ['/login', '/register', '/forgot-password']) {
    await page.goto(route);
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: /main/i })).toHaveCount(0);
  }
  await page.goto('/about-us');
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: /main/i });
  for (const label of ['Home', 'Needs', 'Event', 'Skills', 'Companion']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
});

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/place');
  await expect(page.getByText('Oops! Page not found.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('Home greets, shows the six tiles and the side menu closes on an outside click', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Loading your travel experience')).toBeVisible();
  await expect(page.getByText(/Good (Morning|Afternoon|Evening)/)).toBeVisible({ timeout: 5_000 });
  for (const [name, href] of [['Needs', '/needs'], ['Events', '/events'], ['Skills', '/skills'], ['Companions', '/companions'], ['Street Map', '/map'], ['Whispers', '/whispers']]) {
    await expect(page.locator(`main a[href="${href}"]`).filter({ hasText: name }).first()).toBeVisible();
  }
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByText('Account', { exact: true })).toBeVisible();
  await page.mouse.click(375, 420);
  await expect(page.getByText('Account', { exact: true })).toBeHidden();
});

test('Help & Support mails the support address; Companions is coming soon', async ({ page }) => {
  await page.goto('/help-support');
  await expect(page.getByRole('link', { name: 'Send Email' })).toHaveAttribute('href', /^mailto:.+@.+/);
  await page.goto('/companions');
  await expect(page.getByText('Coming Soon!')).toBeVisible();
});
