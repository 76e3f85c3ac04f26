import { expect, type Page } from '@playwright/test';

export function uniqueUser() {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return {
    firstName: 'Mira',
    lastName: 'Traveller',
    username: `mira_${n}`.slice(0, 30),
    email: `mira.${n}@example.com`,
    contactNumber: `+91${String(Math.floor(1e9 + Math.random() * 9e9))}`,
    // Not on the common-passwords list the server refuses.
    password: 'trail-Mix-42',
  };
}

export type TestUser = ReturnType<typeof uniqueUser>;

export async function register(page: Page, user: TestUser) {
  await page.goto('/register');
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Contact No.').fill(user.contactNumber);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password').fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

export async function logIn(page: Page, user: Pick<TestUser, 'username' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login Successful!')).toBeVisible();
  await expect(page.getByText('Redirecting to your dashboard...')).toBeVisible();
  // The success view waits a random 3000-4999 ms before going home.
  await expect(page).toHaveURL(/\/$/, { timeout: 8_000 });
}

/**
 * Waits until the app's service worker controls the page (the production build registers it a few
 * seconds after load, when idle): only then does a reload with no connection open the app shell.
 */
export async function serviceWorkerControls(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}
