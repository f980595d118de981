/**
 * A feed's rules (002 §3 Feed, §4, §5, §9) as both sides run them: the server refuses a save that
 * breaks one (server/modules/feeds/service.ts), the feed page says so as the user types
 * (screens/feeds/). Pure, so the browser and the server read the same code.
 */
import { isBlank } from '../text/blank';

/** 002 §9: at most 10 feeds an organisation. */
export const MAX_FEEDS_PER_ORGANISATION = 10;

/** 002 §3, §9: time slots every 30 minutes from midnight, the last at 23:30. */
export const TIMESLOT_STEP = 30;
export const TIMESLOT_LAST = 1410;
/** Every time slot, in minutes after midnight: 0, 30, … 1410. */
export const TIMESLOTS: readonly number[] = Array.from(
  { length: TIMESLOT_LAST / TIMESLOT_STEP + 1 },
  (_unused, index) => index * TIMESLOT_STEP,
);

/** A slot the schedule knows: on the hour or half hour, 00:00 to 23:30 (null is "none chosen"). */
export function timeslotValid(timeslot: number | null | undefined): timeslot is number {
  return (
    typeof timeslot === 'number' &&
    Number.isInteger(timeslot) &&
    timeslot >= 0 &&
    timeslot <= TIMESLOT_LAST &&
    timeslot % TIMESLOT_STEP === 0
  );
}

/** A slot as a time of day, 24-hour: 1260 → "21:00". */
export function timeOfDay(timeslot: number): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(Math.floor(timeslot / 60))}:${two(timeslot % 60)}`;
}

/** 002 §5: characters a feed's file name may not hold on the receiving systems. */
export const FORBIDDEN_FILENAME_CHARACTERS = '"*/:<>?\\|';

/** 002 §5 filename rules (not applied to SITC): not starting "..", none of " * / : < > ? \ |. Empty is the default name. */
export function filenameValid(filename: string | null | undefined): boolean {
  if (filename === null || filename === undefined) return true;
  return !filename.startsWith('..') && ![...filename].some((character) => FORBIDDEN_FILENAME_CHARACTERS.includes(character));
}

export type FtpProtocol = 'FTP' | 'SFTP' | 'FTPS';

/** 002 §4, §9: each protocol's usual port (FTPS 990: implicit TLS, docs/feeds.md). */
export const DEFAULT_PORTS: Readonly<Record<FtpProtocol, number>> = { FTP: 21, SFTP: 22, FTPS: 990 };
/** 002 §5, §9: a port above 1 and at most 65535. */
export const PORT_MIN = 2;
export const PORT_MAX = 65535;

export function portValid(port: number | null | undefined): port is number {
  return typeof port === 'number' && Number.isInteger(port) && port >= PORT_MIN && port <= PORT_MAX;
}

/**
 * 002 §4 "Changing the FTP protocol sets the port": the port follows to the new protocol's own
 * unless the user typed one of their own, which is any port but the old protocol's default.
 */
export function portAfterProtocolChange(port: number | null | undefined, from: FtpProtocol, to: FtpProtocol): number {
  return port === DEFAULT_PORTS[from] || !portValid(port) ? DEFAULT_PORTS[to] : port;
}

/** 002 §4: a SITC feed's file is named after its organisation. */
export function sitcFilenameFor(organisationName: string): string {
  return `${organisationName.toLowerCase()}.csv`;
}

/** The placeholder a filename may hold, replaced by the time of the build (002 §5). */
export const TIMESTAMP_PLACEHOLDER = 'YYYYMMDDHHmmss';
/** What follows the timestamp in the name of a feed without a filename (002 §5). */
export const DEFAULT_FILENAME_SUFFIX = ' - Hub Feed.csv';

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock time at `instant` in `timezone` (an IANA name). */
export function wallTime(instant: number, timezone: string): WallTime {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)!.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** YYYYMMDDHHmmss at `instant` in `timezone` (002 §5). */
export function timestampText(instant: number, timezone: string): string {
  const wall = wallTime(instant, timezone);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${wall.year}${two(wall.month)}${two(wall.day)}${two(wall.hour)}${two(wall.minute)}${two(wall.second)}`;
}

/** A feed's file name: its method and names. */
export interface NamedFeed {
  delivery_method: string;
  filename: string | null;
  sitc_filename: string | null;
}

/**
 * The name of a feed's file (002 §5): SITC's own filename; else the feed's filename with each
 * YYYYMMDDHHmmss replaced by the time of the build in `timezone`; without one, that timestamp plus
 * " - Hub Feed.csv".
 */
export function feedFileName(feed: NamedFeed, instant: number, timezone: string): string {
  const stamp = timestampText(instant, timezone);
  if (feed.delivery_method === 'SITC' && feed.sitc_filename) return feed.sitc_filename;
  const own = feed.filename?.trim();
  if (own) return own.split(TIMESTAMP_PLACEHOLDER).join(stamp);
  return `${stamp}${DEFAULT_FILENAME_SUFFIX}`;
}

/** The values 002 §5's save rules read. */
export interface FeedRuleValues {
  timeslot?: number | null;
  delivery_method?: string;
  filename?: string | null;
  delivery_email?: string | null;
  delivery_server?: string | null;
  delivery_user?: string | null;
  sitc_filename?: string | null;
}

export interface FeedRuleOptions {
  /** A delivery password is typed now or already stored. */
  password: boolean;
  /** The SITC filename is the saver's to give (admin and root, 002 §4), so a SITC feed needs one. */
  namesSitcFile: boolean;
}

export type FeedRuleCode = 'feed_invalid_timeslot' | 'feed_invalid_filename' | 'feed_delivery_incomplete';

/** A broken rule: the field it is shown on and its problem code (a catalogue message `problem.<code>`). */
export interface FeedRuleProblem {
  field: 'timeslot' | 'filename' | 'delivery_email' | 'delivery_user' | 'delivery_server' | 'delivery_password' | 'sitc_filename';
  code: FeedRuleCode;
}

/**
 * Every 002 §5 rule a feed's own values break, in the order the server reports the first: a time
 * slot on the half hour (a new feed starts with none, 002 §4, and is saved only with one; 0 is
 * valid); a filename free of the forbidden characters (not for SITC); EMAIL needing its address,
 * FTP its user, server and password; SITC its filename for those who give it. The e-mail address's
 * shape, the port's range and the lengths are the API schema's (the form reads the same schema).
 */
export function feedRuleProblems(feed: FeedRuleValues, options: FeedRuleOptions): FeedRuleProblem[] {
  const problems: FeedRuleProblem[] = [];
  if (!timeslotValid(feed.timeslot)) problems.push({ field: 'timeslot', code: 'feed_invalid_timeslot' });
  const method = feed.delivery_method ?? 'EMAIL';
  if (method !== 'SITC' && !filenameValid(feed.filename)) problems.push({ field: 'filename', code: 'feed_invalid_filename' });
  const incomplete = (field: FeedRuleProblem['field']) => problems.push({ field, code: 'feed_delivery_incomplete' });
  if (method === 'EMAIL' && isBlank(feed.delivery_email)) incomplete('delivery_email');
  if (method === 'FTP') {
    if (isBlank(feed.delivery_user)) incomplete('delivery_user');
    if (isBlank(feed.delivery_server)) incomplete('delivery_server');
    if (!options.password) incomplete('delivery_password');
  }
  if (method === 'SITC' && options.namesSitcFile && isBlank(feed.sitc_filename)) incomplete('sitc_filename');
  return problems;
}
