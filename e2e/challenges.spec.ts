import { expect, test } from './session';

// Challenges against the real server: a new traveller joins one, ticks its steps off, earns its
// badge and tokens; all of it survives a reload.

test.describe('challenges', () => {
  test.use({ signedIn: true });

  test('join a challenge, tick off every step, earn the badge and its tokens', async ({ page }) => {
    await page.goto('/challenges');
    await expect(page.getByRole('heading', { name: 'Travel Challenges', level: 1 })).toBeVisible();
    await page.getByRole('list', { name: 'Challenges' }).getByRole('link', { name: /Street Food Explorer/ }).click();
    await expect(page).toHaveURL(/\/challenge-details\//);
    await expect(page.getByRole('heading', { name: 'Street Food Explorer', level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'How to Participate' }).getByRole('listitem')).toHaveCount(3);

    await page.getByRole('button', { name: 'Join Challenge' }).click();
    await expect(page.getByText('Successfully Joined!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'You have joined this challenge' })).toBeDisabled();
    await page.reload();
    await expect(page.getByRole('button', { name: 'You have joined this challenge' })).toBeDisabled();

    // My Challenges lists it; its card opens the joined page, where the steps are ticked off.
    await page.goto('/challenges?tab=mychallenges');
    const mine = page.getByRole('list', { name: 'My challenges' }).getByRole('link', { name: /Street Food Explorer/ });
    await expect(mine).toContainText('0 of 3 steps done');
    await mine.click();
    await expect(page).toHaveURL(/\/joined-challenge\//);
    await page.getByRole('checkbox', { name: /^Step 1:/ }).check();
    await expect(page.getByRole('status').filter({ hasText: 'steps done' })).toHaveText('1 of 3 steps done');
    await page.reload();
    await expect(page.getByRole('checkbox', { name: /^Step 1:/ })).toBeChecked();
    await page.getByRole('checkbox', { name: /^Step 2:/ }).check();
    await expect(page.getByRole('checkbox', { name: /^Step 2:/ })).toBeEnabled();
    await page.getByRole('checkbox', { name: /^Step 3:/ }).check();
    await expect(page.getByText('Badge earned!')).toBeVisible();
    await expect(page.getByText('Completed · Street Food Scout badge earned')).toBeVisible();

    // The badge shows in My Badges and its tokens in the menu's 'Token:' count, after a reload.
    await page.goto('/challenges?tab=badges');
    await expect(page.getByRole('list', { name: 'Badges' }).getByRole('link', { name: /Street Food Scout/ })).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByText('Token: 15')).toBeVisible();
  });
});
