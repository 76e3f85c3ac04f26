import { uniqueUser } from './helpers';
import { api, expect, registerViaApi, sessionState, storedToken, storedUserId, test } from './session';

// Two travellers in two browsers against the real server: a friend request answered live, messages
// that appear on the other side without a reload, and a like that shows in the author's notifications.

test.describe('realtime', () => {
  test.use({ signedIn: true });

  test('friend request accepted live, messages both ways without reloading, a like in the notifications', async ({ page, browser, request, account }) => {
    // B, the other traveller, with a whisper of their own.
    const other = { ...uniqueUser(), firstName: 'Bela', lastName: 'Noor' };
    await registerViaApi(request, other);
    const otherState = await sessionState(request, other);
    const otherId = storedUserId(otherState);
    const published = await request.post(api('/api/whispers'), {
      headers: { Authorization: `Bearer ${storedToken(otherState)}` },
      multipart: { title: `Monsoon in Munnar ${other.username}`, location: 'Munnar, Kerala', category: 'Mountain', description: 'Tea hills in the rain.' },
    });
    expect(published.status(), await published.text()).toBe(201);
    const whisperId = ((await published.json()) as { whisper: { _id: string } }).whisper._id;

    const otherContext = await browser.newContext({ storageState: otherState });
    const otherPage = await otherContext.newPage();
    await otherPage.goto('/all-requests');
    await expect(otherPage.getByRole('heading', { name: 'Friend Requests', level: 1 })).toBeVisible();
    await expect(otherPage.getByText('0 pending')).toBeVisible();

    // A asks from B's profile; B's open list shows the request without a reload, and B accepts it.
    await page.goto(`/whispers/profile/${otherId}`);
    await page.getByRole('button', { name: 'Add friend' }).click();
    await expect(page.getByRole('button', { name: 'Request pending' })).toBeVisible();
    const request_ = otherPage.getByRole('list', { name: 'Pending friend requests' }).getByRole('listitem');
    await expect(request_).toHaveCount(1);
    await expect(request_).toContainText(`${account.firstName} ${account.lastName}`);
    await request_.getByRole('button', { name: 'Accept' }).click();
    await expect(otherPage.getByText('Friend request accepted.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Friends' })).toBeVisible();

    // Messages: B watches the inbox; A writes; the conversation appears at B's, then both talk.
    await otherPage.goto('/messages');
    await expect(otherPage.getByText('No messages yet')).toBeVisible();
    await page.getByRole('link', { name: 'Message' }).click();
    await expect(page.getByRole('heading', { name: 'Bela Noor', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello from the other browser');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('log')).toContainText('Hello from the other browser');
    const row = otherPage.getByRole('list', { name: 'Conversations' }).getByRole('link');
    await expect(row).toContainText('Hello from the other browser');
    await expect(row).toContainText('1 unread');
    await row.click();
    await expect(otherPage.getByRole('log')).toContainText('Hello from the other browser');
    await otherPage.getByRole('textbox', { name: 'Message' }).fill('Hi! Got it live.');
    await otherPage.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(page.getByRole('log')).toContainText('Hi! Got it live.');

    // A likes B's whisper; B's bell counts it and the notifications list shows it, with no reload.
    const bell = otherPage.getByRole('button', { name: 'Open notifications' });
    await page.goto(`/whispers/whisper-detail/${whisperId}`);
    await page.getByRole('button', { name: /^Like Monsoon in Munnar/ }).click();
    await expect(page.getByRole('button', { name: /^Like Monsoon in Munnar.*1 like$/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(bell).toHaveAccessibleDescription(/unread/);
    await bell.click();
    const drawer = otherPage.getByRole('dialog', { name: 'Notifications' });
    await expect(drawer.getByRole('heading', { name: 'New like' })).toBeVisible();
    await expect(drawer.getByText(`@${account.username} liked your whisper`)).toBeVisible();
    await otherContext.close();
  });
});
