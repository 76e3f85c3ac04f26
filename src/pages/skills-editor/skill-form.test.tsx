import { File as NodeFile } from 'node:buffer';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { droneSkill, skillsAnswers } from '@mocks/fixtures/skills';
import { answerError, hold } from '@mocks/handlers/answer';
import { server } from '@mocks/server';
import { renderWithProviders, storeLogin } from '@test-utils/render';

// Node's File: jsdom's one becomes the string '[object File]' in the Node FormData of jest-fixed-jsdom.
const png = (name: string) => new NodeFile(['png'], name, { type: 'image/png' }) as unknown as File;

// Each test types a whole form before its request goes out: on a busy 2-core machine the answer can
// take longer than the default second to show.
configure({ asyncUtilTimeout: 4000 });

type Sent = { key: string | null; parts: [string, string][] };

/** The creates sent (Idempotency-Key and parts, files by name), answered with `answer` (the ok one by default). */
function recordCreates(answer: () => Response | Promise<Response> = () => HttpResponse.json(skillsAnswers.createSkill.ok, { status: 201 })) {
  const sent: Sent[] = [];
  server.use(
    http.post('*/api/create-skills/:userId/skills', async ({ request }) => {
      const form = await request.formData();
      const parts: [string, string][] = [];
      form.forEach((value, name) => parts.push([name, typeof value === 'string' ? value : value.name]));
      sent.push({ key: request.headers.get('Idempotency-Key'), parts });
      return answer();
    }),
  );
  return sent;
}

const openAdd = async () => {
  const view = renderWithProviders('/skills/add-skills');
  await screen.findByRole('heading', { name: 'Add Skills' });
  return view;
};

type User = Awaited<ReturnType<typeof openAdd>>['user'];

async function fillValid(user: User) {
  await user.type(screen.getByLabelText('Title'), 'Drone videography');
  await user.type(screen.getByLabelText('Description'), 'Aerial clips of treks');
  await user.selectOptions(screen.getByLabelText('Category'), 'Photography');
  await user.type(screen.getByLabelText('Contact'), '+919876543210');
  await user.type(screen.getByLabelText('Full address'), 'Indiranagar, Bengaluru');
  await user.type(screen.getByLabelText('Email'), 'demo@needspot.app');
  await user.upload(screen.getByLabelText('Images'), png('cover.png'));
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Submit' }));

it('shows every message under its field and sends nothing while one shows', async () => {
  storeLogin();
  const sent = recordCreates();
  const { user } = await openAdd();
  await submit(user);
  for (const [label, message] of [
    ['Title', 'Title is required.'],
    ['Description', 'Description is required.'],
    ['Category', 'Category is required.'],
    ['Contact', 'Contact is required.'],
    ['Full address', 'Address is required.'],
    ['Email', 'Valid email is required.'],
    ['Images', 'At least three image is required.'],
  ]) {
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(message));
  }
  expect(screen.getByLabelText('Title')).toHaveFocus();
  await user.type(screen.getByLabelText('Email'), 'not-an-email');
  expect(screen.getByText('Valid email is required.')).toBeInTheDocument();
  expect(sent).toHaveLength(0);
});

it('asks for a custom category only when the category is Other', async () => {
  storeLogin();
  const { user } = await openAdd();
  expect(screen.queryByLabelText('Custom category')).not.toBeInTheDocument();
  expect(within(screen.getByLabelText('Category')).getAllByRole('option').map((option) => option.textContent)).toEqual([
    'Select a category',
    'Photography',
    'Plumbing',
    'Electrician',
    'Carpenter',
    'Other',
  ]);
  await user.selectOptions(screen.getByLabelText('Category'), 'Other');
  await submit(user);
  expect(screen.getByLabelText('Custom category')).toHaveAccessibleDescription('Custom category is required.');
  await user.selectOptions(screen.getByLabelText('Category'), 'Plumbing');
  expect(screen.queryByLabelText('Custom category')).not.toBeInTheDocument();
});

it('keeps the first 4 files of a pick, images only, with previews that can be removed', async () => {
  storeLogin();
  const { user } = await openAdd();
  const picker = screen.getByLabelText('Images');
  expect(picker).toHaveAttribute('accept', 'image/*');
  await user.upload(picker, ['1', '2', '3', '4', '5'].map((n) => png(`${n}.png`)));
  const chosen = () =>
    within(screen.getByRole('list', { name: 'Images chosen' }))
      .getAllByRole('img')
      .map((image) => image.getAttribute('alt'));
  expect(chosen()).toEqual(['Image 1: 1.png', 'Image 2: 2.png', 'Image 3: 3.png', 'Image 4: 4.png']);
  await user.click(screen.getByRole('button', { name: 'Remove Image 2' }));
  expect(chosen()).toEqual(['Image 1: 1.png', 'Image 2: 3.png', 'Image 3: 4.png']);

  // A second pick adds to the first: past 4 in all, the form says so.
  await user.upload(picker, [png('6.png'), png('7.png')]);
  await submit(user);
  expect(screen.getByLabelText('Images')).toHaveAccessibleDescription(expect.stringContaining('Maximum 4 images allowed.'));

  const portfolio = screen.getByLabelText('Portfolio images');
  await user.upload(portfolio, ['a', 'b', 'c', 'd'].map((n) => png(`${n}.png`)));
  await user.upload(portfolio, [png('e.png')]);
  expect(screen.getByLabelText('Portfolio images')).toHaveAccessibleDescription(
    expect.stringContaining('Maximum 4 portfolio images allowed.'),
  );
});

it('sends the skill, says Submitting... meanwhile, then Success / Event created! and goes home', async () => {
  storeLogin();
  const { passed, release } = hold();
  const sent = recordCreates(async () => {
    await passed;
    return HttpResponse.json(skillsAnswers.createSkill.ok, { status: 201 });
  });
  const { user, router } = await openAdd();
  await fillValid(user);
  await submit(user);
  expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
  release();
  expect(await screen.findByText('Event created!')).toBeInTheDocument();
  expect(screen.getByText('Success')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  expect(sent).toHaveLength(1);
  expect(sent[0].key).toMatch(/^[0-9a-f-]{36}$/);
  expect(sent[0].parts).toEqual(
    expect.arrayContaining([
      ['title', 'Drone videography'],
      ['category', 'Photography'],
      ['customCategory', ''],
      ['images', 'cover.png'],
    ]),
  );
});

it('shows a failure in the Error dialog and keeps the input; a retry of the same data reuses its key', async () => {
  storeLogin();
  let fail = true;
  const sent = recordCreates(() =>
    fail
      ? HttpResponse.json(skillsAnswers.createSkill.errors.tooManyUploads.body, { status: 429 })
      : HttpResponse.json(skillsAnswers.createSkill.ok, { status: 201 }),
  );
  const { user, router } = await openAdd();
  await fillValid(user);
  await submit(user);
  const dialog = await screen.findByRole('dialog', { name: 'Error' });
  expect(within(dialog).getByText('Too many uploads. Please try again later.')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
  expect(screen.getByLabelText('Title')).toHaveValue('Drone videography');
  expect(router.state.location.pathname).toBe('/skills/add-skills');

  fail = false;
  await submit(user);
  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  expect(sent).toHaveLength(2);
  expect(sent[1].key).toBe(sent[0].key);
});

it('says Submission failed when the server gives no message, and a new key once the data changed', async () => {
  storeLogin();
  const sent = recordCreates(() => new HttpResponse(null, { status: 500 }));
  const { user } = await openAdd();
  await fillValid(user);
  await submit(user);
  const dialog = await screen.findByRole('dialog', { name: 'Error' });
  expect(within(dialog).getByText('Submission failed')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
  await user.type(screen.getByLabelText('Title'), ' and editing');
  await submit(user);
  await screen.findByRole('dialog', { name: 'Error' });
  expect(sent).toHaveLength(2);
  expect(sent[1].key).not.toBe(sent[0].key);
});

it('puts a server message about a field under that field', async () => {
  storeLogin();
  server.use(answerError(skillsAnswers.createSkill, 'emailInvalid'));
  const { user } = await openAdd();
  await fillValid(user);
  await submit(user);
  await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Valid email is required.'));
  expect(screen.getByLabelText('Email')).toHaveFocus();
  expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
});

it('tells a visitor who submits to log in, and goes to /login', async () => {
  const sent = recordCreates();
  const { user, router } = await openAdd();
  await submit(user);
  expect(await screen.findByText('Unauthorized: You are not logged in. Please log in to submit an event.')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(sent).toHaveLength(0);
});

describe('edit', () => {
  const editPath = `/skills/${droneSkill._id}/edit`;

  it('sends a visitor to /login', async () => {
    const { router } = renderWithProviders(editPath);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('refuses someone else’s skill', async () => {
    storeLogin();
    server.use(http.get('*/api/skills/:id', () => HttpResponse.json({ ...droneSkill, user: { ...droneSkill.user, _id: 'someone-else' } })));
    renderWithProviders(editPath);
    expect(await screen.findByText('You can only edit your own skills.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('starts from the skill, keeps its current images unless removed, then Skill updated! and the detail page', async () => {
    storeLogin();
    const sent: [string, string][][] = [];
    server.use(
      http.put('*/api/skills/:id', async ({ request }) => {
        const parts: [string, string][] = [];
        (await request.formData()).forEach((value, name) => parts.push([name, typeof value === 'string' ? value : value.name]));
        sent.push(parts);
        return HttpResponse.json(skillsAnswers.updateSkill.ok);
      }),
    );
    const { user, router } = renderWithProviders(editPath);
    expect(await screen.findByLabelText('Title')).toHaveValue(droneSkill.title);
    expect(screen.getByLabelText('Contact')).toHaveValue(droneSkill.contact);
    await user.click(screen.getByRole('button', { name: 'Remove Portfolio image 1' }));
    await user.upload(screen.getByLabelText('Images'), png('new.png'));
    await submit(user);
    expect(await screen.findByText('Skill updated!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/skills/${droneSkill._id}`));
    expect(sent[0]).toEqual(
      expect.arrayContaining([
        ['keepImages', JSON.stringify(droneSkill.images)],
        ['keepPortfolioImages', '[]'],
        ['images', 'new.png'],
      ]),
    );
  });

  it('counts kept and new images together against the limit', async () => {
    storeLogin();
    const { user } = renderWithProviders(editPath);
    await screen.findByLabelText('Title');
    await user.upload(screen.getByLabelText('Images'), ['1', '2', '3', '4'].map((n) => png(`${n}.png`)));
    await submit(user);
    expect(screen.getByLabelText('Images')).toHaveAccessibleDescription(expect.stringContaining('Maximum 4 images allowed.'));
  });
});
