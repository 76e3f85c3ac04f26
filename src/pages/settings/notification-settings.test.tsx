import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { LINK_EXPIRED, notificationPreferences, notificationsAnswers, unsubscribeToken } from '@mocks/fixtures/notifications';
import { answerError } from '@mocks/handlers/answer';
import { hold } from '@mocks/hold';
import { server } from '@mocks/server';
import { onFailureNotice } from '@/shared/api';
import { renderWithProviders, storeLogin } from '@test-utils/render';

const LABELS = [
  'New messages', 'Friend requests and their answers', 'New followers', 'Likes on your whispers', 'Comments on your whispers',
  'Replies to your comments', 'Event updates and reminders', 'Challenge badges', 'Moderation decisions',
];
const kind = (label: string) => screen.getByRole('group', { name: label });
const channel = (label: string, name: 'In the app' | 'By e-mail' | 'Push') => within(kind(label)).getByRole('switch', { name });

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

/** The server's preferences as a little store: GET answers them, PUT changes them (or fails), each PUT body kept. */
function preferencesServer({ fail = false } = {}) {
  let current = notificationPreferences.map((item) => ({ ...item }));
  const sent: unknown[] = [];
  const gate = hold();
  server.use(
    http.get(notificationsAnswers.getNotificationPreferences.path, () => HttpResponse.json({ success: true, data: current })),
    http.put(notificationsAnswers.updateNotificationPreferences.path, async ({ request }) => {
      const body = (await request.json()) as Array<{ kind: string; inApp: boolean; email: boolean; push: boolean }>;
      sent.push(body);
      await gate.passed;
      if (fail) return HttpResponse.json({ message: 'Something went wrong' }, { status: 500 });
      current = current.map((item) => body.find((changed) => changed.kind === item.kind) ?? item);
      return HttpResponse.json({ success: true, data: current });
    }),
  );
  return { sent, release: gate.release };
}

async function openPage() {
  storeLogin();
  const view = renderWithProviders('/settings/notifications');
  await screen.findByRole('heading', { name: 'Notifications', level: 1 });
  await screen.findByRole('group', { name: 'New messages' });
  return view;
}

describe('/settings/notifications', () => {
  it('is reached from Account Settings', async () => {
    storeLogin();
    const { user } = renderWithProviders('/settings');
    await user.click(await screen.findByRole('link', { name: 'Notification settings' }));
    expect(await screen.findByRole('heading', { name: 'Notifications', level: 1 })).toBeInTheDocument();
  });

  it('shows a loading state, then each kind with "In the app" and "By e-mail" as the server has them', async () => {
    const { passed, release } = hold();
    server.use(http.get(notificationsAnswers.getNotificationPreferences.path, async () => {
      await passed;
      return HttpResponse.json(notificationsAnswers.getNotificationPreferences.ok);
    }));
    storeLogin();
    renderWithProviders('/settings/notifications');
    expect(await screen.findByRole('status', { name: 'Loading your notification settings' })).toBeInTheDocument();
    release();
    await screen.findByRole('group', { name: 'New messages' });
    expect(screen.getAllByRole('group').map((group) => group.querySelector('legend')?.textContent)).toEqual(LABELS);
    expect(channel('New messages', 'By e-mail')).toBeChecked();
    expect(channel('Friend requests and their answers', 'By e-mail')).toBeChecked();
    expect(channel('Likes on your whispers', 'By e-mail')).not.toBeChecked();
    expect(channel('Likes on your whispers', 'In the app')).toBeChecked();
    expect(channel('New followers', 'By e-mail')).not.toBeChecked();
  });

  it('keeps messages in the app: that switch is on and disabled, and says why', async () => {
    await openPage();
    const inApp = channel('New messages', 'In the app');
    expect(inApp).toBeChecked();
    expect(inApp).toBeDisabled();
    expect(inApp).toHaveAccessibleDescription('Messages always show in the app: your inbox is where you read and answer them.');
    expect(channel('Likes on your whispers', 'In the app')).toBeEnabled();
  });

  it('a switch saves at once: on screen first, the kind sent to the server, then "Saved" and a toast', async () => {
    const { sent, release } = preferencesServer();
    const { user } = await openPage();
    await user.click(channel('Likes on your whispers', 'By e-mail'));
    expect(channel('Likes on your whispers', 'By e-mail')).toBeChecked();
    expect(screen.getByText('Saving…')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Notification settings saved.')).toBeInTheDocument();
    expect(screen.getByText('Saved')).toBeInTheDocument();
    expect(sent).toEqual([[{ kind: 'like', inApp: true, email: true, push: false }]]);
    await user.click(channel('New followers', 'In the app'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual([{ kind: 'follower', inApp: false, email: false, push: false }]);
    expect(channel('New followers', 'In the app')).not.toBeChecked();
    expect(notices).toEqual([]);
  });

  it('a failed save puts the server\'s value back and says so', async () => {
    const { release } = preferencesServer({ fail: true });
    const { user } = await openPage();
    await user.click(channel('Moderation decisions', 'By e-mail'));
    expect(channel('Moderation decisions', 'By e-mail')).not.toBeChecked();
    release();
    await waitFor(() => expect(notices).toEqual(['Could not save your notification settings. Please try again.']));
    await waitFor(() => expect(channel('Moderation decisions', 'By e-mail')).toBeChecked());
    expect(screen.getByText('Not saved')).toBeInTheDocument();
  });

  it('offers a retry when the settings cannot be read', async () => {
    server.use(http.get(notificationsAnswers.getNotificationPreferences.path, () => HttpResponse.json({ message: 'Something went wrong' }, { status: 500 })));
    storeLogin();
    const { user } = renderWithProviders('/settings/notifications');
    expect(await screen.findByText('Could not load your notification settings')).toBeInTheDocument();
    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('group', { name: 'New messages' })).toBeInTheDocument();
  });

  it('asks a signed-out visitor to log in', async () => {
    renderWithProviders('/settings/notifications');
    expect(await screen.findByRole('heading', { name: /log ?in/i })).toBeInTheDocument();
  });
});

describe('/unsubscribe?token=… (an e-mail\'s link, signed in or not)', () => {
  const open = () => renderWithProviders(`/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`);

  it('says what the link stops and changes nothing until asked; then stops it', async () => {
    const posted: string[] = [];
    server.use(http.post(notificationsAnswers.unsubscribeFromEmails.path, ({ request }) => {
      posted.push(new URL(request.url).searchParams.get('token')!);
      return HttpResponse.json(notificationsAnswers.unsubscribeFromEmails.ok);
    }));
    const { user } = open();
    expect(await screen.findByText('new messages')).toBeInTheDocument();
    expect(screen.getByText(/Stop e-mails about/)).toHaveTextContent('Stop e-mails about new messages? You will still see them in the app if you chose to.');
    expect(posted).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Stop these e-mails' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Done: no more e-mails about new messages. You can turn them on again in Settings → Notifications.');
    expect(posted).toEqual([unsubscribeToken]);
    expect(screen.getByRole('link', { name: 'Settings → Notifications' })).toHaveAttribute('href', '/settings/notifications');
  });

  it('an expired or broken link says why, with no button', async () => {
    server.use(answerError(notificationsAnswers.getUnsubscribeLink, 'expired'));
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_EXPIRED);
    expect(screen.queryByRole('button', { name: 'Stop these e-mails' })).not.toBeInTheDocument();
  });

  it('a link without its token says it is not complete', async () => {
    renderWithProviders('/unsubscribe');
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not complete.');
  });

  it('a failed stop says so and leaves the button to try again', async () => {
    server.use(answerError(notificationsAnswers.unsubscribeFromEmails, 'invalid'));
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Stop these e-mails' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
    expect(screen.getByRole('button', { name: 'Stop these e-mails' })).toBeEnabled();
  });
});
