import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { eventsAnswers, yogaEvent } from '@mocks/fixtures/events';
import { geoAnswers } from '@mocks/fixtures/geo';
import { answerError, answerHeld } from '@mocks/handlers/answer';
import { server } from '@mocks/server';
import { renderWithProviders, storeLogin } from '@test-utils/render';
import { today } from '@/shared/lib/date';

// Node's File: jsdom's one becomes '[object File]' in the Node FormData that MSW reads under jest.
const png = (name = 'banner.png') => new NodeFile(['png bytes'], name, { type: 'image/png' }) as unknown as File;

/** What each create request sent: its path, Idempotency-Key and fields (files by name). */
function sentForms(method = 'POST') {
  const sent: { path: string; key: string | null; body: Record<string, unknown> }[] = [];
  server.events.on('request:start', async ({ request }) => {
    const url = new URL(request.url);
    if (request.method !== method || !url.pathname.startsWith('/api/events/')) return;
    const form = await request.clone().formData();
    const body: Record<string, unknown> = {};
    form.forEach((value, key) => {
      body[key] = typeof value === 'string' ? value : value.name;
    });
    sent.push({ path: url.pathname, key: request.headers.get('Idempotency-Key'), body });
  });
  return sent;
}

const field = (name: string) => screen.getByLabelText(name, { exact: false });

async function openForm(path = '/events/add-event', heading = 'Request Event') {
  const view = renderWithProviders(path);
  await screen.findByRole('heading', { level: 1, name: heading });
  return view;
}

/** Fills the whole form validly; the address is looked up as it loses focus. */
async function fillForm(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Sunrise Yoga');
  await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Mats provided.');
  await user.type(screen.getByRole('textbox', { name: 'Full address' }), 'Panaji, Goa');
  await user.tab();
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Latitude' })).toHaveValue('15.498995'));
  fireEvent.change(field('Start date'), { target: { value: '2030-03-14' } });
  fireEvent.change(field('Start time'), { target: { value: '06:00' } });
  fireEvent.change(field('End date'), { target: { value: '2030-03-15' } });
  await user.upload(field('Banner image'), png());
}

afterEach(() => server.events.removeAllListeners());

describe('Request Event', () => {
  it('tells a visitor to log in, and goes to /login without sending anything', async () => {
    const sent = sentForms();
    const { user, router } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Unauthorized: You are not logged in. Please log in to submit an event.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sent).toEqual([]);
  });

  it('shows every required message under its field and sends nothing', async () => {
    storeLogin();
    const sent = sentForms();
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    for (const [label, message] of [
      ['Title', 'Title is required.'],
      ['Description', 'Description is required.'],
      ['Full address', 'Address is required.'],
      ['Start date', 'Start date is required.'],
      ['End date', 'End date is required.'],
      ['Banner image', 'Banner image is required.'],
    ]) {
      expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    }
    // The first invalid field takes focus.
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('keeps dates from today on, the end not before the start', async () => {
    storeLogin();
    const { user } = await openForm();
    expect(field('Start date')).toHaveAttribute('min', today());
    expect(field('End date')).toHaveAttribute('min', today());
    fireEvent.change(field('Start date'), { target: { value: '2030-03-14' } });
    expect(field('End date')).toHaveAttribute('min', '2030-03-14');

    fireEvent.change(field('End date'), { target: { value: '2030-03-13' } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(field('End date')).toHaveAccessibleDescription('End date cannot be before start date.');
    // The message follows the input once shown.
    fireEvent.change(field('End date'), { target: { value: '2030-03-14' } });
    expect(field('End date')).not.toHaveAttribute('aria-invalid');
  });

  it('fills the read-only coordinates from the address when it loses focus', async () => {
    const searched: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/geo/search') searched.push(url.searchParams.get('q') ?? '');
    });
    const { user } = await openForm();
    await user.type(screen.getByRole('textbox', { name: 'Full address' }), ' Panaji, Goa ');
    await user.tab();

    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Latitude' })).toHaveValue('15.498995'));
    expect(screen.getByRole('textbox', { name: 'Longitude' })).toHaveValue('73.828214');
    expect(screen.getByRole('textbox', { name: 'Latitude' })).toHaveAttribute('readonly');
    expect(searched).toEqual(['Panaji, Goa']);
  });

  it('looks the address up once typing stops', async () => {
    const { user } = await openForm();
    await user.type(screen.getByRole('textbox', { name: 'Full address' }), 'Panaji');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Latitude' })).toHaveValue('15.498995'), { timeout: 3000 });
    expect(screen.getByRole('textbox', { name: 'Full address' })).toHaveFocus();
  });

  it("says 'Location not found' under the address when nothing matches, and sends nothing", async () => {
    storeLogin();
    server.use(http.get(geoAnswers.searchPlaces.path, () => HttpResponse.json({ status: true, results: [] })));
    const sent = sentForms();
    const { user } = await openForm();
    await user.type(screen.getByRole('textbox', { name: 'Full address' }), 'Nowhere at all');
    await user.tab();

    await waitFor(() => expect(field('Full address')).toHaveAccessibleDescription(expect.stringContaining('Location not found')));
    expect(screen.getByRole('textbox', { name: 'Latitude' })).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(field('Full address')).toHaveAccessibleDescription(expect.stringContaining('Location not found'));
    expect(sent).toEqual([]);
  });

  it("sends the form ('Submitting...'), says 'Success' / 'Event created!' and goes home", async () => {
    storeLogin();
    const sent = sentForms();
    const held = answerHeld(eventsAnswers.createEvent);
    server.use(held.handler);
    const { user, router } = await openForm();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    held.release();
    expect(await screen.findByText('Event created!')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));

    expect(sent).toHaveLength(1);
    expect(sent[0].path).toBe(`/api/events/${yogaEvent.createdBy._id}`);
    expect(sent[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0].body).toEqual({
      title: 'Sunrise Yoga',
      description: 'Mats provided.',
      address: 'Panaji, Goa',
      latitude: '15.498995',
      longitude: '73.828214',
      startDate: '2030-03-14',
      endDate: '2030-03-15',
      startTime: '06:00',
      // No limit, and the browser's own zone.
      capacity: '',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      thumbnail: 'banner.png',
    });
  });

  it("shows the server's message in an Error dialog, keeps the input, and retries with the same key", async () => {
    storeLogin();
    const sent = sentForms();
    server.use(answerError(eventsAnswers.createEvent, 'tooManyUploads'));
    const { user, router } = await openForm();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Too many uploads. Please try again later.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Sunrise Yoga');
    expect(router.state.location.pathname).toBe('/events/add-event');

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('dialog', { name: 'Error' });
    expect(sent).toHaveLength(2);
    expect(sent[1].key).toBe(sent[0].key);
  });

  it("says 'Submission failed' when no message comes back, and puts a field's error under it", async () => {
    storeLogin();
    server.use(http.post(eventsAnswers.createEvent.path, () => HttpResponse.json({}, { status: 500 })));
    const { user } = await openForm();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent('Submission failed');
    await user.click(screen.getByRole('button', { name: 'OK' }));

    server.use(answerError(eventsAnswers.createEvent, 'startInPast'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(field('Start date')).toHaveAccessibleDescription('Start date cannot be in the past.'));
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
  });
});

describe('Edit Event', () => {
  const editPath = `/events/${yogaEvent._id}/edit`;

  it('starts from the event, the banner optional; saves and goes back to the event', async () => {
    storeLogin();
    const sent = sentForms('PUT');
    const { user, router } = await openForm(editPath, 'Edit Event');
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue(yogaEvent.title);
    expect(screen.getByRole('textbox', { name: 'Latitude' })).toHaveValue('30.103600');
    expect(field('Start date')).toHaveValue('2030-03-14');

    await user.clear(title);
    await user.type(title, 'Sunset Yoga by the Ganges');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Event updated!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/events/${yogaEvent._id}`));
    expect(sent).toHaveLength(1);
    expect(sent[0].path).toBe(`/api/events/${yogaEvent._id}`);
    expect(sent[0].body).toMatchObject({ title: 'Sunset Yoga by the Ganges', latitude: '30.103600', startTime: '06:00', endTime: '07:30' });
    expect(sent[0].body).not.toHaveProperty('thumbnail');
    // The capacity as it was, and the event's own zone (its times were typed in it), wherever the organiser is now.
    expect(sent[0].body).toMatchObject({ capacity: '12', timeZone: 'Asia/Kolkata' });
  });

  it('shows the event\'s capacity and zone; a capacity emptied is "no limit", a wrong one is said under the field', async () => {
    storeLogin();
    const sent = sentForms('PUT');
    const { user } = await openForm(editPath, 'Edit Event');
    const capacity = await screen.findByRole('textbox', { name: 'Capacity' });
    expect(capacity).toHaveValue('12');
    expect(capacity).toHaveAccessibleDescription(expect.stringContaining('Leave empty for no limit'));
    expect(screen.getByText('Days and times are in Asia/Kolkata.')).toBeInTheDocument();

    for (const wrong of ['0', '2.5', 'ten', '100001']) {
      await user.clear(capacity);
      await user.type(capacity, wrong);
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(capacity).toHaveAccessibleDescription(expect.stringContaining('Capacity must be a whole number from 1 to 100000, or empty for no limit.'));
    }
    expect(sent).toEqual([]);
    await user.clear(capacity);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toMatchObject({ capacity: '' });
  });

  it("tells anyone but the owner 'You can only edit your own events.'", async () => {
    storeLogin({ _id: 'someone-else' });
    await openForm(editPath, 'Edit Event');
    expect(await screen.findByText('You can only edit your own events.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument();
  });

  it('sends a visitor to /login', async () => {
    const { router } = renderWithProviders(editPath);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
