import { configureStore } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { notifications } from '@mocks/fixtures/notifications';
import { demoToken, demoUser } from '@mocks/fixtures/users';
import { server } from '@mocks/server';
import { sessionReducer, type SessionState } from '../auth';
import { baseApi } from './base-api';
import { notificationsApi, toNotifications } from './endpoints/notifications';
import { usersApi } from './endpoints/users';
import { providesList } from './tags';

const makeApiStore = (session: SessionState = { userId: null, token: null, expired: false }) =>
  configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer, session: sessionReducer },
    preloadedState: { session },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });

describe('base query', () => {
  it('calls the absolute /api/ base with the session bearer token', async () => {
    let seen: { url: string; auth: string | null } | undefined;
    server.use(
      http.get('*/api/notifications', ({ request }) => {
        seen = { url: request.url, auth: request.headers.get('Authorization') };
        return HttpResponse.json({ success: true, data: notifications });
      }),
    );
    const store = makeApiStore({ userId: demoUser._id, token: demoToken, expired: false });

    const result = await store.dispatch(notificationsApi.endpoints.getNotifications.initiate());

    expect(seen).toEqual({ url: 'http://localhost/api/notifications', auth: `Bearer ${demoToken}` });
    expect(result.data?.map((item) => item.title)).toEqual([
      'Transaction successful',
      'Award received',
      'Tour schedule',
      'Promo offer',
      'You get a point',
    ]);
  });

  it('sends no Authorization header without a session', async () => {
    const store = makeApiStore();
    const result = await store.dispatch(usersApi.endpoints.getUser.initiate(demoUser._id));
    expect(result.data).toMatchObject({ _id: demoUser._id, firstName: 'Asha', tokens: 120 });

    const denied = await store.dispatch(notificationsApi.endpoints.getNotifications.initiate());
    expect(denied.error).toMatchObject({ status: 401, data: { message: 'Unauthorized' } });
  });
});

describe('response mappers', () => {
  it.each([
    ['a bare list', notifications],
    ['{ notifications }', { notifications }],
    ['{ data }', { success: true, data: notifications }],
    ['{ data: { notifications } }', { data: { notifications } }],
  ])('reads notifications from %s', (_shape, body) => {
    expect(toNotifications(body)).toHaveLength(5);
  });

  it.each([null, 'oops', { notifications: 'none' }, { data: { items: {} } }])(
    'treats an unexpected shape (%p) as an empty list',
    (body) => {
      expect(toNotifications(body)).toEqual([]);
    },
  );

  it('maps the body to the message, the kind to the type, and keeps the link', () => {
    expect(toNotifications({ data: [notifications[0]] })[0]).toEqual({
      _id: notifications[0]._id,
      type: 'general',
      title: 'Transaction successful',
      message: 'Your payment for the Goa beach clean-up kit went through.',
      link: '',
      createdAt: notifications[0].createdAt,
      read: false,
    });
    expect(toNotifications({ data: [notifications[1]] })[0].link).toBe('/challenges');
  });

  it.each(['https://elsewhere.example/x', '//elsewhere.example/x', 'javascript:alert(1)', 42])('keeps no link that leaves the app (%p)', (link) => {
    expect(toNotifications({ data: [{ ...notifications[0], link }] })[0].link).toBe('');
  });

  it('drops list items without an id', () => {
    expect(toNotifications([{ title: 'no id' }, notifications[0]])).toHaveLength(1);
  });
});

describe('providesList', () => {
  it('tags the list and each item, and the list alone when the query failed', () => {
    expect(providesList('Need')([{ _id: 'a' }, { _id: 'b' }])).toEqual([
      { type: 'Need', id: 'LIST' },
      { type: 'Need', id: 'a' },
      { type: 'Need', id: 'b' },
    ]);
    expect(providesList('Need')(undefined)).toEqual([{ type: 'Need', id: 'LIST' }]);
  });
});
