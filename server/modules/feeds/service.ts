import { columnOf } from '../../db/codec';
import { DomainError, duplicateValue, recordNotFound } from '../../domain/errors';
import { sealFeedPassword } from '../../db/secrets';
import type { FeedInput, FeedUpdate } from '../../generated/types';
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

/** The organisation's room for one more feed named `name` (002 §5), `except` the feed being saved. */
async function checkRoom(records: Records, organisationId: number, name: string, except?: number): Promise<void> {
  const organisationColumn = columnOf('feed', 'organisation');
  // The organisation's row is locked first (PostgreSQL): two saves side by side cannot both take the tenth place.
  if (records.db.client.config.client === 'pg') await records.db('organisations').where('id', organisationId).forUpdate().first('id');
  const query = records.db('feeds').where(organisationColumn, organisationId);
  if (except !== undefined) query.whereNot('id', except);
  const siblings = (await query.select('name')) as { name: string }[];
  if (siblings.some((sibling) => sibling.name.toLowerCase() === name.trim().toLowerCase())) throw duplicateValue('name');
  if (siblings.length >= MAX_FEEDS_PER_ORGANISATION) throw new DomainError('conflict', 'max_feeds_reached', { field: 'organisation' });
}

/** 002 §4: only a user who is both admin and root keeps a SITC filename of their own. */
const mayNameSitcFile = (user: SessionUser) => guardPasses(user, { root: true, admin: true });

/**
 * Saves the whole feed (PUT /feeds/{id}, 002 §7) as getFeed answered it: id and last_upload are
 * the server's and ignored; the password is write-only (absent or null keeps the stored one, a
 * value replaces it, audited as "changed"); sitc_confirm stays true once saved true and the SITC
 * filename is the root admin's to set (002 §4); the rules of a new feed hold, the room in an
 * organisation counted without the feed itself.
 */
export async function updateFeed(records: Records, user: SessionUser, id: number, feed: FeedUpdate): Promise<void> {
  const stored = (await records.db('feeds').where('id', id).first('delivery_password', 'sitc_confirm', 'sitc_filename', columnOf('feed', 'organisation'))) as
    | { delivery_password: string | null; sitc_confirm: unknown; sitc_filename: string | null; organisation_id: number }
    | undefined;
  if (!stored) throw recordNotFound();
  const { id: _id, last_upload: _lastUpload, organisation: organisationRef, delivery_password: password, sitc_confirm: confirm, sitc_filename: sitcFilename, ...values } = feed;
  const newPassword = password === null || password === undefined || password === '' ? undefined : password;
  checkFeedValues({ ...values, organisation: organisationRef.id, delivery_password: newPassword ?? (stored.delivery_password === null ? null : 'stored') });
  const organisation = await organisationInScope(records.db, user, organisationRef.id);
  if (!organisation.is_linked) throw new DomainError('unprocessable', 'feed_organisation_not_linked', { field: 'organisation' });
  await checkRoom(records, organisation.id, feed.name, id);
  const wasConfirmed = stored.sitc_confirm === true || stored.sitc_confirm === 1;
  // Others' saves leave the SITC filename as stored (002 §4: their form removes it).
  let sitc: string | null = stored.sitc_filename;
  if (mayNameSitcFile(user) && feed.delivery_method === 'SITC') {
    if (sitcFilename !== undefined && (sitcFilename === null || sitcFilename.trim() === '')) throw incomplete('sitc_filename');
    sitc = sitcFilename ?? sitc ?? `${organisation.name.toLowerCase()}.csv`;
  }
  await records.update('feed', id, {
    ...values,
    organisation: organisation.id,
    sitc_filename: sitc,
    sitc_confirm: wasConfirmed || confirm === true,
    ...(newPassword !== undefined && { delivery_password: sealFeedPassword(newPassword) }),
  });
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
  const sitc = feed.delivery_method === 'SITC' && mayNameSitcFile(user) ? { sitc_filename: `${organisation.name.toLowerCase()}.csv` } : {};
  await checkRoom(records, organisation.id, feed.name);
  return records.insert('feed', { ...feed, ...sitc, delivery_password: sealFeedPassword(feed.delivery_password) });
}
