import { Type, type Static } from '@fastify/type-provider-typebox';

/** The boards whose detail pages have a Contact button. */
export const CONTACT_KINDS = ['need', 'event', 'skill'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/**
 * What the author typed into that post to be reached by ('' where nothing was typed): a need's
 * phone and e-mail, a skill's contact and e-mail. An event's form has no contact fields, so an
 * event answers both empty. Never the author's account e-mail or number.
 */
export const PostContact = Type.Object({ email: Type.String(), phone: Type.String() });
export type PostContact = Static<typeof PostContact>;

export const ContactAnswer = Type.Object({ success: Type.Boolean(), contact: PostContact });
