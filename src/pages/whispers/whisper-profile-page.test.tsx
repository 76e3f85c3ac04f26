import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { stepwellWhisper, whispersAnswers } from '@mocks/fixtures/whispers';
import { hold } from '@mocks/hold';
import { server } from '@mocks/server';
import { renderWithProviders, storeLogin } from '@test-utils/render';
import { onFailureNotice } from '@/shared/api';

const profile = whispersAnswers.getPublicProfile.ok.profile;
const path = `/whispers/profile/${profile._id}`;

const answerProfile = (isFollowing: boolean, followersCount = 4) =>
  server.use(http.get('*/api/whispers/public-profile/:id', () =>
    HttpResponse.json({ ...whispersAnswers.getPublicProfile.ok, profile: { ...profile, isFollowing, followersCount } })));
const count = (label: string) => within(screen.getByText(label).parentElement!).getByRole('definition');

it('shows the author: name, @username, counts, posts with the first image, story cut at 25 with See All / See Less, likes', async () => {
  const { user } = renderWithProviders(path);
  expect(await screen.findByRole('heading', { name: 'Rohan Das', level: 1 })).toBeInTheDocument();
  expect(screen.getByText('@rohan')).toBeInTheDocument();
  expect(count('followers')).toHaveTextContent('1');
  expect(count('posts')).toHaveTextContent('1');
  expect(screen.getByRole('link', { name: new RegExp(stepwellWhisper.title) })).toHaveAttribute('href', `/whispers/whisper-detail/${stepwellWhisper._id}`);
  expect(screen.getByText(`${stepwellWhisper.description.slice(0, 25).trimEnd()}...`)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'See All' }));
  expect(screen.getByText(stepwellWhisper.description)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'See Less' })).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByText(/0 likes/)).toBeInTheDocument();
});

it('a visitor who presses Follow gets the Not Logged In dialog with a link to login', async () => {
  answerProfile(false);
  const { user } = renderWithProviders(path);
  await user.click(await screen.findByRole('button', { name: 'Follow' }));
  const dialog = await screen.findByRole('dialog', { name: 'Not Logged In' });
  expect(dialog).toHaveTextContent('You need to be logged in to follow users.');
  expect(within(dialog).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
});

it('follows after the confirmation: the button and the count change at once, then the server\'s message', async () => {
  storeLogin();
  answerProfile(false, 4);
  // Made up front, so release() works whether or not the request has reached the handler yet.
  const { passed, release } = hold();
  server.use(http.post('*/api/whispers/:id/follow', async () => {
    await passed;
    return HttpResponse.json({ success: true, message: 'You are now following this user.', following: true, followersCount: 5 });
  }));
  const { user } = renderWithProviders(path);
  await user.click(await screen.findByRole('button', { name: 'Follow' }));
  const dialog = await screen.findByRole('dialog', { name: 'Follow @rohan?' });
  await user.click(within(dialog).getByRole('button', { name: 'Follow' }));
  await waitFor(() => expect(count('followers')).toHaveTextContent('5'));
  expect(screen.getByRole('status', { name: 'Following' })).toBeInTheDocument(); // the spinner while pending
  release();
  expect(await screen.findByText('You are now following this user.')).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
});

it('an unfollow that fails is undone, with \'Failed to update follow status\'', async () => {
  storeLogin();
  answerProfile(true, 4);
  server.use(http.post('*/api/whispers/:id/unfollow', () => HttpResponse.json({ message: 'nope' }, { status: 500 })));
  const notices: string[] = [];
  const stop = onFailureNotice((text) => notices.push(text));
  const { user } = renderWithProviders(path);
  await user.click(await screen.findByRole('button', { name: 'Unfollow' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Unfollow @rohan?' })).getByRole('button', { name: 'Unfollow' }));
  // Said in a toast in the app (app-providers listens for failure notices).
  await waitFor(() => expect(notices).toEqual(['Failed to update follow status']));
  expect(count('followers')).toHaveTextContent('4');
  expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
  stop();
});

it('an unknown user: \'User not found\'', async () => {
  server.use(http.get('*/api/whispers/public-profile/:id', () => HttpResponse.json({ status: false, message: 'User not found' }, { status: 404 })));
  renderWithProviders(path);
  expect(await screen.findByText('User not found')).toBeInTheDocument();
});

it('Add friend sends a request, then shows it as pending', async () => {
  storeLogin();
  answerProfile(false);
  const sent: unknown[] = [];
  server.use(http.post('*/api/friend-requests', async ({ request }) => {
    sent.push(await request.json());
    return HttpResponse.json({ success: true, message: 'Friend request sent.', request: {} }, { status: 201 });
  }));
  const { user } = renderWithProviders(path);
  await user.click(await screen.findByRole('button', { name: 'Add friend' }));
  expect(await screen.findByText('Friend request sent.')).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Request pending' })).toHaveAttribute('aria-disabled', 'true');
  expect(sent).toEqual([{ receiverId: profile._id }]);
});
