import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { companionMatchingOff, tripsAnswers } from '@mocks/fixtures/trips';
import { demoUser, usersAnswers } from '@mocks/fixtures/users';
import { hold } from '@mocks/hold';
import { server } from '@mocks/server';
import { onFailureNotice, selectSessionUser } from '@/shared/api';
import { renderWithProviders, storeLogin } from '@test-utils/render';

const LABEL = 'Let travellers with overlapping trips find me';
const toggle = () => screen.getByRole('switch', { name: LABEL });

/** The own profile as the server answers it, with the switch as given (absent: never set). */
function profileWith(companionMatching: boolean | undefined) {
  const { companionMatching: _ignored, ...rest } = demoUser;
  const user = companionMatching === undefined ? rest : { ...rest, companionMatching };
  server.use(http.get(usersAnswers.getUser.path, () => HttpResponse.json({ status: true, user })));
}

/** The switch's call waits for `release()`; `fail` makes it a server error. What it sent is kept. */
function gatedSwitch(fail: boolean) {
  const sent: unknown[] = [];
  // Made up front, so release() works whether or not the request has reached the handler yet.
  const gate = hold();
  server.use(
    http.put(tripsAnswers.setCompanionMatching.path, async ({ request, params }) => {
      const body = (await request.json()) as { enabled: boolean };
      sent.push({ id: params.id, body });
      await gate.passed;
      if (fail) return HttpResponse.json({}, { status: 500 });
      return HttpResponse.json(body.enabled ? tripsAnswers.setCompanionMatching.ok : companionMatchingOff);
    }),
  );
  return { sent, release: gate.release };
}

/** Settings, once the page has read the profile afresh (the switch shows the server's value then). */
async function openSettings() {
  storeLogin();
  
  const read = hold();
  server.events.on('response:mocked', ({ request }) => {
    if (new URL(request.url).pathname === `/api/user/${demoUser._id}`) read.release();
  });
  const view = renderWithProviders('/settings');
  await screen.findByRole('heading', { name: 'Account Settings', level: 1 });
  await read.passed;
  await waitFor(() => expect(toggle()).toBeEnabled());
  return view;
}

let notices: string[] = [];
let stop = () => {};
beforeEach(() => {
  notices = [];
  stop = onFailureNotice((text) => notices.push(text));
});
afterEach(() => {
  stop();
  server.events.removeAllListeners();
});

it('is off by default, with what it shares explained', async () => {
  profileWith(undefined);
  await openSettings();
  expect(screen.getByRole('heading', { level: 2, name: 'Travel companions' })).toBeInTheDocument();
  expect(toggle()).not.toBeChecked();
  expect(toggle()).toHaveAccessibleDescription(expect.stringContaining('never your e-mail or phone'));
  expect(screen.getByRole('link', { name: 'Companions' })).toHaveAttribute('href', '/companions');
});

it('turns on at once, says so, and sends { enabled: true } for the own account', async () => {
  profileWith(false);
  const call = gatedSwitch(false);
  const { user, store } = await openSettings();
  expect(toggle()).not.toBeChecked();

  await user.click(toggle());
  // At once, before the server answers: on, and held until it does.
  expect(toggle()).toBeChecked();
  expect(toggle()).toBeDisabled();
  call.release();

  expect(await screen.findByText('Travellers with overlapping trips can now find you.')).toBeInTheDocument();
  await waitFor(() => expect(toggle()).toBeEnabled());
  expect(toggle()).toBeChecked();
  expect(selectSessionUser(store.getState())?.companionMatching).toBe(true);
  expect(call.sent).toEqual([{ id: demoUser._id, body: { enabled: true } }]);
  expect(notices).toEqual([]);
});

it('turns off with the keyboard, and says travellers can no longer find you', async () => {
  profileWith(true);
  const { user } = await openSettings();
  expect(toggle()).toBeChecked();
  toggle().focus();
  await user.keyboard(' ');
  await waitFor(() => expect(toggle()).not.toBeChecked());
  expect(await screen.findByText('Travellers can no longer find you by your trips.')).toBeInTheDocument();
  expect(toggle()).not.toBeChecked();
});

it('puts the switch back, with a short notice, when the change fails', async () => {
  profileWith(false);
  const call = gatedSwitch(true);
  const { user, store } = await openSettings();
  expect(toggle()).not.toBeChecked();

  await user.click(toggle());
  await waitFor(() => expect(toggle()).toBeChecked());
  call.release();

  await waitFor(() => expect(toggle()).not.toBeChecked());
  await waitFor(() => expect(notices).toEqual(['Could not change who can find you. Please try again.']));
  expect(selectSessionUser(store.getState())?.companionMatching).toBe(false);
  expect(toggle()).toBeEnabled();
});
