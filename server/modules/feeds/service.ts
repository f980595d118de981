import { columnOf } from '../../db/codec';
import { DomainError, duplicateValue, recordNotFound } from '../../domain/errors';
import { sealFeedPassword } from '../../db/secrets';
import type { FeedInput, FeedUpdate } from '../../generated/types';
import type { Records } from '../../writes/records';
import { guardPasses } from '../auth/guard';
import type { SessionUser } from '../auth/sessionUser';
import { organisationInScope } from '../organisations/organisationScope';
import {
  feedRuleProblems,
  MAX_FEEDS_PER_ORGANISATION,
  sitcFilenameFor,
  type FeedRuleOptions,
  type FeedRuleValues,
} from '../../../shared/feeds/feedRules';
import { onPostgres } from '../../db/dialect';

const incomplete = (field: string) =>
  new DomainError('unprocessable', 'feed_delivery_incomplete', { field, detail: `${field} is needed for this delivery method` });

/**
 * The rules of 002 §5 a feed's own values must meet, before the database is asked anything: the
 * first broken one of shared/feeds/feedRules.ts, the rules the feed page shows as the user types.
 */
function checkFeedValues(feed: FeedRuleValues, options: FeedRuleOptions): void {
  const [problem] = feedRuleProblems(feed, options);
  if (!problem) return;
  if (problem.code === 'feed_delivery_incomplete') throw incomplete(problem.field);
  throw new DomainError('unprocessable', problem.code, { field: problem.field });
}

/** A password typed: left out, null, empty or only spaces is none (an update then keeps the stored one). */
const given = (value: string | null | undefined): value is string => value !== null && value !== undefined && value.trim() !== '';

/** The organisation's room for one more feed named `name` (002 §5), `except` the feed being saved. */
async function checkRoom(records: Records, organisationId: number, name: string, except?: number): Promise<void> {
  const organisationColumn = columnOf('feed', 'organisation');
  // The organisation's row is locked first (PostgreSQL): two saves side by side cannot both take the tenth place.
  if (onPostgres(records.db)) await records.db('organisations').where('id', organisationId).forUpdate().first('id');
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
  const stored = (await records
    .db('feeds')
    .where('id', id)
    .first('delivery_password', 'sitc_confirm', 'sitc_filename', columnOf('feed', 'organisation'))) as
    { delivery_password: string | null; sitc_confirm: unknown; sitc_filename: string | null; organisation_id: number } | undefined;
  if (!stored) throw recordNotFound();
  const { organisation: organisationId, delivery_password: password, sitc_confirm: confirm, sitc_filename: sitcFilename, ...values } = feed;
  const newPassword = given(password) ? password : undefined;
  const namesSitcFile = mayNameSitcFile(user);
  // Left out, the SITC filename keeps the stored one, else the organisation's (below): never blank.
  const sitcChecked = sitcFilename === undefined ? 'kept' : sitcFilename;
  checkFeedValues(
    { ...values, sitc_filename: sitcChecked },
    { password: newPassword !== undefined || stored.delivery_password !== null, namesSitcFile },
  );
  const organisation = await organisationInScope(records.db, user, organisationId);
  if (!organisation.is_linked) throw new DomainError('unprocessable', 'feed_organisation_not_linked', { field: 'organisation' });
  await checkRoom(records, organisation.id, feed.name, id);
  const wasConfirmed = stored.sitc_confirm === true || stored.sitc_confirm === 1;
  // Others' saves leave the SITC filename as stored (002 §4: their form removes it).
  let sitc: string | null = stored.sitc_filename;
  if (namesSitcFile && feed.delivery_method === 'SITC') sitc = sitcFilename ?? sitc ?? sitcFilenameFor(organisation.name);
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
 * take the tenth place. A SITC feed's filename is the organisation's name (002 §4), or a root
 * admin's own; others' is left to the organisation's name at delivery. Returns the new feed's id.
 */
export async function insertFeed(records: Records, user: SessionUser, feed: FeedInput): Promise<number> {
  const { sitc_filename: sitcFilename, ...values } = feed;
  const namesSitcFile = mayNameSitcFile(user);
  checkFeedValues(
    { ...values, sitc_filename: sitcFilename === undefined ? 'organisation' : sitcFilename },
    { password: given(feed.delivery_password), namesSitcFile },
  );
  const organisation = await organisationInScope(records.db, user, feed.organisation);
  if (!organisation.is_linked) throw new DomainError('unprocessable', 'feed_organisation_not_linked', { field: 'organisation' });
  const sitc = feed.delivery_method === 'SITC' && namesSitcFile ? (sitcFilename ?? sitcFilenameFor(organisation.name)) : null;
  await checkRoom(records, organisation.id, feed.name);
  return records.insert('feed', {
    ...values,
    sitc_filename: sitc,
    delivery_password: sealFeedPassword(given(feed.delivery_password) ? feed.delivery_password : null),
  });
}
