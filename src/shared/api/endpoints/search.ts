import { baseApi } from '../base-api';
import { toEvent } from './events';
import { asNumber, asString, asStrings, isRecord, readItems } from './wire';

/** What a home-search card shows (spec §3 "Search response"). */
export interface NeedHit {
  _id: string;
  serviceName: string;
  description: string;
  category: string;
  city: string;
  state: string;
}

export interface EventHit {
  _id: string;
  title: string;
  description: string;
  thumbnail: string;
  startDate: string;
  address: string;
  url: string;
}

export interface SkillHit {
  _id: string;
  title: string;
  description: string;
  image: string;
  category: string;
  customCategory: string;
  address: string;
  url: string;
}

export interface SearchGroup<T> {
  count: number;
  /** The server stopped counting at `count`: there may be more matches. */
  capped: boolean;
  items: T[];
}

export interface SearchResult {
  totalResults: number;
  /** Some group's count is capped, so the total is a lower bound. */
  capped: boolean;
  needs: SearchGroup<NeedHit>;
  events: SearchGroup<EventHit>;
  skills: SearchGroup<SkillHit>;
}

function toNeedHit(value: unknown): NeedHit | null {
  if (!isRecord(value) || typeof value._id !== 'string') return null;
  const location = isRecord(value.location) ? value.location : {};
  return {
    _id: value._id,
    serviceName: asString(value.serviceName),
    description: asString(value.description),
    category: asString(value.category),
    city: asString(location.city),
    state: asString(location.state),
  };
}

/** A hit is a listed event's card fields, read the same way (a bare thumbnail under /uploads/events). */
function toEventHit(value: unknown): EventHit | null {
  const event = toEvent(value);
  if (!event) return null;
  const { _id, title, description, thumbnail, startDate, address, url } = event;
  return { _id, title, description, thumbnail, startDate, address, url };
}

function toSkillHit(value: unknown): SkillHit | null {
  if (!isRecord(value) || typeof value._id !== 'string') return null;
  return {
    _id: value._id,
    title: asString(value.title),
    description: asString(value.description),
    image: asStrings(value.images)[0] ?? asString(value.thumbnail),
    category: asString(value.category),
    customCategory: asString(value.customCategory),
    address: asString(value.address),
    url: asString(value.url),
  };
}

function toGroup<T>(value: unknown, toItem: (item: unknown) => T | null): SearchGroup<T> {
  const items = readItems(isRecord(value) && Array.isArray(value.items) ? value.items : [], toItem);
  return { count: Math.max(isRecord(value) ? asNumber(value.count) : 0, items.length), capped: isRecord(value) && value.capped === true, items };
}

/** `{ data: { meta: { totalResults }, needs, events, skills } }`; any other shape is no results (spec §7). */
export function toSearchResult(body: unknown): SearchResult {
  const data = isRecord(body) && isRecord(body.data) ? body.data : {};
  const needs = toGroup(data.needs, toNeedHit);
  const events = toGroup(data.events, toEventHit);
  const skills = toGroup(data.skills, toSkillHit);
  const meta = isRecord(data.meta) ? data.meta : {};
  const capped = needs.capped || events.capped || skills.capped;
  return { totalResults: asNumber(meta.totalResults, needs.count + events.count + skills.count), capped, needs, events, skills };
}

export const searchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/search?q= (no token needed) → `{ success, data: { meta: { query, totalResults }, needs, events, skills } }`,
     * each group `{ count, capped, items }`. Refetched when any board changes.
     */
    search: build.query<SearchResult, string>({
      query: (q) => ({ url: 'search', params: { q } }),
      transformResponse: toSearchResult,
      providesTags: (_result, _error, q) => [
        { type: 'Search', id: q },
        { type: 'Need', id: 'LIST' },
        { type: 'Event', id: 'LIST' },
        { type: 'Skill', id: 'LIST' },
      ],
    }),
  }),
});

export const { useSearchQuery } = searchApi;
