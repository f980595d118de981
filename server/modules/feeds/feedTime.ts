import type { Knex } from 'knex';

/** The timezone a feed's schedule keeps when its organisation's users name none (a UK distributor's). */
export const DEFAULT_FEED_TIMEZONE = 'Europe/London';

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

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

/** The wall-clock time at `instant` in `timezone`. */
export function wallTime(instant: number, timezone: string): WallTime {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
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
  const at = (year: number, month: number, day: number) => instantOf({ year, month, day, hour: Math.floor(timeslot / 60), minute: timeslot % 60 }, timezone);
  const slot = at(today.year, today.month, today.day);
  if (slot <= now) return slot;
  const yesterday = new Date(Date.UTC(today.year, today.month - 1, today.day) - 86_400_000);
  return at(yesterday.getUTCFullYear(), yesterday.getUTCMonth() + 1, yesterday.getUTCDate());
}

/** YYYYMMDDHHmmss at `instant` in `timezone` (002 §5). */
export function timestampText(instant: number, timezone: string): string {
  const wall = wallTime(instant, timezone);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${wall.year}${two(wall.month)}${two(wall.day)}${two(wall.hour)}${two(wall.minute)}${two(wall.second)}`;
}

/** The placeholder a filename may hold, replaced by the time of the build. */
export const TIMESTAMP_PLACEHOLDER = 'YYYYMMDDHHmmss';

interface Named {
  delivery_method: string;
  filename: string | null;
  sitc_filename: string | null;
}

/**
 * The name of a feed's file (002 §5): SITC's own filename; else the feed's filename with each
 * YYYYMMDDHHmmss replaced by the time of the build in `timezone`; without one, that timestamp plus
 * " - Hub Feed.csv".
 */
export function feedFileName(feed: Named, instant: number, timezone: string): string {
  const stamp = timestampText(instant, timezone);
  if (feed.delivery_method === 'SITC' && feed.sitc_filename) return feed.sitc_filename;
  const own = feed.filename?.trim();
  if (own) return own.split(TIMESTAMP_PLACEHOLDER).join(stamp);
  return `${stamp} - Hub Feed.csv`;
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
