import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';

/**
 * The reference's groups, one per module, in the order /api/docs lists them. Every operation in
 * the document has exactly one of these tags (openapi.test.ts), set where its module is
 * registered (app.ts, `tagged`), never route by route.
 */
export const TAGS = {
  Auth: 'Registration, login and logout; the token every other call sends',
  Users: 'A member\'s profile as others see it; editing one\'s own and its picture',
  Account: 'The signed-in member\'s own account: password, e-mail change (by a mailed code), deletion',
  'Password reset': 'A forgotten password, by a code mailed to the account\'s address (no token)',
  Notifications: 'The signed-in member\'s notifications and their channels (in the app, by e-mail); the unsubscribe links of notification e-mails (no sign-in)',
  Push: 'Web push: the server\'s public key, and turning push on and off for the signed-in member\'s device',
  Needs: 'The needs board: needs and offers of help',
  Events: 'The events board',
  Skills: 'The skills board',
  Contact: 'A post\'s contact details, one post at a time, for signed-in members',
  Whispers: 'Travel stories, their likes, and following their authors',
  Comments: 'Comments under whispers, one level of replies (also delivered live on the socket, in a room per whisper)',
  Search: 'The home search across the three boards',
  Map: 'The map layer: posts with coordinates inside a box',
  Geocoding: 'Addresses to places and back, through the server\'s Nominatim proxy',
  Trips: 'Trips, and travellers with overlapping trips',
  Friends: 'Friend requests',
  Messages: 'Direct messages (also delivered live on the socket)',
  Challenges: 'Challenges, their steps and badges',
  Blocks: 'Blocking members',
  Reports: 'Reporting a member or their content to the moderators',
  Moderation: 'For moderators only: reports, hidden content, suspensions and the audit log',
  Health: 'Liveness and readiness probes',
} as const;

export type Tag = keyof typeof TAGS;

/** The `tags` of the OpenAPI document: each group's name and description. */
export const openapiTags = () => Object.entries(TAGS).map(([name, description]) => ({ name, description }));

/**
 * A module's routes under its tag: every route the plugin (and the plugins it registers) adds
 * without tags of its own gets `[tag]`. Only the document reads `tags`; validation and
 * serialization are unchanged, and a hidden route stays hidden.
 */
export function tagged(tag: Tag, plugin: FastifyPluginAsync): FastifyPluginAsync {
  const withTag = async (scope: FastifyInstance) => {
    scope.addHook('onRoute', (route: RouteOptions) => {
      if (!route.schema?.tags) route.schema = { ...route.schema, tags: [tag] };
    });
    await scope.register(plugin);
  };
  Object.defineProperty(withTag, 'name', { value: `${tag} routes` });
  return withTag;
}
