import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mockOtp } from '@mocks/fixtures/account';
import { passwordResetAnswers } from '@mocks/fixtures/password-reset';
import { answerError } from '@mocks/handlers/answer';
import { server } from '@mocks/server';
import { renderWithProviders } from '@test-utils/render';

const requestBodies = (path: string) => {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (new URL(request.url).pathname === path) bodies.push(await request.clone().json());
  });
  return bodies;
};

afterEach(() => server.events.removeAllListeners());

describe('/forgot-password', () => {
  const setup = async () => {
    const view = renderWithProviders('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot Password', level: 1 });
    const email = screen.getByLabelText('Email');
    const submit = () => view.user.click(screen.getByRole('button', { name: 'Reset Password' }));
    return { ...view, email, submit };
  };

  it('is a shell-less screen with a way back to login', async () => {
    await setup();
    await waitFor(() => expect(document.title).toBe('Forgot Password | Need Spot'));
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
  });

  it('requires a well-formed e-mail and sends nothing otherwise', async () => {
    const calls = requestBodies('/api/forgot-password');
    const { user, email, submit } = await setup();

    await submit();
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(email).toHaveFocus();

    await user.type(email, 'asha@example');
    expect(email).toHaveAccessibleDescription('Enter a valid email');
    await submit();
    expect(calls).toHaveLength(0);
  });

  it('sends the code, says so, and goes to the code page with the address', async () => {
    const calls = requestBodies('/api/forgot-password');
    const { user, email, submit, router } = await setup();

    await user.type(email, ' asha@example.com ');
    await submit();

    expect(await screen.findByText('OTP Sent')).toBeInTheDocument();
    expect(screen.getByText('An OTP has been sent to your email.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password/otp'));
    expect(router.state.location.search).toBe('?email=asha%40example.com');
    expect(calls).toEqual([{ email: 'asha@example.com' }]);
    expect(await screen.findByRole('heading', { name: 'Enter OTP' })).toBeInTheDocument();
  });

  it.each([
    ['the server message', http.post('*/api/forgot-password', () => HttpResponse.json({ status: false, message: 'Too many requests. Please try again later.' }, { status: 429 })), 'Too many requests. Please try again later.'],
    ['the fallback for an answer without a message', http.post('*/api/forgot-password', () => HttpResponse.json({}, { status: 500 })), 'Failed to send OTP. Please try again.'],
    ['the fallback for status false', http.post('*/api/forgot-password', () => HttpResponse.json({ status: false })), 'Failed to send OTP. Please try again.'],
    ['the unexpected-error text for a network failure', http.post('*/api/forgot-password', () => HttpResponse.error()), 'An unexpected error occurred. Please try again later.'],
  ])('shows %s', async (_case, handler, shown) => {
    server.use(handler);
    const { user, email, submit, router } = await setup();

    await user.type(email, 'asha@example.com');
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeEnabled();
  });

  it("shows the server's answer for too many code requests", async () => {
    server.use(answerError(passwordResetAnswers.forgotPassword, 'tooMany'));
    const { user, email, submit } = await setup();
    await user.type(email, 'asha@example.com');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
  });
});

describe('/forgot-password/otp', () => {
  const setup = async (route = '/forgot-password/otp?email=asha%40example.com') => {
    const view = renderWithProviders(route);
    await screen.findByRole('heading', { name: 'Enter OTP' });
    const boxes = Array.from({ length: 6 }, (_, i) => screen.getByLabelText(`Digit ${i + 1} of 6`));
    const verify = () => view.user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    return { ...view, boxes, verify };
  };

  it('without an e-mail goes back to the first step', async () => {
    const { router } = renderWithProviders('/forgot-password/otp');
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('has six labelled numeric single-digit boxes, names the address and has the right title', async () => {
    const { boxes } = await setup();
    for (const box of boxes) expect(box).toHaveAttribute('inputmode', 'numeric');
    expect(boxes[0]).toHaveFocus();
    expect(screen.getByText('asha@example.com')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Verify OTP | Need Spot'));
  });

  it('takes one digit per box, advances, ignores letters and goes back on Backspace in an empty box', async () => {
    const { user, boxes } = await setup();

    await user.type(boxes[0], '1');
    expect(boxes[0]).toHaveValue('1');
    expect(boxes[1]).toHaveFocus();
    await user.keyboard('x');
    expect(boxes[1]).toHaveValue('');
    expect(boxes[1]).toHaveFocus();
    await user.keyboard('2');
    expect(boxes[2]).toHaveFocus();

    await user.keyboard('{Backspace}');
    expect(boxes[1]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(boxes[1]).toHaveValue('');
    expect(boxes.map((box) => (box as HTMLInputElement).value)).toEqual(['1', '', '', '', '', '']);

    // Typing over a filled box replaces its digit.
    await user.click(boxes[0]);
    await user.keyboard('7');
    expect(boxes[0]).toHaveValue('7');
    expect(boxes[1]).toHaveFocus();
  });

  it('fills all six boxes when a whole code is pasted into any box', async () => {
    const { user, boxes } = await setup();

    await user.click(boxes[3]);
    await user.paste('12 34 56');

    expect(boxes.map((box) => (box as HTMLInputElement).value)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(boxes[5]).toHaveFocus();
  });

  it('needs all six digits and sends nothing before', async () => {
    const calls = requestBodies('/api/forgot-password-otp');
    const { user, boxes, verify } = await setup();

    await verify();
    expect(screen.getByText('Please enter a valid 6-digit OTP.')).toBeInTheDocument();
    await user.click(boxes[0]);
    await user.paste('12345');
    await verify();
    expect(boxes[0]).toHaveAccessibleDescription('Please enter a valid 6-digit OTP.');
    expect(calls).toHaveLength(0);
  });

  it('verifies, says so, and hands e-mail and code to the new-password page', async () => {
    const calls = requestBodies('/api/forgot-password-otp');
    const { user, boxes, verify, router } = await setup();

    await user.click(boxes[0]);
    await user.paste(mockOtp);
    await verify();

    expect(await screen.findByText('OTP Verified')).toBeInTheDocument();
    expect(screen.getByText('Your OTP has been successfully verified.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password/set-password'));
    expect(router.state.location.state).toEqual({ email: 'asha@example.com', otp: mockOtp });
    expect(calls).toEqual([{ email: 'asha@example.com', otp: mockOtp }]);
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
  });

  it("shows the server's 'Invalid OTP. Please try again.' for a wrong code", async () => {
    server.use(answerError(passwordResetAnswers.verifyResetOtp, 'invalidOtp'));
    const { user, boxes, verify, router } = await setup();
    await user.click(boxes[0]);
    await user.paste('000000');
    await verify();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid OTP. Please try again.');
    expect(router.state.location.pathname).toBe('/forgot-password/otp');
  });

  it('falls back to the spec text when the answer has no message', async () => {
    server.use(http.post('*/api/forgot-password-otp', () => HttpResponse.json({ status: false })));
    const { user, boxes, verify } = await setup();
    await user.click(boxes[0]);
    await user.paste(mockOtp);
    await verify();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid OTP. Please try again.');
  });

  it('shows a raised error inline and in a dialog', async () => {
    server.use(http.post('*/api/forgot-password-otp', () => HttpResponse.error()));
    const { user, boxes, verify } = await setup();
    await user.click(boxes[0]);
    await user.paste(mockOtp);
    await verify();

    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('An unexpected error occurred. Please try again later.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('An unexpected error occurred. Please try again later.');
  });
});

describe('/forgot-password/set-password', () => {
  const state = { email: 'asha@example.com', otp: mockOtp };
  const setup = async () => {
    const view = renderWithProviders('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot Password' });
    // Navigation state comes with a push, as the code page does it.
    await act(() => view.router.navigate('/forgot-password/set-password', { state }));
    await screen.findByRole('heading', { name: 'Set New Password' });
    const field = (label: string) => screen.getByLabelText(label);
    const submit = () => view.user.click(screen.getByRole('button', { name: 'Submit' }));
    return { ...view, field, submit };
  };

  it.each([
    ['no state', undefined],
    ['no code', { email: 'asha@example.com' }],
    ['no e-mail', { otp: mockOtp }],
  ])('with %s goes back to the first step', async (_case, routeState) => {
    const { router } = renderWithProviders('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot Password' });
    await act(() => router.navigate('/forgot-password/set-password', { state: routeState }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('checks both fields with the spec messages', async () => {
    const calls = requestBodies('/api/forgot-password/reset-password');
    const { user, field, submit } = await setup();

    await submit();
    expect(field('New password')).toHaveAccessibleDescription('New password is required.');
    expect(field('Confirm password')).toHaveAccessibleDescription('Please confirm your password.');
    expect(field('New password')).toHaveFocus();

    await user.type(field('New password'), '12345');
    expect(field('New password')).toHaveAccessibleDescription('Password must be at least 6 characters.');
    await user.type(field('New password'), '6');
    await user.type(field('Confirm password'), '123457');
    expect(field('Confirm password')).toHaveAccessibleDescription('Passwords do not match.');
    await submit();
    expect(calls).toHaveLength(0);
  });

  it('sets the password, says so, and goes to login', async () => {
    const calls = requestBodies('/api/forgot-password/reset-password');
    const { user, field, submit, router } = await setup();

    await user.type(field('New password'), 'new-secret');
    await user.type(field('Confirm password'), 'new-secret');
    await submit();

    expect(await screen.findByText('Password successfully updated!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls).toEqual([{ email: 'asha@example.com', otp: mockOtp, newPassword: 'new-secret' }]);
  });

  it.each([
    ['the server message', HttpResponse.json({ status: false, message: 'Invalid OTP. Please try again.' }, { status: 400 }), 'Invalid OTP. Please try again.'],
    ['the fallback', HttpResponse.json({ status: false }, { status: 400 }), 'Failed to reset password. Try again.'],
    ['the fallback for a network failure', HttpResponse.error(), 'Failed to reset password. Try again.'],
  ])('shows %s on failure', async (_case, answer, shown) => {
    server.use(http.post('*/api/forgot-password/reset-password', () => answer));
    const { user, field, submit, router } = await setup();
    await user.type(field('New password'), 'new-secret');
    await user.type(field('Confirm password'), 'new-secret');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(router.state.location.pathname).toBe('/forgot-password/set-password');
  });

  it.each([
    ['too common', 'tooCommon', 'This password is too common. Please choose a less common one.'],
    ['the username or e-mail', 'passwordIsName', 'Your password must not be your username or e-mail address.'],
  ] as const)('shows a refused new password (%s) under the New password field', async (_case, answer, shown) => {
    server.use(answerError(passwordResetAnswers.resetPassword, answer));
    const { user, field, submit, router } = await setup();
    await user.type(field('New password'), 'password1');
    await user.type(field('Confirm password'), 'password1');
    await submit();

    await waitFor(() => expect(field('New password')).toHaveAccessibleDescription(shown));
    expect(field('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(field('New password')).toHaveFocus();
    expect(field('Confirm password')).toHaveValue('password1');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password/set-password');
  });
});
