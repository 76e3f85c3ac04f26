import { logIn, register, uniqueUser } from './helpers';
import { expect, test } from './session';

test('a traveller registers, logs in and is greeted by first name on Home', async ({ page }) => {
  const user = uniqueUser();
  await register(page, user);
  await expect(page).toHaveTitle('Login | Access Your Travel Dashboard & Trips');
  await logIn(page, user);
  await expect(page.getByText(/Good (Morning|Afternoon|Evening)/)).toBeVisible();
  await expect(page.getByText(new RegExp(`\\b${user.firstName}\\b`)).first()).toBeVisible();
  const stored = await page.evaluate(() => ({ user: localStorage.getItem('userData'), token: localStorage.getItem('token') }));
  expect(JSON.parse(stored.user ?? '{}').username).toBe(user.username);
  expect(stored.token).toBeTruthy();

  // The session survives a reload.
  await page.reload();
  await expect(page.getByText(new RegExp(`\\b${user.firstName}\\b`)).first()).toBeVisible();
});

test('registering the same username twice shows the server message', async ({ page, account: user }) => {
  await page.goto('/register');
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(`other.${user.email}`);
  await page.getByLabel('Contact No.').fill('+919999000111');
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password').fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Username already taken')).toBeVisible();
  // Nothing typed is lost.
  await expect(page.getByLabel('Username')).toHaveValue(user.username);
});

test('a wrong password shows the spec message and keeps the form', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill('demo');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue('demo');
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
});

test('empty submits show the validation messages and send nothing', async ({ page }) => {
  const apiCalls: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/api/')) apiCalls.push(r.url()); });

  await page.goto('/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Username missing')).toBeVisible();
  await expect(page.getByText('Password missing')).toBeVisible();

  await page.goto('/register');
  await page.getByRole('button', { name: 'Create Account' }).click();
  for (const message of ['First name missing', 'Last name missing', 'Username missing', 'Email missing', 'Contact number is required', 'Password missing']) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(page).toHaveTitle('Create a Free Travel Account | Connect & Explore Globally');
  expect(apiCalls).toEqual([]);
});

test.describe('signed in', () => {
  test.use({ signedIn: true });

  test('logout clears the session and returns to Home', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  });
});
