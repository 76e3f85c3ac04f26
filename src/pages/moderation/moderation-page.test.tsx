import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { hiddenItem, moderationAnswers, reportedUser, reportedWhisper, suspendedAccount } from '@mocks/fixtures/moderation';
import { demoModerator } from '@mocks/fixtures/users';
import { answerError } from '@mocks/handlers/answer';
import { server } from '@mocks/server';
import { renderWithProviders, skipSplash, storeLogin } from '@test-utils/render';

/** Signed in as a moderator: stored so, and so answered when the page reads the profile again. */
const asModerator = () => {
  storeLogin({ role: 'moderator' });
  server.use(http.get('*/api/user/:id', () => HttpResponse.json({ status: true, user: demoModerator })));
};

/** The bodies POSTed to /api/moderation/<action>, and how often each moderation list was read. */
const watch = () => {
  const posted: Record<string, unknown[]> = {};
  const reads: Record<string, number> = {};
  server.events.on('request:start', async ({ request }) => {
    const path = new URL(request.url).pathname;
    if (!path.startsWith('/api/moderation/')) return;
    const name = path.slice('/api/moderation/'.length);
    if (request.method === 'POST') (posted[name] ??= []).push(await request.clone().json());
    else reads[name] = (reads[name] ?? 0) + 1;
  });
  return { posted, reads };
};

const openPage = async () => {
  const view = renderWithProviders('/moderation');
  await screen.findByRole('heading', { name: 'Moderation', level: 1 });
  const reports = await screen.findByRole('list', { name: 'Reported items' });
  const [whisperCard, userCard] = within(reports).getAllByRole('listitem', { name: (_name, element) => element.classList.contains('reported-item') });
  return { ...view, reports, whisperCard, userCard };
};

beforeEach(skipSplash);
afterEach(() => server.events.removeAllListeners());

describe('who sees /moderation', () => {
  it('a member gets the 404 page, and no moderation list is asked for', async () => {
    const { reads } = watch();
    storeLogin();
    renderWithProviders('/moderation');
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found.' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Moderation' })).not.toBeInTheDocument();
    expect(reads).toEqual({});
  });

  it('a visitor gets the 404 page', async () => {
    renderWithProviders('/moderation');
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found.' })).toBeInTheDocument();
  });

  it('a member whose stored role says moderator, but whose profile no longer does, gets the 404 page', async () => {
    storeLogin({ role: 'moderator' });
    renderWithProviders('/moderation');
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found.' })).toBeInTheDocument();
  });

  it('the side menu links to Moderation for moderators only', async () => {
    asModerator();
    const view = renderWithProviders('/');
    await screen.findByRole('heading', { level: 1 });
    await view.user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Account' });
    expect(await within(menu).findByRole('link', { name: 'Moderation' })).toHaveAttribute('href', '/moderation');
    view.unmount();
    localStorage.clear();

    storeLogin();
    const member = renderWithProviders('/');
    await screen.findByRole('heading', { level: 1 });
    await member.user.click(screen.getByRole('button', { name: 'Open menu' }));
    const memberMenu = await screen.findByRole('dialog', { name: 'Account' });
    await within(memberMenu).findByText(/Token:/);
    expect(within(memberMenu).queryByRole('link', { name: 'Moderation' })).not.toBeInTheDocument();
  });
});

describe('open reports', () => {
  beforeEach(asModerator);

  it('groups reports by item, newest first, with the item as members see it and each report\'s reason and details', async () => {
    const { whisperCard, userCard } = await openPage();
    expect(within(whisperCard).getByRole('heading', { name: reportedWhisper.item.title })).toBeInTheDocument();
    expect(whisperCard).toHaveTextContent('Whisper');
    expect(whisperCard).toHaveTextContent('2 reports');
    expect(whisperCard).toHaveTextContent(reportedWhisper.item.text);
    expect(within(whisperCard).getByRole('img', { name: 'Image 1 of 1' })).toBeInTheDocument();
    expect(whisperCard).toHaveTextContent('By Rohan Das @rohan');
    const reports = within(within(whisperCard).getByRole('list', { name: 'Reports' })).getAllByRole('listitem');
    expect(reports[0]).toHaveTextContent('Scam or fraud');
    expect(reports[0]).toHaveTextContent('Asked me for money up front and then blocked me.');
    expect(reports[1]).toHaveTextContent('Spam');
    expect(within(whisperCard).getAllByRole('button').map((button) => button.textContent)).toEqual(['Dismiss', 'Hide', 'Suspend author']);
    // Each button says which item it acts on.
    expect(within(whisperCard).getByRole('button', { name: 'Hide' })).toHaveAccessibleDescription(reportedWhisper.item.title);

    expect(within(userCard).getByRole('heading', { name: 'Rohan Das' })).toBeInTheDocument();
    expect(userCard).toHaveTextContent('Member');
    expect(userCard).toHaveTextContent('Harassment');
    // A member is suspended, never hidden.
    expect(within(userCard).getAllByRole('button').map((button) => button.textContent)).toEqual(['Dismiss', 'Suspend user']);
  });

  it('hides an item with a reason: the reason is asked for, sent, and the lists are read again', async () => {
    const { posted, reads } = watch();
    const { user, whisperCard } = await openPage();
    await user.click(within(whisperCard).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this whisper?' });
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(within(dialog).getByText('Please give a reason.')).toBeInTheDocument();
    expect(posted.hide).toBeUndefined();

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Advance-fee scam');
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('Content hidden.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted.hide).toEqual([{ itemType: 'whisper', itemId: reportedWhisper.itemId, reason: 'Advance-fee scam' }]);
    await waitFor(() => expect(reads).toMatchObject({ reports: 2, hidden: 2, log: 2 }));
  });

  it('a refused action shows the server\'s message in the dialog, which keeps the reason', async () => {
    server.use(answerError(moderationAnswers.moderationHide, 'notFound'));
    const { user, whisperCard } = await openPage();
    await user.click(within(whisperCard).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this whisper?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam');
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Not found');
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('Spam');
  });

  it('dismisses the reports on an item, a reason optional', async () => {
    const { posted } = watch();
    const { user, userCard } = await openPage();
    await user.click(within(userCard).getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss these reports?' });
    expect(within(dialog).getByRole('textbox', { name: 'Reason (optional)' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Reports dismissed.')).toBeInTheDocument();
    expect(posted.dismiss).toEqual([{ itemType: 'user', itemId: reportedUser.itemId }]);
  });

  it('suspends the author with a reason and an end date, which must be in the future', async () => {
    const { posted } = watch();
    const { user, whisperCard } = await openPage();
    await user.click(within(whisperCard).getByRole('button', { name: 'Suspend author' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend @rohan?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Scams travellers');
    const until = within(dialog).getByLabelText('Suspended until (optional)');
    fireEvent.change(until, { target: { value: '2020-01-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(within(dialog).getByText('The end date must be in the future.')).toBeInTheDocument();
    expect(posted.suspend).toBeUndefined();

    fireEvent.change(until, { target: { value: '2099-01-31' } });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Account suspended.')).toBeInTheDocument();
    expect(posted.suspend).toEqual([{ userId: reportedWhisper.item.author.id, reason: 'Scams travellers', until: new Date('2099-01-31T23:59:59').toISOString() }]);
  });

  it('suspends a reported member without an end date', async () => {
    const { posted } = watch();
    const { user, userCard } = await openPage();
    await user.click(within(userCard).getByRole('button', { name: 'Suspend user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend @rohan?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Harassment');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Account suspended.')).toBeInTheDocument();
    expect(posted.suspend).toEqual([{ userId: reportedUser.itemId, reason: 'Harassment' }]);
  });

  it('says \'No open reports.\' when there are none', async () => {
    server.use(http.get('*/api/moderation/reports', () => HttpResponse.json({ status: true, items: [] })));
    renderWithProviders('/moderation');
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
  });

  it('shows a failure with Try again when the reports do not load', async () => {
    let fail = true;
    server.use(http.get('*/api/moderation/reports', () => (fail ? HttpResponse.json({ message: 'Boom' }, { status: 500 }) : HttpResponse.json(moderationAnswers.moderationReports.ok))));
    const { user } = renderWithProviders('/moderation');
    expect(await screen.findByText('Could not load the reports')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Reported items' })).toBeInTheDocument();
  });
});

describe('suspensions, hidden content and the audit log', () => {
  beforeEach(asModerator);

  it('lifts a suspension', async () => {
    const { posted } = watch();
    const { user } = await openPage();
    const list = await screen.findByRole('list', { name: 'Suspended accounts' });
    expect(list).toHaveTextContent('Quick Cash @quickcash');
    expect(list).toHaveTextContent(`Why: ${suspendedAccount.reason}`);
    await user.click(within(list).getByRole('button', { name: 'Lift suspension' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lift the suspension of @quickcash?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Appeal accepted');
    await user.click(within(dialog).getByRole('button', { name: 'Lift suspension' }));
    expect(await screen.findByText('Suspension lifted.')).toBeInTheDocument();
    expect(posted.unsuspend).toEqual([{ userId: suspendedAccount.id, reason: 'Appeal accepted' }]);
  });

  it('restores hidden content', async () => {
    const { posted } = watch();
    const { user } = await openPage();
    const list = await screen.findByRole('list', { name: 'Hidden content' });
    expect(list).toHaveTextContent(hiddenItem.title);
    expect(list).toHaveTextContent(`Why: ${hiddenItem.reason}`);
    await user.click(within(list).getByRole('button', { name: 'Restore' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Restore this whisper?' })).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Content restored.')).toBeInTheDocument();
    expect(posted.restore).toEqual([{ itemType: 'whisper', itemId: hiddenItem.itemId }]);
  });

  it('shows the audit log: who, what, when and why', async () => {
    await openPage();
    const log = await screen.findByRole('list', { name: 'Audit log' });
    const [entry] = within(log).getAllByRole('listitem');
    expect(entry).toHaveTextContent('@demo hid a whisper');
    expect(within(entry).getByText(/Jun/).tagName).toBe('TIME');
    expect(entry).toHaveTextContent('Why: Shows a private home address');
  });

  it('says so when there is nothing suspended, hidden or logged', async () => {
    server.use(
      http.get('*/api/moderation/suspensions', () => HttpResponse.json({ status: true, users: [] })),
      http.get('*/api/moderation/hidden', () => HttpResponse.json({ status: true, items: [] })),
      http.get('*/api/moderation/log', () => HttpResponse.json({ status: true, actions: [] })),
    );
    renderWithProviders('/moderation');
    expect(await screen.findByText('No suspended accounts.')).toBeInTheDocument();
    expect(await screen.findByText('No hidden content.')).toBeInTheDocument();
    expect(await screen.findByText('No moderation actions yet.')).toBeInTheDocument();
  });
});
