// Deterministic board rows for the benchmarks (bench/search.mjs): `addBoardRows(db, owner, n)` adds n
// needs, n events and n skills, built in SQL from fixed word lists by row number, so every run
// measures the same data. About one row in ten carries any one service word ('hostel', 'scooter'...),
// one in fifty a given service word and city pair.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../server/db/client.js';

const words = (list: string[]) => sql.raw(`array[${list.map((w) => `'${w}'`).join(',')}]`);
const services = words(['hostel', 'scooter', 'homestay', 'guide', 'desk', 'pharmacy', 'mechanic', 'cook', 'driver', 'tailor']);
const adjectives = words(['Quiet', 'Shared', 'Budget', 'Private', 'Late-night', 'Weekly', 'Friendly']);
const cities = words(['Panaji', 'Manali', 'Delhi', 'Kochi', 'Jaipur', 'Leh', 'Rishikesh', 'Pune', 'Hampi', 'Udaipur']);
const states = words(['Goa', 'Himachal Pradesh', 'Delhi', 'Kerala', 'Rajasthan', 'Ladakh', 'Uttarakhand', 'Maharashtra', 'Karnataka', 'Rajasthan']);
const categories = words(['Accommodation', 'Transport', 'Guide', 'Food', 'Workspace', 'Medical', 'Repair']);
const skillCategories = words(['Photography', 'Plumbing', 'Electrician', 'Carpenter', 'Other']);
const filler = words(['sunrise', 'monsoon', 'market', 'trek', 'beach', 'temple', 'lake', 'fort', 'cafe', 'river', 'valley', 'festival', 'train', 'bazaar', 'spice', 'tea', 'garden', 'desert', 'island', 'harbour']);

// Row i's words: fixed multipliers spread the lists' combinations over the rows.
const pick = (list: SQL, i: string, by: number) => sql`(${list})[1 + (${sql.raw(i)} * ${sql.raw(String(by))}) % array_length(${list}, 1)]`;

export async function addBoardRows(db: Db, owner: string, count: number, offset: number) {
  const i = 'g.i';
  const range = sql`generate_series(${offset + 1}::int, ${offset + count}::int) as g(i)`;
  const sentence = sql`'Looking for a ' || lower(${pick(adjectives, i, 3)}) || ' ' || ${pick(services, i, 7)} || ' near the ' || ${pick(filler, i, 11)} || ' and the ' || ${pick(filler, i, 13)} || ', row ' || ${sql.raw(i)}`;
  await db.execute(sql`
    insert into needs (user_id, type, category, service_name, description, address, city, state, postal_code, latitude, longitude, created_at)
    select ${owner}, case when ${sql.raw(i)} % 2 = 0 then 'need' else 'available' end, ${pick(categories, i, 1)},
      ${pick(adjectives, i, 1)} || ' ' || ${pick(services, i, 1)} || ' in ' || ${pick(cities, i, 3)}, ${sentence},
      ${pick(filler, i, 17)} || ' road', ${pick(cities, i, 3)}, ${pick(states, i, 3)}, '40' || lpad((${sql.raw(i)} % 10000)::text, 4, '0'),
      10 + (${sql.raw(i)} % 2000) / 100.0, 70 + (${sql.raw(i)} % 1500) / 100.0, now() - make_interval(secs => ${sql.raw(i)})
    from ${range}`);
  await db.execute(sql`
    insert into events (created_by, title, description, start_date, end_date, address, latitude, longitude, created_at)
    select ${owner}, ${pick(filler, i, 1)} || ' ' || ${pick(services, i, 3)} || ' meetup in ' || ${pick(cities, i, 7)}, ${sentence},
      (current_date + (${sql.raw(i)} % 365))::date, (current_date + (${sql.raw(i)} % 365) + 1)::date,
      ${pick(filler, i, 5)} || ' square, ' || ${pick(cities, i, 7)}, 10 + (${sql.raw(i)} % 2000) / 100.0, 70 + (${sql.raw(i)} % 1500) / 100.0,
      now() - make_interval(secs => ${sql.raw(i)})
    from ${range}`);
  await db.execute(sql`
    insert into skills (user_id, title, description, category, custom_category, contact, email, address, created_at)
    select ${owner}, ${pick(adjectives, i, 1)} || ' ' || ${pick(services, i, 9)} || ' lessons', ${sentence}, ${pick(skillCategories, i, 1)},
      case when ${sql.raw(i)} % 5 = 4 then ${pick(filler, i, 19)} || ' craft' else '' end, '+9190000' || lpad((${sql.raw(i)} % 100000)::text, 5, '0'),
      'skill' || ${sql.raw(i)} || '@example.net', ${pick(filler, i, 23)} || ' lane, ' || ${pick(cities, i, 11)}, now() - make_interval(secs => ${sql.raw(i)})
    from ${range}`);
}
