import { File as NodeFile } from 'node:buffer';
import { configureStore } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { cleanUpEvent, eventsAnswers, yogaEvent } from '@mocks/fixtures/events';
import { demoToken, demoUser } from '@mocks/fixtures/users';
import { server } from '@mocks/server';
import { sessionReducer } from '../../auth';
import { baseApi } from '../base-api';
import { eventCalendarUrl, eventFilterParams, eventsApi, toEvent, toEventDetail, toEventPage, type EventInput } from './events';

const makeApiStore = () =>
  configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer, session: sessionReducer },
    preloadedState: { session: { userId: demoUser._id, token: demoToken, expired: false } },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });

const input: EventInput = {
  title: 'Sunrise Yoga',
  description: 'Mats provided.',
  address: 'Triveni Ghat, Rishikesh',
  latitude: '30.103600',
  longitude: '78.298600',
  startDate: '2030-03-14',
  endDate: '2030-03-14',
  startTime: '06:00',
  endTime: '',
  capacity: '12',
  timeZone: 'Asia/Kolkata',
};

it('maps an event, and refuses what is not one', () => {
  expect(toEvent(yogaEvent)).toEqual({
    _id: yogaEvent._id,
    title: yogaEvent.title,
    description: yogaEvent.description,
    thumbnail: '/images/stock/event-1.svg',
    startDate: '2030-03-14',
    endDate: '2030-03-14',
    timeFrom: '06:00',
    timeTo: '07:30',
    address: 'Triveni Ghat, Rishikesh, Uttarakhand',
    coordinates: { latitude: 30.1036, longitude: 78.2986 },
    url: yogaEvent.url,
    createdBy: yogaEvent.createdBy,
    createdAt: yogaEvent.createdAt,
    capacity: 12,
    timeZone: 'Asia/Kolkata',
    goingCount: 12,
  });
  expect(toEvent({ title: 'no id' })).toBeNull();
  expect(toEvent({ _id: 'x', thumbnail: 'a.webp', createdBy: { _id: 'u', email: 5 } })).toMatchObject({
    thumbnail: '/uploads/events/a.webp',
    createdBy: { _id: 'u', firstName: '', lastName: '' },
    coordinates: null,
    // A server of spec §7 sends none of these.
    capacity: null,
    timeZone: 'UTC',
    goingCount: 0,
  });
});

it('reads a page of events; a wrong shape is an empty last page', () => {
  expect(toEventPage({ events: [yogaEvent, null, cleanUpEvent], nextCursor: 'abc' })).toMatchObject({
    items: [{ _id: yogaEvent._id }, { _id: cleanUpEvent._id }],
    nextCursor: 'abc',
  });
  expect(toEventPage({ data: 'nope', nextCursor: 5 })).toEqual({ items: [], nextCursor: null });
  expect(toEventPage(null)).toEqual({ items: [], nextCursor: null });
  expect(eventFilterParams({ q: '  ', date: '' })).toEqual({});
  expect(eventFilterParams({ q: ' yoga ', date: '2030-03-14' })).toEqual({ q: 'yoga', date: '2030-03-14' });
});

it('sends the filters and the cursor of the next page', async () => {
  const urls: URL[] = [];
  server.use(
    http.get(eventsAnswers.listEvents.path, ({ request }) => {
      const url = new URL(request.url);
      urls.push(url);
      return HttpResponse.json(
        url.searchParams.get('cursor') ? { events: [cleanUpEvent], nextCursor: null } : { events: [yogaEvent], nextCursor: 'c1' },
      );
    }),
  );
  const store = makeApiStore();
  const arg = { q: 'yoga', date: '2030-03-14' };
  await store.dispatch(eventsApi.endpoints.getEvents.initiate(arg));
  const result = await store.dispatch(eventsApi.endpoints.getEvents.initiate(arg, { direction: 'forward' }));

  expect(urls.map((url) => Object.fromEntries(url.searchParams))).toEqual([
    { q: 'yoga', date: '2030-03-14' },
    { q: 'yoga', date: '2030-03-14', cursor: 'c1' },
  ]);
  expect(result.data?.pages.flatMap((page) => page.items.map((event) => event.title))).toEqual([yogaEvent.title, cleanUpEvent.title]);
});

it('creates as the session user: multipart fields, the banner, and the Idempotency-Key', async () => {
  let sent: { url: string; key: string | null; form: FormData } | undefined;
  server.use(
    http.post(eventsAnswers.createEvent.path, async ({ request }) => {
      sent = { url: request.url, key: request.headers.get('Idempotency-Key'), form: await request.formData() };
      return HttpResponse.json(eventsAnswers.createEvent.ok, { status: 201 });
    }),
  );
  // Node's File: jsdom's one becomes '[object File]' in the Node FormData that MSW reads under jest.
  const thumbnail = new NodeFile(['png'], 'banner.png', { type: 'image/png' }) as unknown as File;
  const result = await makeApiStore().dispatch(
    eventsApi.endpoints.createEvent.initiate({ userId: demoUser._id, input: { ...input, thumbnail }, idempotencyKey: 'key-1' }),
  );

  expect(sent?.url).toBe(`http://localhost/api/events/${demoUser._id}`);
  expect(sent?.key).toBe('key-1');
  expect(sent?.form.get('title')).toBe('Sunrise Yoga');
  expect(sent?.form.get('latitude')).toBe('30.103600');
  expect(sent?.form.get('startTime')).toBe('06:00');
  // An empty optional time is left out.
  expect(sent?.form.has('endTime')).toBe(false);
  expect(sent?.form.get('capacity')).toBe('12');
  expect(sent?.form.get('timeZone')).toBe('Asia/Kolkata');
  const banner = sent?.form.get('thumbnail');
  expect(typeof banner === 'object' && banner !== null ? [banner.name, banner.type] : banner).toEqual(['banner.png', 'image/png']);
  expect(result.data).toMatchObject({ message: 'Event created!', event: { _id: yogaEvent._id } });
});

it('updates and deletes by the event id', async () => {
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  const store = makeApiStore();
  const updated = await store.dispatch(eventsApi.endpoints.updateEvent.initiate({ id: yogaEvent._id, input }));
  const deleted = await store.dispatch(eventsApi.endpoints.deleteEvent.initiate(yogaEvent._id));
  server.events.removeAllListeners();

  expect(calls).toEqual([`PUT /api/events/${yogaEvent._id}`, `DELETE /api/events/${yogaEvent._id}`]);
  expect(updated.data?.message).toBe('Event updated!');
  expect(deleted.data).toEqual({ message: 'Event deleted' });
});

it('reads one event by id, with its attendance (none from a server without one)', async () => {
  const result = await makeApiStore().dispatch(eventsApi.endpoints.getEvent.initiate(yogaEvent._id));
  expect(result.data?.title).toBe(yogaEvent.title);
  expect(result.data?.attendance).toEqual({ capacity: 12, going: 12, interested: 4, waiting: 0, myStatus: 'none', waitlistPosition: null });
  expect(toEventDetail({ ...yogaEvent, attendance: undefined })?.attendance).toBeNull();
  expect(toEventDetail({ ...yogaEvent, attendance: { going: 'x', myStatus: 'maybe', waitlistPosition: -1 } })?.attendance).toEqual({
    capacity: null, going: 0, interested: 0, waiting: 0, myStatus: 'none', waitlistPosition: null,
  });
});

it('links "Add to calendar" to the event\'s .ics on the backend', () => {
  expect(eventCalendarUrl(yogaEvent._id)).toBe(`http://localhost/api/events/${yogaEvent._id}/ics`);
});
