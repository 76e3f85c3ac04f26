import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { server } from '@mocks/server';
// The module alone: the api index would inject every endpoint before tests that watch the injections.
import { closeRealtime, setRealtimeConnector } from '@/shared/api/realtime';
import { setAppConfig } from './app-config';
import { fakeRealtime } from './fake-realtime';
import { fakeMatchMedia } from './match-media';

// Runtime config as the server writes it into the page; apiUrl '' → the api uses window.location.origin.
setAppConfig({
  apiUrl: '',
  osrmUrl: 'http://localhost:5001',
  tileUrl: 'http://localhost:5001/tiles/{z}/{x}/{y}.png',
  brandName: 'Need Spot',
  supportEmail: 'support@needspot.app',
});

// Pages are lazy chunks: the first render of one in a worker waits for babel-jest to transform the
// page and everything it imports, which takes seconds on a busy 2-core machine. find* and waitFor
// wait up to 5 s for what a test expects (they return as soon as it shows).
configure({ asyncUtilTimeout: 5000 });

// jsdom gaps.
window.matchMedia ??= fakeMatchMedia();
window.scrollTo = (() => undefined) as typeof window.scrollTo;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// No socket leaves the test: the app's realtime socket talks to a fake server (test-utils/fake-realtime.ts).
beforeEach(() => setRealtimeConnector(fakeRealtime.connect));
afterEach(() => {
  closeRealtime();
  fakeRealtime.reset();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());
