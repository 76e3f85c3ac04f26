import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { accountAnswers, mockOtp } from '@mocks/fixtures/account';
import { answerError, answerErrorOnce } from '@mocks/handlers/answer';
import { demoToken, demoUser } from '@mocks/fixtures/users';
import { server } from '@mocks/server';
import { selectSessionUser } from '@/shared/api';
import { renderWithProviders, skipSplash, storeLogin } from '@test-utils/render';

const requestBodies = (path: string) => {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (new URL(request.url).pathname === path) bodies.push(await request.clone().json());
  });
  return bodies;
};

/** Logged in as the demo user, with the session also in localStorage as after a real login. */
const loggedIn = () => {
  storeLogin();
  return {};
};

beforeEach(skipSplash);
afterEach(() => server.events.removeAllListeners());

it.each(['/settings', '/settings/change-password', '/settings/change-email', '/settings/verify-email-otp'])(
  '%s sends a logged-out visitor to /login',
  async (route) => {
    const { router } = renderWithProviders(route);
    expect(await screen.findByRole('heading', { name: 'Login Account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  },
);

describe('/settings', () => {
  const setup = async () => {
    const view = renderWithProviders('/settings', loggedIn());
    await screen.findByRole('heading', { name: 'Account Settings', level: 1 });
    return view;
  };

  it('shows e-mail, a masked password, the status and the links', async () => {
    await setup();
    await waitFor(() => expect(document.title).toBe('Account Settings | Need Spot'));
    expect(screen.getByText(demoUser.email)).toBeInTheDocument();
    expect(screen.getByText('••••••••')).toBeInTheDocument();
    expect(screen.getByText('Premium Member')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change Email' })).toHaveAttribute('href', '/settings/change-email');
    expect(screen.getByRole('link', { name: 'Change Password' })).toHaveAttribute('href', '/settings/change-password');
    expect(screen.getByRole('heading', { name: 'Danger Zone' })).toBeInTheDocument();
  });

  it('asks before deleting; Cancel keeps everything', async () => {
    const calls: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'DELETE') calls.push(request.url);
    });
    const { user } = await setup();

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(localStorage.getItem('token')).toBe(demoToken);
  });

  it("deletes: 'Deleted!', ALL of localStorage cleared, api state reset, then /login", async () => {
    const { user, router, store } = await setup();
    localStorage.setItem('somethingElse', 'x');

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Deleted!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.length).toBe(0);
    expect(store.getState().session).toEqual({ userId: null, token: null, expired: false });
    expect(store.getState().api.queries).toEqual({});
    expect(await screen.findByRole('heading', { name: 'Login Account' })).toBeInTheDocument();
  });

  it.each([
    ['the server message', HttpResponse.json({ status: false, message: 'User not found' }, { status: 404 }), 'User not found'],
    ['the fallback', HttpResponse.json({}, { status: 500 }), 'Server error. Please try again later.'],
    ['the fallback for a network failure', HttpResponse.error(), 'Server error. Please try again later.'],
  ])('shows %s when deleting fails, and stays logged in', async (_case, answer, shown) => {
    server.use(http.delete('*/api/delete-user/:userId', () => answer));
    const { user, router } = await setup();

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
    expect(localStorage.getItem('token')).toBe(demoToken);
  });
});

describe('/settings/change-password', () => {
  const setup = async () => {
    const view = renderWithProviders('/settings/change-password', loggedIn());
    await screen.findByRole('heading', { name: 'Change Password', level: 1 });
    const field = (label: string) => screen.getByLabelText(label, { exact: true });
    const fill = async (current: string, next: string, confirm: string) => {
      for (const [label, value] of [['Current Password', current], ['New Password', next], ['Confirm New Password', confirm]]) {
        await view.user.clear(field(label));
        if (value) await view.user.type(field(label), value);
      }
    };
    const submit = () => view.user.click(screen.getByRole('button', { name: 'Change Password' }));
    return { ...view, field, fill, submit };
  };

  it('shows the required messages, then length and match, and sends nothing', async () => {
    const calls = requestBodies(`/api/change-password/${demoUser._id}`);
    const { field, fill, submit } = await setup();
    await waitFor(() => expect(document.title).toBe('Change Password | Need Spot'));

    await submit();
    expect(field('Current Password')).toHaveAccessibleDescription('Current password is required.');
    expect(field('New Password')).toHaveAccessibleDescription('New password is required.');
    expect(field('Confirm New Password')).toHaveAccessibleDescription('Confirm password is required.');
    expect(field('Current Password')).toHaveFocus();

    await fill('demo1234', 'abc', 'abd');
    expect(field('New Password')).toHaveAccessibleDescription('Password must be at least 6 characters');
    expect(field('Confirm New Password')).toHaveAccessibleDescription('Passwords do not match.');
    await submit();
    expect(calls).toHaveLength(0);
  });

  it("changes it: 'Password Changed' and home", async () => {
    const calls = requestBodies(`/api/change-password/${demoUser._id}`);
    const { fill, submit, router } = await setup();

    await fill('demo1234', 'new-secret', 'new-secret');
    await submit();

    expect(await screen.findByText('Password Changed')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls).toEqual([{ currentPassword: 'demo1234', newPassword: 'new-secret', confirmPassword: 'new-secret' }]);
    // This session stays.
    expect(localStorage.getItem('token')).toBe(demoToken);
  });

  it("shows the server's message for a wrong current password", async () => {
    server.use(answerError(accountAnswers.changePassword, 'wrongPassword'));
    const { fill, submit, router } = await setup();
    await fill('wrong-one', 'new-secret', 'new-secret');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
    expect(router.state.location.pathname).toBe('/settings/change-password');
  });

  it.each([
    ['an answer without a message', HttpResponse.json({}, { status: 500 })],
    ['a network failure', HttpResponse.error()],
    ['status false', HttpResponse.json({ status: false })],
  ])('falls back to the spec text for %s', async (_case, answer) => {
    server.use(http.post('*/api/change-password/:userId', () => answer));
    const { fill, submit } = await setup();
    await fill('demo1234', 'new-secret', 'new-secret');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });
});

describe('/settings/change-password: a refused new password', () => {
  it.each([
    ['too common', 'tooCommon', 'This password is too common. Please choose a less common one.'],
    ['the username or e-mail', 'passwordIsName', 'Your password must not be your username or e-mail address.'],
  ] as const)('(%s) shows under New Password, keeping everything typed', async (_case, answer, shown) => {
    server.use(answerError(accountAnswers.changePassword, answer));
    const { user } = renderWithProviders('/settings/change-password', loggedIn());
    const field = async (label: string) => screen.findByLabelText(label, { exact: true });
    await user.type(await field('Current Password'), 'demo1234');
    await user.type(await field('New Password'), 'password1');
    await user.type(await field('Confirm New Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    const next = await field('New Password');
    await waitFor(() => expect(next).toHaveAccessibleDescription(shown));
    expect(next).toHaveAttribute('aria-invalid', 'true');
    expect(next).toHaveFocus();
    expect(await field('Current Password')).toHaveValue('demo1234');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('change e-mail', () => {
  const setup = async () => {
    const view = renderWithProviders('/settings/change-email', loggedIn());
    await screen.findByRole('heading', { name: 'Change Email', level: 1 });
    const email = screen.getByLabelText('New Email');
    const send = () => view.user.click(screen.getByRole('button', { name: 'Receive OTP' }));
    return { ...view, email, send };
  };

  it('checks the address and sends nothing while it is wrong', async () => {
    const calls = requestBodies('/api/send-email-otp');
    const { user, email, send } = await setup();
    await waitFor(() => expect(document.title).toBe('Change Email | Need Spot'));

    await send();
    expect(email).toHaveAccessibleDescription('Email is required.');
    await user.type(email, 'new@example');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
    await send();
    expect(calls).toHaveLength(0);
  });

  it('shows a status-false answer under the field', async () => {
    server.use(answerError(accountAnswers.sendEmailOtp, 'emailTaken'));
    const { user, email, send, router } = await setup();
    await user.type(email, 'taken@example.com');
    await send();
    await waitFor(() => expect(email).toHaveAccessibleDescription('Email already in use'));
    expect(router.state.location.pathname).toBe('/settings/change-email');
  });

  it('ignores a raised error silently', async () => {
    server.use(http.post('*/api/send-email-otp', () => HttpResponse.error()));
    const { user, email, send, router } = await setup();
    await user.type(email, 'new@example.com');
    await send();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Receive OTP' })).toBeEnabled());
    expect(email).not.toHaveAccessibleDescription();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/change-email');
  });

  it('requests a code, then verifies it: the stored e-mail changes and we go home', async () => {
    const sends = requestBodies('/api/send-email-otp');
    const verifies = requestBodies('/api/verify-email-otp');
    const { user, email, send, router, store } = await setup();

    await user.type(email, ' New@Example.com ');
    await send();

    expect(await screen.findByText('OTP Sent')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/verify-email-otp'));
    expect(router.state.location.state).toEqual({ newEmail: 'New@Example.com' });
    expect(sends).toEqual([{ newEmail: 'New@Example.com' }]);

    const otp = await screen.findByLabelText('OTP');
    expect(otp).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByText('New@Example.com')).toBeInTheDocument();
    await user.type(otp, mockOtp);
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));

    expect(await screen.findByText('Email Verified')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(verifies).toEqual([{ otp: mockOtp, newEmail: 'New@Example.com' }]);
    expect(selectSessionUser(store.getState())?.email).toBe('new@example.com');
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}').email).toBe('new@example.com');
  });
});

describe('/settings/verify-email-otp', () => {
  const setup = async () => {
    const view = renderWithProviders('/settings/change-email', loggedIn());
    await screen.findByRole('heading', { name: 'Change Email', level: 1 });
    await act(() => view.router.navigate('/settings/verify-email-otp', { state: { newEmail: 'new@example.com' } }));
    const otp = await screen.findByLabelText('OTP');
    const verify = () => view.user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    return { ...view, otp, verify };
  };

  it('without a new e-mail in route state goes back to change e-mail', async () => {
    const { router } = renderWithProviders('/settings/verify-email-otp', loggedIn());
    expect(await screen.findByRole('heading', { name: 'Change Email', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/change-email');
  });

  it('needs at least 4 characters, and keeps digits only', async () => {
    const calls = requestBodies('/api/verify-email-otp');
    const { user, otp, verify } = await setup();
    await waitFor(() => expect(document.title).toBe('Verify Email | Need Spot'));

    await verify();
    expect(otp).toHaveAccessibleDescription('Please enter a valid OTP.');
    await user.type(otp, '1a2b3');
    expect(otp).toHaveValue('123');
    await verify();
    expect(otp).toHaveAccessibleDescription('Please enter a valid OTP.');
    expect(calls).toHaveLength(0);
  });

  it.each([
    ["the server's message for a wrong code", answerError(accountAnswers.verifyEmailOtp, 'invalidOtp'), 'Invalid OTP.'],
    ['the fallback', http.post('*/api/verify-email-otp', () => HttpResponse.json({ status: false }, { status: 400 })), 'Invalid OTP.'],
    ["'Otp Wrong.' for a raised error", http.post('*/api/verify-email-otp', () => HttpResponse.error()), 'Otp Wrong.'],
  ])('shows %s', async (_case, handler, shown) => {
    server.use(handler);
    const { user, otp, verify, router } = await setup();
    await user.type(otp, '9999');
    await verify();
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(router.state.location.pathname).toBe('/settings/verify-email-otp');
  });
});

// Sudo mode: a session that signed in more than 10 minutes ago must confirm the current password
// before deleting the account or changing the e-mail; the server asks with a 403 naming the field.
describe('asked for the current password', () => {
  const deleteBodies = () => {
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'DELETE') bodies.push(await request.clone().text());
    });
    return bodies;
  };

  const openDeleteDialog = async () => {
    const view = renderWithProviders('/settings', loggedIn());
    await screen.findByRole('heading', { name: 'Account Settings', level: 1 });
    await view.user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = () => view.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    return { ...view, dialog, confirm };
  };

  it('a fresh session deletes at once, sending no body (spec flow)', async () => {
    const bodies = deleteBodies();
    const { confirm, router } = await openDeleteDialog();
    await confirm();
    expect(await screen.findByText('Deleted!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(bodies).toEqual(['']);
  });

  it('delete: the dialog stays open, asks for the password under a labelled field, then deletes with it', async () => {
    server.use(answerErrorOnce(accountAnswers.deleteUser, 'passwordRequired'));
    const bodies = deleteBodies();
    const { dialog, confirm, user, router, store } = await openDeleteDialog();

    await confirm();

    const password = await within(dialog).findByLabelText('Current Password');
    expect(password).toHaveAccessibleDescription('Please enter your current password to continue.');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeInTheDocument();
    // A 403 is not a dead session.
    expect(store.getState().session.token).toBe(demoToken);
    expect(localStorage.getItem('token')).toBe(demoToken);

    await user.type(password, 'demo1234');
    await confirm();

    expect(await screen.findByText('Deleted!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(bodies).toEqual(['', JSON.stringify({ currentPassword: 'demo1234' })]);
  });

  it('delete: a wrong password shows under the field and keeps what was typed', async () => {
    server.use(answerErrorOnce(accountAnswers.deleteUser, 'passwordRequired'));
    const { dialog, confirm, user } = await openDeleteDialog();
    await confirm();
    const password = await within(dialog).findByLabelText('Current Password');

    await confirm();
    expect(password).toHaveAccessibleDescription('Current password is required.');

    server.use(answerError(accountAnswers.deleteUser, 'wrongPassword'));
    await user.type(password, 'not-it');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(password).toHaveAccessibleDescription('Current password is incorrect'));
    expect(password).toHaveValue('not-it');
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeInTheDocument();
  });

  it('delete: too many tries closes the dialog with the message', async () => {
    server.use(answerError(accountAnswers.deleteUser, 'tooMany'));
    const { confirm } = await openDeleteDialog();
    await confirm();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('change e-mail: asks for the password, keeps the address, and sends both', async () => {
    server.use(answerErrorOnce(accountAnswers.sendEmailOtp, 'passwordRequired'));
    const sends = requestBodies('/api/send-email-otp');
    const { user, router } = renderWithProviders('/settings/change-email', loggedIn());
    const email = await screen.findByLabelText('New Email');
    await user.type(email, 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Receive OTP' }));

    const password = await screen.findByLabelText('Current Password');
    expect(password).toHaveAccessibleDescription('Please enter your current password to continue.');
    expect(password).toHaveFocus();
    expect(email).toHaveValue('new@example.com');
    expect(router.state.location.pathname).toBe('/settings/change-email');

    await user.click(screen.getByRole('button', { name: 'Receive OTP' }));
    expect(password).toHaveAccessibleDescription('Current password is required.');

    await user.type(password, 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Receive OTP' }));
    expect(await screen.findByText('OTP Sent')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/verify-email-otp'));
    expect(sends).toEqual([{ newEmail: 'new@example.com' }, { newEmail: 'new@example.com', currentPassword: 'demo1234' }]);
  });

  it('change e-mail: a wrong password shows under the password field', async () => {
    server.use(answerErrorOnce(accountAnswers.sendEmailOtp, 'wrongPassword'));
    const { user } = renderWithProviders('/settings/change-email', loggedIn());
    await user.type(await screen.findByLabelText('New Email'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Receive OTP' }));
    expect(await screen.findByLabelText('Current Password')).toHaveAccessibleDescription('Current password is incorrect');
    expect(screen.getByLabelText('New Email')).not.toHaveAccessibleDescription();
  });
});
