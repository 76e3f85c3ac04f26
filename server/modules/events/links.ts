/** The SPA path of an event's page: its `url`, and the link of every notification about it. */
export const eventUrl = (id: string) => `/events/${id}`;
