import { shortMonthDay, truncate } from '.';

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
