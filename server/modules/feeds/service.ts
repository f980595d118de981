import type { Knex } from 'knex';
import { columnOf, encodeRow } from '../../db/codec';
import { sealFeedPassword } from '../../db/secrets';
import type { FeedInput } from '../../generated/types';
import { HttpProblem } from '../../http/problem';
import { guardPasses } from '../auth/guard';
import type { SessionUser } from '../auth/sessionUser';
import { organisationInScope } from '../organisations/organisationScope';

/** 002 §9: at most 10 feeds an organisation. */
export const MAX_FEEDS_PER_ORGANISATION = 10;
/** 002 §3: time slots every 30 minutes from midnight. */
const TIMESLOT_STEP = 30;
/** 002 §5 filename rules: characters a file name may not hold on the receiving systems. */
const FORBIDDEN_FILENAME = /["*/:<>?\\|]/;

const incomplete = (field: string) => new HttpProblem(422, 'feed_delivery_incomplete', { parameter: field, detail: `${field} is needed for this delivery method` });
const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === '';

/** The rules of 002 §5 a feed's own values must meet, before the database is asked anything. */
export function checkFeedValues(feed: FeedInput): void {
  // A new feed starts with no slot chosen (002 §4), but it is saved only with one (0 is valid).
  if (feed.timeslot === null || feed.timeslot === undefined || feed.timeslot % TIMESLOT_STEP !== 0) {
    throw new HttpProblem(422, 'feed_invalid_timeslot', { parameter: 'timeslot' });
  }
  const method = feed.delivery_method ?? 'EMAIL';
  if (method !== 'SITC' && feed.filename !== null && feed.filename !== undefined) {
    if (feed.filename.startsWith('..') || FORBIDDEN_FILENAME.test(feed.filename)) throw new HttpProblem(422, 'feed_invalid_filename', { parameter: 'filename' });
  }
  if (method === 'EMAIL' && blank(feed.delivery_email)) throw incomplete('delivery_email');
  if (method === 'FTP') {
    // The port has a default (21) and the body schema holds it to 2..65535.
    const missing = (['delivery_user', 'delivery_server', 'delivery_password'] as const).find((field) => blank(feed[field]));
    if (missing) throw incomplete(missing);
  }
}

/**
 * Writes a new feed after 002 §5's rules: its values (checkFeedValues), an organisation in the
 * caller's tree with a linked account, a name free in that organisation (case-insensitively) and
 * room under the 10-feed limit. The count and name checks run in the insert's transaction; the
 * (organisation, name) unique index catches a racing twin. Returns the new feed's id.
 */
export async function insertFeed(db: Knex, user: SessionUser, feed: FeedInput): Promise<number> {
  checkFeedValues(feed);
  const organisation = await organisationInScope(db, user, feed.organisation);
  if (!organisation.is_linked) throw new HttpProblem(422, 'feed_organisation_not_linked', { parameter: 'organisation' });
  // 002 §4: SITC takes its file name from the organisation, and only root admins may keep one.
  const sitc = feed.delivery_method === 'SITC' && guardPasses(user, { root: true, admin: true }) ? { sitc_filename: `${organisation.name.toLowerCase()}.csv` } : {};
  const organisationColumn = columnOf('feed', 'organisation');
  return db.transaction(async (trx) => {
    const siblings = (await trx('feeds').where(organisationColumn, organisation.id).select('name')) as { name: string }[];
    if (siblings.some((sibling) => sibling.name.toLowerCase() === feed.name.toLowerCase())) {
      throw new HttpProblem(409, 'duplicate_value', { parameter: 'name', detail: 'name is already taken in this organisation' });
    }
    if (siblings.length >= MAX_FEEDS_PER_ORGANISATION) throw new HttpProblem(409, 'max_feeds_reached', { parameter: 'organisation' });
    try {
      const [inserted] = (await trx('feeds').insert(encodeRow('feed', { ...feed, ...sitc, delivery_password: sealFeedPassword(feed.delivery_password) })).returning('id')) as ({ id: number } | number)[];
      return Number(typeof inserted === 'object' ? inserted.id : inserted);
    } catch (error) {
      throw uniqueName(error) ?? error;
    }
  });
}

/** PostgreSQL's or SQLite's unique violation: the (organisation, name) index, the only unique one of feeds. */
function uniqueName(error: unknown): HttpProblem | undefined {
  const { code, message } = error as { code?: unknown; message?: unknown };
  const unique = code === '23505' || (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT') && String(message).includes('UNIQUE'));
  return unique ? new HttpProblem(409, 'duplicate_value', { parameter: 'name', detail: 'name is already taken in this organisation' }) : undefined;
}
