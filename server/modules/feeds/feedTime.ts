import type { Knex } from 'knex';
import { wallTime, type WallTime } from '../../../shared/feeds/feedRules';

// The file's name and its timestamp are the feed page's too (002 §5): shared with the browser.
export { feedFileName, timestampText, TIMESTAMP_PLACEHOLDER, wallTime } from '../../../shared/feeds/feedRules';

/** The timezone a feed's schedule keeps when its organisation's users name none (a UK distributor's). */
export const DEFAULT_FEED_TIMEZONE = 'Europe/London';

/** A valid IANA name, else the default (a user's timezone is free text in the database). */
export function knownTimezone(timezone: string | null | undefined): string {
  if (!timezone) return DEFAULT_FEED_TIMEZONE;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: timezone });
    return timezone;
  } catch {
    return DEFAULT_FEED_TIMEZONE;
  }
}

/** The instant a wall-clock time in `timezone` names (the later reading when a clock change repeats it). */
export function instantOf(wall: Omit<WallTime, 'second'>, timezone: string): number {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const offsetAt = (instant: number) => {
    const seen = wallTime(instant, timezone);
    return Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second) - instant;
  };
  const first = asUtc - offsetAt(asUtc);
  return asUtc - offsetAt(first);
}

/**
 * The latest time the feed's slot (minutes after midnight) came round at or before `now`, in
 * `timezone`: today's slot once it has passed, yesterday's before. A scheduler that wakes after
 * any downtime sees only this one slot, so it catches up once, never once per missed day.
 */
export function latestSlot(now: number, timeslot: number, timezone: string): number {
  const today = wallTime(now, timezone);
  const at = (year: number, month: number, day: number) =>
    instantOf({ year, month, day, hour: Math.floor(timeslot / 60), minute: timeslot % 60 }, timezone);
  const slot = at(today.year, today.month, today.day);
  if (slot <= now) return slot;
  const yesterday = new Date(Date.UTC(today.year, today.month - 1, today.day) - 86_400_000);
  return at(yesterday.getUTCFullYear(), yesterday.getUTCMonth() + 1, yesterday.getUTCDate());
}

/**
 * An organisation's timezone: organisations carry none, so the one most of its active users keep
 * (ties to the earliest user), else Europe/London (docs/feeds.md).
 */
export async function organisationTimezone(db: Knex, organisationId: number): Promise<string> {
  const rows = (await db('users')
    .where({ organisation_id: organisationId, disabled: false })
    .groupBy('timezone')
    .select('timezone')
    .count({ n: '*' })
    .min({ first: 'id' })) as { timezone: string; n: number | string; first: number | string }[];
  rows.sort((a, b) => Number(b.n) - Number(a.n) || Number(a.first) - Number(b.first));
  return knownTimezone(rows[0]?.timezone);
}
