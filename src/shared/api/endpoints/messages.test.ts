import { queuedActions } from '../offline-queue';
import { queueMessage } from './messages';

describe('queueMessage', () => {
  it('keeps when a message was tried, so its retry can look for it first; a twin of the same words in the conversation goes without looking', async () => {
    await queueMessage('member-asha', 'member-kai', 'ok', '2026-11-28T07:00:00.000Z');
    await queueMessage('member-asha', 'member-kai', 'ok', '2026-11-28T07:00:00.000Z');
    await queueMessage('member-asha', 'member-ravi', 'ok', '2026-11-28T07:00:00.000Z');
    await queueMessage('member-asha', 'member-kai', 'Typed offline');

    expect(queuedActions().map(({ args }) => args)).toEqual([
      { userId: 'member-kai', content: 'ok', triedAfter: '2026-11-28T07:00:00.000Z' },
      // The first one's retry could find this one's first try and take it for its own (and the other
      // way round): with no check, it is at worst sent twice, never lost.
      { userId: 'member-kai', content: 'ok' },
      { userId: 'member-ravi', content: 'ok', triedAfter: '2026-11-28T07:00:00.000Z' },
      { userId: 'member-kai', content: 'Typed offline' },
    ]);
    expect(new Set(queuedActions().map(({ key }) => key)).size).toBe(4);
  });
});
