import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { uniqueUser } from './helpers';
import { picture } from './pictures';
import { api, expect, registerViaApi, sessionState, test } from './session';

// An event with one place, against the real server: one member takes it, another joins the
// waitlist, and moves up (told live, by a notification) when the first one leaves. Three browsers:
// the organiser's, and one for each of the two members.

/** A signed-in browser of a new member (first name given). */
async function memberBrowser(browser: Browser, request: Parameters<typeof registerViaApi>[0], firstName: string) {
  const user = { ...uniqueUser(), firstName, lastName: 'Walker' };
  await registerViaApi(request, user);
  const context = await browser.newContext({ storageState: await sessionState(request, user), viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  return { user, context, page: await context.newPage() };
}

const panel = (page: Page) => page.getByRole('region', { name: 'Who is coming' });
const goingButton = (page: Page) => panel(page).getByRole('button', { name: 'Going' });

test.describe('event waitlist', () => {
  test.use({ signedIn: true });

  test('a member joins a full event\'s waitlist and moves up when the member going leaves', async ({ page, browser, request }) => {
    // The organiser makes an event with one place, through the form.
    const word = `kayak${Date.now().toString(36)}`;
    const title = `Sunset kayak ${word}`;
    const start = new Date();
    start.setDate(start.getDate() + 30 + Math.floor(Math.random() * 300));
    const day = `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}`;
    await page.goto('/events/add-event');
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Description', { exact: true }).fill('Two hours on the river with a guide; life jackets provided.');
    await page.getByLabel('Full address', { exact: true }).fill('Fontainhas, Panaji, Goa');
    await expect(page.getByLabel('Latitude', { exact: true })).toHaveValue('15.498995');
    await page.getByLabel('Start date', { exact: true }).fill(day);
    await page.getByLabel('Start time', { exact: true }).fill('17:00');
    await page.getByLabel('End date', { exact: true }).fill(day);
    await page.getByLabel('End time', { exact: true }).fill('19:00');
    await page.getByLabel('Capacity', { exact: true }).fill('1');
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await expect(page.getByText(`Days and times are in ${zone}.`)).toBeVisible();
    await page.getByLabel('Banner image', { exact: true }).setInputFiles(await picture('banners/banner-2.svg', 'jpeg', 800));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Event created!', { exact: true })).toBeVisible();
    const listed = (await (await request.get(api(`/api/all-requests?q=${word}`))).json()) as { events: { _id: string; capacity: number; timeZone: string }[] };
    expect(listed.events).toHaveLength(1);
    expect(listed.events[0]).toMatchObject({ capacity: 1, timeZone: zone });
    const eventPath = `/events/${listed.events[0]._id}`;

    // Bo takes the one place.
    const bo = await memberBrowser(browser, request, 'Bo');
    await bo.page.goto(eventPath);
    await expect(panel(bo.page)).toContainText('0 of 1 place taken');
    await goingButton(bo.page).click();
    await expect(panel(bo.page).getByRole('status')).toHaveText('You are going.');
    await expect(panel(bo.page)).toContainText('1 of 1 place taken');
    await expect(goingButton(bo.page)).toHaveAttribute('aria-pressed', 'true');

    // Ana finds it full and joins the waitlist; a reload finds her still there.
    const ana = await memberBrowser(browser, request, 'Ana');
    await ana.page.goto(eventPath);
    await expect(panel(ana.page)).toContainText('This event is full');
    await goingButton(ana.page).click();
    await expect(panel(ana.page).getByRole('status')).toHaveText('You are number 1 on the waitlist.');
    await ana.page.reload();
    await expect(panel(ana.page).getByRole('status')).toHaveText('You are number 1 on the waitlist.');
    await expect(panel(ana.page)).toContainText('1 of 1 place taken · 0 interested · 1 on the waitlist');
    const whoIsGoing = ana.page.getByRole('region', { name: 'Who is going' });
    await expect(whoIsGoing.getByRole('link', { name: /Bo Walker/ })).toBeVisible();
    await expectNoSeriousViolations(ana.page, 'an event page, on its waitlist');

    // Bo leaves: Ana is told live (her bell, with no reload) that she has the place.
    await goingButton(bo.page).click();
    await expect(goingButton(bo.page)).toHaveAttribute('aria-pressed', 'false');
    await expect(panel(bo.page).getByRole('status')).toHaveText('');
    const bell = ana.page.getByRole('button', { name: 'Open notifications' });
    await expect(bell).toHaveAccessibleDescription(/unread/);
    await bell.click();
    const drawer = ana.page.getByRole('dialog', { name: 'Notifications' });
    await expect(drawer.getByRole('heading', { name: `You have a place at ${title}` })).toBeVisible();
    await expect(drawer.getByText('A place opened up and you moved up from the waitlist: you are going.')).toBeVisible();
    await ana.page.keyboard.press('Escape');

    // Her page, read again, says so; she is on the list of who is going, and on her profile.
    await ana.page.reload();
    await expect(panel(ana.page).getByRole('status')).toHaveText('You are going.');
    await expect(goingButton(ana.page)).toHaveAttribute('aria-pressed', 'true');
    await expect(panel(ana.page)).toContainText('1 of 1 place taken · 0 interested');
    await expect(whoIsGoing.getByRole('link', { name: /Ana Walker/ })).toBeVisible();
    await expect(whoIsGoing.getByRole('link', { name: /Bo Walker/ })).toHaveCount(0);
    await ana.page.goto('/profile');
    await expect(ana.page.getByRole('list', { name: 'Going events' }).getByRole('link', { name: new RegExp(title) })).toBeVisible();
    await expectNoSeriousViolations(ana.page, 'the profile with My events');

    // The organiser's own page: the update form, and who is going. An update goes to the people
    // going: Ana reads it on her page; Bo, who left, reads that updates are for the people going.
    await page.goto(eventPath);
    await expect(page.getByRole('region', { name: 'Who is going' }).getByRole('link', { name: /Ana Walker/ })).toBeVisible();
    await page.getByRole('textbox', { name: 'Post an update to the people going' }).fill('Meet at the jetty, gate code 4512.');
    await page.getByRole('button', { name: 'Post update' }).click();
    await expect(page.getByText('Update posted', { exact: true })).toBeVisible();
    const organiserUpdates = page.getByRole('region', { name: 'Updates from the organiser' });
    await expect(organiserUpdates.getByText('Meet at the jetty, gate code 4512.')).toBeVisible();
    await expectNoSeriousViolations(page, 'an event page, to its organiser');
    await ana.page.goto(eventPath);
    await expect(ana.page.getByRole('region', { name: 'Updates from the organiser' }).getByText('Meet at the jetty, gate code 4512.')).toBeVisible();
    await bo.page.reload();
    const boUpdates = bo.page.getByRole('region', { name: 'Updates from the organiser' });
    await expect(boUpdates).toContainText('Updates from the organiser are shared with the people going.');
    await expect(boUpdates.getByText('Meet at the jetty, gate code 4512.')).toHaveCount(0);
    // The server agrees: Bo's own token gets 403, no token 401.
    const updatesUrl = api(`/api/events/${listed.events[0]._id}/updates`);
    const boToken = await bo.page.evaluate(() => localStorage.getItem('token'));
    const refused = await request.get(updatesUrl, { headers: { Authorization: `Bearer ${boToken}` } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Updates from the organiser are shared with the people going.' });
    expect((await request.get(updatesUrl)).status()).toBe(401);

    // Settings: Ana's calendar feed, which then holds the event.
    await ana.page.goto('/settings');
    await ana.page.getByRole('button', { name: 'Create feed URL' }).click();
    const feed = ana.page.getByRole('textbox', { name: 'Your feed URL' });
    await expect(feed).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await expectNoSeriousViolations(ana.page, 'the settings with a calendar feed');
    const feedText = await (await ana.page.request.get(await feed.inputValue())).text();
    expect(feedText).toContain(`SUMMARY:${title}`);

    // "Add to calendar" downloads the event as an iCalendar file.
    await ana.page.goto(eventPath);
    const href = await panel(ana.page).getByRole('link', { name: 'Add to calendar' }).getAttribute('href');
    const ics = await ana.page.request.get(href ?? '');
    expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await ics.text()).toContain(`SUMMARY:${title}`);

    await bo.context.close();
    await ana.context.close();
  });
});
