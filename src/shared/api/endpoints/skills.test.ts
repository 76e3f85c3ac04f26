import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import type { RouteAnswers } from '@mocks/fixtures/route-answers';
import { droneSkill, skillsAnswers } from '@mocks/fixtures/skills';
import { demoToken, demoUser } from '@mocks/fixtures/users';
import { server } from '@mocks/server';
import { configureStore } from '@reduxjs/toolkit';
import { sessionReducer } from '../../auth';
import { baseApi } from '../base-api';
import { skillsApi, toSkill, toSkillPage, type SkillInput } from './skills';

// Node's File: the Node FormData jest-fixed-jsdom installs turns jsdom's File into a string.
const png = (name: string) => new NodeFile(['png'], name, { type: 'image/png' }) as unknown as File;

const input = (): SkillInput => ({
  title: 'Drone videography',
  description: 'Aerial clips',
  category: 'Photography',
  customCategory: 'ignored unless Other',
  contact: '+919876543210',
  email: 'demo@needspot.app',
  address: 'Indiranagar',
  images: [png('a.png'), png('b.png')],
  portfolioImages: [png('p.png')],
});

/** The requests the route gets (method, Idempotency-Key, multipart parts with files by name); it answers its `ok`. */
function record(route: { method: RouteAnswers['method']; path: string; ok: object }) {
  const sent: { method: string; key: string | null; parts: [string, string][] }[] = [];
  server.use(
    http[route.method](route.path, async ({ request }) => {
      const form = await request.formData();
      const parts: [string, string][] = [];
      form.forEach((value, name) => parts.push([name, typeof value === 'string' ? value : value.name]));
      sent.push({ method: request.method, key: request.headers.get('Idempotency-Key'), parts });
      return HttpResponse.json(route.ok);
    }),
  );
  return sent;
}

const makeStore = (signedIn = false) =>
  configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer, session: sessionReducer },
    preloadedState: { session: signedIn ? { userId: demoUser._id, token: demoToken, expired: false } : { userId: null, token: null, expired: false } },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
const signedInStore = () => makeStore(true);

it('maps a skill and keeps contact details only when the server sent them', () => {
  const skill = toSkill(droneSkill);
  expect(skill).toMatchObject({ _id: droneSkill._id, title: droneSkill.title, contact: droneSkill.contact, images: droneSkill.images });
  const { contact: _c, email: _e, ...visitorView } = droneSkill;
  expect(toSkill(visitorView)).not.toHaveProperty('contact');
  expect(toSkill({ title: 'no id' })).toBeNull();
  expect(toSkill({ _id: 'x', images: ['/a.webp', 3] })?.images).toEqual(['/a.webp']);
});

it('reads { skills, nextCursor }; any other shape is an empty last page', () => {
  expect(toSkillPage({ skills: [droneSkill, 'junk'], nextCursor: 'abc' })).toEqual({ items: [toSkill(droneSkill)], nextCursor: 'abc' });
  expect(toSkillPage({ data: [droneSkill] })).toEqual({ items: [], nextCursor: null });
  expect(toSkillPage(null)).toEqual({ items: [], nextCursor: null });
});

it('getSkill reads the skill itself; getSkills sends q', async () => {
  const store = makeStore();
  const asked: string[] = [];
  server.use(
    http.get('*/api/skills', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json(skillsAnswers.listSkills.ok);
    }),
  );
  const skill = await store.dispatch(skillsApi.endpoints.getSkill.initiate(droneSkill._id)).unwrap();
  expect(skill?.title).toBe(droneSkill.title);
  await store.dispatch(skillsApi.endpoints.getSkills.initiate({ q: ' goa ' })).unwrap();
  expect(asked).toEqual(['?q=goa']);
});

it('creates with multipart parts, the session user id in the path and the Idempotency-Key header', async () => {
  const sent = record(skillsAnswers.createSkill);
  const store = signedInStore();
  const result = await store
    .dispatch(skillsApi.endpoints.createSkill.initiate({ userId: demoUser._id, input: input(), idempotencyKey: 'key-1' }))
    .unwrap();
  expect(result).toMatchObject({ status: true, message: 'Skill created!' });
  expect(result.skill?._id).toBe(droneSkill._id);
  expect(sent[0].key).toBe('key-1');
  expect(sent[0].parts).toEqual([
    ['title', 'Drone videography'],
    ['description', 'Aerial clips'],
    ['category', 'Photography'],
    ['customCategory', ''],
    ['contact', '+919876543210'],
    ['email', 'demo@needspot.app'],
    ['address', 'Indiranagar'],
    ['images', 'a.png'],
    ['images', 'b.png'],
    ['portfolioImages', 'p.png'],
  ]);
});

it('updates with keepImages and keepPortfolioImages as JSON, and deletes', async () => {
  const sent = record(skillsAnswers.updateSkill);
  const store = signedInStore();
  const update = { ...input(), images: [], keepImages: ['/uploads/skills/a.webp'], keepPortfolioImages: [] };
  const result = await store.dispatch(skillsApi.endpoints.updateSkill.initiate({ id: droneSkill._id, update })).unwrap();
  expect(result.message).toBe('Skill updated!');
  expect(sent[0].method).toBe('PUT');
  expect(sent[0].parts).toEqual(
    expect.arrayContaining([
      ['keepImages', '["/uploads/skills/a.webp"]'],
      ['keepPortfolioImages', '[]'],
    ]),
  );
  const deleted = await store.dispatch(skillsApi.endpoints.deleteSkill.initiate(droneSkill._id)).unwrap();
  expect(deleted).toEqual({ status: true, message: 'Skill deleted' });
});
