import type { APIRequestContext, Page } from '@playwright/test';
import { demoPosition } from '../mocks/fixtures/geo';
import { uniqueUser, type TestUser } from './helpers';
import { picture } from './pictures';
import { api, expect, registerViaApi, sessionState, storedToken, storedUserId, test } from './session';

// The content boards (needs, events, skills) and the home search, against the real server. Each
// journey posts under its own fresh account with a random word in its titles, so journeys running
// side by side (and the demo content) never match each other's searches.

/** A word no other record has: lower-case letters only, so full-text search keeps it whole. */
const uniqueWord = () => Array.from({ length: 9 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

const UNAUTHORIZED = 'Unauthorized: You are not logged in. Please log in to submit an event.';

/** Waits until a picture has been fetched and decoded, and answers its natural size. */
async function loadedSize(page: Page, alt: string) {
  const image = page.getByAltText(alt, { exact: true });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return image.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
}

/** Waits until the needs board's open tab shows its cards. */
async function needsTabLoaded(page: Page) {
  await expect(page.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible();
}

interface NeedText {
  type: 'need' | 'available';
  category: string;
  serviceName: string;
  description: string;
  phone: string;
  email: string;
}

/** Fills the create-need form's text fields and the Type radio (the place is left to the journey). */
async function fillNeedText(page: Page, need: NeedText) {
  const typeLabel = need.type === 'need' ? 'Need (I am looking for help)' : 'Available (I offer a service)';
  await page.getByRole('radio', { name: typeLabel }).check();
  await page.getByLabel('Category', { exact: true }).fill(need.category);
  await page.getByLabel('Service name', { exact: true }).fill(need.serviceName);
  await page.getByLabel('Description', { exact: true }).fill(need.description);
  await page.getByLabel('Phone', { exact: true }).fill(need.phone);
  await page.getByLabel('Email', { exact: true }).fill(need.email);
}

/** Posts a need through the API, as the form would (multipart, bearer); its id. */
async function createNeedViaApi(request: APIRequestContext, user: TestUser, need: NeedText) {
  const state = await sessionState(request, user);
  const response = await request.post(api(`/api/create-need/${storedUserId(state)}`), {
    headers: { Authorization: `Bearer ${storedToken(state)}` },
    multipart: {
      ...need,
      address: 'Rua de Ourem',
      city: 'Panaji',
      state: 'Goa',
      postalCode: '403001',
      latitude: String(demoPosition.latitude),
      longitude: String(demoPosition.longitude),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { need: { _id: string } }).need._id;
}

test.describe('signed in', () => {
  test.use({ signedIn: true });

  test('create a need with two photos; find it on the board, in its tab, on its page and through home search', async ({ page, account: user }) => {
    const word = uniqueWord();
    const need: NeedText = {
      type: 'available',
      category: 'Adventure',
      serviceName: `Sunrise kayak trips ${word}`,
      description: `Two sit-on-top kayaks and paddles, with a sunrise trip up the Mandovi (${word}).`,
      phone: '+919812312345',
      email: `kayaks.${word}@example.com`,
    };
    const [banner, stock] = await Promise.all([
      picture('banners/banner-1.svg', 'jpeg', 1200),
      picture('stock/needs-2.svg', 'png', 800),
    ]);

    await page.goto('/needs/create-needs');
    await expect(page).toHaveTitle('Create a Need | Need Spot');
    await fillNeedText(page, need);
    await page.getByRole('combobox', { name: 'Address' }).fill('Rua de Ourem, Fontainhas');
    await page.getByLabel('City', { exact: true }).fill('Panaji');
    await page.getByLabel('State', { exact: true }).fill('Goa');
    await page.getByLabel('Postal code', { exact: true }).fill('403001');
    // The server looks the address up (GET /api/geo/search, the Nominatim stub): its first place.
    await page.getByRole('button', { name: 'Get Coordinates from Address' }).click();
    await expect(page.getByLabel('Latitude', { exact: true })).toHaveValue('15.498995');
    await expect(page.getByLabel('Longitude', { exact: true })).toHaveValue('73.828214');
    await page.getByLabel('Images', { exact: true }).setInputFiles([banner, stock]);
    await expect(page.getByText('Up to 4 images (2 of 4 chosen).')).toBeVisible();
    await expect(page.getByRole('img', { name: banner.name })).toBeVisible();
    await expect(page.getByRole('img', { name: stock.name })).toBeVisible();

    await page.getByRole('button', { name: 'Create Need' }).click();
    await expect(page.getByText('Need created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/needs$/);

    // The board: All shows it with its place; Available (its type) too; Needs does not.
    const card = page.getByRole('link', { name: need.serviceName });
    await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await expect(card).toBeVisible();
    await expect(card).toContainText('Panaji, Goa');
    await page.getByRole('tab', { name: 'Needs' }).click();
    await expect(page).toHaveURL(/\/needs\?type=need$/);
    await expect(page.getByRole('tab', { name: 'Needs' })).toHaveAttribute('aria-selected', 'true');
    await needsTabLoaded(page);
    await expect(card).toHaveCount(0);
    await page.getByRole('tab', { name: 'Available' }).click();
    await expect(page).toHaveURL(/\/needs\?type=available$/);
    await expect(page.getByRole('tab', { name: 'Available' })).toHaveAttribute('aria-selected', 'true');
    await expect(card).toBeVisible();

    await card.click();
    await expect(page).toHaveURL(/\/needs\/[0-9a-f-]{36}$/);
    const detailUrl = page.url();
    const checkDetail = async () => {
      await expect(page).toHaveTitle(`${need.serviceName} | Need Spot`);
      await expect(page.getByText('AVAILABLE', { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: need.serviceName, level: 1 })).toBeVisible();
      await expect(page.getByText(need.category, { exact: true })).toBeVisible();
      await expect(page.getByText(need.description, { exact: true })).toBeVisible();
      await expect(page.getByText('Rua de Ourem, Fontainhas, Panaji, Goa, 403001', { exact: true })).toBeVisible();
      await expect(page.getByRole('main').getByText(`${user.firstName} ${user.lastName}`, { exact: true })).toBeVisible();
      // Both photos, re-encoded by the server and served from /uploads at the size they were sent.
      const first = page.getByAltText(`${need.serviceName}, photo 1 of 2`, { exact: true });
      await expect(first).toHaveAttribute('src', /\/uploads\/needs\/[0-9a-f-]+\.webp$/);
      expect(await loadedSize(page, `${need.serviceName}, photo 1 of 2`)).toEqual({ width: banner.width, height: banner.height });
      await page.getByRole('button', { name: 'Show image 2 of 2' }).click();
      const second = page.getByAltText(`${need.serviceName}, photo 2 of 2`, { exact: true });
      await expect(second).toHaveAttribute('src', /\/uploads\/needs\/[0-9a-f-]+\.webp$/);
      expect(await loadedSize(page, `${need.serviceName}, photo 2 of 2`)).toEqual({ width: stock.width, height: stock.height });
    };
    await checkDetail();
    await page.reload();
    await checkDetail();

    // Home search: a word of its name finds it, and the card leads to its page.
    await page.goto('/');
    // The first home visit of the session: the page is inert under the splash for its 2 s.
    const splash = page.getByText('Loading your travel experience');
    await expect(splash).toBeVisible();
    await expect(splash).toBeHidden({ timeout: 5_000 });
    await page.getByRole('searchbox', { name: 'Search' }).fill(word);
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await expect(page.getByRole('heading', { name: `Results for “${word}”` })).toBeVisible();
    await expect(page.getByText('1 match found', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Needs/, level: 3 })).toBeVisible();
    const hit = page.getByRole('link', { name: need.serviceName });
    await expect(hit).toContainText(need.category);
    await hit.click();
    await expect(page).toHaveURL(detailUrl);
    await expect(page.getByRole('heading', { name: need.serviceName, level: 1 })).toBeVisible();
  });

  test('request an event; find it on the board by text and by its start day; open it', async ({ page, account: user }) => {
    const word = uniqueWord();
    const title = `Fontainhas heritage walk ${word}`;
    const description = `A slow morning walk through the Latin quarter's lanes, ending with poi and chai (${word}).`;
    const address = 'Fontainhas, Panaji, Goa';
    // A day of its own, well after today (the date pickers refuse past days), ending the next day.
    const start = new Date();
    start.setDate(start.getDate() + 400 + Math.floor(Math.random() * 1000));
    const end = new Date(start);
    end.setDate(end.getDate() + 1);
    const day = (date: Date) =>
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    const banner = await picture('banners/banner-3.svg', 'jpeg', 1200);

    await page.goto('/events/add-event');
    await expect(page.getByRole('heading', { name: 'Request Event', level: 1 })).toBeVisible();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Description', { exact: true }).fill(description);
    await page.getByLabel('Full address', { exact: true }).fill(address);
    // Looked up once typing pauses, through the server (the Nominatim stub's first place).
    await expect(page.getByLabel('Latitude', { exact: true })).toHaveValue('15.498995');
    await expect(page.getByLabel('Longitude', { exact: true })).toHaveValue('73.828214');
    await page.getByLabel('Start date', { exact: true }).fill(day(start));
    await page.getByLabel('Start time', { exact: true }).fill('07:30');
    await page.getByLabel('End date', { exact: true }).fill(day(end));
    await page.getByLabel('End time', { exact: true }).fill('10:00');
    await page.getByLabel('Banner image', { exact: true }).setInputFiles(banner);
    await expect(page.getByRole('img', { name: 'Preview of the chosen banner' })).toBeVisible();

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Success', { exact: true })).toBeVisible();
    await expect(page.getByText('Event created!', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/events');
    const card = page.getByRole('link', { name: title });
    const search = page.getByRole('searchbox', { name: 'Search events' });
    const date = page.getByLabel('Filter by date', { exact: true });
    const events = page.getByRole('list', { name: 'Events' }).getByRole('listitem');
    await search.fill(word);
    await expect(card).toBeVisible();
    await expect(events).toHaveCount(1);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(search).toHaveValue('');

    // The date filter is the start day: the next day (still within the event) does not find it.
    await date.fill(day(end));
    await expect(page.getByText('No Events Found', { exact: true })).toBeVisible();
    await expect(page.getByText('Try other words or another day.')).toBeVisible();
    await date.fill(day(start));
    await expect(card).toBeVisible();
    await expect(events).toHaveCount(1);

    // Its days as the board writes them: the Indian English locale, in the browser's own calendar.
    const dates = await page.evaluate(
      (days) =>
        days
          .map((iso) => {
            const [y, m, d] = iso.split('-').map(Number);
            return new Date(y, m - 1, d).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
          })
          .join(' – '),
      [day(start), day(end)],
    );
    await expect(card).toContainText(dates);

    await card.click();
    await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
    await expect(page).toHaveTitle(`${title} | Need Spot`);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText(`By ${user.firstName} ${user.lastName}`, { exact: true })).toBeVisible();
    await expect(page.getByText(dates, { exact: true })).toBeVisible();
    await expect(page.getByText('07:30 – 10:00', { exact: true })).toBeVisible();
    await expect(page.getByText(address, { exact: true })).toBeVisible();
    await expect(page.getByText(description, { exact: true })).toBeVisible();
    // The banner, re-encoded by the server, at the size it was sent.
    const id = page.url().split('/').pop() ?? '';
    const { event } = (await (await page.request.get(api(`/api/join-event/${id}`))).json()) as { event: { thumbnail: string } };
    expect(event.thumbnail).toMatch(/\/uploads\/events\/[0-9a-f-]+\.webp$/);
    const shown = page.locator(`img[src="${event.thumbnail}"]`);
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(banner.width);
  });

  test('add a skill in a category of its own (Other); its page shows that category', async ({ page }) => {
    const word = uniqueWord();
    const title = `Bicycle tune-ups ${word}`;
    const customCategory = `Cycle mechanic ${word}`;
    const [cover, portfolio] = await Promise.all([
      picture('stock/skill-1.svg', 'png', 960),
      picture('banners/banner-2.svg', 'webp', 1200),
    ]);

    await page.goto('/skills/add-skills');
    await expect(page.getByRole('heading', { name: 'Add Skills', level: 1 })).toBeVisible();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Description', { exact: true }).fill(`Brakes, gears and punctures fixed while you wait (${word}).`);
    await expect(page.getByLabel('Custom category')).toHaveCount(0);
    await page.getByLabel('Category', { exact: true }).selectOption('Other');
    await page.getByLabel('Contact', { exact: true }).fill('+919812398765');
    await page.getByLabel('Full address', { exact: true }).fill('Rua de Ourem, Panaji');
    await page.getByLabel('Email', { exact: true }).fill(`bikes.${word}@example.com`);

    // Other asks for its own name, and a skill needs at least one image: nothing is sent without them.
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Custom category is required.')).toBeVisible();
    await expect(page.getByText('At least three image is required.')).toBeVisible();
    await expect(page).toHaveURL(/\/skills\/add-skills$/);

    await page.getByLabel('Custom category', { exact: true }).fill(customCategory);
    await page.getByLabel('Images', { exact: true }).setInputFiles(cover);
    await page.getByLabel('Portfolio images', { exact: true }).setInputFiles(portfolio);
    await expect(page.getByRole('img', { name: `Image 1: ${cover.name}` })).toBeVisible();
    await expect(page.getByRole('img', { name: `Portfolio image 1: ${portfolio.name}` })).toBeVisible();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Success', { exact: true })).toBeVisible();
    await expect(page.getByText('Event created!', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/skills');
    await page.getByRole('searchbox', { name: 'Search skills' }).fill(word);
    const card = page.getByRole('link', { name: title });
    await expect(card).toBeVisible();
    await expect(card).toContainText(customCategory);
    await card.click();
    await expect(page).toHaveURL(/\/skills\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText(customCategory, { exact: true })).toBeVisible();
    await expect(page.getByText('Other', { exact: true })).toHaveCount(0);
    await expect(page.getByText('Rua de Ourem, Panaji')).toBeVisible();
    expect(await loadedSize(page, `${title}, image 1`)).toEqual({ width: cover.width, height: cover.height });
    await expect(page.getByRole('button', { name: `Open ${title}, portfolio image 1` })).toBeVisible();
  });

  test.describe('with the browser position in Panaji', () => {
    test.use({
      geolocation: { latitude: demoPosition.latitude, longitude: demoPosition.longitude },
      permissions: ['geolocation'],
    });

    test('the owner edits and deletes their need; another traveller gets neither the controls nor the API', async ({ page, browser, request }) => {
      const word = uniqueWord();
      const need: NeedText = {
        type: 'need',
        category: 'Transport',
        serviceName: `Ferry tickets to Divar ${word}`,
        description: `Looking for someone who knows the ferry times to Divar island (${word}).`,
        phone: '+919812300011',
        email: `ferry.${word}@example.com`,
      };

      await page.goto('/needs/create-needs');
      await fillNeedText(page, need);
      // The browser's position, reverse-geocoded by the server (the Nominatim stub).
      await page.getByRole('button', { name: 'Use Current Location' }).click();
      await expect(page.getByRole('combobox', { name: 'Address' })).toHaveValue('Rua de Ourem, Fontainhas');
      await expect(page.getByLabel('City', { exact: true })).toHaveValue('Panaji');
      await expect(page.getByLabel('State', { exact: true })).toHaveValue('Goa');
      await expect(page.getByLabel('Postal code', { exact: true })).toHaveValue('403001');
      await expect(page.getByLabel('Latitude', { exact: true })).toHaveValue('15.490900');
      await expect(page.getByLabel('Longitude', { exact: true })).toHaveValue('73.827800');
      await page.getByRole('button', { name: 'Create Need' }).click();
      await expect(page.getByText('Need created successfully!')).toBeVisible();
      await page.getByRole('link', { name: need.serviceName }).click();
      await expect(page).toHaveURL(/\/needs\/[0-9a-f-]{36}$/);
      const id = page.url().split('/').pop() ?? '';

      // Edit: the same form, filled in from the need.
      await page.getByRole('link', { name: 'Edit' }).click();
      await expect(page).toHaveURL(`/needs/${id}/edit`);
      await expect(page.getByRole('heading', { name: 'Edit Need', level: 1 })).toBeVisible();
      await expect(page.getByRole('radio', { name: 'Need (I am looking for help)' })).toBeChecked();
      await expect(page.getByLabel('Category', { exact: true })).toHaveValue(need.category);
      await expect(page.getByLabel('Service name', { exact: true })).toHaveValue(need.serviceName);
      await expect(page.getByLabel('Description', { exact: true })).toHaveValue(need.description);
      await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(need.phone);
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(need.email);
      await expect(page.getByRole('combobox', { name: 'Address' })).toHaveValue('Rua de Ourem, Fontainhas');
      await expect(page.getByLabel('Postal code', { exact: true })).toHaveValue('403001');
      const renamed = `Ferry and bus tickets to Divar ${word}`;
      await page.getByLabel('Service name', { exact: true }).fill(renamed);
      await page.getByRole('radio', { name: 'Available (I offer a service)' }).check();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Need updated successfully!')).toBeVisible();
      await expect(page).toHaveURL(`/needs/${id}`);
      await page.reload();
      await expect(page.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();
      await expect(page.getByText('AVAILABLE', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible();

      // Another traveller: the page without Edit and Delete; the server refuses both.
      const stranger = uniqueUser();
      await registerViaApi(request, stranger);
      const strangerState = await sessionState(request, stranger);
      const other = await browser.newContext({ storageState: strangerState });
      const otherPage = await other.newPage();
      await otherPage.goto(`/needs/${id}`);
      await expect(otherPage.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();
      await expect(otherPage.getByRole('button', { name: 'Contact' })).toBeVisible();
      await expect(otherPage.getByRole('link', { name: 'Edit' })).toHaveCount(0);
      await expect(otherPage.getByRole('button', { name: 'Delete' })).toHaveCount(0);
      await otherPage.goto(`/needs/${id}/edit`);
      await expect(otherPage.getByText('You can only edit your own needs.')).toBeVisible();
      await expect(otherPage.getByLabel('Service name', { exact: true })).toHaveCount(0);
      await other.close();
      const asStranger = { Authorization: `Bearer ${storedToken(strangerState)}` };
      const edit = await request.put(api(`/api/needs/${id}`), {
        headers: asStranger,
        multipart: {
          ...need,
          serviceName: `Taken over ${word}`,
          address: 'Rua de Ourem',
          city: 'Panaji',
          state: 'Goa',
          postalCode: '403001',
          latitude: '15.4909',
          longitude: '73.8278',
          keepImages: '[]',
        },
      });
      expect(edit.status(), await edit.text()).toBe(403);
      const remove = await request.delete(api(`/api/needs/${id}`), { headers: asStranger });
      expect(remove.status(), await remove.text()).toBe(403);
      const after = (await (await request.get(api(`/api/singleneeds/${id}`))).json()) as { need: { serviceName: string } };
      expect(after.need.serviceName).toBe(renamed);

      // The owner deletes it, after confirming; the board no longer has it.
      await page.getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this need?' });
      await expect(dialog).toContainText(`“${renamed}” will be removed from the board, with its photos.`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await page.getByRole('button', { name: 'Delete' }).click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Need deleted', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/needs$/);
      await needsTabLoaded(page);
      // Under neither its old nor its new name.
      await expect(page.getByRole('link', { name: new RegExp(word) })).toHaveCount(0);
      await page.goto(`/needs/${id}`);
      await expect(page.getByText('Need not found')).toBeVisible();
    });
  });
});

test('a visitor browses the boards, is refused contact details, and is sent to log in to post', async ({ page, request, account: user }) => {
  const word = uniqueWord();
  const need: NeedText = {
    type: 'need',
    category: 'Guide',
    serviceName: `Birdwatching guide at Chorao ${word}`,
    description: `Two of us want an early-morning guide for the Salim Ali sanctuary (${word}).`,
    phone: '+919812300022',
    email: `birds.${word}@example.com`,
  };
  const id = await createNeedViaApi(request, user, need);
  // The server sends contact details to signed-in callers only.
  const publicAnswer = (await (await request.get(api(`/api/singleneeds/${id}`))).json()) as { need: Record<string, unknown> };
  expect(publicAnswer.need.serviceName).toBe(need.serviceName);
  expect(publicAnswer.need).not.toHaveProperty('contactDetails');

  await page.goto('/needs');
  await expect(page.getByRole('heading', { name: "Traveler's Needs", level: 1 })).toBeVisible();
  await page.getByRole('link', { name: need.serviceName }).click();
  await expect(page).toHaveURL(`/needs/${id}`);
  await expect(page.getByRole('heading', { name: need.serviceName, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Contact' }).click();
  const contact = page.getByRole('dialog', { name: 'Contact' });
  await expect(contact.getByText(`${user.firstName} ${user.lastName}`)).toBeVisible();
  await expect(contact.getByText('Log in to see the contact details.')).toBeVisible();
  await expect(contact.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  await expect(contact.getByLabel('Email')).toHaveCount(0);
  await expect(contact.getByLabel('Phone')).toHaveCount(0);
  await expect(page.getByText(need.email)).toHaveCount(0);
  await expect(page.getByText(need.phone)).toHaveCount(0);
  await contact.getByRole('button', { name: 'Close' }).click();
  await expect(contact).toBeHidden();

  // The events and skills boards open too, and their detail pages ask for a login the same way.
  for (const [board, heading] of [['/events', 'Events'], ['/skills', 'Skills']] as const) {
    await page.goto(board);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await page.getByRole('list', { name: heading }).getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`${board}/[0-9a-f-]{36}$`));
    await page.getByRole('button', { name: 'Contact' }).click();
    await expect(page.getByRole('dialog', { name: 'Contact' }).getByText('Log in to see the contact details.')).toBeVisible();
  }

  // Posting without a session: the Unauthorized alert, then the login screen, from each form.
  for (const [form, button] of [['/needs/create-needs', 'Create Need'], ['/events/add-event', 'Submit'], ['/skills/add-skills', 'Submit']] as const) {
    await page.goto(form);
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByText(UNAUTHORIZED, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  }
});
