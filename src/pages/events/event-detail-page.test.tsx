import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { contactAnswers } from '@mocks/fixtures/contact';
import { eventsAnswers, yogaEvent, cleanUpEvent } from '@mocks/fixtures/events';
import { answerError, answerHeld } from '@mocks/handlers/answer';
import { server } from '@mocks/server';
import { renderWithProviders, storeLogin } from '@test-utils/render';

const detailPath = `/events/${yogaEvent._id}`;

async function openDetail(path = detailPath) {
  const view = renderWithProviders(path);
  await screen.findByRole('heading', { level: 1, name: yogaEvent.title });
  return view;
}

afterEach(() => server.events.removeAllListeners());

it('shows the banner, title, organiser, dates, times, description and address', async () => {
  server.use(http.get(eventsAnswers.getEvent.path, () => HttpResponse.json({ success: true, event: cleanUpEvent })));
  renderWithProviders(`/events/${cleanUpEvent._id}`);
  const article = await screen.findByRole('article', { name: cleanUpEvent.title });

  expect(article.querySelector('img')).toHaveAttribute('src', cleanUpEvent.thumbnail);
  expect(article).toHaveTextContent('By Asha Rao');
  expect(article).toHaveTextContent('21 Mar 2030 – 22 Mar 2030');
  expect(article).toHaveTextContent('08:00 – 11:00');
  expect(article).toHaveTextContent(cleanUpEvent.description);
  expect(article).toHaveTextContent(cleanUpEvent.address);
});

it('shows a spinner while the event loads', async () => {
  const held = answerHeld(eventsAnswers.getEvent);
  server.use(held.handler);
  renderWithProviders(detailPath);
  expect(await screen.findByRole('status', { name: 'Loading event' })).toBeInTheDocument();
  held.release();
  await screen.findByRole('heading', { level: 1, name: yogaEvent.title });
});

it("says 'Event not found' for a 404, with a way back to the board", async () => {
  server.use(answerError(eventsAnswers.getEvent, 'notFound'));
  const { user, router } = renderWithProviders(detailPath);
  expect(await screen.findByText('Event not found')).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Back to Events' }));
  expect(router.state.location.pathname).toBe('/events');
});

it('Contact asks the server for the event\'s contact (issue 32): the organiser by name, never the account\'s e-mail or number', async () => {
  storeLogin({ _id: 'someone-else' });
  const asked: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url.includes('/api/contact/')) asked.push(new URL(request.url).pathname);
  });
  const { user } = await openDetail();
  expect(asked).toEqual([]);
  await user.click(screen.getByRole('button', { name: 'Contact' }));

  const dialog = screen.getByRole('dialog', { name: 'Contact' });
  expect(dialog).toHaveTextContent('Asha Rao');
  // The event form asks for no contact details, so there are none to show.
  expect(await within(dialog).findByText('No contact details given.')).toBeInTheDocument();
  expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  expect(asked).toEqual([`/api/contact/event/${yogaEvent._id}`]);
});

it('shows what the server answers for an event\'s contact, with a Call link', async () => {
  storeLogin({ _id: 'someone-else' });
  server.use(http.get(contactAnswers.getEventContact.path, () => HttpResponse.json({ success: true, contact: { email: 'yoga@example.org', phone: '+91 98765 43210' } })));
  const { user } = await openDetail();
  await user.click(screen.getByRole('button', { name: 'Contact' }));
  const dialog = screen.getByRole('dialog', { name: 'Contact' });
  expect(await within(dialog).findByRole('textbox', { name: 'Email' })).toHaveValue('yoga@example.org');
  expect(within(dialog).getByRole('textbox', { name: 'Phone' })).toHaveValue('+91 98765 43210');
  expect(within(dialog).getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+919876543210');
});

it('asks a visitor to log in to see the contact details', async () => {
  const { user } = await openDetail();
  await user.click(screen.getByRole('button', { name: 'Contact' }));

  const dialog = screen.getByRole('dialog', { name: 'Contact' });
  expect(dialog).toHaveTextContent('Log in to see the contact details.');
  expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  expect(within(dialog).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
});

it('gives Edit and Delete to nobody but the owner', async () => {
  await openDetail();
  expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
});

it('gives Edit and Delete to no other signed-in user', async () => {
  storeLogin({ _id: 'someone-else' });
  await openDetail();
  expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
});

it('lets the owner edit, and delete after confirming: a toast, then the board', async () => {
  storeLogin();
  const deletes: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'DELETE') deletes.push(new URL(request.url).pathname);
  });
  const { user, router } = await openDetail();
  expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/events/${yogaEvent._id}/edit`);

  await user.click(screen.getByRole('button', { name: 'Delete' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete this event?' });
  // Cancel first: nothing is sent.
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(deletes).toEqual([]);

  await user.click(screen.getByRole('button', { name: 'Delete' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Delete this event?' })).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Event deleted')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
  expect(deletes).toEqual([`/api/events/${yogaEvent._id}`]);
});

it('stays on the event and says why when the delete fails', async () => {
  storeLogin();
  server.use(answerError(eventsAnswers.deleteEvent, 'forbidden'));
  const { user, router } = await openDetail();
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Delete this event?' })).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Forbidden')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe(detailPath);
});
