import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { needs } from '@mocks/fixtures/needs';
import { server } from '@mocks/server';
import { renderWithProviders, storeLogin } from '@test-utils/render';

// Report and the moderators' notice on a need (issue 32). The homestay is the demo user's own, the scooters Meera's.
const answerNeed = (need: object) => server.use(http.get('*/api/singleneeds/:id', () => HttpResponse.json({ success: true, need })));

it('tells the author that moderators hid their need, and why; no Report on one\'s own', async () => {
  storeLogin();
  answerNeed({ ...needs.homestay, moderation: { hidden: true, reason: 'Duplicate post' } });
  renderWithProviders(`/needs/${needs.homestay._id}`);
  const notice = await screen.findByText('Moderators hid this: Duplicate post');
  expect(notice.closest('[role="status"]')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
});

it('offers Report on someone else\'s need', async () => {
  storeLogin();
  answerNeed(needs.scooters);
  const { user } = renderWithProviders(`/needs/${needs.scooters._id}`);
  await user.click(await screen.findByRole('button', { name: 'Report' }));
  expect(await screen.findByRole('dialog', { name: 'Report' })).toBeInTheDocument();
  expect(screen.queryByText(/Moderators hid this/)).not.toBeInTheDocument();
});
