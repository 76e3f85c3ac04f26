import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { calendarFeedUrl, eventsAnswers, renewedFeedUrl } from '@mocks/fixtures/events';
import { server } from '@mocks/server';
import { renderWithProviders, storeLogin } from '@test-utils/render';

// Settings → Calendar feed: make, copy, revoke (a new URL) and turn off the private feed.

async function openFeed() {
  storeLogin();
  const view = renderWithProviders('/settings');
  const section = await screen.findByRole('region', { name: 'Calendar feed' });
  return { ...view, section };
}

afterEach(() => server.events.removeAllListeners());

it('shows the feed URL, copies it, and revokes it for a new one after a confirmation', async () => {
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === '/api/calendar-feed') calls.push(request.method);
  });
  const { user, section } = await openFeed();
  const field = await within(section).findByRole('textbox', { name: 'Your feed URL' });
  expect(field).toHaveValue(calendarFeedUrl);
  expect(field).toHaveAttribute('readonly');
  expect(section).toHaveAccessibleDescription(expect.stringContaining('Anyone with the address can read it'));

  const writeText = jest.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  await user.click(within(section).getByRole('button', { name: 'Copy URL' }));
  expect(writeText).toHaveBeenCalledWith(calendarFeedUrl);
  expect(await screen.findByText('Feed URL copied.')).toBeInTheDocument();

  await user.click(within(section).getByRole('button', { name: 'Revoke' }));
  const dialog = screen.getByRole('dialog', { name: 'Revoke this feed URL?' });
  expect(dialog).toHaveTextContent('Calendars subscribed with it stop updating. You get a new URL to subscribe with.');
  await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
  await waitFor(() => expect(field).toHaveValue(renewedFeedUrl));
  expect(await screen.findByText('The old URL no longer works. Here is your new one.')).toBeInTheDocument();
  expect(calls).toEqual(['GET', 'POST']);
});

it('makes a feed when there is none, and turns it off', async () => {
  server.use(http.get(eventsAnswers.getCalendarFeed.path, () => HttpResponse.json({ success: true, url: null })));
  const { user, section } = await openFeed();
  await user.click(await within(section).findByRole('button', { name: 'Create feed URL' }));
  expect(await within(section).findByRole('textbox', { name: 'Your feed URL' })).toHaveValue(renewedFeedUrl);
  expect(await screen.findByText('Your calendar feed is ready.')).toBeInTheDocument();

  await user.click(within(section).getByRole('button', { name: 'Turn off' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Turn the calendar feed off?' })).getByRole('button', { name: 'Turn off' }));
  expect(await within(section).findByRole('button', { name: 'Create feed URL' })).toBeInTheDocument();
  expect(within(section).queryByRole('textbox')).not.toBeInTheDocument();
});

it('says what went wrong when the server refuses', async () => {
  server.use(http.post(eventsAnswers.renewCalendarFeed.path, () => HttpResponse.json({ message: 'Too many requests. Please try again later.' }, { status: 429 })));
  const { user, section } = await openFeed();
  await user.click(await within(section).findByRole('button', { name: 'Revoke' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Revoke this feed URL?' })).getByRole('button', { name: 'Revoke' }));
  expect(await within(section).findByText('Too many requests. Please try again later.')).toBeInTheDocument();
  expect(within(section).getByRole('textbox', { name: 'Your feed URL' })).toHaveValue(calendarFeedUrl);
});
