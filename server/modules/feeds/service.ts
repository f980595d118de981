import { columnOf } from '../../db/codec';
import { DomainError, duplicateValue } from '../../domain/errors';
import { sealFeedPassword } from '../../db/secrets';
import type { FeedInput } from '../../generated/types';
import type { Records } from '../../writes/records';
import { guardPasses } from '../auth/guard';
import type { SessionUser } from '../auth/sessionUser';
import { organisationInScope } from '../organisations/organisationScope';

/** 002 §9: at most 10 feeds an organisation. */
export const MAX_FEEDS_PER_ORGANISATION = 10;
/** 002 §3: time slots every 30 minutes from midnight. */
const TIMESLOT_STEP = 30;
/** 002 §5 filename rules: characters a file name may not hold on the receiving systems. */
const FORBIDDEN_FILENAME = /["*/:<>?\\|]/;

const incomplete = (field: string) => new DomainError('unprocessable', 'feed_delivery_incomplete', { field, detail: `${field} is needed for this delivery method` });
const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === '';

/** The rules of 002 §5 a feed's own values must meet, before the database is asked anything. */
export function checkFeedValues(feed: FeedInput): void {
  // A new feed starts with no slot chosen (002 §4), but it is saved only with one (0 is valid).
  if (feed.timeslot === null || feed.timeslot === undefined || feed.timeslot % TIMESLOT_STEP !== 0) {
    throw new DomainError('unprocessable', 'feed_invalid_timeslot', { field: 'timeslot' });
  }
  const method = feed.delivery_method ?? 'EMAIL';
  if (method !== 'SITC' && feed.filename !== null && feed.filename !== undefined) {
    if (feed.filename.startsWith('..') || FORBIDDEN_FILENAME.test(feed.filename)) throw new DomainError('unprocessable', 'feed_invalid_filename', { field: 'filename' });
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
 * caller's tree with a linked account, a name free in that organisation (in any case: the
 * (organisation, lower(name)) index answers a racing twin) and room under the 10-feed limit. The
 * organisation's row is locked first (PostgreSQL), so two feeds created side by side cannot both
 * take the tenth place. Returns the new feed's id.
 */
export async function insertFeed(records: Records, user: SessionUser, feed: FeedInput): Promise<number> {
  checkFeedValues(feed);
  const organisation = await organisationInScope(records.db, user, feed.organisation);
  if (!organisation.is_linked) throw new DomainError('unprocessable', 'feed_organisation_not_linked', { field: 'organisation' });
  // 002 §4: SITC takes its file name from the organisation, and only root admins may keep one.
  const sitc = feed.delivery_method === 'SITC' && guardPasses(user, { root: true, admin: true }) ? { sitc_filename: `${organisation.name.toLowerCase()}.csv` } : {};
  const organisationColumn = columnOf('feed', 'organisation');
  if (records.db.client.config.client === 'pg') await records.db('organisations').where('id', organisation.id).forUpdate().first('id');
  const siblings = (await records.db('feeds').where(organisationColumn, organisation.id).select('name')) as { name: string }[];
  if (siblings.some((sibling) => sibling.name.toLowerCase() === feed.name.trim().toLowerCase())) throw duplicateValue('name');
  if (siblings.length >= MAX_FEEDS_PER_ORGANISATION) throw new DomainError('conflict', 'max_feeds_reached', { field: 'organisation' });
  return records.insert('feed', { ...feed, ...sitc, delivery_password: sealFeedPassword(feed.delivery_password) });
}
