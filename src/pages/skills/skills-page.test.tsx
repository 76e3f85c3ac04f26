import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { droneSkill, muralSkill, skillsAnswers } from '@mocks/fixtures/skills';
import { answerHeld } from '@mocks/handlers/answer';
import { server } from '@mocks/server';
import { installIntersectionObserver } from '@test-utils/intersection-observer';
import { renderWithProviders } from '@test-utils/render';

/** The list answers from `pages` (by cursor) and records the queries it was asked. */
function answerSkills(pages: Record<string, { skills: unknown[]; nextCursor: string | null }>) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('*/api/skills', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      return HttpResponse.json({ success: true, ...pages[params.get('cursor') ?? 'first'] });
    }),
  );
  return asked;
}

const cards = () => within(screen.getByRole('list', { name: 'Skills' })).getAllByRole('link');

let io: ReturnType<typeof installIntersectionObserver>;
beforeEach(() => {
  io = installIntersectionObserver();
});
afterEach(() => io.restore());

it('shows the heading, the add link, the search box and a spinner while loading', async () => {
  const held = answerHeld(skillsAnswers.listSkills);
  server.use(held.handler);
  renderWithProviders('/skills');
  expect(await screen.findByRole('heading', { name: 'Skills', level: 1 })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '+ Add Skills' })).toHaveAttribute('href', '/skills/add-skills');
  expect(screen.getByRole('searchbox', { name: 'Search skills' })).toBeInTheDocument();
  expect(screen.getByRole('status', { name: 'Loading skills' })).toBeInTheDocument();
  held.release();
  await waitFor(() => expect(cards()).toHaveLength(2));
});

it('cards: carousel of the images, title, category (the custom one for Other), address, a link to the detail', async () => {
  renderWithProviders('/skills');
  const drone = await screen.findByRole('link', { name: /Drone videography/ });
  expect(drone).toHaveAttribute('href', `/skills/${droneSkill._id}`);
  expect(drone).toHaveTextContent('Photography');
  expect(drone).toHaveTextContent(droneSkill.address);
  const mural = screen.getByRole('link', { name: /Hostel mural painting/ });
  expect(mural).toHaveAttribute('href', `/skills/${muralSkill._id}`);
  expect(mural).toHaveTextContent('Mural art');
  expect(mural).not.toHaveTextContent('Other');
  expect(screen.getByRole('region', { name: 'Drone videography images' })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Drone videography, image 1' })).toHaveAttribute('width');
});

it('cuts a description at 100 characters with an ellipsis', async () => {
  const description = `${'a'.repeat(100)}bcdef`;
  answerSkills({ first: { skills: [{ ...droneSkill, description }], nextCursor: null } });
  renderWithProviders('/skills');
  const card = await screen.findByRole('link', { name: /Drone videography/ });
  expect(card).toHaveTextContent(`${'a'.repeat(100)}...`);
  expect(card).not.toHaveTextContent('bcdef');
});

it('sends the search as q once the typing pauses', async () => {
  const asked = answerSkills({ first: { skills: [droneSkill], nextCursor: null } });
  const { user } = renderWithProviders('/skills');
  await screen.findByRole('link', { name: /Drone videography/ });
  expect(asked[0].get('q')).toBeNull();

  await user.type(screen.getByRole('searchbox', { name: 'Search skills' }), 'Mural');
  await waitFor(() => expect(asked.at(-1)?.get('q')).toBe('Mural'));
  // One request for the whole word, not one per letter.
  expect(asked.filter((params) => params.has('q'))).toHaveLength(1);
});

it('shows No Skills Found for an empty list', async () => {
  answerSkills({ first: { skills: [], nextCursor: null } });
  renderWithProviders('/skills');
  expect(await screen.findByText('No Skills Found')).toBeInTheDocument();
});

it('treats an answer of another shape as an empty list', async () => {
  server.use(http.get('*/api/skills', () => HttpResponse.json({ success: true, data: [droneSkill] })));
  renderWithProviders('/skills');
  expect(await screen.findByText('No Skills Found')).toBeInTheDocument();
});

it('says the list could not be loaded when the request fails, and tries again', async () => {
  server.use(http.get('*/api/skills', () => new HttpResponse(null, { status: 500 }), { once: true }));
  const { user } = renderWithProviders('/skills');
  expect(await screen.findByText('Could not load skills')).toBeInTheDocument();
  expect(screen.queryByText('No Skills Found')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(cards()).toHaveLength(2));
});

it('loads more on scroll and with the Load more button', async () => {
  const skill = (n: number) => ({ ...droneSkill, _id: `id-${n}`, title: `Skill ${n}` });
  const asked = answerSkills({
    first: { skills: [skill(1), skill(2)], nextCursor: 'c2' },
    c2: { skills: [skill(3)], nextCursor: 'c3' },
    c3: { skills: [skill(4)], nextCursor: null },
  });
  const { user } = renderWithProviders('/skills');
  await waitFor(() => expect(cards()).toHaveLength(2));

  act(() => io.reveal(document.querySelector('.paged-list__sentinel') as Element));
  await waitFor(() => expect(cards()).toHaveLength(3));
  expect(asked[1].get('cursor')).toBe('c2');

  await user.click(screen.getByRole('button', { name: 'Load more' }));
  await waitFor(() => expect(cards()).toHaveLength(4));
  expect(asked[2].get('cursor')).toBe('c3');
  expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
});
