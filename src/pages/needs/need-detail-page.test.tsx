import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { contactAnswers, TOO_MANY_CONTACT_REVEALS } from '@mocks/fixtures/contact';
import { needs, needsAnswers, withoutContact } from '@mocks/fixtures/needs';
import { answerError, answerErrorOnce, answerHeld } from '@mocks/handlers/answer';
import { server } from '@mocks/server';
import { renderWithProviders, storeLogin } from '@test-utils/render';

const answerNeed = (need: object) => server.use(http.get('*/api/singleneeds/:id', () => HttpResponse.json({ success: true, need })));

afterEach(() => server.events.removeAllListeners());

it("shows the need: type banner, name, category, description, full address and photos", async () => {
  answerNeed(needs.scooters);
  renderWithProviders(`/needs/${needs.scooters._id}`);
  expect(await screen.findByRole('heading', { level: 1, name: needs.scooters.serviceName })).toBeInTheDocument();
  expect(screen.getByText('AVAILABLE')).toBeInTheDocument();
  expect(screen.getByText('Transport')).toBeInTheDocument();
  expect(screen.getByText(needs.scooters.description)).toBeInTheDocument();
  expect(screen.getByText('Kadamba Bus Stand, Patto, Panaji, Goa, 403001')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: `${needs.scooters.serviceName}, photo 1 of 1` })).toBeInTheDocument();
});

it('Contact asks the server for the need\'s contact and shows it to a signed-in member, without owner controls', async () => {
  storeLogin();
  answerNeed(withoutContact(needs.scooters));
  const asked: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url.includes('/api/contact/')) asked.push(new URL(request.url).pathname);
  });
  const { user } = renderWithProviders(`/needs/${needs.scooters._id}`);
  await screen.findByRole('heading', { level: 1, name: needs.scooters.serviceName });
  expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  expect(asked).toEqual([]);

  await user.click(screen.getByRole('button', { name: 'Contact' }));
  const dialog = await screen.findByRole('dialog', { name: 'Contact' });
  expect(await within(dialog).findByLabelText('Email')).toHaveValue('meera@needspot.app');
  expect(within(dialog).getByLabelText('Phone')).toHaveValue('+919845012345');
  expect(within(dialog).getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+919845012345');
  expect(asked).toEqual([`/api/contact/need/${needs.scooters._id}`]);
});

it('Contact shows the server\'s message past the hourly allowance, and a way to try again', async () => {
  storeLogin();
  answerNeed(withoutContact(needs.scooters));
  server.use(answerErrorOnce(contactAnswers.getNeedContact, 'tooManyRequests'));
  const { user } = renderWithProviders(`/needs/${needs.scooters._id}`);
  await user.click(await screen.findByRole('button', { name: 'Contact' }));
  const dialog = await screen.findByRole('dialog', { name: 'Contact' });
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(TOO_MANY_CONTACT_REVEALS);
  await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
  expect(await within(dialog).findByLabelText('Email')).toHaveValue('meera@needspot.app');
});

it('asks a signed-out visitor to log in for the contact details (the server sends none)', async () => {
  answerNeed(withoutContact(needs.homestay));
  const { user } = renderWithProviders(`/needs/${needs.homestay._id}`);
  await screen.findByRole('heading', { level: 1, name: needs.homestay.serviceName });
  expect(screen.getByText('NEED')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Contact' }));
  const dialog = await screen.findByRole('dialog', { name: 'Contact' });
  expect(within(dialog).getByText('Log in to see the contact details.')).toBeInTheDocument();
  expect(within(dialog).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  expect(within(dialog).queryByLabelText('Email')).not.toBeInTheDocument();
});

it('gives the owner Edit and Delete; deleting asks, then says so and goes to the board', async () => {
  storeLogin();
  const deletes: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'DELETE') deletes.push(new URL(request.url).pathname);
  });
  const { user, router } = renderWithProviders(`/needs/${needs.homestay._id}`);
  await screen.findByRole('heading', { level: 1, name: needs.homestay.serviceName });
  expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/needs/${needs.homestay._id}/edit`);

  await user.click(screen.getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete this need?' });
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(deletes).toEqual([]);

  await user.click(screen.getByRole('button', { name: 'Delete' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Delete this need?' })).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Need deleted')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/needs'));
  expect(deletes).toEqual([`/api/needs/${needs.homestay._id}`]);
});

it("says so when a delete fails, and stays", async () => {
  storeLogin();
  server.use(answerError(needsAnswers.deleteNeed, 'forbidden'));
  const { user, router } = renderWithProviders(`/needs/${needs.homestay._id}`);
  await screen.findByRole('heading', { level: 1, name: needs.homestay.serviceName });
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Delete this need?' })).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Forbidden')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe(`/needs/${needs.homestay._id}`);
});

it("shows 'Need not found' with a way back for an unknown id", async () => {
  server.use(answerError(needsAnswers.getNeed, 'notFound'));
  renderWithProviders('/needs/no-such-need');
  expect(await screen.findByRole('heading', { level: 1, name: 'Need not found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to needs' })).toHaveAttribute('href', '/needs');
});

it("shows 'Need not found', not 'Try again', for a link whose id cannot name a need (the server's 400)", async () => {
  server.use(http.get('*/api/singleneeds/:id', () => HttpResponse.json({ message: 'id is not a valid uuid' }, { status: 400 })));
  renderWithProviders('/needs/new');
  expect(await screen.findByRole('heading', { level: 1, name: 'Need not found' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
});

it('shows a spinner while it loads', async () => {
  const held = answerHeld(needsAnswers.getNeed);
  server.use(held.handler);
  renderWithProviders(`/needs/${needs.homestay._id}`);
  expect(await screen.findByRole('status', { name: 'Loading need' })).toBeInTheDocument();
  held.release();
  await screen.findByRole('heading', { level: 1, name: needs.homestay.serviceName });
});
