import { baseApi } from '../base-api';
import { toFormData } from '../form-data';
import { cursorPagination, providesPagedList, searchPageQuery, toCursorPage, type Cursor, type CursorPage } from '../infinite-lists';
import { asString, asStrings, isRecord, moderationOf, toStatusResult, type Moderation, type StatusResult } from './wire';

// server/modules/skills: GET /api/skills?q&cursor, GET /api/skills/{id}, POST /api/create-skills/{userId}/skills,
// PUT and DELETE /api/skills/{id}.

/** The categories the server takes; 'Other' asks for a custom category. */
export const SKILL_CATEGORIES = ['Photography', 'Plumbing', 'Electrician', 'Carpenter', 'Other'] as const;

/** The owner, by name (the Contact button asks for contact details: endpoints/contact.ts). */
export interface SkillOwner {
  _id: string;
  firstName: string;
  lastName: string;
}

export interface Skill {
  _id: string;
  title: string;
  description: string;
  category: string;
  customCategory: string;
  /** The skill's phone and e-mail: only in its owner's own answers (the edit form); others use the Contact button. */
  contact?: string;
  email?: string;
  address: string;
  images: string[];
  portfolioImages: string[];
  thumbnail: string;
  url: string;
  user: SkillOwner;
  createdAt: string;
  /** Its owner only, when moderators hid it. */
  moderation?: Moderation;
}

/** The fields of the create and edit form; files go as repeated `images` / `portfolioImages` parts. */
export interface SkillInput {
  title: string;
  description: string;
  category: string;
  customCategory: string;
  contact: string;
  email: string;
  address: string;
  images: File[];
  portfolioImages: File[];
}

/** An edit also lists which current images stay (in order); new files are added after them. */
export interface SkillUpdate extends SkillInput {
  keepImages: string[];
  keepPortfolioImages: string[];
}

export interface SkillResult extends StatusResult {
  skill: Skill | null;
}

function toOwner(value: unknown): SkillOwner {
  const owner = isRecord(value) ? value : {};
  return {
    _id: asString(owner._id),
    firstName: asString(owner.firstName),
    lastName: asString(owner.lastName),
  };
}

/** A wire skill, checked; null when the shape is not a skill at all. */
export function toSkill(value: unknown): Skill | null {
  if (!isRecord(value) || typeof value._id !== 'string') return null;
  const images = asStrings(value.images);
  return {
    _id: value._id,
    title: asString(value.title),
    description: asString(value.description),
    category: asString(value.category),
    customCategory: asString(value.customCategory),
    ...(typeof value.contact === 'string' ? { contact: value.contact } : {}),
    ...(typeof value.email === 'string' ? { email: value.email } : {}),
    address: asString(value.address),
    images,
    portfolioImages: asStrings(value.portfolioImages),
    thumbnail: asString(value.thumbnail, images[0] ?? ''),
    url: asString(value.url),
    user: toOwner(value.user),
    createdAt: asString(value.createdAt),
    ...moderationOf(value),
  };
}

/** `{ skills, nextCursor }`. */
export const toSkillPage = (body: unknown) => toCursorPage(body, 'skills', toSkill);

const toSkillResult = (body: unknown): SkillResult => ({
  ...toStatusResult(body),
  skill: isRecord(body) ? toSkill(body.skill) : null,
});

function toSkillForm(input: SkillInput, keep?: Pick<SkillUpdate, 'keepImages' | 'keepPortfolioImages'>): FormData {
  const { title, description, category, customCategory, contact, email, address, images, portfolioImages } = input;
  return toFormData({
    title, description, category, customCategory: category === 'Other' ? customCategory : '', contact, email, address,
    keepImages: keep && JSON.stringify(keep.keepImages),
    keepPortfolioImages: keep && JSON.stringify(keep.keepPortfolioImages),
    images, portfolioImages,
  });
}

const skillPath = (id: string) => `skills/${encodeURIComponent(id)}`;

export const skillsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/skills?q&cursor → `{ success, skills, nextCursor }`, newest first (public). */
    getSkills: build.infiniteQuery<CursorPage<Skill>, { q?: string }, Cursor>({
      infiniteQueryOptions: cursorPagination,
      query: searchPageQuery('skills'),
      transformResponse: toSkillPage,
      providesTags: providesPagedList('Skill'),
    }),
    /** GET /api/skills/{id}: the answer is the skill itself, no envelope; 404 'Skill not found'. */
    getSkill: build.query<Skill | null, string>({
      query: skillPath,
      transformResponse: toSkill,
      providesTags: (_result, _error, id) => [{ type: 'Skill', id }],
    }),
    /**
     * POST /api/create-skills/{userId}/skills (multipart) → 201 `{ status, message, skill }`. The
     * Idempotency-Key lets a retry after a lost answer get the first answer instead of a second skill.
     */
    createSkill: build.mutation<SkillResult, { userId: string; input: SkillInput; idempotencyKey: string }>({
      query: ({ userId, input, idempotencyKey }) => ({
        url: `create-skills/${encodeURIComponent(userId)}/skills`,
        method: 'POST',
        body: toSkillForm(input),
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      transformResponse: toSkillResult,
      invalidatesTags: (result) => (result?.status ? [{ type: 'Skill', id: 'LIST' }] : []),
    }),
    /** PUT /api/skills/{id} (multipart, with keepImages / keepPortfolioImages) → `{ status, message, skill }` (owner only). */
    updateSkill: build.mutation<SkillResult, { id: string; update: SkillUpdate }>({
      query: ({ id, update }) => ({ url: skillPath(id), method: 'PUT', body: toSkillForm(update, update) }),
      transformResponse: toSkillResult,
      invalidatesTags: (result, _error, { id }) =>
        result?.status ? [{ type: 'Skill', id }, { type: 'Skill', id: 'LIST' }] : [],
    }),
    /** DELETE /api/skills/{id} → `{ status, message: 'Skill deleted' }` (owner only). */
    deleteSkill: build.mutation<StatusResult, string>({
      query: (id) => ({ url: skillPath(id), method: 'DELETE' }),
      transformResponse: toStatusResult,
      // The lists only: the page that deleted it empties the skill's own entry with `forgetSkill` (a refetch
      // would only answer 404, and meanwhile show the deleted copy to whoever comes back to it).
      invalidatesTags: (result) => (result?.status ? [{ type: 'Skill', id: 'LIST' }] : []),
    }),
  }),
});

/** After a delete: the skill's cached detail becomes "no such skill" (the page shows 'Skill not found'). */
export const forgetSkill = (id: string) => skillsApi.util.upsertQueryEntries([{ endpointName: 'getSkill', arg: id, value: null }]);

export const {
  useGetSkillsInfiniteQuery,
  useGetSkillQuery,
  useCreateSkillMutation,
  useUpdateSkillMutation,
  useDeleteSkillMutation,
} = skillsApi;
