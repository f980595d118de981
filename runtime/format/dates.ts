import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(advancedFormat);
dayjs.extend(utc);
dayjs.extend(timezone);

export const DEFAULT_TIMEZONE = 'UTC';

/** A calendar date (`2026-03-05`) as `5th Mar 2026`; it has no time of day, so no time zone applies. */
export function formatDate(value: string): string {
  const date = dayjs(value.slice(0, 10));
  return date.isValid() ? date.format('Do MMM YYYY') : value;
}

/**
 * An instant (ISO timestamp) as `5th Mar 2026, 14:30` in the user's time zone. An unknown zone
 * name falls back to UTC rather than failing the whole list.
 */
export function formatDateTime(value: string, zone: string = DEFAULT_TIMEZONE): string {
  const instant = dayjs.utc(value);
  if (!instant.isValid()) return value;
  try {
    return instant.tz(zone).format('Do MMM YYYY, HH:mm');
  } catch {
    return instant.format('Do MMM YYYY, HH:mm');
  }
}
