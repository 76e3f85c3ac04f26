import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { demoCredentials, demoToken, demoUser } from '@mocks/fixtures/users';
import { hold } from '@mocks/hold';
import { server } from '@mocks/server';
import { renderWithProviders } from '@test-utils/render';

const setup = async () => {
  const view = renderWithProviders('/login');
  await screen.findByRole('heading', { name: 'Login Account' });
  const username = screen.getByLabelText('Username');
  const password = screen.getByLabelText('Password');
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Login' }));
  return { ...view, username, password, submit };
};

/** Counts login calls, to prove nothing is sent while a field is invalid. */
const countLoginCalls = () => {
  const calls: unknown[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url.endsWith('/api/login')) calls.push(request.url);
  });
  return calls;
};

afterEach(() => {
  server.events.removeAllListeners();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

it('renders the login screen of the spec', async () => {
  await setup();

  await waitFor(() => expect(document.title).toBe('Login | Access Your Travel Dashboard & Trips'));
  expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/forgot-password');
  expect(screen.getByText(/Don't have an Account \?/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
  // The shell is hidden on this screen.
  expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
});

it('shows both required messages on an empty submit and sends nothing', async () => {
  const calls = countLoginCalls();
  const { username, password, submit } = await setup();

  await submit();

  expect(screen.getByText('Username missing')).toBeInTheDocument();
  expect(screen.getByText('Password missing')).toBeInTheDocument();
  expect(username).toHaveAttribute('aria-invalid', 'true');
  expect(username).toHaveAccessibleDescription('Username missing');
  expect(password).toHaveAccessibleDescription('Password missing');
  expect(username).toHaveFocus();
  expect(calls).toHaveLength(0);
});

it('treats a blank username as missing and a short password as too short', async () => {
  const calls = countLoginCalls();
  const { user, username, password, submit } = await setup();

  await user.type(username, '   ');
  await user.type(password, '12345');
  await submit();

  expect(screen.getByText('Username missing')).toBeInTheDocument();
  expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
  expect(calls).toHaveLength(0);

  // Messages follow the input once the form was submitted.
  await user.type(username, 'asha');
  await user.type(password, '6');
  expect(screen.queryByText('Username missing')).not.toBeInTheDocument();
  expect(screen.queryByText('Password must be at least 6 characters')).not.toBeInTheDocument();
  expect(password).not.toHaveAttribute('aria-invalid');
});

it("reads 'Processing...' and is disabled while the request runs", async () => {
  const { passed, release } = hold();
  server.use(
    http.post('*/api/login', async () => {
      await passed;
      return HttpResponse.json({ message: 'Invalid username or password' }, { status: 401 });
    }),
  );
  const { user, username, password, submit } = await setup();

  await user.type(username, 'asha');
  await user.type(password, 'secret1');
  await submit();

  expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
  release();
  expect(await screen.findByRole('button', { name: 'Login' })).toBeEnabled();
  expect(screen.getByRole('alert')).toHaveTextContent('Invalid username or password');
});

it('logs in: trims the username, stores userData and token, shows the success view, goes home after the delay', async () => {
  jest.useFakeTimers();
  jest.spyOn(Math, 'random').mockReturnValue(0);
  let sent: unknown;
  server.use(
    http.post('*/api/login', async ({ request }) => {
      sent = await request.json();
      return HttpResponse.json({ message: 'User logged in successfully', user: demoUser, token: demoToken });
    }),
  );
  const { user, username, password, submit, router, store } = await setup();

  await user.type(username, `  ${demoCredentials.username} `);
  await user.type(password, demoCredentials.password);
  await submit();

  expect(await screen.findByText('Login Successful!')).toBeInTheDocument();
  expect(screen.getByText('Redirecting to your dashboard...')).toBeInTheDocument();
  expect(screen.getByRole('status', { name: 'Redirecting' })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Need Spot' })).toHaveAttribute('src', '/images/logo.svg');
  expect(sent).toEqual({ username: 'demo', password: 'demo1234' });

  expect(localStorage.getItem('token')).toBe(demoToken);
  expect(JSON.parse(localStorage.getItem('userData') ?? '{}')).toEqual({ ...demoUser, token: demoToken });
  expect(store.getState().session.token).toBe(demoToken);

  act(() => jest.advanceTimersByTime(2999));
  expect(router.state.location.pathname).toBe('/login');
  act(() => jest.advanceTimersByTime(1));
  expect(router.state.location.pathname).toBe('/');
  // Home (lazy) starts with its first-visit splash.
  expect(await screen.findByText('Loading your travel experience')).toBeInTheDocument();
});

it('waits at most 4999 ms before going home', async () => {
  jest.useFakeTimers();
  jest.spyOn(Math, 'random').mockReturnValue(0.9999999);
  const { user, username, password, submit, router } = await setup();

  await user.type(username, demoCredentials.username);
  await user.type(password, demoCredentials.password);
  await submit();
  await screen.findByText('Login Successful!');

  act(() => jest.advanceTimersByTime(4998));
  expect(router.state.location.pathname).toBe('/login');
  act(() => jest.advanceTimersByTime(1));
  expect(router.state.location.pathname).toBe('/');
  // Home (lazy) starts with its first-visit splash.
  expect(await screen.findByText('Loading your travel experience')).toBeInTheDocument();
});

describe('login errors', () => {
  it.each([
    [401, { message: 'Invalid username or password' }, 'Invalid username or password'],
    [
      403,
      { message: 'Your account has been deactivated. Please contact support.' },
      'Your account has been deactivated. Please contact support.',
    ],
    [429, { message: 'Too many login attempts. Please try again later.' }, 'Something went wrong. Please try again.'],
    [500, { message: 'Something went wrong' }, 'Something went wrong. Please try again.'],
    [502, 'Bad gateway', 'Something went wrong. Please try again.'],
    [200, { message: 'Welcome', user: demoUser }, 'Something went wrong. Please try again.'],
  ])('HTTP %i %p → %s', async (status, body, shown) => {
    server.use(http.post('*/api/login', () => HttpResponse.json(body, { status })));
    const { user, username, password, submit } = await setup();

    await user.type(username, 'asha');
    await user.type(password, 'secret1');
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    // The form keeps what the user typed and nothing is stored.
    expect(username).toHaveValue('asha');
    expect(password).toHaveValue('secret1');
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('maps a network failure to the generic message', async () => {
    server.use(http.post('*/api/login', () => HttpResponse.error()));
    const { user, username, password, submit } = await setup();

    await user.type(username, 'asha');
    await user.type(password, 'secret1');
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });

  it('uses the mock server: unknown credentials are rejected', async () => {
    const { user, username, password, submit } = await setup();

    await user.type(username, 'demo');
    await user.type(password, 'wrong-password');
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
  });
});
