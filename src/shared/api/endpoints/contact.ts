import { baseApi, type TagType } from '../base-api';
import { userPath } from './users';
import { asString, isRecord } from './wire';

// server/modules/contact: GET /api/contact/{need|event|skill}/{id} (signed in; counted per member,
// 429 past the hourly allowance). The one place other members' contact details come from: lists and
// details never carry them.

export type ContactKind = 'need' | 'event' | 'skill';

/** What the author typed into the post to be reached; '' where nothing was given (an event: both). */
export interface PostContact {
  email: string;
  phone: string;
}

const tagOf: Record<ContactKind, TagType> = { need: 'Need', event: 'Event', skill: 'Skill' };

/** `{ success, contact: { email, phone } }`; anything else reads as no details. */
export function toPostContact(body: unknown): PostContact {
  const contact = isRecord(body) && isRecord(body.contact) ? body.contact : {};
  return { email: asString(contact.email), phone: asString(contact.phone) };
}

export const contactApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The post's contact, asked for when its Contact button is pressed. Tagged with the post, so an
     * edit of it asks again; kept a while after the modal closes, so reopening it costs no second
     * count against the allowance.
     */
    getContact: build.query<PostContact, { kind: ContactKind; id: string }>({
      query: ({ kind, id }) => userPath(`contact/${kind}`, id),
      transformResponse: toPostContact,
      providesTags: (_result, _error, { kind, id }) => [{ type: tagOf[kind], id }],
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useGetContactQuery } = contactApi;
