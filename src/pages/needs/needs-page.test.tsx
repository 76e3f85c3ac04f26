import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { needs, needsAnswers } from '@mocks/fixtures/needs';
import { answerHeld } from '@mocks/handlers/answer';
import { server } from '@mocks/server';
import { installIntersectionObserver } from '@test-utils/intersection-observer';
import { renderWithProviders } from '@test-utils/render';

let io: ReturnType<typeof installIntersectionObserver>;
beforeEach(() => {
  io = installIntersectionObserver();
});
afterEach(() => {
  io.restore();
  server.events.removeAllListeners();
});

/** The `type` and `cursor` of every list request. */
function listRequests() {
  const seen: { type: string | null; cursor: string | null }[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/all-needs') seen.push({ type: url.searchParams.get('type'), cursor: url.searchParams.get('cursor') });
  });
  return seen;
}

const answerEmpty = () => server.use(http.get('*/api/all-needs', () => HttpResponse.json({ success: true, data: [], nextCursor: null })));

it('shows the board: title, New Need link, tabs and cards that open the detail', async () => {
  const requests = listRequests();
  renderWithProviders('/needs');
  expect(await screen.findByRole('heading', { level: 1, name: "Traveler's Needs" })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '+ New Need' })).toHaveAttribute('href', '/needs/create-needs');
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All', 'Available', 'Needs']);
  expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');

  const homestay = await screen.findByRole('link', { name: new RegExp(needs.homestay.serviceName) });
  expect(homestay).toHaveAttribute('href', `/needs/${needs.homestay._id}`);
  expect(within(homestay).getByText('Manali, Himachal Pradesh')).toBeInTheDocument();
  expect(within(homestay).getByText(needs.homestay.description)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: new RegExp(needs.scooters.serviceName) })).toHaveAttribute('href', `/needs/${needs.scooters._id}`);
  // The card's photos, named after the need.
  expect(screen.getByRole('img', { name: `${needs.homestay.serviceName}, photo 1 of 2` })).toBeInTheDocument();
  expect(screen.getByRole('tabpanel', { name: 'All' })).toBeInTheDocument();
  expect(requests[0]).toEqual({ type: null, cursor: null });
});

it('shows the stock pictures for a need without photos', async () => {
  server.use(
    http.get('*/api/all-needs', () => HttpResponse.json({ success: true, data: [{ ...needs.scooters, images: [] }], nextCursor: null })),
  );
  renderWithProviders('/needs');
  const carousel = await screen.findByRole('region', { name: `Photos of ${needs.scooters.serviceName}` });
  const sources = Array.from(carousel.querySelectorAll('img')).map((img) => img.getAttribute('src'));
  expect(sources).toEqual(['/images/stock/needs-1.svg', '/images/stock/needs-2.svg', '/images/stock/needs-3.svg']);
});

it('filters by type with the tabs, by click and by arrow keys', async () => {
  const requests = listRequests();
  const { user, router } = renderWithProviders('/needs');
  await screen.findByRole('link', { name: new RegExp(needs.homestay.serviceName) });

  await user.click(screen.getByRole('tab', { name: 'Available' }));
  expect(screen.getByRole('tab', { name: 'Available' })).toHaveAttribute('aria-selected', 'true');
  expect(router.state.location.search).toBe('?type=available');
  await waitFor(() => expect(requests.at(-1)).toEqual({ type: 'available', cursor: null }));

  await user.keyboard('{ArrowRight}');
  expect(screen.getByRole('tab', { name: 'Needs' })).toHaveFocus();
  expect(screen.getByRole('tab', { name: 'Needs' })).toHaveAttribute('aria-selected', 'true');
  await waitFor(() => expect(requests.at(-1)).toEqual({ type: 'need', cursor: null }));

  await user.keyboard('{ArrowRight}');
  expect(screen.getByRole('tab', { name: 'All' })).toHaveFocus();
  await user.keyboard('{ArrowLeft}');
  expect(screen.getByRole('tab', { name: 'Needs' })).toHaveAttribute('aria-selected', 'true');
  expect(router.state.location.search).toBe('?type=need');
  // Only the selected tab is in the tab order.
  expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, -1, 0]);
});

it.each([
  ['All', 'No needs found', 'There are currently no needs or offers available.', 'Create the first need'],
  ['Needs', 'No requests found', 'No one has requested help yet.', 'Create the first request'],
  ['Available', 'No offers found', 'No one has offered services yet.', 'Create the first offer'],
])('tab %s with nothing in it says so', async (tab, title, text, link) => {
  answerEmpty();
  const { user } = renderWithProviders('/needs');
  await screen.findByRole('heading', { level: 1, name: "Traveler's Needs" });
  await user.click(screen.getByRole('tab', { name: tab }));
  expect(await screen.findByText(title)).toBeInTheDocument();
  expect(screen.getByText(text)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', '/needs/create-needs');
});

it('shows a spinner while the first page loads', async () => {
  const held = answerHeld(needsAnswers.listNeeds);
  server.use(held.handler);
  renderWithProviders('/needs');
  expect(await screen.findByRole('status', { name: 'Loading needs' })).toBeInTheDocument();
  held.release();
  await screen.findByRole('link', { name: new RegExp(needs.homestay.serviceName) });
  expect(screen.queryByRole('status', { name: 'Loading needs' })).not.toBeInTheDocument();
});

it('loads further pages on scroll and with Load more', async () => {
  const requests = listRequests();
  const third = { ...needs.homestay, _id: 'third', serviceName: 'Third need' };
  server.use(
    http.get('*/api/all-needs', ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      if (cursor === null) return HttpResponse.json({ success: true, data: [needs.homestay], nextCursor: 'p2' });
      if (cursor === 'p2') return HttpResponse.json({ success: true, data: [needs.scooters], nextCursor: 'p3' });
      return HttpResponse.json({ success: true, data: [third], nextCursor: null });
    }),
  );
  const { user } = renderWithProviders('/needs');
  await screen.findByRole('link', { name: new RegExp(needs.homestay.serviceName) });

  const sentinel = document.querySelector('.paged-list__sentinel') as Element;
  act(() => io.reveal(sentinel));
  expect(await screen.findByRole('link', { name: new RegExp(needs.scooters.serviceName) })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Load more' }));
  expect(await screen.findByRole('link', { name: /Third need/ })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  expect(requests.map((request) => request.cursor)).toEqual([null, 'p2', 'p3']);
});

it('opens on the tab the address names', async () => {
  const requests = listRequests();
  renderWithProviders('/needs?type=available');
  expect(await screen.findByRole('tab', { name: 'Available' })).toHaveAttribute('aria-selected', 'true');
  await waitFor(() => expect(requests[0]).toEqual({ type: 'available', cursor: null }));
});
