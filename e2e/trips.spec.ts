import { expect, test } from './session';
import { api, registerViaApi, sessionState, storedToken, storedUserId } from './session';
import { uniqueUser } from './helpers';

// Trips and companions against the real server: plan a trip and find it in My trips (after a
// reload too), change it, cancel it; two travellers whose trips overlap find each other.

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);

test.describe('trips', () => {
  test.use({ signedIn: true });

  test('plan a trip, see it listed, edit it, cancel it', async ({ page }) => {
    await page.goto('/plan-trip');
    await page.getByRole('combobox', { name: 'From' }).fill('Delhi');
    await page.getByRole('combobox', { name: 'From' }).press('Escape');
    await page.getByRole('combobox', { name: 'Where To' }).fill('Leh Ladakh');
    await page.getByRole('combobox', { name: 'Where To' }).press('Escape');
    await page.getByLabel('Start Date').fill(day(20));
    await expect(page.getByLabel('End Date')).toHaveAttribute('min', day(21));
    await page.getByLabel('End Date').fill(day(24));
    await expect(page.getByText('No. of Days:')).toContainText('4');
    await page.getByLabel('No. Of Traveller').fill('2');
    await page.getByLabel('Budget').fill('30000');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Your trip request has been sent successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/trips');
    const upcoming = page.getByRole('region', { name: 'Upcoming' });
    await expect(upcoming).toContainText('Leh Ladakh');
    await page.reload();
    await expect(upcoming).toContainText('Delhi');

    await upcoming.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/trips\/[0-9a-f-]{36}\/edit$/);
    await expect(page.getByRole('combobox', { name: 'Where To' })).toHaveValue('Leh Ladakh');
    await page.getByLabel('No. Of Traveller').fill('3');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Your trip has been updated.')).toBeVisible();
    await expect(page).toHaveURL(/\/trips$/);
    await expect(upcoming).toContainText('3');

    await upcoming.getByRole('button', { name: 'Cancel trip' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel trip' }).click();
    await expect(page.getByText('Your trip has been cancelled.')).toBeVisible();
    await expect(page.getByText('Leh Ladakh')).toHaveCount(0);
  });
});

test('two travellers whose trips overlap, both opted in, see each other on /companions', async ({ browser, request }) => {
  const anna = uniqueUser();
  const ben = uniqueUser();
  await registerViaApi(request, anna);
  await registerViaApi(request, ben);
  const annaState = await sessionState(request, anna);
  const benState = await sessionState(request, ben);
  // A destination of this run alone, so other runs' trips do not show.
  const place = `Spiti ${anna.username.slice(5, 12)}`;
  for (const [state, start, end] of [[annaState, 30, 36], [benState, 34, 40]] as const) {
    const planned = await request.post(api(`/api/send-trip-request/${storedUserId(state)}`), {
      headers: { authorization: `Bearer ${storedToken(state)}` },
      data: { from: 'Delhi', to: place, startDate: day(start), endDate: day(end), peopleCount: 1, budget: 15000 },
    });
    expect(planned.status(), await planned.text()).toBe(201);
  }
  // Ben opts in through the API; Anna with the switch in Settings.
  const on = await request.put(api(`/api/users/${storedUserId(benState)}/companion-matching`), {
    headers: { authorization: `Bearer ${storedToken(benState)}` }, data: { enabled: true },
  });
  expect(on.status()).toBe(200);

  const annaContext = await browser.newContext({ storageState: annaState });
  const annaPage = await annaContext.newPage();
  await annaPage.goto('/companions');
  // Not opted in yet: no one is listed, and the page says how to get matches.
  await expect(annaPage.getByText('Let travellers with overlapping trips find me').first()).toBeVisible();
  await annaPage.goto('/settings');
  const matching = annaPage.getByRole('switch', { name: 'Let travellers with overlapping trips find me' });
  await expect(matching).not.toBeChecked();
  await matching.click();
  await expect(annaPage.getByText('Travellers with overlapping trips can now find you.')).toBeVisible();

  await annaPage.goto('/companions');
  const annaList = annaPage.getByRole('list', { name: 'Travel companions' });
  await expect(annaList).toContainText(`@${ben.username}`);
  await expect(annaList).toContainText(place);
  await expect(annaList).toContainText('You overlap 3 days');
  await expect(annaList).not.toContainText(ben.email);
  await expect(annaList.getByRole('link', { name: /Message/ })).toHaveAttribute('href', `/messages/${storedUserId(benState)}`);

  const benContext = await browser.newContext({ storageState: benState });
  const benPage = await benContext.newPage();
  await benPage.goto('/companions');
  await expect(benPage.getByRole('list', { name: 'Travel companions' })).toContainText(`@${anna.username}`);
  await annaContext.close();
  await benContext.close();
});
