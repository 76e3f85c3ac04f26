import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { fortWhisper, whispersAnswers } from '@mocks/fixtures/whispers';
import { demoUser } from '@mocks/fixtures/users';
import { hold } from '@mocks/hold';
import { server } from '@mocks/server';
import { renderWithProviders, storeLogin } from '@test-utils/render';

const longStory = `${'A long walk along the cliffs. '.repeat(10)}The end.`;
const someoneElses = { ...fortWhisper, description: longStory, user: { ...fortWhisper.user, _id: 'f0f0f0f0-1111-4222-8333-444455556666', username: 'rohan', firstName: 'Rohan', lastName: 'Das' } };
const answer = (whisper: object) => server.use(http.get('*/api/whispers/:id', () => HttpResponse.json({ success: true, whisper })));

it('shows the whisper: title, author and time, Profile, story cut at 200 with See All / See Less, Like, Follow', async () => {
  answer(someoneElses);
  server.use(http.get('*/api/whispers/public-profile/:id', () =>
    HttpResponse.json({ ...whispersAnswers.getPublicProfile.ok, profile: { ...whispersAnswers.getPublicProfile.ok.profile, isFollowing: false } })));
  const { user } = renderWithProviders(`/whispers/whisper-detail/${fortWhisper._id}`);
  expect(await screen.findByRole('heading', { name: fortWhisper.title, level: 1 })).toBeInTheDocument();
  expect(screen.getByText('Rohan Das')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', `/whispers/profile/${someoneElses.user._id}`);
  expect(screen.getByText(`${longStory.slice(0, 200).trimEnd()}...`)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'See All' }));
  expect(screen.getByText(longStory)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'See Less' }));
  expect(screen.getByRole('button', { name: /^Like / })).toBeInTheDocument();
  // Enabled only once the author's profile says whether the reader follows them already.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Follow' })).toBeEnabled());
  expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
});

it('keeps Follow disabled while the author\'s profile is loading, rather than guess', async () => {
  answer(someoneElses);
  const { passed, release } = hold();
  server.use(http.get('*/api/whispers/public-profile/:id', async () => {
    await passed;
    return HttpResponse.json(whispersAnswers.getPublicProfile.ok);
  }));
  renderWithProviders(`/whispers/whisper-detail/${fortWhisper._id}`);
  expect(await screen.findByRole('heading', { name: fortWhisper.title, level: 1 })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Follow' })).toBeDisabled();
  release();
  // The fixture's reader follows Rohan already.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Unfollow' })).toBeEnabled());
});

it('the author sees Edit and Delete (after a confirmation) and no Follow', async () => {
  storeLogin();
  answer(fortWhisper);
  let deleted = false;
  server.use(http.delete('*/api/whispers/:id', () => {
    deleted = true;
    return HttpResponse.json({ status: true, message: 'Whisper deleted' });
  }));
  const { user, router } = renderWithProviders(`/whispers/whisper-detail/${fortWhisper._id}`);
  expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/whispers/whisper-detail/${fortWhisper._id}/edit`);
  expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
  expect(fortWhisper.user._id).toBe(demoUser._id);
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete this whisper?' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/whispers'));
  expect(deleted).toBe(true);
});

it('an unknown whisper: \'Whisper not found\'', async () => {
  server.use(http.get('*/api/whispers/:id', () => HttpResponse.json({ status: false, message: 'Whisper not found' }, { status: 404 })));
  renderWithProviders(`/whispers/whisper-detail/${fortWhisper._id}`);
  expect(await screen.findByText('Whisper not found')).toBeInTheDocument();
});
