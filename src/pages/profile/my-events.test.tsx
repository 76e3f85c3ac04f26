import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { eventsAnswers, kayakEvent, yogaEvent } from '@mocks/fixtures/events';
import { server } from '@mocks/server';
import { renderWithProviders, storeLogin } from '@test-utils/render';

// The profile's "My events": going (the waitlist too), interested, organised and past.

async function openMyEvents() {
  storeLogin();
  const view = renderWithProviders('/profile');
  const section = await screen.findByRole('region', { name: 'My events' });
  return { ...view, section };
}

it('shows the four lists in tabs, with counts; a card on the waitlist says so', async () => {
  const { user, section } = await openMyEvents();
  const tab = (name: RegExp) => within(section).getByRole('tab', { name });
  expect(await within(section).findByRole('tab', { name: 'Going (1)' })).toHaveAttribute('aria-selected', 'true');
  const going = within(section).getByRole('list', { name: 'Going events' });
  expect(within(going).getByRole('link', { name: new RegExp(kayakEvent.title) })).toHaveAttribute('href', `/events/${kayakEvent._id}`);
  expect(going).toHaveTextContent('On the waitlist');
  expect(going).toHaveTextContent('Full · 2 places');

  await user.click(tab(/^Interested/));
  expect(within(section).getByRole('list', { name: 'Interested events' })).toHaveTextContent('Calangute Beach Clean-up');
  await user.click(tab(/^Organised/));
  expect(within(section).getByRole('list', { name: 'Organised events' })).toHaveTextContent(yogaEvent.title);
  await user.click(tab(/^Past/));
  const past = within(section).getByRole('list', { name: 'Past events' });
  expect(past).toHaveTextContent('Old Goa Heritage Walk');
  expect(past).not.toHaveTextContent('On the waitlist');
});

it('says when a list is empty, with a way to the events', async () => {
  server.use(http.get(eventsAnswers.getMyEvents.path, () => HttpResponse.json({ success: true, going: [], interested: [], organised: [], past: [] })));
  const { section } = await openMyEvents();
  expect(await within(section).findByText('You are not going to any upcoming event.')).toBeInTheDocument();
  expect(within(section).getByRole('link', { name: 'Browse events' })).toHaveAttribute('href', '/events');
});

it('offers to try again when the lists could not be loaded', async () => {
  server.use(http.get(eventsAnswers.getMyEvents.path, () => new HttpResponse(null, { status: 502 }), { once: true }));
  const { user, section } = await openMyEvents();
  expect(await within(section).findByText('Could not load your events')).toBeInTheDocument();
  server.resetHandlers();
  await user.click(within(section).getByRole('button', { name: 'Try again' }));
  expect(await within(section).findByRole('tab', { name: 'Going (1)' })).toBeInTheDocument();
  expect(screen.queryByText('Could not load your events')).not.toBeInTheDocument();
});
