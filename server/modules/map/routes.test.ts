import { randomUUID } from 'node:crypto';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../../test/build-test-app.js';
import { signUp } from '../../test/fixtures.js';
import { events, needs, skills } from '../../db/schema.js';
import { POINTS_PER_LAYER } from './service.js';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await buildTestApp();
  owner = (await signUp(t.app)).id;
}, SETUP_TIMEOUT);
afterAll(() => t?.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);
const points = (query: Record<string, string>) => t.app.inject({ url: '/api/map-points', query });
// Each test looks at its own small corner of the globe, so the tests do not see each other's rows.
const box = (lat: number, lon: number, size = 1) => ({ south: String(lat), west: String(lon), north: String(lat + size), east: String(lon + size) });

async function aNeed(latitude: number | null, longitude: number | null, serviceName = 'Scooter rental') {
  const id = randomUUID();
  await t.db.insert(needs).values({ id, type: 'available', category: 'Transport', serviceName, description: 'Daily rates.', latitude, longitude, userId: owner });
  return id;
}

describe('GET /api/map-points', () => {
  it('answers the needs, events and skills with coordinates inside the bounds, each with its detail page', async () => {
    const need = await aNeed(10.5, 20.5);
    await aNeed(null, null);
    await aNeed(12.5, 20.5); // north of the box
    const event = randomUUID();
    await t.db.insert(events).values({ id: event, title: 'Beach clean-up', description: 'Bags on us.', startDate: day(2), endDate: day(2), latitude: 10.2, longitude: 20.9, createdBy: owner });
    await t.db.insert(events).values({ title: 'Over', description: 'Ended.', startDate: day(-5), endDate: day(-4), latitude: 10.3, longitude: 20.3, createdBy: owner });
    const skill = randomUUID();
    await t.db.insert(skills).values({ id: skill, title: 'Surf lessons', description: 'Two hours.', category: 'Other', customCategory: 'Surfing', latitude: 10.9, longitude: 20.1, userId: owner });

    const answer = await points(box(10, 20));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      success: true,
      capped: false,
      data: [
        { kind: 'need', _id: need, title: 'Scooter rental', latitude: 10.5, longitude: 20.5, url: `/needs/${need}` },
        { kind: 'event', _id: event, title: 'Beach clean-up', latitude: 10.2, longitude: 20.9, url: `/events/${event}` },
        { kind: 'skill', _id: skill, title: 'Surf lessons', latitude: 10.9, longitude: 20.1, url: `/skills/${skill}` },
      ],
    });
    expect((await points({ ...box(10, 20), layers: 'skills, needs' })).json().data.map((p: { kind: string }) => p.kind)).toEqual(['skill', 'need']);
  });

  it('reads bounds that cross the antimeridian (west east of east)', async () => {
    const east = await aNeed(-40.5, 179.5);
    const west = await aNeed(-40.5, -179.5);
    await aNeed(-40.5, 0);
    const answer = await points({ south: '-41', west: '179', north: '-40', east: '-179' });
    expect(answer.json().data.map((p: { _id: string }) => p._id).sort()).toEqual([east, west].sort());
  });

  it(`answers at most ${POINTS_PER_LAYER} of a layer, the newest, and says it is capped`, async () => {
    const values = Array.from({ length: POINTS_PER_LAYER + 5 }, (_, i) => ({
      type: 'need' as const, category: 'Food', serviceName: `Meal ${i}`, description: 'Hot.', latitude: 50 + i / 1000, longitude: 60, userId: owner,
      createdAt: new Date(Date.now() - i * 1000),
    }));
    await t.db.insert(needs).values(values);
    const answer = (await points({ ...box(50, 59.5), layers: 'needs' })).json();
    expect(answer.capped).toBe(true);
    expect(answer.data).toHaveLength(POINTS_PER_LAYER);
    expect(answer.data[0].title).toBe('Meal 0');
  });

  it.each([
    [{ ...box(0, 0), south: 'abc' }, 'south must be a number from -90 to 90.'],
    [{ ...box(0, 0), north: '91' }, 'north must be a number from -90 to 90.'],
    [{ ...box(0, 0), east: '1e3' }, 'east must be a number from -180 to 180.'],
    [{ ...box(0, 0), west: '' }, 'west must be a number from -180 to 180.'],
    [{ south: '5', north: '4', west: '0', east: '1' }, 'south must not be north of north.'],
    [{ ...box(0, 0), layers: 'needs,users' }, 'layers must name needs, events or skills, not "users".'],
  ])('400 for %j: %s', async (query, message) => {
    const answer = await points(query);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(message);
  });

  it('400 without bounds or with an unknown parameter', async () => {
    expect((await points({})).statusCode).toBe(400);
    expect((await points({ ...box(0, 0), zoom: '3' })).statusCode).toBe(400);
  });
});
