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

describe('background lookups share the upstream fairly', () => {
  /** One member's skill and a way to edit its address on `app`. */
  async function skillOn(app: TestApp['app']) {
    const member = await signUp(app);
    const edit = async (method: 'POST' | 'PUT', url: string, address: string) => {
      const form = await multipart(fields(address), method === 'POST' ? [{ name: 'images', bytes: png, filename: 'a.png', type: 'image/png' }] : []);
      return app.inject({ method, url, payload: form.payload, headers: { ...form.headers, ...bearer(member.token) } });
    };
    const created = await edit('POST', `/api/create-skills/${member.id}/skills`, 'Calangute beach');
    expect(created.statusCode).toBe(201);
    const id = created.json().skill._id as string;
    await app.backgroundIdle();
    return { id, move: (address: string) => edit('PUT', `/api/skills/${id}`, address) };
  }

  it("with the background queue full of one member's edits, a place search answers at once, before them", async () => {
    const interval = 500;
    const busy = await buildTestApp({ config: { nominatimUrl: stub.url }, limits: { geoUpstreamIntervalMs: interval, geoBackgroundWaiting: 3 } });
    try {
      const skill = await skillOn(busy.app);
      stub.requests.length = 0;
      const edits = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((n) => skill.move(`Mapusa ward ${n}`)));
      expect(edits.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
      for (let waited = 0; busy.app.geocoder.waiting().background < 3; waited += 10) {
        if (waited > 10_000) throw new Error('the background queue never filled');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const askedBefore = stub.requests.length;
      const started = Date.now();
      const search = await busy.app.inject({ url: '/api/geo/search?q=Panaji%20market' });
      const took = Date.now() - started;
      expect(search.statusCode).toBe(200);
      // At most the one background lookup that had just started goes before it: one interval, not
      // the four (2 s) of the three waiting and that one.
      expect(took).toBeLessThan(2 * interval);
      await busy.app.backgroundIdle();
      const asked = stub.requests.map((request) => request.query.get('q'));
      const searchAt = asked.indexOf('Panaji market');
      expect(searchAt).toBeGreaterThanOrEqual(askedBefore);
      expect(searchAt).toBeLessThanOrEqual(askedBefore + 1);
      expect(asked.length - searchAt - 1).toBeGreaterThanOrEqual(2); // the waiting ones came after it
      expect(asked.length).toBeLessThan(8 + 1); // the edits past the full queue were not looked up
      // The last edit's address is the skill's: looked up, or skipped and off the map, never an older place.
      const [latest] = await busy.db.select({ address: skills.address, latitude: skills.latitude }).from(skills).where(eq(skills.id, skill.id));
      expect(latest.latitude === null || asked.includes(latest.address)).toBe(true);
    } finally {
      await busy.close();
    }
  }, SETUP_TIMEOUT);

  it("background lookups count against the member's own geocoding allowance; past it the skill is saved off the map", async () => {
    const limited = await buildTestApp({ config: { nominatimUrl: stub.url }, limits: { geoPerMinute: 2 } });
    try {
      const first = await skillOn(limited.app); // lookup 1
      expect((await first.move('Mapusa market')).statusCode).toBe(200); // lookup 2
      await limited.app.backgroundIdle();
      const coordinatesOn = async (id: string) =>
        (await limited.db.select({ latitude: skills.latitude, longitude: skills.longitude }).from(skills).where(eq(skills.id, id)))[0];
      expect(await coordinatesOn(first.id)).toEqual({ latitude: 15.5937, longitude: 73.8142 });

      stub.requests.length = 0;
      const third = await first.move('Panaji');
      expect(third.statusCode).toBe(200);
      await limited.app.backgroundIdle();
      expect(stub.requests).toHaveLength(0);
      expect(await coordinatesOn(first.id)).toEqual({ latitude: null, longitude: null });

      // Another member's allowance is their own.
      const other = await skillOn(limited.app); // from the cache, counted all the same
      expect((await other.move('Panaji')).statusCode).toBe(200);
      await limited.app.backgroundIdle();
      expect(stub.requests.map((request) => request.query.get('q'))).toEqual(['Panaji']);
      expect((await coordinatesOn(other.id)).latitude).not.toBeNull();
    } finally {
      await limited.close();
    }
  }, SETUP_TIMEOUT);
});
