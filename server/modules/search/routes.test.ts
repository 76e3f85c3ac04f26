import { sql } from 'drizzle-orm';
import { writeCounterOf } from '../../db/client.js';
import { needs, events, skills } from '../../db/schema.js';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../../test/build-test-app.js';
import { signUp } from '../../test/fixtures.js';
import { SEARCH_COUNT_CAP, SEARCH_PAGE, WALK_ROWS } from './service.js';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await buildTestApp();
  owner = (await signUp(t.app)).id;
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
    // More than a walk of the newest rows looks at, all newer than the one row with both words.
    await t.db.insert(needs).values(Array.from({ length: WALK_ROWS + 100 }, (_, i) => row(i % 2 ? 'Marigold stall' : 'Lantern stall', 1 + i / 100)));
    await t.db.insert(needs).values(row('Marigold lantern workshop', 1_000));
    const { body } = await search('marigold lantern');
    expect(titles(body.data.needs)).toEqual(['Marigold lantern workshop']);
    expect(body.data.needs).toMatchObject({ count: 1, capped: false });
    // One word that only the old row has: found past the walk as well.
    expect(titles((await search('workshop')).body.data.needs)).toEqual(['Marigold lantern workshop']);
    expect((await search('marigold')).body.data.needs).toMatchObject({ count: SEARCH_COUNT_CAP, capped: true });
  });

  it('words that meet often, but too seldom for the first walk: the walk goes on below it, and answers the newest matches', async () => {
    // 30,000 skills, one second apart, newest first; 'lantern' in every 11th: 90 in the first walk
    // (short of the cap), so the walk goes on. Rows 1,001 to 1,200 have it in the title, and rank
    // above the rest, as does one more row made as old as the 1,000th newest, where the first walk
    // ends and the longer one starts: the page shows it and the nine the longer walk met next first.
    await t.db.execute(sql`
      insert into skills (user_id, title, description, category, created_at)
      select ${owner}, case when i % 11 = 0 and i between 1001 and 1200 then 'Lantern class ' || i else 'Class ' || i end,
        case when i % 11 = 0 and i not between 1001 and 1200 then 'Paper lantern making.' else 'Paper making.' end, 'Other',
        now() - make_interval(secs => i)
      from generate_series(1, 30000) as g(i)`);
    await t.db.execute(sql`
      insert into skills (user_id, title, description, category, created_at)
      select ${owner}, 'Lantern at the edge', 'Paper making.', 'Other', created_at
      from skills order by created_at desc offset ${WALK_ROWS - 1} limit 1`);
    await t.db.execute(sql`analyze skills`);
    const { body } = await search('lantern');
    expect(body.data.skills).toMatchObject({ count: SEARCH_COUNT_CAP, capped: true });
    const expected = [
      'Lantern at the edge',
      ...Array.from({ length: 9 }, (_, k) => `Lantern class ${1001 + 11 * k}`),
      ...Array.from({ length: SEARCH_PAGE - 10 }, (_, k) => `Class ${11 * (k + 1)}`),
    ];
    expect(titles(body.data.skills)).toEqual(expected);
  }, 60_000);

  it('words expected to be rare that meet more often than that: the GIN index gives up after a few and the walk answers the newest', async () => {
    // 'marigold' and 'tamarind' are each in one need in seven, always together: taken as independent,
    // about 60 of 3,000 rows would have both, so the GIN index is asked first; 428 do, more than it
    // reads before giving up. It gives its matches in the table's order, and the rows are written
    // oldest first, so had the search taken what it read for every match, the page would show the oldest.
    await t.db.execute(sql`
      insert into needs (user_id, type, category, service_name, description, created_at)
      select ${owner}, 'need', 'Food', 'Market stall ' || i,
        case when i % 7 = 0 then 'Marigold and tamarind chutney.' else 'Mango chutney.' end, now() - make_interval(secs => i)
      from generate_series(3000, 1, -1) as g(i)`);
    const { body } = await search('marigold tamarind');
    expect(body.data.needs).toMatchObject({ count: SEARCH_COUNT_CAP, capped: true });
    expect(titles(body.data.needs)).toEqual(Array.from({ length: SEARCH_PAGE }, (_, k) => `Market stall ${7 * (k + 1)}`));
  }, 60_000);

  it('when the GIN index could give up, the newest 100 rows are tested first: the index answers when few of them match, the walk goes on from them when it gives up, and when many match the index is not asked', async () => {
    // 2,000 events, one second apart, newest first (row i is i seconds old). The index reads at most
    // ceil(sqrt(100 x 2,001 / 3)) = 259 matches; each pair below has a rarer word in more rows than
    // that (so the newest 100 are tested first), and is expected in fewer (so the index is asked).
    // 'saffron' (400 rows) and 'cardamom' (450): together in 50 rows, none of the newest 100, so
    // the index is asked and finds all 50. 'indigo' (666) and 'jasmine' (636): together in 3 of the
    // newest 100, which is few enough for the index to be asked, and in 636 rows in all, more than
    // it reads: the walk goes on from row 101, after the 3 it met. 'lotus' (500) and 'ginger' (1,000):
    // together in 25 of the newest 100 (13 would be too many for the index's 259): the index is not
    // asked, and the walk goes on from row 101.
    await t.db.execute(sql`
      insert into events (created_by, title, description, start_date, end_date, address, created_at)
      select ${owner},
        'Event ' || i || case when i % 3 = 0 then ' indigo' else '' end || case when i % 3 = 0 and (i > 100 or i % 30 = 0) then ' jasmine' else '' end,
        concat_ws(' ', 'Stalls.', case when i % 5 = 0 then 'saffron' end,
          case when i % 5 = 1 or (i between 1001 and 1500 and i % 10 = 0) then 'cardamom' end,
          case when i % 4 = 0 then 'lotus' end, case when i % 4 in (0, 1) then 'ginger' end),
        '2030-01-01', '2030-01-02', 'Old town', now() - make_interval(secs => i)
      from generate_series(1, 2000) as g(i)`);
    // Each event's number, from its title ('Event 102 indigo jasmine').
    const numbers = (group: { items: Array<{ title: string }> }) => group.items.map((item) => Number(item.title.split(' ')[1]));
    const spices = (await search('saffron cardamom')).body.data.events;
    expect(spices).toMatchObject({ count: 50, capped: false });
    expect(numbers(spices)).toEqual(Array.from({ length: SEARCH_PAGE }, (_, k) => 1010 + 10 * k));
    const flowers = (await search('indigo jasmine')).body.data.events;
    expect(flowers).toMatchObject({ count: SEARCH_COUNT_CAP, capped: true });
    expect(numbers(flowers)).toEqual([30, 60, 90, ...Array.from({ length: SEARCH_PAGE - 3 }, (_, k) => 102 + 3 * k)]);
    const together = (await search('lotus ginger')).body.data.events;
    expect(together).toMatchObject({ count: SEARCH_COUNT_CAP, capped: true });
    expect(numbers(together)).toEqual(Array.from({ length: SEARCH_PAGE }, (_, k) => 4 * (k + 1)));
  }, 60_000);

  it('keeps each board\'s count of rows per word, and of rows, and its search table exact through creates, edits, deletes, an account\'s deletion and emptying a board', async () => {
    const [first] = await t.db.insert(events).values([
      { createdBy: owner, title: 'Kite festival', description: 'Kites over the river.', startDate: '2030-01-14', endDate: '2030-01-14', address: 'Ahmedabad' },
      { createdBy: owner, title: 'Kite making', description: 'Paper and bamboo.', startDate: '2030-01-10', endDate: '2030-01-10', address: 'Ahmedabad' },
    ]).returning({ id: events.id });
    await t.db.execute(sql`update events set description = 'Kites over the lake.' where id = ${first.id}`);
    await t.db.execute(sql`update events set address = address where title = 'Kite making'`);
    // Both rows at once, a new time for each (the search table keeps created_at too); then an edit that changes nothing.
    await t.db.execute(sql`update events set created_at = created_at - interval '1 day' where title like 'Kite %'`);
    await t.db.execute(sql`update events set address = address where id = ${first.id}`);
    await t.db.execute(sql`delete from events where title = 'Kite making'`);
    await t.db.execute(sql`delete from needs where service_name like 'Market stall 1%'`);
    const kept = await t.db.execute(sql`select board, lexeme, "rows" from search_lexeme_rows where "rows" <> 0 order by 1, 2`);
    const recount = sql`
      select board, lexeme, count(*)::int as "rows" from (
        select 'needs' as board, unnest(tsvector_to_array(search_vector)) as lexeme from needs
        union all select 'needs', '' from needs
        union all select 'events', unnest(tsvector_to_array(search_vector)) from events
        union all select 'events', '' from events
        union all select 'skills', unnest(tsvector_to_array(search_vector)) from skills
        union all select 'skills', '' from skills
      ) x group by 1, 2 order by 1, 2`;
    const recounted = await t.db.execute(recount);
    const rowsOf = (answer: unknown) => (answer as { rows: Array<{ board: string; lexeme: string; rows: number }> }).rows
      .map(({ board, lexeme, rows }) => `${board} ${lexeme} ${Number(rows)}`);
    expect(rowsOf(kept)).toEqual(rowsOf(recounted));
    expect(rowsOf(kept)).toEqual(expect.arrayContaining(['events lake 1', 'events kite 1']));
    expect(rowsOf(kept)).not.toEqual(expect.arrayContaining(['events river 1']));
    // The search tables (migration 0014) hold each board's rows' id, time and words, and nothing else.
    const copies = async () => {
      const differences = await t.db.execute(sql`
        select count(*)::int as "differences", (select count(*)::int from events_search where id = ${first.id}) as "kite" from (
          (select 'needs', id, created_at, search_vector from needs except all select 'needs', * from needs_search)
          union all (select 'needs', * from needs_search except all select 'needs', id, created_at, search_vector from needs)
          union all (select 'events', id, created_at, search_vector from events except all select 'events', * from events_search)
          union all (select 'events', * from events_search except all select 'events', id, created_at, search_vector from events)
          union all (select 'skills', id, created_at, search_vector from skills except all select 'skills', * from skills_search)
          union all (select 'skills', * from skills_search except all select 'skills', id, created_at, search_vector from skills)
        ) x`);
      return (differences as unknown as { rows: Array<{ differences: number; kite: number }> }).rows[0];
    };
    expect(await copies()).toEqual({ differences: 0, kite: 1 });
    expect(titles((await search('lake kite')).body.data.events)).toEqual(['Kite festival']);
    expect((await search('river kite')).body.data.events.count).toBe(0);

    // An account's rows go with it (a cascade is a delete too), and a board emptied at once empties its counts.
    const leaving = (await signUp(t.app)).id;
    await t.db.insert(skills).values({ userId: leaving, title: 'Origami evenings', description: 'Folding cranes.', category: 'Other', address: 'Pune' });
    await t.db.execute(sql`delete from users where id = ${leaving}`);
    await t.db.execute(sql`truncate events cascade`);
    const keptAfter = rowsOf(await t.db.execute(sql`select board, lexeme, "rows" from search_lexeme_rows where "rows" <> 0 order by 1, 2`));
    expect(keptAfter).toEqual(rowsOf(await t.db.execute(recount)));
    expect(keptAfter.filter((row) => row.startsWith('events ') || row.includes(' origami '))).toEqual([]);
    expect(await copies()).toEqual({ differences: 0, kite: 0 });
  }, 60_000);

  it('reads only: a search does not count as a write (which would empty every cache)', async () => {
    const writes = writeCounterOf(t.db)!();
    for (const q of ['hostel', 'hostle', 'hostel beach', 'zxqv']) await search(q);
    expect(writeCounterOf(t.db)!()).toBe(writes);
  });

  it('answers a repeated search the same, and the new answer once a board changes', async () => {
    const first = (await search('kayak')).body;
    expect(first.data.meta.totalResults).toBe(0);
    expect((await search('kayak')).body).toEqual(first);
    await t.db.insert(needs).values({ userId: owner, type: 'need', category: 'Sport', serviceName: 'Kayak for a day', description: 'On the river.' });
    expect(titles((await search('kayak')).body.data.needs)).toEqual(['Kayak for a day']);
  });
});
