import { uniqueUser } from './helpers';
import { picture } from './pictures';
import { expect, registerViaApi, sessionState, test } from './session';

// Whispers against the real server: an author publishes a story with a real picture; another
// traveller finds it, likes it and follows the author; both survive a reload.

const uniqueWord = () => Array.from({ length: 9 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

test.describe('whispers', () => {
  test.use({ signedIn: true });

  test('publish a whisper with a picture; another traveller finds it, likes it and follows the author', async ({ page, browser, request, account }) => {
    const word = uniqueWord();
    const title = `Blue hour at Chapora ${word}`;
    const photo = await picture('banners/banner-2.svg', 'jpeg', 1200);

    await page.goto('/whispers/create-whisper');
    await expect(page).toHaveTitle('New Whisper | Need Spot');
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Location', { exact: true }).fill('Chapora, Goa');
    await page.getByLabel('Category', { exact: true }).selectOption('Hidden Gem');
    await page.getByLabel('Images', { exact: true }).setInputFiles([photo]);
    await page.getByLabel('Story', { exact: true }).fill(`Climb up twenty minutes before sunset (${word}).`);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Whisper published!')).toBeVisible();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    const detailUrl = page.url();
    // The picture the server stored (re-encoded WebP), loaded in the carousel.
    const image = page.getByRole('img', { name: `${title}, image 1` });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await image.getAttribute('src')).toMatch(/\/uploads\/whispers\/.+\.webp$/);

    // Another traveller: the list's search finds it; a like shows at once and stays after a reload.
    const reader = uniqueUser();
    await registerViaApi(request, reader);
    const other = await browser.newContext({ storageState: await sessionState(request, reader) });
    const readerPage = await other.newPage();
    await readerPage.goto('/whispers');
    await readerPage.getByRole('searchbox', { name: 'Search whispers' }).fill(word);
    const card = readerPage.getByRole('list', { name: 'Whispers' }).getByRole('listitem');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('link', { name: `@${account.username}` })).toBeVisible();
    await card.getByRole('button', { name: `Like ${title}, 0 likes` }).click();
    await expect(card.getByRole('button', { name: `Like ${title}, 1 like` })).toHaveAttribute('aria-pressed', 'true');
    await readerPage.goto(detailUrl);
    await expect(readerPage.getByRole('button', { name: `Like ${title}, 1 like` })).toHaveAttribute('aria-pressed', 'true');

    // Follow the author after the confirmation; the author's profile counts the follower, after a reload too.
    await readerPage.getByRole('button', { name: 'Follow' }).click();
    await readerPage.getByRole('dialog', { name: `Follow @${account.username}?` }).getByRole('button', { name: 'Follow' }).click();
    await expect(readerPage.getByText('You are now following this user.')).toBeVisible();
    await readerPage.getByRole('link', { name: 'Profile' }).click();
    await expect(readerPage.getByRole('heading', { name: `${account.firstName} ${account.lastName}`, level: 1 })).toBeVisible();
    await readerPage.reload();
    const followers = readerPage.getByRole('definition').first();
    await expect(followers).toHaveText('1');
    await expect(readerPage.getByRole('button', { name: 'Unfollow' })).toBeVisible();
    await expect(readerPage.getByRole('link', { name: new RegExp(title) })).toBeVisible();
    await other.close();

    // The author sees the like, and can delete the whisper (after a confirmation).
    await page.reload();
    await expect(page.getByRole('button', { name: `Like ${title}, 1 like` })).toHaveAttribute('aria-pressed', 'false');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this whisper?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL('/whispers');
    await page.goto(detailUrl);
    await expect(page.getByText('Whisper not found')).toBeVisible();
  });

  test('a friend request from the author profile: pending, then accepted on /all-requests, after reloads too', async ({ page, browser, request, account }) => {
    const asker = uniqueUser();
    await registerViaApi(request, asker);
    const other = await browser.newContext({ storageState: await sessionState(request, asker) });
    const askerPage = await other.newPage();
    // The author's id, as the author's own profile link shows it.
    await page.goto('/whispers');
    const authorId = await page.evaluate(() => (JSON.parse(localStorage.getItem('userData') ?? '{}') as { _id?: string })._id ?? '');
    await askerPage.goto(`/whispers/profile/${authorId}`);
    await expect(askerPage.getByRole('heading', { name: `${account.firstName} ${account.lastName}`, level: 1 })).toBeVisible();
    await askerPage.getByRole('button', { name: 'Add friend' }).click();
    await expect(askerPage.getByText('Friend request sent.')).toBeVisible();
    await askerPage.reload();
    await expect(askerPage.getByRole('button', { name: 'Request pending' })).toHaveAttribute('aria-disabled', 'true');

    await page.goto('/all-requests');
    const row = page.getByRole('list', { name: 'Pending friend requests' }).getByRole('listitem').filter({ hasText: `@${asker.username}` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('MT'); // no photo: the initials of Mira Traveller
    await row.getByRole('button', { name: 'Accept' }).click();
    await expect(row).toHaveCount(0);
    await expect(page.getByText('Friend request accepted.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('No pending requests')).toBeVisible();

    await askerPage.reload();
    await expect(askerPage.getByRole('button', { name: 'Friends' })).toHaveAttribute('aria-disabled', 'true');
    await other.close();
  });
});
