import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { skills } from '../../db/schema.js';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../../test/build-test-app.js';
import { bearer, signUp } from '../../test/fixtures.js';
import { multipart } from '../../test/multipart.js';
import { startNominatimStub } from '../../test/nominatim-stub.js';

// A skill is put on the map after it is saved: its address looked up through the app's Nominatim
// client (here the stub, which knows Panaji, Calangute and Mapusa, and finds nothing for 'Nowhere').

let stub: Awaited<ReturnType<typeof startNominatimStub>>;
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let png: Buffer;
beforeAll(async () => {
  stub = await startNominatimStub();
  t = await buildTestApp({ config: { nominatimUrl: stub.url } });
  owner = await signUp(t.app);
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#a62' } }).png().toBuffer();
}, SETUP_TIMEOUT);
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

const fields = (address: string) => ({
  title: 'Surf lessons', description: 'Two hours on the beach.', category: 'Other', customCategory: 'Surfing',
  contact: '+919845012345', email: 'surf@example.com', address,
});
async function send(method: 'POST' | 'PUT', url: string, address: string, withImage: boolean) {
  const form = await multipart(fields(address), withImage ? [{ name: 'images', bytes: png, filename: 'a.png', type: 'image/png' }] : []);
  const answer = await t.app.inject({ method, url, payload: form.payload, headers: { ...form.headers, ...bearer(owner.token) } });
  await t.app.backgroundIdle();
  return answer;
}
const coordinatesOf = async (id: string) =>
  (await t.db.select({ latitude: skills.latitude, longitude: skills.longitude }).from(skills).where(eq(skills.id, id)))[0];

it('a new skill gets the coordinates of its address; a changed address moves it; an address nowhere takes it off the map', async () => {
  const created = await send('POST', `/api/create-skills/${owner.id}/skills`, 'Calangute beach', true);
  expect(created.statusCode).toBe(201);
  const id = created.json().skill._id as string;
  expect(await coordinatesOf(id)).toEqual({ latitude: 15.5439, longitude: 73.7553 });
  expect(stub.requests.at(-1)?.query.get('q')).toBe('Calangute beach');

  expect((await send('PUT', `/api/skills/${id}`, 'Mapusa market', false)).statusCode).toBe(200);
  expect(await coordinatesOf(id)).toEqual({ latitude: 15.5937, longitude: 73.8142 });

  expect((await send('PUT', `/api/skills/${id}`, 'Nowhere lane', false)).statusCode).toBe(200);
  expect(await coordinatesOf(id)).toEqual({ latitude: null, longitude: null });
});

it('when the lookup fails the skill is saved all the same, off the map', async () => {
  stub.mode = 'error';
  try {
    const created = await send('POST', `/api/create-skills/${owner.id}/skills`, 'Panaji', true);
    expect(created.statusCode).toBe(201);
    expect(await coordinatesOf(created.json().skill._id)).toEqual({ latitude: null, longitude: null });
  } finally {
    stub.mode = 'ok';
  }
});
