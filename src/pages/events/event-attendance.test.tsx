import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { attendees, eventUpdate, eventsAnswers, kayakAttendance, kayakEvent, yogaAttendance, yogaEvent } from '@mocks/fixtures/events';
import { answerError, answerHeld } from '@mocks/handlers/answer';
import { server } from '@mocks/server';
import { renderWithProviders, storeLogin } from '@test-utils/render';
import { onFailureNotice } from '@/shared/api';

// The event page's Going / Interested, counts and waitlist, who is going, the organiser's updates
// and "Add to calendar" (server/README.md "Events people can go to"), on the MSW fixtures.

const kayakPath = `/events/${kayakEvent._id}`;
const yogaPath = `/events/${yogaEvent._id}`;

/** The kayak trip (another member's, full) as the detail answers it, with this attendance. */
const kayakAnswer = (attendance: object = kayakAttendance) =>
  http.get(eventsAnswers.getEvent.path, () => HttpResponse.json({ success: true, event: { ...kayakEvent, attendance } }));

async function open(path: string) {
  const view = renderWithProviders(path);
  await screen.findByRole('heading', { level: 1 });
  const panel = await screen.findByRole('region', { name: 'Who is coming' });
  return { ...view, panel };
}
const button = (panel: HTMLElement, name: 'Going' | 'Interested') => within(panel).getByRole('button', { name });

afterEach(() => server.events.removeAllListeners());

describe('Going and Interested', () => {
  it('shows the counts, the capacity and the member\'s place on the waitlist', async () => {
    storeLogin();
    server.use(kayakAnswer());
    const { panel } = await open(kayakPath);
    expect(panel).toHaveTextContent('2 of 2 places taken · 1 interested · 3 on the waitlist');
    expect(within(panel).getByRole('status')).toHaveTextContent('You are number 2 on the waitlist.');
    expect(button(panel, 'Going')).toHaveAttribute('aria-pressed', 'true');
    expect(button(panel, 'Interested')).toHaveAttribute('aria-pressed', 'false');
  });

  it('"Interested" shows at once, then the server\'s counts', async () => {
    storeLogin();
    const held = answerHeld(eventsAnswers.setRsvp, { success: true, attendance: { ...yogaAttendance, interested: 9, myStatus: 'interested' } });
    server.use(held.handler);
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'PUT' && request.url.endsWith('/rsvp')) bodies.push(await request.clone().json());
    });
    const { user, panel } = await open(yogaPath);
    expect(panel).toHaveTextContent('12 of 12 places taken · 4 interested');
    await user.click(button(panel, 'Interested'));

    // Optimistic: pressed, counted, said, while the request is on its way (both buttons wait).
    expect(button(panel, 'Interested')).toHaveAttribute('aria-pressed', 'true');
    expect(panel).toHaveTextContent('12 of 12 places taken · 5 interested');
    expect(within(panel).getByRole('status')).toHaveTextContent('You are interested.');
    expect(button(panel, 'Going')).toBeDisabled();
    held.release();
    await waitFor(() => expect(panel).toHaveTextContent('12 of 12 places taken · 9 interested'));
    expect(button(panel, 'Going')).toBeEnabled();
    expect(bodies).toEqual([{ status: 'interested' }]);
  });

  it('"Going" to a full event puts the member at the end of the waitlist; pressing it again leaves', async () => {
    storeLogin();
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'PUT' && request.url.endsWith('/rsvp')) bodies.push(await request.clone().json());
    });
    const full = { ...kayakAttendance, myStatus: 'none', waitlistPosition: null };
    server.use(kayakAnswer(full));
    const held = answerHeld(eventsAnswers.setRsvp);
    server.use(held.handler);
    const { user, panel } = await open(kayakPath);
    expect(panel).toHaveTextContent('This event is full: “Going” puts you on the waitlist, and you move up when a place frees.');
    await user.click(button(panel, 'Going'));
    expect(within(panel).getByRole('status')).toHaveTextContent('You are number 4 on the waitlist.');
    expect(panel).toHaveTextContent('2 of 2 places taken · 1 interested · 4 on the waitlist');
    held.release();
    await waitFor(() => expect(button(panel, 'Going')).toBeEnabled());
    expect(within(panel).getByRole('status')).toHaveTextContent('You are number 4 on the waitlist.');

    server.use(http.put(eventsAnswers.setRsvp.path, () => HttpResponse.json({ success: true, attendance: full })));
    await user.click(button(panel, 'Going'));
    await waitFor(() => expect(button(panel, 'Going')).toHaveAttribute('aria-pressed', 'false'));
    expect(within(panel).getByRole('status')).toHaveTextContent('');
    expect(bodies).toEqual([{ status: 'going' }, { status: 'none' }]);
  });

  it('puts the answer back and says why when the server refuses', async () => {
    storeLogin();
    // Said in a toast in the app (app-providers listens for failure notices).
    const notices: string[] = [];
    const stop = onFailureNotice((text) => notices.push(text));
    server.use(answerError(eventsAnswers.setRsvp, 'ended'));
    const { user, panel } = await open(yogaPath);
    await user.click(button(panel, 'Going'));
    await waitFor(() => expect(notices).toEqual(['This event has ended.']));
    expect(button(panel, 'Going')).toHaveAttribute('aria-pressed', 'false');
    expect(panel).toHaveTextContent('12 of 12 places taken · 4 interested');

    server.use(http.put(eventsAnswers.setRsvp.path, () => new HttpResponse(null, { status: 502 })));
    await user.click(button(panel, 'Interested'));
    await waitFor(() => expect(notices).toEqual(['This event has ended.', 'Could not save your answer. Please try again.']));
    expect(button(panel, 'Interested')).toHaveAttribute('aria-pressed', 'false');
    expect(panel).toHaveTextContent('12 of 12 places taken · 4 interested');
    stop();
  });

  it('asks a visitor to log in', async () => {
    const { user, panel, router } = await open(yogaPath);
    await user.click(button(panel, 'Going'));
    expect(await screen.findByText('Please log in to answer events.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('offers no answer once the event has ended', async () => {
    storeLogin();
    server.use(http.get(eventsAnswers.getEvent.path, () => HttpResponse.json({
      success: true, event: { ...kayakEvent, startDate: '2024-01-01', endDate: '2024-01-02', attendance: { ...kayakAttendance, myStatus: 'going', waitlistPosition: null } },
    })));
    const { panel } = await open(kayakPath);
    expect(panel).toHaveTextContent('This event has ended.');
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
    expect(within(panel).getByRole('status')).toHaveTextContent('You are going.');
  });

  it('"Add to calendar" downloads the event\'s .ics from the server', async () => {
    const { panel } = await open(yogaPath);
    const link = within(panel).getByRole('link', { name: 'Add to calendar' });
    expect(link).toHaveAttribute('href', `http://localhost/api/events/${yogaEvent._id}/ics`);
    expect(link).toHaveAttribute('download');
  });
});

describe('who is going', () => {
  it('lists the members going, with their pictures or initials, to signed-in members', async () => {
    storeLogin();
    await open(yogaPath);
    const section = screen.getByRole('region', { name: 'Who is going' });
    const links = await within(section).findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['MKMeera Kulkarni', 'Rohan Das']);
    expect(links[0]).toHaveAttribute('href', `/whispers/profile/${attendees[0]._id}`);
  });

  it('asks a visitor to log in to see them', async () => {
    await open(yogaPath);
    const section = screen.getByRole('region', { name: 'Who is going' });
    expect(within(section).getByRole('link', { name: 'Log in to see who is going.' })).toHaveAttribute('href', '/login');
  });

  it('says when no one is going yet', async () => {
    storeLogin();
    server.use(http.get(eventsAnswers.getAttendees.path, () => HttpResponse.json({ success: true, attendees: [] })));
    await open(yogaPath);
    const section = screen.getByRole('region', { name: 'Who is going' });
    expect(await within(section).findByText('No one is going yet.')).toBeInTheDocument();
  });
});

describe('the organiser\'s updates', () => {
  /** Counts the requests for the updates (the server answers them only to the organiser and the people going). */
  function updateReads() {
    const reads: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'GET' && request.url.endsWith('/updates')) reads.push(request.url);
    });
    return reads;
  }

  it('shows them to a member waiting for a place (as to one going), without the form', async () => {
    storeLogin();
    server.use(kayakAnswer());
    await open(kayakPath);
    const section = screen.getByRole('region', { name: 'Updates from the organiser' });
    expect(await within(section).findByText(eventUpdate.text)).toBeInTheDocument();
    expect(within(section).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(section).queryByText('Updates from the organiser are shared with the people going.')).not.toBeInTheDocument();
  });

  it('a visitor, or a member only interested, reads that they are for the people going, and they are not asked for', async () => {
    const reads = updateReads();
    server.use(kayakAnswer({ ...kayakAttendance, myStatus: 'none', waitlistPosition: null }));
    const visitor = await open(kayakPath);
    let section = screen.getByRole('region', { name: 'Updates from the organiser' });
    expect(section).toHaveTextContent('Updates from the organiser are shared with the people going.');
    expect(within(section).queryByText(eventUpdate.text)).not.toBeInTheDocument();
    visitor.unmount();

    storeLogin();
    server.use(kayakAnswer({ ...kayakAttendance, myStatus: 'interested', waitlistPosition: null }));
    await open(kayakPath);
    section = screen.getByRole('region', { name: 'Updates from the organiser' });
    expect(section).toHaveTextContent('Updates from the organiser are shared with the people going.');
    expect(within(section).queryByRole('textbox')).not.toBeInTheDocument();
    await screen.findByRole('region', { name: 'Who is going' });
    expect(reads).toEqual([]);
  });

  it('a member who says "Going" then reads them', async () => {
    storeLogin();
    server.use(kayakAnswer({ ...yogaAttendance, capacity: null, going: 1, myStatus: 'none' }));
    server.use(http.put(eventsAnswers.setRsvp.path, () =>
      HttpResponse.json({ success: true, attendance: { ...yogaAttendance, capacity: null, going: 2, myStatus: 'going' } })));
    const { user, panel } = await open(kayakPath);
    const section = screen.getByRole('region', { name: 'Updates from the organiser' });
    expect(section).toHaveTextContent('Updates from the organiser are shared with the people going.');
    await user.click(button(panel, 'Going'));
    expect(await within(section).findByText(eventUpdate.text)).toBeInTheDocument();
    expect(section).not.toHaveTextContent('Updates from the organiser are shared with the people going.');
  });

  it('lets the organiser post one: said under the field when empty, added on top when sent', async () => {
    storeLogin();
    const { user } = await open(yogaPath);
    const section = screen.getByRole('region', { name: 'Updates from the organiser' });
    await within(section).findByText(eventUpdate.text);
    const field = within(section).getByRole('textbox', { name: 'Post an update to the people going' });
    await user.click(within(section).getByRole('button', { name: 'Post update' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Please write your update.'));

    await user.type(field, 'Rain plan: we move under the pavilion.');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('38/500'));
    await user.click(within(section).getByRole('button', { name: 'Post update' }));
    expect(await screen.findByText('Update posted')).toBeInTheDocument();
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['Rain plan: we move under the pavilion.', eventUpdate.text]);
    expect(field).toHaveValue('');
  });

  it('shows the server\'s message when it refuses the update', async () => {
    storeLogin();
    server.use(answerError(eventsAnswers.postEventUpdate, 'tooLong'));
    const { user } = await open(yogaPath);
    const section = screen.getByRole('region', { name: 'Updates from the organiser' });
    await user.type(within(section).getByRole('textbox', { name: 'Post an update to the people going' }), 'Hello');
    await user.click(within(section).getByRole('button', { name: 'Post update' }));
    expect(await within(section).findByText('An update must be at most 500 characters.')).toBeInTheDocument();
  });
});
