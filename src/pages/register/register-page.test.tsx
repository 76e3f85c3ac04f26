import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { authAnswers } from '@mocks/fixtures/auth';
import { answerError } from '@mocks/handlers/answer';
import { server } from '@mocks/server';
import { renderWithProviders } from '@test-utils/render';

const labels = ['First name', 'Last name', 'Username', 'Email', 'Contact No.', 'Password', 'Confirm Password'] as const;
type Label = (typeof labels)[number];

const valid: Record<Label, string> = {
  'First name': 'Meera',
  'Last name': 'Iyer',
  Username: 'meera',
  Email: 'meera@example.com',
  'Contact No.': '+919812345678',
  Password: 'secret12',
  'Confirm Password': 'secret12',
};

const setup = async () => {
  const view = renderWithProviders('/register');
  await screen.findByRole('heading', { name: 'Create Account', level: 1 });
  const field = (label: Label) => screen.getByLabelText(label, { exact: true });
  const fill = async (values: Partial<Record<Label, string>>) => {
    for (const [label, value] of Object.entries(values)) {
      const input = field(label as Label);
      await view.user.clear(input);
      if (value) await view.user.type(input, value);
    }
  };
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Create Account' }));
  return { ...view, field, fill, submit };
};

const trackRegisterCalls = () => {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.url.endsWith('/api/register')) bodies.push(await request.clone().json());
  });
  return bodies;
};

afterEach(() => server.events.removeAllListeners());

it('renders the registration screen of the spec', async () => {
  const { field } = await setup();

  await waitFor(() => expect(document.title).toBe('Create a Free Travel Account | Connect & Explore Globally'));
  expect(screen.getByText('create a new account')).toBeInTheDocument();
  for (const label of labels) expect(field(label)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Already have an account? Login' })).toHaveAttribute('href', '/login');
  const terms = screen.getByText(/By signing up, you agree to our/);
  expect(terms).toHaveTextContent('By signing up, you agree to our Terms of Service and Privacy Policy');
  expect(screen.getByRole('link', { name: 'Terms of Service' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
});

it('shows every required message on an empty submit and sends nothing', async () => {
  const calls = trackRegisterCalls();
  const { submit, field } = await setup();

  await submit();

  const expected: [Label, string][] = [
    ['First name', 'First name missing'],
    ['Last name', 'Last name missing'],
    ['Username', 'Username missing'],
    ['Email', 'Email missing'],
    ['Contact No.', 'Contact number is required'],
    ['Password', 'Password missing'],
  ];
  for (const [label, message] of expected) {
    expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(field(label)).toHaveAccessibleDescription(message);
  }
  expect(field('First name')).toHaveFocus();
  expect(calls).toHaveLength(0);
});

it('checks e-mail shape, phone format, password length and confirmation', async () => {
  const calls = trackRegisterCalls();
  const { fill, submit, field } = await setup();

  await fill({ ...valid, Email: 'meera@example', 'Contact No.': '98123', Password: 'abc', 'Confirm Password': 'abd' });
  await submit();

  expect(field('Email')).toHaveAccessibleDescription('Invalid email address');
  expect(field('Contact No.')).toHaveAccessibleDescription('Invalid phone number format');
  expect(field('Password')).toHaveAccessibleDescription('Password must be at least 6 characters');
  expect(field('Confirm Password')).toHaveAccessibleDescription('Passwords do not match');
  expect(field('Email')).toHaveFocus();
  expect(calls).toHaveLength(0);

  await fill({ Email: valid.Email, 'Contact No.': valid['Contact No.'], Password: 'abcdef', 'Confirm Password': 'abcdeg' });
  expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
  expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
});

it('registers: sends the payload, toasts success and goes to /login', async () => {
  const calls = trackRegisterCalls();
  const { fill, submit, router } = await setup();

  await fill({ ...valid, 'First name': '  Meera ' });
  await submit();

  expect(await screen.findByText('User registered successfully')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(await screen.findByRole('heading', { name: 'Login Account' })).toBeInTheDocument();
  expect(calls).toEqual([
    {
      firstName: 'Meera',
      lastName: 'Iyer',
      username: 'meera',
      email: 'meera@example.com',
      password: 'secret12',
      confirmPassword: 'secret12',
      contactNumber: '+919812345678',
    },
  ]);
});

it('goes to /login after any answer that is not an error (spec §4)', async () => {
  server.use(http.post('*/api/register', () => HttpResponse.json({ message: 'Pending review' })));
  const { fill, submit, router } = await setup();

  await fill(valid);
  await submit();

  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
});

describe('registration errors', () => {
  it.each([
    [409, 'User already exists', 'User already exists'],
    [409, 'Email already in use', 'Email already in use'],
    [409, 'Username already taken', 'Username already taken'],
    [409, 'Contact number already used', 'Contact number already used'],
    [400, 'Invalid email address', 'Something went wrong. Network Issue.'],
    [500, 'Something went wrong', 'Something went wrong. Network Issue.'],
  ])('HTTP %i %s → %s', async (status, message, shown) => {
    server.use(http.post('*/api/register', () => HttpResponse.json({ message }, { status })));
    const { fill, submit, field, router } = await setup();

    await fill(valid);
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(router.state.location.pathname).toBe('/register');
    // What the user typed is kept.
    for (const label of labels) expect(field(label)).toHaveValue(valid[label]);
  });

  it('maps a network failure to the fallback', async () => {
    server.use(http.post('*/api/register', () => HttpResponse.error()));
    const { fill, submit } = await setup();

    await fill(valid);
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Network Issue.');
  });

  it("shows the server's answer for a taken username", async () => {
    server.use(answerError(authAnswers.register, 'usernameTaken'));
    const { fill, submit } = await setup();

    await fill({ ...valid, Username: 'demo' });
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Username already taken');
  });

  it.each([
    ['too common', 'tooCommon', 'This password is too common. Please choose a less common one.'],
    ['the username or e-mail', 'passwordIsName', 'Your password must not be your username or e-mail address.'],
  ] as const)('shows a refused password (%s) under the Password field, keeping everything typed', async (_case, answer, shown) => {
    server.use(answerError(authAnswers.register, answer));
    const { fill, submit, field, router } = await setup();

    await fill(valid);
    await submit();

    await waitFor(() => expect(field('Password')).toHaveAccessibleDescription(shown));
    expect(field('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Password')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
    for (const label of labels) expect(field(label)).toHaveValue(valid[label]);
  });
});
