import { File as NodeFile } from 'node:buffer';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { fortWhisper, whispersAnswers } from '@mocks/fixtures/whispers';
import { server } from '@mocks/server';
import { renderWithProviders, storeLogin } from '@test-utils/render';

const png = (name: string) => new NodeFile(['png'], name, { type: 'image/png' }) as unknown as File;

/** Fills the create form with a short valid whisper and presses Publish. */
async function publishShortWhisper(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.type(await screen.findByLabelText('Title'), 'Blue hour');
  await user.type(screen.getByLabelText('Location'), 'Goa');
  await user.selectOptions(screen.getByLabelText('Category'), 'Beach');
  await user.type(screen.getByLabelText('Story'), 'Sea.');
  await user.click(screen.getByRole('button', { name: 'Publish' }));
}

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
  await publishShortWhisper(user);
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

it('sends an Idempotency-Key with a publish, and the same key again when the user retries after a failure', async () => {
  storeLogin();
  const keys: (string | null)[] = [];
  let fail = true;
  server.use(http.post('*/api/whispers', ({ request }) => {
    keys.push(request.headers.get('Idempotency-Key'));
    return fail ? HttpResponse.json({ message: 'Something went wrong' }, { status: 503 }) : HttpResponse.json(whispersAnswers.createWhisper.ok, { status: 201 });
  }));
  const { user } = renderWithProviders('/whispers/create-whisper');
  await publishShortWhisper(user);
  expect(await screen.findByRole('dialog', { name: 'Error' })).toBeInTheDocument();
  fail = false;
  await user.keyboard('{Escape}');
  await user.click(screen.getByRole('button', { name: 'Publish' }));
  expect(await screen.findByText('Whisper published!')).toBeInTheDocument();
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[\w-]{16,}$/);
  expect(keys[1]).toBe(keys[0]);
});

it('too many images and no story: the image picker, first on screen, takes the focus', async () => {
  storeLogin();
  server.use(http.get('*/api/whispers/:id', () => HttpResponse.json({ success: true, whisper: { ...fortWhisper, images: ['/uploads/whispers/a.webp', '/uploads/whispers/b.webp'] } })));
  const { user } = renderWithProviders(`/whispers/whisper-detail/${fortWhisper._id}/edit`);
  await user.clear(await screen.findByLabelText('Story'));
  // Two kept and three new: five, one over the limit.
  await user.upload(screen.getByLabelText('Images'), ['a', 'b', 'c'].map((name) => png(`${name}.png`)));
  await user.click(screen.getByRole('button', { name: /^Save/ }));
  expect(await screen.findByText('Story is required.')).toBeInTheDocument();
  expect(screen.getByText('Maximum 4 images allowed.')).toBeInTheDocument();
  expect(screen.getByLabelText('Images')).toHaveFocus();
});

it('the author\'s edit sends the fields and keepImages: the images left after removing one', async () => {
  storeLogin();
  const parts: [string, string][] = [];
  server.use(
    http.get('*/api/whispers/:id', () => HttpResponse.json({ success: true, whisper: { ...fortWhisper, images: ['/uploads/whispers/a.webp', '/uploads/whispers/b.webp'] } })),
    http.put('*/api/whispers/:id', async ({ request }) => {
      (await request.formData()).forEach((value, name) => parts.push([name, typeof value === 'string' ? value : value.name]));
      return HttpResponse.json(whispersAnswers.updateWhisper.ok);
    }),
  );
  const { user } = renderWithProviders(`/whispers/whisper-detail/${fortWhisper._id}/edit`);
  const title = await screen.findByLabelText('Title');
  expect(title).toHaveValue(fortWhisper.title);
  await user.click(screen.getByRole('button', { name: 'Remove Image 1' }));
  await user.click(screen.getByRole('button', { name: /^Save/ }));
  await waitFor(() => expect(parts.length).toBeGreaterThan(0));
  expect(Object.fromEntries(parts)).toMatchObject({ title: fortWhisper.title, keepImages: JSON.stringify(['/uploads/whispers/b.webp']) });
});

it('the edit page tells a whisper that did not load (Try again reads it again) from one that is not there', async () => {
  storeLogin();
  let reads = 0;
  server.use(http.get('*/api/whispers/:id', () => {
    reads++;
    return reads === 1 ? HttpResponse.json({ message: 'Server error' }, { status: 500 }) : HttpResponse.json({ message: 'Whisper not found' }, { status: 404 });
  }));
  const { user } = renderWithProviders(`/whispers/whisper-detail/${fortWhisper._id}/edit`);
  expect(screen.getByRole('heading', { level: 1, name: 'Edit Whisper' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 2, name: 'Could not load this whisper' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { level: 2, name: 'Whisper not found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to whispers' })).toBeInTheDocument();
});
