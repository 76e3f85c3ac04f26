export { dayCount, formatDateRange, formatDay, formatTimeRange, nextDay, parseDay, shortMonthDay, toDay, today } from './day';
export type { DayOptions } from './day';
export { formatDayTime, hourMinute, timeAgo } from './time';
