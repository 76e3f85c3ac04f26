import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { contactAnswers, skillContact, TOO_MANY_CONTACT_REVEALS } from '@mocks/fixtures/contact';
import { droneSkill, skillsAnswers, withoutContact } from '@mocks/fixtures/skills';
import { answerError, answerHeld } from '@mocks/handlers/answer';
import { server } from '@mocks/server';
import { renderWithProviders, storeLogin } from '@test-utils/render';

const path = `/skills/${droneSkill._id}`;
const answerSkill = (skill: object) => server.use(http.get('*/api/skills/:id', () => HttpResponse.json(skill)));
/** What anyone but its owner gets: the detail leaves out its contact (the Contact button asks for it). */
const visitorSkill = withoutContact(droneSkill);

it('shows a spinner, then the carousel, title, owner, category, portfolio and address', async () => {
  const held = answerHeld(skillsAnswers.getSkill);
  server.use(held.handler);
  renderWithProviders(path);
  expect(await screen.findByRole('status', { name: 'Loading skill' })).toBeInTheDocument();
  held.release();
  expect(await screen.findByRole('heading', { name: droneSkill.title, level: 1 })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: `${droneSkill.title} images` })).toBeInTheDocument();
  expect(screen.getByText(`${droneSkill.user.firstName} ${droneSkill.user.lastName}`)).toBeInTheDocument();
  expect(screen.getByText('Photography')).toBeInTheDocument();
  expect(screen.getByText(droneSkill.address)).toBeInTheDocument();
  const portfolio = screen.getByRole('region', { name: 'Portfolio' });
  const image = within(portfolio).getByRole('img', { name: `${droneSkill.title}, portfolio image 1` });
  expect(image).toHaveAttribute('width', '120');
  expect(image).toHaveAttribute('height', '90');
  // No description toggle for a short text.
  expect(screen.queryByRole('button', { name: 'See All' })).not.toBeInTheDocument();
});

it('cuts a long description at 200 characters; See All and See Less toggle it', async () => {
  const description = `${'a'.repeat(200)} and the rest of it`;
  answerSkill({ ...droneSkill, description, category: 'Other', customCategory: 'Mural art' });
  const { user } = renderWithProviders(path);
  expect(await screen.findByText(`${'a'.repeat(200)}...`)).toBeInTheDocument();
  expect(screen.getByText('Mural art')).toBeInTheDocument();
  const toggle = screen.getByRole('button', { name: 'See All' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await user.click(toggle);
  expect(screen.getByText(description)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'See Less' })).toHaveAttribute('aria-expanded', 'true');
  await user.click(screen.getByRole('button', { name: 'See Less' }));
  expect(screen.getByText(`${'a'.repeat(200)}...`)).toBeInTheDocument();
});

it('Contact asks the server for the skill\'s contact and shows it, with a spinner meanwhile', async () => {
  storeLogin({ _id: 'someone-else' });
  answerSkill(visitorSkill);
  const held = answerHeld(contactAnswers.getSkillContact);
  server.use(held.handler);
  const { user } = renderWithProviders(path);
  await user.click(await screen.findByRole('button', { name: 'Contact' }));
  const dialog = screen.getByRole('dialog', { name: 'Contact' });
  expect(within(dialog).getByText('Asha Rao')).toBeInTheDocument();
  expect(within(dialog).getByRole('status', { name: 'Loading contact details' })).toBeInTheDocument();
  held.release();
  expect(await within(dialog).findByLabelText('Email')).toHaveValue(skillContact.email);
  expect(within(dialog).getByLabelText('Phone')).toHaveValue(skillContact.phone);
  expect(within(dialog).getByRole('link', { name: 'Call' })).toHaveAttribute('href', `tel:${skillContact.phone}`);
});

it('Contact shows the server\'s message past the hourly allowance', async () => {
  storeLogin({ _id: 'someone-else' });
  answerSkill(visitorSkill);
  server.use(answerError(contactAnswers.getSkillContact, 'tooManyRequests'));
  const { user } = renderWithProviders(path);
  await user.click(await screen.findByRole('button', { name: 'Contact' }));
  const dialog = screen.getByRole('dialog', { name: 'Contact' });
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(TOO_MANY_CONTACT_REVEALS);
  expect(within(dialog).queryByLabelText('Email')).not.toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});

it('Contact asks a visitor to log in (the server sends them no details)', async () => {
  answerSkill(visitorSkill);
  const { user } = renderWithProviders(path);
  await user.click(await screen.findByRole('button', { name: 'Contact' }));
  const dialog = screen.getByRole('dialog', { name: 'Contact' });
  expect(within(dialog).getByText('Log in to see the contact details.')).toBeInTheDocument();
  expect(within(dialog).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  expect(within(dialog).queryByLabelText('Email')).not.toBeInTheDocument();
});

it('shows Edit and Delete to the owner only', async () => {
  storeLogin();
  const view = renderWithProviders(path);
  expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/skills/${droneSkill._id}/edit`);
  expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  view.unmount();

  answerSkill({ ...droneSkill, user: { ...droneSkill.user, _id: 'someone-else' } });
  renderWithProviders(path);
  await screen.findByRole('button', { name: 'Contact' });
  expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
});

it('shows no owner controls to a visitor', async () => {
  renderWithProviders(path);
  await screen.findByRole('button', { name: 'Contact' });
  expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
});

it('deletes after the confirmation: toast, then the list', async () => {
  storeLogin();
  let deleted = false;
  server.use(
    http.delete('*/api/skills/:id', () => {
      deleted = true;
      return HttpResponse.json(skillsAnswers.deleteSkill.ok);
    }),
  );
  const { user, router } = renderWithProviders(path);
  await user.click(await screen.findByRole('button', { name: 'Delete' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete this skill?' });
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(deleted).toBe(false);

  // From now on the server has no such skill.
  server.use(answerError(skillsAnswers.getSkill, 'notFound'));
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Delete this skill?' })).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Skill deleted')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/skills'));
  expect(deleted).toBe(true);

  // Back on its address, the skill is gone, not shown from the cache.
  await router.navigate(path);
  expect(await screen.findByText('Skill not found')).toBeInTheDocument();
});

it('says Skill not found for an unknown id, with a way back to the list', async () => {
  server.use(answerError(skillsAnswers.getSkill, 'notFound'));
  renderWithProviders(path);
  expect(await screen.findByText('Skill not found')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to skills' })).toHaveAttribute('href', '/skills');
});
