import type { Page } from '@playwright/test';
import { demoPosition } from '../mocks/fixtures/geo';
import { logIn } from './helpers';
import { readCodeFromOutbox } from './mail';
import { expect, sessionState, test } from './session';

// A 1×1 PNG; the server re-encodes it to WebP.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

// Each journey gets a fresh account through the API; the signed-in ones start with its stored
// session. Only the login journeys go through the login form (and its 3 to 5 s redirect).
test.describe.configure({ timeout: 60_000 });

/** An API call with the token this page has stored; its HTTP status. */
const apiStatus = (page: Page, path: string) =>
  page.evaluate(
    async (url) => (await fetch(url, { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } })).status,
    path,
  );

test('forgot password: code by e-mail, new password, log in with it', async ({ page, account: user }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page).toHaveTitle('Forgot Password | Need Spot');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('An OTP has been sent to your email.')).toBeVisible();
  await expect(page).toHaveURL(/\/forgot-password\/otp\?email=/);

  const code = await readCodeFromOutbox(user.email);
  // One digit per box, typed: each advances to the next.
  await page.getByLabel('Digit 1 of 6').pressSequentially(code);
  await expect(page.getByLabel('Digit 6 of 6')).toHaveValue(code[5]);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('Your OTP has been successfully verified.')).toBeVisible();
  await expect(page).toHaveURL(/\/forgot-password\/set-password$/);

  await page.getByLabel('New password').fill('brand-new-1');
  await page.getByLabel('Confirm password').fill('brand-new-2');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm password').fill('brand-new-1');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Password successfully updated!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, { username: user.username, password: 'brand-new-1' });
});

test.describe('signed in', () => {
  test.use({ signedIn: true });

  test('profile: edit after confirming, survives a reload; photo upload; a fake image is refused', async ({ page, account: user }) => {
    await page.goto('/profile');
    await expect(page).toHaveTitle('My Profile | Need Spot');
    await expect(page.getByRole('heading', { name: user.firstName, level: 2 })).toBeVisible();
    await expect(page.getByText(`@${user.username}`)).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();
    await expect(page.getByLabel('Contact No')).toHaveValue(user.contactNumber);

    await page.getByLabel('Full Name').fill('Nila Explorer');
    await page.getByLabel('Bio').fill('Mountains first, beaches later.');
    await page.getByLabel('Gender').selectOption('other');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save changes?' });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Your profile has been updated successfully.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nila', level: 2 })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Full Name')).toHaveValue('Nila Explorer');
    await expect(page.getByLabel('Bio')).toHaveValue('Mountains first, beaches later.');
    await expect(page.getByLabel('Gender')).toHaveValue('other');
    // The menu shows the new name from the stored session.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Account' }).getByText('Nila Explorer')).toBeVisible();
    await page.keyboard.press('Escape');

    // A real image: uploaded, re-encoded and shown from /uploads.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Change photo' }).click();
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('Profile image updated!')).toBeVisible();
    const photo = page.getByRole('img', { name: 'Profile photo' });
    await expect(photo).toHaveAttribute('src', /\/uploads\/profile\/[0-9a-f-]+\.webp$/);
    // The new src is set before the browser has fetched it: wait for it to load (and decode) for real.
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const src = await photo.getAttribute('src');

    await page.reload();
    await expect(page.getByRole('img', { name: 'Profile photo' })).toHaveAttribute('src', src ?? '');

    // Text with an image name and type: the server looks at the bytes.
    await page.getByLabel('Change photo').setInputFiles({ name: 'cat.png', mimeType: 'image/png', buffer: Buffer.from('just text') });
    await expect(page.getByText('Please select an image file')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Profile photo' })).toHaveAttribute('src', src ?? '');
  });

  test.describe('with the browser position in Panaji', () => {
    test.use({
      geolocation: { latitude: demoPosition.latitude, longitude: demoPosition.longitude },
      permissions: ['geolocation'],
    });

    test("the profile switch fills the location; the Location page shows city and state", async ({ page }) => {
      await page.goto('/profile');
      const toggle = page.getByRole('switch', { name: 'Use Current Location' });
      await toggle.click();
      await expect(toggle).toBeChecked();
      await expect(page.getByLabel('Location', { exact: true })).toHaveValue('Panaji, Goa');
      await toggle.click();
      await expect(page.getByLabel('Location', { exact: true })).toHaveValue('');

      await page.goto('/location');
      await expect(page).toHaveTitle('Location | Need Spot');
      await expect(page.getByText('Panaji', { exact: true })).toBeVisible();
      await expect(page.getByText('Goa', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Real-time Updates' })).toBeDisabled();
      await page.getByRole('button', { name: 'Refresh Now' }).click();
      await expect(page.getByText('Panaji', { exact: true })).toBeVisible();
    });
  });

  test('without permission the Location page says why', async ({ page }) => {
    await page.goto('/location');
    await expect(page.getByText('Permission denied to access location')).toBeVisible();
    await expect(
      page.getByText('Could not access your precise location. Make sure location permissions are enabled in your browser.'),
    ).toBeVisible();
  });

  test('change e-mail with a code from the new address', async ({ page, account: user }) => {
    const newEmail = `new.${user.email}`;

    await page.goto('/settings');
    await expect(page).toHaveTitle('Account Settings | Need Spot');
    await expect(page.getByText(user.email)).toBeVisible();
    await expect(page.getByText('Premium Member')).toBeVisible();
    await page.getByRole('link', { name: 'Change Email' }).click();
    await expect(page).toHaveURL(/\/settings\/change-email$/);
    await page.getByLabel('New Email').fill(newEmail);
    await page.getByRole('button', { name: 'Receive OTP' }).click();
    await expect(page.getByText('OTP Sent')).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/verify-email-otp$/);

    await page.getByLabel('OTP', { exact: true }).fill('0000');
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(page.getByText('Invalid OTP.')).toBeVisible();

    await page.getByLabel('OTP', { exact: true }).fill(await readCodeFromOutbox(newEmail));
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(page.getByText('Email Verified')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('userData'))) ?? '{}').email).toBe(newEmail);

    await page.goto('/settings');
    await expect(page.getByText(newEmail)).toBeVisible();
  });

  test('change password: other sessions end, this one stays, the new password logs in', async ({ page, browser, account: user, request }) => {
    const other = await browser.newContext({ storageState: await sessionState(request, user) });
    const otherPage = await other.newPage();
    await otherPage.goto('/');
    expect(await apiStatus(otherPage, '/api/notifications')).toBe(200);

    await page.goto('/settings');
    await page.getByRole('link', { name: 'Change Password' }).click();
    await expect(page).toHaveURL(/\/settings\/change-password$/);
    await page.getByLabel('Current Password', { exact: true }).fill('wrong-password');
    await page.getByLabel('New Password', { exact: true }).fill('changed-123');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('changed-123');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Current password is incorrect')).toBeVisible();

    await page.getByLabel('Current Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Password Changed')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    expect(await apiStatus(page, '/api/notifications')).toBe(200);
    expect(await apiStatus(otherPage, '/api/notifications')).toBe(401);

    // The server drops the other tab's socket as its session ends: the tab asks again, is refused,
    // and ends there at once, saying why (no click needed).
    await expect(otherPage).toHaveURL(/\/login$/);
    await expect(otherPage.getByText('Your session has ended. Please log in again.')).toBeVisible();
    expect(await otherPage.evaluate(() => localStorage.length)).toBe(0);

    await logIn(otherPage, { username: user.username, password: 'changed-123' });
    await other.close();
  });

  test('delete account: asked first, everything cleared, the login is gone', async ({ page, account: user }) => {
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Delete Account' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Deleted!')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Invalid username or password')).toBeVisible();
  });
});
