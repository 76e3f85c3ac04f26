import '@testing-library/jest-dom';
import { server } from '@mocks/server';
import { setAppConfig } from './app-config';

// Runtime config as the server writes it into the page; apiUrl '' → the api uses window.location.origin.
setAppConfig({
  apiUrl: '',
  osrmUrl: 'http://localhost:5001',
  tileUrl: 'http://localhost:5001/tiles/{z}/{x}/{y}.png',
  brandName: 'Need Spot',
  supportEmail: 'support@needspot.app',
});

// jsdom gaps.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
window.scrollTo = (() => undefined) as typeof window.scrollTo;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());
