import { File as NodeFile } from 'node:buffer';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { whispersAnswers } from '@mocks/fixtures/whispers';
import { server } from '@mocks/server';
import { renderWithProviders, storeLogin } from '@test-utils/render';

const png = (name: string) => new NodeFile(['png'], name, { type: 'image/png' }) as unknown as File;

it('labels every field and refuses to send while one is missing, with each message', async () => {
  storeLogin();
  let sent = 0;
  server.use(http.post('*/api/whispers', () => {
    sent++;
    return HttpResponse.json(whispersAnswers.createWhisper.ok, { status: 201 });
  }));
  const { user } = renderWithProviders('/whispers/create-whisper');
  await user.click(await screen.findByRole('button', { name: 'Publish' }));
  for (const message of ['Title is required.', 'Location is required.', 'Category is required.', 'Story is required.']) {
    expect(await screen.findByText(message)).toBeInTheDocument();
  }
  expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByLabelText('Images')).toBeInTheDocument();
  expect(sent).toBe(0);
});

it('publishes: the fields and images go as multipart, then the new whisper opens', async () => {
  storeLogin();
  const parts: [string, string][] = [];
  server.use(http.post('*/api/whispers', async ({ request }) => {
    (await request.formData()).forEach((value, name) => parts.push([name, typeof value === 'string' ? value : value.name]));
    return HttpResponse.json(whispersAnswers.createWhisper.ok, { status: 201 });
  }));
  const { user, router } = renderWithProviders('/whispers/create-whisper');
  await user.type(await screen.findByLabelText('Title'), 'Blue hour');
  await user.type(screen.getByLabelText('Location'), 'Chapora, Goa');
  await user.selectOptions(screen.getByLabelText('Category'), 'Hidden Gem');
  await user.type(screen.getByLabelText('Story'), 'Climb up early.');
  await user.upload(screen.getByLabelText('Images'), [png('fort.png')]);
  await user.click(screen.getByRole('button', { name: 'Publish' }));
  expect(await screen.findByText('Whisper published!')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe(`/whispers/whisper-detail/${whispersAnswers.createWhisper.ok.whisper._id}`));
  expect(parts).toEqual([
    ['title', 'Blue hour'], ['location', 'Chapora, Goa'], ['category', 'Hidden Gem'], ['description', 'Climb up early.'], ['images', 'fort.png'],
  ]);
});

it('a failed publish keeps what was typed and shows the server\'s message under its field', async () => {
  storeLogin();
  server.use(http.post('*/api/whispers', () => HttpResponse.json({ message: 'Title must be at most 100 characters.', field: 'title' }, { status: 400 })));
  const { user } = renderWithProviders('/whispers/create-whisper');
  await user.type(await screen.findByLabelText('Title'), 'Blue hour');
  await user.type(screen.getByLabelText('Location'), 'Goa');
  await user.selectOptions(screen.getByLabelText('Category'), 'Beach');
  await user.type(screen.getByLabelText('Story'), 'Sea.');
  await user.click(screen.getByRole('button', { name: 'Publish' }));
  expect(await screen.findByText('Title must be at most 100 characters.')).toBeInTheDocument();
  expect(screen.getByLabelText('Title')).toHaveValue('Blue hour');
  expect(screen.getByLabelText('Story')).toHaveValue('Sea.');
});

it('a visitor who publishes is told to log in and sent to /login', async () => {
  const { user, router } = renderWithProviders('/whispers/create-whisper');
  await user.click(await screen.findByRole('button', { name: 'Publish' }));
  expect(await screen.findByText('Please log in to share a whisper.')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
});
