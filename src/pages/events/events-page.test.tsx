import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { cleanUpEvent, eventsAnswers, yogaEvent } from '@mocks/fixtures/events';
import { answerHeld } from '@mocks/handlers/answer';
import { server } from '@mocks/server';
import { installIntersectionObserver } from '@test-utils/intersection-observer';
import { renderWithProviders } from '@test-utils/render';

/** The query of every list request, as plain objects. */
function listRequests() {
  const sent: Record<string, string>[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/all-requests') sent.push(Object.fromEntries(url.searchParams));
  });
  return sent;
}

let io: ReturnType<typeof installIntersectionObserver>;
beforeEach(() => {
  io = installIntersectionObserver();
});
afterEach(() => {
  io.restore();
  server.events.removeAllListeners();
});

const cards = () => within(screen.getByRole('list', { name: 'Events' })).getAllByRole('link');

it('lists the events as cards linking to their pages, with an Add Event link', async () => {
  renderWithProviders('/events');
  expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '+ Add Event' })).toHaveAttribute('href', '/events/add-event');

  await waitFor(() => expect(cards()).toHaveLength(2));
  const [yoga, cleanUp] = cards();
  expect(yoga).toHaveAttribute('href', `/events/${yogaEvent._id}`);
  expect(yoga).toHaveTextContent(yogaEvent.title);
  expect(yoga).toHaveTextContent('14 Mar 2030');
  expect(yoga).toHaveTextContent(yogaEvent.address);
  expect(cleanUp).toHaveTextContent('21 Mar 2030 – 22 Mar 2030');
  // The thumbnail keeps its space before it loads.
  const image = yoga.querySelector('img');
  expect(image).toHaveAttribute('src', yogaEvent.thumbnail);
  expect(image).toHaveAttribute('width');
  expect(image).toHaveAttribute('height');
  // The first card's picture, the screen's largest, is asked for at once and first; the others when in view.
  expect(image).toHaveAttribute('loading', 'eager');
  expect(image).toHaveAttribute('fetchpriority', 'high');
  expect(cleanUp.querySelector('img')).toHaveAttribute('loading', 'lazy');
});

it('shows a spinner while the first page loads', async () => {
  const held = answerHeld(eventsAnswers.listEvents);
  server.use(held.handler);
  renderWithProviders('/events');
  expect(await screen.findByRole('status', { name: 'Loading events' })).toBeInTheDocument();
  held.release();
  await waitFor(() => expect(cards()).toHaveLength(2));
});

it('sends the search (debounced) and the day to the server, and clears them', async () => {
  const sent = listRequests();
  const { user } = renderWithProviders('/events');
  await waitFor(() => expect(cards()).toHaveLength(2));
  expect(sent).toEqual([{}]);

  await user.type(screen.getByRole('searchbox', { name: 'Search events' }), 'Yoga');
  // Once typing has paused: one request for the whole word.
  await waitFor(() => expect(sent).toEqual([{}, { q: 'Yoga' }]));

  fireEvent.change(screen.getByLabelText('Filter by date'), { target: { value: '2030-03-14' } });
  await waitFor(() => expect(sent).toEqual([{}, { q: 'Yoga' }, { q: 'Yoga', date: '2030-03-14' }]));

  await user.click(screen.getByRole('button', { name: 'Clear' }));
  expect(screen.getByRole('searchbox', { name: 'Search events' })).toHaveValue('');
  expect(screen.getByLabelText('Filter by date')).toHaveValue('');
  expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
});

it("says 'No Events Found' when nothing matches", async () => {
  server.use(http.get(eventsAnswers.listEvents.path, () => HttpResponse.json({ success: true, events: [], nextCursor: null })));
  renderWithProviders('/events');
  expect(await screen.findByText('No Events Found')).toBeInTheDocument();
});

it('treats an answer of another shape as no events', async () => {
  server.use(http.get(eventsAnswers.listEvents.path, () => HttpResponse.json({ data: 'nope' })));
  renderWithProviders('/events');
  expect(await screen.findByText('No Events Found')).toBeInTheDocument();
});

it('loads more on scroll and with the Load more button', async () => {
  const sent = listRequests();
  const pages: Record<string, object> = {
    first: { events: [yogaEvent], nextCursor: 'c1' },
    c1: { events: [cleanUpEvent], nextCursor: 'c2' },
    c2: { events: [{ ...yogaEvent, _id: 'third', title: 'Third event' }], nextCursor: null },
  };
  server.use(
    http.get(eventsAnswers.listEvents.path, ({ request }) =>
      HttpResponse.json(pages[new URL(request.url).searchParams.get('cursor') ?? 'first']),
    ),
  );
  const { user } = renderWithProviders('/events');
  await waitFor(() => expect(cards()).toHaveLength(1));

  act(() => io.reveal(document.querySelector('.paged-list__sentinel') as Element));
  await waitFor(() => expect(cards()).toHaveLength(2));

  await user.click(await screen.findByRole('button', { name: 'Load more' }));
  await waitFor(() => expect(cards()).toHaveLength(3));
  expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  expect(sent.map((query) => query.cursor)).toEqual([undefined, 'c1', 'c2']);
});
