import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { fortWhisper, stepwellWhisper, whispersAnswers } from '@mocks/fixtures/whispers';
import { demoUser } from '@mocks/fixtures/users';
import { hold } from '@mocks/hold';
import { server } from '@mocks/server';
import { installIntersectionObserver } from '@test-utils/intersection-observer';
import { renderWithProviders, storeLogin } from '@test-utils/render';
import { onFailureNotice } from '@/shared/api';

let io: ReturnType<typeof installIntersectionObserver>;
beforeEach(() => {
  io = installIntersectionObserver();
});
afterEach(() => io.restore());

const list = () => screen.getByRole('list', { name: 'Whispers' });

it('lists whispers: author to the profile, relative time, story cut at 100, like count; the new-whisper link and search', async () => {
  renderWithProviders('/whispers');
  expect(await screen.findByRole('heading', { name: 'Whispers', level: 1 })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '+ New Whisper' })).toHaveAttribute('href', '/whispers/create-whisper');
  expect(screen.getByRole('searchbox', { name: 'Search whispers' })).toBeInTheDocument();
  await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(2));
  const [fort] = within(list()).getAllByRole('listitem');
  expect(within(fort).getByRole('link', { name: '@demo' })).toHaveAttribute('href', `/whispers/profile/${demoUser._id}`);
  const story = within(fort).getByRole('link', { name: /Blue hour at Chapora Fort/ });
  expect(story).toHaveAttribute('href', `/whispers/whisper-detail/${fortWhisper._id}`);
  expect(story).toHaveTextContent(`${fortWhisper.description.slice(0, 100).trimEnd()}...`);
  expect(within(fort).getByText(/ago$/)).toBeInTheDocument();
  expect(within(fort).getByRole('button', { name: 'Like Blue hour at Chapora Fort, 1 like' })).toHaveAttribute('aria-pressed', 'false');
  expect(within(list()).getByRole('img', { name: `${stepwellWhisper.title}, image 1` })).toBeInTheDocument(); // stock picture
});

it('shows the empty state with a link to share the first whisper', async () => {
  server.use(http.get('*/api/approved-whispers', () => HttpResponse.json({ success: true, whispers: [], nextCursor: null })));
  renderWithProviders('/whispers');
  expect(await screen.findByText('No Whispers Found')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Share the first whisper' })).toHaveAttribute('href', '/whispers/create-whisper');
});

it('a like shows at once, and goes back when the server fails', async () => {
  storeLogin();
  let fail = false;
  // A gate per call, made before the click, so release() works whether or not the request has arrived.
  let gate = hold();
  const nextGate = () => (gate = hold());
  const release = () => gate.release();
  server.use(http.post('*/api/whispers/:id/like', async () => {
    await gate.passed;
    return fail
      ? HttpResponse.json({ message: 'Something went wrong' }, { status: 500 })
      : HttpResponse.json({ success: true, liked: true, likes: [...fortWhisper.likes, demoUser._id], likesCount: 2 });
  }));
  const notices: string[] = [];
  const stop = onFailureNotice((text) => notices.push(text));
  const { user } = renderWithProviders('/whispers');
  const like = await screen.findByRole('button', { name: /^Like Blue hour at Chapora Fort/ });
  nextGate();
  await user.click(like);
  expect(await screen.findByRole('button', { name: 'Like Blue hour at Chapora Fort, 2 likes' })).toHaveAttribute('aria-pressed', 'true');
  release();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Like Blue hour at Chapora Fort, 2 likes' })).toHaveAttribute('aria-pressed', 'true'));

  fail = true;
  // Meanwhile someone else liked it too: the list read again after the failure says so, and still
  // has the user's like (the unlike failed). Neither the optimistic state nor an undo would show 3.
  server.use(http.get('*/api/approved-whispers', () => HttpResponse.json({
    ...whispersAnswers.listWhispers.ok,
    whispers: [{ ...fortWhisper, likes: [...fortWhisper.likes, 'someone-else', demoUser._id] }, stepwellWhisper],
  })));
  nextGate();
  await user.click(screen.getByRole('button', { name: /^Like Blue hour at Chapora Fort/ }));
  expect(await screen.findByRole('button', { name: 'Like Blue hour at Chapora Fort, 1 like' })).toHaveAttribute('aria-pressed', 'false');
  release();
  await waitFor(() => expect(notices).toEqual(['Could not update the like. Please try again.']));
  expect(await screen.findByRole('button', { name: 'Like Blue hour at Chapora Fort, 3 likes' })).toHaveAttribute('aria-pressed', 'true');
  stop();
});

it('a visitor who likes is sent to the login screen', async () => {
  const { user, router } = renderWithProviders('/whispers');
  await user.click(await screen.findByRole('button', { name: /^Like Blue hour at Chapora Fort/ }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
});
