import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { goaTrip, hampiTrip, manaliTrip, tripsAnswers } from '@mocks/fixtures/trips';
import { answerError, answerHeld, answerOk } from '@mocks/handlers/answer';
import { server } from '@mocks/server';
import { renderWithProviders, storeLogin } from '@test-utils/render';

const section = (name: string) => screen.getByRole('region', { name });
const cards = (name: string) => within(section(name)).queryAllByRole('listitem');

async function openTrips() {
  storeLogin();
  const view = renderWithProviders('/trips');
  await screen.findByRole('heading', { level: 1, name: 'My trips' });
  await waitFor(() => expect(cards('Upcoming')).toHaveLength(2));
  return view;
}

/** Requests by method and path, as they start. */
function requests(method: string) {
  const seen: { path: string; body?: unknown }[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.method !== method) return;
    const path = new URL(request.url).pathname;
    seen.push(method === 'PUT' ? { path, body: await request.clone().json() } : { path });
  });
  return seen;
}

afterEach(() => server.events.removeAllListeners());

it.each(['/trips', `/trips/${manaliTrip._id}/edit`])('%s sends a logged-out visitor to /login', async (route) => {
  const { router } = renderWithProviders(route);
  expect(await screen.findByRole('heading', { name: 'Login Account' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/login');
});

describe('My trips', () => {
  it('lists upcoming trips (Edit, Cancel trip) and past ones, each with its details', async () => {
    await openTrips();
    await waitFor(() => expect(document.title).toBe('My trips | Need Spot'));

    const [manali, hampi] = cards('Upcoming');
    expect(within(manali).getByRole('heading', { level: 3 })).toHaveAccessibleName('Bengaluru to Manali, Himachal Pradesh');
    expect(within(manali).getByText('→')).toHaveAttribute('aria-hidden', 'true');
    expect(manali).toHaveTextContent('Dates10 May 2030 – 16 May 2030');
    expect(manali).toHaveTextContent('No. of days6 days');
    expect(manali).toHaveTextContent('Travellers1');
    expect(manali).toHaveTextContent('Budget30,000');
    expect(within(manali).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/trips/${manaliTrip._id}/edit`);
    expect(within(manali).getByRole('link', { name: 'Edit' })).toHaveAccessibleDescription('Bengaluru to Manali, Himachal Pradesh');
    expect(within(manali).getByRole('button', { name: 'Cancel trip' })).toBeInTheDocument();
    expect(within(hampi).getByRole('heading', { level: 3 })).toHaveAccessibleName('Goa to Hampi');
    expect(hampi).toHaveTextContent('3 days');

    const [goa] = cards('Past');
    expect(cards('Past')).toHaveLength(1);
    expect(within(goa).getByRole('heading', { level: 3 })).toHaveAccessibleName('Kochi to Goa');
    expect(goa).toHaveTextContent('2 Nov 2024 – 7 Nov 2024');
    expect(within(goa).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(goa).queryByRole('button', { name: 'Cancel trip' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+ Plan a trip' })).toHaveAttribute('href', '/plan-trip');
  });

  it("shows a spinner while loading, then an empty state with '+ Plan a trip' when there are no trips", async () => {
    const held = answerHeld(tripsAnswers.listTrips, { success: true, data: { upcoming: [], past: [] } });
    server.use(held.handler);
    storeLogin();
    renderWithProviders('/trips');
    expect(await screen.findByRole('status', { name: 'Loading your trips' })).toBeInTheDocument();
    held.release();
    expect(await screen.findByText('No trips yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+ Plan a trip' })).toHaveAttribute('href', '/plan-trip');
    expect(screen.queryByRole('region', { name: 'Upcoming' })).not.toBeInTheDocument();
  });

  it('says when a section is empty', async () => {
    server.use(answerOk(tripsAnswers.listTrips, { success: true, data: { upcoming: [], past: [goaTrip] } }));
    storeLogin();
    renderWithProviders('/trips');
    expect(await screen.findByText('No upcoming trips.')).toBeInTheDocument();
    expect(cards('Past')).toHaveLength(1);
  });

  it('offers to try again when the list cannot be loaded', async () => {
    server.use(http.get(tripsAnswers.listTrips.path, () => HttpResponse.json({}, { status: 500 }), { once: true }));
    storeLogin();
    const { user } = renderWithProviders('/trips');
    expect(await screen.findByText('Could not load your trips')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards('Upcoming')).toHaveLength(2));
  });

  it('cancels a trip only after confirming; the server says so and the list follows', async () => {
    const deletes = requests('DELETE');
    const { user } = await openTrips();

    await user.click(within(cards('Upcoming')[0]).getByRole('button', { name: 'Cancel trip' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this trip?' });
    expect(dialog).toHaveTextContent('Bengaluru to Manali, Himachal Pradesh (10 May 2030 – 16 May 2030)');
    expect(within(dialog).getByRole('button', { name: 'Keep trip' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep trip' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes).toEqual([]);

    // From now on the server lists the trip no more.
    server.use(answerOk(tripsAnswers.listTrips, { success: true, data: { upcoming: [hampiTrip], past: [goaTrip] } }));
    await user.click(within(cards('Upcoming')[0]).getByRole('button', { name: 'Cancel trip' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Cancel this trip?' })).getByRole('button', { name: 'Cancel trip' }));

    expect(await screen.findByText('Your trip has been cancelled.')).toBeInTheDocument();
    await waitFor(() => expect(cards('Upcoming')).toHaveLength(1));
    expect(within(cards('Upcoming')[0]).getByRole('heading', { level: 3 })).toHaveAccessibleName('Goa to Hampi');
    expect(deletes).toEqual([{ path: `/api/trips/${manaliTrip._id}` }]);
  });

  it("says why a cancel was refused ('A past trip cannot be cancelled.')", async () => {
    server.use(answerError(tripsAnswers.cancelTrip, 'past'));
    const { user } = await openTrips();
    await user.click(within(cards('Upcoming')[1]).getByRole('button', { name: 'Cancel trip' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Cancel this trip?' })).getByRole('button', { name: 'Cancel trip' }));
    expect(await screen.findByText('A past trip cannot be cancelled.')).toBeInTheDocument();
  });

  it('goes to /login, with no error of its own, when the server no longer knows the session', async () => {
    server.use(answerError(tripsAnswers.cancelTrip, 'unauthorized'));
    const { user, router } = await openTrips();
    await user.click(within(cards('Upcoming')[0]).getByRole('button', { name: 'Cancel trip' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Cancel this trip?' })).getByRole('button', { name: 'Cancel trip' }));
    expect(await screen.findByRole('heading', { name: 'Login Account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('Aborted')).not.toBeInTheDocument();
  });
});

describe('Edit trip', () => {
  const openEdit = async (id = manaliTrip._id) => {
    storeLogin();
    const view = renderWithProviders(`/trips/${id}/edit`);
    await screen.findByRole('heading', { level: 1, name: 'Edit trip' });
    return view;
  };

  it("starts from the trip, saves it ('Saving...'), says so and goes back to My trips", async () => {
    const puts = requests('PUT');
    const held = answerHeld(tripsAnswers.updateTrip);
    server.use(held.handler);
    const { user, router } = await openEdit();
    const from = await screen.findByRole('combobox', { name: 'From' });
    expect(from).toHaveValue('Bengaluru');
    expect(screen.getByRole('combobox', { name: 'Where To' })).toHaveValue('Manali, Himachal Pradesh');
    expect(screen.getByLabelText('Start Date')).toHaveValue('2030-05-10');
    expect(screen.getByLabelText('End Date')).toHaveValue('2030-05-16');
    expect(screen.getByLabelText('End Date')).toHaveAttribute('min', '2030-05-11');
    expect(screen.getByRole('spinbutton', { name: 'No. Of Traveller' })).toHaveValue(1);
    expect(screen.getByRole('spinbutton', { name: 'Budget' })).toHaveValue(30000);
    expect(screen.getByText(/No\. of Days/)).toHaveTextContent('No. of Days: 6');

    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2030-05-18' } });
    expect(screen.getByText(/No\. of Days/)).toHaveTextContent('No. of Days: 8');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'No. Of Traveller' }), { target: { value: '3' } });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    held.release();
    expect(await screen.findByText('Your trip has been updated.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/trips'));
    expect(puts).toEqual([
      {
        path: `/api/trips/${manaliTrip._id}`,
        body: { from: 'Bengaluru', to: 'Manali, Himachal Pradesh', startDate: '2030-05-10', endDate: '2030-05-18', peopleCount: 3, budget: 30000 },
      },
    ]);
  });

  it('checks the same rules before sending', async () => {
    const puts = requests('PUT');
    const { user } = await openEdit();
    const to = await screen.findByRole('combobox', { name: 'Where To' });
    await user.clear(to);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(to).toHaveAccessibleDescription('Please enter destination location.');
    expect(puts).toEqual([]);
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    server.use(answerError(tripsAnswers.updateTrip, 'past'));
    const { user, router } = await openEdit();
    const budget = await screen.findByRole('spinbutton', { name: 'Budget' });
    await user.clear(budget);
    await user.type(budget, '32000');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A past trip cannot be changed.');
    expect(budget).toHaveValue(32000);
    expect(router.state.location.pathname).toBe(`/trips/${manaliTrip._id}/edit`);
  });

  it('says a past trip cannot be changed, and an unknown one is not found', async () => {
    await openEdit(goaTrip._id);
    expect(await screen.findByRole('heading', { level: 2, name: 'A past trip cannot be changed.' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My trips' })).toHaveAttribute('href', '/trips');
  });

  it("says 'Trip not found' for a trip that is not the traveller's", async () => {
    await openEdit('00000000-0000-4000-8000-000000000000');
    expect(await screen.findByRole('heading', { level: 2, name: 'Trip not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  });
});
