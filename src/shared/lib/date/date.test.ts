import { dayCount, formatDateRange, formatDay, formatDayTime, formatTimeRange, hourMinute, nextDay, parseDay, shortMonthDay, timeAgo, toDay, today } from '.';

describe('parseDay', () => {
  it('reads a day as a local date, and nothing else', () => {
    expect(parseDay('2030-03-14')?.getDate()).toBe(14);
    expect(parseDay('2030-03-14')?.getHours()).toBe(0);
    expect(parseDay('14/03/2030')).toBeNull();
    expect(parseDay('')).toBeNull();
  });

  it('reads a day as UTC midnight when asked', () => {
    expect(parseDay('2030-03-14', { utc: true })?.toISOString()).toBe('2030-03-14T00:00:00.000Z');
    expect(parseDay('2030-03-14', { utc: true })?.getTime()).toBe(Date.UTC(2030, 2, 14));
  });

  it('refuses a day the calendar does not have, either way', () => {
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('2026-02-30', { utc: true })).toBeNull();
    expect(parseDay('2028-02-29', { utc: true })?.getUTCDate()).toBe(29);
  });
});

describe('toDay and today', () => {
  it('writes today as a date input value', () => {
    expect(today(new Date(2030, 0, 5, 23, 59))).toBe('2030-01-05');
  });

  it('writes a day in the local calendar, or the UTC one when asked', () => {
    expect(toDay(new Date(2030, 0, 5, 23, 59))).toBe('2030-01-05');
    expect(toDay(new Date(Date.UTC(2030, 0, 5, 23, 59)), { utc: true })).toBe('2030-01-05');
  });
});

describe('day arithmetic', () => {
  it("counts 'No. of Days' as the ceiling of the difference, only for a valid pair", () => {
    expect(dayCount('2026-12-01', '2026-12-04')).toBe(3);
    expect(dayCount('2026-12-31', '2027-01-01')).toBe(1);
    // Across the March change of clocks in many zones: still whole days.
    expect(dayCount('2026-03-28', '2026-03-30')).toBe(2);
    expect(dayCount('2026-12-04', '2026-12-01')).toBeNull();
    expect(dayCount('2026-12-01', '2026-12-01')).toBeNull();
    expect(dayCount('', '2026-12-04')).toBeNull();
    expect(dayCount('2026-02-30', '2026-03-04')).toBeNull();
  });

  it('gives the day after the start for the End Date minimum', () => {
    expect(nextDay('2026-12-01')).toBe('2026-12-02');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2026-03-28')).toBe('2026-03-29');
    expect(nextDay('')).toBe('');
  });
});

describe('formatting days', () => {
  it('formats days and ranges the Indian way', () => {
    expect(formatDay('2030-03-14')).toBe('14 Mar 2030');
    expect(formatDay('soon')).toBe('soon');
    expect(formatDateRange('2030-03-14', '2030-03-15')).toBe('14 Mar 2030 – 15 Mar 2030');
    expect(formatDateRange('2030-05-10', '2030-05-16')).toBe('10 May 2030 – 16 May 2030');
    expect(formatDateRange('2030-03-14', '2030-03-14')).toBe('14 Mar 2030');
    expect(formatDateRange('2030-03-14', '')).toBe('14 Mar 2030');
    expect(formatDateRange('', '2030-03-15')).toBe('15 Mar 2030');
  });

  it('joins the times given', () => {
    expect(formatTimeRange('06:00', '07:30')).toBe('06:00 – 07:30');
    expect(formatTimeRange('06:00', '')).toBe('06:00');
    expect(formatTimeRange('', '')).toBe('');
  });

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

describe('moments', () => {
  it('shows a message time as hour and minute, nothing for an unreadable one', () => {
    const local = new Date(2030, 2, 14, 9, 5);
    expect(hourMinute(local.toISOString())).toBe(local.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }));
    expect(hourMinute('later')).toBe('');
  });

  it('shows a day and time in the Indian English locale', () => {
    const local = new Date(2030, 10, 24, 17, 30);
    expect(formatDayTime(local.toISOString())).toMatch(/^24 Nov, 5:30\spm$/i);
    expect(formatDayTime('later')).toBe('');
  });
});
