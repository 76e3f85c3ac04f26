import type { FastifyBaseLogger } from 'fastify';
import type { Limits } from '../../config.js';
import type { Db } from '../../db/client.js';
import { limitKeys } from '../../lib/limit-keys.js';
import { takeHits } from '../../lib/quota.js';
import type { Geocoder, Place } from './geocoder.js';
import { QueueFullError } from './spacer.js';

class AllowanceSpent extends Error {}

export interface OnBehalfDeps {
  db: Db;
  geocoder: Pick<Geocoder, 'search'>;
  limits: Pick<Limits, 'geoPerMinute'>;
  log: FastifyBaseLogger;
}

/**
 * Place lookups the server makes for a member after answering (placing a skill on the map). Each
 * counts against that member's own geocoding allowance (`LIMIT_GEOCODING_PER_MINUTE` a minute, the
 * number interactive lookups have per client address; counted in Postgres, so on every instance)
 * and waits in the background lane, behind every interactive lookup. A lookup it may not make (the
 * allowance spent, or the background lane full) finds no place: what asked is kept without
 * coordinates, as for an address Nominatim does not know. An upstream failure still throws.
 */
export function lookupsOnBehalfOf({ db, geocoder, limits, log }: OnBehalfDeps, userId: string): Pick<Geocoder, 'search'> {
  return {
    async search(query: string, language: string): Promise<Place[]> {
      try {
        await takeHits(db, [{ key: limitKeys.geocodingByUser(userId), max: limits.geoPerMinute, windowMs: 60_000 }], () => new AllowanceSpent());
        return await geocoder.search(query, language, 'background');
      } catch (error) {
        if (!(error instanceof AllowanceSpent || error instanceof QueueFullError)) throw error;
        log.warn({ userId, reason: error instanceof AllowanceSpent ? 'allowance spent' : 'background queue full' }, 'background geocoding skipped');
        return [];
      }
    },
  };
}
