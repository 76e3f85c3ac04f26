import type { Static } from '@fastify/type-provider-typebox';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { MapPoint } from './schemas.js';

type Point = Static<typeof MapPoint>;
export type Layer = 'needs' | 'events' | 'skills';
export const LAYERS: Layer[] = ['needs', 'events', 'skills'];
/** Points of one layer in one answer, the newest first: a zoomed-out map of a busy region stays light. */
export const POINTS_PER_LAYER = 200;

export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

const layerSql: Record<Layer, { kind: Point['kind']; title: SQL; table: SQL; author: SQL; path: string; also?: SQL }> = {
  needs: { kind: 'need', title: sql`service_name`, table: sql`needs`, author: sql`user_id`, path: '/needs/' },
  // An event that has ended is not somewhere to go any more.
  events: {
    kind: 'event', title: sql`title`, table: sql`events`, author: sql`created_by`, path: '/events/', also: sql`and end_date >= (now() at time zone 'UTC')::date`,
  },
  skills: { kind: 'skill', title: sql`title`, table: sql`skills`, author: sql`user_id`, path: '/skills/' },
};

/**
 * The records of the chosen layers with coordinates inside the bounds (across the antimeridian when
 * west is east of east), POINTS_PER_LAYER of each at most. `capped` when a layer had more. Never
 * what moderators hid or suspended members posted, nor what `excluded` authors did (a member's blocks).
 */
export async function pointsWithin(db: Db, bounds: Bounds, layers: Layer[], excluded: readonly string[] = []): Promise<{ data: Point[]; capped: boolean }> {
  const longitude = bounds.west <= bounds.east
    ? sql`longitude between ${bounds.west} and ${bounds.east}`
    : sql`(longitude >= ${bounds.west} or longitude <= ${bounds.east})`;
  const parts = layers.map((layer) => {
    const { kind, title, table, author, also } = layerSql[layer];
    const notExcluded = excluded.length > 0 ? sql`and ${author} <> all (${`{${excluded.join(',')}}`}::uuid[])` : sql``;
    // Each part in brackets: its own order and limit. The latitude range uses the (latitude, longitude) index.
    return sql`(select ${kind}::text as kind, id::text as id, ${title} as title, latitude, longitude
      from ${table} where latitude between ${bounds.south} and ${bounds.north} and ${longitude} ${also ?? sql``}
        and hidden_at is null and not author_suspended ${notExcluded}
      order by created_at desc limit ${POINTS_PER_LAYER + 1})`;
  });
  if (parts.length === 0) return { data: [], capped: false };
  const result = await db.execute(sql`select * from (${sql.join(parts, sql` union all `)}) points`);
  const rows = (result as unknown as { rows: Array<{ kind: Point['kind']; id: string; title: string; latitude: number; longitude: number }> }).rows;
  let capped = false;
  const data: Point[] = [];
  for (const layer of layers) {
    const { kind, path } = layerSql[layer];
    const mine = rows.filter((row) => row.kind === kind);
    if (mine.length > POINTS_PER_LAYER) capped = true;
    for (const row of mine.slice(0, POINTS_PER_LAYER)) {
      data.push({ kind, _id: row.id, title: row.title, latitude: Number(row.latitude), longitude: Number(row.longitude), url: `${path}${row.id}` });
    }
  }
  return { data, capped };
}
