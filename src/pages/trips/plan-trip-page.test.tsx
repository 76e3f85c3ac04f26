import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { tripsAnswers } from '@mocks/fixtures/trips';
import { demoUser } from '@mocks/fixtures/users';
import { answerError, answerHeld } from '@mocks/handlers/answer';
import { server } from '@mocks/server';
import { renderWithProviders, storeLogin } from '@test-utils/render';

type View = ReturnType<typeof renderWithProviders>;

/** What each trip request sent: its path, Idempotency-Key and JSON body. */
function sentTrips() {
  const sent: { path: string; key: string | null; body: unknown }[] = [];
  server.events.on('request:start', async ({ request }) => {
    const url = new URL(request.url);
    if (request.method !== 'POST' || !url.pathname.startsWith('/api/send-trip-request/')) return;
    sent.push({ path: url.pathname, key: request.headers.get('Idempotency-Key'), body: await request.clone().json() });
  });
  return sent;
}

const from = () => screen.getByRole('combobox', { name: 'From' });
const to = () => screen.getByRole('combobox', { name: 'Where To' });
const startDate = () => screen.getByLabelText('Start Date');
const endDate = () => screen.getByLabelText('End Date');
const travellers = () => screen.getByRole('spinbutton', { name: 'No. Of Traveller' });
const budget = () => screen.getByRole('spinbutton', { name: 'Budget' });
const submitButton = () => screen.getByRole('button', { name: 'Submit' });
const dayCountLine = () => screen.getByText(/No\. of Days/);

async function openForm(): Promise<View> {
  storeLogin();
  const view = renderWithProviders('/plan-trip');
  await screen.findByRole('heading', { level: 1, name: 'Plan Trip' });
  return view;
}

async function fillTrip(user: View['user']) {
  await user.type(from(), 'Panaji');
  await user.type(to(), 'Manali');
  fireEvent.change(startDate(), { target: { value: '2030-12-01' } });
  fireEvent.change(endDate(), { target: { value: '2030-12-04' } });
  await user.clear(travellers());
  await user.type(travellers(), '2');
  await user.type(budget(), '25000');
}

afterEach(() => server.events.removeAllListeners());

it('sends a logged-out visitor to /login on arrival', async () => {
  const { router } = renderWithProviders('/plan-trip');
  expect(await screen.findByRole('heading', { name: 'Login Account' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/login');
});

it('labels every field, starts travellers at 1, and has its page title', async () => {
  await openForm();
  await waitFor(() => expect(document.title).toBe('Plan Trip | Need Spot'));
  expect(from()).toHaveValue('');
  expect(to()).toHaveValue('');
  expect(startDate()).toHaveAttribute('type', 'date');
  expect(endDate()).toHaveAttribute('type', 'date');
  expect(travellers()).toHaveValue(1);
  expect(budget()).toHaveValue(null);
  expect(submitButton()).toBeEnabled();
  expect(screen.queryByText(/No\. of Days/)).not.toBeInTheDocument();
});

it('shows each rule\'s message under its field, flags it, focuses the first, and sends nothing', async () => {
  const sent = sentTrips();
  const { user } = await openForm();
  await user.click(submitButton());

  for (const [field, message] of [
    [from(), 'Please enter source location.'],
    [to(), 'Please enter destination location.'],
    [startDate(), 'Start date is required.'],
    [endDate(), 'End date is required.'],
    [budget(), 'Please enter a valid budget.'],
  ] as const) {
    expect(field).toHaveAccessibleDescription(message);
    expect(field).toHaveAttribute('aria-invalid', 'true');
  }
  expect(travellers()).not.toHaveAttribute('aria-invalid');
  expect(from()).toHaveFocus();

  // Once shown, messages follow the input.
  await user.type(from(), 'Panaji');
  expect(from()).not.toHaveAttribute('aria-invalid');
  expect(sent).toEqual([]);
});

it("says 'End date must be after start date.', 'At least 1 traveller is required.' and 'Please enter a valid budget.'", async () => {
  const sent = sentTrips();
  const { user } = await openForm();
  await fillTrip(user);
  fireEvent.change(endDate(), { target: { value: '2030-12-01' } });
  await user.clear(budget());
  await user.type(budget(), '0');
  await user.click(submitButton());
  expect(endDate()).toHaveAccessibleDescription('End date must be after start date.');
  expect(budget()).toHaveAccessibleDescription('Please enter a valid budget.');
  expect(endDate()).toHaveFocus();

  fireEvent.change(endDate(), { target: { value: '2030-12-04' } });
  await user.type(budget(), '5');
  await user.clear(travellers());
  // Enter in the emptied field submits before it loses focus (leaving it puts 1 back).
  await user.type(travellers(), '{Enter}');
  expect(travellers()).toHaveAccessibleDescription('At least 1 traveller is required.');
  expect(travellers()).toHaveAttribute('aria-invalid', 'true');
  expect(endDate()).not.toHaveAttribute('aria-invalid');
  expect(budget()).not.toHaveAttribute('aria-invalid');
  expect(sent).toEqual([]);
});

it("counts 'No. of Days' live (1 to 4 December is 3), and keeps the End Date picker after the start", async () => {
  await openForm();
  expect(endDate()).not.toHaveAttribute('min');

  fireEvent.change(startDate(), { target: { value: '2026-12-01' } });
  expect(endDate()).toHaveAttribute('min', '2026-12-02');
  expect(screen.queryByText(/No\. of Days/)).not.toBeInTheDocument();

  fireEvent.change(endDate(), { target: { value: '2026-12-04' } });
  expect(dayCountLine()).toHaveTextContent('No. of Days: 3');

  // Not a valid pair: no count.
  fireEvent.change(endDate(), { target: { value: '2026-11-30' } });
  expect(screen.queryByText(/No\. of Days/)).not.toBeInTheDocument();

  fireEvent.change(startDate(), { target: { value: '2026-12-31' } });
  expect(endDate()).toHaveAttribute('min', '2027-01-01');
});

it('takes the budget as a whole number: minus, dot and e do nothing, a fraction is floored', async () => {
  const { user } = await openForm();
  await user.type(budget(), '12.5e-3+E');
  expect(budget()).toHaveValue(1253);

  fireEvent.change(budget(), { target: { value: '2500.75' } });
  expect(budget()).toHaveValue(2500);
});

it('keeps travellers at 1 or more', async () => {
  const { user } = await openForm();
  fireEvent.change(travellers(), { target: { value: '0' } });
  expect(travellers()).toHaveValue(1);
  fireEvent.change(travellers(), { target: { value: '-4' } });
  expect(travellers()).toHaveValue(1);
  fireEvent.change(travellers(), { target: { value: '3.6' } });
  expect(travellers()).toHaveValue(3);

  await user.clear(travellers());
  await user.type(travellers(), '-.e2');
  expect(travellers()).toHaveValue(2);

  // Emptied and left: back to 1.
  await user.clear(travellers());
  await user.tab();
  expect(travellers()).toHaveValue(1);
});

it("picks a place from the suggestions", async () => {
  const { user } = await openForm();
  await user.type(from(), 'Calangute');
  await user.click(await screen.findByRole('option', { name: 'Calangute, Bardez, North Goa, Goa, 403516, India' }));
  expect(from()).toHaveValue('Calangute, Bardez, North Goa, Goa, 403516, India');
});

it("sends the trip ('Submitting...', disabled), says it was sent, and goes home", async () => {
  const sent = sentTrips();
  const held = answerHeld(tripsAnswers.sendTripRequest);
  server.use(held.handler);
  const { user, router } = await openForm();
  await fillTrip(user);
  expect(dayCountLine()).toHaveTextContent('No. of Days: 3');
  await user.click(submitButton());

  expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
  held.release();
  expect(await screen.findByText('Your trip request has been sent successfully.')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/'));

  expect(sent).toEqual([
    {
      path: `/api/send-trip-request/${demoUser._id}`,
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      body: { from: 'Panaji', to: 'Manali', startDate: '2030-12-01', endDate: '2030-12-04', peopleCount: 2, budget: 25000 },
    },
  ]);
});

it("puts the server's message about a field under that field, keeping the input", async () => {
  server.use(answerError(tripsAnswers.sendTripRequest, 'tooManyTravellers'));
  const { user, router } = await openForm();
  await fillTrip(user);
  await user.click(submitButton());

  await waitFor(() => expect(travellers()).toHaveAccessibleDescription('No. of travellers must be at most 100.'));
  expect(travellers()).toHaveAttribute('aria-invalid', 'true');
  expect(travellers()).toHaveFocus();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/plan-trip');
});

it("shows a failure in an alert ('Something went wrong' without a message), keeps the input, and retries with the same key", async () => {
  const sent = sentTrips();
  server.use(http.post(tripsAnswers.sendTripRequest.path, () => HttpResponse.json({}, { status: 500 }), { once: true }));
  const { user, router } = await openForm();
  await fillTrip(user);
  await user.click(submitButton());

  expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  expect(from()).toHaveValue('Panaji');
  expect(to()).toHaveValue('Manali');
  expect(startDate()).toHaveValue('2030-12-01');
  expect(endDate()).toHaveValue('2030-12-04');
  expect(travellers()).toHaveValue(2);
  expect(budget()).toHaveValue(25000);
  expect(router.state.location.pathname).toBe('/plan-trip');

  server.use(http.post(tripsAnswers.sendTripRequest.path, () => HttpResponse.json({ message: 'Too many requests. Please try again later.' }, { status: 429 }), { once: true }));
  await user.click(submitButton());
  expect(await screen.findByText('Too many requests. Please try again later.')).toBeInTheDocument();

  await user.click(submitButton());
  expect(await screen.findByText('Your trip request has been sent successfully.')).toBeInTheDocument();
  expect(sent).toHaveLength(3);
  expect(new Set(sent.map(({ key }) => key)).size).toBe(1);
});

it('says the visitor is not logged in and goes to /login when the server no longer knows the session', async () => {
  server.use(answerError(tripsAnswers.sendTripRequest, 'unauthorized'));
  const { user, router } = await openForm();
  await fillTrip(user);
  await user.click(submitButton());

  expect(await screen.findByText('Unauthorized: You are not logged in. Please log in to submit an event.')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(await screen.findByRole('heading', { name: 'Login Account' })).toBeInTheDocument();
});
