import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { streetFood, sunrise, sunriseProgress, zeroWaste, zeroWasteProgress } from '@mocks/fixtures/challenges';
import { demoUser } from '@mocks/fixtures/users';
import { hold } from '@mocks/hold';
import { server } from '@mocks/server';
import { renderWithProviders, storeLogin } from '@test-utils/render';
import { onFailureNotice, usersApi } from '@/shared/api';

/** GET /api/challenges/{id} answers `challenge` (counting the reads); POST .../join waits for `release()`. */
function setUp(challenge: object, join?: () => Response) {
  let reads = 0;
  // Made before any click, so release() works whether or not the request has arrived.
  const gate = hold();
  server.use(http.get('*/api/challenges/:id', () => {
    reads++;
    return HttpResponse.json({ success: true, data: { data: challenge } });
  }));
  if (join) {
    server.use(http.post('*/api/challenges/:id/join', async () => {
      await gate.passed;
      return join();
    }));
  }
  return { reads: () => reads, release: gate.release };
}
const notices: string[] = [];
let stop = () => {};
beforeEach(() => {
  notices.length = 0;
  stop = onFailureNotice((text, title) => notices.push(title ? `${title}: ${text}` : text));
});
afterEach(() => stop());

const joinedStreetFood = { ...streetFood, participants: [...streetFood.participants, { user: demoUser._id, userId: demoUser._id }], progress: { joinedAt: '2025-06-05T08:00:00.000Z', completedSteps: [], completedAt: null } };

it('shows the title, description, numbered \'How to Participate\' steps and the badge to earn', async () => {
  setUp({ ...streetFood, progress: null });
  renderWithProviders(`/challenge-details/${streetFood._id}`);
  expect(await screen.findByRole('heading', { name: 'Street Food Explorer', level: 1 })).toBeInTheDocument();
  expect(screen.getByText(streetFood.description)).toBeInTheDocument();
  const steps = within(screen.getByRole('list', { name: 'How to Participate' })).getAllByRole('listitem');
  expect(steps.map((step) => step.textContent)).toEqual(['1Ask a local for their favourite stall.', '2Try five new dishes and note their names.']);
  expect(screen.getByText('Street Food Scout')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Join Challenge' })).toBeEnabled();
});

it('joins at once (\'Joining...\', then the disabled \'You have joined this challenge\'), says so, and reloads the challenge', async () => {
  storeLogin();
  const calls = setUp({ ...streetFood, progress: null }, () => HttpResponse.json({ success: true, message: 'You have joined the challenge.', data: joinedStreetFood }));
  const { user } = renderWithProviders(`/challenge-details/${streetFood._id}`);
  await user.click(await screen.findByRole('button', { name: 'Join Challenge' }));
  expect(await screen.findByRole('button', { name: 'Joining...' })).toBeDisabled();
  expect(calls.reads()).toBe(1);
  let rereads = 0;
  server.use(http.get('*/api/challenges/:id', () => {
    rereads++;
    return HttpResponse.json({ success: true, data: { data: joinedStreetFood } });
  }));
  calls.release();
  expect(await screen.findByRole('button', { name: 'You have joined this challenge' })).toBeDisabled();
  expect(await screen.findByText('Successfully Joined!')).toBeInTheDocument();
  expect(screen.getByText('You have joined the challenge.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Track your progress' })).toHaveAttribute('href', `/joined-challenge/${streetFood._id}`);
  // Spec §4: the challenge is reloaded after joining.
  await waitFor(() => expect(rereads).toBe(1));
  expect(notices).toEqual([]);
});

it('a failed join goes back to \'Join Challenge\' with \'Join Failed\' and the server\'s message, or the fallback text', async () => {
  storeLogin();
  const calls = setUp({ ...streetFood, progress: null }, () => HttpResponse.json({ success: false, message: 'Challenge not found' }, { status: 404 }));
  const { user } = renderWithProviders(`/challenge-details/${streetFood._id}`);
  await user.click(await screen.findByRole('button', { name: 'Join Challenge' }));
  calls.release();
  await waitFor(() => expect(notices).toEqual(['Join Failed: Challenge not found']));
  expect(await screen.findByRole('button', { name: 'Join Challenge' })).toBeEnabled();

  server.use(http.post('*/api/challenges/:id/join', () => HttpResponse.json({}, { status: 500 })));
  await user.click(screen.getByRole('button', { name: 'Join Challenge' }));
  await waitFor(() => expect(notices).toEqual(['Join Failed: Challenge not found', 'Join Failed: An error occurred while joining the challenge.']));
  expect(await screen.findByRole('button', { name: 'Join Challenge' })).toBeEnabled();
});

it('a participant sees the disabled \'You have joined this challenge\' at once', async () => {
  storeLogin();
  setUp({ ...zeroWaste, progress: zeroWasteProgress });
  renderWithProviders(`/challenge-details/${zeroWaste._id}`);
  expect(await screen.findByRole('button', { name: 'You have joined this challenge' })).toBeDisabled();
});

it('a visitor who joins is sent to the login screen', async () => {
  setUp({ ...streetFood, progress: null });
  const { user, router } = renderWithProviders(`/challenge-details/${streetFood._id}`);
  await user.click(await screen.findByRole('button', { name: 'Join Challenge' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
});

it('an unknown challenge says so as the page\'s heading', async () => {
  server.use(http.get('*/api/challenges/:id', () => HttpResponse.json({ success: false, message: 'Challenge not found' }, { status: 404 })));
  renderWithProviders(`/challenge-details/${streetFood._id}`);
  expect(await screen.findByRole('heading', { name: 'Challenge not found', level: 1 })).toBeInTheDocument();
});

describe('the joined challenge page', () => {
  const checkbox = (name: RegExp) => screen.getByRole('checkbox', { name });

  it('has the same content without the Join button; the participant ticks a step off at once', async () => {
    storeLogin();
    setUp({ ...zeroWaste, progress: zeroWasteProgress });
    const { passed, release } = hold();
    const sent: unknown[] = [];
    server.use(http.post('*/api/challenges/:id/progress', async ({ request }) => {
      sent.push(await request.json());
      await passed;
      return HttpResponse.json({ success: true, message: 'Step completed.', data: { ...zeroWaste, progress: { ...zeroWasteProgress, completedSteps: [0, 1] } }, badgeEarned: false, tokens: 120 });
    }));
    const { user } = renderWithProviders(`/joined-challenge/${zeroWaste._id}`);
    expect(await screen.findByRole('heading', { name: 'Zero-Waste Week', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Join Challenge|You have joined/ })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 of 3 steps done');
    expect(checkbox(/^Step 1:/)).toBeChecked();
    await user.click(checkbox(/^Step 2:/));
    // At once: the tick shows as soon as the click is handled, not a frame later (a controlled
    // checkbox would flick back unticked for that frame).
    expect(checkbox(/^Step 2:/)).toBeChecked();
    expect(checkbox(/^Step 2:/)).toBeDisabled(); // until the server answers
    expect(screen.getByRole('status')).toHaveTextContent('2 of 3 steps done');
    release();
    await waitFor(() => expect(checkbox(/^Step 2:/)).toBeEnabled());
    expect(checkbox(/^Step 2:/)).toBeChecked();
    expect(sent).toEqual([{ step: 1, done: true }]);
  });

  it('a failed tick is undone, with a notice', async () => {
    storeLogin();
    setUp({ ...zeroWaste, progress: zeroWasteProgress });
    server.use(http.post('*/api/challenges/:id/progress', () => HttpResponse.json({ message: 'Join the challenge first.' }, { status: 403 })));
    const { user } = renderWithProviders(`/joined-challenge/${zeroWaste._id}`);
    await user.click(await screen.findByRole('checkbox', { name: /^Step 3:/ }));
    await waitFor(() => expect(notices).toEqual(['Join the challenge first.']));
    expect(checkbox(/^Step 3:/)).not.toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('1 of 3 steps done');
  });

  it('the last step earns the badge: a toast, and the user\'s tokens take the server\'s count', async () => {
    storeLogin();
    setUp({ ...sunrise, progress: { ...sunriseProgress, completedSteps: [0], completedAt: null } });
    server.use(http.post('*/api/challenges/:id/progress', () => HttpResponse.json({
      success: true, message: 'Challenge complete! You earned the Early Riser badge.', data: { ...sunrise, progress: sunriseProgress }, badgeEarned: true, tokens: 145,
    })));
    const { user, store } = renderWithProviders(`/joined-challenge/${sunrise._id}`);
    await user.click(await screen.findByRole('checkbox', { name: /^Step 2:/ }));
    expect(await screen.findByText('Badge earned!')).toBeInTheDocument();
    expect(screen.getByText('Challenge complete! You earned the Early Riser badge.')).toBeInTheDocument();
    await waitFor(() => expect(usersApi.endpoints.getUser.select(demoUser._id)(store.getState()).data?.tokens).toBe(145));
  });

  it('a finished challenge shows the badge earned, its steps ticked and fixed', async () => {
    storeLogin();
    setUp({ ...sunrise, progress: sunriseProgress });
    renderWithProviders(`/joined-challenge/${sunrise._id}`);
    expect(await screen.findByRole('heading', { name: 'Sunrise Summit', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Completed · Early Riser badge earned');
    expect(checkbox(/^Step 1:/)).toBeChecked();
    expect(checkbox(/^Step 2:/)).toBeDisabled();
  });

  it('someone who has not joined sees the numbered steps and a way to join', async () => {
    setUp({ ...streetFood, progress: null });
    renderWithProviders(`/joined-challenge/${streetFood._id}`);
    expect(await screen.findByRole('heading', { name: 'Street Food Explorer', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join this challenge' })).toHaveAttribute('href', `/challenge-details/${streetFood._id}`);
  });
});
