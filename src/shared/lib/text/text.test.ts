import { shortMonthDay, timeAgo, truncate } from '.';

describe('truncate', () => {
  it('keeps text up to the limit and cuts longer text with an ellipsis', () => {
    expect(truncate('a'.repeat(90), 90)).toBe('a'.repeat(90));
    expect(truncate(`${'a'.repeat(90)}b`, 90)).toBe(`${'a'.repeat(90)}...`);
    expect(truncate('word '.repeat(30), 12)).toBe('word word wo...');
  });
});

describe('shortMonthDay', () => {
  it('shows a day as short month and day, whatever the time zone', () => {
    expect(shortMonthDay('2030-03-14')).toBe('Mar 14');
    expect(shortMonthDay('2030-12-01T00:00:00.000Z')).toBe('Dec 1');
    expect(shortMonthDay('soon')).toBe('');
  });
});

describe('timeAgo', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  it.each([
    ['2026-11-24T11:59:30Z', 'just now'],
    ['2026-11-24T12:00:30Z', 'just now'],
    ['2026-11-24T11:55:00Z', '5 minutes ago'],
    ['2026-11-24T11:00:00Z', '1 hour ago'],
    ['2026-11-21T12:00:00Z', '3 days ago'],
    ['2026-11-03T12:00:00Z', '3 weeks ago'],
    ['2026-08-01T12:00:00Z', '3 months ago'],
    ['2024-11-01T12:00:00Z', '2 years ago'],
    ['not a time', ''],
  ])('%s is %s', (iso, text) => {
    expect(timeAgo(iso, now)).toBe(text);
  });
});
