import { commentsAnswers, noteComment, questionComment } from '@mocks/fixtures/comments';
import { threadsOf, toComment, toCommentPage, type CommentPages } from './comments';

// The wire's comment pages, normalised at the edge (conventions 13): an unexpected shape is an empty last page.

it('reads a page of comments: threads with their replies, the cursor, the whisper\'s count', () => {
  const page = toCommentPage({ ...commentsAnswers.listComments.ok, nextCursor: 'older' });
  expect(page.nextCursor).toBe('older');
  expect(page.commentCount).toBe(3);
  expect(page.items.map((thread) => [thread._id, thread.replies.length, thread.replyCount])).toEqual([[questionComment._id, 1, 1], [noteComment._id, 0, 0]]);
  expect(page.items[1]).toMatchObject({ parentId: null, edited: true, user: { username: 'demo' } });
});

it('treats anything else as an empty last page, and leaves out what is not a comment', () => {
  for (const body of [null, 'nope', { comments: 'x' }, []]) expect(toCommentPage(body)).toEqual({ items: [], nextCursor: null, commentCount: 0 });
  expect(toCommentPage({ comments: [{ text: 'no id' }, questionComment] }).items).toHaveLength(1);
  expect(toComment({ _id: 'x', parentId: '' })).toMatchObject({ parentId: null, text: '', edited: false });
});

it('shows the pages oldest first: the older pages (later in the list) above the newest one', () => {
  const newest = toCommentPage(commentsAnswers.listComments.ok);
  const older = toCommentPage({ comments: [{ ...questionComment, _id: 'older-one' }], nextCursor: null, commentCount: 3 });
  const data = { pages: [newest, older], pageParams: [null, 'c'] } as CommentPages;
  expect(threadsOf(data).map((thread) => thread._id)).toEqual(['older-one', questionComment._id, noteComment._id]);
  expect(threadsOf(undefined)).toEqual([]);
});
