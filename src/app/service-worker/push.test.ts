import { installPush, NOTIFICATION_ICON, notificationFor, openFromNotification, sameOriginUrl, showPush, type PushScope } from './push';

const origin = 'https://needspot.example';

function fakeScope(windows: Array<{ url: string; focused?: boolean; navigate?: jest.Mock; focus?: jest.Mock }> = []) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const clients = windows.map((client) => ({ focus: jest.fn(async () => client), ...client }));
  const sw = {
    location: { origin },
    registration: { showNotification: jest.fn(async () => {}) },
    clients: { matchAll: jest.fn(async () => clients), openWindow: jest.fn(async () => null) },
    addEventListener: jest.fn((type: string, listener: (event: unknown) => void) => {
      listeners[type] = listener;
    }),
  };
  return { sw: sw as unknown as PushScope & typeof sw, listeners, clients };
}
const pushEvent = (data: unknown) => {
  const waited: Array<Promise<unknown>> = [];
  return { event: { data: { json: () => data }, waitUntil: (promise: Promise<unknown>) => waited.push(promise) }, waited };
};
const clickEvent = (link: unknown) => ({ notification: { data: { link }, close: jest.fn() }, waitUntil: jest.fn() });

describe('sameOriginUrl', () => {
  it('keeps paths of this origin, sends anything else home', () => {
    expect(sameOriginUrl('/messages/abc?x=1#y', origin)).toBe(`${origin}/messages/abc?x=1#y`);
    for (const link of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '', undefined, 42]) {
      expect(sameOriginUrl(link, origin)).toBe(`${origin}/`);
    }
  });
});

describe('push', () => {
  it('shows the title, body, tag and icon the server sent, with the link as data', async () => {
    const { sw } = fakeScope();
    const { event } = pushEvent({ title: 'New message', body: '@asha sent you a message.', link: '/messages/u1', tag: 'message:/messages/u1' });
    await showPush(sw, event);
    expect(sw.registration.showNotification).toHaveBeenCalledWith('New message', {
      body: '@asha sent you a message.', tag: 'message:/messages/u1', data: { link: '/messages/u1' }, icon: NOTIFICATION_ICON,
    });
  });

  it('a payload with another origin\'s link, or none at all, still shows, opening home', () => {
    expect(notificationFor({ title: 'Hi', body: 'x', link: 'https://evil.example/' }, origin).options.data).toEqual({ link: '/' });
    expect(notificationFor(undefined, origin)).toEqual({ title: 'Need Spot', options: { body: '', data: { link: '/' }, icon: NOTIFICATION_ICON } });
  });

  it('installPush wires push and notificationclick, each kept alive with waitUntil', async () => {
    const { sw, listeners } = fakeScope();
    installPush(sw);
    expect(Object.keys(listeners).sort()).toEqual(['notificationclick', 'push']);
    const { event, waited } = pushEvent({ title: 'New message', body: '', link: '/messages/u1' });
    listeners.push(event);
    await Promise.all(waited);
    expect(sw.registration.showNotification).toHaveBeenCalledTimes(1);
  });
});

describe('notificationclick', () => {
  it('takes an open Need Spot window (the focused one first) to the link and focuses it', async () => {
    const navigate = jest.fn(async () => null);
    const { sw, clients } = fakeScope([
      { url: `${origin}/map`, navigate: jest.fn(async () => null) },
      { url: `${origin}/needs`, focused: true, navigate },
      { url: 'https://elsewhere.example/', navigate: jest.fn() },
    ]);
    const event = clickEvent('/messages/u1');
    await openFromNotification(sw, event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith(`${origin}/messages/u1`);
    expect(clients[1].focus).toHaveBeenCalled();
    expect(clients[0].navigate).not.toHaveBeenCalled();
    expect(sw.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window when none is open, or when the open one cannot be navigated', async () => {
    const none = fakeScope();
    await openFromNotification(none.sw, clickEvent('/events/e1'));
    expect(none.sw.clients.openWindow).toHaveBeenCalledWith(`${origin}/events/e1`);
    const stuck = fakeScope([{ url: `${origin}/`, navigate: jest.fn(async () => Promise.reject(new TypeError('not controlled'))) }]);
    await openFromNotification(stuck.sw, clickEvent('/events/e1'));
    expect(stuck.sw.clients.openWindow).toHaveBeenCalledWith(`${origin}/events/e1`);
  });

  it('a window taken to the link that may not be focused (no click of the member\'s own) stays there: no second window', async () => {
    const { sw } = fakeScope([{ url: `${origin}/`, navigate: jest.fn(async () => null), focus: jest.fn(async () => Promise.reject(new Error('not allowed'))) }]);
    await openFromNotification(sw, clickEvent('/messages/u1'));
    expect(sw.clients.openWindow).not.toHaveBeenCalled();
  });

  it('never opens another origin: a foreign link opens the home page', async () => {
    const { sw } = fakeScope();
    await openFromNotification(sw, clickEvent('https://evil.example/phish'));
    expect(sw.clients.openWindow).toHaveBeenCalledWith(`${origin}/`);
  });
});
