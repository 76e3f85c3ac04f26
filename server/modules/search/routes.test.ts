import { sql } from 'drizzle-orm';
import { boardsChanged } from '../../lib/cached-reads.js';
import { needs, events, skills } from '../../db/schema.js';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../../test/build-test-app.js';
import { bearer, signUp } from '../../test/fixtures.js';
import { SEARCH_COUNT_CAP, SEARCH_PAGE } from './service.js';

let t: TestApp;
let owner: string;
let ownerToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ id: owner, token: ownerToken } = await signUp(t.app));
  const need = { userId: owner, type: 'need' as const, category: 'Accommodation', description: 'Anything clean.', city: 'Panaji', state: 'Goa' };
  await t.db.insert(needs).values([
    { ...need, serviceName: 'Backpacker hostel near the beach', description: 'A bunk bed for three nights.' },
    { ...need, serviceName: 'Quiet room for a week', description: 'Could also be a hostel dorm if it is calm.' },
    { ...need, type: 'available', serviceName: 'Scooter rental', category: 'Transport', description: 'Helmets included.' },
  ]);
  await t.db.insert(events).values([
    { createdBy: owner, title: 'Sunset yoga on the beach', description: 'Bring a mat.', startDate: '2030-03-14', endDate: '2030-03-14', address: 'Anjuna Beach, Goa' },
  ]);
  await t.db.insert(skills).values([
    { userId: owner, title: 'Portrait photography', description: 'Travel portraits at golden hour.', category: 'Photography', address: 'Fontainhas, Panaji' },
    { userId: owner, title: 'Pottery lessons', description: 'Wheel throwing for beginners.', category: 'Other', customCategory: 'Ceramics', address: 'Assagao, Goa' },
  ]);
}, SETUP_TIMEOUT);
afterAll(() => t.close());

const search = async (q: string) => {
  const response = await t.app.inject({ url: '/api/search', query: { q } });
  return { status: response.statusCode, body: response.json() };
};
/** Rows written in SQL behind the services' backs: kept answers are forgotten as a service's write would. */
const forgetKeptAnswers = () => boardsChanged(t.db, 'needs', 'events', 'skills');
const titles = (group: { items: Array<{ serviceName?: string; title?: string }> }) => group.items.map((item) => item.serviceName ?? item.title);

describe('GET /api/search', () => {
  it('answers the groups with counts, items and the total, without a token', async () => {
    const { status, body } = await search('hostel');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data.meta).toEqual({ query: 'hostel', totalResults: 2 });
    expect(body.data.needs.count).toBe(2);
    expect(body.data.needs.items[0]).toEqual({
      _id: expect.any(String), type: 'need', serviceName: 'Backpacker hostel near the beach', description: 'A bunk bed for three nights.',
      category: 'Accommodation', images: [], location: { address: '', city: 'Panaji', state: 'Goa' },
    });
    expect(body.data.events).toEqual({ count: 0, capped: false, items: [] });
  });

  it('ranks a match in the name above a match in the description', async () => {
    expect(titles((await search('hostel')).body.data.needs)).toEqual(['Backpacker hostel near the beach', 'Quiet room for a week']);
  });

  it('forgives a typo and finds word forms', async () => {
    expect(titles((await search('hostle')).body.data.needs)).toContain('Backpacker hostel near the beach');
    expect(titles((await search('hostels')).body.data.needs)).toContain('Backpacker hostel near the beach');
    expect(titles((await search('photografy')).body.data.skills)).toEqual(['Portrait photography']);
  });

  it('searches events and skills too, with the url made by the server from the id', async () => {
    const { body } = await search('beach');
    expect(body.data.events.items).toEqual([{
      _id: expect.any(String), title: 'Sunset yoga on the beach', description: 'Bring a mat.', thumbnail: '', startDate: '2030-03-14',
      address: 'Anjuna Beach, Goa', location: { address: 'Anjuna Beach, Goa' }, url: `/events/${body.data.events.items[0]._id}`,
    }]);
    const ceramics = (await search('ceramics')).body.data.skills.items;
    expect(ceramics).toEqual([expect.objectContaining({ title: 'Pottery lessons', customCategory: 'Ceramics', url: `/skills/${ceramics[0]._id}` })]);
  });

  it('a blank query finds nothing; an unmatched one answers empty groups', async () => {
    expect((await search('   ')).body.data).toEqual({
      meta: { query: '', totalResults: 0 },
      needs: { count: 0, capped: false, items: [] }, events: { count: 0, capped: false, items: [] }, skills: { count: 0, capped: false, items: [] },
    });
    expect((await search('zxqv')).body.data.meta.totalResults).toBe(0);
  });

  it('takes any text as words, never as syntax', async () => {
    for (const q of ["'", 'a & | ! ( ) :*', '"unclosed', '-', 'héllo wörld', "'; drop table needs; --", '\\']) {
      const { status, body } = await search(q);
      expect({ q, status }).toEqual({ q, status: 200 });
      expect(body.success).toBe(true);
    }
  });

  it('refuses a query over 200 characters, and a missing one, with 400', async () => {
    expect((await search('a'.repeat(201))).status).toBe(400);
    expect((await t.app.inject({ url: '/api/search' })).statusCode).toBe(400);
  });

  it('bounds the work: a word every row has answers one page and a capped count', async () => {
    await t.db.insert(needs).values(Array.from({ length: SEARCH_COUNT_CAP + 10 }, (_, i) => ({
      userId: owner, type: 'need' as const, category: 'Common', serviceName: `Common request ${i}`, description: 'Everywhere.',
    })));
    const { body } = await search('common');
    expect(body.data.needs.items).toHaveLength(SEARCH_PAGE);
    expect(body.data.needs).toMatchObject({ count: SEARCH_COUNT_CAP, capped: true });
  });

  it('several words: every one must match', async () => {
    expect(titles((await search('hostel beach')).body.data.needs)).toEqual(['Backpacker hostel near the beach']);
    expect((await search('hostel ceramics')).body.data.meta.totalResults).toBe(0);
  });

  it('several words that many rows have apart and none of the newest together: an older row that has them all is still found', async () => {
    const hour = 3_600_000;
    const row = (serviceName: string, hoursAgo: number) => ({
      userId: owner, type: 'need' as const, category: 'Bulk', serviceName, description: '.', createdAt: new Date(Date.now() - hoursAgo * hour),
    });
    // Many rows with one of the words, all newer than the one row with both: none of the newest
    // match, and the GIN index finds the one that does.
    await t.db.insert(needs).values(Array.from({ length: 1_400 }, (_, i) => row(i % 2 ? 'Marigold stall' : 'Lantern stall', 1 + i / 100)));
    await t.db.insert(needs).values(row('Marigold lantern workshop', 1_000));
    const { body } = await search('marigold lantern');
    expect(titles(body.data.needs)).toEqual(['Marigold lantern workshop']);
    expect(body.data.needs).toMatchObject({ count: 1, capped: false });
    // One word that only the old row has: found past the newest rows as well.
    expect(titles((await search('workshop')).body.data.needs)).toEqual(['Marigold lantern workshop']);
    expect((await search('marigold')).body.data.needs).toMatchObject({ count: SEARCH_COUNT_CAP, capped: true });
  });

  it('ranks the best match first, newer first among equals, among each board\'s newest 100 matches', async () => {
    // 130 skills with 'lantern' in the description, one a minute; the oldest 15 of them also in the
    // title. Only the newest 100 are ranked, so the title matches are counted out; once fewer than
    // 100 newer ones are left, they come first (newest first), then the description matches.
    await t.db.execute(sql`
      insert into skills (user_id, title, description, category, created_at)
      select ${owner}, case when i > 115 then 'Lantern class ' || i else 'Class ' || i end, 'Paper lantern making.', 'Other',
        now() - make_interval(mins => i)
      from generate_series(1, 130) as g(i)`);
    const { body } = await search('lantern');
    expect(body.data.skills).toMatchObject({ count: SEARCH_COUNT_CAP, capped: true });
    expect(titles(body.data.skills)).toEqual(Array.from({ length: SEARCH_PAGE }, (_, k) => `Class ${k + 1}`));
    // Fewer than 100 newer description matches, and the title matches rank first.
    await t.db.execute(sql`delete from skills where title like 'Class %' and split_part(title, ' ', 2)::int <= 60`);
    await forgetKeptAnswers();
    expect(titles((await search('lantern')).body.data.skills)).toEqual([
      ...Array.from({ length: 15 }, (_, k) => `Lantern class ${116 + k}`),
      ...Array.from({ length: SEARCH_PAGE - 15 }, (_, k) => `Class ${61 + k}`),
    ]);
  });

  it('words that meet often: the GIN index gives up after a few and the newest rows answer the newest matches', async () => {
    // 'marigold' and 'tamarind' are each in one need in seven, always together: taken as independent,
    // about 60 of 3,000 rows would have both; 428 do, more than the index is asked for. It gives its
    // matches in the table's order, and the rows are written oldest first, so had the search taken
    // what it read for every match, the page would show the oldest.
    await t.db.execute(sql`
      insert into needs (user_id, type, category, service_name, description, created_at)
      select ${owner}, 'need', 'Food', 'Market stall ' || i,
        case when i % 7 = 0 then 'Marigold and tamarind chutney.' else 'Mango chutney.' end, now() - make_interval(secs => i)
      from generate_series(3000, 1, -1) as g(i)`);
    const { body } = await search('marigold tamarind');
    expect(body.data.needs).toMatchObject({ count: SEARCH_COUNT_CAP, capped: true });
    expect(titles(body.data.needs)).toEqual(Array.from({ length: SEARCH_PAGE }, (_, k) => `Market stall ${7 * (k + 1)}`));
  }, 60_000);

  it('words that meet in a few of the newest rows: the GIN index lists them all, and the newest of them are answered', async () => {
    // 'juniper' and 'sorrel' together in one need in eight: 150 of 1,200, fewer than the index is
    // asked for and more than are counted. The index gives them oldest first (the order they were
    // written in); the answer is the newest.
    await t.db.execute(sql`
      insert into needs (user_id, type, category, service_name, description, created_at)
      select ${owner}, 'need', 'Food', 'Herb stall ' || i,
        case when i % 8 = 0 then 'Juniper and sorrel.' else 'Sorrel.' end, now() - make_interval(secs => i)
      from generate_series(1200, 1, -1) as g(i)`);
    const { body } = await search('juniper sorrel');
    expect(body.data.needs).toMatchObject({ count: SEARCH_COUNT_CAP, capped: true });
    expect(titles(body.data.needs)).toEqual(Array.from({ length: SEARCH_PAGE }, (_, k) => `Herb stall ${8 * (k + 1)}`));
  }, 60_000);

  it('words that meet in many of the newest rows: the newest rows are read at once, and answer the newest matches', async () => {
    // Every other one of 600 new skills has both words: half the newest 100 match, so the newest
    // rows are read without asking the index; the oldest of the 300 matches are counted out.
    await t.db.execute(sql`
      insert into skills (user_id, title, description, category, created_at)
      select ${owner}, 'Workshop ' || i, case when i % 2 = 0 then 'Indigo dye and block print.' else 'Block print.' end, 'Other',
        now() - make_interval(secs => i)
      from generate_series(1, 600) as g(i)`);
    const { body } = await search('indigo print');
    expect(body.data.skills).toMatchObject({ count: SEARCH_COUNT_CAP, capped: true });
    expect(titles(body.data.skills)).toEqual(Array.from({ length: SEARCH_PAGE }, (_, k) => `Workshop ${2 * (k + 1)}`));
  });

  it('words that meet often among old rows and seldom among the newest: every match is read, newest first', async () => {
    // 'saffron' and 'cardamom' together in 500 events (more than the index is asked for), none of
    // them among the newest 2,000 (more than the walk reads): the answer is still the newest 100 of the 500.
    await t.db.execute(sql`
      insert into events (created_by, title, description, start_date, end_date, address, created_at)
      select ${owner}, 'Event ' || i,
        case when i > 2000 then 'Saffron and cardamom stalls.' when i % 2 = 0 then 'Saffron stalls.' else 'Cardamom tea.' end,
        '2030-01-01', '2030-01-02', 'Old town', now() - make_interval(secs => i)
      from generate_series(1, 2500) as g(i)`);
    const numbers = (group: { items: Array<{ title: string }> }) => group.items.map((item) => Number(item.title.split(' ')[1]));
    const spices = (await search('saffron cardamom')).body.data.events;
    expect(spices).toMatchObject({ count: SEARCH_COUNT_CAP, capped: true });
    expect(numbers(spices)).toEqual(Array.from({ length: SEARCH_PAGE }, (_, k) => 2001 + k));
  }, 60_000);

  it('the migration that made the search plain left none of the old machinery behind', async () => {
    const left = await t.db.execute(sql`
      select (select count(*)::int from pg_class where relname in ('search_lexeme_rows', 'needs_search', 'events_search', 'skills_search')) as tables,
        (select count(*)::int from pg_proc where proname in ('search_cards', 'search_lexeme_rows_count', 'board_search_copy', 'change_notice')
          or (proname like 'search%' and proname not in ('search_matches', 'search_groups', 'search_words_add'))) as functions,
        (select count(*)::int from pg_trigger where not tgisinternal and tgname not like '%search_words%') as triggers`);
    expect((left as unknown as { rows: unknown[] }).rows[0]).toEqual({ tables: 0, functions: 0, triggers: 0 });
  });

  it('answers a repeated search the same, and the new answer once a board changes through the API', async () => {
    const first = (await search('kayak')).body;
    expect(first.data.meta.totalResults).toBe(0);
    // Kept: a row written behind the API's back is not seen until something forgets the answer.
    await t.db.insert(needs).values({ userId: owner, type: 'need', category: 'Sport', serviceName: 'Kayak lessons', description: 'On the lake.' });
    expect((await search('kayak')).body).toEqual(first);
    const created = await t.app.inject({
      method: 'POST', url: `/api/create-need/${owner}`, headers: bearer(ownerToken),
      payload: {
        type: 'need', category: 'Sport', serviceName: 'Kayak for a day', description: 'On the river.',
        contactDetails: { phone: '+919876543210', email: 'kayak@example.com' },
        location: { address: 'Beach road', city: 'Panaji', state: 'Goa', postalCode: '403001', coordinates: { latitude: 15.49, longitude: 73.82 } },
      },
    });
    expect(created.statusCode).toBe(201);
    expect(titles((await search('kayak')).body.data.needs)).toEqual(['Kayak for a day', 'Kayak lessons']);
  });
});
