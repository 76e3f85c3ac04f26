import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { fortWhisper, stepwellWhisper } from '@mocks/fixtures/whispers';
import { server } from '@mocks/server';
import { renderWithProviders, storeLogin } from '@test-utils/render';

// Report, Block and the moderators' notice on a whisper (issue 32). The fort whisper is the demo user's own.
const answerWhisper = (whisper: object) => server.use(http.get('*/api/whispers/:id', () => HttpResponse.json({ success: true, whisper })));

it('tells the author that moderators hid their whisper, and why', async () => {
  storeLogin();
  answerWhisper({ ...fortWhisper, moderation: { hidden: true, reason: 'Shows a private home address' } });
  renderWithProviders(`/whispers/whisper-detail/${fortWhisper._id}`);
  const notice = await screen.findByText('Moderators hid this: Shows a private home address');
  expect(notice.closest('[role="status"]')).toBeInTheDocument();
  // Their own whisper: neither Report nor Block.
  expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
});

it('shows no notice on a whisper that is not hidden', async () => {
  storeLogin();
  renderWithProviders(`/whispers/whisper-detail/${fortWhisper._id}`);
  await screen.findByRole('heading', { name: fortWhisper.title });
  expect(screen.queryByText(/Moderators hid this/)).not.toBeInTheDocument();
});

it('offers Report and Block (its author) on someone else\'s whisper; blocking goes back to the list', async () => {
  storeLogin();
  answerWhisper(stepwellWhisper);
  const { user, router } = renderWithProviders(`/whispers/whisper-detail/${stepwellWhisper._id}`);
  await screen.findByRole('heading', { name: stepwellWhisper.title });
  expect(screen.getByRole('button', { name: 'Report' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Block' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Block @rohan?' })).getByRole('button', { name: 'Block' }));
  expect(await screen.findByText('Member blocked.')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/whispers');
});
