import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { answerReply, commenter, commentsAnswers, noteComment, postedComment, questionComment } from '@mocks/fixtures/comments';
import { fortWhisper, stepwellWhisper } from '@mocks/fixtures/whispers';
import { answerError, answerHeld } from '@mocks/handlers/answer';
import { server } from '@mocks/server';
import { fakeRealtime } from '@test-utils/fake-realtime';
import { renderWithProviders, storeLogin } from '@test-utils/render';

// The comments under a whisper (issue 35): the fort whisper is the demo user's own, with Meera's
// question (the demo user's reply under it) and a note of the demo user's: 3 comments.
const detail = `/whispers/whisper-detail/${fortWhisper._id}`;
const section = () => screen.findByRole('region', { name: /^Comments/ });
const thread = (name: string) => screen.findByRole('article', { name: `Comment by ${name}` });

/** The bodies and headers of the requests to `path` (a method and a pathname end). */
function requestsTo(method: string, path: RegExp) {
  const seen: Array<{ body: unknown; headers: Headers; url: URL }> = [];
  server.events.on('request:start', async ({ request }) => {
    const url = new URL(request.url);
    if (request.method === method && path.test(url.pathname)) {
      seen.push({ body: request.method === 'GET' ? null : await request.clone().json().catch(() => null), headers: request.headers, url });
    }
  });
  return seen;
}
afterEach(() => server.events.removeAllListeners());

it('shows the comments newest last, replies under theirs, who wrote each and when, \'(edited)\', and the count', async () => {
  renderWithProviders(detail);
  const comments = await section();
  expect(within(comments).getByRole('heading', { name: 'Comments (3)', level: 2 })).toBeInTheDocument();
  const list = within(comments).getByRole('list', { name: 'Comments' });
  const threads = within(list).getAllByRole('article').map((article) => article.getAttribute('aria-label'));
  expect(threads).toEqual(['Comment by Meera Iyer', 'Comment by Asha Rao', 'Comment by Asha Rao']);
  const question = await thread('Meera Iyer');
  expect(within(question).getByText(questionComment.text)).toBeInTheDocument();
  expect(within(question).getByRole('link', { name: 'Meera Iyer' })).toHaveAttribute('href', `/whispers/profile/${commenter._id}`);
  const replies = within(comments).getByRole('list', { name: 'Replies to Meera Iyer' });
  expect(within(replies).getByText(answerReply.text)).toBeInTheDocument();
  // The note is last, and was edited.
  const note = within(list).getAllByRole('article').at(-1)!;
  expect(within(note).getByText(noteComment.text)).toBeInTheDocument();
  expect(within(note).getByText('(edited)')).toBeInTheDocument();
});

it('a visitor reads them, with a way to log in and nothing to act with', async () => {
  renderWithProviders(detail);
  const comments = await section();
  await thread('Meera Iyer');
  expect(within(comments).getByRole('link', { name: 'Log in to comment' })).toHaveAttribute('href', '/login');
  expect(within(comments).queryByRole('textbox')).not.toBeInTheDocument();
  expect(within(comments).queryAllByRole('button', { name: /^(Reply|Edit|Delete|Report)/ })).toEqual([]);
});

it('says so when there are none, and when they could not be loaded (with Try again)', async () => {
  server.use(http.get('*/api/whispers/:id/comments', () => HttpResponse.json({ success: true, comments: [], nextCursor: null, commentCount: 0 })));
  const { unmount } = renderWithProviders(`/whispers/whisper-detail/${stepwellWhisper._id}`);
  expect(await screen.findByText('No comments yet. Be the first to say something.')).toBeInTheDocument();
  unmount();
  server.use(answerError(commentsAnswers.listComments, 'notFound'));
  renderWithProviders(detail);
  expect(await screen.findByText('Could not load comments')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});

describe('adding a comment', () => {
  it('a labelled box with a 1,000-character counter; empty and too long are refused before sending', async () => {
    storeLogin();
    const posts = requestsTo('POST', /\/comments$/);
    const { user } = renderWithProviders(detail);
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    expect(box).toHaveAccessibleDescription('0 of 1,000 characters');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(box).toHaveAccessibleDescription('0 of 1,000 characters Comment cannot be empty.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    // 1,001 characters (emoji count as one each, as the server counts them).
    fireEvent.change(box, { target: { value: `${'🌅'.repeat(1000)}!` } });
    expect(box).toHaveAccessibleDescription('1,001 of 1,000 characters Comment must be at most 1,000 characters.');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(posts).toEqual([]);
    fireEvent.change(box, { target: { value: '🌅'.repeat(1000) } });
    expect(box).toHaveAccessibleDescription('1,000 of 1,000 characters');
  });

  it('sends the trimmed text with an Idempotency-Key, says \'Posting...\' meanwhile, then shows it last and empties the box', async () => {
    storeLogin();
    const posts = requestsTo('POST', /\/comments$/);
    const held = answerHeld(commentsAnswers.createComment);
    server.use(held.handler);
    const { user } = renderWithProviders(detail);
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    await user.type(box, '  Sunset was at 19:10 today.  ');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByRole('button', { name: 'Posting...' })).toBeDisabled();
    held.release();
    const comments = await section();
    await waitFor(() => expect(within(comments).getAllByRole('article').at(-1)).toHaveTextContent(postedComment.text));
    expect(box).toHaveValue('');
    expect(within(comments).getByRole('heading', { name: 'Comments (4)' })).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toEqual({ text: 'Sunset was at 19:10 today.' });
    expect(posts[0].headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the text when sending fails, shows why, and a retry of the same text sends the same key', async () => {
    storeLogin();
    const posts = requestsTo('POST', /\/comments$/);
    server.use(http.post('*/api/whispers/:id/comments', () => HttpResponse.json({ message: 'Something went wrong' }, { status: 500 }), { once: true }));
    const { user } = renderWithProviders(detail);
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    await user.type(box, 'Worth the climb');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(box).toHaveValue('Worth the climb');
    expect(screen.getByRole('button', { name: 'Post comment' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(posts.map((post) => post.headers.get('Idempotency-Key'))).toEqual([posts[0].headers.get('Idempotency-Key'), posts[0].headers.get('Idempotency-Key')]);
  });

  it('replies one level: under the comment, with its id as the parent', async () => {
    storeLogin();
    const posts = requestsTo('POST', /\/comments$/);
    const reply = { ...postedComment, _id: 'a1a1a1a1-2b2b-4c3c-8d4d-5e5e5e5e5e5e', parentId: questionComment._id, text: 'Thanks, will do!' };
    server.use(http.post('*/api/whispers/:id/comments', () => HttpResponse.json({ status: true, message: 'Comment posted.', comment: reply }, { status: 201 })));
    const { user } = renderWithProviders(detail);
    await user.click(within(await thread('Meera Iyer')).getByRole('button', { name: 'Reply to Meera Iyer' }));
    const box = screen.getByRole('textbox', { name: 'Reply to Meera Iyer' });
    expect(box).toHaveFocus();
    await user.type(box, 'Thanks, will do!');
    await user.click(screen.getByRole('button', { name: 'Reply' }));
    const replies = screen.getByRole('list', { name: 'Replies to Meera Iyer' });
    await waitFor(() => expect(within(replies).getAllByRole('article').at(-1)).toHaveTextContent('Thanks, will do!'));
    expect(posts[0].body).toEqual({ text: 'Thanks, will do!', parentId: questionComment._id });
    expect(screen.queryByRole('textbox', { name: 'Reply to Meera Iyer' })).not.toBeInTheDocument();
    // Replies have no Reply of their own: one level.
    expect(within(replies).queryByRole('button', { name: /^Reply/ })).not.toBeInTheDocument();
  });
});

describe('edit, delete and report', () => {
  it('its author edits a comment in place: the new text, \'(edited)\'', async () => {
    storeLogin();
    const edits = requestsTo('PATCH', /\/api\/comments\//);
    const edited = { ...answerReply, text: 'Not lit: bring a head torch.', editedAt: '2025-06-06T08:00:00.000Z', edited: true };
    server.use(http.patch('*/api/comments/:id', () => HttpResponse.json({ status: true, message: 'Comment updated.', comment: edited })));
    const { user } = renderWithProviders(detail);
    await thread('Meera Iyer');
    const reply = within(screen.getByRole('list', { name: 'Replies to Meera Iyer' })).getByRole('article');
    expect(within(reply).queryByText('(edited)')).not.toBeInTheDocument();
    await user.click(within(reply).getByRole('button', { name: 'Edit comment by Asha Rao' }));
    const box = within(reply).getByRole('textbox', { name: 'Edit your comment' });
    expect(box).toHaveValue(answerReply.text);
    await user.clear(box);
    await user.type(box, 'Not lit: bring a head torch.');
    await user.click(within(reply).getByRole('button', { name: 'Save' }));
    expect(await within(reply).findByText('Not lit: bring a head torch.')).toBeInTheDocument();
    expect(within(reply).getByText('(edited)')).toBeInTheDocument();
    expect(within(reply).queryByRole('textbox')).not.toBeInTheDocument();
    expect(edits[0].body).toEqual({ text: 'Not lit: bring a head torch.' });
    expect(edits[0].url.pathname).toBe(`/api/comments/${answerReply._id}`);
  });

  it('the whisper\'s author deletes someone\'s comment after confirming: it goes with its reply, the count with them', async () => {
    storeLogin();
    const { user } = renderWithProviders(detail);
    const question = await thread('Meera Iyer');
    // Not theirs to edit, but theirs to report.
    expect(within(question).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(within(question).getByRole('button', { name: 'Report comment by Meera Iyer' })).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Delete comment by Meera Iyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    expect(dialog).toHaveTextContent('It will be gone for everyone, with its reply.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Comment by Meera Iyer' })).not.toBeInTheDocument());
    expect(screen.queryByText(answerReply.text)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comments (1)' })).toBeInTheDocument();
    expect(await screen.findByText('Comment deleted')).toBeInTheDocument();
  });

  it('on someone else\'s whisper: Delete only on one\'s own comments; a failed delete says why and keeps it', async () => {
    storeLogin();
    server.use(http.get('*/api/whispers/:id', () => HttpResponse.json({ success: true, whisper: stepwellWhisper })));
    server.use(answerError(commentsAnswers.deleteComment, 'notFound'));
    const { user } = renderWithProviders(`/whispers/whisper-detail/${stepwellWhisper._id}`);
    const question = await thread('Meera Iyer');
    expect(within(question).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    const note = within(await section()).getAllByRole('article').at(-1)!;
    await user.click(within(note).getByRole('button', { name: 'Delete comment by Asha Rao' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this comment?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Comment not found')).toBeInTheDocument();
    expect(within(note).getByText(noteComment.text)).toBeInTheDocument();
  });

  it('Report on a comment reports it as a comment', async () => {
    storeLogin();
    const reports = requestsTo('POST', /^\/api\/reports$/);
    const { user } = renderWithProviders(detail);
    await user.click(within(await thread('Meera Iyer')).getByRole('button', { name: 'Report comment by Meera Iyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report' });
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0].body).toEqual({ itemType: 'comment', itemId: questionComment._id, reason: 'harassment' });
  });

  it('tells its author that moderators hid their comment, and why', async () => {
    storeLogin();
    const hidden = { ...noteComment, moderation: { hidden: true, reason: 'Advertising' } };
    server.use(http.get('*/api/whispers/:id/comments', () => HttpResponse.json({ success: true, comments: [hidden], nextCursor: null, commentCount: 0 })));
    renderWithProviders(detail);
    expect(await screen.findByText('Moderators hid this: Advertising')).toBeInTheDocument();
  });
});

describe('paging', () => {
  it('\'Load earlier comments\' brings the older page above the newer one', async () => {
    const older = { ...questionComment, _id: 'b2b2b2b2-3c3c-4d4d-8e5e-6f6f6f6f6f6f', text: 'The first comment of all', replies: [], replyCount: 0 };
    const pages = requestsTo('GET', /\/comments$/);
    server.use(http.get('*/api/whispers/:id/comments', ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      return HttpResponse.json(cursor === 'older'
        ? { success: true, comments: [older], nextCursor: null, commentCount: 4 }
        : { ...commentsAnswers.listComments.ok, nextCursor: 'older', commentCount: 4 });
    }));
    const { user } = renderWithProviders(detail);
    await user.click(await screen.findByRole('button', { name: 'Load earlier comments' }));
    const list = screen.getByRole('list', { name: 'Comments' });
    await waitFor(() => expect(within(list).getAllByRole('article')[0]).toHaveTextContent('The first comment of all'));
    expect(within(list).getAllByRole('article').at(-1)).toHaveTextContent(noteComment.text);
    expect(screen.queryByRole('button', { name: 'Load earlier comments' })).not.toBeInTheDocument();
    expect(pages.map((page) => page.url.searchParams.get('cursor'))).toEqual([null, 'older']);
  });

  it('\'View 2 earlier replies\' brings the older replies above the ones shown', async () => {
    const threadWithMore = { ...questionComment, replyCount: 3, repliesCursor: 'replies-older' };
    const olderReplies = [
      { ...answerReply, _id: 'c3c3c3c3-4d4d-4e5e-8f6f-707070707070', text: 'First reply' },
      { ...answerReply, _id: 'c3c3c3c3-4d4d-4e5e-8f6f-717171717171', text: 'Second reply' },
    ];
    server.use(
      http.get('*/api/whispers/:id/comments', () => HttpResponse.json({ ...commentsAnswers.listComments.ok, comments: [threadWithMore] })),
      http.get('*/api/comments/:id/replies', ({ request }) =>
        HttpResponse.json(new URL(request.url).searchParams.get('cursor') === 'replies-older' ? { success: true, replies: olderReplies, nextCursor: null } : { success: true, replies: [], nextCursor: null })),
    );
    const { user } = renderWithProviders(detail);
    await user.click(await screen.findByRole('button', { name: 'View 2 earlier replies' }));
    const replies = screen.getByRole('list', { name: 'Replies to Meera Iyer' });
    await waitFor(() => expect(within(replies).getAllByRole('article')).toHaveLength(3));
    expect(within(replies).getAllByRole('article').map((article) => within(article).getByText(/reply|torch/).textContent))
      .toEqual(['First reply', 'Second reply', answerReply.text]);
    expect(screen.queryByRole('button', { name: /earlier repl/ })).not.toBeInTheDocument();
  });
});

describe('live', () => {
  it('joins the whisper\'s room, and shows comments others post, edit and delete there, without a reload', async () => {
    storeLogin();
    renderWithProviders(detail);
    const comments = await section();
    await thread('Meera Iyer');
    await waitFor(() => expect(fakeRealtime.sent()).toContainEqual({ event: 'whisper:watch', payload: fortWhisper._id }));
    const live = { ...postedComment, _id: 'd4d4d4d4-5e5e-4f6f-8a7a-818181818181', user: commenter, text: 'Posted from another browser' };
    fakeRealtime.emit('comment:new', { whisperId: fortWhisper._id, comment: live });
    await waitFor(() => expect(within(comments).getAllByRole('article').at(-1)).toHaveTextContent('Posted from another browser'));
    expect(within(comments).getByRole('heading', { name: 'Comments (4)' })).toBeInTheDocument();
    // Twice (the post's answer and the socket) is still once.
    fakeRealtime.emit('comment:new', { whisperId: fortWhisper._id, comment: live });
    expect(within(comments).getAllByText('Posted from another browser')).toHaveLength(1);
    // Another whisper's comment is not this page's.
    fakeRealtime.emit('comment:new', { whisperId: stepwellWhisper._id, comment: { ...live, _id: 'e5e5e5e5-6f6f-4a7a-8b8b-929292929292', text: 'Elsewhere' } });
    expect(screen.queryByText('Elsewhere')).not.toBeInTheDocument();
    fakeRealtime.emit('comment:updated', { whisperId: fortWhisper._id, comment: { ...live, text: 'Posted, then edited', edited: true } });
    expect(await within(comments).findByText('Posted, then edited')).toBeInTheDocument();
    fakeRealtime.emit('comment:deleted', { whisperId: fortWhisper._id, commentId: live._id, parentId: null });
    await waitFor(() => expect(screen.queryByText('Posted, then edited')).not.toBeInTheDocument());
    expect(within(comments).getByRole('heading', { name: 'Comments (3)' })).toBeInTheDocument();
  });
});

it('after a reconnect, joins the room again (a new connection is in none) and reads the comments again', async () => {
  storeLogin();
  const reads = requestsTo('GET', /\/comments$/);
  renderWithProviders(detail);
  await thread('Meera Iyer');
  const watches = () => fakeRealtime.sent().filter((sent) => sent.event === 'whisper:watch');
  await waitFor(() => expect(watches()).toHaveLength(1));
  // Joined: read once more, for what was posted between the first read and the join.
  await waitFor(() => expect(reads).toHaveLength(2));
  fakeRealtime.reconnect();
  await waitFor(() => expect(watches()).toHaveLength(2));
  await waitFor(() => expect(reads.length).toBeGreaterThanOrEqual(3));
});

it('whisper cards show how many comments each whisper has', async () => {
  renderWithProviders('/whispers');
  const card = (await screen.findByRole('link', { name: new RegExp(fortWhisper.title) })).closest('li')!;
  expect(within(card).getByText('3 comments')).toBeInTheDocument();
  const other = screen.getByRole('link', { name: new RegExp(stepwellWhisper.title) }).closest('li')!;
  expect(within(other).getByText('0 comments')).toBeInTheDocument();
});
