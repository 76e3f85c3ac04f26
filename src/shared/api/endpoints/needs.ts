import { baseApi } from '../base-api';
import { toFormData } from '../form-data';
import { cursorPagination, cursorParams, providesPagedList, toCursorPage, type Cursor, type CursorPage } from '../infinite-lists';
import { userPath } from './users';
import { asNumber, asString, isRecord, moderationOf, type Moderation } from './wire';

// server/modules/needs: GET /api/all-needs, GET /api/singleneeds/{id}, POST /api/create-need/{userId},
// PUT and DELETE /api/needs/{id}.

export type NeedType = 'need' | 'available';

export const NEED_TYPES: readonly NeedType[] = ['need', 'available'];

export interface NeedLocation {
  address: string;
  city: string;
  state: string;
  postalCode: string;
  coordinates: { latitude: number; longitude: number } | null;
}

export interface Need {
  _id: string;
  type: NeedType;
  category: string;
  serviceName: string;
  description: string;
  /** Only in its poster's own answers (the edit form); null otherwise: others use the Contact button. */
  contactDetails: { phone: string; email: string } | null;
  location: NeedLocation;
  /** Server paths ('/uploads/needs/…', '/images/stock/…'), at most 4. */
  images: string[];
  user: { _id: string; firstName: string; lastName: string };
  createdAt: string;
  /** Its author only, when moderators hid it. */
  moderation?: Moderation;
}

/** The create and edit form's fields, as the server reads them (all text, coordinates as typed). */
export interface NeedInput {
  type: NeedType;
  category: string;
  serviceName: string;
  description: string;
  phone: string;
  email: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  latitude: string;
  longitude: string;
  /** New image files (the server keeps at most 4 in all). */
  images: readonly Blob[];
}

export interface NeedResult {
  message: string;
  need: Need | null;
}

const isNeedType = (value: unknown): value is NeedType => value === 'need' || value === 'available';

/** A path on our server or an https address; anything else (javascript:, data:…) is dropped. */
const isImagePath = (value: unknown): value is string =>
  typeof value === 'string' && ((value.startsWith('/') && !value.startsWith('//')) || value.startsWith('https://'));

function toCoordinates(value: unknown): NeedLocation['coordinates'] {
  if (!isRecord(value)) return null;
  const latitude = asNumber(value.latitude, NaN);
  const longitude = asNumber(value.longitude, NaN);
  return Number.isNaN(latitude) || Number.isNaN(longitude) ? null : { latitude, longitude };
}

/** Normalises a wire need; null when it is not one (no id or an unknown type). */
export function toNeed(value: unknown): Need | null {
  if (!isRecord(value) || typeof value._id !== 'string' || !isNeedType(value.type)) return null;
  const location = isRecord(value.location) ? value.location : {};
  const contact = isRecord(value.contactDetails) ? value.contactDetails : null;
  const user = isRecord(value.user) ? value.user : {};
  return {
    _id: value._id,
    type: value.type,
    category: asString(value.category),
    serviceName: asString(value.serviceName),
    description: asString(value.description),
    contactDetails: contact ? { phone: asString(contact.phone), email: asString(contact.email) } : null,
    location: {
      address: asString(location.address),
      city: asString(location.city),
      state: asString(location.state),
      postalCode: asString(location.postalCode),
      coordinates: toCoordinates(location.coordinates),
    },
    images: Array.isArray(value.images) ? value.images.filter(isImagePath) : [],
    user: { _id: asString(user._id), firstName: asString(user.firstName), lastName: asString(user.lastName) },
    createdAt: asString(value.createdAt),
    ...moderationOf(value),
  };
}

/** `{ data: [Need], nextCursor }`. */
export const toNeedPage = (body: unknown) => toCursorPage(body, 'data', toNeed);

const toNeedResult = (body: unknown): NeedResult => ({
  message: isRecord(body) ? asString(body.message) : '',
  need: isRecord(body) ? toNeed(body.need) : null,
});

export const toNeedForm = ({ images, ...fields }: NeedInput, keepImages?: readonly string[]) =>
  toFormData({ ...fields, keepImages: keepImages && JSON.stringify(keepImages), images });

/** Smaller pages than the server's default: the first screen comes sooner, the rest on scroll. */
const PAGE_SIZE = 20;

export const needsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/all-needs?type&limit&cursor (public) → `{ success, data: [Need], nextCursor }`, newest first. */
    getNeeds: build.infiniteQuery<CursorPage<Need>, { type?: NeedType }, Cursor>({
      infiniteQueryOptions: cursorPagination,
      query: ({ queryArg, pageParam }) => ({
        url: 'all-needs',
        params: cursorParams(pageParam, { limit: PAGE_SIZE, ...(queryArg.type ? { type: queryArg.type } : {}) }),
      }),
      transformResponse: toNeedPage,
      providesTags: providesPagedList('Need'),
    }),
    /** GET /api/singleneeds/{id} (public; contact details for its poster only) → `{ success, need }`; 404. */
    getNeed: build.query<Need | null, string>({
      query: (id) => userPath('singleneeds', id),
      transformResponse: (body: unknown) => (isRecord(body) ? toNeed(body.need) : null),
      providesTags: (_result, _error, id) => [{ type: 'Need', id }],
    }),
    /**
     * POST /api/create-need/{userId} (multipart, bearer) → 201 `{ success, message, need }`. The same
     * `idempotencyKey` on a retry makes no second record: the server answers the first result again.
     */
    createNeed: build.mutation<NeedResult, { userId: string; input: NeedInput; idempotencyKey: string }>({
      query: ({ userId, input, idempotencyKey }) => ({
        url: userPath('create-need', userId),
        method: 'POST',
        body: toNeedForm(input),
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      transformResponse: toNeedResult,
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Need', id: 'LIST' }]),
    }),
    /** PUT /api/needs/{id} (owner; multipart with `keepImages`, a JSON array of the current paths kept). */
    updateNeed: build.mutation<NeedResult, { id: string; input: NeedInput; keepImages: readonly string[] }>({
      query: ({ id, input, keepImages }) => ({ url: userPath('needs', id), method: 'PUT', body: toNeedForm(input, keepImages) }),
      transformResponse: toNeedResult,
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [{ type: 'Need', id }, { type: 'Need', id: 'LIST' }],
    }),
    /** DELETE /api/needs/{id} (owner) → `{ success, message: 'Need deleted' }`. */
    deleteNeed: build.mutation<NeedResult, string>({
      query: (id) => ({ url: userPath('needs', id), method: 'DELETE' }),
      transformResponse: toNeedResult,
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'Need', id }, { type: 'Need', id: 'LIST' }]),
    }),
  }),
});

export const { useGetNeedsInfiniteQuery, useGetNeedQuery, useCreateNeedMutation, useUpdateNeedMutation, useDeleteNeedMutation } =
  needsApi;
