import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { limitHits } from '../../db/schema.js';
import { limitKeys } from '../../lib/limit-keys.js';
import { MB } from '../../plugins/multipart.js';
import { useTestApp } from '../../test/build-test-app.js';
import { bearer, useAccount, type Account } from '../../test/fixtures.js';
import { multipart, SMALL_PNG as png, streamedMultipart, type FilePart } from '../../test/multipart.js';

// Issue 32, finding 4: a form is checked before its files are read, each file counts against the
// hourly upload allowance (3 here) as it arrives, and a refused form keeps nothing.

const t = useTestApp({ limits: { uploadsPerUser: 3 } });
const emptyTitle = useAccount(t);
const junkSender = useAccount(t);
const latecomer = useAccount(t);

const fields = (overrides: Record<string, string> = {}) => ({
  title: 'Bunk beds from reclaimed wood', description: 'Sturdy bunks for hostels.', category: 'Carpenter', customCategory: '',
  contact: '+919845012345', email: 'meera@example.com', address: 'Anjuna, Goa', ...overrides,
});
const createUrl = (account: Account) => `/api/create-skills/${account.id}/skills`;
const counted = (account: Account) => t.db.$count(limitHits, eq(limitHits.key, limitKeys.uploadsByUser(account.id)));
const storedFiles = async () => (await readdir(path.join(t.config.uploadsDir, 'skills')).catch(() => [] as string[])).sort();
const PNG_SIGNATURE = png.subarray(0, 8);

it("a create with an empty title and nine 5 MB files answers the form's message before any file is read", async () => {
  const before = await storedFiles();
  const files = Array.from({ length: 9 }, (_, n) => ({
    name: n < 5 ? 'images' : 'portfolioImages', filename: `photo-${n}.png`, type: 'image/png', size: 5 * MB - 1024, head: PNG_SIGNATURE,
  }));
  const form = streamedMultipart(fields({ title: '' }), files);
  const answer = await t.app.inject({ method: 'POST', url: createUrl(emptyTitle), payload: form.payload, headers: { ...form.headers, ...bearer(emptyTitle.token) } });
  const sentWhenAnswered = form.sent();
  expect(answer.statusCode).toBe(400);
  expect(answer.json()).toEqual({ message: 'Title is required.', field: 'title' });
  // The whole form is 45 MB; the answer came before the first file was through (what was pulled
  // is the text, the first file's first chunks, and the stream's read-ahead).
  expect(sentWhenAnswered).toBeLessThan(5 * MB);
  expect(await counted(emptyTitle)).toBe(0);
  expect(await storedFiles()).toEqual(before);
});

it('files count against the upload allowance as they arrive, junk too; a refused form leaves no file', async () => {
  const before = await storedFiles();
  const junk: FilePart = { name: 'images', bytes: Buffer.from('not an image at all'), filename: 'junk.png', type: 'image/png' };
  const good: FilePart = { name: 'images', bytes: png, filename: 'a.png', type: 'image/png' };
  const send = async (files: FilePart[]) => {
    const form = await multipart(fields(), files);
    return t.app.inject({ method: 'POST', url: createUrl(junkSender), payload: form.payload, headers: { ...form.headers, ...bearer(junkSender.token) } });
  };

  // Both arrived, so both count, though the first is refused before the second is looked at.
  const withJunk = await send([junk, good]);
  expect(withJunk.statusCode).toBe(400);
  expect(withJunk.json()).toEqual({ message: 'Please select an image file', field: 'images' });
  expect(await counted(junkSender)).toBe(2);
  expect(await storedFiles()).toEqual(before);

  // The third file is within the allowance, the fourth is not: the form is refused as it arrives.
  const past = await send([good, good]);
  expect(past.statusCode).toBe(429);
  expect(past.json()).toEqual({ message: 'Too many uploads. Please try again later.' });
  expect(await counted(junkSender)).toBe(3);
  expect(await storedFiles()).toEqual(before);
});

it('the text fields are the ones before the first file', async () => {
  const send = async (parts: Array<[string, string | Blob]>) => {
    const form = new FormData();
    for (const [name, value] of parts) form.append(name, value);
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    return t.app.inject({
      method: 'POST', url: createUrl(latecomer), payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type')!, ...bearer(latecomer.token) },
    });
  };
  const image = new File([new Uint8Array(png)], 'a.png', { type: 'image/png' });
  const text = Object.entries(fields());

  // Judged on what came before it: nothing.
  const fileFirst = await send([['images', image], ...text]);
  expect(fileFirst.statusCode).toBe(400);
  expect(fileFirst.json()).toEqual({ message: 'Title is required.', field: 'title' });

  const textAfter = await send([...text, ['images', image], ['keepImages', '[]']]);
  expect(textAfter.statusCode).toBe(400);
  expect(textAfter.json()).toEqual({ message: 'Text fields must come before files' });
});
