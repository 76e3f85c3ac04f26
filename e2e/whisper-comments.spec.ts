import { uniqueUser } from './helpers';
import { api, expect, registerViaApi, sessionState, storedToken, test } from './session';

// Comments under a whisper, in two browsers against the real server: what one traveller writes
// appears at the other's open page without a reload (the whisper's room on the socket), replies,
// edits and deletions too, and the comments survive a reload.

test.describe('comments on whispers', () => {
  test.use({ signedIn: true });

  test('a comment appears live in a second browser viewing the same whisper; a reply, an edit and a deletion too', async ({ page, browser, request, account }) => {
    // B, the whisper's author, in a browser of their own.
    const author = { ...uniqueUser(), firstName: 'Bela', lastName: 'Noor' };
    await registerViaApi(request, author);
    const authorState = await sessionState(request, author);
    const title = `Chapora at blue hour ${author.username}`;
    const published = await request.post(api('/api/whispers'), {
      headers: { Authorization: `Bearer ${storedToken(authorState)}` },
      multipart: { title, location: 'Chapora, Goa', category: 'Hidden Gem', description: 'Climb up twenty minutes before sunset.' },
    });
    expect(published.status(), await published.text()).toBe(201);
    const whisperId = ((await published.json()) as { whisper: { _id: string } }).whisper._id;
    const detail = `/whispers/whisper-detail/${whisperId}`;

    const authorContext = await browser.newContext({ storageState: authorState });
    const authorPage = await authorContext.newPage();
    await authorPage.goto(detail);
    const authorComments = authorPage.getByRole('region', { name: /^Comments/ });
    await expect(authorComments.getByText('No comments yet. Be the first to say something.')).toBeVisible();

    // A, the reader, opens the same whisper and writes; B's open page shows it without a reload.
    await page.goto(detail);
    const comments = page.getByRole('region', { name: /^Comments/ });
    await expect(comments.getByRole('heading', { name: 'Comments (0)' })).toBeVisible();
    const box = comments.getByRole('textbox', { name: 'Add a comment' });
    await expect(box).toHaveAccessibleDescription('0 of 1,000 characters');
    await page.getByRole('button', { name: 'Post comment' }).click();
    await expect(comments.getByText('Comment cannot be empty.')).toBeVisible();
    await box.fill('Is the path down lit after sunset?');
    await expect(box).toHaveAccessibleDescription('34 of 1,000 characters');
    await page.getByRole('button', { name: 'Post comment' }).click();
    await expect(box).toHaveValue('');
    const readerName = `${account.firstName} ${account.lastName}`;
    await expect(comments.getByRole('article', { name: `Comment by ${readerName}` })).toContainText('Is the path down lit after sunset?');
    const live = authorComments.getByRole('article', { name: `Comment by ${readerName}` });
    await expect(live).toContainText('Is the path down lit after sunset?');
    await expect(authorComments.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();

    // B replies from their page; A's shows the reply under the comment, live.
    await live.getByRole('button', { name: `Reply to ${readerName}` }).click();
    await authorPage.getByRole('textbox', { name: `Reply to ${readerName}` }).fill('Not lit: bring a torch.');
    await authorPage.getByRole('button', { name: 'Reply', exact: true }).click();
    const replies = comments.getByRole('list', { name: `Replies to ${readerName}` });
    await expect(replies.getByRole('article', { name: 'Comment by Bela Noor' })).toContainText('Not lit: bring a torch.');
    await expect(comments.getByRole('heading', { name: 'Comments (2)' })).toBeVisible();

    // A edits their comment; B sees the new text, marked edited.
    const mine = comments.getByRole('article', { name: `Comment by ${readerName}` });
    await mine.getByRole('button', { name: `Edit comment by ${readerName}` }).click();
    await mine.getByRole('textbox', { name: 'Edit your comment' }).fill('Is the path down from the fort lit after sunset?');
    await mine.getByRole('button', { name: 'Save' }).click();
    await expect(live).toContainText('Is the path down from the fort lit after sunset?');
    await expect(live).toContainText('(edited)');

    // Both survive a reload; the card on the list counts them; B was told of the comment.
    await page.reload();
    await expect(comments.getByRole('article', { name: `Comment by ${readerName}` })).toContainText('Is the path down from the fort lit after sunset?');
    await expect(comments.getByRole('list', { name: `Replies to ${readerName}` })).toContainText('Not lit: bring a torch.');
    await page.goto('/whispers');
    await page.getByLabel('Search whispers').fill(author.username);
    await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('2 comments');
    await authorPage.getByRole('button', { name: 'Open notifications' }).click();
    await expect(authorPage.getByRole('dialog', { name: 'Notifications' }).getByRole('heading', { name: 'New comment' })).toBeVisible();
    await authorPage.keyboard.press('Escape');

    // B, whose whisper it is, deletes A's comment (its reply with it): gone from A's open page too.
    await page.goto(detail);
    await expect(comments.getByRole('heading', { name: 'Comments (2)' })).toBeVisible();
    await live.getByRole('button', { name: `Delete comment by ${readerName}` }).click();
    const confirm = authorPage.getByRole('dialog', { name: 'Delete this comment?' });
    await expect(confirm).toContainText('It will be gone for everyone, with its reply.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(comments.getByText('No comments yet. Be the first to say something.')).toBeVisible();
    await expect(comments.getByRole('heading', { name: 'Comments (0)' })).toBeVisible();
    await expect(authorComments.getByRole('heading', { name: 'Comments (0)' })).toBeVisible();
    await authorContext.close();
  });
});
