import { http, HttpResponse } from 'msw';
import { tinyPngBase64 } from '../fixtures/account';

// Uploaded photos (`npm run dev:mock` shows them; jsdom never loads images): a 1×1 PNG for any name.
export const uploadsHandler = http.get('*/uploads/profile/:file', () =>
  HttpResponse.arrayBuffer(Uint8Array.from(atob(tinyPngBase64), (c) => c.charCodeAt(0)).buffer, {
    headers: { 'Content-Type': 'image/png' },
  }),
);
